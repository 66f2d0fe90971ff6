"""Two builds of the core side by side in one bench run: this tree's build and, if
given, a baseline build of an earlier commit.

Each build answers in its own worker process (this file run as a script: the
extension module loaded from its file, ``ROMME_THREADS=1``, the ``romme``
package not imported, so this tree's build never loads beside the baseline).
A bench hands every position to both builds in turn, the first one alternating,
so the load of the machine hits both alike; times are the worker's thread CPU
time of the solve. Where both builds prove their answers optimal on the whole
tie-break order, their answers must agree.

The baseline is a build of an earlier commit, e.g.::

    git worktree add --detach /tmp/base HEAD
    (cd /tmp/base && CARGO_TARGET_DIR=/tmp/base-target cargo build -p romme-python --profile ci)
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

THIS_BUILD = str(Path(__file__).resolve().parents[1] / "python" / "romme" / "_core.abi3.so")

Answer = dict[str, Any]


def serve(path: str) -> None:
    """The worker: solves the positions read from stdin (one JSON list a line) with the extension at
    ``path`` and writes each answer's record and solve time as a JSON line."""
    from table_positions import answer_record  # beside this file, and free of the package

    spec = importlib.util.spec_from_file_location("_core", path)
    assert spec is not None and spec.loader is not None
    core = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(core)
    for line in sys.stdin:
        game, table, hand, objective, opts, budget_ms = json.loads(line)
        t0 = time.thread_time()
        res = core.solve_table(game, table, hand, objective, opts, budget_ms)
        elapsed = time.thread_time() - t0
        print(json.dumps({"seconds": elapsed, "res": answer_record(res)}), flush=True)


class Worker:
    """A worker process solving with one build."""

    def __init__(self, path: str) -> None:
        env = {**os.environ, "ROMME_THREADS": "1"}
        self.proc = subprocess.Popen([sys.executable, __file__, path], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, env=env)

    def solve(self, game: str, table: list[list[int]], hand: list[int], objective: str,
              opts: dict[str, Any], budget_ms: int) -> tuple[float, Answer]:
        """This build's answer to one position and its solve time in seconds."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps([game, table, hand, objective, opts, budget_ms]) + "\n")
        self.proc.stdin.flush()
        out = json.loads(self.proc.stdout.readline())
        return float(out["seconds"]), cast(Answer, out["res"])

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def add_build_args(ap: argparse.ArgumentParser) -> None:
    """The options naming the two builds."""
    ap.add_argument("--baseline", help="the baseline build's extension (lib_core.so); none: this build only")
    ap.add_argument("--build", default=THIS_BUILD, help="this build's extension")


class Builds:
    """This build (``new``) and, if given, the baseline (``base``), each in its worker process."""

    def __init__(self, build: str, baseline: str | None) -> None:
        self.workers = [("new", Worker(build))]
        if baseline:
            self.workers.insert(0, ("base", Worker(baseline)))

    @property
    def names(self) -> list[str]:
        return [name for name, _ in self.workers]

    @property
    def new(self) -> Worker:
        return self.workers[-1][1]

    def solve(self, k: int, game: str, table: list[list[int]], hand: list[int], objective: str,
              opts: dict[str, Any], budget_ms: int) -> dict[str, tuple[float, Answer]]:
        """Every build's answer to the ``k``-th position and its time; which build goes first alternates
        with ``k``."""
        return {name: w.solve(game, table, hand, objective, opts, budget_ms)
                for name, w in (self.workers if k % 2 else self.workers[::-1])}

    def close(self) -> None:
        for _, w in self.workers:
            w.close()


def proven(res: Answer) -> bool:
    """Proven optimal on the whole tie-break order (the objective, then the fewest moved)."""
    return bool(res["optimal"] and res["moved_optimal"])


def assert_proven_agree(answers: dict[str, Answer], key: Callable[[Answer], object], position: object) -> None:
    """Where both builds prove their answers, ``key`` (the objective's value and the moved cards) agrees."""
    both = [r for r in answers.values() if proven(r)]
    if len(both) == 2:
        a, b = both
        assert key(a) == key(b), position


def objective_value(objective: str, res: Answer) -> int:
    """The answer's value under ``objective`` (cards placed, their points, or placed less taken)."""
    placed = cast(list[int], res["placed"])
    if objective == "points":
        return int(res["placed_points"])
    if objective == "net":
        return len(placed) - len(cast(list[int], res["taken"]))
    return len(placed)


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def timing_ms(seconds: list[float], decimals: int) -> tuple[str, str, str]:
    """Median, p99 and max of the times, in ms."""
    def ms(x: float) -> str:
        return f"{1000 * x:.{decimals}f}"

    return ms(statistics.median(seconds)), ms(pct(seconds, .99)), ms(max(seconds))


if __name__ == "__main__":
    serve(sys.argv[1])
