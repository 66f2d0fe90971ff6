"""An integer program for the Räuber table search (Rummy, and Rommé with
``rauber``), solved by HiGHS (scipy): an oracle independent of the sweep for
tables far too large for the brute-force oracle (``oracle_table.py``).

Every valid new table is a choice of *patterns* (a run of cells ``a..b`` of
one colour, or a set of 3 or 4 colours of one number), each used at most twice
(two decks), every cell of a pattern copy filled by a natural or a joker, at
least one natural a copy. Naturals are conserved (all table cards, the hand
cards placed), so are jokers (all table jokers, the hand jokers placed). An old
table meld is *kept* (its cards unmoved) when one pattern copy holds its
naturals and as many jokers as it had; old melds kept in one copy use distinct
cells. First the objective is maximised, then, with it fixed, the table cards
kept.

Rommé's runs have fourteen cells, the ace at either end (A-2-3 or Q-K-A, never
both: a run has at most thirteen cells); its sets take the ace as a rank.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import numpy as np
from oracle_table import JOKER, hand_value
from scipy.optimize import Bounds, LinearConstraint, milp
from scipy.sparse import coo_array

Card = tuple[int, int]  # (colour or suit, rank index 0..12: the ace or the 1 is 0)
Cell = tuple[int, int]  # (colour or suit, cell: the rank index, 13 the high ace)


def _patterns(cells: int, wrap: bool = False) -> list[tuple[Cell, ...]]:
    out: list[tuple[Cell, ...]] = []
    for s in range(4):
        for a in range(13 if wrap else cells):
            for b in range(a + 2, a + 13 if wrap else min(cells, a + 13)):
                out.append(tuple((s, p % 13) for p in range(a, b + 1)))
    for v in range(13):
        for k in (3, 4):
            for suits in combinations(range(4), k):
                out.append(tuple((s, v) for s in suits))
    return out


def _card_at(cell: Cell) -> Card:
    """The natural that may fill a cell (the high ace is the ace)."""
    return (cell[0], cell[1] % 13)


class _Program:
    """Variables with integer bounds, linear rows, one objective."""

    def __init__(self) -> None:
        self.ub: list[float] = []
        self.rows: list[tuple[dict[int, float], float, float]] = []

    def var(self, ub: float) -> int:
        self.ub.append(ub)
        return len(self.ub) - 1

    def row(self, coeffs: dict[int, float], lo: float, hi: float) -> None:
        self.rows.append((coeffs, lo, hi))

    def maximise(self, objective: dict[int, float]) -> int:
        n = len(self.ub)
        r, c, v = [], [], []
        for i, (coeffs, _, _) in enumerate(self.rows):
            for j, x in coeffs.items():
                r.append(i)
                c.append(j)
                v.append(x)
        a = coo_array((v, (r, c)), shape=(len(self.rows), n)).tocsr()
        lo = np.array([row[1] for row in self.rows])
        hi = np.array([row[2] for row in self.rows])
        cost = np.zeros(n)
        for j, x in objective.items():
            cost[j] = -x
        res = milp(cost, constraints=LinearConstraint(a, lo, hi), bounds=Bounds(np.zeros(n), np.array(self.ub)),
                   integrality=np.ones(n))
        assert res.status == 0, res.message
        return round(-res.fun)


def best(table: list[list[int]], hand: list[int], objective: str = "cards", cap: int = 0,
         game: str = "rummy", wrap_around: bool = False, no_double_joker: bool = False) -> tuple[int, int]:
    """The best objective value of a turn (hand cards placed, or their points;
    at most ``cap`` hand cards if ``cap``), and the most table cards kept whole
    among the answers reaching it. Rommé's options: ``wrap_around`` (runs of up
    to thirteen cells go on past the K: K-A-2), ``no_double_joker`` (every meld
    holds two naturals)."""
    def card(c: int) -> Card:
        return (c // 13, c % 13)

    t = Counter(card(c) for m in table for c in m if c != JOKER)
    h = Counter(card(c) for c in hand if c != JOKER)
    tj = sum(m.count(JOKER) for m in table)
    hj = hand.count(JOKER)
    olds = [(Counter(card(c) for c in m if c != JOKER), m.count(JOKER)) for m in table]
    p = _Program()
    fills: dict[Card, dict[int, float]] = {c: {} for c in set(t) | set(h)}
    jokers: dict[int, float] = {}
    kept_in: list[dict[int, float]] = [{} for _ in olds]
    for cells in _patterns(14 if game == "romme" and not wrap_around else 13, wrap_around):
        free = sum(1 for c in cells if _card_at(c) not in fills)
        if free > tj + hj or free == len(cells):
            continue
        prev = None
        for _copy in range(2):
            x = p.var(1)
            if prev is not None:
                p.row({x: 1, prev: -1}, -np.inf, 0)  # (the copies in order: no symmetric twins)
            prev = x
            naturals: dict[int, float] = {x: 1}
            joker_cells: dict[int, float] = {}
            natural_at: dict[Card, int] = {}
            for c in cells:
                j = p.var(1)
                joker_cells[j] = 1
                jokers[j] = 1
                row = {x: -1, j: 1}
                if _card_at(c) in fills:
                    n = p.var(1)
                    natural_at[_card_at(c)] = n
                    fills[_card_at(c)][n] = 1
                    naturals[n] = -1
                    row[n] = 1
                p.row(row, 0, 0)  # (a cell of a copy in use: a natural or a joker)
            # (a copy in use holds a natural; two without double jokers)
            p.row({k: v * (2 if no_double_joker and k == x else 1) for k, v in naturals.items()}, -np.inf, 0)
            hosted: dict[int, int] = {}  # (keeping variable: old meld)
            for i, (nat, jk) in enumerate(olds):
                if all(k in natural_at for k in nat) and len(cells) - sum(nat.values()) >= jk:
                    w = p.var(1)
                    kept_in[i][w] = 1
                    hosted[w] = i
            for k, n in natural_at.items():
                users = {w: 1.0 for w, i in hosted.items() if k in olds[i][0]}
                if users:
                    p.row({**users, n: -1}, -np.inf, 0)  # (the old melds kept in a copy: distinct cells)
            held = {w: float(olds[i][1]) for w, i in hosted.items() if olds[i][1]}
            if held:
                p.row({**held, **{j: -1 for j in joker_cells}}, -np.inf, 0)  # (and their jokers)
    placed: dict[int, float] = {}
    points: dict[int, float] = {}
    for k, row in fills.items():
        row = dict(row)
        if h[k]:
            v = p.var(h[k])
            row[v] = -1
            placed[v] = 1
            points[v] = hand_value(game, k[0] * 13 + k[1])
        p.row(row, t[k], t[k])
    pj = p.var(hj)
    placed[pj] = 1
    points[pj] = hand_value(game, JOKER)
    p.row({**jokers, pj: -1}, tj, tj)
    if cap:
        p.row(placed, -np.inf, cap)
    kept: dict[int, float] = {}
    for i, ws in enumerate(kept_in):
        y = p.var(1)
        kept[y] = len(table[i])
        p.row({y: 1, **{w: -1 for w in ws}}, -np.inf, 0)
    value = placed if objective == "cards" else points
    top = p.maximise(value)
    p.row(value, top, top)
    return top, p.maximise(kept)
