"""The Rommé master's work budget: under Räuber rules (the expert searches the table at every turn) the master counts
the core's search work as in Rummy; under the others only the simulated moves, as before."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from master_positions import raeuber_position

from romme import _core
from romme.bots import romme as expert
from romme.bots.master import MasterBot
from romme.bots.master_budget import MOVE_WORK, WORK_PER_SECOND
from romme.engine import new_game
from romme.rules import PRESETS


@pytest.mark.parametrize("preset", sorted(PRESETS["romme"]))
def test_the_work_is_budgeted_under_raeuber_rules_only(preset: str) -> None:
    """A preset with Räuber rules gets a work budget at every move, the others none: their moves are the count
    budget's, as before (fails without the Rommé rate: no preset gets one)."""
    state = new_game("romme", 2, seed="work/preset", rules=preset)
    bot = MasterBot("romme", "work/preset", think=0.05)
    bot.choose(state)
    raeuber = bool(PRESETS["romme"][preset].get("rauber"))
    assert (bot.work_budget is not None) == raeuber
    if raeuber:
        assert bot.work_budget == int(0.05 * WORK_PER_SECOND["romme"])


def test_a_raeuber_search_stays_within_the_work_budget() -> None:
    """The master's whole decision in a Räuber position (the expert's search, the worlds, the rollouts whose
    experts search the table at every turn) spends at most its work budget and one more simulated move (its
    searches and :data:`MOVE_WORK`), where its count budget alone would have spent more simulated moves than the
    work budget allows (fails without the work budget: the search plays its whole count budget)."""
    state = raeuber_position()
    bot = MasterBot("romme", "work/0", think=0.3)
    before = _core.search_work()
    bot.choose(state.clone())
    work = _core.search_work() - before
    assert bot.work_budget is not None and bot.finished
    assert work + MOVE_WORK * bot.used <= bot.work_budget + expert.SEARCH_WORK_BUDGET + MOVE_WORK
    assert bot.used < bot.budget * 3 // 4  # the count budget alone: its simulated moves to the end
    assert bot.progress == 1.0


SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "master_move_time.py"


def test_the_move_time_script_plays_the_rules_asked() -> None:
    """``master_move_time.py --rules P -o KEY=VALUE`` plays those rules; a bad preset or option exits 2 in one line
    (fails without the options: argparse refuses them)."""
    run = subprocess.run([sys.executable, str(SCRIPT), "romme", "2", "1", "--rules", "rauber", "-o", "target=100",
                          "--think", "0.02"], capture_output=True, text=True, timeout=300, check=True)
    assert json.loads(run.stdout)["rules"] == {"rauber": True, "target": 100}
    for bad in (["--rules", "nope"], ["-o", "rauber=maybe"], ["-o", "nothing=1"]):
        run = subprocess.run([sys.executable, str(SCRIPT), "romme", "2", "1", *bad], capture_output=True, text=True,
                             timeout=300)
        assert run.returncode == 2 and run.stderr.count("\n") == 1 and run.stderr.startswith("error: ")
