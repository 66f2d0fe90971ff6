"""romme ladder (issue 33): the schedule, the Bradley–Terry fit on a ladder of known strengths, the same
ratings on every backend, and the command line."""

from __future__ import annotations

import functools
import json
import math
import os
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from romme import backends
from romme.cli import main as cli
from romme.commands.ladder import run_ladder
from romme.engine import GameState, Move
from romme.errors import RommeError, RulesError
from romme.ladder import ELO, LadderSetup, PairResult, fit_ratings, load_bot, schedule, share_of_first
from romme.rng import Rng
from romme.rules import Rules


def synthetic_results(strengths: list[float], games: int, seed: int) -> list[PairResult]:
    """Games between bots of known Elo ``strengths``: some are draws, and the first bot's expected share is the
    Elo probability (draws count half)."""
    rng = Rng(seed)
    out = []
    for i in range(len(strengths)):
        for j in range(i + 1, len(strengths)):
            p = 1 / (1 + 10 ** ((strengths[j] - strengths[i]) / 400))
            draw = 0.4 * min(p, 1 - p)
            win = (p - draw / 2) / (1 - draw)  # among the games that are not draws
            for _ in range(games):
                u, v = (rng.below(1_000_000) / 1_000_000 for _ in range(2))
                share = 0.5 if v < draw else float(u < win)
                out.append(PairResult(len(out), i, j, share, 0))
    return out


def test_fit_recovers_known_strengths() -> None:
    truth = [-250.0, 0.0, 100.0, 400.0]
    mean = sum(truth) / len(truth)
    ratings = fit_ratings(["a", "b", "c", "d"], synthetic_results(truth, 600, 1))
    for r, t in zip(ratings, truth):
        assert r.low < t - mean < r.high, (r, t - mean)
        assert abs(r.elo - (t - mean)) < 60, (r, t - mean)
        assert r.games == 600 * 3
    assert abs(sum(r.elo for r in ratings)) < 1e-6
    # the intervals shrink like 1/sqrt(games)
    fewer = fit_ratings(["a", "b", "c", "d"], synthetic_results(truth, 150, 2))
    widths = [(r.high - r.low) / (f.high - f.low) for r, f in zip(ratings, fewer)]
    assert all(0.4 < w < 0.6 for w in widths), widths


def test_fit_stays_finite_when_a_bot_wins_everything() -> None:
    results = [PairResult(k, 0, 1, 1.0, 0) for k in range(50)]
    a, b = fit_ratings(["strong", "weak"], results)
    assert math.isfinite(a.elo) and a.elo > 300 and b.elo == -a.elo and a.low > b.high


def test_equal_bots_rate_equal() -> None:
    results = [PairResult(k, 0, 1, float(k % 2), 0) for k in range(40)]
    a, b = fit_ratings(["x", "y"], results)
    assert abs(a.elo) < 1e-9 and a.low < 0 < a.high
    # 95 %: with 40 games of p = 1/2 the standard error of the difference is 2/sqrt(40) logits
    half = 1.96 * (2 / math.sqrt(40 + 2 * 0.5)) * ELO / 2  # one virtual draw per bot adds a little information
    assert abs((a.high - a.low) / 2 - half) < 0.15 * half


def test_schedule_rotates_seats_and_covers_every_pairing() -> None:
    plan = schedule(3, 4, 2)
    assert [(g.first, g.second) for g in plan] == [(0, 1)] * 4 + [(0, 2)] * 4 + [(1, 2)] * 4
    assert [g.index for g in plan] == list(range(12))
    assert plan[0].seats == (0, 1) and plan[1].seats == (1, 0)
    four = schedule(2, 2, 4)
    assert four[0].seats == (0, 1, 0, 1) and four[1].seats == (1, 0, 1, 0)
    assert share_of_first(four[0], (0, 2)) == 1.0 and share_of_first(four[0], (1, 2)) == 0.5
    assert share_of_first(four[0], ()) == 0.5


@pytest.mark.parametrize("players", [3, 4, 5])
def test_more_seats_rotate_every_bot_through_every_seat(players: int) -> None:
    """Over 2 x players games of a pairing each bot sits on every seat as often as the other, and holds the
    larger share of the seats as often as the smaller one."""
    plan = schedule(2, 2 * players, players)
    for seat in range(players):
        assert sum(g.seats[seat] == 0 for g in plan) == players
    shares = sorted(g.seats.count(0) for g in plan)
    assert shares == sorted(players - k for k in shares)  # the counts of bot 0 mirror those of bot 1
    assert all(set(g.seats) == {0, 1} for g in plan)


class FirstMoveBot:
    """A bot given as module:Class (the bot protocol): always the first legal move."""

    level = "first"

    def __init__(self, game_id: str, seed: object) -> None:
        self.game_id = game_id

    def choose(self, state: GameState) -> Move:
        return state.legal_moves()[0]


def tiny_setup(names: tuple[str, ...], game: str = "einmaleins", players: int = 2) -> LadderSetup:
    return LadderSetup(game, Rules.make(game), names, players, "t", 0.01, 2000)


def test_ladder_is_the_same_in_one_process_and_in_worker_processes() -> None:
    setup = tiny_setup(("random", "greedy", "expert"))
    one = run_ladder(setup, 2, "local", 1)
    two = run_ladder(setup, 2, "local", 2)
    assert one == two and [r.index for r in one] == list(range(6))


def test_a_module_class_bot_plays() -> None:
    setup = tiny_setup(("greedy", f"{__name__}:FirstMoveBot"))
    results = run_ladder(setup, 2, "local", 1)
    assert len(results) == 2 and all(r.finished for r in results)


class _BrokenBot:
    """A bot class whose constructor fails with another error than a TypeError."""

    def __init__(self, game_id: str, seed: int | str) -> None:
        raise ValueError(f"no {game_id} here")


class _BrokenWithoutArguments:
    def __init__(self) -> None:
        raise KeyError("nothing")


@pytest.mark.parametrize("name", ["nosuchmodule:Bot", "romme:NoSuchClass", ":X", "romme.rng:Rng", "genius",
                                  "builtins:int", f"{__name__}:_BrokenBot", f"{__name__}:_BrokenWithoutArguments"])
def test_a_bad_bot_name_is_refused(name: str) -> None:
    with pytest.raises(RulesError):
        load_bot("rummy", name, 0, None)


@pytest.mark.parametrize("name", ["shutil:rmtree", "sys:exit", "romme:__version__"])
def test_a_bot_that_is_not_a_class_is_refused_without_calling_it(name: str, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A function named as the bot was called with (game_id, seed), then with nothing: shutil:rmtree removed the
    folder named after the game, sys:exit ended the ladder with exit 0."""
    (tmp_path / "rummy").mkdir()
    monkeypatch.chdir(tmp_path)
    with pytest.raises(RulesError, match="not a class"):
        load_bot("rummy", name, 0, None)
    assert (tmp_path / "rummy").is_dir()


class _BotRaisingOnItsMove(FirstMoveBot):
    def choose(self, state: GameState) -> Move:
        raise KeyError("no such card")


class _BotExitingOnItsMove(FirstMoveBot):
    def choose(self, state: GameState) -> Move:
        raise SystemExit(0)


class _BotExitingWhenBuilt:
    def __init__(self, game_id: str, seed: object) -> None:
        raise SystemExit(0)


@pytest.mark.parametrize("bot, said", [("_BotRaisingOnItsMove", "failed to choose a move: KeyError('no such card')"),
                                       ("_BotExitingOnItsMove", "failed to choose a move: SystemExit(0)"),
                                       ("_BotExitingWhenBuilt", "failed to build")])
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_module_class_bot_failing_ends_the_ladder_in_one_line_naming_it(bot: str, said: str, jobs: str) -> None:
    """A bot's own KeyError on its move was a traceback (exit 1), its sys.exit(0) an exit 0 without a table."""
    r = CliRunner().invoke(cli, ["ladder", "einmaleins", "-b", f"random,{__name__}:{bot}", "-n", "2", "-j", jobs])
    assert r.exit_code == 2, r.output
    assert f"{__name__}:{bot}" in r.output and said in r.output, r.output
    assert len(r.output.strip().splitlines()) == 1, r.output


class _BotAnsweringNone(FirstMoveBot):
    def choose(self, state: GameState) -> Move:
        return None  # type: ignore[return-value]


class _BotPlayingOnTheStateItIsGiven(FirstMoveBot):
    """Applies a move to the state it is given, then answers the next one: it played two moves a turn."""

    def choose(self, state: GameState) -> Move:
        state.apply(state.legal_moves()[0])
        return state.legal_moves()[0]


@pytest.mark.parametrize("bot, said", [("_BotAnsweringNone", "chose None: not a move"),
                                       ("_BotPlayingOnTheStateItIsGiven", "chose DiscardMove")])
def test_a_module_class_bot_answering_no_legal_move_is_named(bot: str, said: str) -> None:
    """'not a move: None' named no bot; a bot applying moves to the state it was given played the other turns."""
    r = CliRunner().invoke(cli, ["ladder", "einmaleins", "-b", f"random,{__name__}:{bot}", "-n", "2", "-j", "1"])
    assert r.exit_code == 2, r.output
    assert f"bot '{__name__}:{bot}' {said}" in r.output, r.output
    assert len(r.output.strip().splitlines()) == 1, r.output


class _UnprintableError(Exception):
    def __str__(self) -> str:
        raise RuntimeError("no words")

    def __repr__(self) -> str:
        raise RuntimeError("no words")


class _BotFailingInLinesWhenBuilt:
    def __init__(self, game_id: str, seed: object) -> None:
        raise ValueError("line one\nline two")


class _BotFailingInLinesWithoutArguments:
    def __init__(self) -> None:
        raise ValueError("line one\nline two")


class _BotFailingUnprintablyWhenBuilt:
    def __init__(self, game_id: str, seed: object) -> None:
        raise _UnprintableError()


@pytest.mark.parametrize("bot", ["_BotFailingInLinesWhenBuilt", "_BotFailingInLinesWithoutArguments",
                                 "_BotFailingUnprintablyWhenBuilt"])
def test_a_bot_failing_when_built_in_several_lines_or_none_is_refused_in_one_line(bot: str) -> None:
    """The constructor's error was written as it is: two lines for a message of two, and a traceback (exit 1) where
    the error's own __str__ failed."""
    r = CliRunner().invoke(cli, ["ladder", "einmaleins", "-b", f"random,{__name__}:{bot}", "-n", "2", "-j", "1"])
    assert r.exit_code == 2, r.output
    assert f"{__name__}:{bot}" in r.output and ("ValueError" in r.output or "_UnprintableError" in r.output), r.output
    assert len(r.output.strip().splitlines()) == 1, r.output


def test_solitaire_ladder_compares_bots_on_the_same_deal() -> None:
    setup = tiny_setup(("random", "expert"), "koenigs-solo", 1)
    results = run_ladder(setup, 4, "local", 1)
    assert [r.share for r in results].count(1.0) == 0  # random never beats the expert on a deal


@pytest.fixture(scope="module")
def local_ray():  # noqa: ANN201
    ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'romme[scale]')")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


def test_ray_gives_the_same_ladder_as_the_local_backend(local_ray) -> None:  # noqa: ANN001
    setup = tiny_setup(("greedy", "master"))
    assert run_ladder(setup, 2, "ray", 2) == run_ladder(setup, 2, "local", 1)


def test_ray_gives_the_same_duplicate_ladder_as_the_local_backend(local_ray) -> None:  # noqa: ANN001
    from dataclasses import replace

    from romme.ladder import Deals

    setup = replace(tiny_setup(("random", "greedy", "expert")), deals=Deals.DUPLICATE)
    local = run_ladder(setup, 4, "local", 1)
    assert run_ladder(setup, 4, "ray", 2) == local and [r.index for r in local] == list(range(12))
    assert local != run_ladder(tiny_setup(("random", "greedy", "expert")), 4, "local", 1)


def test_ray_keeps_task_order_whatever_the_chunk_sizes(local_ray) -> None:  # noqa: ANN001
    # a function the workers can import (not this test module): single tasks first, then chunks of up to 8
    square = functools.partial(pow, exp=2)
    assert list(backends.run_ray(square, range(60), None, None, chunk=8)) == [n * n for n in range(60)]


def test_chunk_sizer_groups_short_tasks_and_not_long_ones() -> None:
    sizer = backends.ChunkSizer(8)
    assert sizer.size() == 1  # nothing measured yet
    sizer.finished(1, 0.001)
    assert sizer.size() == 8  # a few milliseconds a task: as many as allowed
    long_tasks = backends.ChunkSizer(8)
    long_tasks.finished(2, 3.0)
    assert long_tasks.size() == 1  # a second and a half a task: one a task
    middling = backends.ChunkSizer(8)
    middling.finished(1, 0.1)
    assert middling.size() == 2


def test_simulate_on_ray_matches_local(local_ray) -> None:  # noqa: ANN001
    args = ["simulate", "rummy", "-n", "6", "-b", "expert,greedy", "-s", "9", "--json"]
    local = json.loads(CliRunner().invoke(cli, args).output)
    ray = json.loads(CliRunner().invoke(cli, [*args, "--backend", "ray"]).output)
    for key in ("seats", "mean_length", "capped"):
        assert local[key] == ray[key]


def test_cli_json_table_and_plot(tmp_path: Path) -> None:
    png = tmp_path / "ladder.png"
    args = ["ladder", "rummy", "-b", "random,greedy", "-n", "2", "-s", "3", "-j", "1"]
    r = CliRunner().invoke(cli, [*args, "--json", "--plot", str(png)])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((Path(__file__).resolve().parents[2] / "docs" / "ladder.schema.json").read_text())
    jsonschema.validate(data, schema)
    assert {x["bot"] for x in data["ratings"]} == {"random", "greedy"}
    assert all(set(x) == {"bot", "elo", "low", "high", "games"} for x in data["ratings"])
    assert all(x["low"] <= x["elo"] <= x["high"] and x["games"] == 2 for x in data["ratings"])
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    table = CliRunner().invoke(cli, args)
    assert table.exit_code == 0 and "Elo" in table.output and "random vs greedy" in table.output


@pytest.mark.parametrize(
    "args, word",
    [
        (["ladder", "rummy", "-b", "expert"], "--bots"),
        (["ladder", "rummy", "-b", "expert,expert"], "twice"),
        (["ladder", "rummy", "-b", "expert,genius"], "genius"),
        (["ladder", "bogus", "-b", "expert,greedy"], "bogus"),
        (["ladder", "rummy", "-b", "expert,greedy", "--address", "auto"], "--address"),
        (["ladder", "rummy", "-b", "expert,greedy", "--backend", "spark"], "--backend"),
        (["ladder", "rummy", "-b", "expert,greedy", "-p", "9"], "players"),
        (["ladder", "rummy", "-b", "expert,greedy", "--think", "inf"], "--think"),
        (["ladder", "rummy", "-b", "expert,greedy", "-n", "0"], "--games"),
        (["ladder", "rummy", "-b", "random,greedy,expert", "-n", "999999"], "at most"),
    ],
)
def test_cli_refuses_bad_input_in_one_line(args: list[str], word: str) -> None:
    r = CliRunner().invoke(cli, args)
    assert r.exit_code == 2, r.output
    assert word in r.output and len(r.output.strip().splitlines()) == 1, r.output


def test_cli_plot_to_a_missing_folder_says_why(tmp_path: Path) -> None:
    r = CliRunner().invoke(cli, ["ladder", "rummy", "-b", "random,greedy", "-n", "1", "-j", "1",
                                 "--plot", str(tmp_path / "no" / "x.png")])
    assert r.exit_code == 2 and "picture" in r.output and len(r.output.strip().splitlines()) == 1, r.output


@pytest.mark.parametrize("plot", ["", os.devnull, "/proc/no-such-picture.png"])
def test_cli_plot_that_cannot_be_written_is_refused_before_the_games(plot: str,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """An empty name, a device or a file system that makes no files failed only after the whole ladder was played
    (SDL_RWFromFile(): No file or no mode specified; /dev/null is not a regular file; Couldn't open /proc/...)."""
    import romme.commands.ladder as ladder_command

    if plot.startswith("/proc") and not os.path.isdir("/proc/self"):
        pytest.skip("no /proc")

    def played(*args: object, **kwargs: object) -> None:
        raise AssertionError("the games were played")

    monkeypatch.setattr(ladder_command, "run_ladder", played)
    r = CliRunner().invoke(cli, ["ladder", "rummy", "-b", "random,greedy", "-n", "1", "-j", "1", "--plot", plot])
    assert r.exit_code == 2 and "cannot write the picture" in r.output, r.output
    assert len(r.output.strip().splitlines()) == 1, r.output
    assert not plot or os.path.exists(plot) == (plot == os.devnull)


def test_a_plot_path_through_a_link_to_nowhere_leaves_no_file_behind(tmp_path: Path) -> None:
    """The check made the file the link leads to and took away the link: an empty file was left where the link
    led, and the picture was written in the link's place."""
    from romme.ladder_plot import check_plot_path

    link = tmp_path / "ratings.png"
    link.symlink_to(tmp_path / "elsewhere.png")
    check_plot_path(str(link))
    assert link.is_symlink() and not (tmp_path / "elsewhere.png").exists()


def test_a_long_plot_path_that_cannot_be_written_is_named_in_a_short_line() -> None:
    """A 5,000-character name was repeated whole in the error line."""
    plot = "x" * 5000 + ".png"
    r = CliRunner().invoke(cli, ["ladder", "rummy", "-b", "random,greedy", "-n", "1", "-j", "1", "--plot", plot])
    assert r.exit_code == 2 and "cannot write the picture" in r.output, r.output
    assert len(r.output.strip().splitlines()) == 1 and len(r.output) < 300, len(r.output)


def test_a_dead_worker_ends_the_run_with_one_line_not_a_hang() -> None:
    """A pool worker that died used to be replaced by a fork of a threaded process, which waited for ever."""
    import os

    from romme.backends import run_local
    from romme.errors import RommeError

    with pytest.raises(RommeError, match="worker process died"):
        list(run_local(os._exit, [3, 3, 3, 3], 2))


@pytest.mark.parametrize("index", [0, 1, 2, 4])
def test_simulate_rotate_seats_the_listed_bots_one_place_further_each_game(index: int) -> None:
    """A rotated game is the plain game with the bots turned ``index`` seats on; its outcome is per listed bot."""
    from romme.commands.simulate import simulate_one

    levels = ("greedy", "expert", "random")
    rules = Rules.make("krass", None)
    rotated = simulate_one("krass", 3, rules, levels, "rot", index, rotate=True)
    turned = tuple(levels[(s - index) % 3] for s in range(3))
    plain = simulate_one("krass", 3, rules, turned, "rot", index)
    assert rotated.scores == tuple(plain.scores[(k + index) % 3] for k in range(3))
    assert sorted(rotated.winners) == sorted((w - index) % 3 for w in plain.winners)
    assert rotated.moves == plain.moves


def test_an_interrupted_local_run_ends_its_workers() -> None:
    """Ctrl-C (KeyboardInterrupt) in the middle of a run ends the worker processes at once instead of waiting
    for the games already handed to them (here: a minute of sleep each)."""
    import multiprocessing
    import time

    from romme.backends import run_local

    results = run_local(time.sleep, [0.0] + [60.0] * 6, jobs=2)
    assert next(results) is None
    start = time.perf_counter()
    with pytest.raises(KeyboardInterrupt):
        results.throw(KeyboardInterrupt)
    assert time.perf_counter() - start < 15
    assert multiprocessing.active_children() == []


def test_workers_end_when_a_killed_run_ends() -> None:
    """A run killed outright (no Python cleanup) leaves no worker playing on: Linux ends them with their parent."""
    import os
    import signal
    import subprocess
    import sys
    import time

    if not sys.platform.startswith("linux"):
        pytest.skip("the parent-death signal is Linux's")
    code = ("import time\nfrom romme.backends import run_local\n"
            "if __name__ == '__main__':\n    for _ in run_local(time.sleep, [60.0] * 4, jobs=2): pass\n")
    run = subprocess.Popen([sys.executable, "-c", code])
    deadline = time.monotonic() + 60
    workers: list[int] = []
    while len(workers) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
        workers = _descendants(run.pid)
    try:
        assert len(workers) >= 2
        os.kill(run.pid, signal.SIGKILL)
        run.wait()
        deadline = time.monotonic() + 15
        while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not any(_alive(pid) for pid in workers)
    finally:  # a failed run must not leave its processes behind
        for pid in [run.pid, *workers]:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
        run.wait()


def _descendants(pid: int) -> list[int]:
    from pathlib import Path

    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    out, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out


def _alive(pid: int) -> bool:
    from pathlib import Path

    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.parametrize("error", [ValueError("Ray Client requires pip package `ray[client]`."),
                                   ConnectionError("no cluster\nthere")])
def test_a_ray_address_that_cannot_be_joined_is_one_line(error: Exception) -> None:
    """--address ray://host:port without ray[client] ended in a ValueError traceback."""
    from types import SimpleNamespace

    from romme.errors import RommeError

    def init(**kwargs: object) -> None:
        raise error

    with pytest.raises(RommeError, match="cannot join the Ray cluster at 'ray://head:10001'") as caught:
        backends.start_ray(SimpleNamespace(init=init), 1, "ray://head:10001")
    assert "\n" not in str(caught.value)


def _a_closed_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.mark.parametrize("command", ["simulate", "ladder"])
@pytest.mark.parametrize("address", [[], ["--address", "auto"]])
def test_a_ray_address_in_the_environment_is_the_cluster_joined_and_probed(
    command: str, address: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """RAY_ADDRESS set (as after 'ray start --head', Ray's own way to name a cluster) and --backend ray: romme
    started a local Ray beside it and Ray raised its ValueError ('When connecting to an existing cluster, num_cpus
    and num_gpus must not be provided'), a traceback; with --address auto it went unprobed to that address. Ray
    joins RAY_ADDRESS there (ray.init reads it), so romme probes it as it probes --address, naming it."""
    pytest.importorskip("ray", reason="Ray is not installed (pip install 'romme[scale]')")
    monkeypatch.setenv("RAY_ADDRESS", f"127.0.0.1:{_a_closed_port()}")
    extra = ["-b", "random,greedy"] if command == "ladder" else []
    began = time.monotonic()
    result = CliRunner().invoke(cli, [command, "einmaleins", "-n", "2", "--backend", "ray", *address, *extra])
    assert result.exit_code == 2 and result.stderr.count("\n") == 1, result.output
    assert "cannot join the Ray cluster at" in result.stderr and "(from RAY_ADDRESS)" in result.stderr
    assert time.monotonic() - began < backends.RAY_PROBE_SECONDS + 10


def test_without_ray_address_a_ray_run_starts_a_local_ray(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    assert backends.ray_address(None) is None and backends.ray_address("auto") == "auto"
    monkeypatch.setenv("RAY_ADDRESS", "")
    assert backends.ray_address(None) is None
    monkeypatch.setenv("RAY_ADDRESS", "head:6379")
    assert backends.ray_address("other:1") == "other:1"


@pytest.mark.parametrize("scheme", ["", "ray://"])
def test_a_ray_address_nothing_listens_at_is_refused_in_seconds(scheme: str) -> None:
    """--address host:port with no cluster there waited over 2 min in Ray's own GCS connect retries."""
    import time

    from romme.errors import RommeError

    pytest.importorskip("ray", reason="Ray is not installed (pip install 'romme[scale]')")
    address = f"{scheme}127.0.0.1:{_a_closed_port()}"
    began = time.monotonic()
    with pytest.raises(RommeError, match=f"cannot join the Ray cluster at '{address}': .*refused") as caught:
        backends.check_backend("ray", address)
    assert time.monotonic() - began < backends.RAY_PROBE_SECONDS + 10 and "\n" not in str(caught.value)


# a port of 5,000 digits (leading zeros) was read by int(), whose digit limit raised ValueError: a traceback
@pytest.mark.parametrize(
    "address", ["127.0.0.1", "", "head:99999", "head:", ":6379", "x" * 5000, "head:" + "0" * 5000 + "1", "h:0006379"]
)
def test_a_ray_address_that_is_no_address_is_one_short_line(address: str) -> None:
    pytest.importorskip("ray", reason="Ray is not installed (pip install 'romme[scale]')")
    with pytest.raises(RulesError, match="give auto, host:port or ray://host:port") as caught:
        backends.check_backend("ray", address)
    assert len(str(caught.value)) < 200


@pytest.fixture
def a_listener(request: pytest.FixtureRequest):  # noqa: ANN201
    """A local port that accepts connections and answers each with ``request.param`` (bytes; b"": silence),
    as a port of some other service would: no Ray head."""
    import socket
    import threading

    server = socket.create_server(("127.0.0.1", 0))
    answer: bytes = request.param
    held: list[socket.socket] = []

    def serve() -> None:
        while True:
            try:
                conn, _ = server.accept()
            except OSError:  # closed at the end of the test
                return
            held.append(conn)
            if answer:
                conn.sendall(answer)

    threading.Thread(target=serve, daemon=True).start()
    yield server.getsockname()[1]
    server.close()
    for conn in held:
        conn.close()


@pytest.mark.parametrize(
    ("a_listener", "heard"),
    [
        (b"", "nothing"),
        (b"HTTP/1.1 400 Bad Request\r\n\r\n", "b'HTTP/1.1 '"),
        (b"SSH-2.0-OpenSSH_9.6\r\n", "b'SSH-2.0-O'"),
    ],
    indirect=["a_listener"],
)
@pytest.mark.parametrize("scheme", ["", "ray://"])
def test_a_ray_address_where_no_ray_answers_is_refused_in_seconds(a_listener: int, heard: str, scheme: str) -> None:
    """--address host:port at a port that accepted the connection but was no Ray head (the TCP probe passed)
    waited over 2 min in Ray's GCS connect retries; the HTTP/2 greeting a gRPC server answers is asked for."""
    import time

    from romme.errors import RommeError

    pytest.importorskip("ray", reason="Ray is not installed (pip install 'romme[scale]')")
    address = f"{scheme}127.0.0.1:{a_listener}"
    began = time.monotonic()
    with pytest.raises(RommeError, match=f"at '{address}': no Ray \\(gRPC\\) server answers there") as caught:
        backends.check_backend("ray", address)
    assert time.monotonic() - began < backends.RAY_PROBE_SECONDS + 5 and "\n" not in str(caught.value)
    assert f"heard {heard}" in str(caught.value)


@pytest.mark.parametrize("a_listener", [b""], indirect=True)
@pytest.mark.parametrize("use_tls", ["1", "true", "TRUE"])
def test_under_ray_tls_an_address_that_accepts_passes_the_probe(
    a_listener: int, use_tls: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With RAY_USE_TLS Ray's gRPC greeting goes inside TLS, where a plain HTTP/2 greeting gets no SETTINGS: a
    TLS cluster's head was refused as 'no Ray (gRPC) server answers there'. The connection is what is checked."""
    monkeypatch.setenv("RAY_USE_TLS", use_tls)
    began = time.monotonic()
    backends.probe_ray_address(f"127.0.0.1:{a_listener}")
    assert time.monotonic() - began < backends.RAY_PROBE_SECONDS
    monkeypatch.setenv("RAY_USE_TLS", "0")
    with pytest.raises(RommeError, match="no Ray \\(gRPC\\) server answers there"):
        backends.probe_ray_address(f"127.0.0.1:{a_listener}")


def test_the_address_of_a_running_ray_head_passes_the_probe(local_ray) -> None:  # noqa: ANN001
    backends.probe_ray_address(local_ray.get_runtime_context().gcs_address)
