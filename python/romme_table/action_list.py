"""Krass Kariert's action buttons told apart: a hand may hold the same card twice, and a play or a stop card
is listed once per place in the hand. Two plays leaving the same game behind (the two 9s of 9 9 played alone) are
one button; two that differ (the stop cards of 12 S 1 … 2 S) were two buttons 'play S (stop card)' with no word of
which card each plays, and now name the cards' places ('— card 3 from the left')."""

from __future__ import annotations

from collections import Counter
from typing import Any

from .controller import Controller, move_positions

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
