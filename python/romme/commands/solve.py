"""``romme solve``: analyse a hand with the exact solvers.

    romme solve koenigs 5h 6h 7h 9c 9d '*' 4s --round 2
    romme solve romme Qh Kh Ah 7c 7d 7s 2c --option opening_points=40 --json
    romme solve krass 3 X 5 N 7 7 --objective min-plays

The default output is a table; ``--json`` prints one JSON object (see
:meth:`romme.solve.HandSolution.to_json`). Bad input ends with exit code 2
and one line on stderr (the CLI group turns every RommeError into that).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import click

from ..cards import format_cards
from ..errors import quote
from ..rules import parse_option_pairs
from ..solve import GAME_OBJECTIVES, OBJECTIVES, SOLVER_GAMES, HandSolution, solve_hand
from ..table import MAX_WORK_BUDGET
from .params import GAME, TIME_BUDGET, TrimmedChoice, ascii_int

#: An example table per game for the usage error of an empty ``--table`` (each game's own notation).
TABLE_EXAMPLES = {
    "rummy": "R1 R2 R3 | B5 Y5 G5",
    "romme": "5h 6h 7h | Kc Kd Ks",
    "einmaleins": "H3 H6 H9 | K12 D12 Q12",
}

if TYPE_CHECKING:
    from rich.console import Console


@click.command()
@click.argument("game", type=GAME, metavar="GAME")
@click.argument("cards", nargs=-1, required=True, metavar="CARD...")
@click.option(
    "--round",
    "round_",
    type=ascii_int(),
    default=None,
    metavar="N",
    help="Königs-Rommé round 1..11 (the wild rank is N+2); required for koenigs.",
)
@click.option(
    "--objective",
    default=None,
    metavar="NAME",
    help=f"What to optimise: {', '.join(OBJECTIVES)} (default per game: "
    + ", ".join(f"{g} {objs[0]}" for g, objs in GAME_OBJECTIVES.items())
    + "); with --table: cards (the default: most hand cards placed), points (most hand points) or net (most"
    " cards shed: placed less the table cards taken back where the rules allow that).",
)
@click.option(
    "--option",
    "-o",
    "options",
    multiple=True,
    metavar="KEY=VALUE",
    help="A rule option, e.g. opening_points=40 (repeatable).",
)
@click.option(
    "--table",
    "table",
    default=None,
    metavar="MELDS",
    help='Melds on the table, "R1 R2 R3 | B5 Y5 G5" (a wild may name its card, "*=R4"): search what the hand '
         'can place.',
)
@click.option(
    "--tie-break",
    "tie_break",
    type=TrimmedChoice(["exact", "fast", "none"]),
    default=None,
    help="With --table: prove the fewest moved table cards (exact, the default), search "
    "them greedily (fast) or take any optimal table (none).",
)
@click.option(
    "--time-budget",
    "time_budget",
    type=TIME_BUDGET,
    default=None,
    metavar="SECONDS",
    help="With --table: stop after this long with the best answer found (flagged not proven); "
    "the exact tie-break may then use all of it. Above 0, at most a day.",
)
@click.option(
    "--work-budget",
    "work_budget",
    type=ascii_int(1, MAX_WORK_BUDGET),
    default=None,
    metavar="STEPS",
    help="With --table: stop after this much search work (states and steps, as the JSON's work "
    "reports) with the best answer found: the same answer on any machine. With --time-budget "
    "the first reached stops it.",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table (keys: docs/JSON.md).")
def solve(
    game: str,
    cards: tuple[str, ...],
    round_: int | None,
    objective: str | None,
    options: tuple[str, ...],
    table: str | None,
    tie_break: str | None,
    time_budget: float | None,
    work_budget: int | None,
    as_json: bool,
) -> None:
    """Solve a hand of GAME (koenigs, romme, einmaleins, rummy, krass) exactly.

    Cards use the notation of docs/RULES.md, e.g. 10t Kh * (quote the joker in a
    shell). Krass Kariert hands are read in hand order.
    """
    if game not in SOLVER_GAMES:
        raise click.UsageError(f"unknown game {quote(game)}; valid games: {', '.join(SOLVER_GAMES)}")
    opts = parse_option_pairs(game, options)
    text = " ".join(cards)
    if table is not None:
        if not table.strip() and game in TABLE_EXAMPLES:
            raise click.UsageError(f"--table needs at least one meld, e.g. --table '{TABLE_EXAMPLES[game]}'")
        _solve_table(game, table, text, objective, opts, as_json, tie_break or "exact", time_budget, work_budget)
        return
    if time_budget is not None:
        raise click.UsageError("--time-budget applies to the table search (--table)")
    if work_budget is not None:
        raise click.UsageError("--work-budget applies to the table search (--table)")
    if tie_break is not None:
        raise click.UsageError("--tie-break applies to the table search (--table)")
    sol = solve_hand(game, text, round=round_, objective=objective, **opts)
    if as_json:
        click.echo(json.dumps(sol.to_json(), ensure_ascii=False))
    else:
        print_solution(sol)


def print_solution(sol: HandSolution, console: Console | None = None) -> None:
    """Prints a solution as a rich table plus a summary line."""
    # (imported here: `--json` and `--table` print without rich, and its import is slow)
    from rich.console import Console
    from rich.table import Table

    console = console or Console(highlight=False)
    head = f"{sol.game}" + (f" round {sol.round}" if sol.round else "") + f", objective {sol.objective}"
    if sol.plays is not None:
        t = Table(title=head)
        t.add_column("#", justify="right")
        t.add_column("play")
        t.add_column("numbers")
        for i, p in enumerate(sol.plays, 1):
            t.add_row(str(i), " ".join(p.tokens()), " ".join(str(v) if v else "-" for v in p.values))
        console.print(t)
        console.print(f"{len(sol.plays)} plays empty the hand {format_cards(sol.game, sol.hand)}")
        return
    t = Table(title=head)
    t.add_column("meld")
    t.add_column("kind")
    t.add_column("wilds")
    t.add_column("points", justify="right")
    for m in sol.melds:
        wilds = ", ".join(f"{m.cards[i]}={c}" for i, c in m.wilds.items())
        t.add_row(" ".join(m.tokens()), m.kind, wilds or "-", str(m.points))
    t.add_row(
        "[dim]left: " + (format_cards(sol.game, sol.left) or "-") + "[/dim]", "", "", f"[dim]{sol.left_points}[/dim]"
    )
    console.print(t)
    facts = [f"melded {sol.melded_cards} of {len(sol.hand)} cards", f"points left {sol.left_points}"]
    if sol.game == "koenigs":
        facts.append("can go out" if sol.can_go_out else "cannot go out")
        if sol.discard is not None:
            facts.append(f"discard {sol.discard}")
    if sol.game in ("romme", "einmaleins", "rummy"):
        facts.append("no opening" if sol.opening_points is None else f"opening {sol.opening_points} points")
    console.print(", ".join(facts))
    if not sol.proven:
        console.print("not proven (work limit): the best partition found")


def _solve_table(
    game: str,
    table: str,
    hand: str,
    objective: str | None,
    opts: dict[str, Any],
    as_json: bool,
    tie_break: str,
    time_budget: float | None,
    work_budget: int | None,
) -> None:
    """The table search of issue 3 lives in :mod:`romme.commands.solve_table`."""
    from .solve_table import run

    run(game, table, hand, objective, opts, as_json, time_budget=time_budget, tie_break=tie_break,
        work_budget=work_budget)
