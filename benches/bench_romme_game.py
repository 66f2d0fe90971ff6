"""Rommé engine speed per preset: random-bot moves per second (and greedy/expert games per second).

    PYTHONPATH=python python3 benches/bench_romme_game.py [--seconds 2] [--levels random]

For every preset of ``romme`` it plays seeded 4-player matches (target 500) with the
given bots for about ``--seconds`` of CPU time each, and prints moves/s, games/s and
the median / p99 time of one move (bot choice + apply). Checks its own answers:
the cards are conserved at the end of every match and replaying the first match's
log gives the identical snapshot. Target (issues 4, 5): random bots >= 50,000 moves/s.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from romme.bots import make_bot
from romme.cards import deck
from romme.engine import new_game, replay
from romme.rules import PRESETS, Rules

TARGET = 50_000


def bench(preset: str, level: str, seconds: float, players: int = 4) -> dict[str, object]:
    rules = Rules.make("romme", preset)
    full = Counter(deck("romme").full(jokers_per_deck=rules.jokers_per_deck))
    times: list[float] = []
    games = moves = 0
    total = 0.0
    first = None
    while games == 0 or total < seconds:
        state = new_game("romme", players=players, seed=f"bench/{games}", rules=rules)
        bots = [make_bot("romme", level, f"bench/{games}/{s}") for s in range(players)]
        clock = time.process_time
        start = clock()
        while not state.is_over and len(state.history) < 200_000:
            t0 = clock()
            state.apply(bots[state.current_player].choose(state))
            times.append(clock() - t0)
        total += clock() - start
        assert state.card_count() == full, f"{preset}: cards not conserved"
        moves += len(state.history)
        first = first or state
        games += 1
    again = replay("romme", players, first.seed, first.rules, [m.to_json() for m in first.history])
    assert again.snapshot() == first.snapshot(), f"{preset}: replay differs"
    times.sort()
    return {"preset": preset, "bots": level, "games": games, "moves": moves,
            "moves_per_second": round(moves / total), "games_per_second": round(games / total, 2),
            "move_median_us": round(statistics.median(times) * 1e6, 1),
            "move_p99_us": round(times[int(len(times) * 0.99)] * 1e6, 1)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--levels", default="random")
    ap.add_argument("--preset", action="append")
    args = ap.parse_args()
    for level in args.levels.split(","):
        for preset in args.preset or sorted(PRESETS["romme"]):
            r = bench(preset, level, args.seconds)
            mark = f" ({r['moves_per_second'] / TARGET:.2f}x target)" if level == "random" else ""
            print(f"{preset:18s} {level:7s} {r['moves_per_second']:>8,} moves/s{mark}  "
                  f"{r['games_per_second']:>6} matches/s  median {r['move_median_us']} us  "
                  f"p99 {r['move_p99_us']} us  ({r['games']} matches)")


if __name__ == "__main__":
    main()
