"""The games of ``romme ladder GAME -b A,B -n N -s S -p P`` one by one, a JSON line each as it finishes.

``python3 scripts/ladder_by_game.py GAME A,B N SEED PLAYERS JOBS OUT.jsonl [--deals fresh|duplicate] [--only A:B]
[KEY=VALUE ...]`` (rule options as ``romme ladder -o KEY=VALUE``: ``target=1`` makes a Rommé game one deal) plays the
ladder's own schedule with its own seeds (``romme.ladder.schedule``, ``romme.commands.ladder._play``), so a long run
can be stopped at any time: the first k lines are the ladder of k games. ``--deals duplicate`` is ``romme ladder
--deals duplicate``: each deal played by a group of games with the seats swapped (N a multiple of the group).
``--only A:B`` plays only the games of index ``A`` to ``B - 1``: a long ladder shared out between processes (a game's
seeds depend only on its index and its deal's, so the parts' lines together are the ladder's). Each line: ``index``,
``deal`` (the index whose deal it plays), ``deals``, ``seats`` (bot index per seat), ``share`` (the first bot's share of
the winners), ``moves``, ``finished``, ``t`` (seconds since the start). A bad argument exits 2 with one error line.
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
import time

from script_args import count

from romme.backends import run_local
from romme.commands.ladder import _play, parse_bots
from romme.commands.simulate import check_players
from romme.errors import RommeError, RulesError
from romme.ladder import Deals, LadderGame, LadderSetup, schedule
from romme.rules import Rules, parse_option_pairs


def game_range(text: str) -> tuple[int, int]:
    """``A:B``, the games of index A to B - 1."""
    first, colon, last = text.partition(":")
    try:
        low, high = int(first), int(last)
    except ValueError:
        raise argparse.ArgumentTypeError(f"A:B (game indices), got {text!r}") from None
    if not colon or low < 0 or high <= low:
        raise argparse.ArgumentTypeError(f"A:B with 0 <= A < B, got {text!r}")
    return low, high


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="The games of a two-bot ladder, a JSON line each.")
    parser.add_argument("game")
    parser.add_argument("bots", help="A,B")
    parser.add_argument("games", type=count(1), help="games of the pairing")
    parser.add_argument("seed")
    parser.add_argument("players", type=count(1))
    parser.add_argument("jobs", type=count(1))
    parser.add_argument("out")
    parser.add_argument("--deals", choices=[d.value for d in Deals], default=Deals.FRESH.value)
    parser.add_argument("--only", type=game_range, default=None, metavar="A:B")
    parser.add_argument("options", nargs="*", metavar="KEY=VALUE")
    return parser.parse_intermixed_args(argv)


def plan_and_setup(args: argparse.Namespace) -> tuple[list[LadderGame], LadderSetup]:
    """The games to play (all, or the ``--only`` range) and what they share; a RommeError on a bad ladder (as
    ``romme ladder`` refuses it: seats the game does not take, fewer than two bots or one named twice), or on an
    ``--only`` range that holds none of its games."""
    check_players(args.game, args.players)
    names = parse_bots(args.game, args.bots)
    deals = Deals(args.deals)
    plan = whole = schedule(len(names), args.games, args.players, deals)
    if args.only is not None:
        plan = [g for g in whole if args.only[0] <= g.index < args.only[1]]
        if not plan:
            raise RulesError(f"--only {args.only[0]}:{args.only[1]} holds none of the ladder's games (indices 0 to "
                             f"{len(whole) - 1})")
    rules = Rules.make(args.game, None, **parse_option_pairs(args.game, args.options))
    return plan, LadderSetup(args.game, rules, names, args.players, args.seed, None, 100_000, deals)


def main(argv: list[str]) -> None:
    args = parse(argv)
    try:
        plan, setup = plan_and_setup(args)
        out = open(args.out, "a", encoding="utf-8")  # noqa: SIM115 (closed by the with below)
    except (RommeError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        sys.exit(2)
    start = time.time()
    with out as f:
        for g, r in zip(plan, run_local(functools.partial(_play, setup), plan, args.jobs)):
            f.write(json.dumps({"index": r.index, "deal": g.deal, "deals": setup.deals.value, "seats": g.seats,
                                "share": r.share, "moves": r.moves, "finished": r.finished,
                                "t": round(time.time() - start, 1)}) + "\n")
            f.flush()


if __name__ == "__main__":
    main(sys.argv[1:])
