"""Game-engine speed per game: random-bot and expert-bot play.

    PYTHONPATH=python python3 benches/bench_games.py [--seconds 3] [--game koenigs] [--rules PRESET] [--json]

For every game of ``romme.list_games()`` (default seat count) it plays seeded
games with random bots, then with expert bots, each for about ``--seconds``
(at least one whole game), and prints moves per second, games per second and
the median / p99 time of one move (bot choice + apply). Checks its own
answers: every game ends, the cards are conserved, and replaying the log of
the first game gives the identical state. Times are CPU time of this process
(``time.process_time``), so other load on the machine distorts them less.
Target (issue 30): random-bot play at >= 100,000 moves per second on one core in every game and the
solitaire (issue 4 asked for 50,000). To compare two builds, run this file from each checkout with its
own ``PYTHONPATH``, game by game and interleaved, so that both see the same load.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter

import romme
from romme.bots import make_bot
from romme.cards import deck
from romme.engine import replay, spec
from romme.errors import RulesError

TARGET = 100_000


def bench(game_id: str, level: str, seconds: float, max_games: int, max_moves: int,
          rules: str | None = None) -> dict[str, object]:
    n = spec(game_id).default_players
    times: list[float] = []
    games = moves = unfinished = 0
    t_total = 0.0
    first = None
    while games < max_games and (games == 0 or t_total < seconds):
        state = romme.new_game(game_id, players=n, seed=games, rules=rules)
        bots = [make_bot(game_id, level, f"{games}/{s}") for s in range(n)]
        clock = time.process_time  # CPU time of this process: fair on a shared machine
        start = clock()
        while not state.is_over and len(state.history) < max_moves:
            t0 = clock()
            state.apply(bots[state.current_player].choose(state))
            times.append(clock() - t0)
        t_total += clock() - start
        unfinished += not state.is_over
        moves += len(state.history)
        full = Counter(deck(spec(game_id).deck_id).full(**dict(state.rules.options)))
        assert state.card_count() == full, f"{game_id}: cards not conserved"
        if first is None:
            first = state
        games += 1
    assert first is not None
    again = replay(game_id, n, first.seed, first.rules, [m.to_json() for m in first.history])
    assert again.snapshot() == first.snapshot(), f"{game_id}: replay differs"
    times.sort()
    return {
        "game": game_id, "bots": level, "players": n, "games": games, "moves": moves,
        "seconds": round(t_total, 3),
        "moves_per_second": round(moves / t_total),
        "games_per_second": round(games / t_total, 2),
        "move_median_us": round(statistics.median(times) * 1e6, 1),
        "move_p99_us": round(times[min(len(times) - 1, int(len(times) * 0.99))] * 1e6, 1),
        "unfinished": unfinished,
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="time budget per game and bot level")
    ap.add_argument("--max-games", type=int, default=1000)
    ap.add_argument("--game", action="append", help="only these games (repeatable)")
    ap.add_argument("--levels", default="random,expert")
    ap.add_argument("--max-moves", type=int, default=200_000, help="stop a game after this many moves")
    ap.add_argument("--rules", help="a rule preset of the game(s) benched (default: the defaults)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rows = []
    for gid in romme.list_games():
        if args.game and gid not in args.game:
            continue
        for level in args.levels.split(","):
            try:
                make_bot(gid, level, 0)
            except RulesError as exc:
                print(f"{gid:13s} {level:7s} skipped: {exc}", file=sys.stderr)
                continue
            rows.append(bench(gid, level, args.seconds, args.max_games, args.max_moves, args.rules))
            if not args.json:
                r = rows[-1]
                ratio = f"  ({r['moves_per_second'] / TARGET:.2f}x target)" if level == "random" else ""
                print(f"{gid:13s} {level:7s} {r['players']} seats: {r['moves_per_second']:>8,} moves/s"
                      f"{ratio}  {r['games_per_second']:>8} games/s  move median {r['move_median_us']} us"
                      f"  p99 {r['move_p99_us']} us  ({r['games']} games"
                      + (f", {r['unfinished']} stopped at --max-moves)" if r["unfinished"] else ")"), flush=True)
    if args.json:
        print(json.dumps(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
