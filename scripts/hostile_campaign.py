#!/usr/bin/env python3
"""A hostile user's campaign against romme (issue 31), with a summary table of what went wrong.

Not part of CI: it runs for minutes and counts instead of asserting. Seeded, so a run can be repeated::

    python3 scripts/hostile_campaign.py [--seed 31] [--scale 1.0] [--parts api,saves] [--count processes=100]
        [--part-seconds 300] [--jobs 4]

``--count`` sets a part's case count outright, ``--part-seconds`` stops a part (between cases) once it has run that
long, ``--jobs`` runs that many ``romme`` processes at once (each case of the ``processes`` part starts a Python
process: its start-up, not romme's answer, is most of the part's time, so on a loaded machine the part waits on the
scheduler more than on romme). The table gives each part's wall and CPU seconds (its own threads and its processes).

Five parts, each counted apart:

- ``solve-inproc``: ``romme solve`` argument lists of odd tokens through click's CliRunner;
- ``processes``: real ``romme`` processes (with timeouts) over every subcommand, ``play`` fed stdin lines;
- ``api``: every callable of ``romme.__all__``, every ``GameState`` method, ``romme.bots.make_bot`` and
  ``save.load`` / ``save.save`` called with hostile arguments, and ``solve_table`` on real positions with hostile
  work and time budgets;
- ``saves``: corrupted save files through ``romme.save.load`` and ``romme replay``, and each base save with a field
  it does not have (in a move or beside its own, checksum made again), which must be refused naming it;
- ``observations``: observations of every seat along random playouts of every game, checked for leaks.

Besides plain odd values the api part passes odd objects (str and int subclasses, ones whose ``__eq__`` / ``__hash__``
raise the caller's own error, generators that never end, lists whose ``len()`` lies). Categories: ``own`` (the
caller's own error passed out unchanged, as docs/API.md has it: no fault), ``wrong`` (an answer that breaks
conservation or a contract), ``traceback`` (a Python traceback on a terminal), ``non_romme`` (an API exception that is
not a RommeError), ``hang`` (a timeout, or an endless collection read past a million items), ``panic`` (a Rust
panic), ``leak`` (hidden cards in an observation), ``changed`` (a refused move changed the state), ``unclear`` (a CLI
refusal that is not exit 2 with one line). ``signature`` counts API calls that do not bind to the entry's
signature (Python's own TypeError, no entry into romme); they are not made. The first examples of every bad
category are printed.
"""

from __future__ import annotations

import argparse
import dataclasses
import inspect
import json
import math
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections import Counter, deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "helpers"))

from click.testing import CliRunner  # noqa: E402
from hostile_tally import (  # noqa: E402
    CALL_SECONDS,
    CallersOwn,
    Hang,
    PartTimeUp,
    RanAway,
    Tally,
    classify_exception,
    time_limit,
)
from oracle import meld_points  # noqa: E402
from playout import RevealCheck, check_observation  # noqa: E402

import romme  # noqa: E402
from romme import engine, save  # noqa: E402
from romme.cli import main as cli_main  # noqa: E402
from romme.errors import RommeError, SaveFileError  # noqa: E402
from romme.rules import Rules  # noqa: E402

GAMES = ("koenigs", "koenigs-solo", "romme", "einmaleins", "rummy", "krass")
SOLVE_GAMES = ("koenigs", "romme", "einmaleins", "rummy", "krass")
PROCESS_SECONDS = 60

ODD_TOKENS = (
    "²", "²h", "١٠h", "١٠", "R١", "٣", "½", "Ⅻ", "\x1b[2J", "\x1b]0;title\x07", "\u200b", "\x00", "\x7f", "\t",
    "\n", "", " ", "|", "||", "| |", "/", ",", "=", "*=Kh", "W=H18", "X=7", "-", "--", "-1", "0", "00", "007",
    "9" * 5000, "1" * 4301 + "h", "R" + "7" * 4400, "1e17", "inf", "-inf", "nan", "NaN", "1e-320", "1e308",
    "joker", "JOKER", "Joker", "*", "**", "10t", "10", "Kh", "kh", "KH", "Ah", "2c", "5s", "Qd", "Jc", "14h", "1h",
    "R1", "R13", "R14", "B7", "Y12", "G5", "r5", "H12", "D40", "K5", "Q4", "W", "V2", "V5", "X", "N", "S", "1", "7",
    "12", "13", "♥", "K♥", "10♠", "🂡", "Ｋh", "ｋ", "\udcff", "x" * 300,
)
OPTIONS = ("--time-budget", "--work-budget", "--objective", "--round", "--table", "--tie-break", "--json", "-o",
           "--option")
UNKNOWN_OPTIONS = ("--rules", "-r", "--bogus", "-x", "--help", "--players", "-")
OPTION_VALUES = ("inf", "-inf", "nan", "1e17", "-1", "0", "0.001", "0.05", "1e-9", "86401", "²", "", "abc",
                 "opening", "min-left", "max-cards", "min-plays", "cards", "points", "net", "exact", "fast", "none",
                 "rauber=true", "rauber=²", "wrap_around=true", "no_double_joker=1", "=", "bogus=1", "standard",
                 "R1 R2 R3 | | B5 Y5 G5", "|", "Kd Kh Ks", "R1 R2 R3", "H1 H2 H3", "5h 6h 7h | 8c 8d 8s",
                 "9" * 5000, "\x1b[2J", "1", "11", "12", "99999999999999999999", "1000000000000",
                 "1000000000001", "1_000", "0x10", "1e3", "200000", "+5", " 7", "True")


# ----------------------------------------------------------------------------------------------------------------
# solve in process


def odd_token(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.5:
        return rng.choice(ODD_TOKENS)
    if roll < 0.75:
        return "".join(rng.choice(ODD_TOKENS) for _ in range(rng.randint(1, 3)))
    length = rng.randint(1, 6)
    return "".join(chr(rng.choice((rng.randint(0x20, 0x7E), rng.randint(0x80, 0x2FFF)))) for _ in range(length))


def valid_cards(game: str, rng: random.Random, n: int) -> list[str]:
    deck_id = engine.spec(game).deck_id if game != "koenigs" else engine.spec("koenigs").deck_id
    cards = romme.deck(deck_id).full()
    tokens = [romme.deck(deck_id).token(c) for c in cards]
    return [rng.choice(tokens) for _ in range(n)]


def solve_args(rng: random.Random) -> list[str]:
    game = rng.choice(SOLVE_GAMES) if rng.random() < 0.85 else rng.choice(("koenigs-solo", "bogus", "", "Romme", "²"))
    args = ["solve", game]
    if game == "koenigs" and rng.random() < 0.7:
        args += ["--round", str(rng.randint(1, 11))]
    known = game if game in SOLVE_GAMES else rng.choice(SOLVE_GAMES)
    clean = rng.random() < 0.3  # valid cards only, so the solvers are reached
    for _ in range(rng.randint(0, 14)):
        roll = rng.random()
        if roll < 0.6:
            args.extend(valid_cards(known, rng, 1))
        elif roll < 0.8 and not clean:
            args.append(odd_token(rng))
        else:
            option = rng.choice(OPTIONS) if rng.random() < 0.93 else rng.choice(UNKNOWN_OPTIONS)
            args.append(option)
            if option not in ("--json", "--help") and rng.random() < 0.9:
                args.append(rng.choice(OPTION_VALUES) if rng.random() < 0.7 else odd_token(rng))
    if rng.random() < 0.5:
        args.append("--json")
    return args


def check_solve_json(output: str, plain_rules_changed: bool = True) -> str | None:
    """What is wrong with an answer of ``solve --json`` (None: nothing found)."""
    try:
        data = json.loads(output)
    except ValueError:
        return "not JSON"
    hand = Counter(data.get("hand") or [])
    if data.get("mode") == "hand" and data.get("melds") is not None and data.get("left") is not None:
        groups = data["melds"] + (data.get("plays") or [])
        laid = Counter(t for group in groups for t in group) + Counter(data["left"])
        if laid != hand:
            return f"melds + left {sorted(laid.elements())} != hand {sorted(hand.elements())}"
    if data.get("mode") == "table" and data.get("placed") is not None and not data.get("taken"):
        if Counter(data["placed"]) + Counter(data["left"] or []) != hand:
            return "placed + left != hand"
    if data.get("mode") == "hand" and not plain_rules_changed:
        return melds_refused_by_the_oracle(data)
    return None


def melds_refused_by_the_oracle(data: dict[str, Any]) -> str | None:
    """A hand answer's melds, each checked by the test oracle (tests/helpers/oracle.py) under the default rules."""
    game = data["game"]
    if game == "krass":
        return None
    rules = Rules.make(game, None)
    for meld in data.get("melds") or []:
        codes = romme.parse_codes(game, meld, check_counts=False)
        if meld_points(game, codes, rules, data.get("round") or 0) is None:
            return f"the oracle finds no meld in {meld}"
    return None


def part_solve_inproc(tally: Tally, rng: random.Random, count: int) -> None:
    runner = CliRunner()
    for _ in range(count):
        args = solve_args(rng)
        tally.case("solve-inproc")
        try:
            with time_limit(CALL_SECONDS):
                result = runner.invoke(cli_main, args, catch_exceptions=True)
        except Hang:
            tally.add("solve-inproc", "hang", repr(args))
            continue
        judge_cli("solve-inproc", tally, args, result.exit_code, result.stdout, result.stderr, result.exception)
        if result.exit_code == 0 and "--json" in args and "--help" not in args and "-h" not in args:
            problem = check_solve_json(result.stdout, any(a in ("-o", "--option") for a in args))
            if problem:
                tally.add("solve-inproc", "wrong", f"{args!r}: {problem}")


def judge_cli(part: str, tally: Tally, args: Any, code: int | None, out: str, err: str,
              exc: BaseException | None = None) -> None:
    if exc is not None and not isinstance(exc, SystemExit):
        tally.add(part, "panic" if type(exc).__name__ == "PanicException" else "traceback", f"{args!r}: {exc!r}")
        return
    if "Traceback (most recent call last)" in out + err:
        tally.add(part, "traceback", f"{args!r}: {err[-300:]}")
    elif "panicked" in err:
        tally.add(part, "panic", f"{args!r}: {err[-300:]}")
    elif code == 0:
        tally.add(part, "answered")
    elif code == 2 and err.strip().count("\n") == 0 and err.startswith("romme: error: "):
        tally.add(part, "refused")
    else:
        tally.add(part, "unclear", f"{args!r}: exit {code}: {err[-300:]}")


# ----------------------------------------------------------------------------------------------------------------
# real processes


def process_cases(rng: random.Random, count: int, folder: Path, saves: list[Path]) -> Iterator[tuple[list[str], str]]:
    """(argument list, stdin text) pairs over every subcommand."""
    for i in range(count):
        kind = i % 10
        game = rng.choice((*GAMES, "bogus", "²"))
        if kind in (0, 1):
            yield solve_args(rng), ""
        elif kind in (2, 3, 4):
            seed = rng.choice(("1", "abc", "²", "\udcff", "-5", "9" * 30, str(rng.randint(0, 99))))
            args = ["play", game, "-s", seed]
            if rng.random() < 0.3:
                args += ["-b", rng.choice(("random", "greedy", "expert", "bogus", "", ",,", "random,random"))]
            if rng.random() < 0.2:
                args += ["-p", rng.choice(("1", "2", "3", "7", "0", "200000000", "١", "True"))]
            if rng.random() < 0.15 and saves:
                args += ["--load", str(rng.choice(saves))]
            lines = []
            for _ in range(rng.randint(0, 25)):
                roll = rng.random()
                if roll < 0.3:
                    lines.append(rng.choice(("moves", "hint", "undo", "board", "help", "draw", "draw stock", "1", "0")))
                elif roll < 0.4:
                    lines.append(f"save {folder}/{rng.choice(('a.json', 'missing/x.json', '', '.'))}")
                else:
                    lines.append(" ".join(odd_token(rng) for _ in range(rng.randint(1, 4))).replace("\n", " "))
            if rng.random() < 0.7:
                lines.append("quit")
            yield args, "\n".join(lines) + "\n"
        elif kind == 5:
            args = ["simulate", game, "-n", rng.choice(("1", "2", "3", "0", "-1", "١", "10000000000000000000")),
                    "-s", rng.choice(("abc", "1", "\udcff", "²")), "-b", rng.choice(("random", "greedy", "bogus"))]
            if rng.random() < 0.5:
                args.append("--json")
            if rng.random() < 0.2:
                args += ["--max-moves", rng.choice(("1", "0", "50", "nan", "99999999999999999999"))]
            yield args, ""
        elif kind == 6:
            target = str(rng.choice(saves)) if saves and rng.random() < 0.8 else rng.choice(("/nonexistent", "/", ""))
            yield ["replay", target, *(["--hide-hands"] if rng.random() < 0.5 else [])], ""
        elif kind == 7:
            yield ["games", *rng.choice(([], ["--json"], [game], [game, "--json"], ["--bogus"]))], ""
        elif kind == 8:
            yield ["ladder", rng.choice(("koenigs", "rummy", "krass", "bogus")), "-b",
                   rng.choice(("random,greedy", "random", "", "bogus,random", "os:system")), "-n",
                   rng.choice(("1", "0", "²", "2")), "-s", rng.choice(("1", "x")), "--json"], ""
        else:
            yield rng.choice((["gui", "--help"], ["gui", "--game", "bogus"], ["--help"], [], ["bogus"], ["--version"],
                              ["solve", "--help"], ["play", "--help"], ["gui", "--seed", "\udcff", "--help"])), ""


Finished = tuple[int | None, str, str]  # exit code (None: it timed out), stdout, stderr


def run_process(args: list[str], stdin: str, folder: Path, env: dict[str, str]) -> Finished:
    argv = [sys.executable, "-m", "romme", *args]
    try:
        done = subprocess.run(
            [os.fsencode(a) if "\udcff" not in a else a.encode("utf-8", "surrogateescape") for a in argv],
            input=stdin.encode("utf-8", "surrogateescape"), capture_output=True, timeout=PROCESS_SECONDS,
            cwd=folder, env=env)
    except subprocess.TimeoutExpired:
        return None, "", ""
    return done.returncode, done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace")


def part_processes(tally: Tally, rng: random.Random, count: int, folder: Path, saves: list[Path], jobs: int) -> None:
    """The cases run ``jobs`` at a time and are judged in their order (the same counts and examples for any
    ``jobs``)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", COLUMNS="120")
    running: deque[tuple[list[str], Future[Finished]]] = deque()

    def judge_next() -> None:
        args, future = running.popleft()
        code, out, err = future.result()
        if code is None:
            tally.add("processes", "hang", repr(args))
        elif args and args[0] == "play" and code == 0:
            judge_play(tally, args, out, err)
        else:
            judge_cli("processes", tally, args, code, out, err)

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        try:
            for args, stdin in process_cases(rng, count, folder, saves):
                tally.case("processes")
                args = [a.replace("\x00", "") for a in args]  # no command line can hold a NUL
                running.append((args, pool.submit(run_process, args, stdin, folder, env)))
                if len(running) >= 2 * jobs:
                    judge_next()
        finally:
            while running:
                judge_next()


def judge_play(tally: Tally, args: list[str], out: str, err: str) -> None:
    if "Traceback (most recent call last)" in out + err:
        tally.add("processes", "traceback", f"{args!r}: {(out + err)[-300:]}")
    elif "panicked" in out + err:
        tally.add("processes", "panic", f"{args!r}: {(out + err)[-300:]}")
    else:
        tally.add("processes", "answered")


# ----------------------------------------------------------------------------------------------------------------
# API


class OddText(str):
    """A str subclass whose comparison and hash raise the caller's own error."""

    def __eq__(self, other: object) -> bool:
        raise CallersOwn("__eq__")

    def __ne__(self, other: object) -> bool:
        raise CallersOwn("__ne__")

    def __hash__(self) -> int:
        raise CallersOwn("__hash__")


class OddInt(int):
    def __eq__(self, other: object) -> bool:
        raise CallersOwn("__eq__")

    def __hash__(self) -> int:
        raise CallersOwn("__hash__")

    def __index__(self) -> int:
        raise CallersOwn("__index__")


class PlainText(str):
    """A str subclass that behaves: read as the text it is."""


class LyingLength(list[Any]):
    """A list whose len() says 2**62; asked for an item past its own it raises the caller's own error."""

    def __len__(self) -> int:
        return 2**62

    def __getitem__(self, i: Any) -> Any:
        try:
            return super().__getitem__(i)
        except IndexError:
            raise CallersOwn("an index its len() promised") from None


def endless(item: Any) -> Iterator[Any]:
    """A generator that never ends (in Python: a C loop such as list(itertools.repeat(x)) would not see the alarm)."""
    for _ in range(10**6):
        yield item
    raise RanAway


def odd_object(rng: random.Random) -> Any:
    """The values a careless or hostile caller passes beyond plain types: subclasses, raising dunders, collections that
    never end or whose len() lies."""
    item = rng.choice((odd_token(rng), rng.choice(GAMES), rng.randrange(120), "draw stock"))
    roll = rng.randrange(5)
    if roll == 0:
        return PlainText(item) if isinstance(item, str) else item
    if roll == 1:
        return OddText(item) if isinstance(item, str) else OddInt(item)
    if roll == 2:
        return endless(item)
    if roll == 3:
        return LyingLength([item] * rng.randint(0, 4))
    return rng.choice((bytearray(b"5h"), memoryview(b"R1"), range(3), {1, 2}, frozenset({"Kh"})))


def hostile_value(rng: random.Random, depth: int = 0) -> Any:
    roll = rng.randrange(18)
    if roll >= 16:
        return odd_object(rng)
    if roll == 0:
        return None
    if roll == 1:
        return rng.choice((True, False))
    if roll == 2:
        return rng.choice((0, 1, -1, 2, 3, 2**63, -(2**63) - 1, 10**5000, rng.randint(-(10**30), 10**30)))
    if roll == 3:
        return rng.choice((math.nan, math.inf, -math.inf, 0.5, -0.0, 1e308, 2.0))
    if roll in (4, 5, 6):
        return odd_token(rng)
    if roll == 7:
        return rng.choice((*GAMES, "bogus", "Rummy", ""))
    if roll == 8:
        return bytes(rng.randrange(256) for _ in range(rng.randint(0, 6)))
    if roll == 9 and depth < 3:
        return [hostile_value(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    if roll == 10 and depth < 3:
        return tuple(hostile_value(rng, depth + 1) for _ in range(rng.randint(0, 4)))
    if roll == 11 and depth < 3:
        return {rng.choice(("kind", "player", "card", "cards", "x", "")): hostile_value(rng, depth + 1)
                for _ in range(rng.randint(0, 3))}
    if roll == 12:
        return " ".join(valid_cards(rng.choice(SOLVE_GAMES), rng, rng.randint(0, 12)))
    if roll == 13:
        return object()
    if roll == 14:
        return rng.choice(("standard", "rauber", "wrap_around", "classic"))
    return rng.random() * 10


#: Result records (dataclasses the solvers and games return): building one by hand is no entry into romme.
RECORDS = {"HandSolution", "Placed", "Play", "SolvedMeld", "TableMeld", "TableSolution", "Result", "Move", "GameState"}


def api_entries() -> list[tuple[str, Callable[..., Any]]]:
    entries = []
    for name in romme.__all__:
        value = getattr(romme, name, None)
        if name in RECORDS or not callable(value):
            continue
        if not (isinstance(value, type) and issubclass(value, BaseException)):
            entries.append((name, value))
    return entries


def call_hostile(tally: Tally, part: str, label: str, fn: Callable[..., Any], args: tuple[Any, ...],
                 kwargs: dict[str, Any]) -> bool:
    """Makes the call and counts its outcome; True when it answered."""
    tally.case(part)
    if not binds(fn, args, kwargs):
        # a call Python's own signature check refuses (TypeError: missing or unexpected argument) is no entry
        tally.add(part, "signature")
        return False
    try:
        with time_limit(CALL_SECONDS):
            fn(*args, **kwargs)
    except BaseException as exc:  # noqa: BLE001 - the campaign counts whatever comes out
        if isinstance(exc, KeyboardInterrupt):
            raise
        category = classify_exception(exc)
        if category == "refused" and (not str(exc) or "\n" in str(exc).strip()):
            category = "unclear"
        tally.add(part, category, f"{label}{_short(args)} {_short(kwargs)}: {type(exc).__name__}: {exc}")
        return False
    tally.add(part, "answered")
    return True


def binds(fn: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> bool:
    try:
        inspect.signature(fn).bind(*args, **kwargs)
    except TypeError:
        return False
    except ValueError:  # no signature to check
        return True
    return True


def _short(value: Any) -> str:
    try:
        text = repr(value)
    except ValueError:  # an int past the 4,300-digit limit
        text = "<a value with a huge int>"
    return text if len(text) < 200 else text[:200] + "…"


def random_state(rng: random.Random) -> engine.GameState:
    game = rng.choice(GAMES)
    state = romme.new_game(game, seed=rng.randrange(10**6))
    for _ in range(rng.randint(0, 40)):
        if state.is_over:
            break
        moves = state.legal_moves()
        if not moves:
            break
        state.apply(rng.choice(moves))
    return state


def fingerprint(state: engine.GameState) -> Any:
    return (state.current_player, state.phase, state.is_over, len(state.history),
            sorted((k, tuple(v)) for k, v in state.zones().items()))


def hostile_call(rng: random.Random, fn: Callable[..., Any]) -> tuple[tuple[Any, ...], dict[str, Any]]:
    """Arguments that bind to ``fn``'s signature (mostly), each of them hostile, the game id often a real one."""
    try:
        parameters = list(inspect.signature(fn).parameters.values())
    except ValueError:
        parameters = []
    args: list[Any] = []
    kwargs: dict[str, Any] = {}
    for p in parameters:
        if p.kind is p.VAR_KEYWORD:
            if rng.random() < 0.3:
                kwargs[rng.choice(("wrap_around", "rauber", "bogus", "jokers_per_deck", "opening_points"))] = (
                    hostile_value(rng))
            continue
        if p.kind is p.VAR_POSITIONAL or (p.default is not p.empty and rng.random() < 0.6):
            continue
        value = rng.choice((*GAMES, "bogus")) if p.name in ("game", "game_id") and rng.random() < 0.7 else (
            hostile_value(rng))
        if p.kind is p.KEYWORD_ONLY or (p.default is not p.empty and rng.random() < 0.5):
            kwargs[p.name] = value
        else:
            args.append(value)
    return tuple(args), kwargs


def part_api(tally: Tally, rng: random.Random, count: int) -> None:
    for name, fn in api_entries():
        for _ in range(count):
            args, kwargs = hostile_call(rng, fn)
            call_hostile(tally, "api", name, fn, args, kwargs)
    part_object_methods(tally, rng, count)
    part_budgets(tally, rng, count)
    methods = [m for m in dir(engine.GameState) if not m.startswith("_") and callable(getattr(engine.GameState, m))]
    for method in methods:
        for i in range(count):
            if i % 25 == 0:
                state = random_state(rng)
            before = fingerprint(state)
            args, _ = hostile_call(rng, getattr(state, method))
            if method == "apply" and state.legal_moves() and rng.random() < 0.6:
                args = (mutated_move(rng, rng.choice(state.legal_moves())),)
            if method in ("undo", "apply"):
                probe = state.clone()
                answered = call_hostile(tally, "api", f"GameState.{method}", getattr(probe, method), args, {})
                if not answered and method == "apply" and fingerprint(probe) != before:
                    tally.add("api", "changed", f"{state.game_id}: apply{_short(args)}")
            else:
                call_hostile(tally, "api", f"GameState.{method}", getattr(state, method), args, {})
                if fingerprint(state) != before:
                    tally.add("api", "changed", f"{state.game_id}: {method}{_short(args)} changed the state")


def part_object_methods(tally: Tally, rng: random.Random, count: int) -> None:
    """The methods of the values the API hands out (decks, random streams, cards) and the save entries."""
    for method in ("counts", "full", "parse_token", "token"):
        for _ in range(count // 4):
            card_deck = romme.deck(rng.choice(GAMES))
            call_hostile(tally, "api", f"Deck.{method}", getattr(card_deck, method),
                         *hostile_call(rng, getattr(card_deck, method)))
    for method in ("below", "choice", "fork", "shuffle"):
        for _ in range(count // 4):
            stream = romme.Rng(rng.randrange(100))
            fn = getattr(stream, method)
            call_hostile(tally, "api", f"Rng.{method}", fn, *hostile_call(rng, fn))
    for _ in range(count // 4):
        call_hostile(tally, "api", "Card.parse", romme.Card.parse, *hostile_call(rng, romme.Card.parse))
    # romme.bots.make_bot (the API's bot maker, not in __all__): a game and a level of it with a hostile seed or
    # thinking time, and hostile values throughout
    from romme.bots import LEVELS, make_bot

    for _ in range(count // 2):
        game, level = rng.choice(GAMES), rng.choice(LEVELS)
        call_hostile(tally, "api", "make_bot(seed)", make_bot, (game, level, hostile_value(rng)), {})
        call_hostile(tally, "api", "make_bot(think)", make_bot, (game, level, 1), {"think": hostile_value(rng)})
        call_hostile(tally, "api", "make_bot", make_bot, *hostile_call(rng, make_bot))
    # save.checksum and save.to_json are the writer's helpers (they take a checked save object or a state)
    for _ in range(count // 2):
        call_hostile(tally, "api", "save.from_json", save.from_json, (hostile_value(rng),), {})
    # save.save / save.load with a hostile path, state or seats (written only into a folder of its own: a hostile
    # string as the save path could name any file)
    with tempfile.TemporaryDirectory() as folder:
        state = romme.new_game("rummy", seed=1)
        for _ in range(count // 4):
            call_hostile(tally, "api", "save.load", save.load, (hostile_value(rng),), {})
            target = Path(folder) / "g.json"
            call_hostile(tally, "api", "save.save(seats)", save.save, (state, target), {"seats": hostile_value(rng)})
            call_hostile(tally, "api", "save.save(state)", save.save, (hostile_value(rng), target), {})
            no_path = rng.choice([None, 12, 1.5, b"g.json", [folder], {folder: 1}])  # never a str: see above
            call_hostile(tally, "api", "save.save(path)", save.save, (state, no_path), {})


#: Budgets a hostile caller passes to solve_table (as work_budget or time_budget), the valid ones among them.
BUDGETS = (0, 1, -1, 2, 1000, 10**12, 10**12 + 1, 2**63, 10**30, -(2**63), 1.0, 0.5, 1e-9, 1e-300, 86400, 86400.5,
           math.nan, math.inf, -math.inf, "1", "", "1e3", True, False, None, [], b"1", 1 + 0j)


def budget_positions(rng: random.Random) -> Iterator[tuple[str, list[list[str]], list[str], dict[str, Any]]]:
    """(game, table, hand, options): a table an earlier search laid from a dealt hand, and a new hand."""
    from romme.table import TABLE_GAMES

    while True:
        game = rng.choice(TABLE_GAMES)
        options: dict[str, Any] = {}
        if game == "romme":
            options = rng.choice(({}, {"rauber": True}, {"rauber": True, "rauber_table_to_hand": True},
                                  {"rauber": True, "wrap_around": True}))
        try:
            laid = romme.solve_table(game, "", valid_cards(game, rng, rng.randint(6, 20)), tie_break="none",
                                     work_budget=100_000, **options)
        except RommeError:  # more copies of a card than the deck holds
            continue
        yield game, [m.tokens for m in laid.table], valid_cards(game, rng, rng.randint(1, 10)), options


def part_budgets(tally: Tally, rng: random.Random, count: int) -> None:
    """solve_table on real positions with hostile work and time budgets: a bad budget is refused, a good one
    answers within the hand, says whether it cut the search, and one above the search's work changes nothing."""
    positions = budget_positions(rng)
    for i in range(count):
        if i % 10 == 0:
            game, table, hand, options = next(positions)
            try:
                unbudgeted = romme.solve_table(game, table, hand, **options)
            except RommeError:
                unbudgeted = None
        kind = rng.choice(("work_budget", "time_budget", "both"))
        budgets = {"work_budget": rng.choice(BUDGETS), "time_budget": rng.choice(BUDGETS)}
        kwargs = budgets if kind == "both" else {kind: budgets[kind]}
        label = f"solve_table({game!r}, {table}, {hand}, {options}, {kwargs})"
        tally.case("api")
        try:
            with time_limit(CALL_SECONDS):
                sol = romme.solve_table(game, table, hand, **kwargs, **options)
        except BaseException as exc:  # noqa: BLE001 - counted
            if isinstance(exc, KeyboardInterrupt):
                raise
            category = classify_exception(exc)
            if category == "refused" and (not str(exc) or "\n" in str(exc).strip()):
                category = "unclear"
            tally.add("api", category, f"{label}: {type(exc).__name__}: {exc}")
            continue
        tally.add("api", "answered")
        problem = budget_answer_problem(sol, hand, kwargs, unbudgeted)
        if problem:
            tally.add("api", "wrong", f"{label}: {problem}")


def budget_answer_problem(sol: Any, hand: list[str], kwargs: dict[str, Any], unbudgeted: Any) -> str | None:
    if Counter(str(c) for c in sol.placed) - Counter(hand):
        return f"placed {[str(c) for c in sol.placed]} not from the hand"
    if sol.budget_cut and sol.optimal and sol.moved_optimal:
        return "budget_cut on an answer proven both ways"
    work = kwargs.get("work_budget")
    if isinstance(work, int) and sol.work_budget != work:
        return f"work_budget {sol.work_budget} reported for {work}"
    # (not Rummy: without a budget its search races its mirror image, which a budget never does, docs/SEARCH-DESIGN
    # 4.11, and the work it reports is the winner's)
    unchanged_by = unbudgeted is not None and unbudgeted.game != "rummy" and isinstance(work, int) \
        and kwargs == {"work_budget": work} and work >= unbudgeted.work
    if unchanged_by and (sol.placed, sol.table, sol.moved, sol.optimal, sol.budget_cut) != (
            unbudgeted.placed, unbudgeted.table, unbudgeted.moved, unbudgeted.optimal, False):
        return f"a work budget {work:,} above the search's {unbudgeted.work:,} changed the answer"
    return None


def mutated_move(rng: random.Random, move: engine.Move) -> Any:
    fields = dataclasses.fields(move)
    if not fields:
        return move
    field = rng.choice(fields)
    return dataclasses.replace(move, **{field.name: hostile_value(rng)})


# ----------------------------------------------------------------------------------------------------------------
# corrupted saves


def base_saves(rng: random.Random, folder: Path) -> list[Path]:
    paths = []
    for game in GAMES:
        for length in (0, 30, 400):
            state = romme.new_game(game, seed=rng.randrange(10**6))
            for _ in range(length):
                if state.is_over or not state.legal_moves():
                    break
                state.apply(rng.choice(state.legal_moves()))
            path = folder / f"{game}-{length}.json"
            save.save(state, path, seats=[{"name": f"seat {i}", "bot": "random"} for i in range(state.num_players)])
            paths.append(path)
    return paths


def corrupted(rng: random.Random, text: str) -> bytes:
    data = text.encode("utf-8")
    roll = rng.randrange(9)
    if roll == 0:
        return data[: rng.randrange(len(data))]
    if roll == 1:
        out = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            pos = rng.randrange(len(out))
            out[pos] ^= 1 << rng.randrange(8)
        return bytes(out)
    if roll == 2:
        depth = rng.choice((50, 1000, 100000))
        if rng.random() < 0.5:
            return ("[" * depth + "]" * depth).encode()
        return ('{"a":' * depth + "1" + "}" * depth).encode()
    if roll == 3:
        if rng.random() < 0.1:
            return b"x" * rng.choice((1, 10**6, 70 * 2**20))
        return os.urandom(rng.randint(0, 300))
    obj = json.loads(text)
    if roll == 4:  # a field of the wrong type (checksum refreshed, so the deeper checks are reached)
        key = rng.choice(list(obj))
        obj[key] = hostile_value(rng)
    elif roll == 5 and obj["moves"]:
        move = rng.choice(obj["moves"])
        key = rng.choice(list(move))
        move[key] = hostile_value(rng)
    elif roll == 6:
        obj["seats"] = [{"name": odd_token(rng) + "\x1b[2J\x1b]0;pwned\x07", "bot": hostile_value(rng)}
                        for _ in range(rng.randint(0, 9))]
    elif roll == 7:
        obj["moves"] = obj["moves"][: rng.randrange(len(obj["moves"]) + 1)] + [hostile_value(rng)] * rng.randint(0, 2)
    else:
        obj[rng.choice(("seed", "players", "rules", "version", "game"))] = hostile_value(rng)
    if rng.random() < 0.85:
        try:
            obj["checksum"] = save.checksum(obj)
        except Exception:  # noqa: BLE001 - a field json cannot write: keep the old checksum
            pass
    try:
        return json.dumps(obj, default=repr).encode("utf-8", "surrogateescape")
    except (ValueError, TypeError):
        return text.encode()


def corrupted_copies(rng: random.Random, folder: Path, saves: list[Path], count: int) -> list[Path]:
    """Corrupted save files for the real processes (play --load, replay)."""
    paths = []
    for i in range(count):
        path = folder / f"broken-{i}.json"
        path.write_bytes(corrupted(rng, rng.choice(saves).read_text()))
        paths.append(path)
    return paths


def part_saves(tally: Tally, rng: random.Random, count: int, folder: Path, saves: list[Path]) -> None:
    runner = CliRunner()
    texts = [p.read_text() for p in saves]
    target = folder / "corrupt.json"
    for i in range(count):
        target.write_bytes(corrupted(rng, rng.choice(texts)))
        tally.case("saves")
        try:
            with time_limit(CALL_SECONDS):
                save.load(target)
            tally.add("saves", "answered")
        except BaseException as exc:  # noqa: BLE001 - counted
            category = classify_exception(exc)
            if category == "refused" and not isinstance(exc, SaveFileError):
                category = "non_romme"
            tally.add("saves", category, f"{target.read_bytes()[:150]!r}: {type(exc).__name__}: {str(exc)[:200]}")
        if i % 4 == 0:
            tally.case("saves")
            args = ["replay", str(target), *(["--hide-hands"] if rng.random() < 0.5 else [])]
            with time_limit(CALL_SECONDS):
                result = runner.invoke(cli_main, args)
            judge_cli("saves", tally, args, result.exit_code, result.stdout, result.stderr, result.exception)
            if result.exit_code == 0 and "\x1b" in result.stdout:
                tally.add("saves", "wrong", f"replay printed a control code: {result.stdout[:200]!r}")
    unknown_fields(tally, random.Random(f"{rng.random()}/unknown"), texts, target)


def unknown_fields(tally: Tally, rng: random.Random, texts: list[str], target: Path) -> None:
    """A field a save does not have, in a move or beside the save's own, checksum made again: a save is romme's
    own format with no extension fields, so the load must refuse it naming the field (else 'wrong': the file
    loaded as something it does not say)."""
    for text in texts:
        obj = json.loads(text)
        name = rng.choice(("card", "colour", "x", "note", "kind2", odd_token(rng)))
        holder = rng.choice(obj["moves"]) if obj["moves"] and rng.random() < 0.8 else obj
        if name in holder:
            continue
        holder[name] = hostile_value(rng)
        try:
            obj["checksum"] = save.checksum(obj)
            target.write_text(json.dumps(obj, default=repr), encoding="utf-8", errors="surrogateescape")
        except (TypeError, ValueError):
            continue
        tally.case("saves")
        try:
            with time_limit(CALL_SECONDS):
                save.load(target)
            tally.add("saves", "wrong", f"a save with the unknown field {name!r} loaded")
        except SaveFileError as exc:
            said = "field" in str(exc) and "\n" not in str(exc)
            tally.add("saves", "refused" if said else "unclear", f"unknown field {name!r}: {exc}"[:300])
        except BaseException as exc:  # noqa: BLE001 - counted
            tally.add("saves", classify_exception(exc), f"unknown field {name!r}: {type(exc).__name__}: {exc}"[:300])


# ----------------------------------------------------------------------------------------------------------------
# observations


def own_hand(state: engine.GameState, seat: int) -> list[str]:
    """The seat's own hand as tokens (the solitaire has no hand zone: none)."""
    d = romme.deck(engine.spec(state.game_id).deck_id)
    return [str(d.token(c)) for c in state.zones().get(f"hand{seat}", [])]


def part_observations(tally: Tally, rng: random.Random, count: int) -> None:
    seen = 0
    while seen < count:
        game = GAMES[(seen // 97) % len(GAMES)] if rng.random() < 0.5 else rng.choice(GAMES)
        spec = engine.spec(game)
        players = rng.randint(spec.min_players, spec.max_players) if hasattr(spec, "min_players") else None
        state = romme.new_game(game, players=players, seed=rng.randrange(10**9))
        reveal = RevealCheck(state)
        for _ in range(3000):
            for seat in range(state.num_players):
                tally.case("observations")
                seen += 1
                try:
                    # its own hand is public to the seat, and so are the hands a round's end showed (as the
                    # tests' playouts take them): another hand of the same cards (Krass Kariert's numbers come
                    # four times) is no leak
                    check_observation(state, seat, public=[own_hand(state, seat), *reveal.public])
                    stock_order_hidden(state, seat, reveal.public)
                    tally.add("observations", "answered")
                except AssertionError as exc:
                    tally.add("observations", "leak", f"{game} seat {seat}: {exc}")
            reveal.scanned()
            if state.is_over or seen >= count:
                break
            moves = state.legal_moves()
            if not moves:
                break
            state.apply(rng.choice(moves))
            try:
                reveal.after_move(state)  # hands shown before a round ended, or not the hands held
            except AssertionError as exc:
                tally.add("observations", "leak", f"{game}: {exc}")
                break


def stock_order_hidden(state: engine.GameState, seat: int, shown: list[list[str]]) -> None:
    """No run of five stock cards (or the whole stock, from three) appears in stock order in the observation, other
    than where a public zone or a hand a round's end showed (``shown``) holds the same values in that order."""
    stock = state.zones().get("stock", [])
    if len(stock) < 3 or state.is_over:
        return
    card_deck = romme.deck(engine.spec(state.game_id).deck_id)
    tokens = [card_deck.token(c) for c in stock]
    text = json.dumps(state.observation(seat))
    # a public zone may hold other copies of the same values in the same order (Krass: 4 copies of each value)
    public = [json.dumps([card_deck.token(c) for c in cards]) for name, cards in state.zones().items()
              if name != "stock" and not name.startswith("hand")]
    # (a Krass stock of three, 4 7 11, stood in that order in the hand seat 2 had shown at the last round's end)
    public += [json.dumps([str(t) for t in hand]) for hand in shown]
    # five cards: three of a fresh shuffle can stand in a public sorted list by chance (a hand shown at a round's
    # end held 10d Kd 8h, the next deal's stock ended so)
    size = min(len(tokens), 5)
    for window in (tokens[:size], tokens[-size:]):
        needle = json.dumps(window)[1:-1]
        if len(set(window)) > 1 and not any(needle in zone for zone in public):
            assert needle not in text, f"stock order {window} in the observation"


# ----------------------------------------------------------------------------------------------------------------


#: Cases per part at scale 1.0 (the api part's is per entry and per method).
COUNTS = {"solve": 5000, "processes": 500, "api": 2000, "saves": 3000, "observations": 100_000}
#: The parts' names in the table (where they differ).
PART_NAMES = {"solve": "solve-inproc"}


def cpu_seconds() -> float:
    """CPU seconds of this process (every thread) and of its finished child processes."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def part_counts(scale: float, overrides: list[str]) -> dict[str, int]:
    counts = {part: int(n * scale) for part, n in COUNTS.items()}
    for item in overrides:
        part, _, n = item.partition("=")
        if part not in COUNTS or not n.isdigit():
            raise SystemExit(f"--count takes PART=N with PART one of {', '.join(COUNTS)}, got {item!r}")
        counts[part] = int(n)
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--scale", type=float, default=1.0, help="multiplies every count (0.1 for a quick look)")
    parser.add_argument("--parts", default=",".join(COUNTS), help="the parts to run, comma-separated")
    parser.add_argument("--count", action="append", default=[], metavar="PART=N",
                        help="a part's case count, whatever --scale says (repeatable)")
    parser.add_argument("--part-seconds", type=float, default=None,
                        help="stop each part before its next case once it has run this long")
    parser.add_argument("--jobs", type=int, default=4, help="romme processes run at once by the processes part")
    options = parser.parse_args()
    parts = options.parts.split(",")
    unknown = sorted(set(parts) - set(COUNTS))
    if unknown:
        raise SystemExit(f"unknown parts {unknown}: the parts are {', '.join(COUNTS)}")
    counts = part_counts(options.scale, options.count)
    tally = Tally()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        saves = base_saves(random.Random(options.seed), folder)
        broken = corrupted_copies(random.Random(options.seed), folder, saves, 40)
        plan: dict[str, Callable[[random.Random], None]] = {
            "solve": lambda rng: part_solve_inproc(tally, rng, counts["solve"]),
            "processes": lambda rng: part_processes(tally, rng, counts["processes"], folder, saves + broken,
                                                    max(1, options.jobs)),
            "api": lambda rng: part_api(tally, rng, counts["api"]),
            "saves": lambda rng: part_saves(tally, rng, counts["saves"], folder, saves),
            "observations": lambda rng: part_observations(tally, rng, counts["observations"]),
        }
        for part, run in plan.items():
            if part not in parts:
                continue
            name = PART_NAMES.get(part, part)
            start, cpu = time.perf_counter(), cpu_seconds()
            tally.deadline = None if options.part_seconds is None else start + options.part_seconds
            try:
                run(random.Random(f"{options.seed}/{part}"))
            except PartTimeUp:
                tally.cut.append(name)
            tally.deadline = None
            tally.seconds[name] = time.perf_counter() - start
            tally.cpu[name] = cpu_seconds() - cpu
            print(f"{part}: {tally.seconds[name]:.1f} s, {tally.cpu[name]:.1f} s CPU", file=sys.stderr, flush=True)
    tally.print()


if __name__ == "__main__":
    main()
