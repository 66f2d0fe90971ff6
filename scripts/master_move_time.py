"""Move time of the master bot: ``python3 scripts/master_move_time.py GAME SEATS DECISIONS``.

The master plays seat 0 against experts (seed ``timing/0``); for its first DECISIONS decisions with more than one
legal move it prints the wall-clock and CPU (process) time p50 / p99 as one JSON line. CPU time is what the
machine's load does not inflate.
"""

from __future__ import annotations

import json
import sys
import time

from romme.bots import make_bot
from romme.engine import new_game


def quantile(xs: list[float], f: float) -> float:
    ordered = sorted(xs)
    return round(ordered[min(len(ordered) - 1, int(f * len(ordered)))], 2)


def main(game: str, seats: int, limit: int) -> None:
    state = new_game(game, seats, seed="timing/0")
    bots = [make_bot(game, "master", "timing/0/0")]
    bots += [make_bot(game, "expert", f"timing/0/{s}") for s in range(1, seats)]
    wall: list[float] = []
    cpu: list[float] = []
    while not state.is_over and len(wall) < limit:
        seat = state.current_player
        timed = seat == 0 and len(state.legal_moves()) > 1
        t, c = time.perf_counter(), time.process_time()
        move = bots[seat].choose(state)
        if timed:
            wall.append(time.perf_counter() - t)
            cpu.append(time.process_time() - c)
        state.apply(move)
    print(json.dumps({"game": game, "decisions": len(wall), "wall_p50": quantile(wall, 0.5),
                      "wall_p99": quantile(wall, 0.99), "cpu_p50": quantile(cpu, 0.5), "cpu_p99": quantile(cpu, 0.99)}))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
