"""``romme replay FILE``: print a saved game move by move (all hands shown)."""

from __future__ import annotations

import click

from .. import save as savefile
from ..engine import new_game, spec
from .play import describe, describe_start, result_lines, short_move_text
from .terminal import shown


@click.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--hide-hands", is_flag=True, help="Show only public information (as seen by seat 0).")
def replay(file: str, hide_hands: bool) -> None:
    """Print the saved game FILE move by move."""
    saved = savefile.load(file)  # verified: checksum and a full replay
    final = saved.state
    viewer = 0 if hide_hands else None
    state = new_game(final.game_id, players=final.num_players, seed=final.seed, rules=final.rules)
    # seat names and bots are free text in the file: never printed as terminal control codes
    names = [
        shown(s.get("name") or f"seat {i}") + (f" ({shown(s['bot'])})" if s.get("bot") else "")
        for i, s in enumerate(saved.seats[: final.num_players])  # a file may list more seats than play
    ]
    click.echo(
        f"{spec(final.game_id).name}: {final.num_players} players, seed {shown(repr(final.seed))}, "
        f"rules {final.rules.changed() or 'standard'}, {len(final.history)} moves"
    )
    for i, name in enumerate(names):
        click.echo(f"  seat {i}: {name}")
    for line in describe_start(state, viewer):
        click.echo(line)
    for i, move in enumerate(final.history, 1):
        text = short_move_text(state, move)
        before = state.clone()
        state.apply(move)
        click.echo(f"{i:5d}. seat {move.player}: {text}")
        for line in describe(before, move, state, viewer):
            click.echo(line)
    if state.is_over:
        for line in result_lines(state):
            click.echo(line.replace("you", "seat 0"))
    else:
        click.echo(f"(game not finished: seat {state.current_player} to {state.phase})")
