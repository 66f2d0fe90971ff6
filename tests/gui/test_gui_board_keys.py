"""Headless: the board (T) played by keys alone.

Played under Xvfb (T10, Räuber-Rommé, Rummy, 1x1-Rommé): once the board was open no key picked a table card or a
meld; moving a card between melds, splitting a run or taking a table card into the hand needed the mouse. The arrow
keys and Tab now move a cursor over the melds' cards, 'new meld' and the hand, Space lifts a table card (selects a
hand card) and Space or Enter puts what is held down under the cursor; E and Enter still end the turn, Esc drops
what is held, then leaves the board.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pygame
import pytest
from gui_driver import drawn_rects, key, open_table, send
from romme_positions import position

from romme_table import board_keys
from romme_table.controller import Controller, Seat
from romme_table.i18n import t
from romme_table.scenes import SceneStack
from romme_table.table_scene import TableScene


def rigged(hand: str, *table: str, **options: bool) -> Controller:
    """Rommé with ``table`` on it, the human to lay ``hand`` (drawn already, opened)."""
    st = position([hand, "3d 4c"], table=table, **options)
    c = Controller("romme", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=1, rules=st.rules, bot_delay=0.0)
    c.replace_state(st)
    return c


def spot(scene: TableScene) -> board_keys.Spot:
    here = board_keys.resolve(scene, scene.compute_layout())
    assert here is not None
    return here[0]


def shift_tab(app: SceneStack, surface: pygame.Surface) -> None:
    send(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_LSHIFT, unicode=""), surface)


def walk(app: SceneStack, scene: TableScene, surface: pygame.Surface, target: board_keys.Spot) -> None:
    """The cursor to ``target`` by keys only: Tab to its place (a meld, 'new meld', the hand), then Left / Right to
    its card (the test reads where the cursor is, as a player sees it)."""
    for _ in range(20):
        here = spot(scene)
        if here[0] == target[0] and (target[0] != "meld" or here[1] == target[1]):
            break
        key(app, pygame.K_TAB, surface)
    for _ in range(30):
        here = spot(scene)
        if here == target:
            break
        at, want = (here[2], target[2]) if here[0] == "meld" else (here[1], target[1])
        key(app, pygame.K_RIGHT if at < want else pygame.K_LEFT, surface)
    assert spot(scene) == target


def card_at(c: Controller, card: str, meld: list[str]) -> board_keys.Spot:
    assert c.editor is not None
    k = next(k for k, m in enumerate(c.editor.melds) if sorted(m) == sorted(meld))
    return ("meld", k, c.editor.melds[k].index(card))


def meld_of(c: Controller, meld: list[str]) -> board_keys.Spot:
    return card_at(c, meld[0], meld)


def hand_at(c: Controller, card: str) -> board_keys.Spot:
    assert c.editor is not None
    return ("hand", c.editor.hand_left.index(card), 0)


def move_card(app: SceneStack, scene: TableScene, surface: pygame.Surface, source: board_keys.Spot,
              target: board_keys.Spot, put: int = pygame.K_SPACE) -> None:
    walk(app, scene, surface, source)
    key(app, pygame.K_SPACE, surface)  # lifted
    walk(app, scene, surface, target)
    key(app, put, surface)  # put down


def test_a_split_a_move_between_melds_and_a_table_card_to_the_hand_by_keys_alone(surface) -> None:
    c = rigged("5d 6d 7d 2c", "3h 4h 5h 6h 7h 8h", "9s 9d 9c 9h", "Ks Kh Kd Kc", rauber=True,
               rauber_table_to_hand=True)
    app, scene = open_table(c, surface)
    moves = len(c.state.history)
    key(app, pygame.K_t, surface)
    assert c.editor is not None
    # the split: 6h to 'new meld', then 7h and 8h after it (Enter puts the last one down)
    move_card(app, scene, surface, card_at(c, "6h", ["3h", "4h", "5h", "6h", "7h", "8h"]), board_keys.NEW)
    assert spot(scene) == card_at(c, "6h", ["6h"])  # the cursor went with the card
    move_card(app, scene, surface, card_at(c, "7h", ["3h", "4h", "5h", "7h", "8h"]), meld_of(c, ["6h"]))
    eight = card_at(c, "8h", ["3h", "4h", "5h", "8h"])
    move_card(app, scene, surface, eight, meld_of(c, ["6h", "7h"]), pygame.K_RETURN)
    assert c.editor is not None and sorted(map(sorted, c.editor.melds)) == sorted(
        map(sorted, [["3h", "4h", "5h"], ["6h", "7h", "8h"], ["9s", "9d", "9c", "9h"], ["Ks", "Kh", "Kd", "Kc"]]))
    # a move between melds: 9h from the set of four onto the new run
    move_card(app, scene, surface, card_at(c, "9h", ["9s", "9d", "9c", "9h"]), meld_of(c, ["6h", "7h", "8h"]))
    # a table card into the hand: Kc
    move_card(app, scene, surface, card_at(c, "Kc", ["Ks", "Kh", "Kd", "Kc"]), hand_at(c, "2c"))
    assert "Kc" in c.editor.hand_left
    # the hand's cards laid as a new meld: selected with Space, put down on 'new meld' (Shift+Tab from the hand)
    for card in ("5d", "6d", "7d"):
        walk(app, scene, surface, hand_at(c, card))
        key(app, pygame.K_SPACE, surface)
    shift_tab(app, surface)
    assert spot(scene) == board_keys.NEW
    key(app, pygame.K_SPACE, surface)
    assert not c.selected
    key(app, pygame.K_e, surface)  # End turn plays the table
    assert c.editor is None, c.message
    assert len(c.state.history) == moves + 1 and c.state.history[-1].to_json().get("kind") == "place"
    assert sorted(map(sorted, c.melds())) == sorted(map(sorted, [
        ["3h", "4h", "5h"], ["6h", "7h", "8h", "9h"], ["9s", "9d", "9c"], ["Ks", "Kh", "Kd"], ["5d", "6d", "7d"]]))
    assert Counter(c.hand()) == Counter(["2c", "Kc"])


def test_standard_romme_lays_off_by_keys_and_keeps_its_table_cards(surface) -> None:
    c = rigged("9h 2c 5s", "6h 7h 8h", "Ks Kh Kd")
    app, scene = open_table(c, surface)
    key(app, pygame.K_t, surface)
    walk(app, scene, surface, card_at(c, "Kd", ["Ks", "Kh", "Kd"]))
    key(app, pygame.K_SPACE, surface)  # a table card of standard Rommé stays where it lies
    assert c.message == t("table_fixed", "en") and board_keys.lifted_spot(scene) is None
    walk(app, scene, surface, hand_at(c, "9h"))
    key(app, pygame.K_SPACE, surface)  # selected, as in the hand
    walk(app, scene, surface, card_at(c, "7h", ["6h", "7h", "8h"]))
    key(app, pygame.K_RETURN, surface)  # Enter puts the selection on the meld under the cursor
    assert c.editor is not None and ["6h", "7h", "8h", "9h"] in c.editor.melds
    key(app, pygame.K_RETURN, surface)  # nothing held: Enter ends the turn
    assert c.editor is None, c.message
    assert ["6h", "7h", "8h", "9h"] in c.melds() and sorted(c.hand()) == sorted(["2c", "5s"])


def test_esc_drops_the_lifted_card_then_leaves_the_board(surface) -> None:
    c = rigged("5d 6d 7d 2c", "3h 4h 5h 6h", "9s 9d 9c", rauber=True)
    app, scene = open_table(c, surface)
    key(app, pygame.K_t, surface)
    walk(app, scene, surface, card_at(c, "6h", ["3h", "4h", "5h", "6h"]))
    key(app, pygame.K_SPACE, surface)
    assert board_keys.lifted_spot(scene) is not None and "6h" in c.message
    walk(app, scene, surface, meld_of(c, ["9s", "9d", "9c"]))
    key(app, pygame.K_ESCAPE, surface)  # the lift goes, the board stays as it was
    assert c.editor is not None and board_keys.lifted_spot(scene) is None
    assert c.editor.melds == [["3h", "4h", "5h", "6h"], ["9s", "9d", "9c"]]
    key(app, pygame.K_SPACE, surface)  # nothing held: Space lifts the card under the cursor
    assert board_keys.lifted_spot(scene) == (1, 0)
    key(app, pygame.K_SPACE, surface)  # put down where it lay: nothing moves
    assert c.editor.melds == [["3h", "4h", "5h", "6h"], ["9s", "9d", "9c"]] and not c.editor.can_undo()
    key(app, pygame.K_ESCAPE, surface)  # nothing held: Esc leaves the board
    assert c.editor is None


def test_the_arrow_keys_go_between_the_rows_and_the_hand(surface) -> None:
    c = rigged("5d 6d 7d 2c", "3h 4h 5h 6h", "9s 9d 9c", "Ks Kh Kd", "10c Jc Qc", "As 2s 3s", rauber=True)
    app, scene = open_table(c, surface)
    key(app, pygame.K_t, surface)
    assert spot(scene)[0] == "hand"  # the board opens with the cursor in the hand
    lay = scene.compute_layout()
    rows = sorted({r.centery for rects in lay.melds for r in rects})
    key(app, pygame.K_UP, surface)  # to the lowest row of melds
    here = spot(scene)
    assert here[0] in ("meld", "new")
    seen: list[int] = []
    for _ in range(len(rows) + 2):
        here = spot(scene)
        lay = scene.compute_layout()
        seen.append(lay.melds[here[1]][here[2]].centery if here[0] == "meld" else lay.new_meld.centery)
        key(app, pygame.K_UP, surface)
    assert seen[0] == max(rows) and min(rows) in seen  # row by row to the top row, where it stays
    key(app, pygame.K_DOWN, surface)
    assert spot(scene)[0] != "hand"
    for _ in range(len(rows) + 2):
        key(app, pygame.K_DOWN, surface)
    assert spot(scene)[0] == "hand"
    key(app, pygame.K_RIGHT, surface)
    assert spot(scene) == ("hand", 1, 0) and scene.cursor == 1  # in the hand the hand's own cursor


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_cursor_and_the_lifted_card_are_drawn(lang: str, surface, monkeypatch) -> None:
    c = rigged("5d 6d 7d 2c", "3h 4h 5h 6h", "9s 9d 9c", rauber=True)
    c.lang = lang
    app, scene = open_table(c, surface)
    key(app, pygame.K_t, surface)
    target = card_at(c, "5h", ["3h", "4h", "5h", "6h"])
    walk(app, scene, surface, target)
    lay = scene.compute_layout()
    seen = board_keys.in_sight(lay.melds[target[1]], target[2])
    assert seen.inflate(6, 6) in drawn_rects(board_keys.CURSOR, app, surface, monkeypatch)
    key(app, pygame.K_SPACE, surface)
    carried: list[pygame.Rect] = []
    real = board_keys.draw_card

    def record(surf: pygame.Surface, rect: pygame.Rect, game: str, token: str | None, **kw: Any) -> None:
        if token == "5h" and kw.get("selected"):
            carried.append(pygame.Rect(rect))
        real(surf, rect, game, token, **kw)

    monkeypatch.setattr(board_keys, "draw_card", record)
    app.draw(surface)
    place = lay.melds[target[1]][target[2]]
    assert carried and carried[0].top < place.top and carried[0].bottom <= place.top + place.h // 8  # its rank seen
    assert c.message == t("board_lifted", lang, card="5h")


def test_the_keys_page_names_the_board_keys_in_both_languages() -> None:
    from romme_table.key_help import keys_page

    en, de = keys_page("en"), keys_page("de")
    assert "Shift+Tab" in en and "lift the table card under the cursor" in en and "Esc: drop the lifted card" in en
    assert "Umschalt+Tab" in de and "Tischkarte am Zeiger aufnehmen" in de and "Esc: die aufgenommene Karte" in de


def test_shift_tab_goes_back_on_the_start_screen_too(tmp_path, surface) -> None:
    """Shift+Tab is the board's 'previous place'; the start screen, where it went on as Tab, now goes back with it."""
    from gui_driver import start_app

    app = start_app(tmp_path, surface)
    start = app.top.focus
    key(app, pygame.K_TAB, surface)
    key(app, pygame.K_TAB, surface)
    shift_tab(app, surface)
    assert app.top.focus == start + 1


@pytest.mark.parametrize("game", ["rummy", "einmaleins"])
def test_rummy_and_einmaleins_boards_take_the_same_keys(game: str, surface) -> None:
    """The board is the same editor in every table game: a hand card put on a meld and a table card lifted to 'new
    meld' by keys are the board's steps there too (U takes them back one by one)."""
    from gui_driver import play_until

    c = Controller(game, [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=3, bot_delay=0.0)
    assert play_until(c, lambda c: c.can_rearrange() and len(c.melds()) >= 2)
    app, scene = open_table(c, surface)
    key(app, pygame.K_t, surface)
    ed = c.editor
    assert ed is not None
    opened = [list(m) for m in ed.melds]
    card, meld = ed.hand_left[0], list(ed.melds[1])
    walk(app, scene, surface, ("hand", 0, 0))
    key(app, pygame.K_SPACE, surface)  # selected
    walk(app, scene, surface, ("meld", 1, 0))
    key(app, pygame.K_SPACE, surface)  # put on the second meld
    assert Counter(ed.melds[1]) == Counter([*meld, card]) and not c.selected
    lifted = ed.melds[0][0]
    walk(app, scene, surface, ("meld", 0, 0))
    key(app, pygame.K_SPACE, surface)
    walk(app, scene, surface, board_keys.NEW)
    key(app, pygame.K_SPACE, surface)
    assert ed.melds[-1] == [lifted]
    key(app, pygame.K_u, surface)
    key(app, pygame.K_u, surface)
    assert ed.melds == opened


def test_the_hands_mark_comes_back_when_the_mouse_takes_the_cursors_meld_away(surface, monkeypatch) -> None:
    from gui_driver import drag

    c = rigged("5d 6d 7d 2c", "3h 4h 5h 6h", "9s 9d 9c", rauber=True)
    app, scene = open_table(c, surface)
    key(app, pygame.K_t, surface)
    move_card(app, scene, surface, card_at(c, "6h", ["3h", "4h", "5h", "6h"]), board_keys.NEW)
    assert spot(scene) == ("meld", 2, 0)
    lay = scene.compute_layout()
    drag(app, lay.melds[2][0].center, lay.melds[0][0].center, surface)  # the mouse puts 6h back: meld 3 is gone
    assert c.editor is not None and len(c.editor.melds) == 2
    lines: list[tuple[int, int]] = []
    real = pygame.draw.line

    def line(surf: pygame.Surface, colour: Any, start: Any, end: Any, *a: Any) -> Any:
        if tuple(colour) == board_keys.CURSOR:
            lines.append(tuple(start))
        return real(surf, colour, start, end, *a)

    monkeypatch.setattr(pygame.draw, "line", line)
    app.draw(surface)
    hand = scene.compute_layout().hand
    assert spot(scene)[0] == "hand" and any(x == hand[scene.cursor].x for x, _ in lines)  # the hand's mark


def test_a_selection_the_mouse_left_stale_lays_only_the_cards_still_there(surface) -> None:
    """Cards selected by keys, then another dragged onto a meld by the mouse: put on 'new meld', the selected cards
    still in the hand make the new meld; the selection's place past the hand's end had sent the rest onto the
    table's last meld instead (the selection now follows its cards: 7d's place closed up)."""
    from gui_driver import drag

    c = rigged("5d 6d 7d 2c", "3h 4h 5h", "9s 9d 9c", rauber=True)
    app, scene = open_table(c, surface)
    key(app, pygame.K_t, surface)
    assert c.editor is not None and c.editor.hand_left == ["2c", "5d", "6d", "7d"]
    for card in ("2c", "7d"):
        walk(app, scene, surface, hand_at(c, card))
        key(app, pygame.K_SPACE, surface)
    assert sorted(c.selected) == [0, 3]
    lay = scene.compute_layout()
    drag(app, lay.hand[2].center, lay.melds[0][0].center, surface)  # 6d onto 3h 4h 5h by the mouse
    assert c.editor.hand_left == ["2c", "5d", "7d"]
    walk(app, scene, surface, board_keys.NEW)
    key(app, pygame.K_SPACE, surface)
    assert c.editor.melds[1] == ["9s", "9d", "9c"] and sorted(c.editor.melds[-1]) == ["2c", "7d"] and not c.selected


def test_m_lays_only_the_selected_cards_still_in_the_hand(surface) -> None:
    """M (the selection as a new meld) lays the selection as Space on 'new meld' does: with a selected card dragged
    onto a meld by the mouse, its own copy of the loop sent the other selected card onto the table's last meld."""
    from gui_driver import drag

    c = rigged("5d 6d 7d 2c", "3h 4h 5h", "9s 9d 9c", rauber=True)
    app, scene = open_table(c, surface)
    key(app, pygame.K_t, surface)
    assert c.editor is not None and c.editor.hand_left == ["2c", "5d", "6d", "7d"]
    c.selected[:] = [0, 3]  # 2c and 7d
    lay = scene.compute_layout()
    drag(app, lay.hand[3].center, lay.melds[0][0].center, surface)  # 7d onto 3h 4h 5h by the mouse
    assert c.editor.hand_left == ["2c", "5d", "6d"]
    key(app, pygame.K_m, surface)
    assert c.editor.melds[1] == ["9s", "9d", "9c"] and c.editor.melds[-1] == ["2c"] and not c.selected
    key(app, pygame.K_u, surface)  # one step
    assert c.editor.hand_left == ["2c", "5d", "6d"] and c.editor.melds[-1] == ["9s", "9d", "9c"]


def test_the_selection_follows_its_cards_when_the_mouse_lays_a_hand_card(surface) -> None:
    """6d selected by keys, then 2c (left of it) dragged onto a meld by the mouse: the selection's place pointed at
    the card after 6d (7d raised, and Space on 'new meld' laid 7d); it follows 6d now."""
    from gui_driver import drag

    c = rigged("5d 6d 7d 2c", "3h 4h 5h", "9s 9d 9c", rauber=True)
    app, scene = open_table(c, surface)
    key(app, pygame.K_t, surface)
    assert c.editor is not None and c.editor.hand_left == ["2c", "5d", "6d", "7d"]
    walk(app, scene, surface, hand_at(c, "6d"))
    key(app, pygame.K_SPACE, surface)
    lay = scene.compute_layout()
    drag(app, lay.hand[0].center, lay.melds[0][0].center, surface)  # 2c onto 3h 4h 5h by the mouse
    assert c.editor.hand_left == ["5d", "6d", "7d"]
    assert [scene.hand()[i] for i in c.selected] == ["6d"]
    assert scene.hand()[scene.cursor] == "6d"  # the hand's cursor stays on its card too (it went on to 7d)
    walk(app, scene, surface, board_keys.NEW)
    key(app, pygame.K_SPACE, surface)
    assert c.editor.melds[-1] == ["6d"] and c.editor.hand_left == ["5d", "7d"]


@pytest.mark.parametrize("back", [pygame.K_u, pygame.K_r])
def test_the_selection_stays_on_its_cards_when_u_or_r_puts_cards_back(surface, back) -> None:
    """6d selected, 2c (left of it) dragged onto a meld, then U (or R): 2c back in the hand moved the places after
    it, and the selection's place pointed at 5d (Space on 'new meld' laid 5d); it stays on 6d."""
    from gui_driver import drag

    c = rigged("5d 6d 7d 2c", "3h 4h 5h", "9s 9d 9c", rauber=True)
    app, scene = open_table(c, surface)
    key(app, pygame.K_t, surface)
    assert c.editor is not None
    walk(app, scene, surface, hand_at(c, "6d"))
    key(app, pygame.K_SPACE, surface)
    lay = scene.compute_layout()
    drag(app, lay.hand[0].center, lay.melds[0][0].center, surface)  # 2c onto 3h 4h 5h by the mouse
    assert [scene.hand()[i] for i in c.selected] == ["6d"]
    key(app, back, surface)
    assert c.editor is not None and "2c" in c.editor.hand_left
    assert [scene.hand()[i] for i in c.selected] == ["6d"], (scene.hand(), c.selected)
