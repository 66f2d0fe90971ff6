"""Move time of the master bot: ``python3 scripts/master_move_time.py GAME SEATS DECISIONS [--rotate] [--rules P]``.

The master plays against experts; for its first DECISIONS decisions with more than one legal move it prints the
wall-clock and CPU (process) time p50 / p99 / max as one JSON line. CPU time is what the machine's load does not
inflate. Without ``--rotate`` the master plays seat 0 of one game (seed ``timing/0``); with it, games ``timing/0``,
``timing/1``, … are played until DECISIONS decisions, the master on seat ``k % SEATS`` of game ``k`` (one game is
too few where slow moves are rare: Rummy's placements on large tables). ``searched``: decisions that took more than
20 ms (the rest were answered without a search: one candidate, or Rummy's hold); ``slow``: the game, the move
number and the CPU seconds of every decision above 1.2 s. ``--rules`` / ``-o KEY=VALUE``: the rules played (a preset
of ``romme play --rules``, options on top; bad ones exit 2 in one line); ``--think``: the master's seconds a move.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from script_args import count, seconds

from romme.bots import make_bot
from romme.engine import new_game
from romme.errors import RommeError
from romme.rules import Rules, parse_option_pairs

#: the move time target (seconds of CPU, p99)
TARGET = 1.2
#: a decision taking less CPU than this was answered without a search
SEARCHED = 0.02


def quantile(xs: list[float], f: float) -> float:
    ordered = sorted(xs)
    return round(ordered[min(len(ordered) - 1, int(f * len(ordered)))], 2)


def main(game: str, seats: int, limit: int, rotate: bool, rules: Rules | None = None, think: float | None = None,
         ) -> None:
    wall: list[float] = []
    cpu: list[float] = []
    slow: list[tuple[int, int, float]] = []
    k = 0
    while len(wall) < limit and (rotate or k == 0):
        state = new_game(game, seats, seed=f"timing/{k}", rules=rules)
        master = k % seats if rotate else 0
        bots = [make_bot(game, "master" if s == master else "expert", f"timing/{k}/{s}", think=think)
                for s in range(seats)]
        while not state.is_over and len(wall) < limit:
            seat = state.current_player
            timed = seat == master and len(state.legal_moves()) > 1
            t, c = time.perf_counter(), time.process_time()
            move = bots[seat].choose(state)
            if timed:
                wall.append(time.perf_counter() - t)
                cpu.append(time.process_time() - c)
                if cpu[-1] > TARGET:
                    slow.append((k, len(state.history), round(cpu[-1], 2)))
            state.apply(move)
        k += 1
    print(json.dumps({"game": game, "rules": rules.changed() if rules is not None else {}, "games": k,
                      "decisions": len(wall),
                      "searched": sum(c > SEARCHED for c in cpu), "wall_p50": quantile(wall, 0.5),
                      "wall_p99": quantile(wall, 0.99), "cpu_p50": quantile(cpu, 0.5), "cpu_p99": quantile(cpu, 0.99),
                      "cpu_max": quantile(cpu, 1.0), "slow": slow}))


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("seats", type=count(1))
    ap.add_argument("decisions", type=count(1))
    ap.add_argument("--rotate", action="store_true", help="games timing/0, timing/1, …, the master on seat k %% SEATS")
    ap.add_argument("--rules", help="a rule preset (romme play --rules)")
    ap.add_argument("-o", "--option", action="append", default=[], metavar="KEY=VALUE", help="a rule option")
    ap.add_argument("--think", type=seconds, help="the master's thinking time a move, in seconds (default 1)")
    args = ap.parse_args()
    try:
        chosen = Rules.make(args.game, args.rules, **parse_option_pairs(args.game, args.option))
        new_game(args.game, args.seats, seed="timing/0", rules=chosen)  # the seats the game takes
    except RommeError as error:
        print(f"error: {error}", file=sys.stderr)
        sys.exit(2)
    main(args.game, args.seats, args.decisions, args.rotate, chosen, args.think)
