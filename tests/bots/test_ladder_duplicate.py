"""Duplicate deals in the ladder (issue 33): each deal played from both sides, and fresh deals as before."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from romme.cli import main as cli
from romme.commands.ladder import run_ladder
from romme.commands.simulate import simulate_one
from romme.errors import RulesError
from romme.ladder import Deals, LadderSetup, games_per_deal, schedule
from romme.rules import Rules

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = ROOT / "scripts"


def setup_of(game: str, names: tuple[str, ...], players: int = 2, deals: Deals = Deals.FRESH,
             seed: str = "gold") -> LadderSetup:
    return LadderSetup(game, Rules.make(game), names, players, seed, None, 2000, deals)


@pytest.mark.parametrize("game, players, games, expected", [
    # recorded at f0078d1, before duplicate deals: (index, first bot's share, moves) of greedy vs expert, seed gold
    ("rummy", 2, 4, [(0, 0.0, 76), (1, 0.0, 43), (2, 0.0, 70), (3, 0.0, 21)]),
    ("koenigs", 2, 4, [(0, 0.0, 170), (1, 0.0, 172), (2, 1.0, 94), (3, 0.0, 158)]),
    ("krass", 3, 3, [(0, 0.5, 152), (1, 0.5, 185), (2, 0.5, 185)]),
    ("koenigs-solo", 1, 3, [(0, 0.0, 56), (1, 0.0, 56), (2, 0.0, 56)]),
])
def test_fresh_deals_replay_the_ladders_of_before(game: str, players: int, games: int,
                                                   expected: list[tuple[int, float, int]]) -> None:
    results = run_ladder(setup_of(game, ("greedy", "expert"), players), games, "local", 1)
    assert [(r.index, r.share, r.moves) for r in results] == expected
    assert [g.deal for g in schedule(2, games, players)] == list(range(games))


def test_a_duplicate_pair_plays_one_deal_with_the_seats_swapped() -> None:
    plan = schedule(3, 4, 2, Deals.DUPLICATE)
    assert [g.deal for g in plan] == [0, 0, 2, 2, 4, 4, 6, 6, 8, 8, 10, 10]
    for even, odd in zip(plan[::2], plan[1::2]):
        assert (even.first, even.second) == (odd.first, odd.second)
        assert odd.seats == even.seats[::-1] and set(even.seats) == {even.first, even.second}
    fresh = schedule(3, 4, 2)
    assert [g.seats for g in plan] == [g.seats for g in fresh]  # only the deals differ from a fresh ladder


@pytest.mark.parametrize("players, group", [(1, 1), (2, 2), (3, 6), (4, 2), (5, 10)])
def test_a_duplicate_deal_puts_each_bot_on_every_seat_equally_often(players: int, group: int) -> None:
    assert games_per_deal(players, Deals.DUPLICATE) == group and games_per_deal(players, Deals.FRESH) == 1
    plan = schedule(2, 2 * group, players, Deals.DUPLICATE)
    for start in range(0, len(plan), group):
        games = plan[start:start + group]
        assert {g.deal for g in games} == {start}
        for seat in range(players):
            bots_there = [g.seats[seat] for g in games]
            assert players == 1 or bots_there.count(0) == bots_there.count(1)


def test_equal_bots_play_the_same_game_in_both_games_of_a_deal() -> None:
    """The seat seeds are the deal's: two experts play one game twice, so each deal's shares add up to one game
    (an expert in the other bot's seats wins exactly half, duplicate_baseline.py)."""
    results = run_ladder(setup_of("rummy", ("expert", "expert"), deals=Deals.DUPLICATE), 6, "local", 1)
    for even, odd in zip(results[::2], results[1::2]):
        assert even.moves == odd.moves and even.share + odd.share == 1.0


def test_the_first_game_of_a_deal_is_the_fresh_ladders_game() -> None:
    names = ("greedy", "expert")
    duplicate = run_ladder(setup_of("koenigs", names, deals=Deals.DUPLICATE), 4, "local", 1)
    fresh = run_ladder(setup_of("koenigs", names), 4, "local", 1)
    assert duplicate[::2] == fresh[::2]
    rules = Rules.make("koenigs")
    for r in duplicate[1::2]:  # the second game: the same deal with the bots' seats swapped
        replay = simulate_one("koenigs", 2, rules, ("expert", "greedy"), "gold", r.index - 1, max_moves=2000)
        assert replay.moves == r.moves and r.share == (1.0 if replay.winners == (1,) else 0.0)


def test_an_odd_count_of_duplicate_games_is_refused() -> None:
    with pytest.raises(RulesError, match="multiple of 2"):
        schedule(2, 3, 2, Deals.DUPLICATE)
    with pytest.raises(RulesError, match="multiple of 6"):
        schedule(2, 4, 3, Deals.DUPLICATE)
    assert len(schedule(2, 3, 1, Deals.DUPLICATE)) == 3  # the solitaire: one game a deal


@pytest.mark.parametrize("args, word", [
    (["--deals", "nonsense"], "--deals"),
    (["--deals", "duplicate", "-n", "3"], "multiple of 2"),
    (["--deals", "duplicate", "-n", "4", "-p", "3", "-b", "random,greedy"], "multiple of 6"),
])
def test_cli_refuses_bad_deals_in_one_line(args: list[str], word: str) -> None:
    game = "krass" if "-p" in args else "rummy"
    base = ["ladder", game, "-j", "1"] + ([] if "-b" in args else ["-b", "random,greedy"])
    r = CliRunner().invoke(cli, base + args)
    assert r.exit_code == 2, r.output
    assert word in r.output and len(r.output.strip().splitlines()) == 1, r.output


def test_cli_duplicate_json() -> None:
    r = CliRunner().invoke(cli, ["ladder", "rummy", "-b", "random,greedy", "-n", "2", "-s", "3", "-j", "1",
                                 "--deals", "duplicate", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["deals"] == "duplicate" and data["games"] == 2
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.validate(data, json.loads((ROOT / "docs" / "ladder.schema.json").read_text()))
    fresh = json.loads(CliRunner().invoke(cli, ["ladder", "rummy", "-b", "random,greedy", "-n", "2", "-s", "3",
                                                "-j", "1", "--json"]).output)
    assert fresh["deals"] == "fresh"


def run_script(script: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPTS / script), *args], capture_output=True, text=True,
                          timeout=300)


def test_ladder_by_game_parts_join_to_the_whole_ladder(tmp_path: Path) -> None:
    whole, parts = tmp_path / "whole.jsonl", tmp_path / "parts.jsonl"
    args = ["rummy", "greedy,expert", "6", "p", "2", "1"]
    assert run_script("ladder_by_game.py", *args, str(whole), "--deals", "duplicate").returncode == 0
    for only in ("3:6", "0:3"):  # the cut falls inside a deal
        run = run_script("ladder_by_game.py", *args, str(parts), "--deals", "duplicate", "--only", only)
        assert run.returncode == 0, run.stderr

    def games(path: Path) -> list[dict[str, object]]:
        rows = [json.loads(line) for line in path.read_text().splitlines()]
        return sorted(({k: v for k, v in row.items() if k != "t"} for row in rows), key=lambda row: row["index"])

    assert games(parts) == games(whole)
    rows = games(whole)
    assert [row["deal"] for row in rows] == [0, 0, 2, 2, 4, 4] and {row["deals"] for row in rows} == {"duplicate"}
    setup = setup_of("rummy", ("greedy", "expert"), deals=Deals.DUPLICATE, seed="p")
    ladder = run_ladder(setup, 6, "local", 1)
    assert [(r.share, r.moves) for r in ladder] == [(row["share"], row["moves"]) for row in rows]
    baseline = run_script("duplicate_baseline.py", "rummy", "p", str(whole))
    assert baseline.returncode == 0, baseline.stderr
    summary = json.loads(baseline.stdout)
    assert summary["deals"] == "duplicate" and summary["expert_in_its_seat_wins"] == 3.0
    assert summary["bot_wins"] == sum(1 - r.share for r in ladder)


def test_duplicate_baseline_counts_whole_deals_and_an_expert_wins_half_of_each(tmp_path: Path) -> None:
    """The claim duplicate_baseline.py does not replay, checked: an expert in the second bot's seats of a deal
    (both games) wins exactly one game of the two."""
    rules = Rules.make("rummy")
    plan = schedule(2, 6, 2, Deals.DUPLICATE)
    for even, odd in zip(plan[::2], plan[1::2]):
        replay = simulate_one("rummy", 2, rules, ("expert", "expert"), "p", even.deal, max_moves=2000)
        in_seat = sum(1.0 / len(replay.winners) for g in (even, odd) for w in replay.winners if g.seats[w] == 1)
        assert in_seat == 1.0
    rows = [{"index": 0, "deal": 0, "deals": "duplicate", "seats": [0, 1], "share": 0.0},
            {"index": 1, "deal": 0, "deals": "duplicate", "seats": [1, 0], "share": 0.0},
            {"index": 2, "deal": 2, "deals": "duplicate", "seats": [0, 1], "share": 1.0},
            {"index": 3, "deal": 2, "deals": "duplicate", "seats": [1, 0], "share": 0.0},
            {"index": 4, "deal": 4, "deals": "duplicate", "seats": [0, 1], "share": 1.0}]
    path = tmp_path / "run.jsonl"
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    summary = json.loads(run_script("duplicate_baseline.py", "rummy", "p", str(path)).stdout)
    assert (summary["games"], summary["bot_wins"], summary["expert_in_its_seat_wins"]) == (4, 3.0, 2.0)
    assert (summary["better_deals"], summary["worse_deals"], summary["incomplete_deals"]) == (1, 0, 1)


@pytest.mark.parametrize("args, said", [
    (["--deals", "nonsense"], "--deals"),
    (["--deals", "duplicate", "--only", "x"], "--only"),
    (["--deals", "duplicate"], "multiple of 2"),
])
def test_ladder_by_game_refuses_bad_arguments_in_one_line(tmp_path: Path, args: list[str], said: str) -> None:
    run = run_script("ladder_by_game.py", "rummy", "greedy,expert", "5", "p", "2", "1", str(tmp_path / "o"), *args)
    assert run.returncode == 2 and "Traceback" not in run.stderr, run.stderr
    errors = [line for line in run.stderr.splitlines() if "error:" in line]
    assert len(errors) == 1 and said in errors[0], run.stderr
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("positional, said", [
    (["rummy", "greedy,expert", "2", "p", "1"], "players"),  # seats rummy does not take (a worker's traceback)
    (["rummy", "greedy,expert", "2", "p", "9"], "players"),
    (["rummy", "greedy", "2", "p", "2"], "at least two bots"),  # one bot: nothing played, exit 0
    (["rummy", "greedy,greedy", "2", "p", "2"], "twice"),
])
def test_ladder_by_game_refuses_a_ladder_romme_ladder_refuses(tmp_path: Path, positional: list[str],
                                                              said: str) -> None:
    run = run_script("ladder_by_game.py", *positional, "1", str(tmp_path / "o"))
    assert run.returncode == 2 and "Traceback" not in run.stderr, run.stderr
    errors = [line for line in run.stderr.splitlines() if "error:" in line]
    assert len(errors) == 1 and said in errors[0], run.stderr
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("out, only, said", [
    ("missing/o.jsonl", [], "No such file"),  # an output it cannot open: exit 2 before any game
    ("", [], "Is a directory"),
    ("o.jsonl", ["--only", "4:9"], "none of the ladder's games"),  # beyond the 2 games: nothing played, exit 0
])
def test_ladder_by_game_refuses_an_output_or_range_it_cannot_use(tmp_path: Path, out: str, only: list[str],
                                                                said: str) -> None:
    run = run_script("ladder_by_game.py", "rummy", "greedy,expert", "2", "p", "2", "1", str(tmp_path / out), *only)
    assert run.returncode == 2 and "Traceback" not in run.stderr, run.stderr
    errors = [line for line in run.stderr.splitlines() if "error:" in line]
    assert len(errors) == 1 and said in errors[0], run.stderr


@pytest.mark.parametrize("lines, said", [
    # a part run twice into one file (ladder_by_game.py appends): deal 0 counted 3 games as one whole deal
    (['{"index": 0, "deal": 0, "deals": "duplicate", "seats": [0, 1], "share": 0.0}',
      '{"index": 1, "deal": 0, "deals": "duplicate", "seats": [1, 0], "share": 0.0}',
      '{"index": 1, "deal": 0, "deals": "duplicate", "seats": [1, 0], "share": 0.0}'], "more than once"),
    (['{"index": 0, "deal": 0, "deals": "duplicate", "seats": [0, 2], "share": 0.0}'], "two bots"),  # 3-bot ladder
    (['{"index": 0, "deal": 0, "deals": "duplicate"}'], "not a ladder_by_game.py run"),  # KeyError traceback
    (["not json"], "not a ladder_by_game.py run"),
    (None, "not a ladder_by_game.py run"),  # no such file
])
def test_duplicate_baseline_refuses_a_run_it_would_miscount(tmp_path: Path, lines: list[str] | None,
                                                             said: str) -> None:
    path = tmp_path / "run.jsonl"
    if lines is not None:
        path.write_text("".join(line + "\n" for line in lines))
    run = run_script("duplicate_baseline.py", "rummy", "p", str(path))
    assert run.returncode == 2 and "Traceback" not in run.stderr, run.stderr
    errors = [line for line in run.stderr.splitlines() if "error:" in line]
    assert len(errors) == 1 and said in errors[0], run.stderr


def test_duplicate_baseline_without_its_arguments_says_its_usage() -> None:
    run = run_script("duplicate_baseline.py", "rummy", "p")
    assert run.returncode == 2 and "Traceback" not in run.stderr and "usage" in run.stderr, run.stderr
