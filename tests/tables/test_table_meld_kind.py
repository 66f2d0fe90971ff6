"""A table meld's ``set``/``run`` in the observation is the core's reading of the meld (``_core.table_meld_kind``),
not a second copy of the rule in Python."""

from __future__ import annotations

import pytest

from romme import _core
from romme.errors import DeckError, IllegalMoveError, RulesError
from romme.games import tablemoves as tm
from romme.games.einmaleins.melds import MELDS as EINMALEINS
from romme.games.rummy import MELDS as RUMMY


@pytest.mark.parametrize(
    ("rules", "table", "kinds"),
    [
        (RUMMY, "R5 B5 Y5 | R5 R6 R7 | B9 *=B10 B11 | *=G4 G5 *=G6", ["set", "run", "run", "run"]),
        (RUMMY, "R5 *=B5 Y5 G5 | *=R13 B13 G13", ["set", "set"]),
        (EINMALEINS, "K4 D4 H4 | H12 W=H18 H24 | H6 W=H12 H18 H24", ["set", "run", "run"]),
    ],
)
def test_the_kind_is_the_cores_reading(rules: tm.MeldRules, table: str, kinds: list[str]) -> None:
    melds = tm.parse_table(rules, table)
    assert [_core.table_meld_kind(rules.game, m) for m in melds] == kinds
    assert [view["kind"] for view in tm.table_view(rules.game, melds, lambda m: 0)] == kinds


def test_the_python_copy_of_the_rule_is_gone() -> None:
    assert not hasattr(tm, "meld_kind")


def test_cards_that_are_no_meld_or_no_card_are_refused_in_one_line() -> None:
    r5, r6 = tm.parse_draft("rummy", "R5 R6")
    for call, error in [
        (lambda: _core.table_meld_kind("rummy", [(r5[0], r5[0]), (r6[0], r6[0])]), IllegalMoveError),
        (lambda: _core.table_meld_kind("rummy", [(200, 200), (r5[0], r5[0]), (r6[0], r6[0])]), DeckError),
        (lambda: _core.table_meld_kind("romme", [(1, 1), (2, 2), (3, 3)]), RulesError),
    ]:
        with pytest.raises(error) as raised:
            call()
        assert "\n" not in str(raised.value)
