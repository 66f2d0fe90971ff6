"""``romme games``: every game with its seats, bot levels, presets and rule options (help text and default)."""

from __future__ import annotations

import json
from typing import Any

import click

from ..bots import levels_of
from ..engine import list_games as game_listing
from ..engine import spec as game_spec
from ..rules import OPTIONS, PRESETS
from .params import GAME


def describe_game(game_id: str) -> dict[str, Any]:
    """One game as JSON: id, name, seats, bot levels, presets (their changed options) and options."""
    spec = game_spec(game_id)
    return {
        "id": spec.id,
        "name": spec.name,
        "players": {"min": spec.min_players, "max": spec.max_players, "default": spec.default_players},
        "bots": list(levels_of(game_id)),
        "presets": {name: dict(changes) for name, changes in PRESETS.get(game_id, {}).items()},
        "options": [
            {
                "name": option.name,
                "type": "bool" if isinstance(option.default, bool) else "int",
                "default": option.default,
                "min": option.lo,
                "max": option.hi,
                "help": option.doc,
            }
            for option in OPTIONS.get(game_id, {}).values()
        ],
    }


def _value_text(value: bool | int) -> str:
    """An option value as ``--option`` takes it (``true``, not Python's ``True``)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def _range_text(option: dict[str, Any]) -> str:
    if option["type"] == "bool":
        return "true/false"
    low = "" if option["min"] is None else option["min"]
    high = "" if option["max"] is None else option["max"]
    return f"{low}..{high}"


def text_lines(game: dict[str, Any]) -> list[str]:
    """The human-readable listing of one game."""
    players = game["players"]
    seats = (
        f"{players['min']} player"
        if players["min"] == players["max"]
        else f"{players['min']}-{players['max']} players (default {players['default']})"
    )
    lines = [f"{game['id']}: {game['name']}, {seats}; bots: {', '.join(game['bots'])}"]
    presets = [
        f"{name}" + (f" ({', '.join(f'{k}={_value_text(v)}' for k, v in changes.items())})" if changes else "")
        for name, changes in game["presets"].items()
    ]
    if presets:
        lines.append("  presets (--rules): " + "; ".join(presets))
    if game["options"]:
        lines.append("  options (--option KEY=VALUE):")
    for option in game["options"]:
        lines.append(
            f"    {option['name']} = {_value_text(option['default'])}  [{_range_text(option)}]  {option['help']}"
        )
    return lines


@click.command()
@click.argument("game", type=GAME, required=False)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of text.")
def games(game: str | None, as_json: bool) -> None:
    """List the games (or only GAME) with their presets and every rule option's help and default."""
    ids = [game_spec(game).id] if game is not None else list(game_listing())  # spec() refuses an unknown id
    listing = [describe_game(g) for g in ids]
    if as_json:
        click.echo(json.dumps({"games": listing}, ensure_ascii=False))
        return
    for i, entry in enumerate(listing):
        if i:
            click.echo("")
        for line in text_lines(entry):
            click.echo(line)
