"""Headless: Krass Kariert's action buttons and hint name a play by its cards, as the log does.

Seen under Xvfb: the buttons read 'Karte 0 spielen: 8' and 'Karten 2–4 spielen: 4 6 5' (hand places counted
from 0, which the hand shows nowhere) and the hint 'Tipp: Karten 2–4 spielen'.
"""

from __future__ import annotations

import pygame
import pytest
from gui_driver import drawn_texts, open_table, play_until

from romme_table.controller import Controller, Seat
from romme_table.move_reading import move_positions


@pytest.mark.parametrize(("lang", "say"), [("en", "play {cards} ("), ("de", "{cards} spielen (")])
def test_a_krass_play_is_named_by_its_cards_on_the_buttons_and_in_the_hint(surface, lang, say):
    seats = [Seat("You"), Seat("Bot 1", "bot", "greedy"), Seat("Bot 2", "bot", "greedy")]
    c = Controller("krass", seats, seed=1, bot_delay=0.0, lang=lang)
    c.run_bots_until_human()
    app, scene = open_table(c, surface, (800, 600))
    hand = c.hand()
    plays = [m for m in c.state.legal_moves() if m.to_json().get("kind") == "play"]
    assert plays
    for move in plays:
        cards = " ".join(hand[i] for i in move_positions(move))
        assert c.label(move).startswith(say.format(cards=cards)), c.label(move)
    labels = [label for label, _ in scene._buttons()]
    assert not any("Karte" in label or "card" in label for label in labels), labels
    c.hint()
    hinted = " ".join(hand[i] for i in move_positions(c.hint_move))
    assert say.format(cards=hinted) in c.message, c.message


#: a hand place by the cards beside it, as the player sees the hand: (left card or None, right card or None)
PLACE_WORDS = {
    "en": {"between": "between {0} and {1}", "before": "before {1}", "after": "after {0}"},
    "de": {"between": "zwischen {0} und {1}", "before": "vor {1}", "after": "nach {0}"},
}


def expected_place(hand: list[str], position: int, lang: str) -> str:
    left = hand[position - 1] if position > 0 else None
    right = hand[position] if position < len(hand) else None
    shape = "between" if left and right else "before" if right else "after"
    return PLACE_WORDS[lang][shape].format(left, right)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_krass_reserve_names_its_place_by_the_cards_beside_it(surface, lang):
    """The reserve buttons and the hint counted hand places from 0 ('take the left reserve into place 0',
    'linke Reserve an Stelle 0 nehmen'); they name the place by its neighbouring cards."""

    def reserve_hinted(c: Controller) -> bool:
        c.hint()
        return c.hint_move is not None and c.hint_move.to_json()["kind"] == "reserve"

    seats = [Seat("You"), Seat("B1", "bot", "greedy"), Seat("B2", "bot", "greedy")]
    c = Controller("krass", seats, seed=5, bot_delay=0.0, lang=lang)
    assert play_until(c, reserve_hinted)
    app, scene = open_table(c, surface, (800, 600))
    hand, reserves = c.hand(), c.own_reserves()
    moves = [m for m in c.state.legal_moves() if m.to_json()["kind"] == "reserve"]
    assert {m.to_json()["position"] for m in moves} >= {0, 1, len(hand)}  # before, between and after
    for move in moves:
        j = move.to_json()
        label = c.label(move)
        assert reserves[j["index"]] in label and expected_place(hand, j["position"], lang) in label, label
        assert "Stelle" not in label and "place" not in label, label
    c.hint()
    j = c.hint_move.to_json()
    assert expected_place(hand, j["position"], lang) in c.message, c.message
    assert "Stelle" not in c.message and "place" not in c.message, c.message


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_drawn_krass_card_names_its_place_by_the_cards_beside_it(surface, lang):
    """After a draw card the insert buttons counted hand places from 0 ('insert at place 3', 'an Stelle 3
    einstecken'); they name the drawn card and its place by the neighbouring cards, and the log, which every
    seat reads, still names no place of the hidden hand."""
    from romme_table.move_log import words_before

    seats = [Seat("You"), Seat("B1", "bot", "greedy"), Seat("B2", "bot", "greedy")]
    c = Controller("krass", seats, seed=4, bot_delay=0.0, lang=lang)
    assert play_until(c, lambda c: c.observation().get("phase") == "insert" and c.is_human_turn())
    app, scene = open_table(c, surface, (800, 600))
    hand, card = c.hand(), c.observation()["drawing"]["card"]
    moves = [m for m in c.state.legal_moves() if m.to_json()["kind"] == "insert"]
    assert len(moves) == len(hand) + 1 and len(hand) >= 2  # before, between and after
    for move in moves:
        label = c.label(move)
        assert card in label and expected_place(hand, move.to_json()["position"], lang) in label, label
        assert "Stelle" not in label and "place" not in label, label
        log_words = words_before("krass", move, c.state, lang) or ""
        assert not any(expected_place(hand, p, lang) in log_words for p in range(len(hand) + 1)), log_words


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_reserve_label_reads_in_two_rows_over_the_cards(surface, monkeypatch, size, lang):
    """Seen at 800x600: 'Deine Reserve (in die Hand ziehen)' stood in one row of the two cards' width in 12 pt. It
    takes two rows over the cards, what to do in brackets on the second, in 16 pt or more, whole."""
    from romme_table.demo import mid_game
    from romme_table.i18n import t

    c = mid_game("krass", lang=lang)
    canvas = pygame.Surface(size)
    app, scene = open_table(c, canvas, size)
    drawn = drawn_texts(app, canvas, monkeypatch)
    lay = scene.compute_layout()
    head, _, how = t("reserves", lang).partition(" (")
    rows = [d for d in drawn if d[0] in (head, f"({how}")]
    assert [r[0] for r in rows] == [head, f"({how}"], drawn
    assert all(sz >= 16 for _, _, sz in rows), rows
    assert rows[0][1][1] < rows[1][1][1] < lay.reserves[0].y  # one under the other, over the cards


def test_a_seats_reserve_is_named_in_words_and_an_empty_one_says_so():
    """Krass Kariert under Xvfb: the seats read 'R: 12 N', and a reserve used up 'chips 3  R:'."""
    from romme_table.controller import Controller, Seat

    c = Controller("krass", [Seat("You"), Seat("Bot 1", "bot", "greedy"), Seat("Bot 2", "bot", "greedy")], seed=5)
    reserves = c.observation()["reserves"]
    for i, note in enumerate(c.seat_notes()):
        assert note.endswith("  reserve " + " ".join(str(r) for r in reserves[i])), note
    assert c._reserve_note([]) == "no reserve"
    c.lang = "de"
    assert c._reserve_note([]) == "keine Reserve" and c.seat_notes()[0].split("  ")[1].startswith("Reserve ")
