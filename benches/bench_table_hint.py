"""The whole-table hint (:func:`romme.table_hint.best_place`) over real game positions: expert bots play seeded
games, and at every position where seat 0 (the human's) is to move the hint is asked and timed (thread CPU time)
with the search's work. Prints per configuration the median, p99 and max CPU, the work, how many searches the
budget cut and how many answers stay unproven, and the dearest positions (game, seed, move no.).

    PYTHONPATH=python python3 benches/bench_table_hint.py --games 4
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

import romme
import romme.table
from romme.bots import make_bot
from romme.engine import spec
from romme.table import TableSolution, solve_table
from romme.table_hint import HINT_WORK_BUDGET, best_place

CONFIGS: dict[str, tuple[str, dict[str, Any]]] = {
    "rummy": ("rummy", {}),
    "einmaleins": ("einmaleins", {}),
    "rauber": ("romme", {"rauber": True}),
    "rauber+wrap": ("romme", {"rauber": True, "wrap_around": True}),
    "rauber+ndj": ("romme", {"rauber": True, "no_double_joker": True}),
    "rauber+to_hand": ("romme", {"rauber": True, "rauber_table_to_hand": True}),
}


def quantile(xs: list[float], q: float) -> float:
    return xs[min(len(xs) - 1, int(len(xs) * q))]


def run(name: str, games: int, budget: int, max_moves: int) -> dict[str, Any]:
    game_id, rules = CONFIGS[name]
    n = spec(game_id).default_players
    cpu: list[float] = []
    answers: list[tuple[str, TableSolution]] = []  # (tie-break, answer) of a hint's searches

    def recorded(*args: Any, **kwargs: Any) -> TableSolution:  # (the search's answer, also where the game refuses it)
        sol = solve_table(*args, **kwargs)
        answers.append((str(args[5] if len(args) > 5 else kwargs.get("tie_break", "exact")), sol))
        return sol

    romme.table.solve_table = recorded  # type: ignore[assignment]
    # (CPU, seed, move no., work, what cut the objective, proven, tie-break proven, whether the game refused it)
    rows: list[tuple[float, int, int, int, str | None, bool, bool, bool]] = []
    for seed in range(games):
        state = romme.new_game(game_id, players=n, seed=seed, rules=rules)
        bots = [make_bot(game_id, "expert", f"{seed}/{s}") for s in range(n)]
        while not state.is_over and len(state.history) < max_moves:
            if state.current_player == 0:
                answers.clear()
                t0 = time.thread_time()
                hint = best_place(state, budget)
                dt = time.thread_time() - t0
                cpu.append(dt)
                if answers:
                    # the answer laid is the last search of the fewest moved; the searches of the objective alone
                    # before it chose the cards to lay (a card held back to discard), and where they found nothing to
                    # lay there is no answer to order
                    exact = [sol for tie_break, sol in answers if tie_break == "exact"]
                    sol = exact[-1] if exact else answers[-1][1]
                    work = sum(a.work for _, a in answers)
                    rows.append((dt, seed, len(state.history), work, sol.cut_by, sol.optimal,
                                 sol.moved_optimal or not exact, hint is None))
            state.apply(bots[state.current_player].choose(state))
    cpu.sort()
    searched = [r for r in rows if not r[7]]
    dear = sorted(rows, reverse=True)[:3]
    unproven = [r for r in rows if not r[5] or not r[6]]
    return {
        "config": name, "games": games, "positions": len(cpu), "hints": len(searched),
        "cpu_median_ms": round(statistics.median(cpu) * 1e3, 2), "cpu_p99_ms": round(quantile(cpu, 0.99) * 1e3, 1),
        "cpu_max_ms": round(cpu[-1] * 1e3, 1),
        "searched": len(rows),
        "work_median": statistics.median([r[3] for r in rows]) if rows else 0,
        "work_max_hinted": max((r[3] for r in searched), default=0),
        "work_max": max((r[3] for r in rows), default=0),
        "budget_cut": sum((r[4] or "").startswith("work budget") for r in rows),
        "budget_spent": sum(r[3] >= budget for r in rows),
        "unproven": [f"seed {r[1]} move {r[2]}: optimal {r[5]}, moved_optimal {r[6]}" for r in unproven],
        "dear": [f"seed {r[1]} move {r[2]}: {r[0] * 1e3:.0f} ms, work {r[3]}, cut {r[4]}" + " (no hint)" * r[7]
                 for r in dear],
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--budget", type=int, default=HINT_WORK_BUDGET)
    ap.add_argument("--max-moves", type=int, default=600)
    ap.add_argument("--config", action="append", choices=sorted(CONFIGS))
    args = ap.parse_args()
    for name in args.config or list(CONFIGS):
        print(json.dumps(run(name, args.games, args.budget, args.max_moves)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
