"""The hostile campaign's counting (``scripts/hostile_campaign.py``): each part's cases counted by outcome, the first
examples of what went wrong, a call's time limit and what an exception counts as."""

from __future__ import annotations

import contextlib
import signal
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from typing import Any

from romme.errors import RommeError

#: The outcomes that are faults (each counted with its first examples).
BAD = ("wrong", "traceback", "non_romme", "hang", "panic", "leak", "changed", "unclear")
#: Seconds an in-process call may take before it counts as a hang; real processes get more (start-up included).
CALL_SECONDS = 15


class Hang(Exception):
    pass


class PartTimeUp(Exception):
    """A part ran past ``--part-seconds``: it stops before its next case."""


@contextlib.contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    def on_alarm(signum: int, frame: Any) -> None:
        raise Hang

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


class Tally:
    """Counts per part and category, and keeps the first examples of what went wrong."""

    def __init__(self) -> None:
        self.counts: dict[str, Counter[str]] = defaultdict(Counter)
        self.examples: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.seconds: dict[str, float] = {}
        self.cpu: dict[str, float] = {}
        self.cut: list[str] = []
        #: When the running part stops (``--part-seconds``; None: when its cases are done).
        self.deadline: float | None = None

    def case(self, part: str) -> None:
        """Counts a case about to run; past the part's deadline raises :class:`PartTimeUp` instead."""
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise PartTimeUp
        self.add(part, "runs")

    def add(self, part: str, category: str, example: str = "") -> None:
        self.counts[part][category] += 1
        if category in BAD and len(self.examples[part, category]) < 5:
            self.examples[part, category].append(example[:400])

    def print(self) -> None:
        columns = ("runs", "answered", "refused", "signature", "own", *BAD)
        print()
        print(f"{'part':<14}" + "".join(f"{c:>10}" for c in columns) + f"{'seconds':>10}{'cpu':>10}")
        for part, counts in self.counts.items():
            cells = [counts[c] for c in columns]
            print(f"{part:<14}" + "".join(f"{n:>10,}" for n in cells)
                  + f"{self.seconds.get(part, 0):>10.1f}{self.cpu.get(part, 0):>10.1f}")
        total = sum((c for c in self.counts.values()), Counter())
        print(f"{'total':<14}" + "".join(f"{total[c]:>10,}" for c in columns)
              + f"{sum(self.seconds.values()):>10.1f}{sum(self.cpu.values()):>10.1f}")
        for part in self.cut:
            print(f"{part}: stopped at --part-seconds after {self.counts[part]['runs']:,} runs")
        for (part, category), examples in self.examples.items():
            print(f"\n{part} / {category}:")
            for example in examples:
                print("   ", repr(example))


class CallersOwn(Exception):
    """What the campaign's odd objects raise from their own dunders: the API passes it out unchanged (docs/API.md),
    counted as ``own``, no fault."""


class RanAway(Exception):
    """An endless collection read past a million items: the API read it without a bound (counted as a hang)."""


def classify_exception(exc: BaseException) -> str:
    if isinstance(exc, (Hang, RanAway)):
        return "hang"
    if isinstance(exc, CallersOwn):
        return "own"
    if type(exc).__name__ == "PanicException":
        return "panic"
    if isinstance(exc, RommeError):
        return "refused"
    return "non_romme"
