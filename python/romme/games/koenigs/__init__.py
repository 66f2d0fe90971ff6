"""Königs-Rommé (docs/RULES.md §1, sheet 000): 2-7 players, eleven rounds.

Round r (1..11) deals r+2 cards and makes rank r+2 wild. A turn is two moves:
``draw stock`` / ``draw discard``, then ``discard Kh`` or ``out Kh`` (go out:
lay every other card in melds, discard Kh). After someone goes out every other
player has one last turn (``draw ...``, then ``discard Kh``, which also lays
down the best melds of the rest of the hand: laying down can only lower the
score). Then the round is scored and the next one dealt.

Cards are codes ``suit*11 + (rank-3)`` (suits c d h s t), joker 55.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ... import _core
from ...cards import deck
from ...engine import GameSpec, GameState, Move, Result, register
from ...errors import IllegalMoveError, InvalidNotationError, quote
from ...rng import Rng
from ...rules import Rules

GAME = "koenigs"
JOKER = 55
ROUNDS = 11
NUM_CODES = 56
RANK_NAMES = {11: "J", 12: "Q", 13: "K"}

_DECK = deck(GAME)
_TOKENS = tuple(_DECK.token(c) for c in range(NUM_CODES))
_FULL = tuple(_DECK.full())


def _round_rules() -> tuple[list[int], list[tuple[bool, ...]], list[tuple[int, ...]]]:
    """Per round (index 1..11, 0 unused): the wild rank, and by card code whether the card is wild
    and the points it costs left in hand, as the core's rules give them (``koenigs::round_cards``)."""
    ranks: list[int] = [0]
    wilds: list[tuple[bool, ...]] = [()]
    points: list[tuple[int, ...]] = [()]
    for r in range(1, ROUNDS + 1):
        cards = _core.koenigs_round_cards(r)
        ranks.append(cards.wild_rank)
        wilds.append(tuple(cards.wild))
        points.append(tuple(cards.points))
    return ranks, wilds, points


_WILD_RANK, _WILDS, _POINTS = _round_rules()


def wild_rank(round_: int) -> int:
    """The round's wild rank (3 in round 1 ... 13 = K in round 11)."""
    return _WILD_RANK[round_]


def round_wilds(round_: int) -> tuple[bool, ...]:
    """By card code: whether the card is wild in the round (jokers and the wild rank)."""
    return _WILDS[round_]


def round_points(round_: int) -> tuple[int, ...]:
    """By card code: points of the card left in hand in the round (face 3-10, J 11, Q 12, K 13,
    joker 50, wild rank 20)."""
    return _POINTS[round_]


def is_wild(code: int, round_: int) -> bool:
    return _WILDS[round_][code]


def card_points(code: int, round_: int) -> int:
    """Points of a card left in hand (see :func:`round_points`)."""
    return _POINTS[round_][code]


def hand_points(codes: list[int], round_: int) -> int:
    points = _POINTS[round_]
    return sum(points[c] for c in codes)


def deal_points(hands: list[list[int]], out_player: int, round_: int) -> list[int]:
    """The points each seat scores at a deal's end: none for the seat that went out, else its cards left's
    (``hands``: what is left after the lay-downs)."""
    return [0 if p == out_player else hand_points(h, round_) for p, h in enumerate(hands)]


def rank_name(rank: int) -> str:
    """A rank as the tokens write it (3..10, J, Q, K)."""
    return RANK_NAMES.get(rank, str(rank))


# --- the solver ------------------------------------------------------------


def solve(codes: list[int], round_: int) -> _core.HandSolution:
    """The exact solver's best lay-down of ``codes`` (fewest points left); see docs/ARCHITECTURE.md."""
    return _core.solve_hand(GAME, list(codes), "min-left", {}, round_)


def melds_fully(codes: list[int], round_: int) -> bool:
    """Whether all of ``codes`` can be laid in melds (the core: one DP, no melds built)."""
    return _core.koenigs_melds_fully(list(codes), round_)


def go_out_discards(hand: list[int], round_: int) -> list[int]:
    """Every distinct card whose discard leaves a hand that melds completely, ascending (the core:
    the discards' DPs share one memo)."""
    return _core.koenigs_go_out_discards(list(hand), round_)


# --- moves -----------------------------------------------------------------


def token(code: int) -> str:
    """The card's token; a readable placeholder for a code outside the deck."""
    return _TOKENS[code] if isinstance(code, int) and 0 <= code < NUM_CODES else f"<card {code!r}>"


def _card_from_json(value: Any) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < NUM_CODES:
        return value
    if isinstance(value, str):
        return _DECK.parse_token(value)
    raise InvalidNotationError(f"bad card {quote(value)} in move: expected a token like 'Kh' or '*'")


@dataclass(frozen=True)
class Draw(Move):
    """Take the top card of the stock (``source="stock"``) or of the discard pile."""

    source: str = "stock"
    kind: ClassVar[str] = "draw"

    def __str__(self) -> str:  # a hostile source (a newline, 5,000 characters) is named, not printed, in messages
        return f"draw {self.source}" if self.source in ("stock", "discard") else f"draw {quote(self.source)}"


@dataclass(frozen=True)
class Discard(Move):
    """Discard a card (in the last turn after someone went out, first lay down
    the best melds of the rest of the hand)."""

    card: int = 0
    kind: ClassVar[str] = "discard"

    def __str__(self) -> str:
        return f"discard {token(self.card)}"

    def hand_cards(self, table: Iterable[Iterable[int]] = ()) -> tuple[int, ...]:
        return (self.card,)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player, "card": token(self.card)}


@dataclass(frozen=True)
class GoOut(Move):
    """Go out: lay every hand card but ``card`` in melds, then discard ``card``."""

    card: int = 0
    kind: ClassVar[str] = "out"

    def __str__(self) -> str:
        return f"out {token(self.card)}"

    def hand_cards(self, table: Iterable[Iterable[int]] = ()) -> tuple[int, ...]:
        """The card it discards (the melds of the rest are the game's to find)."""
        return (self.card,)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player, "card": token(self.card)}


# Moves are immutable values: build each one once (legal_moves stays cheap).
_DRAW = [(Draw(p, "stock"), Draw(p, "discard")) for p in range(7)]
_DISCARD = [[Discard(p, c) for c in range(NUM_CODES)] for p in range(7)]
_OUT = [[GoOut(p, c) for c in range(NUM_CODES)] for p in range(7)]

DRAW, DISCARD, LAST_DRAW, LAST_DISCARD, OVER = "draw", "discard", "last-draw", "last-discard", "over"


class KoenigsState(GameState):
    """A Königs-Rommé game in progress (see the module docstring)."""

    game_id: ClassVar[str] = GAME

    def __init__(self, players: int, seed: int | str | None, rules: Rules) -> None:
        super().__init__(players, seed, rules)
        self.rng = Rng(seed)
        self.round = 0
        self.dealer = players - 1  # so that seat 0 leads round 1
        self.scores = [0] * players
        self.round_scores: list[list[int]] = []
        self.last_round: dict[str, Any] | None = None
        self._deal_round(1)

    # --- dealing, reshuffling, scoring ---------------------------------
    def _deal_round(self, round_: int) -> None:
        n = self.num_players
        self.round = round_
        cards = list(_FULL)
        self.rng.shuffle(cards)
        size = round_ + 2
        self.hands = [cards[i * size : (i + 1) * size] for i in range(n)]
        self.stock = cards[n * size :]
        self.discard = [self.stock.pop()]
        self.melds: list[list[list[tuple[int, int]]]] = [[] for _ in range(n)]
        self.out_player = -1
        self.last_turns_left = 0
        self._cur = (self.dealer + 1) % n
        self._phase = DRAW
        self._out_cache: tuple[int, list[int]] | None = None

    def _refill_stock(self) -> None:
        """The last stock card was drawn: the discard pile becomes the new stock
        (its top card stays as the discard pile with ``keep_top_discard``)."""
        if self.rules.keep_top_discard and self.discard:
            top = self.discard.pop()
            self.stock, self.discard = self.discard, [top]
        else:
            self.stock, self.discard = self.discard, []
        self.rng.shuffle(self.stock)

    def _score_deal(self, pts: list[int]) -> bool:
        """Adds a deal's points (:func:`deal_points`) to the scores; after the last deal the game is over (True).
        The master's rollout loop (:mod:`romme.bots.master_koenigs_rollout`) scores a deal's end through it too."""
        for p in range(self.num_players):
            self.scores[p] += pts[p]
        self.round_scores.append(pts)
        if self.round == ROUNDS:
            self._phase = OVER
            self._cur = -1
            return True
        return False

    def _end_round(self) -> None:
        r = self.round
        pts = deal_points(self.hands, self.out_player, r)
        self.last_round = {
            "round": r,
            "out_player": self.out_player,
            "points": pts,
            "left": [[_TOKENS[c] for c in h] for h in self.hands],
            "melds": self._melds_json(),
        }
        if not self._score_deal(pts):
            self.dealer = (self.dealer + 1) % self.num_players
            self._deal_round(r + 1)

    def _lay(self, player: int, codes: list[int], full: bool) -> None:
        """Lays the solver's best melds of ``codes`` for ``player``."""
        sol = solve(codes, self.round)
        if full and sol.left:
            raise AssertionError("checked go-out does not meld")  # _check guarantees it
        self.melds[player].extend([list(m.pairs) for m in sol.melds])
        self.hands[player] = list(sol.left)

    def _went_out(self, player: int) -> None:
        """After ``player`` went out (its hand laid down): every other seat has one last turn. The master's rollout
        loop (:mod:`romme.bots.master_koenigs_rollout`) calls it too, having dropped the hand without the solver."""
        n = self.num_players
        self.out_player = player
        self.last_turns_left = n - 1
        self._cur = (player + 1) % n
        self._phase = LAST_DRAW

    # --- GameState API -------------------------------------------------
    @property
    def current_player(self) -> int:
        return self._cur

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def is_over(self) -> bool:
        return self._phase == OVER

    def _go_out_cards(self) -> list[int]:
        key = len(self.history)
        if self._out_cache is None or self._out_cache[0] != key:
            self._out_cache = (key, go_out_discards(self.hands[self._cur], self.round))
        return self._out_cache[1]

    def legal_moves(self) -> list[Move]:
        """Every move ``apply`` accepts: the draws there are; or a discard of each distinct hand
        card, then going out with each card whose discard leaves a hand that melds completely."""
        ph = self._phase
        p = self._cur
        moves: list[Move]
        if ph == DRAW or ph == LAST_DRAW:
            d = _DRAW[p]
            if not self.discard:
                moves = [d[0]]
            else:
                moves = [d[0], d[1]] if self.stock else [d[1]]
        elif ph == OVER:
            return []
        else:
            table = _DISCARD[p]
            moves = [table[c] for c in sorted(set(self.hands[p]))]
            if ph == DISCARD:
                outs = _OUT[p]
                moves.extend(outs[c] for c in self._go_out_cards())
        self._remember_listing(moves)
        return moves

    def _check(self, move: Move) -> None:
        ph = self._phase
        p = move.player
        if isinstance(move, Draw):
            if ph not in (DRAW, LAST_DRAW):
                raise IllegalMoveError(f"{move}: seat {p} has drawn already; now discard a card (or go out)")
            if move.source == "stock":
                if not self.stock:
                    raise IllegalMoveError(f"{move}: the stock is empty")
            elif move.source == "discard":
                if not self.discard:
                    raise IllegalMoveError(f"{move}: the discard pile is empty")
            else:
                raise IllegalMoveError(f"{move}: draw from the stock or the discard pile, not {quote(move.source)}")
            return
        if isinstance(move, (Discard, GoOut)):
            if ph not in (DISCARD, LAST_DISCARD):
                raise IllegalMoveError(f"{move}: seat {p} must draw a card first")
            if isinstance(move.card, bool) or move.card not in self.hands[p]:
                raise IllegalMoveError(f"{move}: that card is not in seat {p}'s hand")
            if isinstance(move, GoOut):
                if ph == LAST_DISCARD:
                    raise IllegalMoveError(
                        f"{move}: seat {self.out_player} went out already; in the last turn 'discard' lays down"
                    )
                if move.card not in self._go_out_cards():
                    raise IllegalMoveError(
                        f"{move}: going out needs all other hand cards in melds, and they do not meld"
                    )
            return
        raise IllegalMoveError(f"{move}: not a Königs-Rommé move")

    def _apply(self, move: Move) -> None:
        p = move.player
        if isinstance(move, Draw):
            if move.source == "stock":
                self.hands[p].append(self.stock.pop())
                if not self.stock:
                    self._refill_stock()
            else:
                self.hands[p].append(self.discard.pop())
            self._phase = DISCARD if self._phase == DRAW else LAST_DISCARD
            return
        assert isinstance(move, (Discard, GoOut))
        hand = self.hands[p]
        hand.remove(move.card)
        self.discard.append(move.card)
        n = self.num_players
        if isinstance(move, GoOut):
            self._lay(p, hand, full=True)
            self._went_out(p)
        elif self._phase == LAST_DISCARD:
            self._lay(p, hand, full=False)
            self.last_turns_left -= 1
            if self.last_turns_left == 0:
                self._end_round()
            else:
                self._cur = (p + 1) % n
                self._phase = LAST_DRAW
        else:
            self._cur = (p + 1) % n
            self._phase = DRAW

    def result(self) -> Result:
        best = min(self.scores)
        winners = tuple(p for p, s in enumerate(self.scores) if s == best) if self.is_over else ()
        return Result(
            tuple(self.scores), winners, {"lower_is_better": True, "round_scores": [list(r) for r in self.round_scores]}
        )

    def _melds_json(self) -> list[list[list[str]]]:
        return [[[_TOKENS[c] for c, _ in m] for m in ms] for ms in self.melds]

    def _observation(self, player: int) -> dict[str, Any]:
        if not 0 <= player < self.num_players:
            raise IllegalMoveError(f"no seat {player} in a {self.num_players}-player game")
        return {
            "game": GAME,
            "player": player,
            "current_player": self._cur,
            "phase": self._phase,
            "is_over": self.is_over,
            "round": self.round,
            "wild_rank": rank_name(wild_rank(self.round)),
            "dealer": self.dealer,
            "hand": [_TOKENS[c] for c in self.hands[player]],
            "hand_sizes": [len(h) for h in self.hands],
            "stock_size": len(self.stock),
            "discard_top": _TOKENS[self.discard[-1]] if self.discard else None,
            "discard_size": len(self.discard),
            "melds": self._melds_json(),
            "out_player": None if self.out_player < 0 else self.out_player,
            "last_turns_left": self.last_turns_left,
            "scores": list(self.scores),
            "round_scores": [list(r) for r in self.round_scores],
            "last_round": self.last_round,
        }

    def _parse_move(self, text: str) -> Move:
        raw = text.strip().split()
        words = [w.lower() for w in raw]
        p = self._cur
        if p < 0:
            raise IllegalMoveError(f"{quote(text)}: the game is over")
        if not words:
            raise InvalidNotationError(
                "empty move; expected 'draw stock', 'draw discard', 'discard <card>' or 'out <card>'"
            )
        head, args = words[0], words[1:]
        if head in ("draw", "take", "d") and len(args) <= 1:
            src = args[0] if args else ("discard" if head == "take" else "stock")
            if src in ("stock", "s", "deck"):
                return _DRAW[p][0]
            if src in ("discard", "d", "pile", "top"):
                return _DRAW[p][1]
        elif head in ("stock",) and not args:
            return _DRAW[p][0]
        elif head in ("discard", "drop", "x") and len(args) == 1:
            return _DISCARD[p][_DECK.parse_token(raw[1])]
        elif head in ("out", "go-out") and len(args) == 1:
            return _OUT[p][_DECK.parse_token(raw[1])]
        elif head == "go" and len(args) == 2 and args[0] == "out":
            return _OUT[p][_DECK.parse_token(raw[2])]
        raise InvalidNotationError(
            f"cannot read move {quote(text)}: expected 'draw stock', 'draw discard', 'discard <card>' or 'out <card>'"
        )

    def _move_from_json(self, data: Mapping[str, Any]) -> Move:
        kind = data.get("kind")
        player = data.get("player")
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.num_players:
            raise InvalidNotationError(f"bad player {quote(player)} in move {quote(dict(data), 80)}")
        if kind == "draw":
            source = data.get("source")
            if source not in ("stock", "discard"):
                raise InvalidNotationError(f"bad draw source {quote(source)}: expected 'stock' or 'discard'")
            return _DRAW[player][0 if source == "stock" else 1]
        if kind == "discard":
            return _DISCARD[player][_card_from_json(data.get("card"))]
        if kind == "out":
            return _OUT[player][_card_from_json(data.get("card"))]
        raise InvalidNotationError(f"unknown move kind {quote(kind)}: expected draw, discard or out")

    def zones(self) -> dict[str, list[int]]:
        z: dict[str, list[int]] = {"stock": list(self.stock), "discard": list(self.discard)}
        for p in range(self.num_players):
            z[f"hand{p}"] = list(self.hands[p])
            z[f"melds{p}"] = [c for m in self.melds[p] for c, _ in m]
        return z

    def clone(self) -> KoenigsState:
        new = object.__new__(KoenigsState)
        d = self.__dict__.copy()
        d["history"] = list(self.history)
        d["rng"] = Rng(0)
        d["rng"].state = self.rng.state
        d["scores"] = list(self.scores)
        d["round_scores"] = [list(r) for r in self.round_scores]
        d["hands"] = [list(h) for h in self.hands]
        d["stock"] = list(self.stock)
        d["discard"] = list(self.discard)
        d["melds"] = [list(m) for m in self.melds]  # melds are never changed in place
        new.__dict__ = d
        return new


register(GameSpec(GAME, "Königs-Rommé", 2, 7, 3, KoenigsState, deck=GAME))


# --- terminal presentation (used by romme play / replay; rich is imported lazily) ---

_SUIT_STYLE = {0: "green", 1: "bright_blue", 2: "red", 3: "white", 4: "yellow"}


def styled(tokens: list[str], round_: int) -> Any:
    """Rich text of card tokens: suit colours, wilds (jokers, the round's rank) in bold magenta."""
    from rich.text import Text

    out = Text()
    for i, t in enumerate(tokens):
        code = _DECK.parse_token(t)
        if i:
            out.append(" ")
        if is_wild(code, round_):
            out.append(t, style="bold magenta")
        else:
            out.append(t, style=_SUIT_STYLE[code // 11])
    return out


def sort_hand(tokens: list[str]) -> list[str]:
    """Tokens sorted by suit, then rank; jokers last."""
    return sorted(tokens, key=lambda t: _DECK.parse_token(t))


def render_board(state: GameState, player: int) -> Any:
    """The table as seat ``player`` sees it (a rich renderable)."""
    from rich.console import Group
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    obs = state.observation(player)
    r = obs["round"]
    seats = Table(box=None, pad_edge=False)
    for col in ("seat", "cards", "score", "melds"):
        seats.add_column(col)
    for p in range(len(obs["hand_sizes"])):
        name = "you" if p == player else f"seat {p}"
        if p == obs["current_player"]:
            name = "▶ " + name
        if p == obs["dealer"]:
            name += " (dealer)"
        melds = Text(" | ").join(styled(m, r) for m in obs["melds"][p]) if obs["melds"][p] else Text("")
        seats.add_row(name, str(obs["hand_sizes"][p]), str(obs["scores"][p]), melds)
    top = styled([obs["discard_top"]], r) if obs["discard_top"] else Text("(empty)")
    line = Text.assemble(f"Round {r}/11 · wild rank {obs['wild_rank']} · stock {obs['stock_size']} · discard ", top)
    parts: list[Any] = [line, seats]
    if obs["out_player"] is not None:
        parts.append(
            Text(
                f"Seat {obs['out_player']} went out: {obs['last_turns_left']} last turn(s) left; "
                "your discard lays down your best melds.",
                style="bold",
            )
        )
    parts.append(Text.assemble("Your hand: ", styled(sort_hand(obs["hand"]), r)))
    return Panel(Group(*parts), title="Königs-Rommé", expand=False)


def describe(before: GameState, move: Move, after: GameState, viewer: int | None) -> list[str]:
    """Notes on what a move did, for the terminal (``viewer`` None: reveal all hands)."""
    assert isinstance(before, KoenigsState) and isinstance(after, KoenigsState)
    notes: list[str] = []
    p = move.player
    round_over = after.is_over or after.round != before.round
    if isinstance(move, Draw) and move.source == "stock" and viewer is None:
        notes.append(f"  seat {p} drew {_TOKENS[after.hands[p][-1]]}")
    if isinstance(move, GoOut) or (isinstance(move, Discard) and before.phase == LAST_DISCARD):
        if round_over:
            assert after.last_round is not None
            melds: list[list[str]] = after.last_round["melds"][p]
        else:
            melds = [[_TOKENS[c] for c, _ in m] for m in after.melds[p]]
        notes.append(
            f"  seat {p} lays down: " + " | ".join(" ".join(m) for m in melds)
            if melds
            else f"  seat {p} lays nothing down"
        )
        if isinstance(move, GoOut):
            notes.append(f"  seat {p} goes out!")
    if round_over:
        lr = after.last_round
        assert lr is not None
        notes.append(
            f"Round {lr['round']} over: points "
            + ", ".join(f"seat {q} {pts} ({' '.join(lr['left'][q]) or '-'})" for q, pts in enumerate(lr["points"]))
        )
        notes.append("Totals: " + ", ".join(f"seat {q} {s}" for q, s in enumerate(after.scores)))
        if not after.is_over:
            notes.extend(describe_start(after, viewer))
    return notes


def describe_start(state: GameState, viewer: int | None) -> list[str]:
    """Notes at the start of a round: wild rank, dealer (and every hand if ``viewer`` is None)."""
    assert isinstance(state, KoenigsState)
    wild = rank_name(wild_rank(state.round))
    notes = [f"Round {state.round}: wild rank {wild}, dealer seat {state.dealer}"]
    if viewer is None:
        notes.extend(f"  seat {q} holds {' '.join(_TOKENS[c] for c in h)}" for q, h in enumerate(state.hands))
    return notes
