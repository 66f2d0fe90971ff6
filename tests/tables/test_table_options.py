"""The table searches take their game's rules read once from the options: an unknown option name or a value
outside its range is refused before any search, as a one-line RulesError naming the option."""

from __future__ import annotations

import pytest

from romme import _core, rules
from romme.errors import RulesError

TABLE_GAMES = ("romme", "rummy", "einmaleins")


def _refusal(game: str, options: dict[str, bool | int]) -> str:
    with pytest.raises(RulesError) as raised:
        _core.solve_table(game, [], [], options=options)
    return str(raised.value)


@pytest.mark.parametrize("game", TABLE_GAMES)
def test_an_unknown_option_is_refused_in_one_line_naming_it(game: str) -> None:
    message = _refusal(game, {"no_such_option": 1})
    assert "no_such_option" in message and "\n" not in message


@pytest.mark.parametrize(("game", "name"), [(game, name) for game in TABLE_GAMES for name in rules.OPTIONS[game]])
def test_a_value_out_of_range_is_refused_in_one_line_naming_it(game: str, name: str) -> None:
    option = rules.OPTIONS[game][name]
    lo, hi = (0, 1) if isinstance(option.default, bool) else (option.lo, option.hi)
    assert lo is not None and hi is not None
    for outside in (lo - 1, hi + 1):
        message = _refusal(game, {name: outside})
        assert name in message and "\n" not in message
    # the range's ends are taken (the empty position answers with nothing placed)
    for inside in (lo, hi):
        assert _core.solve_table(game, [], [], options={name: inside}).placed == []
