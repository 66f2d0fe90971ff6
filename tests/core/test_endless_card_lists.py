"""A card list, a table or a list of hands that never ends (a generator such as ``itertools.repeat``) is refused
with InvalidNotationError after a bounded read, where the API read it into a list forever (memory growing, no
answer); and a list whose ``__len__`` lies (2**62) is read by its items, where ``list()`` raised MemoryError."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest

import romme
from romme.errors import InvalidNotationError

#: Past every cap: a read that reaches it never stopped.
RAN_AWAY = 200_000


def endless(item: Any) -> Iterator[Any]:
    for _ in range(RAN_AWAY):
        yield item
    raise AssertionError("read past every cap")


ENDLESS: dict[str, Callable[[], object]] = {
    "format_cards": lambda: romme.format_cards("rummy", endless(1)),
    "parse_cards": lambda: romme.parse_cards("romme", endless("Kh")),
    "parse_codes": lambda: romme.parse_codes("krass", endless(3)),
    "solve_hand": lambda: romme.solve_hand("romme", endless(1)),
    "solve_table hand": lambda: romme.solve_table("rummy", [], endless(1)),
    "solve_table meld": lambda: romme.solve_table("rummy", [endless(1)], "R1"),
    "solve_table table": lambda: romme.solve_table("rummy", endless("R1 R2 R3"), "R4"),
    "solve_hands": lambda: romme.solve_hands("romme", endless([1, 2, 3])),
}


@pytest.mark.parametrize("entry", sorted(ENDLESS))
def test_an_endless_collection_is_refused_after_a_bounded_read(entry: str) -> None:
    with pytest.raises(InvalidNotationError, match="holds at most"):
        ENDLESS[entry]()


class LyingLength(list[Any]):
    def __len__(self) -> int:
        return 2**62


@pytest.mark.parametrize("call", [
    lambda cards: romme.format_cards("rummy", cards),
    lambda cards: romme.parse_codes("romme", cards),
    lambda cards: romme.solve_hand("romme", cards),
])
def test_a_list_whose_len_lies_is_read_by_its_items(call: Callable[[Any], object]) -> None:
    assert call(LyingLength([0, 1, 2])) == call([0, 1, 2])


def test_a_long_list_within_the_cap_is_read() -> None:
    codes = itertools.islice(itertools.cycle(range(10)), 2000)
    assert len(romme.format_cards("krass", codes).split()) == 2000


def test_a_table_past_the_cap_in_all_is_refused_after_a_bounded_read() -> None:
    """The cap holds for the table's cards together: 10,000 melds of 5,000 cards each were all read (50 million
    items, minutes) before the deck's count refused them."""
    read = 0

    def meld() -> Iterator[str]:
        nonlocal read
        for _ in range(5000):
            read += 1
            if read > 3 * romme.cards.MAX_CARD_ITEMS:
                raise AssertionError("read past the table's cap")
            yield "R1"

    with pytest.raises(InvalidNotationError, match="a table holds at most 10,000 cards, got more"):
        romme.solve_table("rummy", (meld() for _ in range(10_000)), "R4")


class EndlessMeld(Sequence[str]):
    """A sequence that says it is short but never ends when walked (``__getitem__`` never raises IndexError)."""

    def __len__(self) -> int:
        return 3

    def __getitem__(self, i: Any) -> Any:
        if i > RAN_AWAY:
            raise AssertionError("read past every cap")
        return "R1"


def test_a_table_meld_that_never_ends_is_refused() -> None:
    """A meld given as a sequence was walked whole by the check for declared wilds ('*=R5'): it hung."""
    with pytest.raises(InvalidNotationError, match="table meld 1: a list of cards holds at most"):
        romme.solve_table("rummy", [EndlessMeld()], "R4")
