"""``romme solve GAME --table "R1 R2 R3 | B5 Y5 G5" CARD...``: the table search.

Called from :mod:`romme.commands.solve` when ``--table`` is given. Prints the
new table (one meld a line, wilds as ``*=R4``), the placed cards and how many
table cards moved; ``--json`` prints :meth:`romme.table.TableSolution.to_json`.
"""

from __future__ import annotations

import json
from typing import Any

import click

from ..errors import SolverError, quote
from ..table import OBJECTIVES, solve_table

#: What ``--objective`` may say with ``--table`` (hand-solver names map here).
_ALIASES = {"max-cards": "cards", None: "cards"}


def run(
    game: str,
    table: str,
    hand: str,
    objective: str | None,
    options: dict[str, Any],
    as_json: bool,
    time_budget: float | None = None,
    tie_break: str = "exact",
    work_budget: int | None = None,
) -> None:
    """Solves and prints one table position."""
    obj = _ALIASES.get(objective, objective)
    if obj not in OBJECTIVES:
        raise SolverError(f"unknown objective {quote(objective)} with --table; valid: {', '.join(OBJECTIVES)}")
    sol = solve_table(game, table, hand, objective=obj, time_budget=time_budget, tie_break=tie_break,
                      work_budget=work_budget, **options)
    if as_json:
        click.echo(json.dumps(sol.to_json(), ensure_ascii=False))
        return
    # (plain lines: rich's import alone took a fifth of the command's time)
    for m in sol.table:
        click.echo(f"{m.kind:>4}  {m}")
    facts = [
        f"placed {sol.placed_count}: {' '.join(str(c) for c in sol.placed) or '-'}",
        f"points {sol.placed_points}",
        f"moved {sol.moved} table cards",
    ]
    if sol.taken:
        facts.append(f"taken back {' '.join(str(c) for c in sol.taken)}")
    if not sol.optimal:
        facts.append(f"not proved optimal ({sol.cut_by})")
    elif sol.moved and not sol.moved_optimal:
        # (cut_by names the budget, then what it left unproven: here the fewest moved)
        cause = f" ({sol.cut_by.partition(':')[0]})" if sol.cut_by else ""
        facts.append(f"fewest moved not proved{cause}")
    click.echo("; ".join(facts))
