"""The engine API every game, bot, front end and test uses (OpenSpiel's split).

A *game* (:class:`GameSpec`: id, players, rules) makes an initial *state*
(:class:`GameState`). A state knows ``current_player``, ``phase``,
``legal_moves()``, ``apply(move)``, ``is_over``, ``result()``,
``observation(player)``, ``clone()`` and ``undo()``. Moves are small frozen
values with a notation ``str()`` and a JSON form.

Determinism: a state is fully defined by (game id, players, seed, rules,
move log); ``undo`` and save/load replay that log. All chance (deals,
reshuffles) comes from a :class:`romme.rng.Rng` seeded with ``seed`` and
consumed in a fixed order, never from :mod:`random`.

Conventions every game follows (tests/helpers/playout.py checks them):

- Seats are ``0 .. num_players-1`` in clockwise order. ``current_player`` is
  ``-1`` once ``is_over``.
- Moves are frozen dataclasses (subclasses of :class:`Move`) holding card
  *codes*; ``str(move)`` is the notation that ``parse_move`` reads back, and
  ``to_json()`` / ``move_from_json`` round-trip (cards as tokens in JSON).
- ``legal_moves()`` lists the moves of this position (bots pick from it), each
  at most once; it is a sequence, cheap to build. Every listed move is legal.
  Each game's ``legal_moves`` docstring says whether the list is complete (every
  move ``apply`` accepts) or a bounded choice of them (a table game's new tables
  are too many to list); tests/helpers/playout.py checks both halves.
- ``apply`` checks first: an illegal move raises
  :class:`~romme.errors.IllegalMoveError` naming the rule and changes nothing.
  A move object the state's own listing made in this very position
  (:meth:`GameState._remember_listing`), or that ``is_legal`` found legal in it,
  is known legal and skips the checks; any other move, even an equal one, is
  checked in full.
- ``zones()`` names every card's place: ``hand<i>`` (seen only by seat i),
  ``stock`` (seen by nobody, order secret), plus public zones (``discard``,
  ``table``, ``melds<i>``, ``out`` …). Together they always hold the game's
  full deck (docs/DECKS.md). Zone lists are in a fixed order (``stock``: bottom
  first, top last; ``discard``: top last) so snapshots compare exactly.
- ``observation(p)`` is JSON-ready (str/int/bool/None/list/dict only) and
  holds cards as tokens (``"Kh"``). Common keys: ``game``, ``player``,
  ``current_player``, ``phase``, ``is_over``, ``scores``, ``hand`` (own cards),
  ``hand_sizes`` (all seats), ``stock_size``; games add their public zones.
  It never holds another seat's hand or the stock order.
"""

from __future__ import annotations

import copy
import operator
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields
from itertools import repeat
from typing import Any, ClassVar

from .errors import IllegalMoveError, InvalidNotationError, RulesError, quote
from .rng import check_seed
from .rules import OPTIONS, PRESETS, Rules


@dataclass(frozen=True)
class Move:
    """Base of every move. Subclasses are frozen dataclasses with a ``kind``.

    ``str(move)`` is the move's notation (``state.parse_move`` reads it back);
    ``to_json()`` a JSON-ready dict with at least ``kind`` and ``player``.
    """

    player: int

    kind: ClassVar[str] = "move"

    def hand_cards(self, table: Iterable[Iterable[int]] = ()) -> tuple[int, ...]:
        """The hand cards this move lays or gives away (codes, ascending), played on ``table`` (each table
        meld's card codes; only a table game's place-move reads it): what a front end matches a selection
        of hand cards with. A move naming no hand card (a draw, a pass, a play by hand positions) has none."""
        return ()

    def to_json(self) -> dict[str, Any]:
        """``{"kind": ..., "player": ..., <fields>}``; games override it to
        write cards as tokens."""
        out: dict[str, Any] = {"kind": self.kind}
        for name in self.__dataclass_fields__:
            value = getattr(self, name)
            out[name] = list(value) if isinstance(value, tuple) else value
        return out


class _ReadFields(Mapping[str, Any]):
    """A move's JSON object that remembers which fields a game's decoder read (``[]``, ``get`` or ``in``):
    the fields it did not read are fields the game does not know, whatever the move's kind."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self._data = data
        self.read: set[object] = set()

    def __getitem__(self, key: str) -> Any:
        self.read.add(key)
        return self._data[key]

    def __contains__(self, key: object) -> bool:
        self.read.add(key)
        return key in self._data

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __repr__(self) -> str:  # a decoder's error message quotes the move as given
        return repr(self._data)


#: The longest move text :meth:`GameState.parse_move` reads (a whole Rummy table is about 700).
MAX_MOVE_CHARS = 10_000


def check_fields(move: Move) -> None:
    """:class:`IllegalMoveError` unless every field of ``move`` has the shape its annotation
    names: an ``int`` field an int (not a bool), a ``str`` field a text, any other field (card
    lists, melds, tables) a tuple of such ints, nested. Ints are at most 32 bits: codes, seats,
    positions and meld numbers are small, and a 5,000-digit one could not even be printed."""
    for name, kind in _field_kinds(type(move)):
        value = getattr(move, name)
        if kind == "int":
            fits = _small_int(value)
        elif kind == "str":
            fits = type(value) is str
        else:
            fits = _int_tuple(value)
        if not fits:
            what = {"int": "an integer", "str": "a text"}.get(kind, "a tuple of integers")
            raise IllegalMoveError(f"{type(move).__name__} field {name!r} holds {quote(value)}, not {what}")


_FIELD_KINDS: dict[type, tuple[tuple[str, str], ...]] = {}


def _field_kinds(cls: type[Move]) -> tuple[tuple[str, str], ...]:
    """``(name, annotation)`` of each field (annotations are texts: the modules use lazy annotations)."""
    kinds = _FIELD_KINDS.get(cls)
    if kinds is None:
        kinds = _FIELD_KINDS[cls] = tuple((f.name, str(f.type)) for f in fields(cls))
    return kinds


def _small_int(value: object) -> bool:
    return type(value) is int and -(2**31) <= value < 2**31


def _int_tuple(value: object, depth: int = 0) -> bool:
    # (a plain loop: a whole Rummy table is checked on every place move)
    if type(value) is not tuple or depth > 3:
        return False
    for v in value:
        if type(v) is int:
            if not -2147483648 <= v < 2147483648:
                return False
        elif not _int_tuple(v, depth + 1):
            return False
    return True


@dataclass(frozen=True)
class Result:
    """The outcome of a finished game: points per seat and the winners."""

    scores: tuple[int, ...]
    """Final points per seat (the game's own counting; see ``lower_is_better``)."""
    winners: tuple[int, ...]
    """Seats that won (several on a tie; empty if nobody won, e.g. a lost solitaire)."""
    detail: Mapping[str, Any] = field(default_factory=dict)
    """Game-specific extras (JSON-ready), e.g. ``{"lower_is_better": True}``."""

    def to_json(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "winners": list(self.winners), **dict(self.detail)}


class GameState(ABC):
    """A position of one game. Subclasses implement the ``_``-prefixed hooks.

    Public methods are the same for every game; ``apply`` checks legality
    first so that an illegal move changes nothing.
    """

    game_id: ClassVar[str]
    #: The move objects the last listing of this position made; forgotten at every apply. A clone shares
    #: it: same position.
    _listing: list[Move] | None = None
    #: The last move object ``is_legal`` found legal in this position; forgotten at every apply.
    _checked: Move | None = None

    def __init__(self, players: int, seed: int | str | None, rules: Rules) -> None:
        self.num_players = players
        self.seed = seed
        self.rules = rules
        self.history: list[Move] = []

    @property
    def players(self) -> int:
        """Number of seats (alias of ``num_players``)."""
        return self.num_players

    # --- what a subclass provides -------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int:
        """The seat to move, or -1 when the game is over."""

    @property
    @abstractmethod
    def phase(self) -> str:
        """A short name of what the current player has to do (e.g. ``draw``)."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def legal_moves(self) -> Sequence[Move]: ...

    @abstractmethod
    def _check(self, move: Move) -> None:
        """Raise :class:`IllegalMoveError` naming the rule if ``move`` is illegal."""

    @abstractmethod
    def _apply(self, move: Move) -> None:
        """Carry out a move already checked legal."""

    @abstractmethod
    def result(self) -> Result:
        """The outcome; on an unfinished game, the standings so far."""

    @abstractmethod
    def _observation(self, player: int) -> dict[str, Any]:
        """The view of seat ``player``, already checked to be a seat of this game."""

    @abstractmethod
    def _parse_move(self, text: str) -> Move:
        """A move from its notation, ``text`` already checked to be a text of sane length."""

    @abstractmethod
    def _move_from_json(self, data: Mapping[str, Any]) -> Move:
        """A move from its JSON form, ``data`` already checked to be a mapping."""

    @abstractmethod
    def zones(self) -> dict[str, list[int]]:
        """Every card, by zone name (stock, discard, hand0, table, out, …), as codes.

        Tests check that the zones together always hold the game's full deck.
        """

    # --- the same for every game ---------------------------------------
    def parse_move(self, text: str) -> Move:
        """A move from its notation (``"discard Kh"``) for the current player;
        :class:`InvalidNotationError` naming the problem if it cannot be read."""
        if not isinstance(text, str):
            raise InvalidNotationError(f"a move is read from a text, got {quote(text)}")
        if len(text) > MAX_MOVE_CHARS:
            raise InvalidNotationError(f"a move text has at most {MAX_MOVE_CHARS} characters, got {len(text)}")
        return self._parse_move(text)

    def move_from_json(self, data: Mapping[str, Any]) -> Move:
        """A move from its JSON form (``move.to_json()``); :class:`InvalidNotationError` if unreadable,
        or if it holds a field the game does not read (a save is romme's own format: a field it does not
        know is a damaged or foreign file, not data to drop silently)."""
        if not isinstance(data, Mapping):
            raise InvalidNotationError(f"a move in JSON is an object, got {quote(data)}")
        view = _ReadFields(data)
        move = self._move_from_json(view)
        unread = [key for key in data if key not in view.read]
        if unread:
            raise InvalidNotationError(
                f"a {quote(data.get('kind'), 20)} move has no field {quote(unread[0], 40)} "
                f"(its fields: {', '.join(move.to_json())})"
            )
        return move

    def observation(self, player: int) -> dict[str, Any]:
        """JSON-ready view of one seat: never another seat's hand or the stock order.
        :class:`RulesError` for a seat the game does not have."""
        self._check_seat(player)
        return self._observation(player)

    def _check_seat(self, player: object) -> None:
        """:class:`RulesError` unless ``player`` is a seat of this game (an int, not a bool)."""
        if type(player) is not int or not 0 <= player < self.num_players:
            raise RulesError(f"no seat {quote(player)}; seats are 0..{self.num_players - 1}")

    def apply(self, move: Move) -> None:
        """Play ``move``; :class:`IllegalMoveError` (state unchanged) if illegal."""
        # (the move ``is_legal`` or the game found legal just now, tested here first: a bot's move mostly is)
        if (move is not self._checked or move is None) and not self._is_listed(move):
            self._check_turn(move)
            self._check(move)
        self._listing = None
        self._checked = None
        self._apply(move)
        self.history.append(move)

    def _remember_listing(self, moves: Iterable[Move] = ()) -> list[Move]:
        """Marks ``moves`` (made by this state's ``legal_moves`` for the current position) as known
        legal: ``apply`` of one of these very objects skips the checks, which cost more than the move
        itself on a large table. A game calls it only with moves its generator guarantees legal.
        Returns the record (a copy: the caller's list may change): a lazy listing appends each move
        it builds later."""
        self._listing = list(moves)
        return self._listing

    def _is_listed(self, move: Move) -> bool:
        """Whether ``move`` is one of the objects the listing of this position made, or the one ``is_legal``
        found legal in it (by identity: an equal move made elsewhere may hold fields of other types and is
        checked in full)."""
        if move is self._checked and move is not None:
            return True
        listing = self._listing
        return listing is not None and any(map(operator.is_, listing, repeat(move)))

    def is_legal(self, move: Move) -> bool:
        """Whether ``apply(move)`` would succeed (never changes the position). A move object found legal
        is remembered (the last one), so that ``apply`` of that very object skips the checks."""
        if self._is_listed(move):
            return True
        try:
            self._check_turn(move)
            self._check(move)
        except IllegalMoveError:
            return False
        self._checked = move
        return True

    def _check_turn(self, move: Move) -> None:
        """What every game checks first: a move of this game's shape, by the seat to move, in a
        game not over. Fields of the wrong type (a float, None, a list) are refused here, so the
        game's own check sees only the integers, texts and tuples its moves are made of."""
        if not isinstance(move, Move):
            raise IllegalMoveError(f"not a move: {quote(move)}")
        check_fields(move)
        if self.is_over:
            raise IllegalMoveError(f"move {move} after the game is over")
        if move.player != self.current_player:
            raise IllegalMoveError(f"move {move} by seat {move.player}, but it is seat {self.current_player}'s turn")

    def clone(self) -> GameState:
        """An independent copy. The default deep-copies; games override it
        with a field-by-field copy because search and playouts clone a lot."""
        return copy.deepcopy(self)

    def undo(self) -> Move:
        """Takes back the last move (returned) by replaying the log without it.

        Replaying is exact because all chance comes from the seeded Rng."""
        if not self.history:
            raise IllegalMoveError("nothing to undo")
        last = self.history[-1]
        fresh = new_game(self.game_id, players=self.num_players, seed=self.seed, rules=self.rules)
        for m in self.history[:-1]:
            fresh.apply(m)
        self.__dict__.clear()
        self.__dict__.update(fresh.__dict__)
        return last

    def card_count(self) -> Counter[int]:
        """Multiset of every card in every zone (the conservation invariant)."""
        total: Counter[int] = Counter()
        for cards in self.zones().values():
            total.update(cards)
        return total

    def snapshot(self) -> dict[str, Any]:
        """A canonical JSON-ready picture of the whole state (hidden parts
        included) for exact comparisons: replay must reproduce it."""
        return {
            "game": self.game_id,
            "players": self.num_players,
            "current_player": self.current_player,
            "phase": self.phase,
            "is_over": self.is_over,
            "zones": {k: list(v) for k, v in sorted(self.zones().items())},
            "observations": [self.observation(p) for p in range(self.num_players)],
            "history": [m.to_json() for m in self.history],
            "result": self.result().to_json() if self.is_over else None,
        }

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} {self.game_id} players={self.num_players} "
            f"seed={self.seed!r} moves={len(self.history)} phase={self.phase}>"
        )


@dataclass(frozen=True)
class GameSpec:
    """A game the engine can play: its id, seat range and state factory."""

    id: str
    name: str
    min_players: int
    max_players: int
    default_players: int
    factory: Callable[[int, int | str | None, Rules], GameState]
    deck: str = ""
    """The deck id for card notation (``romme.cards.deck``); empty = ``id``."""

    @property
    def deck_id(self) -> str:
        return self.deck or self.id

    def describe(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "deck": self.deck_id,
            "name": self.name,
            "players": [self.min_players, self.max_players],
            "default_players": self.default_players,
            "presets": sorted(PRESETS.get(self.id, {})),
            "options": {n: o.default for n, o in OPTIONS[self.id].items()},
        }


_REGISTRY: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    """Makes a game known to :func:`new_game` (called by ``romme/games/<id>.py``)."""
    _REGISTRY[spec.id] = spec
    return spec


_LOADED = False
#: the game modules, in the order their games are listed (list_games: the start screen's tiles, error messages):
#: importing a module registers its games, so the registry's own order is whichever a program imported first
#: (a test importing Krass Kariert first put its tile before Königs-Rommé's)
_GAME_MODULES = ("koenigs", "koenigs.solo", "krass", "romme", "einmaleins", "rummy")


def _load_games() -> None:
    # Importing the game modules registers them (once), on first use: `import romme` stays cheap for the CLI.
    global _LOADED
    if _LOADED:
        return
    _LOADED = True
    import importlib

    for mod in _GAME_MODULES:
        importlib.import_module(f"romme.games.{mod}")
    listed = {f"romme.games.{mod}": i for i, mod in enumerate(_GAME_MODULES)}
    in_order = sorted(_REGISTRY.values(), key=lambda spec: listed.get(spec.factory.__module__, len(listed)))
    _REGISTRY.clear()
    _REGISTRY.update((spec.id, spec) for spec in in_order)


def list_games() -> dict[str, dict[str, Any]]:
    """Every playable game id with its seats, presets and options (defaults).

    (Named ``list_games`` and not ``games``: ``romme.games`` is the package of game modules.)

        >>> from romme import list_games
        >>> sorted(list_games())
        ['einmaleins', 'koenigs', 'koenigs-solo', 'krass', 'romme', 'rummy']
        >>> list_games()["krass"]["players"], list_games()["krass"]["options"]
        ([3, 5], {'long_game': False})
    """
    _load_games()
    return {gid: spec.describe() for gid, spec in _REGISTRY.items()}


def spec(game_id: str) -> GameSpec:
    """The :class:`GameSpec` of a game id; :class:`RulesError` naming the valid ids."""
    _load_games()
    if not isinstance(game_id, str) or game_id not in _REGISTRY:
        raise RulesError(f"unknown game {quote(game_id)}; valid games: {', '.join(_REGISTRY)}")
    return _REGISTRY[game_id]


def new_game(
    game_id: str,
    players: int | None = None,
    seed: int | str | None = 0,
    rules: Rules | str | Mapping[str, Any] | None = None,
    **options: Any,
) -> GameState:
    """A new game: ``new_game("koenigs", players=3, seed=7, rules="standard")``.

    ``rules`` is a preset name, an option mapping, a :class:`Rules` or None
    (defaults); keyword ``options`` override on top. Bad values raise
    :class:`RulesError`.

    A turn of Königs-Rommé: moves are read from the notation the game prints
    (or taken from ``legal_moves()``); ``observation(seat)`` is what that seat
    may see; a move the rules refuse raises :class:`IllegalMoveError` and
    leaves the state as it was:

        >>> from romme import IllegalMoveError, new_game
        >>> game = new_game("koenigs", players=2, seed=7)
        >>> game.current_player, game.phase, [str(m) for m in game.legal_moves()]
        (0, 'draw', ['draw stock', 'draw discard'])
        >>> game.apply(game.parse_move("draw stock"))
        >>> game.observation(0)["hand"], game.phase
        (['Kh', '7t', '7t', 'Kt'], 'discard')
        >>> try:
        ...     game.apply(game.parse_move("discard Qs"))
        ... except IllegalMoveError as refusal:
        ...     print(refusal)
        discard Qs: that card is not in seat 0's hand
        >>> game.apply(game.parse_move("discard Kh"))
        >>> game.current_player, game.observation(1)["discard_top"]
        (1, 'Kh')
        >>> str(game.undo())  # takes back the last move and returns it
        'discard Kh'
        >>> game.current_player, game.phase
        (0, 'discard')
    """
    s = spec(game_id)
    n = s.default_players if players is None else players
    if isinstance(n, bool) or not isinstance(n, int) or not s.min_players <= n <= s.max_players:
        raise RulesError(f"{game_id} takes {s.min_players}..{s.max_players} players, got {quote(players)}")
    return s.factory(n, check_seed(seed), Rules.make(game_id, rules, **options))


def replay(
    game_id: str,
    players: int,
    seed: int | str | None,
    rules: Rules,
    moves: Iterable[Mapping[str, Any]] | Sequence[Move],
) -> GameState:
    """Rebuilds a state from its seed and move log (JSON dicts or moves)."""
    state = new_game(game_id, players=players, seed=seed, rules=rules)
    for m in moves:
        state.apply(m if isinstance(m, Move) else state.move_from_json(m))
    return state
