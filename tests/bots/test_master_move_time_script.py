"""``scripts/master_move_time.py`` answers bad arguments with exit 2 and one error line, never a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "master_move_time.py"


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
def test_bad_arguments_exit_2_in_one_line(args: list[str], said: str) -> None:
    """Fails without the checks: a bad --think or seat count raised a RulesError traceback (exit 1) inside the
    first bot or game made, and 0 or -1 decisions an IndexError."""
    run = subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=120)
    assert run.returncode == 2, run.stderr
    assert "Traceback" not in run.stderr
    errors = [line for line in run.stderr.splitlines() if "error:" in line]
    assert len(errors) == 1 and said in errors[0], run.stderr
