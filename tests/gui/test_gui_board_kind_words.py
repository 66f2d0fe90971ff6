"""Headless: T's button, the status line and the board's how-to, and the keys page (?) name the same board, the
one the game's rules have. Played under Xvfb (standard Rommé, three seats, game no. 651846): the button read
'Rearrange table (T)' / 'Tisch umlegen (T)' while the keys page gave T to Räuber-Rommé, Rummy and 1x1-Rommé only;
without Räuber the board lays the hand's cards (new melds, lay-offs, joker swaps) and the table's cards stay.
"""

from __future__ import annotations

import pygame
import pytest
from gui_driver import key, open_table, play_until, send

from romme_table.controller import Controller, Seat
from romme_table.key_help import KeysScene

#: the board each game's rules give (RULES.md: only Räuber, Rummy and 1x1-Rommé move the table's cards), and its
#: words: the button, the status line's choice while the board is open, the how-to's opening
REBUILD = {
    "en": ("Rearrange table (T)", "rebuild the table", "Rebuilding the table:"),
    "de": ("Tisch umlegen (T)", "den Tisch umlegen", "Tisch umlegen:"),
}
LAY = {
    "en": ("Lay on the table (T)", "lay on the table", "Laying on the table:"),
    "de": ("Auf den Tisch legen (T)", "auf den Tisch legen", "Auf den Tisch legen:"),
}
GAMES = [("romme", None, LAY), ("romme", "rauber", REBUILD), ("rummy", None, REBUILD), ("einmaleins", None, REBUILD)]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(("game", "rules", "words"), GAMES)
def test_the_board_is_named_alike_everywhere(game, rules, words, lang, surface) -> None:
    button, turn, how_to = words[lang]
    other = (REBUILD if words is LAY else LAY)[lang][0]
    c = Controller(game, [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=5, rules=rules, bot_delay=0.0,
                   lang=lang)
    app, scene = open_table(c, surface, (1280, 800))
    assert play_until(c, lambda c: c.can_rearrange())
    labels = [label for label, _ in scene._buttons()]
    assert button in labels and other not in labels, labels

    send(app, pygame.event.Event(pygame.TEXTINPUT, text="?"), surface)
    assert isinstance(app.top, KeysScene)
    page = app.top.page_text()
    t_line = next(line for line in page.splitlines() if line.startswith("- T: "))
    heading = page.splitlines()[page.splitlines().index(t_line) - 1]
    assert heading.startswith(f"## {button}: ") and other not in page, (heading, page)
    if words is LAY:  # what the board there cannot do is not offered
        assert "Räuber" in heading and ("stay" in t_line or "bleiben" in t_line), t_line
    key(app, pygame.K_ESCAPE, surface)

    key(app, pygame.K_t, surface)
    assert c.editor is not None and c.message.startswith(how_to), c.message
    assert turn in c.status(), c.status()


#: T's refusal before the draw, by the board: standard Rommé's lays the hand's cards, so 'the table cannot be
#: rearranged' named a move that game never has (played under Xvfb, session 61)
REFUSED = {
    ("romme", None, "en"): "nothing can be laid on the table now: draw a card first",
    ("romme", None, "de"): "jetzt kann nichts auf den Tisch gelegt werden: erst eine Karte ziehen",
    ("romme", "rauber", "en"): "the table cannot be rearranged now: draw a card first",
    ("romme", "rauber", "de"): "der Tisch kann jetzt nicht umgelegt werden: erst eine Karte ziehen",
}


@pytest.mark.parametrize(("game", "rules", "lang"), list(REFUSED))
def test_t_before_the_draw_is_refused_in_the_words_of_the_board(game, rules, lang, surface) -> None:
    c = Controller(game, [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=5, rules=rules, bot_delay=0.0,
                   lang=lang)
    app, _ = open_table(c, surface, (1280, 800))
    assert play_until(c, lambda c: c.is_human_turn() and c.state.phase == "draw")
    key(app, pygame.K_t, surface)
    assert c.editor is None and c.message == REFUSED[(game, rules, lang)], c.message
