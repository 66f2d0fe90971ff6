"""The hand solvers: one hand in, an optimal partition out.

:func:`solve_hand` reads cards (text, tokens or :class:`~romme.cards.Card`
objects), validates the rule options through :class:`~romme.rules.Rules` and
asks the exact solvers of the Rust core (``romme._core.solve_hand``). The
answer is a frozen :class:`HandSolution`::

    >>> sol = solve_hand("koenigs", "5h 6h 7h 9c 9d *", round=1)
    >>> sol.left_points, [str(c) for c in sol.left]
    (0, [])

Objectives (docs/RULES.md §6):

``min-left``   fewest points left in hand (Königs-Rommé default)
``opening``    best opening: most meld points, reported when they reach the
               game's minimum (Rommé, 1x1-Rommé, Rummy default)
``max-cards``  most cards in melds
``min-plays``  Krass Kariert: fewest plays to empty the hand (its default)

Ties between equally good partitions are broken by the core; the objective
value itself is always optimal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from . import _core
from .cards import Card, CardLike, bounded_items, deck, parse_codes
from .errors import InvalidNotationError, RulesError, quote
from .rules import Rules

#: Games with a hand solver.
SOLVER_GAMES = ("koenigs", "romme", "einmaleins", "rummy", "krass")

#: Every objective name.
OBJECTIVES = ("min-left", "opening", "max-cards", "min-plays")

#: The objectives each game answers; the first one is its default.
GAME_OBJECTIVES: dict[str, tuple[str, ...]] = {
    "koenigs": ("min-left", "max-cards"),
    "romme": ("opening", "min-left", "max-cards"),
    "einmaleins": ("opening", "min-left", "max-cards"),
    "rummy": ("opening", "max-cards", "min-left"),
    "krass": ("min-plays",),
}

#: Königs-Rommé rounds; in round r the rank r+2 is wild.
ROUNDS = range(1, 12)


@dataclass(frozen=True, slots=True)
class Placed:
    """One card of a meld and the natural card it stands for.

    A natural card stands for itself; a wild (joker, wish card, Königs-Rommé
    wild-rank card, 1x1 value-1 card in a run) for the card it replaces.
    In a Königs-Rommé set a wild stands for the set's rank in the first suit
    (any suit would do there).
    """

    card: Card
    stands_for: Card

    @property
    def is_substitute(self) -> bool:
        """True when the card is used for another card than itself."""
        return self.card != self.stands_for

    def __str__(self) -> str:
        return str(self.card) if not self.is_substitute else f"{self.card}={self.stands_for}"


@dataclass(frozen=True, slots=True)
class SolvedMeld:
    """A meld of an optimal partition: ``kind`` is ``"set"`` or ``"run"``,
    ``points`` its value under the game's meld counting (Rommé: ace 11 high,
    1 low, joker as its card; Rummy: jokers 0; 1x1: wilds as their card;
    Königs-Rommé: the represented ranks)."""

    kind: str
    placed: tuple[Placed, ...]
    points: int

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards of the meld, in meld order (runs ascending)."""
        return tuple(p.card for p in self.placed)

    @property
    def stands_for(self) -> tuple[Card, ...]:
        """What each card represents, in meld order."""
        return tuple(p.stands_for for p in self.placed)

    @property
    def wilds(self) -> dict[int, Card]:
        """Position in the meld -> represented card, for cards used as a substitute."""
        return {i: p.stands_for for i, p in enumerate(self.placed) if p.is_substitute}

    def tokens(self) -> list[str]:
        return [str(c) for c in self.cards]

    def __str__(self) -> str:
        return " ".join(str(p) for p in self.placed)


@dataclass(frozen=True, slots=True)
class Play:
    """One Krass Kariert play: 1–3 adjacent cards and the number each one
    shows (an X's chosen number; 0 for a draw or stop card)."""

    cards: tuple[Card, ...]
    values: tuple[int, ...]

    def tokens(self) -> list[str]:
        return [str(c) for c in self.cards]

    def __str__(self) -> str:
        return " ".join(f"{c}={v}" if c.type.kind == "x" else str(c) for c, v in zip(self.cards, self.values))


@dataclass(frozen=True, slots=True)
class HandSolution:
    """The answer of a hand solver: optimal when ``proven``.

    ``melds`` and ``left`` together hold exactly the hand's cards
    (Krass Kariert: ``plays`` hold them). Fields that do not apply to the
    game are ``None``. A hand whose exact solve reaches the solver's work
    limit is still answered, with the best partition found (valid melds,
    maybe not optimal) and ``proven`` False.
    """

    game: str
    objective: str
    hand: tuple[Card, ...]
    melds: tuple[SolvedMeld, ...]
    left: tuple[Card, ...]
    left_points: int
    #: Königs-Rommé: all but one card can be melded.
    can_go_out: bool | None = None
    #: Königs-Rommé: the card whose discard leaves the fewest points in the
    #: rest of the hand (when the player can go out, a card that lets them).
    discard: Card | None = None
    #: Rommé, 1x1-Rommé, Rummy: the highest opening total of this hand,
    #: ``None`` when no opening reaches the game's minimum.
    opening_points: int | None = None
    #: Krass Kariert: the plays that empty the hand, in order.
    plays: tuple[Play, ...] | None = None
    #: Königs-Rommé round (1..11), else ``None``.
    round: int | None = None
    #: Whether the answer is proven optimal (False: the exact solve reached its
    #: work limit; every field is then the best found).
    proven: bool = True

    @property
    def melded_cards(self) -> int:
        return sum(len(m.placed) for m in self.melds)

    @property
    def meld_points(self) -> int:
        return sum(m.points for m in self.melds)

    def to_json(self) -> dict[str, Any]:
        """The ``romme solve --json`` object (docs/JSON.md): every key of :data:`SOLVE_JSON_KEYS`,
        ``null`` where it does not apply to the game."""
        plays = None if self.plays is None else list(self.plays)
        return solve_json(
            game=self.game,
            mode="hand",
            objective=self.objective,
            hand=[str(c) for c in self.hand],
            melds=[m.tokens() for m in self.melds],
            kinds=[m.kind for m in self.melds],
            meld_points=[m.points for m in self.melds],
            stands_for=[[str(c) for c in m.stands_for] for m in self.melds],
            left=[str(c) for c in self.left],
            left_points=self.left_points,
            round=self.round,
            can_go_out=self.can_go_out,
            discard=None if self.discard is None else str(self.discard),
            opening_points=self.opening_points,
            plays=None if plays is None else [p.tokens() for p in plays],
            play_values=None if plays is None else [list(p.values) for p in plays],
            optimal=self.proven,
            cut_by=None if self.proven else "work limit",
        )


#: The keys of every ``romme solve --json`` object, hand and table answers alike, in print order
#: (docs/JSON.md describes them; docs/solve.schema.json is the schema the tests check).
SOLVE_JSON_KEYS = (
    "game",
    "mode",
    "objective",
    "hand",
    "melds",
    "kinds",
    "meld_points",
    "stands_for",
    "left",
    "left_points",
    "round",
    "can_go_out",
    "discard",
    "opening_points",
    "plays",
    "play_values",
    "placed",
    "placed_count",
    "placed_points",
    "taken",
    "moved",
    "optimal",
    "moved_optimal",
    "cut_by",
    "work",
)


def solve_json(**fields: Any) -> dict[str, Any]:
    """A ``romme solve --json`` object: ``fields`` in the order of :data:`SOLVE_JSON_KEYS`, every
    key present (``None`` for what the answer does not have)."""
    unknown = set(fields) - set(SOLVE_JSON_KEYS)
    assert not unknown, f"keys outside the solve schema: {sorted(unknown)}"
    return {key: fields.get(key) for key in SOLVE_JSON_KEYS}


def _solver_game(game: str) -> str:
    if game not in SOLVER_GAMES:
        raise RulesError(f"unknown game {quote(game)} for the hand solvers; valid games: {', '.join(SOLVER_GAMES)}")
    return game


def check_objective(game: str, objective: str | None) -> str:
    """The objective to use (the game's default for ``None``); :class:`RulesError`
    naming the valid ones if the game has no such question."""
    valid = GAME_OBJECTIVES[_solver_game(game)]
    if objective is None:
        return valid[0]
    if objective not in valid:
        what = (
            f"objective {quote(objective)} does not apply to {game}"
            if objective in OBJECTIVES
            else f"unknown objective {quote(objective)}"
        )
        raise RulesError(f"{what}; valid objectives for {game}: {', '.join(valid)}")
    return objective


def check_round(game: str, round: int | None) -> int:
    """The round number for the core (0 for games without rounds)."""
    if game == "koenigs":
        if round is None:
            raise RulesError("koenigs needs a round 1..11 (the wild rank is round + 2)")
        if isinstance(round, bool) or not isinstance(round, int) or round not in ROUNDS:
            raise RulesError(f"round must be 1..11 for koenigs, got {quote(round)}")
        return round
    if round is not None:
        raise RulesError(f"round applies only to koenigs, not {game}")
    return 0


def _rules(game: str, rules: Rules | str | Mapping[str, Any] | None, options: Mapping[str, Any]) -> Rules:
    if rules is None or isinstance(rules, str):
        try:
            return _cached_rules(game, rules, tuple(sorted(options.items())))
        except TypeError:  # an unhashable option value: validate it the slow way (and fail there)
            pass
    return Rules.make(game, rules, **options)


@lru_cache(maxsize=256)
def _cached_rules(game: str, preset: str | None, options: tuple[tuple[str, Any], ...]) -> Rules:
    # bots call the solver thousands of times with the same few option sets
    return Rules.make(game, preset, **dict(options))


@lru_cache(maxsize=64)
def _copies(game: str, jokers_per_deck: Any) -> tuple[int, ...]:
    counts = deck(game).counts(**({} if jokers_per_deck is None else {"jokers_per_deck": jokers_per_deck}))
    return tuple(counts[code] for code in range(len(counts)))


#: The most hands one solve_hands call reads (an endless generator of hands hung the call).
MAX_HANDS = 100_000


def _codes(game: str, cards: str | Iterable[CardLike], options: Mapping[str, Any]) -> list[int]:
    """Cards as checked codes. Lists of plain codes (what bots pass) take a
    fast path; anything it does not accept goes through :func:`parse_codes`,
    which raises the precise error."""
    # (a plain list or tuple: a subclass's __len__ may lie, and list() trusts it)
    if isinstance(cards, (list, tuple)) and type(cards) in (list, tuple) and all(type(c) is int for c in cards):
        copies = _copies(game, options.get("jokers_per_deck"))
        if all(0 <= c < len(copies) for c in cards) and all(n <= copies[c] for c, n in Counter(cards).items()):
            return list(cards)
    return parse_codes(game, cards, **options)


@cache
def _deck_cards(game: str) -> tuple[Card, ...]:
    g = deck(game).game
    return tuple(Card(g, code) for code in range(len(deck(game).types)))


@lru_cache(maxsize=8192)
def _placed(game: str, code: int, stands_for: int) -> Placed:
    cards = _deck_cards(game)
    return Placed(cards[code], cards[stands_for])


def _solution(game: str, objective: str, round: int, hand: Sequence[int], raw: _core.HandSolution) -> HandSolution:
    cards = _deck_cards(game)
    melds = tuple(
        SolvedMeld(m.kind, tuple(_placed(game, c, s) for c, s in m.pairs), m.points) for m in raw.melds
    )
    plays = raw.plays
    discard = raw.discard
    return HandSolution(
        game=game,
        objective=objective,
        hand=tuple(cards[c] for c in hand),
        melds=melds,
        left=tuple(cards[c] for c in raw.left),
        left_points=raw.left_points,
        can_go_out=raw.can_go_out,
        discard=None if discard is None else cards[discard],
        opening_points=raw.opening_points,
        plays=None
        if plays is None
        else tuple(Play(tuple(cards[c] for c, _ in p), tuple(v for _, v in p)) for p in plays),
        round=round or None,
        proven=raw.proven,
    )


def solve_hand(
    game: str,
    cards: str | Iterable[CardLike],
    *,
    round: int | None = None,
    objective: str | None = None,
    rules: Rules | str | Mapping[str, Any] | None = None,
    **options: Any,
) -> HandSolution:
    """Solves one hand exactly.

    ``game`` is koenigs, romme, einmaleins, rummy or krass; ``cards`` a text
    (``"Kh 10t *"``), tokens or :class:`Card` objects (Krass Kariert: in hand
    order). ``round`` is the Königs-Rommé round 1..11 (required there, wild
    rank round + 2). ``objective`` defaults per game (see the module doc).
    Rule options come as keywords (``opening_points=40``) on top of
    ``rules`` (a :class:`Rules`, a preset name or a mapping).

    Raises :class:`~romme.errors.InvalidNotationError` (bad token, card not
    in the deck, too many copies), :class:`~romme.errors.RulesError` (unknown
    game, option, objective, bad round) or :class:`~romme.errors.SolverError`
    (a hand the core rejects: over its game's size cap, or too hard for the
    exact solver's work limit, which answers or refuses any hand within a
    second; docs/RULES-NOTES.md "Hand-solver API").

    Königs-Rommé, round 1 (the 3s are wild; ``*`` is a joker): two melds,
    the king of clubs (``Kt``, Kreuz) left to discard when going out:

        >>> from romme import solve_hand
        >>> sol = solve_hand("koenigs", "5h 7h * 9c 9d 9s Kt", round=1)
        >>> [(m.kind, str(m)) for m in sol.melds]
        [('run', '5h *=6h 7h'), ('set', '9c 9d 9s')]
        >>> sol.can_go_out, str(sol.discard), sol.left_points
        (True, 'Kt', 13)

    Rommé's best opening (the ace counts 11 high in a run), and a house rule
    as a keyword:

        >>> solve_hand("romme", "Qh Kh Ah 2c 7s 7d 7c").opening_points
        52
        >>> print(solve_hand("romme", "Qh Kh Ah 2c", opening_points=40).opening_points)
        None
    """
    _solver_game(game)
    obj = check_objective(game, objective)
    rnd = check_round(game, round)
    r = _rules(game, rules, options)
    opts = dict(r.options)
    codes = _codes(game, cards, opts)
    raw = _core.solve_hand(game, codes, obj, opts, rnd)  # the core's refusals are SolverError
    return _solution(game, obj, rnd, codes, raw)


def solve_hands(
    game: str,
    hands: Iterable[str | Iterable[CardLike]],
    *,
    round: int | None = None,
    objective: str | None = None,
    rules: Rules | str | Mapping[str, Any] | None = None,
    **options: Any,
) -> list[HandSolution]:
    """Solves many hands of one game in one call to the core (for bots).

    Takes the same arguments as :func:`solve_hand` with a sequence of hands;
    the core runs them without holding the interpreter lock. Every hand is
    checked before any is solved.
    """
    _solver_game(game)
    obj = check_objective(game, objective)
    rnd = check_round(game, round)
    r = _rules(game, rules, options)
    opts = dict(r.options)
    if isinstance(hands, (str, bytes, Mapping)) or not isinstance(hands, Iterable):
        raise InvalidNotationError(f"hands are a list of hands, got {quote(hands)}")
    all_codes = [_codes(game, h, opts) for h in bounded_items(hands, MAX_HANDS, "a list of hands")]
    raws = _core.solve_hands(game, all_codes, obj, opts, rnd)
    return [_solution(game, obj, rnd, codes, raw) for codes, raw in zip(all_codes, raws)]
