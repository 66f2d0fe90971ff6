"""Hostile input for ``romme play``, ``romme replay`` and ``romme simulate`` (issue 31).

Hypothesis (seeded: the suite's "ci" profile is derandomized) types odd lines into ``play``, hands ``replay``
and ``play --load`` corrupted save files (truncated, bit-flipped, deeply nested, fields of the wrong type
with a valid checksum, so that the replay itself meets them) and gives ``simulate`` odd arguments. Every
run ends with exit 0, or exit 2 and one line on stderr; never a traceback, never a hang (each run has a
deadline). The CI size takes well under a minute; ``-m slow`` digs deeper.
"""

from __future__ import annotations

import contextlib
import json
import random
import signal
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner, Result
from hostile import PIECES, texts
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from romme import save
from romme.bots import make_bot
from romme.bots.common import play_out
from romme.cli import main
from romme.engine import new_game

GAMES = ("koenigs", "koenigs-solo", "romme", "einmaleins", "rummy", "krass")
SECONDS_PER_RUN = 30  # a run past this is a hang


class Hang(Exception):
    pass


@contextmanager
def deadline(seconds: int) -> Iterator[None]:
    """Raises :class:`Hang` in the running code once ``seconds`` have passed."""

    def alarm(signum: int, frame: Any) -> None:
        raise Hang(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def invoke(args: list[str], input: str | None = None) -> Result:
    runner = CliRunner()
    # a typed 'save 1' writes into a temp dir (click's isolated_filesystem is deprecated)
    with deadline(SECONDS_PER_RUN), tempfile.TemporaryDirectory() as folder, contextlib.chdir(folder):
        return runner.invoke(main, args, input=input)


def assert_clean_exit(r: Result, args: list[str]) -> None:
    """Exit 0, or exit 2 with one ``romme: error:`` line on stderr; no traceback."""
    if r.exception is not None and not isinstance(r.exception, SystemExit):
        raise AssertionError(f"romme {args!r} raised {r.exception!r}") from r.exception
    assert r.exit_code in (0, 2), (args, r.exit_code, r.output[-500:])
    assert "Traceback" not in r.output
    if r.exit_code == 2:
        lines = r.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("romme: error: "), (args, r.stderr[-500:])


# --- play: odd lines at the prompt ----------------------------------------------------------------------

#: rich markup in user text: "[/x]" closes no tag (MarkupError), "[bold]" would style the rest
MARKUP = ("[/x]", "[bold red]x", "[/]", "[link=file:///etc]x", "\x1b[2J[")

#: save commands typed as they are: a missing folder, a directory, a NUL, a name too long for the file system
SAVES = ("save", "save /nonexistent/dir/g.json", "save /", "save .", "save \x00", "save " + "x" * 5000, "save g.json")

COMMAND_LINES = ("hint", "moves", "undo", "board", "help", "?", "", "draw stock", "draw discard", "pass", "end")
prompt_lines = st.one_of(
    st.sampled_from(COMMAND_LINES),
    st.sampled_from(MARKUP),
    texts,
    st.lists(st.sampled_from(PIECES), min_size=1, max_size=5).map(" ".join),
    st.sampled_from(SAVES),
).map(lambda line: line.replace("\n", " ").replace("\r", " "))


def _typed(line: str) -> str:
    """The line as the test may type it: UTF-8 only (the test runner's stdin takes nothing else), and a
    generated ``save`` only into the temporary working directory (never an absolute path such as '/ Kh')."""
    line = line.encode("utf-8", "replace").decode("utf-8")
    if line.strip().lower().startswith("save") and line not in SAVES:
        line = line.replace("/", "_").replace("\\", "_")
    return line


@given(
    game=st.sampled_from(GAMES),
    seed=st.integers(0, 50),
    lines=st.lists(prompt_lines, max_size=12),
    quits=st.booleans(),
)
@settings(max_examples=100, suppress_health_check=[HealthCheck.too_slow])
def test_play_survives_any_typed_line(game: str, seed: int, lines: list[str], quits: bool) -> None:
    args = ["play", game, "--seed", str(seed), "--bots", "random"]
    typed = [_typed(line) for line in lines] + (["quit"] if quits else [])
    r = invoke(args, input="\n".join(typed) + "\n")
    assert_clean_exit(r, args)
    assert r.exit_code == 0


play_options = st.fixed_dictionaries(
    {},
    optional={
        "--players": st.one_of(st.integers(-3, 9).map(str), st.sampled_from(["200000000", "10" * 30, "x", "²", ""])),
        "--bots": st.one_of(st.sampled_from(["random", "greedy", "expert", "random,greedy", "genius", ",", ""]), texts),
        "--seed": st.one_of(st.integers(0, 10**30).map(str), texts, st.sampled_from(MARKUP)),
        "--rules": st.one_of(st.sampled_from(["standard", "keep-top", "rauber", "long", "no-cap"]), texts),
        "--option": st.one_of(st.sampled_from(["target=50", "opening_points=0", "rauber=yes", "long_game=2"]), texts),
    },
)


@given(game=st.one_of(st.sampled_from(GAMES), texts), options=play_options)
@settings(max_examples=100, suppress_health_check=[HealthCheck.too_slow])
def test_play_refuses_odd_arguments_in_one_line(game: str, options: dict[str, str]) -> None:
    args = ["play", game, *(part for item in options.items() for part in item)]
    r = invoke(args, input="hint\nquit\n")
    assert_clean_exit(r, args)


# --- replay and play --load: corrupted save files -----------------------------------------------------------


@cache
def good_saves() -> dict[str, dict[str, Any]]:
    """A short save of every game, played by random bots."""
    out = {}
    for game in GAMES:
        players = 1 if game == "koenigs-solo" else 3 if game == "krass" else 2
        state = new_game(game, players=players, seed=3)
        play_out(state, [make_bot(game, "random", s) for s in range(players)], max_moves=25)
        out[game] = save.to_json(state, seats=[{"name": f"p{s}", "bot": "random"} for s in range(players)])
    return out


json_values = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(10**30), 10**30),
        st.floats(allow_nan=True, allow_infinity=True),
        texts,
    ),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)),
    max_leaves=8,
)

FIELDS = ("format", "version", "game", "players", "seed", "rules", "seats", "moves", "checksum")


def _nested(depth: int, leaf: Any) -> Any:
    for _ in range(depth):
        leaf = [leaf]
    return leaf


@st.composite
def corrupted_save_text(draw: st.DrawFn) -> str:
    """The text of a save file broken in one of several ways."""
    data = json.loads(json.dumps(good_saves()[draw(st.sampled_from(GAMES))]))
    text = json.dumps(data)
    how = draw(st.sampled_from(["truncate", "flip", "field", "move", "nest", "raw"]))
    if how == "truncate":
        return text[: draw(st.integers(0, len(text) - 1))]
    if how == "flip":
        raw = bytearray(text.encode())
        for _ in range(draw(st.integers(1, 4))):
            raw[draw(st.integers(0, len(raw) - 1))] ^= 1 << draw(st.integers(0, 7))
        return raw.decode("utf-8", "surrogateescape").encode("utf-8", "surrogateescape").decode("latin-1")
    if how == "raw":
        return draw(st.one_of(texts, st.sampled_from(["", "null", "[]", "{}", "9" * 5000, "[" * 50_000])))
    if how == "field":  # a wrong value, with a valid checksum so that the replay meets it
        key = draw(st.sampled_from(FIELDS[:-1]))
        data[key] = draw(json_values)
        if draw(st.booleans()):
            del data[key]
    elif how == "move" and data["moves"]:
        i = draw(st.integers(0, len(data["moves"]) - 1))
        move = data["moves"][i]
        if draw(st.booleans()) and move:
            move[draw(st.sampled_from(sorted(move)))] = draw(json_values)
        else:
            data["moves"][i] = draw(json_values)
    elif how == "nest":
        key = draw(st.sampled_from(["rules", "seats", "moves", "seed", "game"]))
        data[key] = _nested(draw(st.sampled_from([100, 990, 5_000, 50_000])), draw(json_values))
    try:
        data["checksum"] = save.checksum(data)
    except (KeyError, RecursionError, TypeError, ValueError):
        pass  # a file without a field, or one the checksum cannot take: as it is
    try:
        return json.dumps(data)
    except RecursionError:
        return "[" * 50_000 + "]" * 50_000


@given(text=corrupted_save_text(), hide=st.booleans())
@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
def test_replay_of_a_corrupted_save(tmp_path_factory: pytest.TempPathFactory, text: str, hide: bool) -> None:
    path = tmp_path_factory.mktemp("saves") / "g.json"
    path.write_text(text, encoding="utf-8", errors="surrogateescape")
    args = ["replay", str(path), *(["--hide-hands"] if hide else [])]
    assert_clean_exit(invoke(args), args)


@given(text=corrupted_save_text())
@settings(max_examples=80, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
def test_play_load_of_a_corrupted_save(tmp_path_factory: pytest.TempPathFactory, text: str) -> None:
    path = tmp_path_factory.mktemp("saves") / "g.json"
    path.write_text(text, encoding="utf-8", errors="surrogateescape")
    args = ["play", "--load", str(path)]
    assert_clean_exit(invoke(args, input="hint\nmoves\nquit\n"), args)


def test_replay_of_every_good_save_still_works(tmp_path: Path) -> None:
    for game, data in good_saves().items():
        path = tmp_path / f"{game}.json"
        path.write_text(json.dumps(data))
        r = invoke(["replay", str(path)])
        assert r.exit_code == 0 and "25. seat" in r.output, (game, r.output[-300:])


# --- simulate: odd arguments ------------------------------------------------------------------------------------

SIMULATE_SCHEMA = jsonschema.Draft202012Validator(
    json.loads((Path(__file__).resolve().parents[2] / "docs" / "simulate.schema.json").read_text())
)

simulate_options = st.fixed_dictionaries(
    {
        # a valid run is kept short: a few games of at most 300 moves each
        "--games": st.sampled_from(["1", "2", "0", "-1", "x", "²", "", "1e3"]),
        "--max-moves": st.sampled_from(["1", "50", "300", "0", "-5", "abc", "9" * 5000]),
    },
    optional={
        "--players": st.one_of(st.integers(-3, 9).map(str), st.sampled_from(["200000000", "99" * 20, "٣"])),
        "--bots": st.one_of(st.sampled_from(["random", "greedy", "random,greedy", "expert", "genius", ",,"]), texts),
        "--seed": st.one_of(st.integers(-(10**30), 10**30).map(str), texts, st.sampled_from(MARKUP)),
        "--rules": st.one_of(st.sampled_from(["standard", "keep-top", "rauber", "strict", "long"]), texts),
        "--option": st.one_of(st.sampled_from(["target=1", "jokers_per_deck=0", "long_game=true"]), texts),
        "--jobs": st.sampled_from(["1", "0", "-2", "x"]),
    },
)


@given(game=st.one_of(st.sampled_from(GAMES), texts), options=simulate_options, as_json=st.booleans())
@settings(max_examples=100, suppress_health_check=[HealthCheck.too_slow])
def test_simulate_with_odd_arguments(game: str, options: dict[str, str], as_json: bool) -> None:
    args = ["simulate", game, *(part for item in options.items() for part in item), *(["--json"] if as_json else [])]
    r = invoke(args)
    assert_clean_exit(r, args)
    if r.exit_code == 0 and as_json:
        summary = json.loads(r.stdout)
        SIMULATE_SCHEMA.validate(summary)
        assert summary["games"] == int(options["--games"]) and summary["capped"] <= summary["games"]


# --- the longer runs (-m slow) -----------------------------------------------------------------------------------


@pytest.mark.slow
@given(text=corrupted_save_text(), hide=st.booleans())
@settings(max_examples=6000, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
def test_replay_of_a_corrupted_save_slow(tmp_path_factory: pytest.TempPathFactory, text: str, hide: bool) -> None:
    test_replay_of_a_corrupted_save.hypothesis.inner_test(tmp_path_factory, text, hide)  # type: ignore[attr-defined]


@pytest.mark.slow
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10**6), lines=st.lists(prompt_lines, max_size=40))
@settings(max_examples=2000, suppress_health_check=[HealthCheck.too_slow])
def test_play_survives_any_typed_line_slow(game: str, seed: int, lines: list[str]) -> None:
    test_play_survives_any_typed_line.hypothesis.inner_test(game, seed, lines, True)  # type: ignore[attr-defined]


@pytest.mark.slow
@given(game=st.one_of(st.sampled_from(GAMES), texts), options=simulate_options, as_json=st.booleans())
@settings(max_examples=1500, suppress_health_check=[HealthCheck.too_slow])
def test_simulate_with_odd_arguments_slow(game: str, options: dict[str, str], as_json: bool) -> None:
    test_simulate_with_odd_arguments.hypothesis.inner_test(game, options, as_json)  # type: ignore[attr-defined]


@pytest.mark.slow
@given(text=corrupted_save_text())
@settings(max_examples=1500, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
def test_play_load_of_a_corrupted_save_slow(tmp_path_factory: pytest.TempPathFactory, text: str) -> None:
    test_play_load_of_a_corrupted_save.hypothesis.inner_test(tmp_path_factory, text)  # type: ignore[attr-defined]


@pytest.mark.slow
def test_random_players_type_legal_moves_to_the_end() -> None:
    """Whole games typed at the prompt: a random legal move (or a command) each line, to the end and past it."""
    rng = random.Random(31)
    for game in GAMES:
        state = new_game(game, seed=7, players=1 if game == "koenigs-solo" else None)
        typed = [str(rng.choice(state.legal_moves())) for _ in range(3)]
        args = ["play", game, "--seed", "7", "--bots", "random"]
        r = invoke(args, input="\n".join(typed + ["hint", "undo"] * 3 + ["quit"]) + "\n")
        assert_clean_exit(r, args)
