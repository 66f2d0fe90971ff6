"""Headless: the move log's line at a round's end says how it ended and what each seat scored ('— deal 1 over: Bot 1
went out · You +0, Bot 1 +2 —'). Played at 1280x800 (Räuber-Rommé against Master, German): the log read '— Runde 1
vorbei —' and nothing more, the sheet that said who went out put away by the next key."""

from __future__ import annotations

import pytest
from gui_driver import open_table, played_to_the_end

from romme_table.controller import Controller, Seat
from romme_table.score_grid import ended_text


@pytest.mark.parametrize(
    ("game", "seed", "rules", "unit_en"),
    [("romme", 5, None, "deal"), ("koenigs", 8, None, "round"), ("einmaleins", 5, {"target": 150}, "game")],
)
def test_each_round_over_line_names_how_it_ended_and_the_points(game, seed, rules, unit_en, surface, tmp_path):
    c, _, scene = played_to_the_end(game, 2, seed, surface, tmp_path, rules)
    names = [s.name for s in c.seats]
    rows = scene.book.rows
    assert len(rows) == len(c.round_ends) >= 2
    wanted = []
    for n, row in enumerate(rows, start=1):
        points = ", ".join(f"{name} {p:+d}" for name, p in zip(names, row.points, strict=True))
        ended = ended_text(row, names, "en")
        assert ended or game == "einmaleins", row  # 1x1-Rommé's record names only the last game's
        wanted.append(f"— {unit_en} {n} over: {ended} · {points} —" if ended else f"— {unit_en} {n} over: {points} —")
    lines = [line for line in scene.log_rows(100_000) if line.startswith("— ")]
    assert lines == wanted
    c.lang = "de"
    german = [line for line in scene.log_rows(100_000) if line.startswith("— ")]
    assert len(german) == len(rows) and all(" vorbei: " in line for line in german), german


def test_a_loaded_game_says_the_same(surface, tmp_path):
    c, _, scene = played_to_the_end("romme", 2, 5, surface, tmp_path)
    loaded = Controller("romme", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=5, bot_delay=0.0)
    loaded.replace_state(c.state.clone())
    _, again = open_table(loaded, surface)
    assert [r for r in again.log_rows(100_000) if r.startswith("— ")] == [
        r for r in scene.log_rows(100_000) if r.startswith("— ")
    ]
