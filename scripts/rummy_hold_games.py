"""Rummy's hold rule in expert games: ``python3 scripts/rummy_hold_games.py N [START] [HOLD_HAND]``.

Deals ``h/START`` … ``h/START+N-1`` (two seats) are played three times: a seat playing the expert's moves with the
master's hold rule (``romme.bots.master_hold.holds``, ``HOLD_HAND`` overriding its hand size) against the expert, on
seat 0 and on seat 1, and experts on both seats. One JSON line: the holding seat's games won, the wins of an expert in
its seat on the same deals, and on how many games it did better or worse. The expert is the rollout policy
(``RummyRollout``: the expert's moves on card codes, tested equal to the expert bot's), so a game takes ~0.05 s.
"""

from __future__ import annotations

import argparse
import json
import time

from script_args import count

from romme.bots import master_hold
from romme.bots.master_rollout import RummyRollout
from romme.engine import GameState, Move, new_game
from romme.games import rummy as game


class Holding:
    """The expert's move, or ``pass`` where the master's hold rule holds."""

    def __init__(self) -> None:
        self.expert = RummyRollout()

    def choose(self, state: GameState) -> Move:
        move = self.expert.choose(state)
        return game.PassMove(state.current_player) if master_hold.holds(state, move) else move


def outcome(seed: str, bots: list[RummyRollout | Holding], seat: int) -> float:
    state = new_game("rummy", players=2, seed=seed)
    while not state.is_over:
        state.apply(bots[state.current_player].choose(state))
    winners = state.result().winners
    return 0.5 if not winners else float(seat in winners)


def main(games: int, start: int) -> None:
    expert, holding = RummyRollout(), Holding()
    won = in_seat = 0.0
    better = worse = 0
    t0 = time.time()
    for g in range(start, start + games):
        seed = f"h/{g}"
        for seat in (0, 1):
            bots: list[RummyRollout | Holding] = [expert, expert]
            bots[seat] = holding
            a, b = outcome(seed, bots, seat), outcome(seed, [expert, expert], seat)
            won, in_seat = won + a, in_seat + b
            better, worse = better + (a > b), worse + (a < b)
    print(json.dumps({"hold_hand": master_hold.HOLD_HAND, "hold_stock": master_hold.HOLD_STOCK, "deals": games,
                      "start": start, "games": 2 * games, "holding_wins": won, "expert_in_its_seat_wins": in_seat,
                      "better": better, "worse": worse, "seconds": round(time.time() - t0)}))


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", type=count(1), help="deals played (each on both seats)")
    ap.add_argument("start", type=count(0), nargs="?", default=0, help="the first deal, h/START")
    ap.add_argument("hold_hand", type=count(1), nargs="?", default=master_hold.HOLD_HAND,
                    help="hold a hand of at most this many cards (the master's: %(default)s)")
    args = ap.parse_args()
    master_hold.HOLD_HAND = args.hold_hand
    main(args.games, args.start)
