"""Drawing the table scene: piles, opponents, melds, the draft, the hand, dragged cards, the move log.

Reads the scene and its controller and never changes the game (the scene's state, its intents and
its buttons are in :mod:`.table_scene`).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import pygame

from romme.table import TABLE_GAMES

from . import board_keys, cards_draw, solo_keys, table_pointer
from .action_hover import pointed_hand_cards, pointed_meld, pointed_table_card
from .board_faults import draw_fault_tag, meld_faults
from .cards_draw import draw_card, font, stands_for_over
from .hint_board import HEAD as HINT_HEAD
from .i18n import STRINGS, cards_named, face_rank, level_name, t
from .layout import HOWTO_ROW, MESSAGE_ROW, RESERVE_ROW, TableLayout, drop_meld, info_font, label_width
from .meld_draft import DRAFT_GAMES, meld_points, wild_readings
from .move_log import LOG_LEAST, draw_move_log, log_room
from .rounds import RoundUnit
from .scenes import (
    BAD,
    DARK,
    FELT,
    FRESH,
    GOOD,
    LABEL_FONT,
    TEXT_CACHES,
    button,
    button_rows,
    fit_text,
    fitted,
    fitted_rows,
    px,
    text,
    text_image,
    unpx,
)
from .seat_moves import fitted_tail, last_turn_words
from .times_rows import hovered_card_rows

if TYPE_CHECKING:
    from .controller import Controller
    from .table_scene import TableScene

DID = (200, 225, 205)  # a seat box's last turn, quieter than its name
HINTED = (255, 220, 0)  # the frame around the solitaire's hinted card, drawn over its neighbours
#: the nominal size of the 'new' tag over a newly drawn hand card: at 16 its letters were 9 px high at 1920x1080 on a
#: card of 184; at 20 it still fits the room the layout leaves between the melds and the hand
NEW_TAG_FONT = 20


def scores_rows(lang: str, names: list[str], scores: list[Any], width: int, size: int = 18) -> list[str]:
    """Each seat's score by its name ('Scores: You 16 · Bea 0'; 'Scores: 16 0' left the hot seat guessing
    whose was whose). The word 'Scores' goes when the names need its room, and more seats take two rows, then
    three or four (six or seven seats at 1024x600 or 640x420), before the font shrinks."""
    entries = [f"{name} {score}" for name, score in zip(names, scores)]
    labelled = f"{t('scores', lang)}: " + " · ".join(entries)
    if font(size).size(labelled)[0] <= width:
        return [labelled]
    if len(entries) < 2 or font(size - 2).size(" · ".join(entries))[0] <= width:
        return [" · ".join(entries)]
    rows: list[str] = []
    for count in (2, 3, 4):
        per = -(-len(entries) // count)
        rows = [" · ".join(entries[k : k + per]) for k in range(0, len(entries), per)]
        if all(font(size).size(row)[0] <= width for row in rows):
            break
    return rows


#: the info column's lines share a print down to this much under its size; a line longer still (a very long
#: name) shrinks alone rather than take every line down with it
INFO_GIVE = 4


def info_print(lines: list[str], width: int, size: int) -> int:
    """The one print of the info column's lines (the game's progress, the scores): the largest up to ``size`` at
    which every line fits ``width`` (:data:`INFO_GIVE` under it at the least): at 1024x600 with six seats 'Runde 5
    — Ziel 500' stood at 18 pt over score rows shrunk each to its own size, 15 and 12 (F17)."""
    return max(size - INFO_GIVE, min((fitted(line, width, size)[1] for line in lines), default=size))


def progress_line(scene: TableScene, obs: dict[str, Any]) -> str:
    """Which part of the game is played: Königs-Rommé's round and wild rank, Rommé's deal and target, Krass
    Kariert's deal, 1x1-Rommé's game towards its target ('' for a game of one deal). Rommé's table named no
    deal nor target: a player could not tell how far the match had come."""
    c = scene.c
    if "round" in obs:
        # the wild rank as the faces show it: 'Runde 10 — Joker Q' over cards reading B and D (H6's P16)
        return t("round", c.lang, r=obs["round"], w=face_rank(str(obs.get("wild_rank", "")), c.game_id, c.lang))
    if isinstance(obs.get("deal"), int) and isinstance(obs.get("target"), int):
        return t("deal_target", c.lang, n=obs["deal"], target=obs["target"])
    if isinstance(obs.get("deal"), int):
        return t("deal_no", c.lang, n=obs["deal"])
    played = obs.get("games_played")
    if c.unit is RoundUnit.GAME and isinstance(played, list):
        n = len(played) if c.state.is_over else len(played) + 1  # a finished series: its last game (not one more)
        return t("game_target", c.lang, n=n, target=c.state.rules.options.get("target"))
    return ""


def draw_table(scene: TableScene, surface: pygame.Surface) -> None:
    lay = scene.compute_layout()
    c, g = scene.c, scene.c.game_id
    surface.fill(FELT)
    obs = c.observation()
    draw_opponents(scene, surface, lay)
    size = info_font(lay.card[1])  # the piles' labels and the info column: larger beside larger cards
    own = c.seat_notes()[c.viewer] if c.viewer < len(c.seats) else ""
    if own:  # within the info column: the chips and the reserve in a row each where one does not hold both (at
        # 640x420 'Chips 3  keine Reserve' ran on over the label of the last trick, 'Bot 1', at the meld area's edge)
        whole = fitted(own, lay.info.w, size, max(10, size - 2))[0] == own
        parts = [own] if whole else own.split("  ")
        own_size = min(fitted(part, lay.info.w, size, 10)[1] for part in parts)
        for k, part in enumerate(parts):
            at = (lay.info.x, lay.info.y + px(2 * size + 4) + k * font(own_size).get_linesize())
            text(surface, fitted(part, lay.info.w, own_size, own_size)[0], at, own_size, (255, 255, 200))
    stock_n = next((obs[k] for k in ("stock_count", "stock_size", "stock") if k in obs), 0)
    if isinstance(stock_n, int) and stock_n > 0:
        draw_card(surface, lay.stock, g, None, selected=c.hinted_pile() == "stock")
    # each pile's label within its column (at 640x420 'Stapel 85' ran into 'Ablage')
    stock_label = f"{t('stock', c.lang)} {stock_n}"
    fit_text(surface, stock_label, (lay.stock.x, lay.stock.bottom + 2), pile_room(lay, lay.stock), size)
    if scene.has_discard_pile():
        draw_discard(scene, surface, lay, obs)
    draw_krass_drawn(scene, surface, lay, obs)
    y = lay.info.y + px(size)
    progress = progress_line(scene, obs)
    scores = obs.get("scores")
    lines = [progress] if progress else []
    if c.game_id == "koenigs-solo":  # its score is the hands finished ('Punkte: Du 3' read as points, H6 Q11)
        lines.append(t("solo_done", c.lang, n=len(obs["finished"]), of=len(obs["hands"])))
    elif scores and c.game_id != "krass":  # Krass Kariert's scores are the chips each seat's box and note show
        lines += scores_rows(c.lang, [s.name for s in c.seats], scores, lay.info.w, size)
    even = info_print(lines, lay.info.w, size)
    for k, line in enumerate(lines):  # one print, rows a line of the column's print apart
        fit_text(surface, line, (lay.info.x, y + px(size) * k), lay.info.w, even)
    draw_melds(scene, surface, lay)
    draw_hand(scene, surface, lay)
    if c.game_id == "krass":
        draw_positions(scene, surface, lay)
    target = drop_target(scene, lay)
    if target is not None:  # where the dragged card lands if let go now
        pygame.draw.rect(surface, HINTED, target, 4, border_radius=8)
    draw_dragged(scene, surface, lay)
    board_keys.draw(scene, surface, lay)  # the board's cursor, and a card lifted by keys
    solo_keys.draw(scene, surface, lay)  # the solitaire's cursor over its hands
    idle = {t("undo", c.lang): not c.can_undo(), t("hint", c.lang): not c.is_human_turn()}  # greyed: nothing now
    buttons = scene._buttons()
    moves = move_buttons(scene)
    listed = zip(lay.buttons[moves.start : moves.stop], buttons[moves.start : moves.stop])
    # the listed moves in one print: 'Hand 6: * abwerfen' stood out at 19 of 17, and a move in two rows (at 17 or
    # less) under one-row neighbours at 20 (H6 P14: Rummy's '2. lay out: B9 B10 Jo | G3 G4 G5 G6' at 800x600)
    common = min((button_rows(label, r)[1] for r, (label, _) in listed), default=None)
    for k, (r, (label, _)) in enumerate(zip(lay.buttons, buttons)):
        button(surface, r, label, active=not idle.get(label, False), largest=common if k in moves else None)
        if scene.chosen is not None and k == scene._action_offset + scene.chosen:
            pygame.draw.rect(surface, (255, 220, 0), r.inflate(4, 4), 3, border_radius=7)
    banner = c.last_turn_banner()
    if banner:
        draw_banner(surface, banner_box(lay), banner)
    draw_log(scene, surface, lay)
    if g == "koenigs-solo" and not c.state.is_over:  # the solitaire has no hand row: its place explains a step
        fit_text(surface, t("solo_howto", c.lang), (lay.message.x, lay.message.y - px(HOWTO_ROW)), lay.message.w, 20)
    scene.anim.draw(surface, g, time.monotonic())
    message = scene.tooltip or c.message
    card_rows = "" if scene.tooltip else hovered_card_rows(scene, lay)  # 1x1-Rommé: the card pointed at's rows
    advice = "" if scene.tooltip or card_rows else c.turn_advice()  # what to do when no button offers it
    if advice and advice not in message:
        message = advice_beside(message, advice, g, c.lang, lay.message.w)
    if card_rows and message and scene.news_since_hover():  # the news first, the resting mouse's card after it
        message = f"{message} — {card_rows}"  # ('H60: in der 2er-, … 60er-Reihe — geladen: …' hid the news: S3)
    elif card_rows:  # before a message that was there when the mouse came to the card, which stays
        message = f"{card_rows} — {message}" if message else card_rows
    rows, size = fitted_rows(cards_named(message, g, c.lang), lay.message.w)  # (every message: a German Dame, 'Dh')
    for k, row in enumerate(rows):  # one row sits on the lower line, by the status line
        y = lay.message.bottom - (len(rows) - k) * px(MESSAGE_ROW)
        text(surface, row, (lay.message.x, y), size, (255, 255, 200))
    status = cards_named(c.status(sheet_open=scene.sheet_over_table()), g, c.lang)
    shown, size = status_text(status, c.about(), c.lang, lay.status.w)
    fit_text(surface, shown, lay.status.topleft, lay.status.w, size)  # it fits at that size


def advice_beside(message: str, advice: str, game_id: str, lang: str, width: int) -> str:
    """The message line with the turn's ``advice`` after ``message``, where both fit its two rows; else the one that
    matters: a hint the player asked for (it names the move to play), or else the advice, before news of the last
    move, which the seat's box and the log also tell."""
    if not message:
        return advice
    joined = f"{message} — {advice}"
    rows, _ = fitted_rows(cards_named(joined, game_id, lang), width)
    if not rows[-1].endswith("…"):
        return joined
    return message if message.startswith(HINT_HEAD.get(lang, HINT_HEAD["en"])) else advice


#: the least height of the felt between the lowest melds and the hand that takes the last-turn banner (its print
#: 15 px): four rows of melds fill the meld area at 1024x600 and leave 20 px there
BANNER_LEAST = 18


def banner_box(lay: TableLayout) -> pygame.Rect:
    """Where Königs-Rommé's last-turn banner goes: the lowest band of the meld area that covers no card (under the
    melds, above the hand: not over the cards of the seat that went out); where the cards fill every band, the felt
    between the lowest cards and the hand, else right of the lowest row of cards down to the area's foot, if a
    quarter of the width is left there; else the bottom band. At the bottom of the meld area it lay over a third
    row of melds and hid the wild mark of 'Dd Ds Kt' (play-test S5)."""
    area, high = lay.meld_area, px(30)
    cards = [r for meld in lay.melds for r in meld]
    for y in range(area.bottom - high, area.y - 1, -2):  # the lowest free band first
        band = pygame.Rect(area.x, y, area.w, high)
        if band.collidelist(cards) == -1:
            return band
    lowest = max((r.bottom for r in cards), default=area.y)
    gap = (lay.hand[0].y if lay.hand else area.bottom) - lowest - 4  # the felt between the melds and the hand
    if gap >= px(BANNER_LEAST):
        return pygame.Rect(area.x, lowest + 2, area.w, min(high, gap))
    band = pygame.Rect(area.x, area.bottom - high, area.w, high)
    low = [r for r in cards if r.colliderect(band)]
    right = max((r.right for r in low), default=area.x) + 8
    if area.right - right >= area.w // 4:
        top = min(r.y for r in low)
        beside = pygame.Rect(right, top, area.right - right, area.bottom - top)
        if beside.collidelist(cards) == -1:
            return beside
    return band


def draw_banner(surface: pygame.Surface, box: pygame.Rect, words: str) -> None:
    """The last-turn banner in ``box``: one row where it fits, else up to three (beside a row of melds)."""
    pygame.draw.rect(surface, (150, 30, 30), box, border_radius=6)
    largest = 22
    while largest > 12 and font(largest).get_linesize() > box.h:  # one row's print no higher than the box
        largest -= 1
    rows, size = fitted_rows(words, box.w - 16, max(1, min(3, box.h // px(20))), largest, min(14, largest))
    step = font(size).get_linesize()
    y = box.centery - len(rows) * step // 2
    for k, row in enumerate(rows):
        text(surface, row, (box.x + 8, y + k * step), size)


def status_line(status: str, about: str) -> str:
    """The bottom line: what is going on, then the game, its rules and deal number."""
    return f"{status}  —  {about}"


#: the status line's print: 22 pt, shrinking to 19 before its 'about' part is shortened
STATUS_FONT, STATUS_LEAST = 22, 19


def about_shortened(about: str, lang: str) -> list[str]:
    """``about`` ('Rommé · rules: Räuber + 2 house rules · game no. 3') and shorter forms of it that keep the game
    number, longest first: without the 'rules:' label, then the game number alone, then nothing. Between the last
    two :func:`status_text` cuts the rules' name with an ellipsis (the number replays the game: it goes last)."""
    parts = about.split(" · ")
    if len(parts) < 3:
        return [about, ""]
    game, rules, number = parts[0], " · ".join(parts[1:-1]), parts[-1]
    label = STRINGS["about"].get(lang, STRINGS["about"]["en"]).split("{rules}")[0].split(" · ")[-1]  # 'rules: '
    bare = rules[len(label) :] if label and rules.startswith(label) else rules
    return [about, f"{game} · {bare} · {number}", number, ""]


#: the fewest letters of the rules' name kept before its ellipsis ('Räub…'); fewer read as nothing
RULES_CUT_LEAST = 4


def rules_cut(status: str, about: str, lang: str, width: int) -> str | None:
    """The about with the rules' name cut with an ellipsis so that the status line fits ``width`` at
    :data:`STATUS_LEAST`, the game's name and number kept (else without the game's name); None where even
    :data:`RULES_CUT_LEAST` letters of it do not fit beside the number."""
    forms = about_shortened(about, lang)
    if len(forms) < 3:  # no rules part between the game and its number ('Krass Kariert · game no. 3')
        return None
    game, *rest = forms[1].split(" · ")  # the about without the 'rules:' label
    bare, number = " · ".join(rest[:-1]), rest[-1]
    for head in (f"{game} · ", ""):
        cut = bare
        while len(cut) >= RULES_CUT_LEAST:
            shown = f"{head}{cut.rstrip(' :+·')}… · {number}"  # ('Räuber:…' would read as a label)
            if font(STATUS_LEAST).size(status_line(status, shown))[0] <= width:
                return shown
            cut = cut[:-1]
    return None


@lru_cache(maxsize=32)
def status_text(status: str, about: str, lang: str, width: int) -> tuple[str, int]:
    """The status line as it fits ``width`` and its print: the turn's words whole and the game's about in 19 pt or
    more, the about shortened as far as needed (:func:`about_shortened`, :func:`rules_cut`: at 640x420
    Räuber-Rommé's 'Rommé · Regeln: Räuber: Tischkarten auf die Hand · Spiel Nr. 512603' lost its number and kept
    the rules whole; it reads 'Rommé · Räuber: Tisch… · Spiel Nr. 512603'); the turn's words alone shrink."""
    forms = about_shortened(about, lang)
    cut = rules_cut(status, about, lang, width)
    if cut is not None:
        forms.insert(2, cut)
    for shown in forms:
        line = status_line(status, shown) if shown else status
        fitted_line, size = fitted(line, width, STATUS_FONT, STATUS_LEAST)
        if fitted_line == line:
            return line, size
    return fitted(status, width, STATUS_FONT)


TEXT_CACHES.append(status_text.cache_clear)


def log_rect(scene: TableScene, lay: TableLayout) -> pygame.Rect | None:
    """Where the move log goes: under the buttons of the right column (None: no room for its title and a row)."""
    if not lay.buttons:
        return None
    top = lay.buttons[-1].bottom + 8
    rect = pygame.Rect(lay.buttons[0].x, top, lay.buttons[0].w, lay.message.y - 4 - top)
    fits = rect.w >= LOG_LEAST[0] and rect.h >= LOG_LEAST[1] and log_room(rect, scene.c.lang)[1] >= 1
    return rect if fits else None


def draw_log(scene: TableScene, surface: pygame.Surface, lay: TableLayout) -> None:
    """The move log, at the rows the player scrolled to (the newest unless scrolled back)."""
    rect = log_rect(scene, lay)
    if rect is not None:
        draw_move_log(surface, rect, scene.log_rows(rect.w - 12), scene.c.lang, scene.log_first)


def draw_opponents(scene: TableScene, surface: pygame.Surface, lay: TableLayout) -> None:
    """Each opponent: a card back with the card count on it, the name fitted to the box."""
    c = scene.c
    cur = c.state.current_player
    others = [i for i in range(len(c.seats)) if i != c.viewer]
    for rect, seat, (name, count, note) in zip(lay.opponents, others, scene.opponents()):
        name, note = seat_words(scene, seat, name, note)
        pygame.draw.rect(surface, (70, 110, 40) if seat == cur else (20, 70, 40), rect, border_radius=6)
        back = pygame.Rect(rect.x + 4, rect.y + 4, int((rect.h - 8) * 0.7), rect.h - 8)
        cards_draw.draw_card(surface, back, c.game_id, None)
        size = max(14, min(26, unpx(back.h) // 2))
        w, h = font(size).size(str(count))
        text(surface, str(count), (back.centerx - w // 2, back.centery - h // 2), size)
        room = rect.right - back.right - 8
        base_h = unpx(rect.h)  # the box's height in the base window: larger print beside larger cards
        # the notes (Krass Kariert's chips and reserve) no smaller than a label: 16 pt read as specks at 1280x800
        big, small = max(20, min(26, base_h // 3)), max(LABEL_FONT, min(20, base_h // 4))
        fit_text(surface, name, (back.right + 6, rect.y + 4), room, big)
        notes = note.split("  ")[:2] if note else []
        if len(notes) == 2 and font(small).size(" · ".join(notes))[0] <= room:  # one row, for the last turn's
            notes = [" · ".join(notes)]
        for k, part in enumerate(notes):
            fit_text(surface, part, (back.right + 6, rect.y + px(big + 2 + small * k)), room, small)
        did = last_turn_words(scene, seat) if len(notes) < 2 else ""  # Krass Kariert's box full with its notes
        if did:  # what this seat just did: the log has two rows at the smallest windows
            pos = (back.right + 6, rect.y + px(big + 2 + small * len(notes)))
            text(surface, fitted_tail(did, room, small), pos, small, DID)


def seat_words(scene: TableScene, seat: int, name: str, note: str) -> tuple[str, str]:
    """A seat box's name and note with a bot's level: the panel said 'Bot 1' whether it played Easy or Master.
    Under the name where the box has no note ('Medium'), else beside it (Krass Kariert's two notes)."""
    s = scene.c.seats[seat]
    if not s.is_bot:
        return name, note
    level = level_name(s.level, scene.c.lang)
    if note:  # beside the name the level's word only: 'Meister (langsam)' there shrank the name to specks
        return f"{name} · {level.split(' (')[0]}", note
    return name, level


def draw_discard(scene: TableScene, surface: pygame.Surface, lay: TableLayout, obs: dict[str, Any]) -> None:
    c = scene.c
    drawing = obs.get("drawing")
    top = obs.get("discard_top") or obs.get("turned") or (drawing.get("card") if isinstance(drawing, dict) else None)
    if scene.pile_drag and scene.drag_pos and obs.get("discard_top"):
        # the top card follows the mouse (draw_dragged): the pile shown under it read as a second copy. The
        # observation holds only the top card, so the pile stands empty until the card is let go
        top = None
    if top:
        token = top if isinstance(top, str) else c.deck.token(top)
        hinted = c.hint_drops_turned(token) or c.hinted_pile() == "discard"
        wild = t("wild_tag", c.lang) if c.is_wild(token) else ""  # as in the hand: the open wild is worth taking
        draw_card(surface, lay.discard, c.game_id, token, selected=hinted, tag=wild)
    else:
        pygame.draw.rect(surface, (20, 70, 40), lay.discard, 2, border_radius=6)
    label = "turned" if "turned" in obs else "discard"  # the solitaire's pile is the turned card
    room = pile_room(lay, lay.discard)
    fit_text(surface, t(label, c.lang), (lay.discard.x, lay.discard.bottom + 2), room, info_font(lay.card[1]))


def pile_room(lay: TableLayout, pile: pygame.Rect) -> int:
    """The width a pile's label may take: up to the next pile, or to the table's melds and their labels."""
    right = lay.discard.x if pile.x < lay.discard.x else lay.meld_area.x
    return max(20, right - pile.x - 6)


def draw_krass_drawn(scene: TableScene, surface: pygame.Surface, lay: TableLayout, obs: dict[str, Any]) -> None:
    """Krass Kariert: the card the viewer drew and must put into the hand, beside the stock (only the drawing
    seat's observation holds it; the table showed it nowhere, so it was inserted unseen)."""
    drawing = obs.get("drawing")
    if scene.c.game_id != "krass" or not isinstance(drawing, dict) or not isinstance(drawing.get("card"), str):
        return
    draw_card(surface, lay.discard, "krass", drawing["card"], selected=True)
    words = t("krass_drawn", scene.c.lang, n=drawing.get("left", 1))
    rows, size = fitted_rows(words, lay.meld_area.x - lay.discard.x - 4, 2, 18, 14)
    for k, row in enumerate(rows):
        text(surface, row, (lay.discard.x, lay.discard.bottom + 2 + k * px(size)), size)


def draw_melds(scene: TableScene, surface: pygame.Surface, lay: TableLayout) -> None:
    c = scene.c
    labels = c.meld_labels()
    faults = meld_faults(c.editor, c.lang) if c.editor else {}  # a broken meld being built: what is wrong, on it
    bad = set(faults)
    stands = c.editor.stands_for() if c.editor else c.jokers_stand_for()  # the table's melds come first
    if c.game_id in TABLE_GAMES:  # a joker in a meld being built: what the engine reads it as
        stands = built_readings(scene, stands)
    hinted = c.hinted_table_card() or pointed_table_card(scene)  # the solitaire's hinted or pointed card, outlined
    # the table being rebuilt (a hint laid out on the board): its new or changed melds, and the hand cards in them
    changed = set(c.editor.new_melds()) if c.editor else set()
    placed = Counter(c.editor.placed) if c.editor else Counter()
    news = scene.news_marks()  # the cards the other seats laid since the viewer's last turn, outlined as 'new'
    target = pointed_meld(scene)  # the meld a pointed lay-off or joker swap goes to
    melds = scene.melds()
    done = solo_done_rows(c)
    for k, (rects, meld) in enumerate(zip(gliding(scene, lay, melds), melds)):
        if k in done:  # a finished hand lies turned over (RULES.md §1a), its label saying so
            for r in rects:
                draw_card(surface, r, c.game_id, None)
            if k < len(labels) and rects:
                draw_meld_label(surface, labels[k], rects[0])
            continue
        hinted_rect, squeezed = None, []
        for i, (r, tok) in enumerate(zip(rects, meld)):
            joker = stands[k][i] if k < len(stands) and i < len(stands[k]) else None
            tag = f"={joker}" if joker else t("wild_tag", c.lang) if c.is_wild(tok, k if labels else None) else ""
            mark, hinted = hinted == (k, tok), None if hinted == (k, tok) else hinted
            hinted_rect = board_keys.in_sight(rects, i) if mark else hinted_rect
            if k in changed and placed[tok] > 0:
                placed[tok] -= 1
                mark = True
            in_sight = rects[i + 1].x - r.x if i + 1 < len(rects) and rects[i + 1].y == r.y else 0
            draw_card(surface, r, c.game_id, tok, selected=mark, tag=tag, invalid=k in bad, shown=in_sight)
            if tag.startswith("="):
                squeezed.append((r, tag, in_sight))
        for i in sorted(news[k]) if k < len(news) else []:  # around the part of the card the next one leaves in sight
            r, after = rects[i], rects[i + 1] if i + 1 < len(rects) else None
            seen = pygame.Rect(r.x, r.y, min(r.w, after.x - r.x), r.h) if after and after.x > r.x else r
            pygame.draw.rect(surface, FRESH, seen, 3, border_radius=6)
        if k == target and rects:
            pygame.draw.rect(surface, HINTED, rects[0].unionall(rects[1:]).inflate(10, 10), 3, border_radius=8)
        if hinted_rect is not None:  # over the next card's edge: its own outline was half covered and faint
            # round the part in sight, as the solitaire's cursor, which H puts on it: round the whole card it read
            # as a frame round the card over it (two cards marked for one hint, play-test X3)
            pygame.draw.rect(surface, HINTED, hinted_rect.inflate(6, 6), 3, border_radius=6)
        # over the next card and after the outlines: a 'new' joker's outline round its part in sight ran through
        # the label's last letter ('=Dd' read '=D(' at 640x420 once the meld was laid)
        for r, tag, in_sight in squeezed:
            stands_for_over(surface, r, c.game_id, tag, in_sight)
        if k in bad and rects:
            box = rects[0].unionall(rects[1:]).inflate(6, 6)
            pygame.draw.rect(surface, BAD, box, 3, border_radius=6)
            draw_fault_tag(surface, box, faults[k])
        elif k in changed and rects:
            mark_new_meld(surface, rects[0].unionall(rects[1:]), c.lang)
        if k < len(labels) and rects:
            draw_meld_label(surface, labels[k], rects[0])
    if scene.c.game_id in DRAFT_GAMES:  # where new melds are laid on the table, named (a bare frame said nothing)
        pygame.draw.rect(surface, (60, 130, 80), lay.new_meld, 1, border_radius=4)
        rows, size = fitted_rows(t("new_meld_slot", c.lang), lay.new_meld.w - 6, 2, 18, 11)
        top = lay.new_meld.centery - len(rows) * px(size) // 2
        for k, row in enumerate(rows):
            img = text_image(row, size, (110, 170, 125))
            surface.blit(img, img.get_rect(midtop=(lay.new_meld.centerx, top + k * px(size))))
    if c.editor is None:
        draw_draft(scene, surface, lay)


def solo_done_rows(c: Controller) -> set[int]:
    """The solitaire's finished hands by row (its rows are the hands by number). H6 Q11 (1366x768): a finished hand
    was marked only by a small 'OK' after its wild rank, its cards face up like the open hands', so with 6-9 done
    every label had to be read to find the open ones."""
    if c.game_id != "koenigs-solo":
        return set()
    obs = c.observation()
    done = {str(f) for f in obs["finished"]}
    return {row for row, k in enumerate(sorted(obs["hands"], key=int)) if k in done}


def gliding(scene: TableScene, lay: TableLayout, melds: list[list[str]]) -> list[list[pygame.Rect]]:
    """Where the melds are drawn this frame: on their way to new places for a moment after the rows changed (a meld
    left, the rows closed up); at their places while the table is rebuilt or a card dragged (they follow the hand),
    and with the bots at full speed (no card flies then either)."""
    anim = scene.anim
    still = scene.c.editor is not None or scene.drag is not None or scene.c.bot_delay <= 0
    return anim.melds.shown(melds, lay.melds, time.monotonic(), 0.0 if still else anim.duration, lay.size)


def built_readings(scene: TableScene, known: list[list[str | None]]) -> list[list[str | None]]:
    """Per meld drawn and card: what a joker stands for, ``known`` (the table's, the draft's) completed for the
    melds being built (the draft's on the table, the new or changed ones of a table being rebuilt) by the
    engine's reading of each; the table's own melds keep what the observation says."""
    c = scene.c
    if c.editor is None and not scene.draft:  # nothing being built: the table's own readings
        return known
    melds = scene.melds()
    building = set(c.editor.new_melds()) if c.editor else set(range(len(c.melds()), len(melds)))
    opts = dict(c.state.rules.options)
    out: list[list[str | None]] = []
    joker = c.deck.joker  # a card the rules place (a 1x1 one) keeps its plain face, as on the table
    for k, meld in enumerate(melds):
        row = known[k] if k < len(known) else []
        # a table meld made whole again as it was (a card taken out and put back) lost its jokers' readings in the
        # draft: read like a meld being built (H6 T2: the run's 'Jo=Kh' showed a bare joker until E)
        unread = any(c.deck.parse_token(tok) == joker and not (i < len(row) and row[i]) for i, tok in enumerate(meld))
        if k in building or unread:
            read = wild_readings(c.game_id, meld, row, opts)
            row = [
                r if i < len(row) and row[i] or c.deck.parse_token(tok) == joker else None
                for i, (r, tok) in enumerate(zip(read, meld))
            ]
        out.append(row)
    return out


def mark_new_meld(surface: pygame.Surface, box: pygame.Rect, lang: str) -> pygame.Rect:
    """A meld new this turn on the table being rebuilt: outlined like a newly drawn card, 'new' above it
    (where its tag went is returned)."""
    box = box.inflate(8, 8)
    pygame.draw.rect(surface, FRESH, box, 3, border_radius=6)
    tag = new_tag(lang, 16)  # in the row the layout leaves over a table being rebuilt (NEW_TAG_ROW)
    return surface.blit(tag, (box.x + 4, box.y - tag.get_height() + 2))


def new_tag(lang: str, size: int) -> pygame.Surface:
    """'new' in dark print on the fresh colour, a margin left and right (the letters touched the tag's edges)."""
    words = font(size).render(t("new_card", lang), True, DARK, FRESH)
    margin = max(2, words.get_height() // 6)
    tag = pygame.Surface((words.get_width() + 2 * margin, words.get_height()))
    tag.fill(FRESH)
    tag.blit(words, (margin, 0))
    return tag


def draw_meld_label(surface: pygame.Surface, label: str, first: pygame.Rect) -> None:
    """A meld's label in the room the layout left of its first card, one or two lines."""
    box = pygame.Rect(first.x - label_width(first.h), first.y, label_width(first.h) - 4, first.h)
    lines = label.split("\n")
    size = max(LABEL_FONT, min(28, unpx(first.h) // 3))
    step = font(size).get_linesize()
    y = box.centery - len(lines) * step // 2
    for line in lines:
        shown, sz = fitted(line, box.w - 4, size, LABEL_FONT - 2)
        surface.blit(text_image(shown, sz, (255, 255, 200)), (box.x + 2, y))
        y += step


def draw_draft(scene: TableScene, surface: pygame.Surface, lay: TableLayout) -> None:
    """The draft's melds outlined green (a meld) or red (not yet), and the live counter."""
    groups = scene.draft_groups()
    if not groups:
        return
    start = len(scene.melds()) - len(groups)
    opts = dict(scene.c.state.rules.options)
    for rects, group in zip(lay.melds[start:], groups):
        if rects:
            ok = meld_points(scene.c.game_id, group, opts) is not None
            box = rects[0].unionall(rects[1:]).inflate(8, 8)
            pygame.draw.rect(surface, GOOD if ok else BAD, box, 3, border_radius=6)
    counter = scene.draft_counter()
    if counter:
        img = font(24).render(counter[0], True, DARK)
        pill = img.get_rect(topleft=(lay.new_meld.right + 16, lay.new_meld.y + 8)).inflate(16, 8)
        if pill.right > lay.meld_area.right:  # no room beside the empty slot: under it, inside the table
            pill = img.get_rect(topleft=(lay.new_meld.x + 8, lay.new_meld.bottom + 8)).inflate(16, 8)
            pill.right = min(pill.right, lay.meld_area.right)
        pygame.draw.rect(surface, GOOD if counter[1] else (240, 190, 60), pill, border_radius=8)
        surface.blit(img, img.get_rect(center=pill.center))


def hand_face_down(c: Controller) -> bool:
    """Hot seat while a computer moves: the hand of the human who moved last lies face down. The hand-over
    curtain comes only when a human is to move, and everyone watches the computer's move (H6 Q5: Spieler 2's
    hand lay face up through Bot 2's turn, read by Spieler 1)."""
    return len(c.humans()) > 1 and not c.state.is_over and not c.is_human_turn()


def draw_hand(scene: TableScene, surface: pygame.Surface, lay: TableLayout) -> None:
    c = scene.c
    if hand_face_down(c):
        for r in lay.hand[: len(scene.hand())]:
            draw_card(surface, r, c.game_id, None)
        return
    drafted = scene.draft.positions() if scene.draft_groups() else set()
    hand = scene.hand()
    # the drawn card stays marked on the board (T) while it is in the hand (H9 U1)
    drawn = scene.fresh if c.editor is None else scene.fresh - Counter(c.editor.placed)
    fresh = new_positions(hand, drawn, c.state.history, c.viewer)
    pointed = pointed_hand_cards(scene)  # the cards of the action button pointed at (or chosen with the arrows)
    for i, (r, tok) in enumerate(zip(lay.hand, hand)):
        if scene.drag and scene.drag[0] == i and scene.drag_pos:
            continue
        rr = scene.raised(r, i)
        wild = t("wild_tag", c.lang) if c.is_wild(tok) else ""
        after = lay.hand[i + 1].x - r.x if i + 1 < len(lay.hand) else r.w  # what the next card leaves in sight
        draw_card(surface, rr, c.game_id, tok, selected=i in c.selected, tag=wild, shown=after)
        if i in fresh:
            pygame.draw.rect(surface, FRESH, fresh_frame(rr, lay.hand, i), 3, border_radius=8)
            tag = new_tag(c.lang, NEW_TAG_FONT)
            surface.blit(tag, (rr.x + 2, rr.y - tag.get_height()))
        if i in pointed:
            pygame.draw.rect(surface, HINTED, fresh_frame(rr, lay.hand, i), 3, border_radius=8)
        if i in drafted:
            shade = pygame.Surface(rr.size, pygame.SRCALPHA)
            shade.fill((20, 60, 30, 150))  # on the table in the draft: shown dimmed in the hand
            surface.blit(shade, rr.topleft)
        if i == scene.cursor and board_keys.in_hand(scene, lay):  # (on the board the cursor may be on the table)
            pygame.draw.line(surface, (255, 255, 0), (r.x, r.bottom + 3), (r.right, r.bottom + 3), 3)


def move_buttons(scene: TableScene) -> range:
    """Which buttons list the moves (and 'More…'): between the front buttons and the ones always there."""
    if scene.c.editor is not None:
        return range(0)
    count = len(scene.visible_actions()) + (len(scene.actions) > scene.room)
    return range(scene._action_offset, scene._action_offset + count)


def fresh_frame(card: pygame.Rect, hand: list[pygame.Rect], i: int) -> pygame.Rect:
    """The 'new' frame round hand card ``i`` drawn at ``card``: round the part of it in view (the next card
    covers the rest; a frame round the whole card ran over the next card's top and marked both)."""
    frame = card.inflate(6, 6)
    if i + 1 < len(hand) and hand[i + 1].x < card.right:
        frame.w = hand[i + 1].x - frame.x
    return frame


def new_positions(hand: list[str], fresh: Counter[str], moves: Sequence[Any] = (), seat: int | None = None) -> set[int]:
    """The hand places marked 'new'. A card ``seat`` put in at a place of its own choosing (Krass Kariert's
    reserve and drawn cards: the last of ``moves`` name the place) is marked there: a reserve 9 put between 10 and
    8 had the hand's other 9 marked. Any other new card: of equal cards the last ones (a drawn card joins an
    unsorted hand at its end; marking the first of two 3h marked the one held since the deal)."""
    left = Counter(fresh)
    placed: list[int] = []  # the places of seat's latest put-in cards, newest first, as many as there are new cards
    for move in reversed(moves if seat is not None else ()):
        if len(placed) >= sum(left.values()):
            break
        if getattr(move, "player", None) != seat:
            continue
        j = move.to_json()
        if j.get("kind") not in ("reserve", "insert") or not isinstance(j.get("position"), int):
            break  # the seat's play took cards out: the places before it are gone
        placed.append(j["position"])
    out = set()
    for k, place in enumerate(placed):
        now = place
        for later in reversed(placed[:k]):  # a card put in later at or before it moved it one place on
            now += 1 if later <= now else 0
        if 0 <= now < len(hand) and left[hand[now]] > 0 and now not in out:
            left[hand[now]] -= 1
            out.add(now)
    for i in range(len(hand) - 1, -1, -1):
        if left[hand[i]] > 0 and i not in out:
            left[hand[i]] -= 1
            out.add(i)
    return out


def reserve_label_rows(words: str, width: int, largest: int) -> tuple[list[str], int]:
    """The reserve's label in two rows of ``width`` and its print: the words, then the bracket saying what to do
    ('Deine Reserve' / '(in die Hand ziehen)'), at the largest print down to 15 where both fit."""
    head, _, how = words.partition(" (")
    if not how:
        return fitted_rows(words, width, 2, largest, 15)
    rows = [head, f"({how}"]
    size = largest
    while size > 15 and max(font(size).size(r)[0] for r in rows) > width:
        size -= 1
    return [fitted(r, width, size, size)[0] for r in rows], size


def draw_positions(scene: TableScene, surface: pygame.Surface, lay: TableLayout) -> None:
    """Krass Kariert: the own reserve cards, and while a card is to be inserted a marker where it would go.
    (No hand position numbers: every button, hint and log line names places by their cards.)"""
    reserves = scene.c.own_reserves()
    if reserves:  # its label in the room the layout gives it, starting over the first card where it fits
        label, words = lay.reserve_label, t("reserves", scene.c.lang)
        row = px(RESERVE_ROW)
        largest = max(16, min(RESERVE_ROW + 2, info_font(lay.card[1]) - 2))
        if label.h >= 2 * row:  # over the cards: two rows of their width, what to do in brackets on the second
            rows, size = reserve_label_rows(words, label.w, largest)
            for k, line in enumerate(rows):
                text(surface, line, (label.x, label.bottom - (len(rows) - k) * row), size, (255, 255, 200))
        else:  # one row ending over the second card at the hand row's end
            shown, size = fitted(words, label.w, largest)
            x = max(label.x, min(lay.reserves[0].x, label.right - font(size).size(shown)[0]))
            fit_text(surface, words, (x, label.y), label.right - x, largest, (255, 255, 200))
    hidden = hand_face_down(scene.c)  # with the hand
    for k, (r, tok) in enumerate(zip(lay.reserves, reserves)):
        if scene.reserve_drag != k:
            draw_card(surface, r, "krass", None if hidden else tok)
    gap = table_pointer.insert_gap(scene, lay, scene.hover) if scene.hover else None
    dragging = scene.reserve_drag is not None
    if gap is not None and (
        scene.c.insert_moves(gap) or (dragging and scene.c.reserve_move(scene.reserve_drag or 0, gap))
    ):
        x = lay.hand[gap].x - 4 if gap < len(lay.hand) else lay.hand[-1].right + 4
        top = lay.hand[0].y - 18
        pygame.draw.line(surface, (255, 220, 0), (x, top), (x, lay.hand[0].bottom), 4)
        text(surface, "v", (x - 4, top - 16), 20, (255, 220, 0))
    if dragging and scene.drag_pos and (scene.reserve_drag or 0) < len(reserves):
        r = lay.reserves[0].copy()
        r.center = scene.drag_pos
        draw_card(surface, r, "krass", reserves[scene.reserve_drag or 0], selected=True)


def drop_target(scene: TableScene, lay: TableLayout) -> pygame.Rect | None:
    """The outline of the place a card dragged on the board or from the hand goes to if let go now: the meld
    under it (or beside it within half a card), else the new-meld slot; None elsewhere. Played under Xvfb
    (Rummy, 1366x768): nothing on the table changed while a card was carried, so whether a drop between two
    melds went to the left one, the right one or nowhere showed only after letting go."""
    pos = scene.drag_pos
    if pos is None or not (scene.edit_drag or scene.drag):
        return None
    source = scene.edit_drag[1] if scene.edit_drag and scene.edit_drag[0] == "meld" else None
    k = drop_meld(lay, pos)
    if k is not None and k != source and lay.melds[k]:
        return lay.melds[k][0].unionall(lay.melds[k][1:]).inflate(12, 12)
    slot = scene.c.editor is not None or table_pointer.can_draft(scene)
    if k is None and slot and lay.new_meld.inflate(lay.card[0] // 2, lay.card[1] // 4).collidepoint(pos):
        return lay.new_meld.inflate(6, 6)  # as the drop reads it (the board's and the hand's)
    return None


def draw_dragged(scene: TableScene, surface: pygame.Surface, lay: TableLayout) -> None:
    g, hand = scene.c.game_id, scene.hand()
    if scene.edit_drag and scene.drag_pos:
        kind, a, b = scene.edit_drag
        melds = scene.melds()
        dragged: str | None = None
        if kind == "hand" and a < len(hand):
            dragged = hand[a]
        elif kind == "meld" and a < len(melds) and b < len(melds[a]):
            dragged = melds[a][b]
        if dragged:
            r = pygame.Rect(0, 0, *lay.card)
            r.center = scene.drag_pos
            draw_card(surface, r, g, dragged, selected=True)
    top = scene.c.observation().get("discard_top") if scene.pile_drag and scene.drag_pos else None
    if isinstance(top, str) and scene.drag_pos:  # the discard pile's top card on its way to the hand
        r = pygame.Rect(0, 0, *lay.card)
        r.center = scene.drag_pos
        draw_card(surface, r, g, top, selected=True, tag=t("wild_tag", scene.c.lang) if scene.c.is_wild(top) else "")
    if scene.drag and scene.drag_pos and scene.drag[0] < len(hand):
        carried = [k for k in table_pointer.carried(scene, scene.drag[0]) if k < len(hand)]  # the selection goes along
        r = lay.hand[scene.drag[0]].copy()
        r.center = scene.drag_pos
        r.x -= carried.index(scene.drag[0]) * (r.w // 3)
        for k in carried:
            draw_card(surface, r, g, hand[k], selected=True)
            r = r.move(r.w // 3, 0)
