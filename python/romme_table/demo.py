"""Mid-game tables for screenshots, benchmarks and tests (seeded, bots only), the bots at the level a first-time
player meets (Easy; the solitaire, which has no opponent and no Easy, Medium: ``romme.bots.nearest_level``)."""

from __future__ import annotations

import romme
from romme.bots import make_bot, nearest_level

from .controller import Controller, Seat
from .i18n import t


def seats_for(game_id: str, humans: int = 1, level: str = "easy", lang: str = "en") -> list[Seat]:
    spec = romme.engine.list_games()[game_id]
    level = nearest_level(game_id, level)
    n = spec["default_players"]
    you = t("you", lang)
    return [
        Seat(you if i < humans else f"Bot {i - humans + 1}", "human" if i < humans else "bot", level) for i in range(n)
    ]


def play_human_turns(c: Controller, moves: int, level: str = "easy", seed: int = 0) -> None:
    """Plays ``moves`` moves for every human seat with a bot's choice (and the bots'
    own turns in between), through the controller as the table would."""
    helper = make_bot(c.game_id, nearest_level(c.game_id, level), seed=seed)  # plays the human seat
    for _ in range(moves):
        c.run_bots_until_human()
        if c.state.is_over:
            return
        if c.needs_curtain():
            c.lift_curtain()
        c.play(helper.choose(c.state.clone()))


def mid_game(game_id: str, moves: int = 12, seed: int = 3, lang: str = "en") -> Controller:
    c = Controller(game_id, seats_for(game_id, lang=lang), seed=seed, bot_delay=0.0, lang=lang)
    play_human_turns(c, moves, seed=seed)
    c.run_bots_until_human()
    return c
