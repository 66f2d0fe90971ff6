"""What an expert in the second bot's seat would have done on the same deals: a paired baseline for a two-seat
ladder of ``expert,BOT`` written by ``scripts/ladder_by_game.py``.

``python3 scripts/duplicate_baseline.py GAME SEED RUN.jsonl [KEY=VALUE ...]`` (the run's rule options) prints, as one
JSON line, the second bot's wins, the wins of an expert in its seat on the same deals, and on how many deals the bot
did better or worse than that expert. Luck of the deal cancels: only the deals where the two differ say anything
about the bot.

Fresh deals (every game its own deal): each game is replayed with experts on both seats (the same deal seed
``SEED/index`` and seat seeds).

Duplicate deals (``ladder_by_game.py --deals duplicate``: the lines say ``"deals": "duplicate"``): the two games of a
deal put the bot on each of its seats, so an expert in the bot's seats wins exactly half of them (the two experts'
games are one game: same deal, same seat seeds; its winner is the bot's seat in one game of the two). Nothing is
replayed: a deal counts better where the bot won more than half of its games, worse where it won less; a deal whose
games are not all in the file (a run stopped, an ``--only`` part) is left out and counted as ``incomplete_deals``.
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from typing import Any

from romme.commands.simulate import simulate_one
from romme.errors import RommeError, RulesError
from romme.rules import Rules, parse_option_pairs

#: games of a duplicate deal in a two-seat ladder (romme.ladder.games_per_deal)
GAMES_PER_DUPLICATE_DEAL = 2


def bot_won(row: dict[str, Any]) -> float:
    """The second bot's share of the winners of a line's game."""
    return 1.0 - float(row["share"])


def fresh(game: str, seed: str, rules: Rules, rows: list[dict[str, Any]]) -> dict[str, Any]:
    bot = expert = 0.0
    better = worse = 0
    for row in rows:
        replay = simulate_one(game, 2, rules, ("expert", "expert"), seed, row["index"])
        seat = row["seats"].index(1)
        in_seat = (1.0 / len(replay.winners) if seat in replay.winners else 0.0) if replay.winners else 0.5
        won = bot_won(row)
        bot, expert = bot + won, expert + in_seat
        better, worse = better + (won > in_seat), worse + (won < in_seat)
    return {"deals": "fresh", "games": len(rows), "bot_wins": bot, "expert_in_its_seat_wins": expert,
            "better_deals": better, "worse_deals": worse}


def duplicate(rows: list[dict[str, Any]]) -> dict[str, Any]:
    by_deal: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        by_deal[int(row["deal"])].append(row)
    complete = [games for games in by_deal.values() if len({g["index"] for g in games}) == GAMES_PER_DUPLICATE_DEAL]
    wins = [sum(bot_won(g) for g in games) for games in complete]
    half = GAMES_PER_DUPLICATE_DEAL / 2
    games = GAMES_PER_DUPLICATE_DEAL * len(complete)
    return {"deals": "duplicate", "games": games, "bot_wins": sum(wins), "expert_in_its_seat_wins": games / 2,
            "better_deals": sum(w > half for w in wins), "worse_deals": sum(w < half for w in wins),
            "incomplete_deals": len(by_deal) - len(complete),
            "note": "duplicate deals: an expert in the bot's seats wins exactly half (not replayed)"}


def read_rows(path: str) -> list[dict[str, Any]]:
    """The run's lines; a RommeError on a file that is not one two-seat ladder's, each game once (ladder_by_game.py
    appends: a part run twice into one file wrote its games twice, and they counted twice)."""
    try:
        with open(path, encoding="utf-8") as f:
            rows = [json.loads(line) for line in f if line.strip()]
        indices = [int(row["index"]) for row in rows]
        two_seats = all(sorted(row["seats"]) == [0, 1] for row in rows)
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise RulesError(f"{path} is not a ladder_by_game.py run: {error}") from None
    if not two_seats:
        raise RulesError(f"{path} is not a two-seat ladder of two bots")
    if len(set(indices)) != len(indices):
        twice = sorted({i for i in indices if indices.count(i) > 1})
        raise RulesError(f"{path} holds game {twice[0]} more than once ({len(twice)} games twice): one run a file")
    return rows


def main(game: str, seed: str, path: str, options: list[str]) -> None:
    try:
        rules = Rules.make(game, None, **parse_option_pairs(game, options))
        rows = read_rows(path)
    except RommeError as error:
        print(f"error: {error}", file=sys.stderr)
        sys.exit(2)
    modes = {row.get("deals", "fresh") for row in rows}
    if len(modes) > 1:
        print(f"error: {path} mixes fresh and duplicate deals", file=sys.stderr)
        sys.exit(2)
    summary = duplicate(rows) if modes == {"duplicate"} else fresh(game, seed, rules, rows)
    print(json.dumps({"game": game, **summary}))


if __name__ == "__main__":
    if len(sys.argv) < 4:
        print("error: usage: duplicate_baseline.py GAME SEED RUN.jsonl [KEY=VALUE ...]", file=sys.stderr)
        sys.exit(2)
    main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:])
