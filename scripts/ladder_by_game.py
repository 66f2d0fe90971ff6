"""The games of ``romme ladder GAME -b A,B -n N -s S -p P`` one by one, a JSON line each as it finishes.

``python3 scripts/ladder_by_game.py GAME A,B N SEED PLAYERS JOBS OUT.jsonl [KEY=VALUE ...]`` (rule options as ``romme
ladder -o KEY=VALUE``: ``target=1`` makes a Rommé game one deal) plays the ladder's own schedule with its
own seeds (``romme.ladder.schedule``, ``romme.commands.ladder._play``), so a long run can be stopped at any time: the
first k lines are the ladder of k games. ``--only A:B`` (before the rule options) plays only the games of index ``A``
to ``B - 1``: a long ladder shared out between processes (a game's seeds depend only on its index, so the parts'
lines together are the ladder's). Each line: ``index``, ``seats`` (bot index per seat), ``share`` (the first bot's
share of the winners), ``moves``, ``finished``, ``t`` (seconds since the start).
"""

from __future__ import annotations

import functools
import json
import sys
import time

from romme.backends import run_local
from romme.commands.ladder import _play
from romme.ladder import LadderSetup, schedule
from romme.rules import Rules, parse_option_pairs


def main(game: str, bots: str, games: int, seed: str, players: int, jobs: int, out: str, options: list[str]) -> None:
    names = tuple(bots.split(","))
    plan = schedule(len(names), games, players)
    if options[:1] == ["--only"]:
        first, last = (int(i) for i in options[1].split(":"))
        plan, options = [g for g in plan if first <= g.index < last], options[2:]
    rules = Rules.make(game, None, **parse_option_pairs(game, options))
    setup = LadderSetup(game, rules, names, players, seed, None, 100_000)
    start = time.time()
    with open(out, "a", encoding="utf-8") as f:
        for g, r in zip(plan, run_local(functools.partial(_play, setup), plan, jobs)):
            f.write(json.dumps({"index": r.index, "seats": g.seats, "share": r.share, "moves": r.moves,
                                "finished": r.finished, "t": round(time.time() - start, 1)}) + "\n")
            f.flush()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], int(sys.argv[5]), int(sys.argv[6]), sys.argv[7],
         sys.argv[8:])
