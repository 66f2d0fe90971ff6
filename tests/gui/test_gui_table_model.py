"""The table drives Rommé, 1x1-Rommé and Rummy through the one table model (romme.table), by mouse and keys
only: a hand card dropped on a meld is the ``add CARD N`` shortcut, the table editor plays the place-move of
the whole new table, and Rommé without ``rauber`` refuses a rebuilt table with the rule."""

from __future__ import annotations

from collections import Counter

import pygame
import pytest
from gui_driver import SIZE, drag, key, play_until

from romme.errors import RommeError
from romme.table import TABLE_GAMES, add_notation, table_melds
from romme_table.controller import Controller, Seat
from romme_table.scenes import SceneStack
from romme_table.table_scene import TableScene

PLAYERS = {"romme": 3, "einmaleins": 2, "rummy": 2}


def _controller(game: str, seed: int = 4) -> Controller:
    seats = [Seat("A")] + [Seat(f"B{i}", "bot", "greedy") for i in range(1, PLAYERS[game])]
    return Controller(game, seats, seed=seed, bot_delay=0.0)


def _open(c: Controller, surface: pygame.Surface) -> tuple[SceneStack, TableScene]:
    app = SceneStack(SIZE, c.lang)
    scene = TableScene(c)
    app.push(scene)
    app.draw(surface)
    return app, scene


def _lay_off(c: Controller) -> tuple[int, int] | None:
    """(hand position, table meld) of a lay-off the rules allow now, found by asking the game whether the
    shortcut ``add CARD N`` is legal (the same question in every table game)."""
    if not c.is_human_turn() or c.state.phase not in ("play", "open"):
        return None
    for i, card in enumerate(c.hand()):
        for k in range(len(c.melds())):
            try:
                move = c.state.parse_move(add_notation(card, k))
            except RommeError:
                continue
            if c.state.is_legal(move):
                return i, k
    return None


def _ready(game: str) -> tuple[Controller, int, int]:
    for seed in range(4, 12):
        c = _controller(game, seed)
        if play_until(c, lambda c: _lay_off(c) is not None):
            found = _lay_off(c)
            assert found is not None
            return c, found[0], found[1]
    raise AssertionError(f"{game}: no lay-off came up")


def _meld_cards(c: Controller) -> list[Counter[str]]:
    return [Counter(m) for m in table_melds(c.observation())]


@pytest.mark.parametrize("game", TABLE_GAMES)
def test_a_card_dropped_on_a_meld_is_the_add_shortcut(game: str, surface: pygame.Surface) -> None:
    c, i, k = _ready(game)
    card = c.hand()[i]
    expected = c.state.clone()
    expected.apply(expected.parse_move(add_notation(card, k)))
    app, scene = _open(c, surface)
    lay = scene.compute_layout()
    before = len(c.state.history)
    drag(app, lay.hand[i].center, lay.melds[k][0].center, surface)
    if game == "rummy":  # one place-move is the whole turn: the board opens with the card added, E plays it
        assert c.editor is not None and len(c.state.history) == before, c.message
        key(app, pygame.K_e, surface)
        assert len(c.state.history) == before + 1, c.message
        assert _meld_cards(c) == [Counter(m) for m in table_melds(expected.observation(c.viewer))]
        return
    assert len(c.state.history) == before + 1, c.message
    assert c.state.history[-1] == expected.history[-1]
    assert c.observation()["table"] == expected.observation(c.viewer)["table"]
    assert card in table_melds(c.observation())[k]


@pytest.mark.parametrize("game", TABLE_GAMES)
def test_the_editor_plays_the_place_move_of_the_new_table(game: str, surface: pygame.Surface) -> None:
    """T opens the editor (Rommé without rauber too), a dragged card joins a meld, E plays the whole new
    table as one place-move: the same table as the lay-off shortcut gives."""
    c, i, k = _ready(game)
    card = c.hand()[i]
    assert game != "romme" or not c.state.rules.options["rauber"]
    expected = c.state.clone()
    expected.apply(expected.parse_move(add_notation(card, k)))
    app, scene = _open(c, surface)
    key(app, pygame.K_t, surface)
    assert c.editor is not None, c.message
    lay = scene.compute_layout()
    drag(app, lay.hand[c.editor.hand_left.index(card)].center, lay.melds[k][0].center, surface)
    assert card in c.editor.melds[k] and c.editor.invalid() == []
    before = len(c.state.history)
    key(app, pygame.K_e, surface)
    assert len(c.state.history) == before + 1 and c.editor is None, c.message
    assert c.state.history[-1].kind == "place"
    assert _meld_cards(c) == [Counter(m) for m in table_melds(expected.observation(c.viewer))]
    assert Counter(c.hand()) == Counter(expected.observation(c.viewer)["hand"])


@pytest.mark.parametrize("rauber", [False, True])
def test_romme_editor_rebuilds_the_table_only_with_rauber(rauber: bool, surface: pygame.Surface) -> None:
    """4h laid off, the 8h moved out of its run into a new run with the hand's 9h 10h: a rearrangement.
    Without rauber the board keeps the 8h where it lies and says the rule at once (H6 P4: it let the card go and
    only the finished table was refused), the editor staying open; with rauber it is played."""
    from romme_positions import position

    c = _controller("romme")
    c.replace_state(position(["4h 9h 10h 2c 3d", "5c 6c", "7c 8c"], ("5h 6h 7h 8h", "Kc Kd Ks"), rauber=rauber))
    app, scene = _open(c, surface)
    key(app, pygame.K_t, surface)
    assert c.editor is not None, c.message
    ed = c.editor

    def hand_card(card: str) -> tuple[int, int]:
        return scene.compute_layout().hand[ed.hand_left.index(card)].center

    drag(app, hand_card("4h"), scene.compute_layout().melds[0][0].center, surface)
    drag(app, scene.compute_layout().melds[0][ed.melds[0].index("8h")].center, scene.compute_layout().new_meld.center,
         surface)
    if not rauber:
        assert "8h" in ed.melds[0] and len(ed.melds) == 2 and c.editor is ed and not c.state.history
        assert "R\u00e4uber" in c.message, c.message
        return
    drag(app, hand_card("9h"), scene.compute_layout().melds[2][0].center, surface)
    drag(app, hand_card("10h"), scene.compute_layout().melds[2][0].center, surface)
    assert [sorted(m) for m in ed.melds] == [sorted("5h 6h 7h 4h".split()), ["Kc", "Kd", "Ks"],
                                             sorted("8h 9h 10h".split())]
    key(app, pygame.K_e, surface)
    assert c.editor is None and c.state.history[-1].kind == "place", c.message
    assert sorted(map(sorted, c.melds())) == sorted(map(sorted, [["4h", "5h", "6h", "7h"], ["8h", "9h", "10h"],
                                                                 ["Kc", "Kd", "Ks"]]))


def test_a_resumed_game_logs_what_its_first_table_move_laid(surface: pygame.Surface) -> None:
    """A table opened on a game already under way (Resume, Load) counts the cards of its first table move
    against the table it found, not an empty one (seen under Xvfb: "lays 15 card(s)" for one card)."""
    from romme.cards import jokers_named
    from romme_table.move_log import log_lines, short_meld

    c, i, k = _ready("rummy")
    app, scene = _open(c, surface)  # the scene meets a table with melds on it
    lay = scene.compute_layout()
    before = len(c.state.history)
    card, meld = c.hand()[i], short_meld(c.melds()[k])
    drag(app, lay.hand[i].center, lay.melds[k][0].center, surface)
    key(app, pygame.K_e, surface)  # Rummy: the card dropped on a meld waits on the board for End turn
    app.update(0.0)
    lines = log_lines(c.game_id, c.state.history[: before + 1], [s.name for s in c.seats], "en", notes=scene.log_notes)
    assert lines[-1] == jokers_named(f"A: add {card} to {meld}", "rummy"), lines[-1]
