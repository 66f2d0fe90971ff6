"""The player's own order of the hand cards (cards rearranged by dragging).

Pure functions on token lists: the order is kept as a list of tokens, so a card
drawn later goes to the right end and a card played leaves the order.
"""

from __future__ import annotations

from collections import Counter


def arrange(tokens: list[str], order: list[str]) -> list[str]:
    """``tokens`` (the hand, as dealt) in the player's ``order``; cards not in it at the end."""
    left = Counter(tokens)
    out = []
    for tok in order:
        if left[tok] > 0:
            left[tok] -= 1
            out.append(tok)
    rest = Counter(left)
    for tok in tokens:  # new cards keep the order they came in
        if rest[tok] > 0:
            rest[tok] -= 1
            out.append(tok)
    return out


def move_card(hand: list[str], index: int, gap: int) -> list[str]:
    """``hand`` with the card at ``index`` put into ``gap`` (0: before the first card,
    ``len(hand)``: after the last), as a drop between two cards means."""
    if not 0 <= index < len(hand):
        return list(hand)
    out = list(hand)
    card = out.pop(index)
    gap = max(0, min(gap if gap <= index else gap - 1, len(out)))
    out.insert(gap, card)
    return out
