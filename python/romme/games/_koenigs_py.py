"""TEMPORARY pure-Python Königs-Rommé hand solver (min-left), used only until
the Rust solver (``_core.solve_hand("koenigs", ...)``) exists. Same result
shape as the Rust binding. LCF-DP of ALGORITHMS.md §2.1.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

JOKER = 55


def points(code: int, wild_rank: int) -> int:
    if code == JOKER:
        return 50
    rank = code % 11 + 3
    return 20 if rank == wild_rank else rank


@lru_cache(maxsize=200_000)
def _best(nat: tuple[int, ...], u: int, wild_rank: int) -> tuple[int, tuple]:
    """(deadwood, plan) over sorted naturals with at most u wild fillers.
    plan: tuple of (kind, cards, wilds_used, run_start_rank_index) and ('left', card)."""
    if not nat:
        return 0, ()
    c = nat[0]
    rest = nat[1:]
    cost, plan = _best(rest, u, wild_rank)
    best = (cost + points(c, wild_rank), (("left", (c,), 0, 0),) + plan)
    if u >= 2:
        cost, plan = _best(rest, u - 2, wild_rank)
        if cost < best[0]:
            best = (cost, (("set", (c,), 2, 0),) + plan)
    # sets: c with 1..4 other same-rank naturals
    same = [x for x in rest if x % 11 == c % 11]
    seen = set()
    for k in range(1, min(4, len(same)) + 1):
        for combo in combinations(same, k):
            if combo in seen:
                continue
            seen.add(combo)
            need = max(0, 3 - (k + 1))
            if need > u:
                continue
            left = list(rest)
            for x in combo:
                left.remove(x)
            cost, plan = _best(tuple(left), u - need, wild_rank)
            if cost < best[0]:
                best = (cost, (("set", (c,) + combo, need, 0),) + plan)
    # runs: c plus a subset of the next four ranks of its suit (one copy each)
    i = c % 11
    nxt = [c + d for d in range(1, 5) if i + d <= 10 and (c + d) in rest]
    for k in range(1, len(nxt) + 1):
        for combo in combinations(nxt, k):
            span = combo[-1] - c + 1
            need = span - (k + 1) + max(0, 3 - span)
            if need > u:
                continue
            left = list(rest)
            for x in combo:
                left.remove(x)
            cost, plan = _best(tuple(left), u - need, wild_rank)
            if cost < best[0]:
                best = (cost, (("run", (c,) + combo, need, 0),) + plan)
    return best


def _run_cards(cards: tuple[int, ...], fill: list[int]) -> list[tuple[int, int]]:
    suit = cards[0] // 11
    lo, hi = cards[0] % 11, cards[-1] % 11
    out: list[tuple[int, int]] = []
    have = set(cards)
    for i in range(lo, hi + 1):
        code = suit * 11 + i
        out.append((code, code) if code in have else (fill.pop(), code))
    while fill:  # pad: above while there is room, else below
        if hi < 10:
            hi += 1
            out.append((fill.pop(), suit * 11 + hi))
        elif lo > 0:
            lo -= 1
            out.insert(0, (fill.pop(), suit * 11 + lo))
        else:
            break
    return out


def solve(codes: list[int], round: int) -> dict:
    wild_rank = round + 2
    wilds = [c for c in codes if c == JOKER or c % 11 + 3 == wild_rank]
    nat = tuple(sorted(c for c in codes if not (c == JOKER or c % 11 + 3 == wild_rank)))
    cost, plan = _best(nat, len(wilds), wild_rank)
    melds: list[list[tuple[int, int]]] = []
    kinds: list[str] = []
    left = [p[1][0] for p in plan if p[0] == "left"]
    pool = list(wilds)
    for kind, cards, need, _ in plan:
        if kind == "left":
            continue
        fill = [pool.pop() for _ in range(need)]
        if kind == "set":
            melds.append([(x, x) for x in cards] + [(w, cards[0] % 11) for w in fill])
        else:
            melds.append(_run_cards(cards, fill))
        kinds.append(kind)
    if pool:
        if melds:
            # leftover wilds join a set, or a run with room, else their own meld / a split run
            for w in list(pool):
                for m, k in zip(melds, kinds):
                    if k == "set":
                        m.append((w, m[0][1]))
                        pool.remove(w)
                        break
                    if len(m) < 11:
                        lo, hi = m[0][1] % 11, m[-1][1] % 11
                        suit = m[0][1] // 11
                        if hi < 10:
                            m.append((w, suit * 11 + hi + 1))
                        else:
                            m.insert(0, (w, suit * 11 + lo - 1))
                        pool.remove(w)
                        break
            if pool and len(pool) >= 3:
                melds.append([(w, w) for w in pool])
                kinds.append("set")
                pool = []
            elif pool:  # every meld is a full 3..K run: split one and use the wild(s)
                m = melds[0]
                first, second = m[:4], m[4:]
                suit = m[0][1] // 11
                extra = [(pool.pop(), suit * 11 + 3)]
                melds[0] = first
                melds.insert(1, extra + second)
                kinds.insert(1, "run")
                if pool:
                    melds[0].append((pool.pop(), suit * 11 + 4))
        elif len(pool) >= 3:
            melds.append([(w, w) for w in pool])
            kinds.append("set")
            pool = []
        else:
            left.extend(pool)
            cost += sum(points(w, wild_rank) for w in pool)
    n = len(codes)
    return {
        "melds": melds,
        "kinds": kinds,
        "points": [0] * len(melds),
        "left": left,
        "left_points": cost,
        "can_go_out": None,
        "discard": None,
        "opening_points": None,
        "plays": None,
    }
