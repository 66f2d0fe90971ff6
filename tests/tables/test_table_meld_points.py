"""``_core.table_meld_points``, the opening points of Rummy's and 1x1-Rommé's table melds (which their
observations and bots read), against the deck's card facts: Rummy counts the numbers of the natural cards
(jokers 0), 1x1-Rommé every card as the card it stands for."""

from __future__ import annotations

import pytest

import romme
from romme import _core
from romme.bots import make_bot
from romme.cards import deck
from romme.errors import DeckError, RulesError


def played_melds(game: str, games: int = 4) -> set[tuple[tuple[int, int], ...]]:
    """Every table meld greedy bots lay in a few games."""
    melds = set()
    for seed in range(games):
        state = romme.new_game(game, seed=seed)
        bots = [make_bot(game, "greedy", seed=f"{seed}/{p}") for p in range(state.num_players)]
        while not state.is_over and len(state.history) < 400:
            state.apply(bots[state.current_player].choose(state))
            melds.update(state.table)  # type: ignore[attr-defined]
    return melds


def test_rummy_counts_the_natural_numbers() -> None:
    types = deck("rummy").types
    melds = played_melds("rummy")
    assert len(melds) > 50 and any(types[c].kind == "joker" for m in melds for c, _ in m)
    for m in melds:
        assert _core.table_meld_points("rummy", m) == sum(types[c].rank for c, _ in m if types[c].kind != "joker")


def test_einmaleins_counts_what_each_card_stands_for() -> None:
    types = deck("einmaleins").types
    melds = played_melds("einmaleins")
    assert len(melds) > 20 and any(c != s for m in melds for c, s in m)
    for m in melds:
        assert _core.table_meld_points("einmaleins", m) == sum(types[s].rank for _, s in m)


@pytest.mark.parametrize(("game", "meld", "error"), [
    ("romme", ((1, 1),), RulesError),
    ("rummy", ((60, 1),), DeckError),
    ("rummy", ((52, 52),), DeckError),
    ("einmaleins", ((100, 100),), DeckError),
])
def test_no_table_meld_of_the_game_is_refused_in_one_line(game: str, meld: object, error: type) -> None:
    with pytest.raises(error) as err:
        _core.table_meld_points(game, meld)  # type: ignore[arg-type]
    assert "\n" not in str(err.value)
