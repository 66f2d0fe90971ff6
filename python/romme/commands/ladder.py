"""``romme ladder GAME --bots LEVEL,...``: every pairing of the bots plays, and an Elo fit rates them.

See :mod:`romme.ladder` for the schedule (seeds, seat rotation, fresh or duplicate deals) and the rating fit,
:mod:`romme.backends` for ``--backend local|ray``, and docs/MASTER-BOT.md for a run on a cluster.
"""

from __future__ import annotations

import functools
import json
import time
from typing import Any

import click

from ..backends import BACKENDS, BackendClock, check_backend, cores
from ..engine import spec
from ..errors import RulesError
from ..ladder import (
    Deals,
    LadderGame,
    LadderSetup,
    PairResult,
    check_bot_name,
    check_deal_games,
    fit_ratings,
    pair_table,
    play_game,
    schedule,
)
from ..rules import Rules, parse_option_pairs
from .params import GAME, SEED, THINK, THINK_HELP, TrimmedChoice, ascii_int
from .simulate import DEFAULT_MAX_MOVES, MAX_JOBS, check_players
from .terminal import shown

#: at most this many bots in one ladder (each pairing plays --games games)
MAX_BOTS = 32
#: at most this many games in one task of a worker or Ray (see :func:`run_ladder`)
GAMES_PER_TASK = 8
#: at most this many games in one ladder (the results are kept for the fit: about 100 bytes a game)
MAX_LADDER_GAMES = 1_000_000


def parse_bots(game_id: str, bots: str) -> tuple[str, ...]:
    names = tuple(b.strip() for b in bots.split(",") if b.strip())
    if len(names) < 2:
        raise RulesError("--bots needs at least two bots (levels such as expert,master or module:Class)")
    if len(names) > MAX_BOTS:
        raise RulesError(f"--bots takes at most {MAX_BOTS} bots, got {len(names)}")
    if len(set(names)) != len(names):
        raise RulesError("--bots names a bot twice")
    for name in names:
        check_bot_name(game_id, name)
    return names


def _play(setup: LadderSetup, game: LadderGame) -> PairResult:
    return play_game(setup, game)


def run_ladder(
    setup: LadderSetup,
    games: int,
    backend: str = "local",
    jobs: int | None = 1,
    address: str | None = None,
    clock: BackendClock | None = None,
) -> list[PairResult]:
    """Plays the whole ladder; results in game-index order (the same on every backend). ``clock`` gets the
    backend's start-up and shut-down seconds."""
    from .. import backends

    plan = schedule(len(setup.names), games, setup.players, setup.deals)
    # several games a task when there are many for the workers (fewer round trips: 200 short games of Rummy
    # are 25 Ray tasks on 2 CPUs, not 200), one when there are few (long games balance better alone)
    chunk = max(1, min(GAMES_PER_TASK, len(plan) // (8 * max(1, jobs or cores()))))
    return list(backends.run(functools.partial(_play, setup), plan, backend, jobs, address, chunk, clock))


def ladder_json(setup: LadderSetup, results: list[PairResult], seconds: float, backend: str,
                clock: BackendClock | None = None, jobs: int | None = None) -> dict[str, Any]:
    """The JSON summary. ``seconds`` is the wall time of the whole run; ``start_seconds`` and ``stop_seconds``
    the backend's start-up and shut-down inside it (a local Ray), ``play_seconds`` the rest."""
    ratings = fit_ratings(setup.names, results)
    clock = clock or BackendClock()
    play = max(0.0, seconds - clock.start_seconds - clock.stop_seconds)
    return {
        "game": setup.game_id,
        "players": setup.players,
        "seed": setup.seed,
        "deals": setup.deals.value,
        "games": len(results),
        "think": setup.think,
        "backend": backend,
        "jobs": jobs,
        "seconds": round(seconds, 3),
        "start_seconds": round(clock.start_seconds, 3),
        "stop_seconds": round(clock.stop_seconds, 3),
        "play_seconds": round(play, 3),
        "games_per_second": round(len(results) / seconds, 3) if seconds > 0 else None,
        "moves": sum(r.moves for r in results),
        "capped": sum(not r.finished for r in results),
        "ratings": [r.to_json() for r in sorted(ratings, key=lambda r: -r.elo)],
        "pairings": pair_table(setup.names, results),
        "fit": "Bradley-Terry maximum likelihood on the Elo scale, one virtual draw per bot against rating 0, "
        "95% Wald intervals from the observed information; mean rating 0",
    }


@click.command()
@click.argument("game", type=GAME)
@click.option("--bots", "-b", required=True, help="Bots, comma separated: levels (random, easy, greedy, expert, master)"
              " or module:Class.")
@click.option("--games", "-n", "count", type=ascii_int(1, 1_000_000), default=20, show_default=True,
              help="Games per pairing.")
@click.option("--players", "-p", type=ascii_int(), default=None, help="Seats per game (default: 2, or the "
              "game's fewest).")
@click.option("--seed", "-s", type=SEED, default="0", show_default=True, help="Seed of the whole ladder.")
@click.option("--rules", "-r", "preset", default=None, help="Rule preset.")
@click.option("--option", "-o", "options", multiple=True, help="Rule option KEY=VALUE (repeatable).")
@click.option("--think", type=THINK, default=None, help=THINK_HELP)
@click.option("--deals", type=TrimmedChoice([d.value for d in Deals]), default=Deals.FRESH.value, show_default=True,
              help="Fresh: every game its own deal; duplicate: each deal played from both sides (2 games of a "
              "pairing with 2 or 4 seats, 2P with P = 3 or 5 seats; --games a multiple of that), so its luck cancels.")
@click.option("--backend", type=TrimmedChoice(BACKENDS), default="local", show_default=True,
              help="local: this machine (--jobs processes); ray: Ray tasks (pip install 'romme[scale]').")
@click.option("--address", default=None, help="Ray cluster address (auto, ray://head:10001); needs --backend ray.")
@click.option("--jobs", "-j", type=ascii_int(1, MAX_JOBS), default=None,
              help="Worker processes (local) or CPUs of the local Ray; default: all cores.")
@click.option("--max-moves", type=ascii_int(1), default=DEFAULT_MAX_MOVES, show_default=True,
              help="Stop a game after this many moves and count it as a draw.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
@click.option("--plot", type=click.Path(dir_okay=False, writable=True), default=None,
              help="Write a PNG picture of the ratings to this file.")
def ladder(
    game: str,
    bots: str,
    count: int,
    players: int | None,
    seed: str,
    preset: str | None,
    options: tuple[str, ...],
    think: float | None,
    deals: str,
    backend: str,
    address: str | None,
    jobs: int | None,
    max_moves: int,
    as_json: bool,
    plot: str | None,
) -> None:
    """Every pairing of the bots plays GAME; Elo ratings with 95 % intervals."""
    s = spec(game)
    n = players if players is not None else max(2, s.min_players) if s.max_players > 1 else 1
    check_players(game, n)
    check_backend(backend, address)
    rules = Rules.make(game, preset, **parse_option_pairs(game, options))
    names = parse_bots(game, bots)
    check_deal_games(count, n, Deals(deals))
    total = len(names) * (len(names) - 1) // 2 * count
    if total > MAX_LADDER_GAMES:
        raise RulesError(f"a ladder plays at most {MAX_LADDER_GAMES:,} games; {len(names)} bots x {count:,} games a "
                         f"pairing are {total:,}")
    if plot is not None:
        from ..ladder_plot import check_plot_path

        check_plot_path(plot)
    setup = LadderSetup(game, rules, names, n, seed, think, max_moves, Deals(deals))
    jobs = jobs if jobs is not None else cores()
    clock = BackendClock()
    start = time.perf_counter()
    results = run_ladder(setup, count, backend, jobs, address, clock)
    summary = ladder_json(setup, results, time.perf_counter() - start, backend, clock, jobs)
    if plot is not None:
        from ..ladder_plot import plot_ratings

        summary["plot"] = plot_ratings(summary, plot)
    if as_json:
        click.echo(json.dumps(summary))
        return
    _print_table(summary, s.name)


def _print_table(summary: dict[str, Any], name: str) -> None:
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    table = Table(title=f"{name}: {summary['games']} games, {summary['players']} seats, seed "
                  f"{escape(shown(str(summary['seed'])))}"
                  + (", duplicate deals" if summary["deals"] == Deals.DUPLICATE.value else ""))
    for col in ("bot", "Elo", "95% low", "95% high", "games"):
        table.add_column(col, justify="left" if col == "bot" else "right")
    for r in summary["ratings"]:
        table.add_row(escape(shown(r["bot"])), f"{r['elo']:.0f}", f"{r['low']:.0f}", f"{r['high']:.0f}",
                      str(r["games"]))
    console = Console()
    console.print(table)
    for p in summary["pairings"]:
        console.print(f"{escape(shown(p['first']))} vs {escape(shown(p['second']))}: "
                      f"{p['first_score']:g} / {p['games']} ({p['first_share']:.1%})")
    started = summary["start_seconds"] + summary["stop_seconds"]
    console.print(f"{summary['seconds']:.1f} s wall on {summary['backend']} ({summary['jobs']} "
                  f"{'CPUs' if summary['backend'] == 'ray' else 'processes'})"
                  + (f", of which {started:.1f} s starting and stopping it" if started else "")
                  + f" · {summary['games_per_second'] or 0:.2f} games/s" + (
        f" · {summary['capped']} game(s) stopped by --max-moves (draws)" if summary["capped"] else ""))
    if "plot" in summary:
        console.print(f"picture: {escape(shown(summary['plot']))}")
