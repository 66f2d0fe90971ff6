"""The Rommé board for the terminal (``romme play``): ``render_board`` and ``describe``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..tablemoves import describe_tables, view_text

if TYPE_CHECKING:
    from ...engine import GameState, Move

_SUIT_STYLE = {"c": "green", "d": "yellow", "h": "red", "s": "blue"}


def _styled(tokens: list[str]) -> Any:
    from rich.text import Text

    out = Text()
    for i, t in enumerate(tokens):
        if i:
            out.append(" ")
        card = t.split("=")[-1]
        out.append(t, style="bold magenta" if t.startswith("*") and "=" not in t
                   else _SUIT_STYLE.get(card[-1:], "magenta"))
    return out


def render_board(state: GameState, player: int) -> Any:
    """The table as seat ``player`` sees it (a rich renderable)."""
    from rich.console import Group
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    obs = state.observation(player)
    seats = Table(box=None, pad_edge=False)
    for col in ("seat", "cards", "points", "opened"):
        seats.add_column(col)
    for p, n in enumerate(obs["hand_sizes"]):
        name = ("▶ " if p == obs["current_player"] else "") + ("you" if p == player else f"seat {p}")
        seats.add_row(name, str(n), str(obs["scores"][p]), "yes" if obs["opened"][p] else "")
    head = Text.assemble(f"Deal {obs['deal']} · to {obs['target']} · stock {obs['stock_size']} · discard ",
                         _styled([obs["discard_top"]]) if obs["discard_top"] else Text("(none)"),
                         f" · {obs['phase']}")
    parts: list[Any] = [head, seats]
    if obs["table"]:
        melds = Table(box=None, pad_edge=False, show_header=False)
        for i, m in enumerate(obs["table"], 1):
            melds.add_row(f"{i}.", _styled(view_text(m).split()), f"{m['kind']} {m['points']}")
        parts.append(melds)
    if obs["knocker"] is not None:
        parts.append(Text(f"seat {obs['knocker']} knocked for the discard", style="bold"))
    if obs["owed_jokers"]:
        parts.append(Text("lay the joker you won by the swap before you discard", style="bold"))
    if obs["must_open_with"]:
        parts.append(Text(f"open this turn using {obs['must_open_with']}", style="bold"))
    from ...cards import deck

    hand = sorted(obs["hand"], key=deck("romme").parse_token)  # by suit, then rank (codes)
    parts.append(Text.assemble("Your hand: ", _styled(hand)))
    return Panel(Group(*parts), title="Rommé", expand=False)


def describe(before: GameState, move: Move, after: GameState, viewer: int | None) -> list[str]:
    """Notes for the terminal: what a place-move laid, the end of a deal and the standings."""
    notes: list[str] = []
    results = getattr(after, "deal_results", [])
    if move.kind == "place" and len(results) == len(getattr(before, "deal_results", [])):
        old = [m.cards for m in getattr(before, "table", [])]
        notes.append(describe_tables("romme", old, [m.cards for m in getattr(after, "table", [])]))
    if len(results) > len(getattr(before, "deal_results", [])):
        r = results[-1]
        if r["winner"] is None:
            notes.append(f"Deal {r['deal']} is locked: no winner, no points")
        else:
            extra = " (Hand-Rommé, doubled)" if r["hand_romme"] else ""
            notes.append(f"Deal {r['deal']}: seat {r['winner']} goes out and scores {r['points']}{extra}")
        notes.append("Totals: " + ", ".join(f"seat {q} {s}" for q, s in enumerate(after.result().scores)))
    return notes
