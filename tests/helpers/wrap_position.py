"""Räuber-Rommé with wrap_around, position 34 of the wrap bench (benches/bench_table_romme_variants.py, seed 1): a
table search of some hundred thousand work without a budget (13 placed, 16 moved, proven), the tests' position for
what a budget or a stop does to a search under way."""

from __future__ import annotations

TABLE = [[4, 5, 6, 7, 8], [3, 42, 16], [20, 21, 22, 23, 24], [48, 49, 50], [44, 31, 18, 5], [41, 28, 2, 15],
         [38, 26, 27, 28, 29], [48, 49, 50, 51], [16, 42, 29, 3], [44, 45, 46, 47], [6, 45, 32], [17, 18, 19, 20],
         [21, 22, 23, 52], [32, 33, 34, 35, 36], [13, 52, 0, 39]]
HAND = [46, 35, 36, 30, 25, 33, 40, 43, 12, 27, 30, 11, 13]
WRAP = {"rauber": 1, "wrap_around": 1}
