"""Headless: an opened seat's hint says why it discards when nothing of its hand can be laid (play-test W3).

Played under Xvfb: Räuber-Rommé (game no. 58021) said 'hint: discard 3d' after laying out, no why, just when a
learner wonders why not lay off, or why this card (Rummy's 'Tipp: passen' in the same finding gives the bot's own
reason since 4b516b7). The reason holds for the move: no legal move lays a hand card, the discard counts most of the
hand.
"""

from __future__ import annotations

import pygame
from gui_driver import key, open_table, play_until

from romme.rules import Rules
from romme_table.controller import Controller, Seat
from romme_table.hints import nothing_fits


def opened(c: Controller) -> bool:
    flags = c.observation().get("opened")
    return isinstance(flags, list) and bool(flags[c.viewer])


def hinted(kind: str, source: str | None = None):  # type: ignore[no-untyped-def]
    """A play_until test: the seat has opened and the hint's move is of ``kind`` (and from ``source``)."""

    def found(c: Controller) -> bool:
        if not opened(c):
            return False
        c.hint()
        j = c.hint_move.to_json() if c.hint_move is not None else {}
        return j.get("kind") == kind and (source is None or j.get("source") == source)

    return found


def rauber_58021() -> Controller:
    """The finding's Räuber-Rommé, game no. 58021: a human against a greedy bot."""
    return Controller(
        "romme",
        [Seat("You"), Seat("Bot 1", "bot", "greedy")],
        seed=58021,
        bot_delay=0.0,
        rules=Rules.make("romme", "rauber"),
    )


def test_a_rauber_discard_says_nothing_fits_and_the_card_counts_most(surface):
    c = rauber_58021()
    assert play_until(c, hinted("discard"), level="expert")
    assert {m.to_json()["kind"] for m in c.state.legal_moves()} == {"discard"}
    app, _ = open_table(c, surface)
    key(app, pygame.K_h, surface)
    card = c.hint_move.to_json()["card"]
    assert c.message.startswith(f"hint: discard {card} — no card of the hand fits the table or a new meld; "), c.message
    assert c.message.endswith(f"{card} counts most (9 points)"), c.message
    assert card == "9d" and sorted(c.hand()) == ["2d", "2s", "3c", "5d", "5d", "6c", "9d", "9d"]  # no card counts more
    c.lang = "de"
    key(app, pygame.K_h, surface)
    assert c.message.endswith(
        "9d abwerfen — keine Handkarte passt an den Tisch oder in eine neue Figur; 9d zählt am meisten (9 Punkte)"
    ), c.message


def test_no_such_reason_where_a_card_can_be_laid(surface):
    c = rauber_58021()

    def lay_off_listed(c: Controller) -> bool:
        kinds = {m.to_json()["kind"] for m in c.state.legal_moves()}
        return opened(c) and "layoff" in kinds and "discard" in kinds

    assert play_until(c, lay_off_listed, level="expert")
    discard = next(m for m in c.state.legal_moves() if m.to_json()["kind"] == "discard").to_json()
    assert nothing_fits("romme", c.state, discard, "en") == ""  # a card could be laid: no 'nothing fits'


def test_the_last_cards_discard_says_it_goes_out():
    """H5 W6 (1x1-Rommé, game no. 819918, 640x420, German): with one card in the hand, H27, whose discard won the game,
    the hint said 'H27 abwerfen — keine Karte der Hand passt an den Tisch oder in eine neue Figur; H27 zählt am
    meisten (27 Punkte)': words for keeping the points down, where the move goes out."""
    for game in ("einmaleins", "romme"):
        c = Controller(game, [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=819918, bot_delay=0.0)

        def last_card(c: Controller) -> bool:
            if not opened(c) or len(c.hand()) != 1 or not c.is_human_turn():
                return False
            c.hint()
            j = c.hint_move.to_json() if c.hint_move is not None else {}
            return j.get("kind") == "discard"

        if not play_until(c, last_card):
            continue
        assert c.hint_move is not None
        for lang, said in (("en", "that goes out"), ("de", "damit gehst du aus")):
            assert nothing_fits(game, c.state, c.hint_move.to_json(), lang).startswith(said)
        assert "that goes out" in c.message and "counts most" not in c.message, c.message
        return
    raise AssertionError("no last-card discard found")
