"""Every command taking a game takes it as the table and `romme games` name it: `romme gui --game 1x1` was refused
with "unknown game '1x1'" though the window calls the game '1x1-Rommé' (H6, session 50)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from romme.cli import main


@pytest.mark.parametrize(
    ("name", "game_id"),
    [("1x1", "einmaleins"), ("1x1-Rommé", "einmaleins"), ("1X1-ROMME", "einmaleins"), ("Krass Kariert", "krass"),
     ("Königs-Rommé", "koenigs"), ("koenigs-solo", "koenigs-solo"), ("Rommé", "romme"), ("rummy", "rummy")],
)
def test_games_takes_the_shown_name(name, game_id):
    result = CliRunner().invoke(main, ["games", name, "--json"])
    assert result.exit_code == 0, result.output
    assert [g["id"] for g in json.loads(result.output)["games"]] == [game_id]


def test_gui_takes_1x1_and_opens_that_game(monkeypatch):
    import romme_table

    opened: dict[str, object] = {}
    monkeypatch.setattr(romme_table, "no_display_reason", lambda: "")
    monkeypatch.setattr(romme_table, "run", lambda window, **kw: opened.update(kw))
    result = CliRunner().invoke(main, ["gui", "--game", "1x1"])
    assert result.exit_code == 0, result.output
    assert opened["game"] == "einmaleins"


def test_simulate_takes_1x1():
    result = CliRunner().invoke(main, ["simulate", "1x1", "-n", "1", "-b", "random,random"])
    assert result.exit_code == 0, result.output


def test_an_unknown_game_is_still_refused_in_one_line():
    result = CliRunner().invoke(main, ["gui", "--game", "2x2"])
    assert result.exit_code == 2
    assert "unknown game '2x2'" in result.output and "einmaleins" in result.output
