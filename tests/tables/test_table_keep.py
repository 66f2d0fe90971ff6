"""Which hand cards a table move holds back to keep a card to discard (``romme.table_keep.hold_back_order``): every
distinct card, the naturals by the points they count in the hand, cheapest first, the wilds last."""

from __future__ import annotations

from romme.cards import parse_codes
from romme.table_keep import hold_back_order


def test_every_distinct_card_is_tried_naturals_cheapest_first_then_the_wilds() -> None:
    hand = parse_codes("romme", "Kd 2c * 2c 9h Ah 3s", check_counts=False)
    assert hold_back_order("romme", hand) == parse_codes("romme", "2c 3s 9h Kd Ah *")
    one = parse_codes("einmaleins", "W H36 K2 H2 W Q81", check_counts=False)
    assert hold_back_order("einmaleins", one) == parse_codes("einmaleins", "H2 K2 H36 Q81 W")
