"""Hostile input to ``romme solve`` (issue 31 items 3-6, 13 and the JSON schema), in process.

The fuzz tests run every form of ``romme solve`` (a hand of each game, a table, every option) with
argument lists built from real and hostile pieces (tests/helpers/hostile.py): each run ends with exit code
0, or with exit code 2 and one line on stderr, never a traceback; and every ``--json`` answer is
one JSON object on stdout that docs/solve.schema.json accepts. The regression tests below pin each
item of the issue. (``play``, ``replay``, ``simulate`` have their own hostile tests.)
"""

from __future__ import annotations

import json
import signal
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner, Result
from hostile import PIECES, texts
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from romme.cards import deck
from romme.cli import main

SCHEMA = json.loads((Path(__file__).resolve().parents[2] / "docs" / "solve.schema.json").read_text())
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)

FUZZ = settings(max_examples=600, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
FUZZ_SLOW = settings(max_examples=5000, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))

#: Seconds one command may take before the test calls it a hang (time budgets drawn here are small).
HANG_SECONDS = 20


def _hang(signum: int, frame: object) -> None:
    raise TimeoutError(f"romme solve ran past {HANG_SECONDS} s")


def solve(args: list[str]) -> Result:
    """``romme solve ARGS`` in process, with a watchdog against hangs."""
    previous = signal.signal(signal.SIGALRM, _hang)
    signal.setitimer(signal.ITIMER_REAL, HANG_SECONDS)
    try:
        return CliRunner().invoke(main, ["solve", *args])
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def check_answer(args: list[str], result: Result) -> None:
    """Exit 0 (and with ``--json`` one object of the schema on stdout, nothing on stderr), or exit 2
    with exactly one line on stderr; never a traceback or another exit code."""
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"romme solve {args!r} raised {result.exception!r}"
    )
    assert "Traceback" not in result.output and "Traceback" not in result.stderr
    if result.exit_code == 0:
        if "--json" in args:
            assert result.stderr == "", f"--json writes only JSON: stderr {result.stderr!r}"
            lines = result.stdout.splitlines()
            assert len(lines) == 1, f"one JSON object on one line, got {result.stdout!r}"
            VALIDATOR.validate(json.loads(lines[0]))
        return
    assert result.exit_code == 2, f"romme solve {args!r} exited {result.exit_code}: {result.stderr!r}"
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("romme: error: "), f"romme solve {args!r}: {result.stderr!r}"


# --- the fuzz tests -----------------------------------------------------------------------------

_GAMES = ("koenigs", "romme", "einmaleins", "rummy", "krass")
_OBJECTIVES = ("min-left", "opening", "max-cards", "min-plays", "cards", "points", "net", "shed-net", "bogus")
_OPTIONS = (
    "opening_points=40",
    "rauber=true",
    "wrap_around=yes",
    "jokers_per_deck=1",
    "max_hand_cards_per_turn=0",
    "rauber_table_to_hand=1",
    "bogus=1",
    "opening_points=٤٠",
    "opening_points=" + "9" * 5000,
    "rauber",
)
_BUDGETS = ("0.05", "0.2", "inf", "-inf", "nan", "1e17", "-1", "0", "86400.0", "²", "9" * 5000)
_ROUNDS = ("1", "3", "11", "0", "12", "-1", "²", "9" * 5000, "x")


#: Melds each table game accepts, to build tables the search gets to work on.
_MELDS = {
    "rummy": ["R1 R2 R3", "B5 Y5 G5", "G9 G10 G11 G12", "R7 B7 Y7 G7", "* Y2 Y3", "B11 B12 B13"],
    "romme": ["Ah 2h 3h", "7c 7d 7s", "10s Js Qs Ks", "5d 6d * 8d", "Kh Kd Ks", "2c 3c 4c"],
    "einmaleins": ["H2 H4 H6", "H5 K5 D5", "H3 H6 H9", "K4 K8 K12", "D10 D20 D30", "H12 K12 D12 Q12"],
}
#: Options that make sense per game (the table games' Räuber variants among them).
_GOOD_OPTIONS = {
    "koenigs": ["keep_top_discard=true"],
    "romme": ["rauber=true", "wrap_around=yes", "opening_points=40", "jokers_per_deck=2", "no_double_joker=1"],
    "einmaleins": ["opening_points=40"],
    "rummy": ["max_hand_cards_per_turn=0", "opening_points=20"],
    "krass": ["long_game=true"],
}


def _real_tokens(game: str, max_size: int = 10) -> st.SearchStrategy[list[str]]:
    return st.lists(st.sampled_from([t.token for t in deck(game).types if t.copies]), min_size=1, max_size=max_size)


@st.composite
def _valid_args(draw: st.DrawFn, game: str) -> list[str]:
    """A command the solvers answer most of the time (a card beyond the deck's copies aside)."""
    args = [game, *draw(_real_tokens(game))]
    if game == "koenigs":
        args += ["--round", str(draw(st.integers(1, 11)))]
    if draw(st.booleans()):
        args += ["-o", draw(st.sampled_from(_GOOD_OPTIONS[game]))]
    if game in _MELDS and draw(st.booleans()):
        melds = draw(st.lists(st.sampled_from(_MELDS[game]), min_size=1, max_size=4, unique=True))
        args += ["--table", " | ".join(melds)]
        if game == "romme":
            args += ["-o", "rauber=true"]
        args += ["--time-budget", draw(st.sampled_from(("0.05", "0.2")))]
        args += ["--tie-break", draw(st.sampled_from(("exact", "fast", "none")))] if draw(st.booleans()) else []
        args += ["--objective", draw(st.sampled_from(("cards", "points")))] if draw(st.booleans()) else []
    elif game != "krass" and draw(st.booleans()):
        args += ["--objective", draw(st.sampled_from(("max-cards", "min-left")))]
    return args


#: Ways to spoil a valid command: (option, values) pairs appended or a card replaced.
_SPOILERS = (
    ("--objective", _OBJECTIVES),
    ("--option", _OPTIONS),
    ("--time-budget", _BUDGETS),
    ("--tie-break", ("exact", "fast", "none", "bogus")),
    ("--round", _ROUNDS),
    ("--table", ("", "|", "R1 R2 R3 | | B5 Y5 G5", "Ah 2h | Zz", "١٠h ١١h ١٢h")),
)


@st.composite
def solve_args(draw: st.DrawFn) -> list[str]:
    """One argument list of ``romme solve``: a valid command, spoilt in one place one time in two
    (a hostile card, option value, budget, round, table, stray text or a wrong game)."""
    game = draw(st.sampled_from(_GAMES))
    args = draw(_valid_args(game))
    spoil = draw(st.integers(0, 7))
    if spoil == 1 and len(args) > 1:
        args[draw(st.integers(1, len(args) - 1))] = draw(st.sampled_from(PIECES))
    elif spoil == 2:
        args.append(draw(texts))
    elif spoil == 3:
        args[0] = draw(st.sampled_from(("poker", "koenigs-solo", "", "Rummy", "²")))
    elif spoil in (4, 5, 6):
        flag, choices = draw(st.sampled_from(_SPOILERS))
        args += [flag, draw(st.sampled_from(choices))]
    if draw(st.booleans()):
        args.append("--json")
    return args


@FUZZ
@given(solve_args())
def test_solve_answers_or_refuses_in_one_line(args: list[str]) -> None:
    check_answer(args, solve(args))


@pytest.mark.slow
@FUZZ_SLOW
@given(solve_args())
def test_slow_solve_answers_or_refuses_in_one_line(args: list[str]) -> None:
    check_answer(args, solve(args))


# --- the JSON schema ----------------------------------------------------------------------------

JSON_CASES = [
    ["koenigs", "5h", "7h", "*", "9c", "9d", "9s", "Kt", "--round", "1"],
    ["koenigs", "Kh", "--round", "3", "--objective", "max-cards"],
    ["romme", "Qh", "Kh", "Ah", "7c", "7d", "7s", "2c"],
    ["romme", "Kh", "joker", "--objective", "min-left"],
    ["einmaleins", "D40", "D45", "D50", "H2"],
    ["rummy", "R10", "R11", "R12", "B1"],
    ["krass", "1", "5", "2", "X", "N"],
    ["rummy", "--table", "R1 R2 R3 | B5 Y5 G5", "R4", "R5", "*", "G9"],
    ["rummy", "--table", "R1 R2 R3", "B9", "--objective", "points", "--tie-break", "none"],
    ["romme", "--table", "Ah 2h 3h | 7c 7d 7s", "4h", "7h", "-o", "rauber=true", "--time-budget", "0.5"],
    [
        "romme",
        "--table",
        "Ah 2h 3h 4h",
        "5h",
        "Kc",
        "-o",
        "rauber=true",
        "-o",
        "rauber_table_to_hand=true",
        "--objective",
        "net",
    ],
    ["einmaleins", "--table", "H2 H4 H6 | H5 K5 D5", "H8", "W", "Q5"],
]


@pytest.mark.parametrize("args", JSON_CASES, ids=lambda a: " ".join(a)[:40])
def test_every_json_answer_follows_the_schema(args: list[str]) -> None:
    result = solve([*args, "--json"])
    assert result.exit_code == 0, result.stderr
    check_answer([*args, "--json"], result)


def test_hand_and_table_answers_share_their_keys() -> None:
    hand = json.loads(solve(["rummy", "R10", "R11", "R12", "B1", "--json"]).stdout)
    table = json.loads(solve(["rummy", "--table", "R1 R2 R3", "R4", "--json"]).stdout)
    assert list(hand) == list(table) == SCHEMA["required"]
    assert hand["kinds"] == ["run"] and table["kinds"] == ["run"] and "meld_kinds" not in hand
    assert hand["placed"] is None and table["opening_points"] is None and table["left"] == []


def test_a_table_answer_lists_what_stays_in_the_hand() -> None:
    answer = json.loads(solve(["rummy", "--table", "R1 R2 R3", "G9", "R4", "B2", "R5", "--json"]).stdout)
    assert answer["placed"] == ["R4", "R5"] and answer["left"] == ["G9", "B2"] and answer["hand"][0] == "G9"


def test_the_schema_refuses_a_missing_key() -> None:
    answer = json.loads(solve(["krass", "1", "2", "--json"]).stdout)
    del answer["discard"]
    with pytest.raises(jsonschema.ValidationError):
        VALIDATOR.validate(answer)


# --- regression tests, one per item -------------------------------------------------------------


def refused(args: list[str], *needles: str) -> str:
    """Runs ``romme solve ARGS``; it must end with exit 2 and one line holding every needle."""
    result = solve(args)
    check_answer(args, result)
    assert result.exit_code == 2, result.stdout
    for needle in needles:
        assert needle in result.stderr, result.stderr
    return str(result.stderr)


@pytest.mark.parametrize(
    "args",
    [
        ["romme", "²h"],
        ["krass", "²"],
        ["romme", "١٠h"],
        ["krass", "١٠"],
        ["rummy", "R١٠"],
        ["koenigs", "١٠t", "--round", "1"],
        ["rummy", "--table", "R1 R2 R3", "R²"],
    ],
)
def test_item3_non_ascii_digits_are_refused(args: list[str]) -> None:
    refused(args, "bad card token")


@pytest.mark.parametrize(
    "args",
    [
        ["romme", "1" * 5000 + "h"],
        ["krass", "9" * 5000],
        ["rummy", "R" + "7" * 5000],
        ["romme", "Kh", "-o", "opening_points=" + "4" * 5000],
    ],
)
def test_item4_huge_numbers_are_refused(args: list[str]) -> None:
    assert len(refused(args)) < 500  # the message cuts the number short


@pytest.mark.parametrize("budget", ["inf", "-inf", "nan", "1e17", "-1", "0", "86401", "²", "9" * 5000])
def test_item5_bad_time_budgets_are_refused(budget: str) -> None:
    refused(["rummy", "--table", "R1 R2 R3", "R4", "--time-budget", budget], "--time-budget")


@pytest.mark.parametrize(
    "table,needle",
    [
        ("R1 R2 R3 | | B5 Y5 G5", "table meld 2 is empty"),
        ("|", "table meld 1 is empty"),
        ("", "--table needs at least one meld"),
        ("   ", "--table needs at least one meld"),
        ("R1 R2 R3 | B5 Zz G5", "table meld 2: bad card token 'Zz' at position 2"),
    ],
)
def test_item13_table_text_is_checked(table: str, needle: str) -> None:
    refused(["rummy", "--table", table, "R4"], needle)


@pytest.mark.parametrize("game,hand", [("rummy", "R4"), ("romme", "8h"), ("einmaleins", "H12")])
def test_empty_table_error_shows_a_table_of_the_game(game: str, hand: str) -> None:
    message = refused([game, "--table", " ", hand], "--table needs at least one meld")
    example = message.split("--table '", 1)[1].rsplit("'", 1)[0]
    # the example is a valid table of that game: the search answers it
    assert solve([game, "--table", example, hand, "--json"]).exit_code == 0


def test_tie_break_needs_a_table() -> None:
    refused(["rummy", "R1", "R2", "R3", "--tie-break", "fast"], "--tie-break applies to the table search")


def test_joker_alias_on_the_command_line() -> None:
    star = json.loads(solve(["romme", "Kh", "Qh", "*", "--json"]).stdout)
    word = json.loads(solve(["romme", "Kh", "Qh", "JOKER", "--json"]).stdout)
    assert star == word and "*" in word["hand"]


def test_json_output_is_only_json(tmp_path: Any) -> None:
    result = solve(["romme", "--table", "Ah 2h 3h", "4h", "-o", "rauber=true", "--time-budget", "0.2", "--json"])
    assert result.exit_code == 0 and result.stderr == ""
    assert json.loads(result.stdout)["placed"] == ["4h"]


@pytest.mark.parametrize("move", ["discard ²c", "discard ١٠h", "layoff Kh to ²", "discard " + "1" * 5000 + "h"])
def test_items3_4_a_bad_number_in_a_typed_move_keeps_the_session(move: str) -> None:
    result = CliRunner().invoke(main, ["play", "romme", "--seed", "1", "-p", "2"], input=f"{move}\nquit\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "bad move" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("command", ["play", "simulate"])
@pytest.mark.parametrize("seed", ["\udcff", "x" * 201])
def test_item6_bad_seed_options_are_refused_in_one_line(command: str, seed: str) -> None:
    args = [command, "einmaleins", "--seed", seed] + (["-n", "1"] if command == "simulate" else [])
    result = CliRunner().invoke(main, args, input="quit\n")
    assert result.exit_code == 2 and "--seed" in result.stderr and len(result.stderr.splitlines()) == 1


@pytest.mark.parametrize("command", ["play", "simulate", "ladder"])
@pytest.mark.parametrize("seed", ["", " ", "\t\n"])
def test_an_empty_seed_is_refused_in_one_line(command: str, seed: str) -> None:
    """'romme play -s ""' (an unset -s "$SEED") played one fixed deal, the empty text's, announced as 'seed .';
    leaving --seed out is what gives a new deal (play) or the default seed 0 (simulate, ladder)."""
    extra = {"play": [], "simulate": ["-n", "1"], "ladder": ["-b", "random,greedy", "-n", "1"]}[command]
    result = CliRunner().invoke(main, [command, "einmaleins", "-s", seed, *extra], input="quit\n")
    assert result.exit_code == 2 and result.stdout == "", result.output
    assert "--seed" in result.stderr and "a seed is a number or a name" in result.stderr
    assert len(result.stderr.splitlines()) == 1


def test_item6_a_digit_like_seed_is_text() -> None:
    result = CliRunner().invoke(main, ["play", "einmaleins", "--seed", "²"], input="quit\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    assert "seed ²" in result.output


@pytest.mark.parametrize(
    "args,option",
    [
        (["solve", "koenigs", "Kh", "--round", "١"], "--round"),
        (["solve", "koenigs", "Kh", "--round", "²"], "--round"),
        (["solve", "koenigs", "Kh", "--round", "9" * 5000], "--round"),
        (["simulate", "koenigs", "-n", "١"], "--games"),
        (["simulate", "koenigs", "-n", "1", "-p", "٣"], "--players"),
        (["play", "koenigs", "-p", "٣"], "--players"),
        (["simulate", "koenigs", "-n", "1", "-j", "9" * 5000], "--jobs"),
    ],
)
def test_item3_integer_options_take_ascii_digits_only(args: list[str], option: str) -> None:
    result = CliRunner().invoke(main, args, input="quit\n")  # (١ and ٣ were read as 1 and 3)
    assert result.exit_code == 2 and option in result.stderr and len(result.stderr.splitlines()) == 1


def test_a_saved_seat_with_a_long_bot_level_is_refused_in_one_short_line(tmp_path: Path) -> None:
    """(play --load of a save naming its bot 'master' * 1,000 repeated all 6,000 characters in the error)"""
    from romme import save
    from romme.engine import new_game

    path = tmp_path / "long-bot.json"
    save.save(new_game("rummy", seed=3), path, seats=[{"name": "you", "bot": None},
                                                      {"name": "seat 1", "bot": "master" * 1000}])
    result = CliRunner().invoke(main, ["play", "--load", str(path)], input="quit\n")
    assert result.exit_code == 2 and len(result.stderr.splitlines()) == 1, result.stderr
    assert "unknown bot level" in result.stderr and len(result.stderr) < 300, len(result.stderr)


def test_too_many_arguments_are_refused_before_click_parses_them() -> None:
    """click takes each argument off the front of its list: 100,000 card tokens took 8 s to parse (600,000, as
    many as a shell passes, minutes) before the answer '100000 copies of Ah'. A hand of 10,000 tokens is still
    read and answered."""
    import time

    start = time.monotonic()
    r = CliRunner().invoke(main, ["solve", "romme", *["Ah"] * 100_000])
    assert r.exit_code == 2 and "100002 command-line arguments, at most" in r.output, r.output
    assert len(r.output.strip().splitlines()) == 1 and time.monotonic() - start < 1
    r = CliRunner().invoke(main, ["solve", "romme", *["Ah"] * 10_000])
    assert r.exit_code == 2 and "10000 copies of Ah" in r.output, r.output
