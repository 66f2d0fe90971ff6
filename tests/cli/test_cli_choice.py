"""A word option (``--lang``, ``--tie-break``, ``--backend``, ``--deals``) drops blanks around its word, as
``--seed`` and every number option do (params.TrimmedChoice): ``romme gui --lang ' de'`` was refused as no
choice of 'en', 'de' while ``-s ' 7'`` is seed 7. A word that is no choice is still refused in one line."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from gui_command import record_table_start

from romme.cli import main


def test_gui_takes_a_language_with_blanks_around_it(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = record_table_start(monkeypatch)
    result = CliRunner().invoke(main, ["gui", "--lang", " de\t"])
    assert result.exit_code == 0, result.output
    assert seen["lang"] == "de"


def test_solve_takes_a_tie_break_with_blanks_around_it() -> None:
    def run(tie_break: str) -> dict[str, object]:
        result = CliRunner().invoke(main, ["solve", "rummy", "--table", "R1 R2 R3", "R4", "--tie-break", tie_break,
                                           "--json"])
        assert result.exit_code == 0, result.output
        answer: dict[str, object] = json.loads(result.stdout)
        answer.pop("seconds", None)
        return answer

    assert run(" fast ") == run("fast")


def test_simulate_takes_a_backend_with_blanks_around_it() -> None:
    result = CliRunner().invoke(main, ["simulate", "einmaleins", "-n", "1", "--backend", " local", "--json"])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("word", ["d e", "deu", ""])
def test_a_word_that_is_no_choice_is_refused_in_one_line(word: str) -> None:
    result = CliRunner().invoke(main, ["gui", "--lang", word])
    assert result.exit_code == 2
    assert "--lang" in result.output and len(result.output.strip().splitlines()) <= 3, result.output
