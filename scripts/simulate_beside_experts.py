"""The master among experts against an expert in its place, on the same deals (a paired comparison for 3–5 seats).

``python3 scripts/simulate_beside_experts.py GAME SEATS N SEED JOBS OUT.jsonl`` plays game ``i`` of
``romme simulate GAME -p SEATS -b master,expert,... --rotate -s SEED`` (the master on seat ``i % SEATS``) and the
same game with experts on every seat (the same deal and seat seeds), and writes a JSON line per game as it
finishes: ``index``, ``master`` and ``baseline`` with ``scores`` and ``winners`` per listed bot (the master or the
expert in its place first), ``t`` (seconds since the start). A long run can be stopped at any time.
"""

from __future__ import annotations

import functools
import json
import sys
import time

from romme.backends import run_local
from romme.commands.simulate import GameOutcome, simulate_one
from romme.rules import Rules


def both(game: str, players: int, seed: str, index: int) -> tuple[int, GameOutcome, GameOutcome]:
    rules = Rules.make(game, None)
    master = simulate_one(game, players, rules, ("master",) + ("expert",) * (players - 1), seed, index, rotate=True)
    experts = simulate_one(game, players, rules, ("expert",) * players, seed, index, rotate=True)
    return index, master, experts


def main(game: str, players: int, games: int, seed: str, jobs: int, out: str) -> None:
    start = time.time()
    with open(out, "a", encoding="utf-8") as f:
        for index, master, experts in run_local(functools.partial(both, game, players, seed), range(games), jobs):
            f.write(json.dumps({
                "index": index,
                "master": {"scores": master.scores, "winners": master.winners, "moves": master.moves},
                "baseline": {"scores": experts.scores, "winners": experts.winners, "moves": experts.moves},
                "t": round(time.time() - start, 1),
            }) + "\n")
            f.flush()


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], int(sys.argv[5]), sys.argv[6])
