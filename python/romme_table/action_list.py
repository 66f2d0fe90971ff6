"""Krass Kariert's action buttons told apart: a hand may hold the same card twice, and a play or a stop card
is listed once per place in the hand. Two plays leaving the same game behind (the two 9s of 9 9 played alone) are
one button; two that differ (the stop cards of 12 S 1 … 2 S) were two buttons 'play S (stop card)' with no word of
which card each plays, and now name the cards' places ('— card 3 from the left')."""

from __future__ import annotations

from collections import Counter
from typing import Any

from romme.errors import RommeError

from .controller import Controller
from .move_reading import move_positions

#: the cards a play takes, counted from the left of the hand as the player sees it
PLACES = {
    "en": {"one": " — card {a} from the left", "more": " — cards {a}–{b} from the left"},
    "de": {"one": " — {a}. Karte von links", "more": " — Karten {a}–{b} von links"},
}


def distinct(c: Controller, moves: list[Any]) -> list[Any]:
    """``moves`` less each Krass Kariert move whose label and outcome an earlier one has."""
    if c.game_id != "krass":
        return moves
    kept: list[Any] = []
    by_label: dict[str, list[Any]] = {}
    for move in moves:
        alike = by_label.setdefault(c.label(move), [])
        if any(c.same_play(move, other) for other in alike):
            continue
        alike.append(move)
        kept.append(move)
    return kept


#: listed moves that fit beside the buttons below which a longer list of discards is folded into one button
FOLD_ROOM = 3


def fold_discards(moves: list[Any], room: int) -> list[Any] | None:
    """``moves`` less their discards where only ``room`` (fewer than :data:`FOLD_ROOM`) of them fit beside the buttons
    and the discards make them more: one button then discards the selected card (X). At 640x420, fifteen discards
    after a draw showed one to a page, 'More… 1-1/15', fourteen presses of PgDn to reach the 4s (play-test T4).
    None: the moves are listed as they are."""
    discards = [m for m in moves if m.to_json().get("kind") == "discard"]
    if room >= FOLD_ROOM or len(moves) <= room or len(discards) < 2:
        return None
    return [m for m in moves if m.to_json().get("kind") != "discard"]


#: the move kinds that end a turn without laying a card, listed after the rest (a stable sort: each keeps the engine's
#: order): a discard, Rummy's pass, the end or the stock draw of Räuber-Rommé without a discard pile
TURN_ENDS = ("discard", "pass", "end", "draw")
#: those of them listed one at a time (a discard has a button of its own where many are folded), kept on the first page
GIVE_UPS = tuple(kind for kind in TURN_ENDS if kind != "discard")


def ends_in_sight(moves: list[Any], room: int) -> list[Any]:
    """``moves`` (sorted with the turn's ends last) with the moves of :data:`GIVE_UPS` beyond the first page of
    ``room`` moved to that page's last places: Rummy's pass, the button pressed most, listed after its first turn's
    melds (play-test X2) went to page 2 at 800x600, behind 'More…'. Where the page holds one button (640x420) that
    button is the pass: the melds are a PgDn away, the pass was eight."""
    if room < 1 or len(moves) <= room:
        return moves
    late = [m for m in moves[room:] if m.to_json().get("kind") in GIVE_UPS]
    if not late:
        return moves
    rest = [m for m in moves if all(m is not g for g in late)]
    before = max(0, room - len(late))
    return rest[:before] + late + rest[before:]


def labels(c: Controller, moves: list[Any], k: int) -> dict[int, str]:
    """Button ``k``'s label, or in Krass Kariert every button's: a label two moves share gets their places."""
    if c.game_id != "krass":
        return {k: c.label(moves[k])}
    named = [c.label(m) for m in moves]
    twice = Counter(named)
    words = PLACES.get(c.lang, PLACES["en"])
    out: dict[int, str] = {}
    for i, (move, label) in enumerate(zip(moves, named, strict=True)):
        places = move_positions(move)
        if twice[label] > 1 and places:
            a, b = places[0] + 1, places[-1] + 1
            label += words["one" if a == b else "more"].format(a=a, b=b)
        out[i] = label
    return out


def beside_hint(c: Controller, moves: list[Any]) -> tuple[list[Any], str | None]:
    """The listed actions and the selection's 'Lay down (M)' move (notation; None: no button), less what the
    hint's own button ('Enter: ...') or a listed action plays already. After H, Räuber-Rommé (game 648750, drawn
    from the stock) showed three buttons for one meld: 'Enter: lay down Jc Qc Jo=Kc Ac', 'Lay down (M)' and
    '1. lay down Jc Qc Jo Ac'; the hint's button stays, as H announced it and Enter plays it (M still lays)."""
    hint = c.current_hint()
    if hint is not None:
        moves = [m for m in moves if m != hint and not c.same_play(hint, m)]
    text = c.selection_meld()
    if text is None:
        return moves, None
    try:
        laid = c.state.parse_move(text)
    except RommeError:
        return moves, text
    if any(c.same_play(laid, m) for m in ([hint] if hint is not None else []) + moves):
        return moves, None
    return moves, text
