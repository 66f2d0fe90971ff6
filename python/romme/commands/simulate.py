"""``romme simulate GAME --games N --bots LEVEL,...``: bots play many games.

Game ``i`` uses the seed ``"<seed>/<i>"`` and seat ``s``'s bot the seed
``"<seed>/<i>/<s>"``, so a run is reproducible and ``--jobs`` (worker
processes) changes nothing but the speed.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

import click
from click.core import ParameterSource

from ..backends import BACKENDS, BackendClock, check_backend, cores
from ..bots import make_bot
from ..bots.common import play_out
from ..engine import new_game, spec
from ..errors import RulesError
from ..rules import Rules, parse_option_pairs
from ..save import MAX_SAVE_MOVES
from .params import GAME, SEED, THINK, THINK_HELP, TrimmedChoice, ascii_int
from .terminal import shown


@dataclass(frozen=True)
class GameOutcome:
    """One simulated game: final scores, winners, number of moves."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    moves: int
    finished: bool = True


def simulate_one(
    game_id: str,
    players: int,
    rules: Rules,
    levels: tuple[str, ...],
    seed: str,
    index: int,
    max_moves: int | None = None,
    think: float | None = None,
    rotate: bool = False,
) -> GameOutcome:
    """Plays game ``index`` of a run with seed ``seed`` (``think``: the master bot's seconds a move).

    ``rotate``: the bot listed ``k``-th sits on seat ``(k + index) % players`` (:func:`seat_of`), and the outcome
    is given per listed bot instead of per seat."""
    state = new_game(game_id, players=players, seed=f"{seed}/{index}", rules=rules)
    listed = [seat_of(k, index, players, rotate) for k in range(players)]
    at_seat = {seat: k for k, seat in enumerate(listed)}
    bots = [make_bot(game_id, levels[at_seat[s]], f"{seed}/{index}/{s}", think=think) for s in range(players)]
    n = play_out(state, bots, max_moves=max_moves)
    res = state.result()
    scores = tuple(res.scores[listed[k]] for k in range(players))
    winners = tuple(sorted(at_seat[w] for w in res.winners)) if state.is_over else ()
    return GameOutcome(scores, winners, n, state.is_over)


def seat_of(listed: int, index: int, players: int, rotate: bool) -> int:
    """The seat of the bot listed ``listed``-th in game ``index``: its own place, or turned ``index`` seats on
    when seats rotate (each bot sits on every seat equally often over ``players`` games)."""
    return (listed + index) % players if rotate else listed


def _worker(args: tuple[Any, ...]) -> GameOutcome:
    return simulate_one(*args)


def run(
    game_id: str,
    players: int,
    rules: Rules,
    levels: tuple[str, ...],
    games: int,
    seed: str,
    jobs: int = 1,
    max_moves: int | None = None,
    think: float | None = None,
    backend: str = "local",
    address: str | None = None,
    rotate: bool = False,
    clock: BackendClock | None = None,
) -> Iterator[GameOutcome]:
    """Yields the outcomes of games 0..games-1 in order (in worker processes if jobs > 1, or as Ray tasks
    with ``backend="ray"``: the same outcomes, see :mod:`romme.backends`).

    Tasks are made as they are needed, so a run of millions of games holds only a few of them at a time.
    """
    from ..backends import run as run_on
    from ..backends import run_local

    tasks = ((game_id, players, rules, levels, seed, i, max_moves, think, rotate) for i in range(games))
    if backend != "local":
        yield from run_on(_worker, tasks, backend, jobs, address, chunk=max(1, min(16, games // (4 * jobs))),
                          clock=clock)
        return
    jobs = min(jobs, games)  # no idle worker processes
    # the backends' pool (forkserver, a dead worker is an error): a fork Pool could hang like the ladder's did
    yield from run_local(_worker, tasks, jobs, chunk=max(1, min(16, games // (4 * max(1, jobs)))))


@dataclass
class Tally:
    """Running totals of a run (nothing per game is kept, so a run of any length takes little memory)."""

    players: int
    games: int = 0
    moves: int = 0
    capped: int = 0
    wins: list[int] = field(default_factory=list)
    win_share: list[float] = field(default_factory=list)
    score_sum: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.wins = [0] * self.players
        self.win_share = [0.0] * self.players
        self.score_sum = [0] * self.players

    def add(self, outcome: GameOutcome) -> None:
        self.games += 1
        self.moves += outcome.moves
        self.capped += not outcome.finished
        for seat in outcome.winners:
            self.wins[seat] += 1
            self.win_share[seat] += 1 / len(outcome.winners)
        for seat, score in enumerate(outcome.scores):
            self.score_sum[seat] += score


def summarise(
    game_id: str,
    levels: tuple[str, ...],
    outcomes: Iterable[GameOutcome] | Tally,
    seconds: float,
    lower_is_better: bool,
) -> dict[str, Any]:
    """The JSON summary of a run.

    A game stopped by the move cap is a draw: no winner, its scores as they stood (``capped``).
    """
    if isinstance(outcomes, Tally):
        tally = outcomes
    else:
        tally = Tally(len(levels))
        for outcome in outcomes:
            tally.add(outcome)
    n = tally.games
    seats = [
        {
            "seat": s,
            "bot": levels[s],
            "wins": tally.wins[s],
            "win_share": round(tally.win_share[s] / n, 4) if n else 0.0,
            "mean_score": round(tally.score_sum[s] / n, 3) if n else 0.0,
        }
        for s in range(len(levels))
    ]
    return {
        "game": game_id,
        "games": n,
        "players": len(levels),
        "lower_is_better": lower_is_better,
        "seconds": round(seconds, 3),
        "games_per_second": round(n / seconds, 3) if seconds > 0 else None,
        "moves_per_second": round(tally.moves / seconds, 1) if seconds > 0 else None,
        "mean_length": round(tally.moves / n, 2) if n else 0.0,
        "capped": tally.capped,
        "unfinished": tally.capped,  # the older name of "capped"
        "seats": seats,
    }


#: A game of bots that runs this long is stuck; ``--max-moves`` ends it as a draw. Twice the longest game
#: seen: greedy bots in two-seat Räuber-Rommé without a discard pile need up to 50,000 moves to reach 500.
#: It is the longest move log a save holds, so a game played to the cap still saves and loads.
DEFAULT_MAX_MOVES = MAX_SAVE_MOVES


#: More worker processes than this only fight over the cores (-j 1000000000 tried to start that many)
MAX_JOBS = 256


def check_players(game_id: str, players: int) -> None:
    """Refuses a seat count the game does not take (before anything is sized by it)."""
    s = spec(game_id)
    if not s.min_players <= players <= s.max_players:
        raise RulesError(f"{game_id} takes {s.min_players}..{s.max_players} players, got {players}")


def parse_levels(bots: str, players: int | None, game_id: str) -> tuple[int, tuple[str, ...]]:
    """``"expert,greedy"`` -> (players, one level per seat); one level fills every seat."""
    s = spec(game_id)
    levels = [b.strip() for b in bots.split(",") if b.strip()]
    if not levels:
        raise RulesError("--bots needs at least one level (random, greedy, expert)")
    n = players if players is not None else (len(levels) if len(levels) > 1 else s.default_players)
    if len(levels) == 1:
        levels = levels * n
    if len(levels) != n:
        raise RulesError(f"--bots gives {len(levels)} levels for {n} players")
    for lv in set(levels):
        make_bot(game_id, lv, 0)  # raises RulesError for an unknown level
    return n, tuple(levels)


@click.command()
@click.argument("game", type=GAME)
@click.option("--games", "-n", "count", type=ascii_int(1), default=100, show_default=True, help="Number of games.")
@click.option(
    "--bots",
    "-b",
    default="random",
    show_default=True,
    help="Bot level per seat, comma separated (random, easy, greedy, expert, master); one level fills all seats.",
)
@click.option("--players", "-p", type=ascii_int(), default=None, help="Seats (default: one per --bots level).")
@click.option("--seed", "-s", type=SEED, default="0", show_default=True, help="Seed of the whole run.")
@click.option("--rules", "-r", "preset", default=None, help="Rule preset.")
@click.option("--option", "-o", "options", multiple=True, help="Rule option KEY=VALUE (repeatable).")
@click.option(
    "--jobs",
    "-j",
    type=ascii_int(1, MAX_JOBS),
    default=1,
    show_default=True,
    help="Worker processes (with --backend ray: CPUs of the local Ray, default all cores).",
)
@click.option(
    "--max-moves",
    type=ascii_int(1),
    default=DEFAULT_MAX_MOVES,
    show_default=True,
    help="Stop a game after this many moves and count it as a draw.",
)
@click.option("--think", type=THINK, default=None, help=THINK_HELP)
@click.option("--backend", type=TrimmedChoice(BACKENDS), default="local", show_default=True,
              help="local: this machine (--jobs processes); ray: Ray tasks (pip install 'romme[scale]').")
@click.option("--address", default=None, help="Ray cluster address (auto, ray://head:10001); needs --backend ray.")
@click.option("--rotate", is_flag=True, help="Turn the seats one place each game (every bot on every seat "
              "equally often); results per listed bot instead of per seat.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
def simulate(
    game: str,
    count: int,
    bots: str,
    players: int | None,
    seed: str,
    preset: str | None,
    options: tuple[str, ...],
    jobs: int,
    max_moves: int,
    think: float | None,
    backend: str,
    address: str | None,
    rotate: bool,
    as_json: bool,
) -> None:
    """Let bots play GAME many times and sum up wins, scores and speed."""
    from rich.console import Console
    from rich.markup import escape
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
    from rich.table import Table

    s = spec(game)
    if players is not None:  # before any list of seats is built
        check_players(game, players)
    rules = Rules.make(game, preset, **parse_option_pairs(game, options))
    n, levels = parse_levels(bots, players, game)
    check_players(game, n)
    check_backend(backend, address)
    if backend == "ray" and click.get_current_context().get_parameter_source("jobs") is ParameterSource.DEFAULT:
        jobs = cores()  # a Ray run without -j uses every core (the local default stays one process)
    console = Console(stderr=as_json)
    tally = Tally(n)
    clock = BackendClock()
    start = time.perf_counter()
    with Progress(
        TextColumn(f"{game} {','.join(levels)}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        disable=as_json and not console.is_terminal,  # with --json the bar is on stderr, when that is a terminal
    ) as progress:
        task = progress.add_task("games", total=count)
        for o in run(game, n, rules, levels, count, seed, jobs, max_moves, think, backend, address, rotate, clock):
            tally.add(o)
            progress.advance(task)
    seconds = time.perf_counter() - start
    lower = bool(new_game(game, players=n, seed=0, rules=rules).result().detail.get("lower_is_better", False))
    summary = summarise(game, levels, tally, seconds, lower)
    summary["seed"] = seed
    summary["max_moves"] = max_moves
    summary["rules"] = rules.changed()
    summary["rotated"] = rotate  # then "seat" in "seats" is the bot's place in --bots, not a seat
    summary["backend"] = backend
    summary["start_seconds"] = round(clock.start_seconds, 3)  # a local Ray's start-up and shut-down, in seconds
    summary["stop_seconds"] = round(clock.stop_seconds, 3)
    if as_json:
        click.echo(json.dumps(summary))
        return
    table = Table(
        # the seed is the user's text: no rich markup ("[/x]" raised MarkupError), no terminal control codes
        title=f"{s.name}: {count} games, {n} players, seed {escape(shown(seed))}"
        + (" (lower score is better)" if lower else "") + (", seats rotated" if rotate else "")
    )
    for col in ("listed" if rotate else "seat", "bot", "wins", "win share", "mean score"):
        table.add_column(col, justify="right" if col not in ("bot",) else "left")
    for seat in summary["seats"]:
        table.add_row(
            str(seat["seat"]), seat["bot"], str(seat["wins"]), f"{seat['win_share']:.1%}", f"{seat['mean_score']:.1f}"
        )
    console.print(table)
    console.print(
        f"mean length {summary['mean_length']:.1f} moves · {summary['games_per_second']:.2f} games/s · "
        f"{summary['moves_per_second']:.0f} moves/s · {seconds:.2f} s" + (f" · {jobs} jobs" if jobs > 1 else "")
    )
    if tally.capped:
        console.print(f"{tally.capped} game(s) stopped at {max_moves} moves, counted as draws (--max-moves)")
