"""Headless: a hot-seat table never draws a human's hand to the other human (every frame is recorded)."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from gui_driver import click, key, open_table, open_window

from romme.bots import make_bot
from romme_table import table_draw
from romme_table.controller import Controller, Seat
from romme_table.dialogs import SHEET_GRACE, CurtainScene, ScoreScene
from romme_table.table_scene import TableScene

SMALL = (800, 600)
NUMBER_KEYS = [getattr(pygame, f"K_{d}") for d in range(1, 10)]


@pytest.fixture(scope="module")
def surface() -> Iterator[pygame.Surface]:
    yield from open_window(SMALL)


def record_hands(c: Controller, monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int, bool]]:
    """Every hand the table draws from now on: (whose hand, who is to move, whether the curtain was due)."""
    frames: list[tuple[int, int, bool]] = []
    real = table_draw.draw_hand

    def record(scene: TableScene, surface: pygame.Surface, lay: object) -> None:
        frames.append((c.viewer, c.state.current_player, c.needs_curtain()))
        real(scene, surface, lay)  # type: ignore[arg-type]

    monkeypatch.setattr(table_draw, "draw_hand", record)
    return frames


@pytest.mark.parametrize("game_id", ["koenigs", "einmaleins"])
def test_no_frame_shows_a_hand_to_the_other_human_across_a_round_change(game_id, surface, monkeypatch):
    """Two people at one screen play to the second round by the action keys, a frame drawn after every
    event as the window does: a frame drawn once the turn passed, before the next update raised the curtain,
    showed the hand of the human who had just moved (or the new deal's) while the other was to take the seat."""
    from romme_table import dialogs

    monkeypatch.setattr(dialogs, "SHEET_GRACE", 0.0)  # the players take their time: no click in a cover's first moment
    c = Controller(game_id, [Seat("You"), Seat("Bea")], seed=4, bot_delay=0.0)
    app, scene = open_table(c, surface, SMALL)
    frames = record_hands(c, monkeypatch)
    helpers = [make_bot(game_id, "greedy", seed=s) for s in (1, 2)]
    rounds, lifts, changed_at = len(scene.book.rows), 0, None
    for _ in range(600):
        app.update(0.0)
        app.draw(surface)
        if changed_at is None and len(scene.book.rows) > rounds:
            changed_at = lifts
        if c.state.is_over or (changed_at is not None and lifts > changed_at + 3):
            break
        if isinstance(app.top, CurtainScene):
            click(app, (10, 10), surface)
            lifts += 1
        elif isinstance(app.top, ScoreScene):
            key(app, pygame.K_RETURN, surface)
        else:
            move = helpers[c.state.current_player].choose(c.state.clone())
            shown = [str(m) for m in scene.visible_actions()]
            if str(move) in shown[: len(NUMBER_KEYS)]:
                key(app, NUMBER_KEYS[shown.index(str(move))], surface)
            else:  # a move the buttons do not list (a chosen discard): played, then a frame drawn at once
                assert c.play(move), c.message
                app.draw(surface)
    assert changed_at is not None and frames, "no round change was played"
    leaks = [f for f in frames if f[1] >= 0 and (f[0] != f[1] or f[2])]  # -1: the game is over
    assert not leaks, f"{len(leaks)} of {len(frames)} frames drew a hand while the other human was to move"


def test_every_round_of_a_hot_seat_game_gets_its_score_sheet(surface):
    """Königs-Rommé, two people: a round ended with the other human to move put up the curtain first and its
    score sheet was never shown (5 sheets for 10 rounds); now it lies over the curtain."""
    c = Controller("koenigs", [Seat("You"), Seat("Bea")], seed=4, bot_delay=0.0)
    app, scene = open_table(c, surface, SMALL)
    helpers = [make_bot("koenigs", "greedy", seed=s) for s in (1, 2)]
    sheets = 0
    for _ in range(3000):
        app.update(0.0)
        if c.state.is_over:
            break
        if isinstance(app.top, (CurtainScene, ScoreScene)) and app.top.shown_at is not None:
            app.top.shown_at -= SHEET_GRACE  # read: the next player sat down (a click in its first moment is refused)
        if isinstance(app.top, CurtainScene):
            click(app, (10, 10), surface)
        elif isinstance(app.top, ScoreScene):
            sheets += 1
            key(app, pygame.K_RETURN, surface)
        else:
            assert c.play(helpers[c.state.current_player].choose(c.state.clone())), c.message
    assert c.state.is_over and len(scene.book.rows) > 3
    assert sheets == len(scene.book.rows) - 1  # the last round's sheet is the end-of-game one


def test_the_scores_under_the_piles_name_their_seats(surface, monkeypatch):
    """'Scores: 16 0' under the piles left two friends at one screen guessing whose 16 it was (Königs-Rommé hot
    seat under Xvfb, round 2): each score goes with its seat's name, in the info column's width."""
    from gui_driver import drawn_fit_texts

    c = Controller("koenigs", [Seat("You"), Seat("Bea")], seed=4, bot_delay=0.0)
    helper = make_bot("koenigs", "greedy", seed=3)
    while c.observation().get("round") == 1:
        assert c.play(helper.choose(c.state.clone())), c.message
    c.lift_curtain()
    app, scene = open_table(c, surface, SMALL)
    lay = scene.compute_layout()
    scores = c.observation()["scores"]
    assert any(scores)
    drawn = [d for d in drawn_fit_texts(app, surface, monkeypatch) if d[1] == (lay.info.x, lay.info.y + 36)]
    assert len(drawn) == 1, drawn
    line, _, width, _ = drawn[0]
    assert line.endswith(f"You {scores[0]} · Bea {scores[1]}")
    assert width <= lay.info.w


def test_four_seats_scores_take_two_rows_before_the_font_shrinks(surface, monkeypatch):
    """Four names and scores on one row of the info column were drawn at 12 px at 800x600."""
    from gui_driver import drawn_fit_texts

    from romme_table.scenes import fitted

    c = Controller("romme", [Seat("You")] + [Seat(n, "bot", "greedy") for n in ("Bea", "Carl", "Dora")], seed=4)
    app, scene = open_table(c, surface, SMALL)
    lay = scene.compute_layout()
    rows = [d for d in drawn_fit_texts(app, surface, monkeypatch) if d[1][0] == lay.info.x and "·" in d[0]]
    assert [r[0] for r in rows] == ["You 0 · Bea 0", "Carl 0 · Dora 0"]
    assert all(fitted(r[0], r[2], r[3])[1] >= 16 for r in rows)


def test_keys_pressed_in_the_frame_the_turn_passed_play_nothing_for_the_next_human(surface, monkeypatch):
    """A frame's events are handled one after the other before the next update raises the curtain: the keys mashed
    after the move that passed the turn (Enter, 1, D) drew, laid and discarded for Bea, unseen by her, as You."""
    from romme_table import dialogs
    from romme_table.intents import Intent

    monkeypatch.setattr(dialogs, "SHEET_GRACE", 0.0)
    c = Controller("romme", [Seat("You"), Seat("Bea")], seed=4, bot_delay=0.0)
    app, scene = open_table(c, surface, SMALL)
    app.update(0.0)
    app.draw(surface)
    assert isinstance(app.top, CurtainScene)
    app.handle(Intent("confirm"))  # You take the seat
    app.handle(Intent("draw"))
    c.selected = [0]
    app.handle(Intent("discard"))  # the turn passes to Bea within this frame
    played = [str(m) for m in c.state.history]
    assert c.state.current_player == 1 and len(played) == 2
    for name in ("draw", "confirm", "action", "discard", "press"):
        app.handle(Intent(name, pos=(400, 500) if name == "press" else None, value=0))
    assert [str(m) for m in c.state.history] == played  # nothing played for Bea
    app.update(0.0)
    assert isinstance(app.top, CurtainScene)  # her turn begins behind the curtain


def test_keys_pressed_in_the_frame_a_round_ended_wait_for_its_sheet(surface, monkeypatch):
    """The player's discard ended Königs-Rommé's round 2 and they open round 3: a key pressed in that frame, before
    the update put the round's sheet up, drew a card in round 3 from a hand not yet seen."""
    from romme_table import dialogs
    from romme_table.intents import Intent
    from romme_table.rounds import round_marker

    monkeypatch.setattr(dialogs, "SHEET_GRACE", 0.0)
    c = Controller("koenigs", [Seat("You"), Seat("Bot", "bot", "greedy")], seed=4, bot_delay=0.0)
    app, scene = open_table(c, surface, SMALL)
    helper = make_bot("koenigs", "greedy", seed=1)
    for _ in range(3000):
        app.update(0.0)
        app.draw(surface)
        if isinstance(app.top, ScoreScene):
            app.handle(Intent("confirm"))
        elif app.top is scene and c.is_human_turn():
            before = round_marker(c.observation())
            assert c.play(helper.choose(c.state.clone())), c.message
            if round_marker(c.observation()) != before and c.state.current_player == 0:
                break
    else:
        pytest.fail("no round ended by the player's move with the player to open the next")
    played = len(c.state.history)
    for name in ("action", "draw", "confirm"):
        app.handle(Intent(name, value=0))
    assert len(c.state.history) == played  # nothing drawn before the sheet
    app.update(0.0)
    assert isinstance(app.top, ScoreScene)
