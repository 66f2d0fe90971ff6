"""The Rummy expert bench's move loop alone, for callgrind: the 40 games of ``bench_games.py --game rummy --levels
expert --max-games 40``, played twice; the second pass runs each game's moves inside ``functools.reduce``, so that
callgrind collects only them (imports, caches, dealing and the bots' making left out)::

    PYTHONPATH=python valgrind --tool=callgrind --collect-atstart=no --toggle-collect=functools_reduce \\
        python3 benches/rummy_expert_loop.py [--cached]

``--cached``: the core's table search answers each position from a cache filled by the first pass, so that the
count is everything of a move but the search. Prints a hash of the games' move texts (equal hashes: the same moves).
"""

from __future__ import annotations

import argparse
import functools
import hashlib
from typing import Any

import romme
from romme import _core
from romme.bots import make_bot
from romme.engine import GameState


def play(state: GameState, bots: list[Any]) -> GameState:
    while not state.is_over:
        state.apply(bots[state.current_player].choose(state))
    return state


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cached", action="store_true", help="serve the table search's answers from a cache")
    ap.add_argument("--games", type=int, default=40)
    args = ap.parse_args()
    if args.cached:
        searched = _core.rummy_searched_turn
        answers: dict[tuple[bytes, bytes], Any] = {}

        def cached(flat: bytes, hand: bytes, options: dict[str, Any], budget: int) -> Any:
            key = (flat, bytes(hand))
            if key not in answers:
                answers[key] = searched(flat, hand, options, budget)
            return answers[key]

        _core.rummy_searched_turn = cached  # type: ignore[assignment]
    logs = []
    for measured in (False, True):
        for g in range(args.games):
            state = romme.new_game("rummy", players=2, seed=g)
            bots = [make_bot("rummy", "expert", f"{g}/{s}") for s in range(2)]
            if measured:
                functools.reduce(lambda _, sb: play(*sb), [(state, bots)], state)
                logs.append(tuple(str(m) for m in state.history))
            else:
                play(state, bots)
    print("moves", sum(map(len, logs)), "hash", hashlib.sha1(repr(logs).encode()).hexdigest()[:12])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
