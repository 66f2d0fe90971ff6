"""Rules the Python games read from the core instead of restating them: the Krass Kariert classifier
(``_core.krass_combination`` / ``_core.krass_classify``, which ``krass_combos.play_strength`` asks) and the
hand points of Rommé, 1x1-Rommé and Rummy (``_core.hand_points``); the binding's typed frozen answers and
its one mapping of refusals to ``romme.errors``. ``tests/helpers/oracle.py`` stays the independent reference the
solver tests use."""

from __future__ import annotations

import pytest

from romme import _core, rules
from romme.cards import parse_codes
from romme.errors import IllegalMoveError, RulesError
from romme.games import rummy
from romme.games.einmaleins import melds as einmaleins_melds
from romme.games.krass import combos as kc
from romme.games.romme import melds as romme_melds


@pytest.mark.parametrize("cards", [
    [],
    [(0, 1)] * 4,
    [(kc.X, 0)],
    [(kc.X, 13)],
    [(3, 5)],
    [(kc.N, 1)],
    [(15, 0)],
    [(1, 2), (99, 1)],
])
def test_malformed_plays_raise(cards: list[tuple[int, int]]) -> None:
    with pytest.raises(ValueError):
        _core.krass_combination(cards)
    with pytest.raises(ValueError):
        _core.krass_classify(cards)


def _play(cards: list[tuple[int, int]]) -> tuple[str, int] | None:
    play = _core.krass_combination(cards)
    return None if play is None else (play.kind, play.rank)


def test_examples() -> None:
    assert _play([(7, 8), (9, 10), (8, 9)]) == ("3-straight", 10)
    assert _play([(kc.X, 6), (6, 7)]) == ("2-straight", 7)
    assert _play([(10, 11), (10, 11)]) == ("pair", 11)
    assert _play([(kc.N, 0)]) == ("draw", 0)
    assert _core.krass_classify([(kc.N, 0)]) == _core.krass_combination([(kc.N, 0)])
    assert _core.krass_combination([(kc.N, 0), (2, 3)]) is None
    assert _core.krass_combination([(3, 4), (5, 6)]) is None
    assert _core.krass_combination([(kc.X, 12), (kc.X, 12)]) is None


@pytest.mark.parametrize("cards, why", [
    ([(kc.N, 0), (2, 3)], "played alone"),
    ([(kc.X, 5), (4, 5), (kc.X, 5)], "only with neighbouring number cards"),
    ([(3, 4), (5, 6)], "no combination"),
])
def test_classify_names_the_reason(cards: list[tuple[int, int]], why: str) -> None:
    with pytest.raises(ValueError, match=why):
        _core.krass_classify(cards)


def test_game_strengths_follow_the_engine() -> None:
    assert kc.describe(kc.play_strength((7, 9, 8), ())) == "3-straight 10"
    assert kc.describe(kc.play_strength((kc.X, 5), (6,))) == "pair 6"  # code 5 is the 6
    assert kc.play_strength((kc.X, kc.X), (5, 5)) == "an X card combines only with neighbouring number cards, " \
                                                      "not with another X"
    assert _core.krass_readings_table(2)[kc.X * 15 + kc.X] == ()


def test_strength_names_come_from_the_core() -> None:
    assert [kc.describe(s) for s in (kc.FREE, kc.DRAW, kc.STOP)] == ["nothing", "draw", "stop"]
    assert kc.play_strength((kc.N,), ()) == kc.DRAW and kc.play_strength((kc.S,), ()) == kc.STOP
    assert kc.FREE < kc.play_strength((0,), ()) < kc.play_strength((11, 11, 11), ()) < kc.DRAW < kc.STOP
    for no_strength in (-2, 0, 13, 16, 95, 99, 102, 2**31 - 1):
        with pytest.raises(IllegalMoveError, match="no krass play strength"):
            _core.krass_strength_name(no_strength)


def test_hand_points_come_from_the_core() -> None:
    assert [romme_melds.hand_points(c) for c in parse_codes("romme", "Ah 2h 10h Kh *")] == [11, 2, 10, 10, 20]
    assert [rummy.hand_points(c) for c in parse_codes("rummy", "R1 R13 *")] == [1, 13, 25]
    assert [einmaleins_melds.hand_points(c) for c in parse_codes("einmaleins", "H1 H12 W")] == [50, 12, 100]
    with pytest.raises(ValueError, match="no hand points"):
        _core.hand_points("krass")


#: A small hand and an objective each game's hand solver takes (the solver checks the options first).
_SOLVER_CALL = {
    "koenigs": ("3h 4h 5h", "min-left", 1),
    "romme": ("Ah 2h 3h", "min-left", 0),
    "einmaleins": ("H1 H2 H3", "min-left", 0),
    "rummy": ("R1 R2 R3", "min-left", 0),
    "krass": ("1 2 3", "min-plays", 0),
}


def _core_refuses(game: str, name: str, value: int) -> bool:
    hand, objective, round_ = _SOLVER_CALL[game]
    try:
        _core.solve_hand(game, parse_codes(game, hand), objective, {name: value}, round_)
    except ValueError:
        return True
    return False


_EVERY_OPTION = [(game, name) for game, options in rules.OPTIONS.items() for name in options]


@pytest.mark.parametrize(("game", "name"), _EVERY_OPTION)
def test_options_are_the_cores(game: str, name: str) -> None:
    """Every option lives in the core alone: romme.rules and the engine accept and refuse the same values."""
    option = rules.OPTIONS[game][name]
    default = int(option.default)
    lo, hi = (0, 1) if isinstance(option.default, bool) else (option.lo, option.hi)
    assert lo is not None and hi is not None
    assert rules.Rules(game, {name: default}).options[name] == option.default
    assert not _core_refuses(game, name, default)
    for outside in (lo - 1, hi + 1):
        with pytest.raises(RulesError, match=name):
            rules.Rules(game, {name: outside})
        assert _core_refuses(game, name, outside)


def test_options_are_listed_once_in_the_core() -> None:
    for game in rules.OPTIONS:
        assert [spec.name for spec in _core.game_options(game)] == list(rules.OPTIONS[game])
    assert {"opening_points", "wrap_around", "rauber_table_to_hand", "target"} <= set(rules.OPTIONS["romme"])
    assert rules.Rules("romme").opening_points == 31 and rules.Rules("romme").rauber_discard_pile is True
    assert rules.Rules("rummy").max_hand_cards_per_turn == 12 and rules.Rules("einmaleins").opening_points == 51
    assert set(rules.OPTIONS) == {"koenigs", "koenigs-solo", "romme", "einmaleins", "rummy", "krass"}
    assert rules.OPTIONS["koenigs-solo"] == {}
    for game in ("romme", "rummy", "krass"):
        with pytest.raises(RulesError, match="unknown option 'nope'"):
            rules.Rules(game, {"nope": 1})
        assert _core_refuses(game, "nope", 1)
    with pytest.raises(RulesError, match="unknown game"):
        _core.game_options("chess")


def test_rummy_drafts_are_read_by_the_core() -> None:
    r5, r6, r7 = parse_codes("rummy", "R5 R6 R7")
    read = [(r5, r5), (rummy.JOKER, r6), (r7, r7)]
    meld = _core.rummy_read_draft([(r5, None), (r7, None), (rummy.JOKER, r6)])
    assert meld is not None and list(meld.pairs) == read and meld.kind == "run" and meld.points == 12
    assert [c.is_wild for c in meld.cards] == [False, True, False]
    assert rummy.MELDS.resolve(((r7, None), (rummy.JOKER, r6), (r5, None))) == tuple(read)
    for hostile in ([(-1, None), (r5, None), (r6, None)], [(r5, 10**30), (r6, None), (r7, None)], [(r5, None)] * 14):
        assert _core.rummy_read_draft(hostile) is None


# --- typed answers and the package's error classes --------------------------------------------------


def test_the_binding_answers_with_frozen_typed_objects() -> None:
    """validate_meld, solve_hand(s) and solve_table answer with Meld / PlacedCard / HandSolution /
    TableSolution objects whose fields cannot be changed."""
    h7, h9, joker = parse_codes("romme", "7h 9h *")
    meld = _core.validate_meld("romme", [h7, joker, h9])
    assert isinstance(meld, _core.Meld) and meld.kind == "run" and meld.points == 24 and len(meld) == 3
    assert meld.codes == [h7, joker, h9] and meld.stands_for == [h7, h7 + 1, h9]
    assert [(c.code, c.stands_for, c.is_wild) for c in meld.cards] == [(h7, h7, False), (joker, h7 + 1, True),
                                                                      (h9, h9, False)]
    assert meld.pairs == ((h7, h7), (joker, h7 + 1), (h9, h9)) and meld == _core.validate_meld("romme", [h9, joker, h7])
    assert len({meld.cards[0], _core.validate_meld("romme", [h7, joker, h9]).cards[0]}) == 1  # hashable, equal
    hand = _core.solve_hand("romme", [h7, joker, h9, 0], "opening", {})
    assert isinstance(hand, _core.HandSolution) and hand.melds == (meld,) and hand.left == [0]
    assert hand.opening_points is None and hand.plays is None and hand.left_points == 11
    assert [h.left for h in _core.solve_hands("romme", [[h7, joker, h9, 0], [0]], "opening", {})] == [[0], [0]]
    table = _core.solve_table("romme", [[h7, joker, h9]], [h9 + 1])
    assert isinstance(table, _core.TableSolution) and table.placed == [h9 + 1] and table.taken == [] and table.optimal
    assert [m.codes for m in table.table] == [[h7, joker, h9, h9 + 1]] and table.moved == 0
    for obj, field in ((meld, "points"), (meld.cards[0], "code"), (hand, "left_points"), (table, "moved")):
        with pytest.raises(AttributeError):
            setattr(obj, field, 0)


def test_refusals_are_the_package_errors() -> None:
    """One mapping in the binding: unknown games and options are RulesError, cards the rules refuse
    IllegalMoveError, hands or positions a solver does not take SolverError (all ValueErrors)."""
    from romme.errors import DeckError, IllegalMoveError, SolverError

    with pytest.raises(RulesError, match="unknown game"):
        _core.validate_meld("chess", [0, 1, 2])
    with pytest.raises(RulesError, match="no hand points"):
        _core.hand_points("krass")
    with pytest.raises(RulesError, match="must be a bool or an integer"):
        _core.solve_hand("romme", [0, 1, 2], "opening", {"joker_declared": "yes"})  # type: ignore[dict-item]
    with pytest.raises(IllegalMoveError):
        _core.validate_meld("romme", [0, 1, 5])
    with pytest.raises(IllegalMoveError):
        _core.krass_classify([(0, 1), (5, 6)])
    with pytest.raises(SolverError):
        _core.solve_hand("romme", [200], "opening", {})
    with pytest.raises(SolverError):
        _core.solve_table("rummy", [[0, 1, 5]], [2])  # an invalid table meld
    with pytest.raises(SolverError):
        _core.solve_hand("romme", [0], "best", {})  # no such objective
    with pytest.raises(RulesError):
        _core.RommeRules({"jokers_per_deck": 99})
    with pytest.raises(IllegalMoveError):
        _core.romme_read_meld(_core.RommeRules(), [0, 1, 5])
    with pytest.raises(DeckError):
        _core.romme_candidates(_core.RommeRules(), [99])
