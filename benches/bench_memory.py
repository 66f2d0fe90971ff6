"""Memory of many games in one process: RSS and the size of every module-level memo cache.

    python3 benches/bench_memory.py [--game rummy] [--games 4000] [--bots random] [--every 500]

Plays ``--games`` games of bots one after the other (what ``romme simulate`` does in one process) and
prints, every ``--every`` games, the resident set size and the entries held by each ``functools`` cache
of the game's modules. A bounded cache levels off; RSS should level off with it (issue 31, item 15).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "python"))

from romme.bots import make_bot  # noqa: E402
from romme.bots.common import play_out  # noqa: E402
from romme.engine import new_game  # noqa: E402


def rss_mb() -> float:
    """The process's resident set size now (Linux /proc), in MB."""
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 1e6


def memo_caches() -> dict[str, Callable[..., Any]]:
    """Every function with ``cache_info`` (functools.cache / lru_cache) in the loaded romme modules."""
    found: dict[str, Callable[..., Any]] = {}
    for name, module in sorted(sys.modules.items()):
        if not name.startswith("romme."):
            continue
        for attr, value in vars(module).items():
            if callable(value) and hasattr(value, "cache_info") and getattr(value, "__module__", None) == name:
                found[f"{name.removeprefix('romme.')}.{attr}"] = value
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="rummy")
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--bots", default="random", help="one level for every seat")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--every", type=int, default=500)
    args = parser.parse_args()
    caches: dict[str, Callable[..., Any]] = {}
    start = time.perf_counter()
    print(f"{args.games} {args.game} games, bots {args.bots}; RSS at start {rss_mb():.1f} MB")
    print(f"{'games':>7} {'RSS MB':>7} {'s':>6}  cache entries")
    for i in range(1, args.games + 1):
        state = new_game(args.game, players=args.players, seed=f"mem/{i}")
        bots = [make_bot(args.game, args.bots, f"mem/{i}/{s}") for s in range(args.players)]
        play_out(state, bots, max_moves=50_000)
        if i == 1:  # the game's modules are loaded now
            caches = memo_caches()
        if i % args.every == 0 or i == args.games:
            held = {name: fn.cache_info().currsize for name, fn in caches.items()}
            sizes = " ".join(f"{name}={size}" for name, size in held.items() if size)
            print(f"{i:7d} {rss_mb():7.1f} {time.perf_counter() - start:6.1f}  {sizes}", flush=True)


if __name__ == "__main__":
    main()
