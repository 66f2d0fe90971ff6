"""Table moves shared by the games whose melds stay on the table (1x1-Rommé, Rummy).

A turn that lays or rearranges cards is one :class:`PlaceMove` holding the
whole new table: every meld as a tuple of ``(code, stands_for)`` pairs (a
natural card stands for itself, a wild for the card it represents). The
hand cards placed and the table cards taken back follow from comparing the
new table with the old one, so one value describes a lay-down, a lay-off, a
wild swap and any rearrangement alike. Whether a place move is legal is the
core's judgement (``table_place`` and each game's ``place`` module in the
Rust core); :func:`table_diff` asks the core's diff of two tables (the bots count
and the terminal describes moves with it).

Notation: ``place H12 W=H18 H24 | K4 D4 H4`` (melds separated by ``|``; a
wild may name the card it stands for with ``=``, else the game's meld rules
choose). :class:`TableDraft` builds such moves step by step for front ends:
lay a new meld, add a card to a meld, move a card between melds, swap a wild.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import compress
from typing import Any, ClassVar, Protocol, TypeAlias

from .. import _core
from ..cards import deck, read_number, split_tokens
from ..engine import Move
from ..errors import IllegalMoveError, InvalidNotationError, quote

Pair = tuple[int, int]
MeldT = tuple[Pair, ...]
TableT = tuple[MeldT, ...]
#: A meld as written by a player: codes with the declared card of each wild (None: let the rules choose).
Draft = tuple[tuple[int, "int | None"], ...]


class MeldRules(Protocol):
    """What the table helpers need from a game's meld rules."""

    game: str

    def resolve(self, cards: Draft) -> MeldT | None:
        """The meld in canonical order with every wild assigned, or None if the cards form no meld."""
        ...

    def is_wild(self, code: int) -> bool: ...


# --- notation ----------------------------------------------------------------------------------


def meld_text(game: str, meld: Iterable[Pair]) -> str:
    """``H12 W=H18 H24``: naturals by token, wilds with the card they stand for (a wild standing for itself,
    which the rules place, by its token alone)."""
    d = deck(game)
    return " ".join(d.token(c) if c == s else f"{d.token(c)}={d.token(s)}" for c, s in meld)


def table_text(game: str, table: Iterable[MeldT]) -> str:
    return " | ".join(meld_text(game, m) for m in table)


def parse_draft(game: str, text: str) -> Draft:
    """Cards of one meld from text (``H12 W=H18 H24``); wilds may carry ``=CARD``."""
    d = deck(game)
    out: list[tuple[int, int | None]] = []
    for pos, tok in enumerate(split_tokens(text), 1):
        if "=" in tok:
            left, right = tok.split("=", 1)
            code = d.parse_token(left, pos)
            out.append((code, d.parse_token(right, pos)))
        else:
            out.append((d.parse_token(tok, pos), None))
    if not out:
        raise InvalidNotationError(f"empty meld in {quote(text)}")
    return tuple(out)


def resolve_or_raise(rules: MeldRules, draft: Draft) -> MeldT:
    meld = rules.resolve(draft)
    if meld is None:
        text = " ".join(
            deck(rules.game).token(c) + ("" if s is None else "=" + deck(rules.game).token(s)) for c, s in draft
        )
        raise IllegalMoveError(f"{quote(text)} is not a valid meld (every table meld must be a valid set or run)")
    return meld


def parse_table(rules: MeldRules, text: str) -> TableT:
    """A whole table from ``meld | meld | ...``; each meld must be valid."""
    parts = [p for p in text.split("|")]
    if any(not p.strip() for p in parts):
        raise InvalidNotationError(f"empty meld in table {quote(text)} (melds are separated by '|')")
    return tuple(resolve_or_raise(rules, parse_draft(rules.game, p)) for p in parts)


# --- the table in observations (one shape for Rommé, 1x1-Rommé and Rummy; docs/ARCHITECTURE.md) ------


#: Bounded memo of the observation's meld forms (a process playing game after game meets new melds).
VIEW_MEMO = 1 << 12


@lru_cache(maxsize=VIEW_MEMO)
def _tokens(game: str, meld: tuple[Pair, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    token = deck(game).token
    return tuple(token(c) for c, _ in meld), tuple(token(s) for _, s in meld)


def meld_view(game: str, meld: Sequence[Pair], kind: str, points: int, owner: int | None = None) -> dict[str, Any]:
    """One table meld as every table game's observation shows it: the cards laid (a wild by its own
    token), what each stands for (a natural card for itself), ``set``/``run``, the meld's points under
    the game's counting, and the seat that owns it (None: the melds belong to the table)."""
    return _view_of(*_tokens(game, tuple(meld)), kind, points, owner)


def _view_of(cards: tuple[str, ...], stands_for: tuple[str, ...], kind: str, points: int,
             owner: int | None) -> dict[str, Any]:
    return {"cards": list(cards), "stands_for": list(stands_for), "kind": kind, "points": points, "owner": owner}


@lru_cache(maxsize=VIEW_MEMO)
def _kind_and_points(game: str, meld: MeldT, points: Callable[[MeldT], int]) -> tuple[str, int]:
    return _core.table_meld_kind(game, meld), points(meld)


#: Per table meld the parts of its view: the cards' tokens, what they stand for, kind, points.
TableParts: TypeAlias = tuple[tuple[tuple[str, ...], tuple[str, ...], str, int], ...]


@lru_cache(maxsize=VIEW_MEMO)
def table_parts(game: str, table: TableT, points: Callable[[MeldT], int]) -> TableParts:
    """The parts of a table's view (:func:`table_view`), from a memo: a game may keep them beside its
    table and build the view from them (:func:`view_of_parts`)."""
    return tuple((*_tokens(game, m), *_kind_and_points(game, m, points)) for m in table)


def view_of_parts(parts: TableParts) -> list[dict[str, Any]]:
    """The observation's ``table`` from :func:`table_parts` (melds without owner)."""
    return [_view_of(cards, stands_for, kind, pts, None) for cards, stands_for, kind, pts in parts]


def table_view(game: str, table: Iterable[MeldT], points: Callable[[MeldT], int]) -> list[dict[str, Any]]:
    """The observation's ``table`` of 1x1-Rommé and Rummy (melds without owner); a table seen before
    is read from the memo (a bot asks for the same table several times a turn)."""
    return view_of_parts(table_parts(game, tuple(table), points))


@lru_cache(maxsize=VIEW_MEMO)
def _pairs(game: str, cards: tuple[str, ...], stands_for: tuple[str, ...]) -> MeldT:
    d = deck(game)
    return tuple((d.parse_token(c), d.parse_token(s)) for c, s in zip(cards, stands_for))


def meld_from_view(game: str, item: Any) -> MeldT:
    """A meld as ``(code, stands_for)`` pairs from its observation form (:func:`meld_view`)."""
    if not isinstance(item, Mapping) or not isinstance(item.get("cards"), list) \
            or not isinstance(item.get("stands_for"), list) or len(item["cards"]) != len(item["stands_for"]):
        raise InvalidNotationError(f"a table meld is an object with 'cards' and 'stands_for', got {quote(item)}")
    cards, stands_for = tuple(item["cards"]), tuple(item["stands_for"])
    if not all(isinstance(tok, str) for tok in cards + stands_for):
        raise InvalidNotationError(f"a table meld's cards are tokens, got {quote(item)}")
    return _pairs(game, cards, stands_for)


def view_text(item: Mapping[str, Any]) -> str:
    """A meld of the observation in the table notation (``H12 W=H18 H24``)."""
    return " ".join(c if c == s else f"{c}={s}" for c, s in zip(item["cards"], item["stands_for"]))


def meld_from_json(rules: MeldRules, item: Any) -> MeldT:
    if not isinstance(item, str):
        raise InvalidNotationError(f"a meld in JSON is its text, got {quote(item)}")
    return resolve_or_raise(rules, parse_draft(rules.game, item))


# --- comparing tables ----------------------------------------------------------------------------


def core_melds(rules: MeldRules, melds: Iterable[_core.Meld]) -> tuple[MeldT, ...] | None:
    """The Rust core's melds (a solver's answer) as pairs, each checked by the game's meld rules (None
    if any is refused)."""
    out = []
    for m in melds:
        r = rules.resolve(m.pairs)
        if r is None:
            return None
        out.append(r)
    return tuple(out)


def unchanged_melds(before: Sequence[Iterable[int]], after: Sequence[Iterable[int]]) -> list[int | None]:
    """Per meld of ``after`` (a search's answer, card codes) the place of the meld of ``before`` (the table
    it rebuilt) that holds the same cards (as a multiset, wilds included), or None, matched one to one in
    table order (a double deck holds equal melds): a move built from a search answer lays such a meld as
    it lies (its card order, what its wilds stand for), since the search writes every meld in its own
    reading (Rommé's "* Js Qs" as "Js Qs *=Ks", a set sorted). The core's rule
    (``table_place::unchanged_melds``), which the Rummy expert's searched turn keeps too."""
    return _core.unchanged_melds([list(m) for m in before], [list(m) for m in after])


def keep_unchanged(before: Sequence[MeldT], after: Sequence[MeldT]) -> tuple[MeldT, ...]:
    """``after`` with every meld that holds the same cards as a meld of ``before`` given as that meld
    lies (:func:`unchanged_melds`)."""
    same = unchanged_melds([[c for c, _ in m] for m in before], [[c for c, _ in m] for m in after])
    return tuple(m if i is None else before[i] for m, i in zip(after, same))


def wild_codes(game: str) -> list[int]:
    """The codes of ``game``'s wilds as its deck has them (Rommé's and Rummy's joker, 1x1-Rommé's wish card):
    what the core's pairing of old and new melds counts as no natural (``_core.table_change``'s ``wilds``)."""
    return [t.code for t in deck(game).types if t.kind == "joker"]


@lru_cache(maxsize=1)
def wild_tokens() -> frozenset[str]:
    """The tokens of the table games' wilds (``*``, ``W``; no table game has a natural card of another's wild
    token), by their decks (:func:`wild_codes`)."""
    from ..table import TABLE_GAMES  # (romme.table reads this module)

    return frozenset(deck(g).token(c) for g in TABLE_GAMES for c in wild_codes(g))


def goes_on_from(
    before: Sequence[Sequence[Hashable]], after: Sequence[Sequence[Hashable]], wilds: Iterable[Hashable] | None = None
) -> list[int | None]:
    """Per meld of ``after`` the place of the meld of ``before`` it goes on from as a player follows the melds,
    or None (a new meld): a meld kept as it lay, or the old meld it keeps two or more naturals of (or the old
    meld's one natural), each old meld once, the pairs keeping the most cards. The core's rule
    (``TableChange::goes_on_from``), by which the hint counts the table cards a move moves
    (``TableChange.changed_meld``) too. The cards are anything equal cards compare equal in (the table's tokens),
    each distinct one given a code of its own; ``wilds`` are the cards that are wilds (None: the table games'
    wild tokens, :func:`wild_tokens`); :class:`~romme.errors.IllegalMoveError` for tables of more than 256
    distinct cards or 1,024 cards."""
    codes: dict[Hashable, int] = {}

    def pairs(meld: Sequence[Hashable]) -> list[Pair]:
        return [(c, c) for c in (codes.setdefault(card, len(codes)) for card in meld)]

    old, new = [pairs(m) for m in before], [pairs(m) for m in after]
    wild = wild_tokens() if wilds is None else wilds
    return list(_core.table_change(old, new, [codes[w] for w in wild if w in codes]).goes_on_from)


def hand_codes(h: Sequence[int]) -> list[int]:
    """The cards of a hand given as counts per code, lowest code first."""
    return [c for c in compress(range(len(h)), h) for _ in range(h[c])]


def table_diff(
    old: Sequence[MeldT], new: Sequence[MeldT]
) -> tuple[list[MeldT], list[MeldT], Counter[int], Counter[int]]:
    """``(added melds, removed melds, placed cards, taken cards)`` from ``old`` to ``new``: the core's diff
    (``_core.table_change``, ``table_place::TableChange``, which the judges read): melds present in both
    (same cards, same wild assignments) are unchanged, ``placed`` are the cards the new table holds more
    of (from the hand), ``taken`` those it holds fewer of (back to the hand)."""
    change = _core.table_change(old, new)
    return ([new[i] for i in change.added], [old[i] for i in change.removed], Counter(change.placed),
            Counter(change.taken))


# --- the move ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TablePlace(Move):
    """The place-move of every table game (Rommé, 1x1-Rommé, Rummy): the whole new table, in one data shape,
    one notation (``place M | M``) and one JSON form (``{"kind": "place", "player": p, "table": ["M", ...]}``).
    Each meld is ``(code, stands_for)`` pairs: a natural card stands for itself, a wild for the card it is
    declared as; a wild standing for itself is one the game's rules place (Rommé's ``*``). A game's kind
    names its deck (``game``)."""

    table: TableT = ()
    kind: ClassVar[str] = "place"
    game: ClassVar[str] = ""

    def meld_texts(self) -> list[str]:
        """Every meld of the new table in the notation (``H12 W=H18 H24``, ``7h * *=9h``), in table order."""
        return [meld_text(self.game, m) for m in self.table]

    def hand_cards(self, table: Iterable[Iterable[int]] = ()) -> tuple[int, ...]:
        """The hand cards the move lays when played on ``table`` (each meld's card codes): the cards the new
        table holds more of (the core's diff, ``_core.table_change``), ascending."""
        return tuple(_core.table_change([[(c, c) for c in m] for m in table], self.table).placed)

    def __str__(self) -> str:
        return "place " + " | ".join(self.meld_texts())

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player, "table": self.meld_texts()}


@dataclass(frozen=True)
class PlaceMove(TablePlace):
    """1x1-Rommé's and Rummy's place-move: every wild declared (the game's meld rules resolve a meld as it is
    read)."""


def place_from_json(cls: type[PlaceMove], rules: MeldRules, data: Mapping[str, Any], player: int) -> PlaceMove:
    table = data.get("table")
    if not isinstance(table, list):
        raise InvalidNotationError(f"a place move needs a 'table' list, got {quote(table)}")
    return cls(player, tuple(meld_from_json(rules, m) for m in table))


# --- step-by-step helpers for front ends ---------------------------------------------------------


class TableDraft:
    """The one table-draft helper of the table games (Rommé, 1x1-Rommé, Rummy): the turn's new table
    built step by step from the current table and hand (the ``add`` shortcut, the table's editor,
    tests), ending in the place-move (:meth:`text`, :meth:`to_move`; :meth:`build` for 1x1-Rommé and
    Rummy's move class).

    Each step checks only that the cards exist where they are taken from;
    whether the result is legal is decided when the move is applied. Melds
    are kept as drafts (wilds keep the card they stood for while the meld
    still reads so), so a meld may be invalid halfway through. Cards that
    leave the table for the hand (a swapped wild, :meth:`take`) wait in
    ``taken``; where the rules allow they stay there.
    """

    def __init__(
        self, rules: MeldRules, table: Sequence[Sequence[tuple[int, int | None]]], hand: Iterable[int]
    ) -> None:
        self.rules = rules
        self.melds: list[list[tuple[int, int | None]]] = [[(c, s) for c, s in m] for m in table]
        self.hand: Counter[int] = Counter(hand)
        self.taken: Counter[int] = Counter()
        self.start_table: Counter[int] = Counter(c for m in self.melds for c, _ in m)
        self.start_hand: Counter[int] = Counter(self.hand)

    def _tok(self, code: int) -> str:
        return deck(self.rules.game).token(code)

    def _from_hand(self, code: int) -> None:
        if self.hand[code] <= 0:
            raise IllegalMoveError(f"{self._tok(code)} is not in the hand")
        self.hand[code] -= 1

    def _meld(self, index: int) -> list[tuple[int, int | None]]:
        if not 0 <= index < len(self.melds):
            raise IllegalMoveError(f"no meld {index + 1} on the table (there are {len(self.melds)})")
        return self.melds[index]

    def _pop(self, index: int, code: int) -> tuple[int, int | None]:
        meld = self._meld(index)
        for i, (c, s) in enumerate(meld):
            if c == code:
                return meld.pop(i)
        raise IllegalMoveError(f"{self._tok(code)} is not in meld {index + 1}")

    def _read_afresh(self, meld: list[tuple[int, int | None]], *added: int) -> None:
        """A meld a step changed (``added``: the cards it gained): the cards in the order the meld reads when
        they form one (a run by rank, a wild where it stands), so the board, the log and a hint show
        "8 9 10 11 12", not the card added at the end ("8 9 11 12 10"). Its wilds keep what they stand for where
        the meld still reads so, else are placed afresh: so a card laid on a meld and taken back leaves its wild
        as it was (placed afresh, a Rommé set's joker declared Ks would read as Kc after Kc came and went, which
        the game refuses under ``joker_declared``, only the declared card replacing it, and a run's joker would
        move, where it keeps its place)."""
        kept = [*meld, *((c, None) for c in added)]
        declared = Counter((c, s) for c, s in kept if s is not None and self.rules.is_wild(c))
        for draft in (tuple(kept), tuple((c, None) for c, _ in kept)):
            reading = self.rules.resolve(draft)
            if reading is not None and len(reading) == len(kept) and not (declared - Counter(reading)):
                # (the wilds keep their declaration only where the reading holds each of them)
                meld[:] = [(c, s if self.rules.is_wild(c) and (c, s) in declared else None) for c, s in reading]
                return
            declared = Counter()
        meld[:] = [(c, None) for c, _ in kept]

    def lay(self, codes: Sequence[int]) -> TableDraft:
        """Lay a new meld from hand cards."""
        for c in codes:
            self._from_hand(c)
        self.melds.append([(c, None) for c in codes])
        return self

    def add(self, code: int, index: int) -> TableDraft:
        """Add a hand card to meld ``index`` (0-based); the meld's wilds may be re-placed."""
        self._from_hand(code)
        self._read_afresh(self._meld(index), code)
        return self

    def move(self, code: int, src: int, dst: int | None) -> TableDraft:
        """Move a table card from meld ``src`` to meld ``dst`` (None: into a new meld)."""
        self._pop(src, code)
        self._read_afresh(self.melds[src])
        if dst is None:
            self.melds.append([(code, None)])
        else:
            self._read_afresh(self._meld(dst), code)
        return self

    def swap(self, index: int, code: int) -> TableDraft:
        """Put hand card ``code`` in place of the wild in meld ``index`` that stands for it.

        The freed wild goes to the draft's ``taken`` pile: lay it with
        :meth:`lay`/:meth:`add_taken`, or (where the rules allow) keep it.
        """
        meld = self._meld(index)
        wilds = [i for i, (c, s) in enumerate(meld) if self.rules.is_wild(c) and s == code]
        if not wilds:  # a wild the rules place (an undeclared Rommé set joker) may take any card that fits
            wilds = [i for i, (c, _) in enumerate(meld) if self.rules.is_wild(c) and self.rules.resolve(
                tuple((code, None) if j == i else (x, None) for j, (x, _) in enumerate(meld))) is not None]
        if not wilds:
            raise IllegalMoveError(f"no wild in meld {index + 1} stands for {self._tok(code)}")
        self._from_hand(code)
        self.taken[meld[wilds[0]][0]] += 1
        meld[wilds[0]] = (code, None)
        return self

    def add_taken(self, code: int, index: int | None) -> TableDraft:
        """Place a card freed by :meth:`swap` in meld ``index`` (None: start a new meld)."""
        if self.taken[code] <= 0:
            raise IllegalMoveError(f"{self._tok(code)} was not freed from the table")
        self.taken[code] -= 1
        if index is None:
            self.melds.append([(code, None)])
        else:
            self._read_afresh(self._meld(index), code)
        return self

    def take(self, index: int, code: int) -> TableDraft:
        """Take a table card from meld ``index`` towards the hand (where the rules allow it)."""
        c, _ = self._pop(index, code)
        self._read_afresh(self.melds[index])
        self.taken[c] += 1
        return self

    def back(self, index: int, code: int) -> TableDraft:
        """Return a card laid from the hand this turn (from meld ``index``) to the hand."""
        if self.placed()[code] <= 0:
            raise IllegalMoveError(f"{self._tok(code)} lay on the table before this turn: it stays")
        self._pop(index, code)
        self._read_afresh(self.melds[index])
        self.hand[code] += 1
        return self

    def prune(self) -> TableDraft:
        """Drop the melds a step emptied (the numbers of the melds after them go down by one)."""
        self.melds = [m for m in self.melds if m]
        return self

    def set_table(self, melds: Sequence[Sequence[int]]) -> TableDraft:
        """Start again from the turn's table and hand with ``melds`` as the working table (every wild
        placed afresh): the hand keeps what they do not use. IllegalMoveError if they need cards the
        table and hand do not hold."""
        want = Counter(c for m in melds for c in m)
        missing = want - (self.start_table + self.start_hand)
        if missing:
            raise IllegalMoveError(f"{self._tok(next(iter(missing)))} is neither on the table nor in the hand")
        self.melds = [[(c, None) for c in m] for m in melds]
        self.hand = self.start_hand - (want - self.start_table)
        self.taken = self.start_table - want
        return self

    def placed(self) -> Counter[int]:
        """The hand cards the working table holds."""
        return Counter(c for m in self.melds for c, _ in m) - self.start_table

    def text(self) -> str:
        """The working table as the place-move's notation (a wild that keeps what it stood for is
        written with it, ``W=H18``)."""
        d = deck(self.rules.game)
        return "place " + " | ".join(
            " ".join(d.token(c) if s is None or s == c else f"{d.token(c)}={d.token(s)}" for c, s in m)
            for m in self.melds
            if m
        )

    def to_move(self, state: Any) -> Move:
        """The place-move of the working table, read by ``state`` (the game's own move)."""
        move: Move = state.parse_move(self.text())
        return move

    def build(self, cls: type[PlaceMove], player: int) -> PlaceMove:
        """The move; IllegalMoveError naming the first meld that is not valid."""
        melds = [m for m in self.melds if m]
        return cls(player, tuple(resolve_or_raise(self.rules, tuple(m)) for m in melds))


def parse_table_move(
    text: str,
    player: int,
    table: TableT,
    hand: list[int],
    rules: MeldRules,
    cls: type[PlaceMove],
    passes: tuple[str, ...],
    pass_move: type[Move] | None,
) -> Move:
    """Reads ``pass``, ``place ...``, ``lay ...`` and ``add CARD N`` for a table game."""
    words = text.strip().split(None, 1)
    if not words:
        raise InvalidNotationError("empty move text")
    verb = words[0].lower()
    rest = words[1] if len(words) > 1 else ""
    if verb in passes and not rest and pass_move is not None:
        return pass_move(player)
    if verb == "place":
        return cls(player, parse_table(rules, rest))
    if verb == "lay":
        return cls(player, table + parse_table(rules, rest))
    if verb == "add":
        parts = rest.split()
        number = read_number(parts[1]) if len(parts) == 2 else None
        if number is None:
            raise InvalidNotationError(
                f"add takes a card and a meld number (digits 0-9), e.g. 'add R7 2', got {quote(text)}"
            )
        code = deck(rules.game).parse_token(parts[0], 1)
        draft = TableDraft(rules, table, (c for c in range(len(hand)) for _ in range(hand[c])))
        return draft.add(code, number - 1).build(cls, player)
    valid = ", ".join(passes + ("place", "lay", "add"))
    raise InvalidNotationError(f"unknown move {quote(text)}; moves: {valid}")


def render_board(
    obs: Mapping[str, Any], player: int, title: str, header: str, seat_columns: Mapping[str, Sequence[Any]]
) -> Any:
    """The terminal board of a table game (a rich renderable): a header line, one row per seat,
    the numbered table melds (the numbers ``add CARD N`` takes) and the player's hand."""
    from rich.console import Group
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    seats = Table(box=None, pad_edge=False)
    seats.add_column("seat")
    seats.add_column("cards")
    for name in seat_columns:
        seats.add_column(name)
    for p, size in enumerate(obs["hand_sizes"]):
        label = ("▶ " if p == obs["current_player"] else "") + ("you" if p == player else f"seat {p}")
        seats.add_row(label, str(size), *(str(v[p]) for v in seat_columns.values()))
    melds = Table(box=None, pad_edge=False, show_header=False)
    melds.add_column(justify="right", style="dim")
    melds.add_column()
    for i, m in enumerate(obs["table"], 1):
        melds.add_row(str(i), view_text(m))
    parts: list[Any] = [
        Text(header),
        seats,
        Text("Table:" if obs["table"] else "Table: (empty)"),
        melds,
        Text("Your hand: " + " ".join(obs["hand"]), style="bold"),
    ]
    return Panel(Group(*parts), title=title, expand=False)


def describe_place(game: str, old: Sequence[MeldT], move: PlaceMove) -> str:
    """One line on what a place move did: the hand cards laid, the table cards taken, melds changed."""
    return describe_tables(game, old, move.table)


def describe_tables(game: str, old: Sequence[MeldT], new: Sequence[MeldT]) -> str:
    """One line on what turned table ``old`` into ``new``: the hand cards laid, the table cards taken,
    melds rebuilt (the terminal's note after a place-move in every table game)."""
    added, removed, placed, taken = table_diff(old, new)
    text = "  lays " + (" ".join(deck(game).token(c) for c in sorted(placed.elements())) or "nothing")
    if taken:
        text += "; takes " + " ".join(deck(game).token(c) for c in sorted(taken.elements()))
    grown = [Counter(c for c, _ in m) for m in added]
    rebuilt = sum(1 for m in removed if not any(Counter(c for c, _ in m) <= g for g in grown))
    if rebuilt:
        text += f"; {rebuilt} table meld(s) rebuilt"  # melds not just extended
    return text
