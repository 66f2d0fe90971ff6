"""Where the master leaves the expert's move, is its move better? A decision-level test, far cheaper than games.

``python3 scripts/master_decisions.py GAME PLAYERS GAMES EVERY K [--horizon H] [--level L] [--from A --to B]
[KEY=VALUE ...]`` (rule options of the games, as ``romme ladder -o``: ``target=1`` makes a Rommé game one deal)

1. Positions: ``GAMES`` expert games (seeds ``pos/0``, ``pos/1``, …); every ``EVERY``-th decision with more than
   one legal move is kept (both seats).
2. At each position the master (seed ``eval/<game>/<decision>``, default ``--think``) and the expert choose.
   ``--horizon`` / ``--level`` play a variant: the game's rollout horizon and false-deviation level set for this run.
3. Where the two differ, both moves are replayed in ``K`` worlds that keep every hand as it really is and reshuffle
   only the stock (the same ``K`` stocks for both moves), experts on every seat until the deal's scores change
   (or the game ends); a world's value is the master's own rollout value (score change against the others',
   plus the win bonus). The master saw only its seat; this replay knows the real hands, so it says whether the
   deviation was good in the position as it really was. Rummy's held pass (``master_hold``) counts as a deviation
   and is replayed as one pass with experts after it, who never hold: that values a turn lost, not the hold.

One JSON line per deviation, then a summary: deviations, better / worse, the mean gain with its standard error,
the summed change of the chance to win the game, the master's CPU time per decision (p50, p99, max).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

from script_args import count

from romme.bots import make_bot, master_value
from romme.bots import master as master_module
from romme.bots.master import MasterBot
from romme.bots.master_rollout import rollout_policies
from romme.bots.master_worlds import Deal, apply_deal
from romme.engine import GameState, Move, new_game
from romme.errors import RommeError
from romme.rng import Rng
from romme.rules import Rules, parse_option_pairs

#: a replayed deal stops after this many moves if its scores never change
REPLAY_MOVES = 3000


def positions(game: str, players: int, games: int, every: int, options: dict[str, object] | None = None,
              ) -> list[tuple[str, GameState]]:
    found: list[tuple[str, GameState]] = []
    for g in range(games):
        state = new_game(game, players=players, seed=f"pos/{g}", **(options or {}))
        bots = [make_bot(game, "expert", f"pos/{g}/{s}") for s in range(players)]
        decisions = 0
        while not state.is_over and decisions < REPLAY_MOVES:
            if len(state.legal_moves()) > 1:
                decisions += 1
                if decisions % every == 0:
                    found.append((f"{g}/{decisions}", state.clone()))
            state.apply(bots[state.current_player].choose(state))
    return found


def stock_reshuffled(state: GameState, seed: int) -> GameState:
    """``state`` with only its stock reshuffled (and the game's generator reseeded): every hand stays real."""
    stock = list(state.stock)  # type: ignore[attr-defined]
    rng = Rng(seed)
    rng.shuffle(stock)
    return apply_deal(state, Deal({}, stock, rng.next_u64()))


def replay(state: GameState, move: Move, worlds: int, tag: str) -> tuple[list[float], list[float]]:
    """(values, wins) of ``move`` in ``worlds`` stock-reshuffled copies of ``state``."""
    player = state.current_player
    sign = -1.0 if master_value._lower_is_better(state) else 1.0
    start = list(state.result().scores)
    values, wins = [], []
    for i in range(worlds):
        world = stock_reshuffled(state, Rng(f"{tag}/{i}").next_u64())
        world.apply(move)
        bots = rollout_policies(world.game_id, world.num_players, i)
        n = 0
        while not world.is_over and n < REPLAY_MOVES and list(world.result().scores) == start:
            world.apply(bots[world.current_player].choose(world))
            n += 1
        values.append(master_value.rollout_value(world, player, start, sign))
        wins.append(1.0 if world.is_over and player in world.result().winners else 0.0)
    return values, wins


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("players", type=count(1))
    ap.add_argument("games", type=count(1))
    ap.add_argument("every", type=count(1))
    ap.add_argument("worlds", type=count(1))
    ap.add_argument("--horizon", type=count(1))
    ap.add_argument("--level", type=float)
    ap.add_argument("--from", dest="first", type=count(0), default=0)
    ap.add_argument("--to", dest="last", type=count(0))
    ap.add_argument("options", nargs="*", metavar="KEY=VALUE")
    args = ap.parse_args()
    if args.horizon is not None:
        master_module.HORIZONS[args.game] = args.horizon
    if args.level is not None:
        for key in (args.game, f"{args.game}/{args.players}"):  # a level of the seat count stands before the game's
            master_value.FALSE_DEVIATIONS[key] = args.level
    try:
        options = parse_option_pairs(args.game, args.options)
        new_game(args.game, args.players, seed="pos/0", rules=Rules.make(args.game, None, **options))
    except RommeError as error:
        print(f"error: {error}", file=sys.stderr)
        sys.exit(2)
    found = positions(args.game, args.players, args.games, args.every, options)[args.first:args.last]
    gains, win_gains, cpu = [], [], []
    for tag, state in found:
        bot = MasterBot(args.game, f"eval/{args.game}/{tag}")
        t0 = time.process_time()
        move = bot.choose(state.clone())
        cpu.append(time.process_time() - t0)
        expert = bot.expert.choose(state.clone())
        if move == expert:
            continue
        mine, mine_wins = replay(state, move, args.worlds, tag)
        theirs, their_wins = replay(state, expert, args.worlds, tag)
        gain = statistics.mean(a - b for a, b in zip(mine, theirs))
        win_gain = statistics.mean(a - b for a, b in zip(mine_wins, their_wins))
        gains.append(gain)
        win_gains.append(win_gain)
        print(json.dumps({"position": tag, "master": repr(move)[:80], "expert": repr(expert)[:80],
                          "gain": round(gain, 2), "win_gain": round(win_gain, 3)}), flush=True)
    cpu.sort()
    n = len(gains)
    print(json.dumps({
        "game": args.game, "positions": len(found), "deviations": n,
        "better": sum(g > 0 for g in gains), "worse": sum(g < 0 for g in gains),
        "mean_gain": round(statistics.mean(gains), 2) if n else None,
        "se": round(statistics.stdev(gains) / n ** 0.5, 2) if n > 1 else None,
        "win_gain_sum": round(sum(win_gains), 3),
        "cpu_p50": round(cpu[len(cpu) // 2], 3) if cpu else None,
        "cpu_p99": round(cpu[int(0.99 * (len(cpu) - 1))], 3) if cpu else None,
        "cpu_max": round(cpu[-1], 3) if cpu else None,
    }))


if __name__ == "__main__":
    main()
