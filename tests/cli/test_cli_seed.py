"""``--seed`` is one rule for every command that takes one (play, simulate, ladder, gui: params.SEED).

Blanks around a seed are dropped, as every number option of the commands drops them: ``-s " 7"`` was the
text seed " 7", which deals another game than seed 7, though whoever typed it (or a padded ``$(wc -l < f)``)
meant 7. Blanks inside a seed stay (a name may hold them); a seed of blanks alone is refused
(tests/cli/test_hostile_cli.py).
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from gui_command import record_table_start

from romme.cli import main


def _json_run(command: str, seed: str) -> dict[str, object]:
    extra = {"simulate": ["-n", "2"], "ladder": ["-b", "random,greedy", "-n", "2", "--backend", "local"]}[command]
    result = CliRunner().invoke(main, [command, "einmaleins", "-s", seed, "--json", *extra])
    assert result.exit_code == 0, result.output
    answer: dict[str, object] = json.loads(result.stdout)
    for timing in ("seconds", "games_per_second", "moves_per_second", "start_seconds", "stop_seconds",
                   "play_seconds"):
        answer.pop(timing, None)
    return answer


@pytest.mark.parametrize("command", ["simulate", "ladder"])
@pytest.mark.parametrize("seed", [" 7", "7 ", "\t7\n", " name "])
def test_a_seed_with_blanks_around_it_is_the_seed_without_them(command: str, seed: str) -> None:
    answer = _json_run(command, seed)
    assert answer["seed"] == seed.strip()
    assert answer == _json_run(command, seed.strip())


@pytest.mark.parametrize("seed", [" 7", "7\t"])
def test_play_deals_a_seed_with_blanks_around_it_as_the_seed(seed: str) -> None:
    padded = CliRunner().invoke(main, ["play", "einmaleins", "-s", seed], input="quit\n")
    plain = CliRunner().invoke(main, ["play", "einmaleins", "-s", "7"], input="quit\n")
    assert padded.exit_code == 0 and "seed 7." in padded.output, padded.output
    assert padded.output == plain.output


def test_a_blank_inside_a_seed_stays() -> None:
    assert _json_run("simulate", " my seed ")["seed"] == "my seed"


def test_gui_takes_a_seed_with_blanks_around_it_as_the_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """romme gui --seed ' 7' dealt every game as the text ' 7' (its own check, beside play's)."""
    seen = record_table_start(monkeypatch)
    result = CliRunner().invoke(main, ["gui", "--seed", " 7 "])
    assert result.exit_code == 0, result.output
    assert seen["seed"] == 7
