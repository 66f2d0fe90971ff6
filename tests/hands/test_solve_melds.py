"""Meld rules of every game through ``_core.validate_meld``, against the
oracle's predicates and the examples of docs/RULES.md and the rule sheets."""

from __future__ import annotations

from typing import Any

import oracle
import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import einmaleins_hands, koenigs_hands, romme_hands, rummy_hands

from romme import _core
from romme.cards import format_cards, parse_codes
from romme.rules import Rules


def validate(game: str, text: str | list[int], round: int = 0, **opts: Any) -> dict[str, Any] | None:
    """The core's answer for a meld, None if it rejects it (ValueError)."""
    codes = parse_codes(game, text, **opts) if isinstance(text, str) else text
    try:
        return _core.validate_meld(game, codes, dict(Rules(game, opts).options), round)
    except ValueError:
        return None


def assert_agrees(game: str, codes: list[int], round: int = 0, **opts: Any) -> dict[str, Any] | None:
    """Core and oracle agree on validity; a valid answer is a valid certificate."""
    rules = Rules(game, opts)
    got = validate(game, codes, round, **opts)
    want = oracle.meld_points(game, codes, rules, round)
    shown = format_cards(game, codes)
    assert (got is not None) == (want is not None), f"{game} [{shown}] {opts}: core {got}, oracle {want}"
    if got is not None:
        placed = [tuple(p) for p in got.pairs]
        assert sorted(c for c, _ in placed) == sorted(codes)
        pts = oracle.placed_meld_points(game, got.kind, placed, rules, round)
        assert pts is not None, f"{game} [{shown}]: bad certificate {got}"
        assert pts == got.points, f"{game} [{shown}]: {got.points} points claimed, cards make {pts}"
        assert got.points <= want
        if game != "koenigs" and not opts.get("joker_declared"):
            # Rommé, 1x1 and Rummy report the reading that scores most
            assert got.points == want, f"{game} [{shown}]: {got.points} points, best reading {want}"
    return got


# --- Königs-Rommé -----------------------------------------------------------------------------

KOENIGS_VALID = [
    (1, "5h 5h 5s", "set"),  # duplicates allowed
    (1, "5h 5s 5d 5c 5t 5h", "set"),  # sets have no maximum
    (1, "Qd Kd *", "run"),
    (1, "* * *", None),  # all wilds
    (6, "8h 8s 8d", "set"),  # the wild rank as itself
    (2, "Qs Ks 4s", "run"),  # 4 wild in round 2: J-Q-K
    (1, "3c 3d 5h", "set"),  # 3s wild in round 1
    (5, "3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh", "run"),
    (3, "9t 5c 5d Jt", "run"),
]
KOENIGS_INVALID = [
    (1, "5h 5h 6h"),  # a run holds one rank twice
    (2, "Qs Ks 3s"),  # no wrap (3 is natural in round 2)
    (1, "5h 6h"),  # two cards
    (1, "5h 6d 7h"),  # suits differ
    (11, "Jh Qh 3h Kc"),
]


@pytest.mark.parametrize("rnd,text,kind", KOENIGS_VALID)
def test_koenigs_valid(rnd: int, text: str, kind: str | None) -> None:
    got = assert_agrees("koenigs", parse_codes("koenigs", text), rnd)
    assert got is not None
    if kind:
        assert got.kind == kind


@pytest.mark.parametrize("rnd,text", KOENIGS_INVALID)
def test_koenigs_invalid(rnd: int, text: str) -> None:
    assert assert_agrees("koenigs", parse_codes("koenigs", text), rnd) is None


def test_koenigs_wild_in_run_stands_for_gap() -> None:
    got = validate("koenigs", "5h 7h *", 1)
    assert got is not None and (parse_codes("koenigs", "*")[0], parse_codes("koenigs", "6h")[0]) in got.pairs


@given(st.integers(1, 11).flatmap(lambda r: st.tuples(st.just(r), koenigs_hands(r, min_size=3, max_size=6))))
def test_koenigs_melds_match_oracle(rh: tuple[int, list[int]]) -> None:
    assert_agrees("koenigs", rh[1], rh[0])


# --- Rommé ------------------------------------------------------------------------------------

ROMME_VALID: list[tuple[str, dict[str, Any], int | None]] = [
    ("7h 7s 7d", {}, 21),
    ("7h 7s 7d 7c", {}, 28),
    ("Ah 2h 3h", {}, 6),  # ace low: 1
    ("Qh Kh Ah", {}, 31),  # ace high: 11
    ("Ah As Ad", {}, 33),
    ("Kh Ah 2h", {"wrap_around": True}, None),
    ("Jh Qh Kh Ah 2h 3h", {"wrap_around": True}, None),
    ("Ah 2h *", {}, 6),  # joker = 3h
    ("2h 3h *", {}, None),
    ("5h 6h * * 9h", {"no_double_joker": True}, 35),  # adjacent jokers in a run of 5
    ("5h * 7h", {"no_double_joker": True}, 18),
    ("5h 6h * *", {"no_double_joker": True}, None),  # two jokers side by side in a run of 4
    ("5h * *", {}, None),  # one natural and two jokers: fine by default
    ("7h 7s * *", {}, 28),
    ("7h 7s * *", {"no_double_joker": True}, 28),  # sheet: only one natural with two jokers is forbidden
    ("7h 7s *", {"joker_declared": True}, 21),
    ("7h 7s *", {"opening_without_jokers": True}, 21),  # a valid meld, only not for the opening
]
ROMME_INVALID: list[tuple[str, dict[str, Any]]] = [
    ("7h 7h 7s", {}),  # a suit twice in a set
    ("7h 7s 7d 7c *", {}),  # five cards in a set
    ("Kh Ah 2h", {}),  # no wrap without the option
    ("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah", {}),  # ace low and high at once
    ("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah", {"wrap_around": True}),  # a rank twice
    ("5h * *", {"no_double_joker": True}),
    ("5h 6d 7h", {}),
    ("* * *", {}),  # no natural card
]


@pytest.mark.parametrize("text,opts,points", ROMME_VALID)
def test_romme_valid(text: str, opts: dict[str, Any], points: int | None) -> None:
    got = assert_agrees("romme", parse_codes("romme", text), **opts)
    assert got is not None
    if points is not None:
        assert got.points == points


@pytest.mark.parametrize("text,opts", ROMME_INVALID)
def test_romme_invalid(text: str, opts: dict[str, Any]) -> None:
    assert assert_agrees("romme", parse_codes("romme", text), **opts) is None


ROMME_MELD_OPTIONS = st.fixed_dictionaries({"wrap_around": st.booleans(), "no_double_joker": st.booleans()})


@given(romme_hands(min_size=3, max_size=6), ROMME_MELD_OPTIONS)
def test_romme_melds_match_oracle(codes: list[int], opts: dict[str, Any]) -> None:
    assert_agrees("romme", codes, **opts)


# --- 1x1-Rommé: every example of the rule sheet -----------------------------------------------

EINMALEINS_VALID = [
    ("K4 D4 H4", "set", 12),
    ("H7 K7 W", "set", 21),
    ("H3 H6 H9 W H15", "run", 45),  # 3-row, W = H12
    ("H12 H16 H1 H24", "run", 72),  # H1 = H20
    ("K7 K14 K21", "run", 42),  # 7-row
    ("D40 D45 D50", "run", 135),  # 5-row
    ("H12 H24 H36", "run", 72),  # the großes 1x1
    ("H1 K1 D1", "set", 3),  # value-1 cards as naturals
    ("H60 H72 W", "run", 180),  # W = H48, not H84
]
EINMALEINS_INVALID = [
    "H4 H8 H10",  # the sheet: H6 missing
    "H2 H4 K6",  # the sheet: symbols differ
    "H3 H4 H5",  # the sheet: row 1 is no row
    "K10 K12 K13",  # not multiples of one row
    "H5 K5 H1",  # a value-1 card is wild only in runs
    "K12 K24 H1",  # ... and only in runs of its own symbol
    "K4 D4 W W W",  # five 4s: a set holds one card per symbol
    "H7 K7 D7 Q7 W",  # a set of 7s holds at most the four symbols
]


@pytest.mark.parametrize("text,kind,points", EINMALEINS_VALID)
def test_einmaleins_valid(text: str, kind: str, points: int) -> None:
    got = assert_agrees("einmaleins", parse_codes("einmaleins", text))
    assert got is not None and got.kind == kind
    assert got.points == points


@pytest.mark.parametrize("text", EINMALEINS_INVALID)
def test_einmaleins_invalid(text: str) -> None:
    assert assert_agrees("einmaleins", parse_codes("einmaleins", text)) is None


def test_einmaleins_wild_stands_for_existing_card() -> None:
    got = validate("einmaleins", "H60 H72 W")
    assert got is not None
    w = parse_codes("einmaleins", "W")[0]
    assert dict(got.pairs)[w] == parse_codes("einmaleins", "H48")[0]
    # D40 with wilds is a 5-row run (a set of 40s cannot exist: only D has a 40)
    got = assert_agrees("einmaleins", parse_codes("einmaleins", "D40 W W"))
    assert got is not None and got.kind == "run"
    # two wilds below H60 H72: H36 H48 (H84 does not exist)
    assert assert_agrees("einmaleins", parse_codes("einmaleins", "H60 H72 W W")) is not None


@given(einmaleins_hands(min_size=3, max_size=6))
def test_einmaleins_melds_match_oracle(codes: list[int]) -> None:
    assert_agrees("einmaleins", codes)


# --- Rummy ------------------------------------------------------------------------------------

RUMMY_VALID = [
    ("R7 B7 G7", 21),
    ("R7 B7 G7 Y7", 28),
    ("R5 R6 *", 11),  # jokers count 0
    ("B1 B2 B3", 6),
    ("Y11 Y12 Y13", 36),
    ("R7 B7 *", 14),
]
RUMMY_INVALID = [
    "R7 R7 B7",  # a colour twice
    "R7 B7 G7 Y7 *",  # five in a set
    "R12 R13 R1",  # no wrap
    "R5 R6 R6",
    "R5 B6 R7",
]


@pytest.mark.parametrize("text,points", RUMMY_VALID)
def test_rummy_valid(text: str, points: int) -> None:
    got = assert_agrees("rummy", parse_codes("rummy", text))
    assert got is not None and got.points == points


@pytest.mark.parametrize("text", RUMMY_INVALID)
def test_rummy_invalid(text: str) -> None:
    assert assert_agrees("rummy", parse_codes("rummy", text)) is None


@given(rummy_hands(min_size=3, max_size=6))
def test_rummy_melds_match_oracle(codes: list[int]) -> None:
    assert_agrees("rummy", codes)


def test_krass_has_no_melds() -> None:
    with pytest.raises(ValueError):
        _core.validate_meld("krass", [0, 1, 2], {}, 0)


@pytest.mark.parametrize("text,stands,valid", [
    ("* 5h 6h", "4h 5h 6h", True),
    ("5h 6h *", "5h 6h 7h", True),
    ("5h * 7h", "5h 6h 7h", True),
    ("5h * 6h", None, False),
])
def test_romme_joker_declared_reads_runs_in_order(text: str, stands: str | None, valid: bool) -> None:
    got = validate("romme", text, joker_declared=True)
    assert (got is not None) == valid
    if got is not None:
        assert format_cards("romme", [s for _, s in got.pairs]) == stands


def test_romme_joker_in_set_is_a_missing_suit() -> None:
    got = validate("romme", "7h 7s *")
    assert got is not None and got.kind == "set"
    joker = parse_codes("romme", "*")[0]
    stands = format_cards("romme", [s for c, s in got.pairs if c == joker])
    assert stands in ("7c", "7d")  # a 7 of a suit the set lacks
