"""Cards, decks and the card notation of docs/RULES.md.

A card *type* is a small integer code within its game (the layout lives in
the Rust core, ``rust/romme-engine/src/cards.rs``, and is read from there);
copies of one type are indistinguishable. :class:`Card` pairs a code with its
game for the public API; game engines work on bare codes for speed.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from . import _core
from .errors import DeckError, InvalidNotationError, RulesError, quote

#: Game ids that have a deck (the solitaire uses the Königs-Rommé deck).
GAME_IDS = ("koenigs", "koenigs-solo", "romme", "einmaleins", "rummy", "krass")

_SUIT_ALIASES = {
    "koenigs": {"♣": "c", "♧": "c", "♦": "d", "♢": "d", "♥": "h", "♡": "h", "♠": "s", "♤": "s", "★": "t", "☆": "t"},
    "romme": {"♣": "c", "♧": "c", "♦": "d", "♢": "d", "♥": "h", "♡": "h", "♠": "s", "♤": "s"},
    "einmaleins": {"♥": "H", "♡": "H", "●": "K", "○": "K", "▲": "D", "△": "D", "■": "Q", "□": "Q"},
    "rummy": {},
    "krass": {},
}
_RANK_WORDS = {"a": "1", "j": "11", "q": "12", "k": "13"}

#: The longest number a card token or a move may hold: every number of the notation (a rank, a
#: 1x1 value, a meld or hand number, a Krass position) has at most 3 digits, and this cap keeps
#: ``int()`` far from CPython's 4,300-digit limit on text a user typed.
MAX_NUMBER_DIGITS = 9
_ASCII_NUMBER = re.compile(r"[0-9]+", re.ASCII)


def read_number(text: str) -> int | None:
    """The value of ``text`` if it is a plain number: ASCII digits only (``²`` or Arabic-Indic
    digits are not card numbers), at most :data:`MAX_NUMBER_DIGITS` of them; else ``None``."""
    if len(text) > MAX_NUMBER_DIGITS or not _ASCII_NUMBER.fullmatch(text):
        return None
    return int(text)


_EXPECTED = {
    "koenigs": "rank 3..10/J/Q/K + suit c d h s t (or ♣♦♥♠★), or * (or joker)",
    "romme": "rank A/2..10/J/Q/K + suit c d h s (or ♣♦♥♠), or * (or joker)",
    "einmaleins": "symbol H K D Q + a value of that symbol (e.g. H12, D40), W, V2 or V5",
    "rummy": "colour B R G Y + number 1..13 (e.g. R7), or * (or joker)",
    "krass": "1..12, X, N (draw) or S (stop)",
}


@dataclass(frozen=True, slots=True)
class CardType:
    """One card type of a game's deck."""

    code: int
    token: str
    suit: int | None
    rank: int
    kind: str  # natural, joker, x, draw, stop, ban
    copies: int

    @property
    def is_wild(self) -> bool:
        return self.kind in ("joker", "x")


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A card of a game: ``Card("koenigs", code)``; ``str(card)`` is its token."""

    game: str
    code: int

    def __post_init__(self) -> None:
        if not isinstance(self.game, str) or self.game not in GAME_IDS:
            raise RulesError(f"unknown game {quote(self.game)}; valid games: {', '.join(GAME_IDS)}")
        if type(self.code) is not int or not 0 <= self.code < len(deck(self.game).types):
            raise InvalidNotationError(f"bad card code {quote(self.code)} for {self.game}")

    def __str__(self) -> str:
        return deck(self.game).token(self.code)

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r}, {self.game!r})"

    @property
    def type(self) -> CardType:
        return deck(self.game).types[self.code]

    @classmethod
    def parse(cls, token: str, game: str) -> Card:
        d = deck(game)
        return cls(d.game, d.parse_token(token))


class Deck:
    """The card types of one game: parsing, formatting and copy counts."""

    def __init__(self, game: str) -> None:
        if not isinstance(game, str) or game not in GAME_IDS:
            raise RulesError(f"unknown game {quote(game)}; valid games: {', '.join(GAME_IDS)}")
        self.game = "koenigs" if game == "koenigs-solo" else game
        self.types: tuple[CardType, ...] = tuple(
            CardType(t.code, t.token, None if t.suit == 255 else t.suit, t.rank, t.kind, t.copies)
            for t in _core.deck_types(self.game)
        )
        self._by_token = {t.token.lower(): t.code for t in self.types}
        # the tokens as the game writes them (observations, notation): read without normalising
        self._exact = {t.token: t.code for t in self.types if t.copies}
        self.joker: int | None = next((t.code for t in self.types if t.kind == "joker"), None)
        # the word "joker" is read as the card `*` (Königs-Rommé, Rommé, Rummy), not as 1x1's wish card W
        self._joker_word: int | None = self._by_token.get("*")
        self.aliases = _SUIT_ALIASES[self.game]

    def token(self, code: int) -> str:
        if type(code) is not int or not 0 <= code < len(self.types):
            raise InvalidNotationError(f"bad card code {quote(code)} for {self.game}")
        return self.types[code].token

    def _normalise(self, token: str) -> str:
        t = token.strip()
        for sym, letter in self.aliases.items():
            if sym in t:
                t = t.replace(sym, letter)
        t = t.lower()
        if self.game in ("koenigs", "romme") and len(t) >= 2 and t != "*":
            rank, suit = t[:-1], t[-1]
            t = _RANK_WORDS.get(rank, rank) + suit
        return t

    def _lookup(self, t: str) -> int | None:
        if t == "joker":
            return self._joker_word
        if self.game in ("koenigs", "romme") and len(t) >= 2:
            r = read_number(t[:-1])
            if r is None:
                return None
            for tt in self.types:
                if tt.rank == r and tt.suit is not None and tt.token[-1].lower() == t[-1]:
                    return tt.code
            return None
        if self.game in ("einmaleins", "rummy") and len(t) >= 2 and t[0].isalpha():
            n = read_number(t[1:])
            if n is not None:
                t = f"{t[0]}{n}"
        if self.game == "krass":
            n = read_number(t)
            if n is not None:
                t = str(n)
        return self._by_token.get(t)

    def parse_token(self, token: str, position: int | None = None) -> int:
        """The code of one token; :class:`InvalidNotationError` if it is none."""
        if not isinstance(token, str):
            raise InvalidNotationError(f"a card token is a string, got {quote(token)}")
        exact = self._exact.get(token)
        if exact is not None:
            return exact
        code = self._lookup(self._normalise(token)) if token.strip() else None
        if code is None or self.types[code].copies == 0:
            where = f" at position {quote(position)}" if position is not None else ""
            raise InvalidNotationError(
                f"bad card token {quote(token)}{where} for {self.game}: expected {_EXPECTED[self.game]}"
            )
        return code

    def counts(self, **options: object) -> dict[int, int]:
        """Copies of each type in play (Rommé honours ``jokers_per_deck``;
        1x1-Rommé leaves out the ban cards)."""
        c = {t.code: t.copies for t in self.types}
        if self.game == "romme" and self.joker is not None:
            jpd = options.get("jokers_per_deck", 3)
            if not isinstance(jpd, int) or isinstance(jpd, bool) or not 0 <= jpd <= 3:
                raise RulesError(f"jokers_per_deck must be 0..3, got {quote(jpd)}")
            c[self.joker] = 2 * jpd
        if self.game == "einmaleins":
            for t in self.types:
                if t.kind == "ban":
                    c[t.code] = 0
        return c

    def full(self, **options: object) -> list[int]:
        """Every card in play, as codes, in code order (shuffle it with an Rng)."""
        return [code for code, n in self.counts(**options).items() for _ in range(n)]


def deck(game: str) -> Deck:
    """The deck of a game id; :class:`RulesError` for an unknown game."""
    if not isinstance(game, str) or game not in GAME_IDS:
        raise RulesError(f"unknown game {quote(game)}; valid games: {', '.join(GAME_IDS)}")
    return _deck(game)


@cache
def _deck(game: str) -> Deck:
    return Deck(game)


def hand_points_by_token(game: str) -> dict[str, int]:
    """The points each card of ``game``'s deck costs left in hand, by token (the core's counting); a
    :class:`~romme.errors.RommeError` for a game whose hands are not counted card by card."""
    values = _core.hand_points(game)
    return {t.token: values[t.code] for t in _core.deck_types(game) if t.code < len(values)}


def split_tokens(text: str) -> list[str]:
    """Splits card text on spaces and commas."""
    return [t for t in re.split(r"[\s,]+", text.strip()) if t]


CardLike = str | Card | int


def parse_codes(
    game: str, cards: str | Iterable[CardLike], *, check_counts: bool = True, **options: object
) -> list[int]:
    """Reads cards (a text, tokens, :class:`Card` objects or codes) into codes.

    Raises :class:`InvalidNotationError` for a bad token (naming it and its
    1-based position) and :class:`DeckError` for a card not in this game's deck
    or more copies than the deck holds.
    """
    d = deck(game)
    items: Sequence[CardLike] = split_tokens(cards) if isinstance(cards, str) else card_items(cards)
    codes: list[int] = []
    for pos, item in enumerate(items, 1):
        if isinstance(item, Card):
            if deck(item.game).game != d.game:
                raise DeckError(f"card {item} at position {pos} is a {item.game} card, not {game}")
            codes.append(item.code)
        elif isinstance(item, bool) or not isinstance(item, (str, int)):
            raise InvalidNotationError(f"bad card {quote(item)} at position {pos}: expected a token")
        elif isinstance(item, int):
            if not 0 <= item < len(d.types):
                raise InvalidNotationError(f"bad card code {quote(item)} at position {pos} for {game}")
            codes.append(item)
        else:
            codes.append(d.parse_token(item, pos))
    if check_counts:
        check_available(game, codes, **options)
    return codes


#: The most items a card collection (or a table's melds) given to the API is read for (a deck holds fewer than
#: 256 cards): a generator that never ends (``itertools.repeat``) hung the call while its list grew without bound.
MAX_CARD_ITEMS = 10_000


def bounded_items(items: Iterable[Any], most: int, what: str) -> list[Any]:
    """The first items of ``items``, or :class:`InvalidNotationError` ('``what`` holds at most ``most``') where it
    has more. Read item by item: ``list()`` asks ``__len__`` first, and a collection whose ``__len__`` says
    2**62 raised MemoryError."""
    out = list(itertools.islice(items, most + 1))
    if len(out) > most:
        raise InvalidNotationError(f"{what} holds at most {most:,} items, got more")
    return out


def card_items(cards: object) -> list[CardLike]:
    """The items of a card collection given to the API (a list, tuple, generator …);
    :class:`InvalidNotationError` for what is no collection of cards (None, a number, bytes, a dict) or one
    of more than :data:`MAX_CARD_ITEMS` items."""
    if isinstance(cards, (bytes, bytearray, Mapping)) or not isinstance(cards, Iterable):
        raise InvalidNotationError(f"cards are a text or a list of cards, got {quote(cards)}")
    return bounded_items(cards, MAX_CARD_ITEMS, "a list of cards")


def check_available(game: str, codes: Iterable[int], **options: object) -> None:
    """:class:`DeckError` if the cards are not all in the deck in these numbers."""
    d = deck(game)
    have = d.counts(**options)
    for code, n in sorted(Counter(codes).items()):
        if have.get(code, 0) == 0:
            raise DeckError(f"card {d.token(code)} is not in the {game} deck")
        if n > have[code]:
            raise DeckError(f"{n} copies of {d.token(code)}, but the {game} deck holds only {have[code]}")


def parse_cards(
    game: str, cards: str | Iterable[CardLike], *, check_counts: bool = True, **options: object
) -> list[Card]:
    """Like :func:`parse_codes`, returning :class:`Card` objects."""
    g = deck(game).game
    return [Card(g, c) for c in parse_codes(game, cards, check_counts=check_counts, **options)]


def format_cards(game: str, codes: Iterable[int | Card]) -> str:
    """Canonical text of cards (codes or :class:`Card` objects of the game), space separated;
    :class:`InvalidNotationError` for anything else."""
    d = deck(game)
    out = []
    for pos, c in enumerate(card_items(codes), 1):
        if isinstance(c, Card) and deck(c.game).game == d.game:
            out.append(d.token(c.code))
        elif type(c) is int and 0 <= c < len(d.types):
            out.append(d.token(c))
        else:
            raise InvalidNotationError(f"bad card {quote(c)} at position {pos}: expected a {game} card or code")
    return " ".join(out)


def tokens(game: str, codes: Iterable[int]) -> list[str]:
    d = deck(game)
    return [d.token(c) for c in codes]


#: The notation's joker ``*`` in running text, alone or standing for a card (``*=8c``), also before a colon ('with
#: *: …'): a sign no card face shows.
JOKER_TOKEN = re.compile(r"(?<![^\s(,|])\*(?=$|[\s=,)|:])")


def joker_face(game: str) -> str:
    """What the joker's face shows, in every language: ``Jo``, 1x1-Rommé's wild card ``W`` (its notation too)."""
    return "W" if deck(game).game == "einmaleins" else "Jo"


def jokers_named(text: str, game: str) -> str:
    """``text`` (a move's words, a log line, a refusal) with the joker named as its face reads: ``*`` as ``Jo``, a
    joker standing for a card as ``Jo=8c`` (the face, then the card it stands for, one word among the meld's other
    cards). The one form of a joker in words, in the window (log, buttons, hints, refusals) and in ``romme play``'s
    refusals; the notation (save files, typed moves, the terminal's board) keeps ``*``."""
    return JOKER_TOKEN.sub(joker_face(game), text)
