"""What is wrong with a meld of the table being rebuilt (T), named on the meld itself and in the message line.

Played under Xvfb (H6 Q3, Räuber-Rommé, 1024x600, German): two broken melds were outlined red with nothing written
on them, E named only the first ('Figur Dc Ac: eine Reihe braucht mindestens 3 Karten, hier 2'), and once the cards
were dragged back and the table was whole again the refusal stayed in the message line until the turn ended. The
kind of fault is the core's (``romme.table.meld_refusal``: the meld check decides it); here it is only put in a few
words that fit over a meld.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from romme.errors import RommeError
from romme.table import MeldRefusal

from .board_kind import HOW_TO
from .cards_draw import font
from .engine_words import engine_reason
from .i18n import cards_named, t
from .scenes import BAD, fitted, fitted_rows

if TYPE_CHECKING:
    from .controller import Controller
    from .editor import TableEditor

#: the tag's largest print (the 'new' tag over a meld prints at 16), its least in one row above the meld, its least
TAG_FONT, TAG_ONE_ROW, TAG_LEAST = 16, 14, 12


def fault_words(refusal: MeldRefusal, lang: str) -> str:
    """What is wrong with a meld in a few words of the table's language, chosen by the kind of fault the core's
    meld check decided (its reason's words are the core's English); a refusal of no kind reads 'not a meld'."""
    if refusal.kind is None:
        return t("no_meld", lang)
    return t(f"fault_{refusal.kind}", lang, card=refusal.card or "")


def meld_faults(editor: TableEditor, lang: str) -> dict[int, str]:
    """Each broken meld of the board with what is wrong in a few words, its cards named as their faces read."""
    return {k: cards_named(fault_words(why, lang), editor.game, lang) for k, why in editor.faults().items()}


def board_note(c: Controller, meld: int | None = None) -> str:
    """The message line after a card was moved on the board: the broken meld ``meld`` (else the first) named by
    its cards with what is wrong; every meld whole: that End turn plays the table, or, where the turn's rules
    refuse it, why (H6 Q14, Räuber-Rommé not yet opened: 'every meld whole: End turn (E) plays the table' over
    2s 3s 4s, and E refused 'opening needs 31 points from new melds, these make 9'); the board as it was opened:
    its how-to again (a refusal seen before goes)."""
    editor, lang = c.editor, c.lang
    if editor is None:
        return ""
    faults = meld_faults(editor, lang)
    if faults:
        k = meld if meld in faults else min(faults)
        cards = cards_named(" ".join(editor.melds[k]), editor.game, lang)
        return t("board_fault", lang, cards=cards, why=faults[k])
    if not editor.placed and not editor.new_melds() and len(editor.melds) == len(editor.table):  # (in any order)
        return t(HOW_TO[c.board()], lang)
    try:  # the judge of the turn on a copy: the move the End turn button would play
        c.state.clone().apply(c.state.parse_move(editor.move_text()))
    except RommeError as exc:
        return t("board_whole_but", lang, why=cards_named(engine_reason(str(exc), lang), editor.game, lang))
    return t("board_whole", lang)


def draw_fault_tag(surface: pygame.Surface, box: pygame.Rect, words: str) -> pygame.Rect:
    """``words`` in light print on red over a broken meld's outline ``box``: above it in one row where they fit
    the meld's width at :data:`TAG_ONE_ROW` or more (where 'new' stands over a new meld: the layout leaves that row
    over a table being rebuilt), else in up to three rows over the lower part of its cards (a one-card meld at
    1366x768 printed 'weder Satz noch Reihe' at 11, 7-px letters). Where the tag went is returned."""
    width = max(box.w - 8, 20)
    shown, size = fitted(words, width, TAG_FONT, TAG_ONE_ROW)
    if shown == words:
        img = font(size).render(shown, True, (255, 255, 255), BAD)
        margin = max(2, img.get_height() // 6)
        tag = pygame.Rect(box.x + 4, box.y - img.get_height() + 2, img.get_width() + 2 * margin, img.get_height())
        pygame.draw.rect(surface, BAD, tag)
        surface.blit(img, (tag.x + margin, tag.y))
        return tag
    rows, size = fitted_rows(words, width, 3, TAG_FONT, TAG_LEAST)
    step = font(size).get_linesize()
    tag = pygame.Rect(box.x + 4, box.bottom - 6 - len(rows) * step, width, len(rows) * step)
    pygame.draw.rect(surface, BAD, tag, border_radius=4)
    for k, row in enumerate(rows):
        img = font(size).render(row, True, (255, 255, 255), BAD)
        surface.blit(img, img.get_rect(midtop=(tag.centerx, tag.y + k * step)))
    return tag
