"""Headless: each other seat's box says what that seat did on its last turn ('draw discard Kh · discard 2s',
shortened at its start to fit). At 640x420 the move log has two rows, and a bot's box said only its name and
level: what that bot just did was gone with the next move."""

from __future__ import annotations

import pygame
import pytest
from gui_driver import drawn_texts, open_table, play_until

from romme_table import seat_moves
from romme_table.controller import Controller, Seat
from romme_table.seat_moves import fitted_tail, last_turn_words


def table(lang: str, moves: int, surface: pygame.Surface, size: tuple[int, int]):
    seats = [Seat("You"), Seat("Bot 1", "bot", "greedy"), Seat("Bot 2", "bot", "greedy")]
    c = Controller("romme", seats, seed=5, bot_delay=0.0)
    c.lang = lang
    app, scene = open_table(c, surface, size)
    assert play_until(c, lambda c: len(c.state.history) >= moves)
    for _ in range(3):
        app.update(0.0)
    return c, app, scene


@pytest.mark.parametrize(
    ("lang", "size", "bot1", "bot2"),
    [
        ("en", (640, 420), "discard 10h", "discard Qd"),
        ("de", (640, 420), "10h abwerfen", "Dd abwerfen"),  # (a German Dame: D)
        ("en", (1280, 800), "discard 10h", "discard Qd"),
    ],
)
def test_each_bots_box_says_its_last_turn(lang, size, bot1, bot2, surface, monkeypatch):
    c, app, scene = table(lang, 40, surface, size)
    texts = [s for s, _, _ in drawn_texts(app, surface, monkeypatch)]
    boxes = scene.layout.opponents
    assert bot1 in texts and bot2 in texts, texts
    drawn = {s: pos for s, pos, _ in drawn_texts(app, surface, monkeypatch)}
    assert boxes[0].collidepoint(drawn[bot1]) and boxes[1].collidepoint(drawn[bot2])


def test_a_turn_of_several_moves_keeps_its_newest_whole_and_a_stock_draw_is_left_out(surface):
    c, _, scene = table("en", 1, surface, (640, 420))
    history = c.state.history
    for k in range(len(history), 400):  # the first bot turn that laid something
        assert play_until(c, lambda c, k=k: len(c.state.history) > k)
        words = last_turn_words(scene, 1)
        if " · " in words:
            break
    assert " · " in words and "draw stock" not in words, words
    newest = words.split(" · ")[-1]
    pygame.font.init()
    short = fitted_tail(words, 100, 18)
    assert short.endswith(newest) and short.startswith("…"), short
    assert seat_moves.font(18).size(short)[0] <= 100


def test_a_new_deal_shows_no_turn_of_the_last_one(surface):
    c, _, scene = table("en", 1, surface, (640, 420))
    assert play_until(
        c,
        lambda c: (
            bool(c.round_ends)
            and c.state.current_player == 0
            and c.is_human_turn()
            and all(getattr(m, "player", 0) == 0 for m in c.state.history[max(c.round_ends) + 1 :])
        ),
    )
    assert last_turn_words(scene, 1) == "" and last_turn_words(scene, 2) == ""


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_a_box_holds_a_discard_draw_and_a_discard_whole(size, surface, monkeypatch):
    """At 1280x800 a 196-px box cut 'draw discard Ks · discard Kd' to '…· discard Kd': the card taken from the
    pile, the player's own discard, was the news. Boxes are 200 base px now where the row has the room."""
    _, app, scene = table("en", 40, surface, size)
    turn = "draw discard Ks · discard Kd"
    monkeypatch.setattr(seat_moves, "last_turn_words", lambda scene, seat: turn)
    from romme_table import table_draw

    monkeypatch.setattr(table_draw, "last_turn_words", lambda scene, seat: turn)
    texts = [s for s, _, _ in drawn_texts(app, surface, monkeypatch)]
    assert texts.count(turn) == 2, [s for s in texts if "discard" in s]


def test_a_pass_at_a_knock_question_is_not_a_turn(surface):
    """Played at 1280x800 (Rommé with knocking against Master): Bot 2's box said 'no knock for 4h' over its turn."""
    seats = [Seat("You"), Seat("Bot 1", "bot", "greedy"), Seat("Bot 2", "bot", "greedy")]
    c = Controller("romme", seats, seed=5, rules={"knocking": True}, bot_delay=0.0)
    _, scene = open_table(c, surface, (1280, 800))

    def passed_last(c: Controller) -> bool:
        last = c.state.history[-1] if c.state.history else None
        return last is not None and str(last) == "pass" and last.player != 0

    assert play_until(c, passed_last)
    passer = c.state.history[-1].player
    words = last_turn_words(scene, passer)
    assert words and "knock" not in words, words
    assert words.split(" · ")[-1].startswith(("discard", "knock")) or "out" in words, words


def test_krass_boxes_wide_enough_put_chips_and_reserve_on_one_row_and_say_the_last_turn(surface, monkeypatch):
    """Krass Kariert's box held name, chips and reserve on three rows, no room for what the seat just did: where
    chips and reserve fit one row (1280x800) the third row says it."""
    seats = [Seat("You"), Seat("Bot 1", "bot", "greedy"), Seat("Bot 2", "bot", "greedy")]
    c = Controller("krass", seats, seed=5, bot_delay=0.0)
    app, scene = open_table(c, surface, (1280, 800))
    assert play_until(c, lambda c: len(c.state.history) >= 12)
    for _ in range(3):
        app.update(0.0)
    texts = drawn_texts(app, surface, monkeypatch)
    from gui_driver import drawn_fit_texts

    rows = [s for s, *_ in drawn_fit_texts(app, surface, monkeypatch)]
    for seat in (1, 2):
        chips, reserve = c.seat_notes()[seat].split("  ")
        assert f"{chips} · {reserve}" in rows, rows
        newest = last_turn_words(scene, seat).split(" · ")[-1]
        box = scene.layout.opponents[seat - 1]
        assert newest and any(s.endswith(newest) and box.collidepoint(pos) for s, pos, _ in texts), (newest, texts)


def test_the_boxes_read_the_moves_again_only_after_a_change(surface, monkeypatch):
    """Every box asked for its seat's last turn every frame, reading the round's moves again: 0.9 ms a frame at
    640x420 150 moves into a Rommé game, with nothing changed. A language switch (G) or a move reads them again."""
    from gui_driver import key

    c, app, scene = table("en", 40, surface, (640, 420))
    app.draw(surface)
    read: list[object] = []
    real = seat_moves.move_words
    monkeypatch.setattr(seat_moves, "move_words", lambda move, lang: (read.append(move), real(move, lang))[1])
    for _ in range(3):
        app.draw(surface)
    assert read == []
    key(app, pygame.K_g, surface)
    app.draw(surface)
    assert read and last_turn_words(scene, 1) == "10h abwerfen", last_turn_words(scene, 1)
    read.clear()
    before = len(c.state.history)
    assert play_until(c, lambda c: any(getattr(m, "player", None) == 1 for m in c.state.history[before:]))
    app.draw(surface)
    assert read and last_turn_words(scene, 1) != "10h abwerfen", last_turn_words(scene, 1)


def test_a_last_move_too_long_for_the_box_keeps_its_cards(surface):
    """Krass Kariert at 640x420 (de, Xvfb): Bot 1's box read '…pielen (2er-Straße 5)', the move's first letters cut
    and with them the cards played ('5 4 spielen'). A move too long alone is cut at its end."""
    pygame.font.init()
    move = "5 4 spielen (2er-Straße 5)"
    width = seat_moves.font(18).size(move)[0] * 2 // 3
    short = fitted_tail(move, width, 18)
    assert short.startswith("5 4 spielen") and short.endswith("…"), short
    assert seat_moves.font(18).size(short)[0] <= width
    assert fitted_tail(f"draw stock · {move}", width, 18) == short
