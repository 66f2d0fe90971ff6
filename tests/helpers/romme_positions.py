"""Rigged Rommé positions, shared by the rule and bot tests."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from romme.cards import deck, parse_codes
from romme.engine import new_game
from romme.games.romme import RommeState
from romme.games.romme.melds import RuleView, build_meld, parse_spec

if TYPE_CHECKING:
    from romme.table import TableSolution

D = deck("romme")


def codes(text: str) -> list[int]:
    return parse_codes("romme", text, check_counts=False)


def specs(text: str) -> list[int]:
    return [parse_spec(t) for t in text.split()]


def position(hands: list[str], table: tuple[str, ...] = (), discard: str = "2c", stock_top: str = "",
             opened: tuple[bool, ...] | None = None, turn: int = 0, phase: str = "play",
             opened_before: bool | None = None, **options: Any) -> RommeState:
    """A Rommé state with the given hands, table melds, discard pile and stock top (last = top)."""
    players = len(hands)
    st = new_game("romme", players=players, seed=1, **options)
    assert isinstance(st, RommeState)
    rv = RuleView.of(st.rules.options)
    st.hands = [sorted(codes(h)) for h in hands]
    st.table = [build_meld(specs(m), rv) for m in table]
    st.discard = codes(discard)
    rest = Counter(D.full(jokers_per_deck=st.rules.jokers_per_deck))
    for zone in st.hands + [st.discard, [c for m in st.table for c, _ in m.cards]]:
        rest.subtract(zone)
    top = codes(stock_top)
    rest.subtract(top)
    assert all(v >= 0 for v in rest.values()), "position uses more copies than the deck holds"
    st.stock = sorted(rest.elements()) + top
    st.opened = list(opened) if opened is not None else [bool(table)] * players
    st._begin_turn(turn)
    st.phase_name = phase
    st.opened_before = st.opened[turn] if opened_before is None else opened_before
    assert st.card_count() == Counter(D.full(jokers_per_deck=st.rules.jokers_per_deck))
    return st


def place_move(sol: TableSolution) -> str:
    """A table search's answer as the place-move of the whole new table, every joker with the card it
    stands for (so the game reads each joker as the answer does)."""
    return "place " + " | ".join(
        " ".join(f"{c}={s}" if str(c) == "*" else str(c) for c, s in zip(m.cards, m.stands_for))
        for m in sol.table)
