"""Headless: a hand card dropped (or double-clicked) onto a Rommé meld with a joker is laid off where it fits as a
lay-off, unless it is the card the joker is shown standing for; only then is it the joker swap.

Played under Xvfb (H9 U6, Räuber-Rommé, hot seat, 1024x600): 2d dropped on '2h 2s Jo=2c', meant as a lay-off,
took the joker into the hand, and the turn then demanded the joker be laid again before the discard."""

from __future__ import annotations

from collections.abc import Callable

from gui_driver import open_table

from romme.bots import make_bot
from romme.table import add_notation
from romme_table.controller import Controller, Seat
from romme_table.table_pointer import lay_off


def first_swap(wanted: Callable[[Controller, int, str], bool], seeds: range) -> tuple[Controller, int, str]:
    """A Rommé table (the human against a greedy bot, played by a greedy helper) at the first human turn with a
    legal joker swap of a hand card onto a meld that ``wanted`` accepts: the controller, the meld, the card."""
    for seed in seeds:
        c = Controller("romme", [Seat("You"), Seat("Bot", "bot", "greedy")], seed=seed, bot_delay=0.0)
        helper = make_bot("romme", "greedy", seed=1)
        for _ in range(400):
            c.run_bots_until_human()
            if c.state.is_over:
                break
            for m in c.state.legal_moves():
                j = m.to_json()
                if j.get("kind") == "swap" and wanted(c, j["target"] - 1, j["card"]):
                    return c, j["target"] - 1, j["card"]
            assert c.play(helper.choose(c.state.clone())), c.message
    raise AssertionError("no such swap in the seeds tried")


def shown_as(c: Controller, meld: int, card: str) -> bool:
    return card in c.jokers_stand_for()[meld]


def lays_off(c: Controller, meld: int, card: str) -> bool:
    return bool(c.state.is_legal(c.state.parse_move(add_notation(card, meld))))


def test_a_card_that_lays_off_is_laid_off_beside_a_joker_shown_as_another_card(surface):
    c, meld, card = first_swap(lambda c, k, tok: not shown_as(c, k, tok) and lays_off(c, k, tok), range(2, 3))
    _, scene = open_table(c, surface)
    before = list(c.melds()[meld])
    lay_off(scene, c.hand().index(card), meld)
    assert c.state.history[-1].to_json()["kind"] == "layoff", c.message
    assert sorted(c.melds()[meld]) == sorted([*before, card]), "the card joined the meld, the joker stayed"
    assert "*" not in c.hand()


def test_the_card_a_joker_is_shown_standing_for_swaps_it(surface):
    c, meld, card = first_swap(shown_as, range(1, 40))
    _, scene = open_table(c, surface)
    jokers = c.hand().count("*")
    lay_off(scene, c.hand().index(card), meld)
    assert c.state.history[-1].to_json()["kind"] == "swap", c.message
    assert c.hand().count("*") == jokers + 1
