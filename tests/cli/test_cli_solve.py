"""``romme solve``: output, JSON and the one-line errors (exit code 2)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import romme
from romme.cli import main

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(main, ["solve", *args])
    return r.exit_code, r.stdout, r.stderr


def test_koenigs_table() -> None:
    code, out, err = run("koenigs", "5h", "7h", "*", "9c", "9d", "9s", "Kt", "--round", "1")
    assert code == 0 and err == ""
    assert "run" in out and "set" in out and "can go out" in out and "discard Kt" in out
    assert "*=6h" in out


def test_koenigs_json() -> None:
    code, out, _ = run("koenigs", "5h 7h * 9c 9d 9s Kt", "--round", "1", "--json")
    assert code == 0
    j = json.loads(out)
    assert j["left"] == ["Kt"] and j["left_points"] == 13 and j["can_go_out"] is True and j["discard"] == "Kt"
    assert sorted(map(sorted, j["melds"])) == [["*", "5h", "7h"], ["9c", "9d", "9s"]]


def test_unicode_input_canonical_output() -> None:
    code, out, _ = run("koenigs", "5♥ 6♥ 7♥ k♠", "--round", "1", "--json", "--objective", "max-cards")
    assert code == 0
    j = json.loads(out)
    assert j["melds"] == [["5h", "6h", "7h"]] and j["left"] == ["Ks"] and j["objective"] == "max-cards"


@pytest.mark.parametrize("game,args,field", [
    ("romme", ["Qh", "Kh", "Ah", "2c", "--option", "opening_points=30"], "opening_points"),
    ("einmaleins", ["D40", "D45", "D50", "H2"], "opening_points"),
    ("rummy", ["R10", "R11", "R12", "B1"], "opening_points"),
    ("krass", ["1", "5", "2", "X", "N"], "plays"),
])
def test_json_fields_per_game(game: str, args: list[str], field: str) -> None:
    code, out, err = run(game, *args, "--json")
    assert code == 0, err
    j = json.loads(out)
    assert {"melds", "left", "left_points", field} <= set(j)
    assert j[field]


def test_krass_table() -> None:
    code, out, _ = run("krass", "1", "5", "2", "X", "N")
    assert code == 0 and "3 plays" in out


@pytest.mark.parametrize("args,match", [
    (["poker", "Ah"], "unknown game 'poker'"),
    (["koenigs", "Kh", "Zz", "--round", "3"], "'Zz' at position 2"),
    (["koenigs", "2h", "--round", "3"], "'2h'"),
    (["einmaleins", "V5"], "V5 is not in the einmaleins deck"),
    (["koenigs", "Kh", "Kh", "Kh", "--round", "3"], "3 copies of Kh"),
    (["koenigs", "Kh"], "round 1..11"),
    (["koenigs", "Kh", "--round", "12"], "round must be 1..11"),
    (["koenigs", "Kh", "--round", "x"], "'x' is not an integer"),
    (["romme", "Ah", "--round", "2"], "only to koenigs"),
    (["romme", "Ah", "--option", "bogus=1"], "unknown option 'bogus' for romme; valid options"),
    (["romme", "Ah", "--option", "opening_points"], "not KEY=VALUE"),
    (["romme", "Ah", "--option", "wrap_around=maybe"], "wrap_around takes true or false"),
    (["romme", "Ah", "--objective", "min-plays"], "valid objectives for romme"),
    (["krass", "1", "--objective", "max-cards"], "valid objectives for krass: min-plays"),
    (["romme"], "Missing argument"),
    (["rummy", "R4", "--table", "R1 R2"], "not a valid rummy meld"),
    (["romme", "Ah", "--table", "Ah 2h"], "not a valid romme meld"),
    (["rummy", "R4", "--table", "R1 R2 R3", "--tie-break", "best"], "'best' is not one of 'exact', 'fast', 'none'"),
    (["rummy", "R4", "--table", "R1 R2 R3", "--time-budget", "0"], "must be above 0 and at most 86400 seconds"),
    (["rummy", "R4", "--time-budget", "1"], "--time-budget applies to the table search"),
])
def test_bad_input_one_line_exit_2(args: list[str], match: str) -> None:
    code, out, err = run(*args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("romme: error: ") and "Traceback" not in err
    assert match in err


def test_table_time_budget() -> None:
    code, out, _ = run("rummy", "--table", "R1 R2 R3 | B5 Y5 G5", "R4", "--time-budget", "2", "--json")
    res = json.loads(out)
    assert code == 0 and res["placed_count"] == 1 and res["moved"] == 0 and res["optimal"]


def test_table_tie_breaks() -> None:
    # R4 lays off on R1 R2 R3 R4 (nothing moved) or fills the set B4 G4 Y4 (the run's R4 moves
    # there or stays): every tie-break places it; only "none" may leave a table card moved
    args = ("rummy", "--table", "R1 R2 R3 R4 | B4 G4 Y4", "R4", "--json")
    for mode in ("exact", "fast", "none"):
        code, out, _ = run(*args, "--tie-break", mode)
        res = json.loads(out)
        assert code == 0 and res["placed"] == ["R4"] and res["optimal"]
        assert sorted(map(len, res["melds"])) == [4, 4]
        if mode != "none":
            assert res["moved"] == 0 and res["moved_optimal"]


def test_real_process_exit_code() -> None:
    # run the romme this test imported (source tree or installed package)
    env = {**os.environ, "PYTHONPATH": str(Path(romme.__file__).resolve().parent.parent)}
    p = subprocess.run([sys.executable, "-m", "romme", "solve", "koenigs", "Zz", "--round", "1"],
                       capture_output=True, text=True, cwd=ROOT, env=env, check=False)
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr.strip().splitlines() == [p.stderr.strip()] and "'Zz' at position 1" in p.stderr


def test_the_help_names_the_table_objectives_and_each_answers() -> None:
    """A user asking ``romme solve --help`` how to get Rummy's points under its cap (issue 32's positions) is told
    ``--objective points``; the help named only the hand solvers' objectives."""
    r = CliRunner().invoke(main, ["solve", "--help"], terminal_width=200)
    assert r.exit_code == 0
    assert "with --table: cards (the default" in " ".join(r.stdout.split())
    for objective, key, want in (("cards", "placed", ["B5"]), ("points", "placed_points", 5)):
        code, out, _ = run("rummy", "--table", "R5 G5 Y5", "B5", "--objective", objective, "--json")
        assert code == 0 and json.loads(out)[key] == want
    code, out, _ = run("einmaleins", "--table", "H2 D2 K2 Q2", "H4", "H6", "--objective", "net", "--json")
    assert code == 0 and json.loads(out)["objective"] == "net" and len(json.loads(out)["placed"]) == 2


def test_a_game_named_by_its_id_loads_no_game_module() -> None:
    """``romme solve`` answers from the core: naming the game by its id loads none of the game modules (issue 32's
    'romme solve in under 0.3 s': resolving the name through the registry imported all six, about a third of the
    command's CPU); a shown name ('1x1') still resolves."""
    probe = ("import sys; from romme.cli import main\n"
             "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
             "print(sorted(m for m in sys.modules if m.startswith('romme.games.') and m != 'romme.games.tablemoves'))")
    env = {**os.environ, "PYTHONPATH": str(Path(romme.__file__).resolve().parent.parent)}

    def solve(*args: str) -> tuple[dict[str, object], str]:
        p = subprocess.run([sys.executable, "-c", probe, "solve", *args, "--json"], capture_output=True, text=True,
                           cwd=ROOT, env=env, check=False)
        answer, loaded = p.stdout.splitlines()
        return json.loads(answer), loaded

    for args in (["rummy", "--table", "R1 R2 R3", "R4", "--objective", "points"],
                 ["romme", "-o", "rauber=1", "-o", "wrap_around=1", "--table", "Ah 2h 3h", "4h"],
                 ["einmaleins", "--table", "H2 D2 K2 Q2", "H4", "H6", "--objective", "net"]):
        answer, loaded = solve(*args)
        assert answer["placed"] and loaded == "[]", args
    answer, _ = solve("1x1", "--table", "H2 D2 K2 Q2", "H4", "H6")
    assert answer["game"] == "einmaleins" and answer["placed"]
