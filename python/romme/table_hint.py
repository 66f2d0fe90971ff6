"""The whole-table hint of the table games (Rommé, 1x1-Rommé, Rummy).

The best rearrangement of the whole table that the seat to move can lay now: the core's table
search (:func:`romme.solve_table`) on every table meld and the seat's hand, exact tie-break
(fewest moved table cards), under a work budget, so the hint is the same on every machine and
under any load. It reads only the seat's observation (its hand and the table), never hidden cards.
The CLI's ``play`` and the pygame table both show it when it is a legal move.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from .cards import deck, split_tokens
from .errors import RommeError
from .table_keep import MoveBudget, cards_kept, keeping, worth

if TYPE_CHECKING:
    from .engine import GameState, Move
    from .table import TableSolution

#: The games whose hint is a whole-table rearrangement.
TABLE_GAMES = ("romme", "einmaleins", "rummy")

#: Work budget of the hint's search (states and steps; a safety net: the searches of random 60-card
#: positions spend far less, so the hint is nearly always proven).
HINT_WORK_BUDGET = 2_000_000


@dataclass(frozen=True)
class TableHint:
    """The hinted place move, the search's answer it lays, and how many table cards it moves as a player counts
    them (``moved``: cards that change meld, the core's ``TableChange.changed_meld``; the answer's own ``moved``
    is the search's tie-break, every card of a meld that does not stay whole: a card taken off a run of four
    moved four)."""

    move: Move
    solution: TableSolution
    moved: int


def objective_of(game_id: str, options: dict[str, Any]) -> str:
    """What the hint maximises: the cards shed net (placed minus table cards taken) where the rules let an
    opened seat take table cards into its hand (the core's :func:`romme.table.table_to_hand`: Räuber-Rommé with
    ``rauber_table_to_hand``, 1x1-Rommé's leftovers), else Rommé's hand points or the hand cards placed (Rummy)."""
    from .table import table_to_hand

    if table_to_hand(game_id, options) != "nothing":
        return "net"
    return "points" if game_id == "romme" else "cards"


def best_place(state: GameState, work_budget: int = HINT_WORK_BUDGET) -> TableHint | None:
    """The place move laying the search's best rearrangement of the whole table for the seat to move, keeping a
    card to discard where the turn ends with one (:mod:`romme.table_keep`, the rule the expert keeps too), or
    None: not a table game, not the seat's time to lay (it has not opened, or is not in the phase to place),
    nothing to place, or the game refuses the answer. ``work_budget`` bounds the hint's whole work."""
    from .table import solve_table

    if state.game_id not in TABLE_GAMES or state.is_over:
        return None
    player = state.current_player
    obs = state.observation(player)
    opened = obs.get("opened")
    hand = obs.get("hand")
    table = obs.get("table")
    if not isinstance(opened, list) or player >= len(opened) or not opened[player]:
        return None  # (an opening has its own rules: the expert's move)
    if not hand or not isinstance(table, list) or state.phase != "play":
        return None
    options = dict(state.rules.options)
    objective = objective_of(state.game_id, options)
    melds = [m["cards"] for m in table]
    budget = MoveBudget(work_budget)

    def search(cards: list[int], tie_break: str) -> TableSolution | None:
        # (the budgets and the tie-break by position: the game's options are the keywords)
        return budget.ask(lambda work: solve_table(state.game_id, melds, cards, objective, None, tie_break, work,
                                                   **options))

    cards = [deck(state.game_id).parse_token(c) for c in hand]
    keep = cards_kept(state)
    if keep:
        # which hand cards the answer lays, by the objective alone (its tie-break 'none' is cheap); the fewest
        # moved are then searched once, for those cards: an answer emptying the hand is refused by the game
        kept = keeping(state.game_id, cards, keep, lambda c: _placing(search(c, "none")), partial(worth, objective))
        if kept.answer is None:
            return None
        cards = list(kept.cards)
    sol = search(cards, "exact")
    if sol is None:
        return None
    # the listed place moves are a bounded choice: a hand whose cards go only into a rebuilt table lists none, yet
    # the rebuild is the hint; an answer that moves no table card with no place listed is a lay-off or a swap,
    # which the expert's move hints as one (a button, Enter plays it)
    if not sol.placed or (not sol.moved and not any(_is_place(m) for m in state.legal_moves())):
        return None
    try:
        move = state.parse_move("place " + " | ".join(str(m) for m in sol.table))
    except RommeError:
        return None
    if not state.is_legal(move):
        return None
    move = kept_as_they_lie(state, move)
    return TableHint(move, sol, changed_meld(state.game_id, table, move))


def _placing(sol: TableSolution | None) -> TableSolution | None:
    return sol if sol is not None and sol.placed else None


def changed_meld(game_id: str, table: list[Any], move: Move) -> int:
    """How many cards of ``table`` (the observation's melds) the place ``move`` moves to another meld or takes
    back, as a player counts them (the core's ``TableChange.changed_meld``)."""
    from . import _core
    from .games.tablemoves import TablePlace, meld_from_view, wild_codes

    if not isinstance(move, TablePlace):
        return 0
    old = [meld_from_view(game_id, m) for m in table]
    return _core.table_change(old, move.table, wild_codes(game_id)).changed_meld


def kept_as_they_lie(state: GameState, move: Move) -> Move:
    """A place move with the melds it leaves untouched written as they lie on the table (:func:`as_they_lie`),
    when the game takes it so; any other move as it is. The hint's moves (the search's, the expert's) pass
    through it: a player who plays a hint expects the melds it does not touch to stay as they are."""
    from .games.tablemoves import TablePlace
    from .table import table_meld_texts

    if not isinstance(move, TablePlace):
        return move
    lying = table_meld_texts(state.observation(state.current_player))
    try:
        kept = state.parse_move("place " + " | ".join(as_they_lie(list(move.meld_texts()), lying)))
    except RommeError:
        return move
    return kept if state.is_legal(kept) else move


def as_they_lie(melds: list[str], lying: list[str]) -> list[str]:
    """``melds`` with each one whose cards are those of a meld on the table (``lying``) written as that meld
    lies: its cards' order and what its wilds stand for. The search writes every meld anew, so a hint that left
    a meld untouched turned it round (Jo Bs Ds, the joker a 10s, became Bs Ds Jo=Ks, the joker a king, with
    nobody touching it: play-test Q10) or re-sorted a set; the cards it lays and moves are the same. Matched one
    to one in table order by the rule every search-built move keeps (``tablemoves.unchanged_melds``)."""
    from .games.tablemoves import unchanged_melds

    ids: dict[str, int] = {}  # (a card's number for the match: the same card, the same number)

    def cards(text: str) -> list[int]:
        return [ids.setdefault(token.split("=")[0], len(ids)) for token in split_tokens(text)]

    same = unchanged_melds([cards(old) for old in lying], [cards(text) for text in melds])
    return [text if i is None else lying[i] for text, i in zip(melds, same)]


def _is_place(move: Move) -> bool:
    return bool(move.to_json().get("kind") == "place")
