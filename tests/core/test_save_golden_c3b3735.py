"""Saves written by the session-start tree (c3b3735) still load and replay to the same end.

The files in data/saves-c3b3735 were played by that tree's bots (seeded, every game and the Rommé rule sets this
session's search work touched: Räuber with and without a discard pile, table to hand, wrap-around, knocking) and
saved by its ``romme.save``; expected.json holds the move count, the end and the scores that tree reached.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from romme import save
from romme.cli import main as cli_main

DATA = Path(__file__).parent / "data" / "saves-c3b3735"
EXPECTED: dict[str, dict[str, object]] = json.loads((DATA / "expected.json").read_text())


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_old_save_replays_to_the_same_end(name: str) -> None:
    state = save.load(DATA / name).state
    want = EXPECTED[name]
    assert len(state.history) == want["moves"]
    assert state.is_over == want["over"]
    assert list(state.result().scores) == want["scores"]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_romme_replay_prints_an_old_save(name: str) -> None:
    result = CliRunner().invoke(cli_main, ["replay", str(DATA / name)])
    assert result.exit_code == 0, result.output
    assert result.output.count("\n") >= EXPECTED[name]["moves"]  # type: ignore[operator]
