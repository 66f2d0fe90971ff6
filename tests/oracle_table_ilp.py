"""An integer program for the Rummy table search, solved by HiGHS (scipy):
an oracle independent of the sweep for tables far too large for the
brute-force oracle (``oracle_table.py``).

Every valid new table is a choice of *patterns* (a run of cells ``a..b`` of
one colour, or a set of 3 or 4 colours of one number), each used at most twice
(two decks), every cell of a pattern copy filled by a natural or a joker, at
least one natural a copy. Naturals are conserved (all table cards, the hand
cards placed), so are jokers (all table jokers, the hand jokers placed). An old
table meld is *kept* (its cards unmoved) when one pattern copy holds its
naturals and as many jokers as it had; old melds kept in one copy use distinct
cells. First the objective is maximised, then, with it fixed, the table cards
kept.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, milp
from scipy.sparse import coo_array

JOKER = 52
JOKER_POINTS = 25

Cell = tuple[int, int]  # (colour, number - 1)


def _patterns() -> list[tuple[str, tuple[Cell, ...]]]:
    out: list[tuple[str, tuple[Cell, ...]]] = []
    for s in range(4):
        for a in range(13):
            for b in range(a + 2, 13):
                out.append(("run", tuple((s, p) for p in range(a, b + 1))))
    for v in range(13):
        for k in (3, 4):
            for colours in combinations(range(4), k):
                out.append(("set", tuple((s, v) for s in colours)))
    return out


PATTERNS = _patterns()


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

    def maximise(self, objective: dict[int, float]) -> float:
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


def _old_meld(meld: list[int]) -> tuple[frozenset[Cell], int]:
    """An old meld's natural cells and its jokers."""
    return frozenset((c // 13, c % 13) for c in meld if c != JOKER), meld.count(JOKER)


def best(table: list[list[int]], hand: list[int], objective: str = "cards", cap: int = 0) -> tuple[int, int]:
    """The best objective value of a Rummy turn (hand cards placed, or their
    points: number, joker 25; at most ``cap`` hand cards if ``cap``), and the
    most table cards kept whole among the answers reaching it."""
    t = Counter((c // 13, c % 13) for m in table for c in m if c != JOKER)
    h = Counter((c // 13, c % 13) for c in hand if c != JOKER)
    tj = sum(m.count(JOKER) for m in table)
    hj = hand.count(JOKER)
    olds = [_old_meld(m) for m in table]
    p = _Program()
    nat_at: dict[Cell, dict[int, float]] = {c: {} for c in set(t) | set(h)}
    jokers: dict[int, float] = {}
    kept_in: list[dict[int, float]] = [{} for _ in olds]
    for kind, cells in PATTERNS:
        free = sum(1 for c in cells if c not in nat_at)
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
            cell_n: dict[Cell, int] = {}
            for c in cells:
                j = p.var(1)
                joker_cells[j] = 1
                jokers[j] = 1
                row = {x: -1, j: 1}
                if c in nat_at:
                    n = p.var(1)
                    cell_n[c] = n
                    nat_at[c][n] = 1
                    naturals[n] = -1
                    row[n] = 1
                p.row(row, 0, 0)  # (a cell of a copy in use: a natural or a joker)
            p.row(naturals, -np.inf, 0)  # (a copy in use holds a natural)
            hosted: dict[int, int] = {}  # (keeping variable: old meld)
            for i, (nat, jk) in enumerate(olds):
                if nat <= set(cells) and len(cells) - len(nat) >= jk:
                    w = p.var(1)
                    kept_in[i][w] = 1
                    hosted[w] = i
            for c, n in cell_n.items():
                users = {w: 1.0 for w, i in hosted.items() if c in olds[i][0]}
                if users:
                    p.row({**users, n: -1}, -np.inf, 0)  # (the old melds kept in a copy: distinct cells)
            held = {w: float(olds[i][1]) for w, i in hosted.items() if olds[i][1]}
            if held:
                p.row({**held, **{j: -1 for j in joker_cells}}, -np.inf, 0)  # (and their jokers)
    placed: dict[int, float] = {}
    points: dict[int, float] = {}
    for c in nat_at:
        row = dict(nat_at[c])
        if h[c]:
            v = p.var(h[c])
            row[v] = -1
            placed[v] = 1
            points[v] = c[1] + 1
        p.row(row, t[c], t[c])
    pj = p.var(hj)
    placed[pj] = 1
    points[pj] = JOKER_POINTS
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

