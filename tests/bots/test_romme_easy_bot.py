"""Rommé's Easy bot (play-test T8): the table's Easy was the uniform random bot, which gave its jokers away and never
laid a meld, so a first-time player met an opponent that never played. Easy is now a weak but sensible player: it
lays the melds it holds and keeps its jokers, beats the random bot and loses to Medium (greedy)."""

from __future__ import annotations

import pytest

from romme.bots import LEVELS, make_bot
from romme.bots.common import play_out
from romme.engine import new_game
from romme.games.romme.melds import JOKER
from romme.games.romme.moves import Discard, LayOff, MeldMove
from romme.rules import Rules


def test_easy_is_its_own_level_between_random_and_greedy():
    assert LEVELS.index("random") < LEVELS.index("easy") < LEVELS.index("greedy")
    assert make_bot("romme", "easy", 1).level == "easy"
    assert make_bot("romme", "random", 1).level == "random"  # the random bot keeps its own name


@pytest.mark.parametrize("preset", ["standard", "rauber-to-hand", "klopfen"])
def test_easy_lays_melds_and_keeps_its_jokers(preset):
    laid, jokers_given, deals = 0, [], 4
    for seed in range(deals):
        st = new_game("romme", players=2, seed=seed, rules=Rules.make("romme", preset, target=1))
        bots = [make_bot("romme", "easy", seed), make_bot("romme", "random", seed)]
        for _ in range(4000):
            if st.is_over:
                break
            p = st.current_player
            move = bots[p].choose(st)
            if p == 0:
                laid += isinstance(move, (MeldMove, LayOff))
                hand = sorted(st.seat_view(0).hand)
                if isinstance(move, Discard) and move.card == JOKER and len(hand) > 1:  # (the last card goes out)
                    jokers_given.append(hand)
            st.apply(move)
        assert st.is_over
    assert laid >= 2 * deals, f"Easy laid {laid} melds or lay-offs in {deals} deals"
    assert jokers_given == [], "Easy gave a joker away"


def _wins(levels: tuple[str, str], games: int) -> list[int]:
    """Deals won per level over ``games`` one-deal games, the seats swapped every other game."""
    won = [0, 0]
    for g in range(games):
        order = levels if g % 2 == 0 else levels[::-1]
        st = new_game("romme", players=2, seed=100 + g, rules=Rules.make("romme", "standard", target=1))
        play_out(st, [make_bot("romme", lv, f"{g}/{i}") for i, lv in enumerate(order)], max_moves=6000)
        assert st.is_over
        for w in st.result().winners:
            won[levels.index(order[w])] += 1
    return won


def test_easy_beats_random_and_loses_to_greedy():
    easy, rand = _wins(("easy", "random"), 8)
    assert easy >= 7, (easy, rand)
    easy, greedy = _wins(("easy", "greedy"), 8)
    assert greedy > easy, (easy, greedy)
