"""Building a Räuber-Rommé rearrangement step by step (for front ends).

A :class:`TableEdit` starts from the table and the player's hand and records
simple steps: lay a new meld from hand cards, add a hand card to a meld, move
a table card between melds, swap a hand card for a joker, take a table card
back (only legal with ``rauber_table_to_hand``). ``problems()`` names the
melds that are not valid yet; ``to_move()`` gives the one ``rearrange`` move
the engine checks as a whole::

    edit = TableEdit.of(state)
    edit.move("8h", 1, 3)        # the 8h of meld 1 starts a new meld 3 ...
    edit.add("9h", 3); edit.add("10h", 3)
    state.apply(edit.to_move())
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...errors import IllegalMoveError
from .melds import (
    DECLARED,
    JOKER,
    MeldError,
    RuleView,
    build_meld,
    parse_spec,
    spec_card,
    token,
)
from .moves import Rearrange

if TYPE_CHECKING:
    from . import RommeState


class TableEdit:
    """A table under construction: melds as card specs plus the hand left."""

    def __init__(self, player: int, melds: list[list[int]], hand: list[int], rules: RuleView) -> None:
        self.player = player
        self.melds = melds
        self.hand = hand
        self.rules = rules

    @classmethod
    def of(cls, state: RommeState) -> TableEdit:
        """An edit of ``state``'s table by the player to move (their own hand only)."""
        p = state.current_player
        melds = [[c if c != JOKER else DECLARED + s for c, s in m.cards] for m in state.table]
        return cls(p, melds, list(state.hands[p]), state.opts)

    def _meld(self, number: int, allow_new: bool = False) -> list[int]:
        if allow_new and number == len(self.melds) + 1:
            self.melds.append([])
        if not 1 <= number <= len(self.melds):
            raise IllegalMoveError(f"no meld {number} (melds 1..{len(self.melds)})")
        return self.melds[number - 1]

    def _from_hand(self, card: str | int) -> int:
        spec = parse_spec(card) if isinstance(card, str) else card
        if spec_card(spec) not in self.hand:
            raise IllegalMoveError(f"{token(spec_card(spec))} is not in the hand")
        self.hand.remove(spec_card(spec))
        return spec

    def new_meld(self, cards: str | list[int]) -> int:
        """Lays hand cards as a new meld; returns its number."""
        specs = [self._from_hand(c) for c in (cards.split() if isinstance(cards, str) else cards)]
        self.melds.append(specs)
        return len(self.melds)

    def add(self, card: str | int, meld: int) -> None:
        """Adds a hand card to meld ``meld`` (``len+1`` starts a new meld)."""
        spec = self._from_hand(card)
        self._meld(meld, allow_new=True).append(spec)

    def move(self, card: str | int, src: int, dst: int) -> None:
        """Moves a table card from meld ``src`` to meld ``dst`` (``len+1`` starts a new meld)."""
        self._meld(dst, allow_new=True).append(self._pop(card, src))

    def take(self, card: str | int, meld: int) -> None:
        """Takes a table card into the hand (needs ``rauber_table_to_hand``)."""
        self.hand.append(spec_card(self._pop(card, meld)))

    def swap(self, meld: int, card: str | int) -> None:
        """A natural hand card takes the place of the joker standing for it; the joker goes to the hand."""
        natural = parse_spec(card) if isinstance(card, str) else card
        m = self._meld(meld)
        at = next((i for i, s in enumerate(m) if s == DECLARED + natural), None)
        if at is None and not self.rules.joker_declared:
            # an undeclared set joker stands for any suit the set lacks
            try:
                meld_now = build_meld(self._built(m), self.rules)
            except MeldError:
                meld_now = None
            if meld_now is not None and meld_now.kind == "set" and natural % 13 + 1 == meld_now.rank \
                    and natural not in meld_now.naturals:
                at = next((i for i, s in enumerate(m) if spec_card(s) == JOKER), None)
        if at is not None:
            self._from_hand(natural)
            m[at] = natural
            self.hand.append(JOKER)
            return
        raise IllegalMoveError(f"no joker in meld {meld} stands for {token(natural)}")

    def _pop(self, card: str | int, meld: int) -> int:
        m = self._meld(meld)
        code = spec_card(parse_spec(card) if isinstance(card, str) else card)
        for i, s in enumerate(m):
            if spec_card(s) == code:
                out = m.pop(i)
                if not m:
                    self.melds.remove(m)
                return out
        raise IllegalMoveError(f"{token(code)} is not in meld {meld}")

    def _built(self, specs: list[int]) -> list[int]:
        """A meld's specs ready for the engine: jokers keep their declaration where it still
        fits, else the engine places them."""
        try:
            build_meld(specs, self.rules)
            return specs
        except MeldError:
            free = [s if s < DECLARED else JOKER for s in specs]
            nat = sorted((s for s in free if s != JOKER), key=lambda c: c % 13)
            return nat + [JOKER] * (len(free) - len(nat))

    def problems(self) -> list[str]:
        """Why each invalid meld is invalid (empty when the table is valid)."""
        out = []
        for i, m in enumerate(self.melds, 1):
            try:
                build_meld(self._built(m), self.rules)
            except MeldError as exc:
                out.append(f"meld {i}: {exc}")
        return out

    def to_move(self) -> Rearrange:
        """The ``rearrange`` move of the edited table."""
        return Rearrange(self.player, tuple(tuple(self._built(m)) for m in self.melds if m))
