"""Helpers shared by the hand-solver tests: the reference hands with known answers and an example budget."""

from __future__ import annotations

from typing import Any

from hypothesis import settings

#: For the cheap oracle comparisons: three times the profile's examples
#: (ci: 600 hands per test, dev: 6000).
MANY = settings(max_examples=3 * settings.default.max_examples)


# The reference hands of docs/SEARCH-DESIGN.md §2.3 (W = a wild-rank card there)
KOENIGS_CASES = [
    # (round, hand, min left, can go out)
    (1, "* * *", 0, False),
    (1, "* *", 100, False),
    (1, "5h 5h 5s", 0, False),
    (1, "5h 5h 6h", 16, False),
    (1, "Qd Kd 3c", 0, False),
    (1, "Kd 3c 3d", 0, False),
    (1, "5h 8h 3c 3d", 0, True),
    (1, "5h 10h 3c 3d 3h 3s", 0, True),
    (1, "Qs Ks 3s 3c", 0, True),  # W W Q K (J-10 below): no wrap needed
    (1, "3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh *", 0, True),
    (1, "7s 9d Kc 3c", 49, False),
    (6, "8h 8s 8d", 0, False),  # wild rank used as itself: still a meld
    (11, "Kh Kh Ks", 0, False),
]


KRASS_CASES = [
    ("", 0),
    ("7", 1),
    ("N S", 2),
    ("7 7 7", 1),
    ("8 10 9", 1),  # any order inside the play
    ("1 5 2 X N 7 7 7 S", 5),  # playing 5 makes 1 2 X adjacent
    ("3 N 3", 2),  # N alone; then 3 3 are a pair
    ("X 5 X", 2),  # an X combines only with number cards: X 5, then X
    ("X X", 2),
    ("1 3 5 7 9 11", 6),
    ("5 N 6 S 7", 3),
]


# (hand, options, opening points or None)
ROMME_CASES: list[tuple[str, dict[str, Any], int | None]] = [
    ("Qh Kh Ah 2c", {}, 31),
    ("Ah 2h 3h 4h 9c", {"opening_points": 1}, 10),
    ("Ah 2h 3h 4h 9c", {}, None),
    ("Kh Ah 2h 9c", {"opening_points": 1}, None),
    ("Kh Ah 2h 9c", {"opening_points": 1, "wrap_around": True}, 23),
    ("Ah As Ad 5c", {}, 33),
    ("7h 7h 7s 7d 2c", {"opening_points": 1}, 21),  # duplicate suit: only 7h 7s 7d
    ("Qh Kh * 10c Jc * 2d", {}, 61),  # * = Ah (11) and Qc (10): 31 + 30
    ("Qh Kh * 10c Jc * 2d", {"opening_without_jokers": True}, None),
    ("5h * * 2c", {"opening_points": 1}, 18),  # 5h 6h 7h (or 3-4-5 .. 5-6-7: best 18)
    ("5h * * 2c", {"opening_points": 1, "no_double_joker": True}, None),
]


RUMMY_CASES: list[tuple[str, dict[str, Any], int | None]] = [
    ("R10 R11 R12 B1", {}, 33),
    ("R10 R11 * B1", {}, None),  # the joker counts 0: 21
    ("R13 B13 G13 Y13 R1", {}, 52),
    ("R12 R13 R1", {"opening_points": 1}, None),  # no wrap
    ("R7 R7 B7 G7", {"opening_points": 1}, 21),  # one colour twice
    ("B1 B2 B3 B4 B5 B6", {"opening_points": 1, "max_hand_cards_per_turn": 4}, 18),  # B3..B6: at most 4 cards
]


EINMALEINS_CASES: list[tuple[str, int | None]] = [
    ("D40 D45 D50 H2", 135),
    ("H12 H24 H36 K2", 72),
    ("K4 D4 H4 Q9", None),  # 12 < 51
    ("H12 H16 H1 H24 Q9", 72),  # H1 stands for H20
    ("H60 H72 W", 180),  # W = H48 (there is no H84)
    ("H3 H4 H5 K2", None),  # row 1 is no row
    ("H4 H8 H10 K2", None),  # gap
    ("H1 K1 D1 Q1 W", None),  # a set of 1s is worth 4..5 points
]
