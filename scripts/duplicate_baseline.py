"""What an expert in the second bot's seat would have done on the same deals: a paired baseline for a two-seat
ladder of ``expert,BOT`` written by ``scripts/ladder_by_game.py``.

``python3 scripts/duplicate_baseline.py GAME SEED RUN.jsonl [KEY=VALUE ...]`` (the run's rule options) replays every
game of the run with experts on both seats (the same deal seed ``SEED/index`` and seat seeds) and prints, as one
JSON line, the second bot's wins, the wins of an expert in its seat, and on how many deals the bot did better or
worse than that expert. Luck of the deal cancels: only the deals where the two differ say anything about the bot.
"""

from __future__ import annotations

import json
import sys

from romme.commands.simulate import simulate_one
from romme.rules import Rules, parse_option_pairs


def main(game: str, seed: str, path: str, options: list[str]) -> None:
    rules = Rules.make(game, None, **parse_option_pairs(game, options))
    rows = [json.loads(line) for line in open(path, encoding="utf-8")]
    bot = expert = 0.0
    better = worse = 0
    for row in rows:
        replay = simulate_one(game, 2, rules, ("expert", "expert"), seed, row["index"])
        seat = row["seats"].index(1)
        in_seat = (1.0 / len(replay.winners) if seat in replay.winners else 0.0) if replay.winners else 0.5
        won = 1.0 - row["share"]
        bot, expert = bot + won, expert + in_seat
        better, worse = better + (won > in_seat), worse + (won < in_seat)
    print(json.dumps({"game": game, "games": len(rows), "bot_wins": bot, "expert_in_its_seat_wins": expert,
                      "better_deals": better, "worse_deals": worse}))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:])
