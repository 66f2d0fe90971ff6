"""Headless: a Königs-Rommé draw hint's reason says something true of the hand it reads.

Played at 1280x800: 'hint: draw stock — it leaves 21 points' read as the hand after the draw, whose card nobody
knows yet; and 'draw discard 7d — lay 8d 3c *' named what the hand laid without the card it takes."""

from __future__ import annotations

import pytest

from romme.engine import new_game
from romme_table.hints import hint
from romme_table.i18n import cards_named


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "draw stock — your hand before the draw: "), ("de", "vom Stapel ziehen — deine Hand vor dem Ziehen: ")],
)
def test_a_stock_draw_hint_reads_the_hand_before_the_draw(lang, said):
    move, text = hint("koenigs", new_game("koenigs", players=2, seed=1), lang)
    assert move.to_json() == {"kind": "draw", "player": 0, "source": "stock"}
    assert text.startswith(said), text


@pytest.mark.parametrize(("lang", "said"), [("en", "draw discard 7d — with 7d: "), ("de", "mit 7d: ")])
def test_a_discard_draw_hint_reads_the_hand_with_the_card(lang, said):
    state = new_game("koenigs", players=2, seed=2)
    assert state.observation(0)["discard_top"] == "7d"
    move, text = hint("koenigs", state, lang)
    assert move.to_json()["source"] == "discard"
    assert said in text and "7d 8d 3c" in text, text  # the meld the taken card makes


@pytest.mark.parametrize(
    ("lang", "taken", "thrown"), [("en", "with Jo: ", "discard Jo"), ("de", "mit Jo: ", "wirf Jo")]
)
def test_a_discard_draw_hint_keeps_the_card_it_takes(lang, taken, thrown):
    """Played at 1366x768 (H6 Q1, game no. 924966, a joker on the discard pile): 'draw discard Jo — with *: discard
    Jo — it leaves 29 points' took the joker and threw it away in one line, and named it '*' where the card reads
    'Jo'."""
    state = new_game("koenigs", players=2, seed=924966)
    assert state.observation(0)["discard_top"] == "*"
    move, text = hint("koenigs", state, lang)
    assert move.to_json()["source"] == "discard"
    shown = cards_named(text, "koenigs", lang)
    why = shown.partition(" — ")[2]  # the reason after the move's own words
    assert why.startswith(taken) and thrown not in why and "*" not in shown, shown


def test_no_discard_draw_hint_throws_its_card_away():
    """Over many first turns: the reason of a hint that takes the discard names another card to throw away."""
    checked = 0
    for seed in range(1, 120):
        state = new_game("koenigs", players=2, seed=seed)
        top = state.observation(0)["discard_top"]
        move, text = hint("koenigs", state, "en")
        if move.to_json().get("source") != "discard":
            continue
        checked += 1
        assert f"discard {top} " not in text.partition(" — ")[2] + " ", text
    assert checked >= 5, checked


def test_a_discard_draw_hint_never_names_its_discard_in_its_melds():
    """Played at 1366x768 (H7 V1, game no. 430466: 6d Kt 3s, 3d on the pile, wild 3): 'draw discard 3d — with
    3d: melds: Kt 3s 3d, discard Kt' named the one Kt in a meld and as the discard (the whole hand's melds beside
    the best discard). The melds named are those of the hand without the card it throws away."""
    move, text = hint("koenigs", new_game("koenigs", players=2, seed=430466), "en")
    assert move.to_json()["source"] == "discard"
    assert text.partition(" — ")[2].startswith("with 3d: melds: 6d 3s 3d, discard Kt"), text
    checked = 0
    for seed in range(1, 200):
        state = new_game("koenigs", players=2, seed=seed)
        move, text = hint("koenigs", state, "en")
        melds, _, thrown = text.partition(" — ")[2].partition(", discard ")
        if not thrown or move.to_json().get("source") != "discard":
            continue
        checked += 1
        obs = state.observation(0)
        held = [*obs["hand"], obs["discard_top"]]  # two alike cards (jokers): one may meld, one go
        card = thrown.split()[0]
        assert melds.split(": ", 2)[-1].replace("|", " ").split().count(card) < held.count(card), text
    assert checked >= 10, checked


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "the Jc on the discard pile does not help your hand"),
        ("de", "die Jc auf der Ablage hilft deiner Hand nicht"),
    ],
)
def test_a_stock_draw_hint_says_why_the_discard_is_left(lang, said):
    """Played at 1366x768 (H5 W5, game no. 404416, hand 6d 9t 3c, discard Jc): 'draw stock — your hand before the
    draw: it leaves 35 points' said what the hand leaves, not why the open card is left."""
    state = new_game("koenigs", players=2, seed=404416)
    assert state.observation(0)["discard_top"] == "Jc"
    move, text = hint("koenigs", state, lang)
    assert move.to_json()["source"] == "stock"
    assert text.endswith(said) and "35" in text, text


def test_a_stock_draw_hint_names_no_card_that_would_help():
    """Where the open card would leave fewer points, the stock draw's reason does not call it no help."""
    from romme_table import hints

    assert hints._koenigs_top_helps(["6d", "9t", "3c"], {"round": 1}, "Jc") is False
    assert hints._koenigs_top_helps(["6d", "9t", "3c"], {"round": 1}, "7d") is True  # 6d 7d 3c (wild): a run
