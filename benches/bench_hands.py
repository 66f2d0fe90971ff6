"""Hand-solver benchmark through the Python API (issue 2, section 6).

    PYTHONPATH=python python3 benches/bench_hands.py [--hands 300] [--oracle-hands 15] [--seed 1]

For every solver it deals seeded random hands of the real sizes (Königs-Rommé
every round with its hand after the draw, round + 3 cards, up to 14; Rommé
14; 1x1-Rommé 14; Rummy 18 with one joker, as dealt; Krass Kariert 10–16)
and prints the median and p99 time per ``romme.solve_hand`` call, the time
per hand of the batch call ``romme.solve_hands``, the median of the bare
``romme._core.solve_hand`` call (to show the Python layer's share), and the speed-up over the
brute-force oracle of ``tests/helpers/oracle.py``. The oracle cannot do real sizes,
so it is timed (against the core on the very same hands) on smaller hands;
the table says which size. The script checks its answers: every real-size
solution is a valid certificate (melds valid, cards conserved, points
consistent) and every small hand's objective value equals the oracle's. It
exits with status 1 on any mismatch.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "helpers"))
_SRC = Path(__file__).resolve().parent.parent / "python"
if any((_SRC / "romme").glob("_core*")):  # a dev build of this checkout (scripts/dev-build.sh) comes first
    sys.path.insert(0, str(_SRC))

import oracle  # noqa: E402
from rich.console import Console  # noqa: E402
from rich.table import Table  # noqa: E402

import romme  # noqa: E402
from romme import _core  # noqa: E402
from romme.cards import deck  # noqa: E402
from romme.rng import Rng  # noqa: E402
from romme.rules import Rules  # noqa: E402
from romme.solve import HandSolution  # noqa: E402

#: Targets of the issue: median per call in µs.
TARGET_US = 100.0
TARGET_KOENIGS_11_US = 50.0


@dataclass
class Case:
    """One benchmark row: a solver on hands of one size."""

    name: str
    game: str
    objective: str
    sizes: tuple[int, int]  # real size range (inclusive)
    oracle_size: int  # hand size the oracle can do
    round: int | None = None
    joker_in_hand: bool = False  # Rummy deals one joker to each player

    def deal(self, rng: Rng, size: int) -> list[int]:
        full = deck(self.game).full()
        rng.shuffle(full)
        hand = full[:size]
        if self.joker_in_hand:
            joker = deck(self.game).joker
            if joker is not None and joker not in hand:
                hand[0] = joker
        return hand

    def hands(self, seed: int, count: int, small: bool = False) -> list[list[int]]:
        rng = Rng(f"{self.name}-{seed}-{'small' if small else 'real'}")
        lo, hi = (self.oracle_size, self.oracle_size) if small else self.sizes
        return [self.deal(rng, lo + rng.below(hi - lo + 1)) for _ in range(count)]

    def solve(self, hand: list[int]) -> HandSolution:
        return romme.solve_hand(self.game, hand, round=self.round, objective=self.objective)

    def value(self, sol: HandSolution) -> object:
        """The objective value the oracle can recompute."""
        if self.game == "krass":
            return len(sol.plays or ())
        if self.objective == "min-left":
            return (sol.left_points, sol.can_go_out) if self.game == "koenigs" else sol.left_points
        return sol.opening_points

    def oracle_value(self, hand: list[int]) -> object:
        rules = Rules(self.game)
        if self.game == "krass":
            return oracle.krass_min_plays(hand)
        if self.objective == "min-left":
            left = oracle.min_left(self.game, hand, rules, self.round or 0)
            if self.game == "koenigs":
                return left, bool(oracle.go_out_discards(hand, self.round or 0))
            return left
        return oracle.opening_points(self.game, hand, rules)


CASES = [Case(f"koenigs r{r}", "koenigs", "min-left", (r + 3, r + 3), min(r + 3, 10), round=r) for r in range(1, 12)]
CASES += [
    Case("romme", "romme", "opening", (14, 14), 10),
    Case("einmaleins", "einmaleins", "opening", (14, 14), 10),
    Case("rummy", "rummy", "opening", (18, 18), 10, joker_in_hand=True),
    Case("krass", "krass", "min-plays", (10, 16), 12),
]


def timed(fn: Callable[[], object]) -> float:
    t = time.perf_counter_ns()
    fn()
    return (time.perf_counter_ns() - t) / 1000.0


def percentile(xs: list[float], p: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def run_case(case: Case, args: argparse.Namespace, problems: list[str]) -> list[str]:
    hands = case.hands(args.seed, args.hands)
    for h in hands[: min(20, len(hands))]:  # warm up
        case.solve(h)
    times = [timed(lambda h=h: case.solve(h)) for h in hands]
    opts = dict(Rules(case.game).options)
    core_times = [timed(lambda h=h: _core.solve_hand(case.game, h, case.objective, opts, case.round or 0))
                  for h in hands]
    chunks = [hands[i:i + 25] for i in range(0, len(hands), 25)]
    batch_us = statistics.median(
        timed(lambda c=c: romme.solve_hands(case.game, c, round=case.round, objective=case.objective)) / len(c)
        for c in chunks)
    rules = Rules(case.game)
    for h in hands:
        sol = case.solve(h)
        bad = oracle.solution_problems(sol, h, rules, case.round or 0)
        if bad:
            problems.append(f"{case.name} [{romme.format_cards(case.game, h)}]: {bad}")
    batch = romme.solve_hands(case.game, hands, round=case.round, objective=case.objective)
    if batch != [case.solve(h) for h in hands]:
        problems.append(f"{case.name}: solve_hands differs from solve_hand")

    small = case.hands(args.seed, args.oracle_hands, small=True)
    core_small, oracle_small = [], []
    for h in small:
        oracle._meld_points.cache_clear()
        t = time.perf_counter_ns()
        want = case.oracle_value(h)
        oracle_small.append((time.perf_counter_ns() - t) / 1000.0)
        core_small.append(timed(lambda h=h: case.solve(h)))
        got = case.value(case.solve(h))
        if got != want:
            problems.append(f"{case.name} [{romme.format_cards(case.game, h)}]: core {got}, oracle {want}")
    med = statistics.median(times)
    target = TARGET_KOENIGS_11_US if case.name == "koenigs r11" else TARGET_US
    speedup = statistics.median(oracle_small) / max(statistics.median(core_small), 1e-9)
    size = f"{case.sizes[0]}" if case.sizes[0] == case.sizes[1] else f"{case.sizes[0]}–{case.sizes[1]}"
    return [
        case.name, case.objective, size, f"{med:.1f}", f"{percentile(times, 99):.1f}", f"{batch_us:.1f}",
        f"{statistics.median(core_times):.1f}",
        "yes" if med <= target else f"[red]no (≤{target:.0f})[/red]",
        f"{case.oracle_size}", f"{statistics.median(oracle_small) / 1000:.1f}", f"{speedup:,.0f}×",
    ]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=300, help="real-size hands per solver (default 300)")
    ap.add_argument("--oracle-hands", type=int, default=15, help="small hands per solver for the oracle (15)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", default=None, help="run only rows whose name starts with this")
    args = ap.parse_args()
    console = Console(width=max(Console().width, 150))
    table = Table(title=f"hand solvers through the Python API ({args.hands} seeded hands each, µs per call)")
    for col in ("solver", "objective", "cards", "median µs", "p99 µs", "batch µs/hand", "_core median µs",
                "median target",
                "oracle cards", "oracle ms", "speed-up"):
        table.add_column(col, justify="left" if col in ("solver", "objective") else "right")
    problems: list[str] = []
    for case in CASES:
        if args.only and not case.name.startswith(args.only):
            continue
        try:
            case.solve(case.hands(args.seed, 1)[0])
        except romme.SolverError as exc:  # a solver not built yet
            table.add_row(case.name, case.objective, "", f"[red]{exc}[/red]")
            problems.append(f"{case.name}: {exc}")
            continue
        table.add_row(*run_case(case, args, problems))
    console.print(table)
    console.print("The oracle is a pure-Python brute force that cannot solve real sizes; its row gives the hand "
                  "size it was timed on, and the speed-up compares the core (through the Python API) on those "
                  "very hands.")
    if problems:
        console.print(f"[red]{len(problems)} answer(s) wrong:[/red]")
        for p in problems[:20]:
            console.print(f"  {p}")
        return 1
    console.print("every answer checked: real-size solutions are valid certificates; small hands match the oracle")
    return 0


if __name__ == "__main__":
    sys.exit(main())
