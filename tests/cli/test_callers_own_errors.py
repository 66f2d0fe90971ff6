"""An exception the caller's own object raises (its ``__eq__``, ``__hash__``, ``__iter__``, ``__len__``) passes out of
the API as it was raised: romme refuses what it can read with a RommeError, and never wraps or swallows the caller's
own error (docs/API.md). A str or int subclass that behaves is read as the str or int it is; a move field of a
subclass is refused, the state unchanged."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import romme
from romme import IllegalMoveError


class Boom(Exception):
    pass


class RaisingText(str):
    def __eq__(self, other: object) -> bool:
        raise Boom("eq")

    def __ne__(self, other: object) -> bool:
        raise Boom("ne")

    def __hash__(self) -> int:
        raise Boom("hash")


class RaisingList(list[Any]):
    def __iter__(self) -> Any:
        raise Boom("iter")

    def __len__(self) -> int:
        raise Boom("len")


class Text(str):
    pass


CALLS: dict[str, Callable[[Any], object]] = {
    "new_game game": lambda g: romme.new_game(g, seed=1).snapshot(),
    "deck": lambda g: romme.deck(g).full(),
    "solve_hand game": lambda g: romme.solve_hand(g, "5h 6h 7h"),
    "solve_table objective": lambda o: romme.solve_table("romme", "5h 6h 7h", "8h", objective=o),
}


@pytest.mark.parametrize("entry", sorted(CALLS))
def test_a_callers_own_exception_passes_unchanged_and_a_plain_subclass_is_read(entry: str) -> None:
    value = {"solve_table objective": "cards"}.get(entry, "romme")
    with pytest.raises(Boom):
        CALLS[entry](RaisingText(value))
    assert CALLS[entry](Text(value)) == CALLS[entry](value)


@pytest.mark.parametrize(
    "call",
    [
        lambda cards: romme.parse_codes("romme", cards),
        lambda cards: romme.solve_table("rummy", [cards], "R4"),
        lambda cards: romme.Rng(1).shuffle(cards),
    ],
    ids=["parse_codes", "solve_table meld", "Rng.shuffle"],
)
def test_a_collection_that_raises_passes_its_own_exception(call: Callable[[Any], object]) -> None:
    with pytest.raises(Boom):
        call(RaisingList(["R1", "R2", "R3"]))


def test_a_move_field_of_a_raising_subclass_is_refused_and_the_state_stays() -> None:
    state = romme.new_game("romme", seed=3)
    move = state.parse_move("draw stock")
    before = state.snapshot()
    hostile = type(move)(player=move.player, source=RaisingText("stock"))  # type: ignore[call-arg]
    assert not state.is_legal(hostile)
    with pytest.raises(IllegalMoveError, match="not a text"):
        state.apply(hostile)
    assert state.snapshot() == before
