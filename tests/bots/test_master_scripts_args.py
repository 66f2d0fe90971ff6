"""The master's measuring scripts (``scripts/master_move_time.py``, ``master_decisions.py``) answer bad arguments
with exit 2 and one error line, never a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"


@pytest.mark.parametrize(("args", "said"), [
    (["rummy", "2", "1", "--think", "nan"], "thinking time"),
    (["rummy", "2", "1", "--think", "-1"], "thinking time"),
    (["rummy", "2", "1", "--think", "1e400"], "thinking time"),
    (["rummy", "2", "1", "--think", "0"], "thinking time"),
    (["rummy", "2", "1", "--think", "soon"], "a number of seconds"),
    (["rummy", "0", "1"], "at least 1"),
    (["rummy", "2", "-1"], "at least 1"),
    (["rummy", "2", "0"], "at least 1"),
    (["rummy", "9", "1"], "2..4 players"),
    (["krass", "2", "1"], "3..5 players"),
])
def test_move_time_bad_arguments_exit_2_in_one_line(args: list[str], said: str) -> None:
    """Fails without the checks: a bad --think or seat count raised a RulesError traceback (exit 1) inside the
    first bot or game made, and 0 or -1 decisions an IndexError."""
    exits_2_in_one_line("master_move_time.py", args, said)


@pytest.mark.parametrize(("args", "said"), [
    (["koenigs", "2", "6", "0", "150"], "at least 1"),
    (["koenigs", "2", "6", "4", "-5"], "at least 1"),
    (["koenigs", "0", "1", "1", "2"], "at least 1"),
    (["koenigs", "2", "1", "1", "2", "--from", "-1"], "at least 0"),
    (["nogame", "2", "1", "1", "2"], "unknown game"),
    (["krass", "2", "1", "1", "2"], "3..5 players"),
    (["romme", "2", "1", "1", "2", "nope=1"], "unknown option"),
])
def test_decisions_bad_arguments_exit_2_in_one_line(args: list[str], said: str) -> None:
    """Fails without the checks: EVERY 0 raised a ZeroDivisionError, K -5 a StatisticsError, a bad game, seat
    count or option a RommeError traceback."""
    exits_2_in_one_line("master_decisions.py", args, said)


def exits_2_in_one_line(script: str, args: list[str], said: str) -> None:
    run = subprocess.run([sys.executable, str(SCRIPTS / script), *args], capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 2, run.stderr
    assert "Traceback" not in run.stderr
    errors = [line for line in run.stderr.splitlines() if "error:" in line]
    assert len(errors) == 1 and said in errors[0], run.stderr
