"""A budget only cuts a table search (issue 32): for bench positions, the search unbudgeted, then under work
budgets of 1/2, 1 and 2 times its work. At 1x and 2x the answer, flags and work must be those of the search
without a budget (a course change otherwise); a cut answer must be valid, reach at least the cheap answer's
objective and say ``budget_cut`` unless it is proven both ways; the work over the budget is reported (in
units, and in % of the budget where it is 50,000 or more), and with ``--time`` the time over a time budget of
half the unbudgeted search's time (ms, wall clock: a loaded machine stretches it).

    PYTHONPATH=python python3 benches/bench_table_budget_cuts.py --n 40 --rows wrap-cards,plain-cards
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "python"))
sys.path.insert(0, str(ROOT / "tests" / "helpers"))

#: Each row: game, options, objective, table cards, hand cards.
ROWS: dict[str, tuple[str, dict[str, Any], str, int, int]] = {
    "wrap-cards": ("romme", {"rauber": 1, "wrap_around": 1}, "cards", 60, 13),
    "wrap-points": ("romme", {"rauber": 1, "wrap_around": 1}, "points", 60, 13),
    "plain-cards": ("romme", {"rauber": 1}, "cards", 60, 13),
    "ndj-cards": ("romme", {"rauber": 1, "no_double_joker": 1}, "cards", 60, 13),
    "rummy-points": ("rummy", {"max_hand_cards_per_turn": 12}, "points", 60, 14),
    "einmaleins-cards": ("einmaleins", {}, "cards", 40, 14),
    "einmaleins-net": ("einmaleins", {}, "net", 40, 14),
}


def deal(rng: Any, game: str, opts: dict[str, Any], table_cards: int, hand_cards: int
         ) -> tuple[list[list[int]], list[int]]:
    """A position as the game's table bench deals it."""
    if game == "einmaleins":
        from bench_table_einmaleins import deal as deal_1x1

        return deal_1x1(rng, table_cards, hand_cards)
    if game == "rummy":
        from bench_table import deal_position as deal_rummy

        return deal_rummy(rng, table_cards, hand_cards)
    from bench_table_romme_variants import deal_position as deal_romme

    return deal_romme(rng, table_cards, hand_cards, opts)


def meld_check(game: str, opts: dict[str, Any]) -> Any:
    """The oracle's meld predicate of the game (independent of the engine)."""
    if game == "einmaleins":
        from oracle_table_einmaleins import is_meld as is_meld_1x1

        return is_meld_1x1
    from oracle_table import is_meld

    if game == "rummy":
        return lambda m: is_meld("rummy", m)
    meld_opts = {k: bool(opts.get(k)) for k in ("wrap_around", "no_double_joker")}
    return lambda m: is_meld("romme", m, **meld_opts)


def value(r: Any, objective: str) -> int:
    """The answer's objective value."""
    return {"cards": len(r.placed), "points": r.placed_points, "net": len(r.placed) - len(r.taken)}[objective]


def key(r: Any) -> tuple[Any, ...]:
    return ([[list(p) for p in m.pairs] for m in r.table], list(r.placed), list(r.taken), r.moved, r.optimal,
            r.moved_optimal, r.budget_cut, r.work)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rows", default=",".join(ROWS))
    ap.add_argument("--time", action="store_true", help="also a time budget of half the unbudgeted time")
    args = ap.parse_args()
    from table_positions import answer_record, check_answer

    import romme._core as core
    from romme.rng import Rng

    for row in args.rows.split(","):
        game, opts, objective, tcards, hcards = ROWS[row]
        rng = Rng(f"bench-budget-cuts-{args.seed}-{row}")
        changed: list[tuple[Any, ...]] = []
        bad: list[tuple[int, str]] = []
        over: list[int] = []
        over_pct: list[float] = []
        late: list[float] = []
        below: list[int] = []
        for i in range(args.n):
            table, hand = deal(rng, game, opts, tcards, hcards)

            def solve(work: int, ms: int = 0) -> Any:
                return core.solve_table(game, table, hand, objective, opts, ms, "exact", work)

            t0 = time.process_time()
            free = solve(0)
            free_ms = 1000 * (time.process_time() - t0)
            for factor in (2.0, 1.0):
                got = solve(max(1, int(free.work * factor)))
                if key(got) != key(free):
                    changed.append((i, factor, free.moved, got.moved, free.work, got.work))
            budget = max(1, free.work // 2)
            cut = solve(budget)
            try:
                check_answer(table, hand, answer_record(cut), meld_check(game, opts))
            except AssertionError:
                bad.append((i, "invalid"))
            if not (cut.budget_cut or (cut.optimal and cut.moved_optimal)):
                bad.append((i, "unproven, not cut"))
            if free.optimal and value(cut, objective) > value(free, objective):
                bad.append((i, "above the optimum"))
            if cut.budget_cut and value(cut, objective) < value(free, objective) and not cut.optimal:
                below.append(value(free, objective) - value(cut, objective))
            over.append(max(0, cut.work - budget))
            if budget >= 50_000:
                over_pct.append(100 * max(0, cut.work - budget) / budget)
            if args.time and free_ms > 20:
                ms = max(1, int(free_ms / 2))
                t0 = time.perf_counter()
                solve(0, ms)
                late.append(1000 * (time.perf_counter() - t0) - ms)
        print(f"{row}: {args.n} positions; course changes at 1x/2x: {len(changed)} {changed[:6]}; "
              f"bad cut answers: {len(bad)} {bad[:6]}; work over a 1/2 budget: median {statistics.median(over):.0f} "
              f"max {max(over)} units"
              + (f", {max(over_pct):.1f}% at most where it is 50,000 or more ({len(over_pct)} positions)"
                 if over_pct else "")
              + f"; cut below the optimum: {len(below)}"
              + (f"; time over a 1/2 time budget: median {statistics.median(late):.0f} ms max {max(late):.0f} ms "
                 f"({len(late)} positions)" if late else ""), flush=True)


if __name__ == "__main__":
    main()
