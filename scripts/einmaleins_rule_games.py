"""1x1-Rommé's master rules in expert games: ``python3 scripts/einmaleins_rule_games.py N [START] [--rules R,...]``.

Deals ``x/START`` … ``x/START+N-1`` (two seats) are played three times: a seat playing the expert's moves with the
master's rules (``romme.bots.master_einmaleins``: ``goout``, going out in the turn where the hand can; ``discard``,
the rule's discard where the expert discards; default both) against the expert, on seat 0 and on seat 1, and experts on
both seats. Every seat is the expert bot of ``make_bot`` with its progress guard. One JSON line: the rule seat's games
won, the wins of an expert in its seat on the same deals (half: a deal's two expert games are one game), on how many
games it did better or worse, and how often each rule changed the expert's move. About 0.05 s a deal on a free core.
"""

from __future__ import annotations

import argparse
import json
import time

from script_args import count

from romme.bots import make_bot
from romme.bots.common import guard_progress
from romme.bots.einmaleins import ExpertBot
from romme.bots.master_einmaleins import go_out_move, rule_discard
from romme.engine import GameState, Move, new_game
from romme.rng import Rng

RULES = ("goout", "discard")


class RuleSeat:
    """The expert's move, but where a rule of ``rules`` applies and plays another move, that move."""

    level = "rules"

    def __init__(self, rules: tuple[str, ...]) -> None:
        self.expert = ExpertBot(Rng(0))  # the bot class: the rule seat's own guard wraps it once
        self.rules = rules
        self.changed = dict.fromkeys(rules, 0)

    def choose(self, state: GameState) -> Move:
        move = self.expert.choose(state)
        for rule in self.rules:
            other = go_out_move(state) if rule == "goout" else rule_discard(state, move)
            if other is not None:
                self.changed[rule] += other != move
                return other
        return move


def outcome(seed: str, bots: list[object], seat: int) -> float:
    """``seat``'s share of the winners of deal ``seed`` played by ``bots`` (no winner: half)."""
    state = new_game("einmaleins", players=2, seed=seed)
    while not state.is_over:
        state.apply(bots[state.current_player].choose(state))  # type: ignore[attr-defined]
    winners = state.result().winners
    if not winners:
        return 0.5
    return 1.0 / len(winners) if seat in winners else 0.0


def main(games: int, start: int, rules: tuple[str, ...]) -> None:
    expert = make_bot("einmaleins", "expert", 0)
    seat_bot = RuleSeat(rules)
    guarded = guard_progress(seat_bot, "einmaleins")
    won = in_seat = 0.0
    better = worse = 0
    t0 = time.time()
    for g in range(start, start + games):
        seed = f"x/{g}"
        experts = outcome(seed, [expert, expert], 0)
        for seat in (0, 1):
            bots: list[object] = [expert, expert]
            bots[seat] = guarded
            a, b = outcome(seed, bots, seat), experts if seat == 0 else 1.0 - experts
            won, in_seat = won + a, in_seat + b
            better, worse = better + (a > b), worse + (a < b)
    print(json.dumps({"rules": list(rules), "deals": games, "start": start, "games": 2 * games, "rule_wins": won,
                      "expert_in_its_seat_wins": in_seat, "better": better, "worse": worse,
                      "moves_changed": seat_bot.changed, "seconds": round(time.time() - t0)}))


def rule_list(text: str) -> tuple[str, ...]:
    names = tuple(t for t in text.split(",") if t)
    bad = [n for n in names if n not in RULES]
    if bad or not names:
        raise argparse.ArgumentTypeError(f"rules are {', '.join(RULES)} (comma-separated), got {text!r}")
    return names


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", type=count(1), help="deals played (each on both seats)")
    ap.add_argument("start", type=count(0), nargs="?", default=0, help="the first deal, x/START")
    ap.add_argument("--rules", type=rule_list, default=RULES, help="the rules the seat plays (default: %(default)s)")
    args = ap.parse_args()
    main(args.games, args.start, args.rules)
