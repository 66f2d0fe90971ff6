"""Rummy, two seats: a small hand is held until it can go out in one turn.

The expert places the most cards it can every turn. With a small hand that leaves a few cards behind, turn after turn,
and every card it lays is table the other seat may rearrange for its own lay-offs. Holding such a hand (``pass``: the
seat draws a card) until the table search places all of it, in one turn, beat the expert in expert games: a seat
playing the expert's moves but holding a hand of at most :data:`HOLD_HAND` cards while the stock has more than
:data:`HOLD_STOCK` won 636 of 1,000 games against the expert, where an expert in its seat won 500 of the same
deals (docs/MASTER-BOT.md). A hand held must fit in one turn (at most 12 cards placed a turn): holding from 14 cards
lost as many games as it won. The master holds there without a search: its rollouts play every seat as an expert,
which never holds, so they would value the pass as one turn lost and not as the plan it is.

Everything read is the seat's own: its hand, the table, the stock's size, the expert's move from its observation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..engine import GameState, Move

#: a hand of at most this many cards is held while the expert would place only part of it
HOLD_HAND = 11
#: and only while the stock holds more than this many cards (the game ends when the stock runs out: the lower hand
#: wins, so a held hand then costs its points)
HOLD_STOCK = 20


def hand_limit(state: GameState) -> int:
    """The largest hand held: :data:`HOLD_HAND`, or fewer where the rules cap the hand cards placed a turn lower
    (``max_hand_cards_per_turn``; 0: no cap), since a held hand waits to be placed whole in one turn."""
    cap = int(state.rules.max_hand_cards_per_turn)
    return HOLD_HAND if cap == 0 else min(HOLD_HAND, cap)


def holds(state: GameState, expert_move: Move) -> bool:
    """Whether the seat to move passes instead of ``expert_move``: two-seat Rummy, the seat has opened, its hand has at
    most :func:`hand_limit` cards, the stock more than :data:`HOLD_STOCK`, and ``expert_move`` places some of the
    hand but not all of it."""
    if state.game_id != "rummy" or state.num_players != 2:
        return False
    from ..games import rummy as game
    from . import rummy as expert

    if not isinstance(expert_move, game.RummyPlace):
        return False
    view = expert.seen(state)
    size = sum(view.hand)
    if not view.opened[state.current_player] or size > hand_limit(state):
        return False
    if int(state.observation(state.current_player)["stock_size"]) <= HOLD_STOCK:
        return False
    placed, _ = expert.placed_count(view.table, expert_move)
    return 0 < placed < size
