"""Königs-Rommé's outs discard in expert games: ``python3 scripts/koenigs_outs_games.py N [START] [--stall T]``.

Deals ``o/START`` … ``o/START+N-1`` (two seats) are played three times: a seat playing the expert's moves but the
master's outs discard (``romme.bots.master_koenigs.outs_discard``: of the discards at the expert's distance to going
out, the one whose kept hand has the most outs) against the expert, on seat 0 and on seat 1, and experts on both
seats. The outs seat's progress guard draws from the stock after ``T`` turns running of taking the discard pile's
top (default: the master's, ``romme.bots.master.STALL_TURNS_OF``; 3 as every other bot; 0: no guard); the experts
have the guard of ``make_bot``. One JSON line: the outs seat's games won, the wins of an expert in its seat on the
same deals, and on how many games it did better or worse (a tie shares the win). About 0.3 s a deal on a free core.
"""

from __future__ import annotations

import argparse
import json
import time

from script_args import count

from romme.bots import make_bot
from romme.bots.common import guard_progress
from romme.bots.koenigs import ExpertBot
from romme.bots.master import STALL_TURNS_OF
from romme.bots.master_koenigs import outs_discard
from romme.engine import GameState, Move, new_game
from romme.rng import Rng

#: a streak of takes no game reaches: the outs seat without a guard
NO_GUARD = 1_000_000


class OutsExpert:
    """The expert's move, but the outs discard where there is one (wrap it in the progress guard: ``stall_turns``)."""

    level = "outs"

    def __init__(self, stall_turns: int) -> None:
        self.expert = ExpertBot(Rng(0))  # the bot class: its draws pass the outs seat's own guard alone
        self.stall_turns = stall_turns or NO_GUARD

    def choose(self, state: GameState) -> Move:
        return outs_discard(state) or self.expert.choose(state)


def outcome(seed: str, bots: list[object], seat: int) -> float:
    """``seat``'s share of the winners of deal ``seed`` played by ``bots``."""
    state = new_game("koenigs", players=2, seed=seed)
    while not state.is_over:
        state.apply(bots[state.current_player].choose(state))  # type: ignore[attr-defined]
    winners = state.result().winners
    return 1.0 / len(winners) if seat in winners else 0.0


def main(games: int, start: int, stall: int) -> None:
    expert, outs = make_bot("koenigs", "expert", 0), guard_progress(OutsExpert(stall), "koenigs")
    won = in_seat = 0.0
    better = worse = 0
    t0 = time.time()
    for g in range(start, start + games):
        seed = f"o/{g}"
        for seat in (0, 1):
            bots: list[object] = [expert, expert]
            bots[seat] = outs
            a, b = outcome(seed, bots, seat), outcome(seed, [expert, expert], seat)
            won, in_seat = won + a, in_seat + b
            better, worse = better + (a > b), worse + (a < b)
    print(json.dumps({"deals": games, "start": start, "stall": stall, "games": 2 * games, "outs_wins": won,
                      "expert_in_its_seat_wins": in_seat, "better": better, "worse": worse,
                      "seconds": round(time.time() - t0)}))


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", type=count(1), help="deals played (each on both seats)")
    ap.add_argument("start", type=count(0), nargs="?", default=0, help="the first deal, o/START")
    ap.add_argument("--stall", type=count(0), default=STALL_TURNS_OF["koenigs"],
                    help="the outs seat's guard: turns of takes running (0: none; default: the master's)")
    args = ap.parse_args()
    main(args.games, args.start, args.stall)
