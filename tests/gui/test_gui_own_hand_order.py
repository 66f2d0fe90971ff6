"""Headless: the order a player drags the hand into is that player's, for the deal it was made in.

Played under Xvfb (session 61): after one card dragged in Königs-Rommé's round 6, every later round's hand came
as dealt (neither by suit nor by rank, the button still offering 'Sort by suit'), and with friends at one screen
the second player's hand came unsorted once the first had dragged a card."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from gui_driver import drag, key, open_table, open_window, play_until

from romme_table.controller import Controller, Seat
from romme_table.hand_drag import move_card


@pytest.fixture(scope="module")
def surface() -> Iterator[pygame.Surface]:
    yield from open_window()


def by_suit(tokens: list[str]) -> list[str]:
    """The oracle's suit order: suit letter, then rank (the wild rank and jokers are not asked here)."""
    ranks = "A 2 3 4 5 6 7 8 9 10 J Q K".split()
    return sorted(tokens, key=lambda tok: (tok[-1], ranks.index(tok[:-1])))


def plain(c: Controller) -> bool:
    """A hand without jokers or wild cards, so the oracle's order is the table's by-suit order."""
    return not any("*" in tok or c.is_wild(tok) for tok in c.hand())


def test_a_dragged_order_ends_with_its_deal_and_the_next_hand_comes_sorted(surface):
    c = Controller("romme", [Seat("You"), Seat("Bot", "bot", "greedy")], seed=5, bot_delay=0.0)
    c.run_bots_until_human()
    app, scene = open_table(c, surface)
    key(app, pygame.K_o, surface)  # by suit
    assert c.sort_mode == "suit"
    lay = scene.compute_layout()
    before = c.hand()
    drag(app, lay.hand[0].center, lay.hand[5].center, surface)
    assert c.hand() == move_card(before, 0, 5) != before
    label = [text for text, _ in scene._fixed_buttons() if "(O)" in text]
    assert label == ["Sort by suit (O)"]  # the own order is not by suit
    assert play_until(c, lambda c: bool(c.round_ends) and c.is_human_turn() and plain(c))
    app.update(0.0)
    assert c.hand() == by_suit(c.hand())
    label = [text for text, _ in scene._fixed_buttons() if "(O)" in text]
    assert label == ["Sort by rank (O)"]


def test_friends_at_one_screen_each_keep_their_own_order(surface):
    c = Controller("koenigs", [Seat("Ann"), Seat("Bea")], seed=3, bot_delay=0.0)  # dealt unsorted
    app, scene = open_table(c, surface)
    c.sort_mode = "suit"
    app.update(0.0)
    key(app, pygame.K_RETURN, surface)  # Ann's curtain
    assert c.viewer == 0 and not c.needs_curtain()
    lay = scene.compute_layout()
    last = len(lay.hand) - 1
    anns = move_card(c.hand(), 0, last)
    drag(app, lay.hand[0].center, lay.hand[last].center, surface)
    assert c.hand() == anns
    assert play_until(c, lambda c: c.state.current_player == 1 and plain_for(c, 1))
    app.update(0.0)
    key(app, pygame.K_RETURN, surface)  # Bea's curtain
    assert c.viewer == 1 and not c.needs_curtain()
    assert c.hand() == by_suit(c.hand())


def plain_for(c: Controller, seat: int) -> bool:
    was, c.viewer = c.viewer, seat
    try:
        return plain(c)
    finally:
        c.viewer = was
