"""Krass Kariert in the terminal: the board and notes on each move (``romme play`` hooks).

Everything here reads the public observation or the public parts of the
state (trick entries, deal log); ``viewer=None`` means an all-seeing replay.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...cards import deck

if TYPE_CHECKING:
    from ...engine import GameState, Move

_TOKENS = tuple(t.token for t in deck("krass").types)


def _name(p: int, viewer: int | None) -> str:
    return "you" if p == viewer else f"seat {p}"


def render_board(state: GameState, player: int) -> Any:
    """The table as seat ``player`` sees it (a rich renderable)."""
    from rich.console import Group
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    obs = state.observation(player)
    seats = Table(box=None, pad_edge=False)
    for col in ("seat", "cards", "reserves", "chips", ""):
        seats.add_column(col)
    for p in range(obs["players"]):
        name = _name(p, player)
        if p == obs["current_player"]:
            name = "▶ " + name
        chips = obs["chips"][p]
        status = "lost" if chips["lost"] else ("" if obs["in_deal"][p] else "out of this deal")
        seats.add_row(name, str(obs["hand_sizes"][p]), " ".join(obs["reserves"][p]) or "-",
                      str(chips["chips"]), status)
    parts: list[Any] = [Text(f"Deal {obs['deal']} · trick {obs['trick_no']} · stock {obs['stock_size']}"), seats]
    if obs["trick"]:
        trick = Table(box=None, pad_edge=False, show_header=False)
        for e in obs["trick"]:
            if e["action"] == "play":
                xs = f" (X={','.join(map(str, e['x']))})" if e.get("x") else ""
                what = f"{e['cards']}  {e['combination']}{xs}"
            else:
                what = f"takes reserve {e['cards']} into the hand"
            trick.add_row(_name(e["player"], player), what)
        parts += [Text("This trick:"), trick]
    parts.append(Text(f"To beat: {obs['to_beat'] or 'nothing: play any combination'}"
                      + (f" · {obs['draw_cards']} draw card(s) in the trick" if obs["draw_cards"] else "")))
    hand = Text("Your hand: ")
    for i, tok in enumerate(obs["hand"]):
        hand.append(f"{i}:", style="dim")
        hand.append(tok, style="bold red" if tok in ("X", "N", "S") else "bold")
        hand.append("  ")
    parts.append(hand)
    drawing = obs["drawing"]
    if drawing and "card" in drawing:
        parts.append(Text(f"You drew {drawing['card']} ({drawing['left']} to insert): 'insert at P'",
                          style="bold"))
    elif obs["phase"] == "follow" and obs["current_player"] == player:
        parts.append(Text("Beat it ('play 3-4', 'play 2 X=9'), or 'reserve I at P'", style="dim"))
    return Panel(Group(*parts), title="Krass Kariert", expand=False)


def describe(before: GameState, move: Move, after: GameState, viewer: int | None) -> list[str]:
    """Notes on what a move did: the combination, trick and deal ends, drawn cards."""
    from . import InsertMove, KrassState, PlayMove, ReserveMove

    assert isinstance(before, KrassState) and isinstance(after, KrassState)
    notes: list[str] = []
    p = move.player
    if isinstance(move, PlayMove):
        s = before._play_strength(move)
        cards = " ".join(_TOKENS[c] for c in before.hands[p][move.start:move.start + move.length])
        from .combos import describe as combination_name

        notes.append(f"  {_name(p, viewer)} played {cards}: {combination_name(s)}")
    elif isinstance(move, ReserveMove):
        notes.append(f"  {_name(p, viewer)} took reserve {_TOKENS[before.reserves[p][move.index]]} "
                     f"into the hand at {move.position}")
    elif isinstance(move, InsertMove) and (viewer is None or viewer == p):
        notes.append(f"  {_name(p, viewer)} inserted {_TOKENS[before.drawn]} at {move.position}")
    if after.drawing >= 0 and before.drawing < 0:
        w = after.drawing
        notes.append(f"{_name(w, viewer)} won the trick with draw card(s) in it and draws "
                     f"{after.draw_left + 1} card(s)")
    if after.drawing >= 0 and (viewer is None or viewer == after.drawing):
        notes.append(f"  {_name(after.drawing, viewer)} drew {_TOKENS[after.drawn]}")
    if after.deal_no != before.deal_no or after.is_over:
        d = after.deal_log[-1]
        who = ", ".join(_name(x["seat"], viewer) for x in d["losers"])
        notes.append(f"Deal {d['deal']} over: {who} {d['reason']}; chips now "
                     + ", ".join(f"{_name(q, viewer)} {c}" for q, c in enumerate(after.chips)))
        lost = [x["seat"] for x in d["losers"] if x["lost_game"]]
        if lost:
            notes.append("Out of chips and had to give one: " + ", ".join(_name(q, viewer) for q in lost)
                         + " lost the game")
        else:
            notes.extend(describe_start(after, viewer))
    elif after.trick_no != before.trick_no and after.last_trick is not None:
        w = after.last_trick["winner"]
        notes.append(f"Trick won by {_name(w, viewer)}; {_name(after.leader, viewer)} leads")
    return notes


def describe_start(state: GameState, viewer: int | None) -> list[str]:
    """Notes at the start of a deal."""
    from . import KrassState

    assert isinstance(state, KrassState)
    notes = [(f"Deal {state.deal_no}: {len(state.hands[0])} cards each, two face-up reserves; "
              f"{_name(state.leader, viewer)} leads")]
    notes.append("Reserves (face up): " + ", ".join(
        f"{_name(q, viewer)} {' '.join(_TOKENS[c] for c in r)}" for q, r in enumerate(state.reserves)))
    if viewer is None:
        notes.extend(f"  seat {q} holds {' '.join(_TOKENS[c] for c in h)}" for q, h in enumerate(state.hands))
    return notes
