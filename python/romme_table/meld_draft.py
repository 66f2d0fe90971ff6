"""New melds built on the table by dragging hand cards there, before they are laid.

The draft holds hand positions in groups (one group per new meld). Whether a group
is a meld and what it is worth is asked of the engine (``romme.table.read_meld``, the
same check ``apply`` makes), so the outline and the opening counter ("27 / 31") never
hold a rule of their own; laying the draft is one ordinary move that ``apply`` judges.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from romme.errors import RommeError
from romme.table import TABLE_GAMES, lay_notation, read_meld

#: games whose turn lays new melds from the hand (Königs-Rommé lays only when going out)
DRAFT_GAMES = TABLE_GAMES
WORDS = {
    "en": {"lay": "Lay down (M)", "opening": "opening {have} / {need}", "points": "{have} points"},
    "de": {"lay": "Auslegen (M)", "opening": "Herauskommen {have} / {need}", "points": "{have} Punkte"},
}


def word(key: str, lang: str, **kw: object) -> str:
    return WORDS.get(lang, WORDS["en"])[key].format(**kw)


@dataclass
class MeldDraft:
    """Hand positions set out on the table as new melds (not played yet)."""

    groups: list[list[int]] = field(default_factory=list)

    def __bool__(self) -> bool:
        return any(self.groups)

    def positions(self) -> set[int]:
        return {i for g in self.groups for i in g}

    def add(self, index: int, group: int | None) -> None:
        """Puts hand card ``index`` into draft ``group`` (None: a new meld)."""
        self.remove(index)
        if group is None or not 0 <= group < len(self.groups):
            self.groups.append([index])
        else:
            self.groups[group].append(index)

    def remove(self, index: int) -> None:
        self.groups = [[i for i in g if i != index] for g in self.groups]
        self.groups = [g for g in self.groups if g]

    def take_back(self, group: int, place: int) -> None:
        """A click on a drafted card puts it back into the hand."""
        if 0 <= group < len(self.groups) and 0 <= place < len(self.groups[group]):
            self.remove(self.groups[group][place])

    def clear(self) -> None:
        self.groups.clear()

    def tokens(self, hand: list[str]) -> list[list[str]]:
        return [[hand[i] for i in g if i < len(hand)] for g in self.groups]


def meld_points(game: str, tokens: list[str], options: dict[str, Any]) -> int | None:
    """The engine's value of ``tokens`` as one meld, or None when it is no meld."""
    meld = read_meld(game, tokens, **options)
    return None if meld is None else meld.points


def wild_readings(game: str, tokens: list[str], known: list[str | None], options: dict[str, Any]) -> list[str | None]:
    """What each card of a meld being built stands for where it is a wild: ``known`` where the draft keeps it
    (a table meld left as it was), else as the engine reads the whole meld (a joker dragged into a new meld
    showed no '=X' until the move was played); None for the other cards and for cards that form no meld yet."""
    if any(k is not None for k in known) or len(tokens) < 2:
        return list(known) + [None] * (len(tokens) - len(known))
    reading = _reading(game, tuple(tokens), tuple(sorted(options.items())))
    waiting: dict[str, list[str]] = {}
    for card, stands in reading:  # the reading's order is the meld's own; a wild keeps its token
        if card != stands:
            waiting.setdefault(card, []).append(stands)
    return [waiting[tok].pop(0) if waiting.get(tok) else None for tok in tokens]


@lru_cache(maxsize=256)
def _reading(game: str, tokens: tuple[str, ...], options: tuple[tuple[str, Any], ...]) -> tuple[tuple[str, str], ...]:
    """The engine's reading of ``tokens`` as one meld: (card, what it stands for) pairs; () when it is none."""
    try:
        meld = read_meld(game, list(tokens), **dict(options))
    except RommeError:  # cards the engine does not take as one meld's (checked again when the move is played)
        return ()
    if meld is None:
        return ()
    return tuple((str(c), str(s)) for c, s in zip(meld.cards, meld.stands_for))


def opening_need(state: Any, viewer: int) -> int | None:
    """Points the viewer still must open with, or None once opened (or when the game has no such rule)."""
    need = state.rules.options.get("opening_points")
    opened = state.observation(viewer).get("opened")
    if not isinstance(need, int) or not isinstance(opened, list) or viewer >= len(opened):
        return None
    return None if opened[viewer] else need


def draft_move(game: str, groups: list[list[str]]) -> str | None:
    """The move that lays the draft: the table games' ``lay A | B`` (new melds, the table kept)."""
    groups = [g for g in groups if g]
    if not groups or game not in DRAFT_GAMES:
        return None
    return lay_notation(groups)
