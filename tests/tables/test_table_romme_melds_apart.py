"""Rommé without Räuber: the table search never joins two table melds into one (a lay-off adds to one meld; joining
them is a rearrangement, which only ``rauber`` allows), so each answer is a place-move the game takes."""

from __future__ import annotations

import pytest
from romme_positions import place_move, position

import romme


@pytest.mark.parametrize("options", [{"wrap_around": True}, {"no_double_joker": True},
                                     {"wrap_around": True, "no_double_joker": True}])
@pytest.mark.parametrize(("table", "hand", "placed"), [
    (("5h 6h 7h", "9h 10h Jh"), "8h", 1),
    (("*=6h 7h 8h 9h", "10h *=Jh Qh Kh"), "2d", 0),
    (("*=6h 7h 8h 9h", "4s 5s *=6s", "10h *=Jh Qh Kh", "5s 5h *=5d"), "2d 10d 2h Jc Ad 6h 6s Jh 5d", None),
])
def test_two_table_melds_stay_apart_and_the_answer_plays(
        table: tuple[str, ...], hand: str, placed: int | None, options: dict[str, bool]) -> None:
    # was '5h 6h 7h 8h 9h 10h Jh' (and the two jokered runs as one meld with nothing placed), which the game
    # refuses: 'every meld on the table stays in its place, whole'
    sol = romme.solve_table("romme", " | ".join(table), hand, **options)
    assert len(sol.table) >= len(table)
    if placed is not None:
        assert len(sol.placed) == placed
    if sol.placed:
        st = position([hand + " Kc", "4s"], table=table, **options)
        st.apply(st.parse_move(place_move(sol)))
