"""Seeded random table positions for the Rummy / Rommé table benchmarks, and the
check every answer gets (valid melds, cards conserved)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from romme.rng import Rng

JOKER = 52


def deal_melds(rng: Rng, table_cards: int, starts: Callable[[int], int]) -> tuple[list[list[int]], Counter[int]]:
    """Random runs and sets dealt from two decks (≈ ``table_cards`` cards) and the
    cards left; a run of ``length`` starts at one of ``starts(length)`` cells from
    the lowest (cells past the K wrap to the ace)."""
    left: Counter[int] = Counter({c: 2 for c in range(52)})
    table: list[list[int]] = []
    total = 0
    tries = 0
    while total < table_cards and tries < 10_000:
        tries += 1
        if rng.below(2):
            suit, length = rng.below(4), 3 + rng.below(3)
            start = rng.below(starts(length))
            meld = [suit * 13 + (start + i) % 13 for i in range(length)]
        else:
            rank = rng.below(13)
            suits = list(range(4))
            rng.shuffle(suits)
            meld = [s * 13 + rank for s in suits[: 3 + rng.below(2)]]
        if total + len(meld) > table_cards + 2:
            continue
        need = Counter(meld)
        if any(left[c] < k for c, k in need.items()):
            continue
        left -= need
        table.append(meld)
        total += len(meld)
    return table, left


def add_jokers(rng: Rng, table: list[list[int]], left: Counter[int], jokers: int, hand_cards: int,
               valid: Callable[[list[int]], bool] = lambda meld: True) -> list[int]:
    """Puts each of ``jokers`` jokers into a random table meld (where it stays
    ``valid``; the card it replaces goes back to the deck) or else into the hand,
    and deals the hand of ``hand_cards`` from what is left."""
    hand_jokers = 0
    for _ in range(jokers):
        if table and rng.below(2):
            meld = table[rng.below(len(table))]
            i = rng.below(len(meld))
            if meld[i] != JOKER and valid(meld[:i] + [JOKER] + meld[i + 1:]):
                left[meld[i]] += 1
                meld[i] = JOKER
                continue
        hand_jokers += 1
    rest = list(left.elements())
    rng.shuffle(rest)
    return rest[: hand_cards - hand_jokers] + [JOKER] * hand_jokers


def answer_record(res: Any) -> dict[str, Any]:
    """A table search's answer (``_core.TableSolution``) as a JSON-ready dict of its fields; a build from
    before the typed answers returned such a dict already."""
    if isinstance(res, dict):
        return res
    return {
        "table": [[list(p) for p in m.pairs] for m in res.table],
        "kinds": [m.kind for m in res.table],
        "points": [m.points for m in res.table],
        "placed": list(res.placed),
        "placed_points": res.placed_points,
        "taken": list(res.taken),
        "moved": res.moved,
        "optimal": res.optimal,
        "moved_optimal": res.moved_optimal,
        "budget_cut": res.budget_cut,
    }


def check_answer(table: list[list[int]], hand: list[int], res: dict, valid: Callable[[list[int]], bool]) -> None:
    """Every new meld ``valid``; the new table is the old one plus the placed cards (less the cards taken
    back, where the objective ``net`` takes them)."""
    new = [[c for c, _ in m] for m in res["table"]]
    assert all(valid(m) for m in new), new
    taken = Counter(res.get("taken", []))
    assert Counter(c for m in new for c in m) + taken == Counter(c for m in table for c in m) + Counter(res["placed"])
    assert not Counter(res["placed"]) - Counter(hand)
