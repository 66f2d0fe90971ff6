"""Moves the master searches beside the expert's and the greedy bot's: the close alternatives the expert never
weighs.

The expert of Rummy always lays the most cards the core's table search finds, and the move list offers little
else (``pass`` and a few single placements), so a search over those moves can only confirm the expert. Here the
same table search is asked other questions: the table that lays the most *points* (less to lose when the other
seat goes out first), and the most cards *keeping the jokers* in hand (a joker finishes a meld later). In 1x1-Rommé
a hand of many cards has more discards than the search takes; the expert's own ranking of them gives the few
worth comparing. Every candidate is built from what the seat sees: its hand and the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..engine import GameState, Move

#: discards of 1x1-Rommé searched besides the expert's choice (the best by the expert's own ranking)
DISCARDS_SEARCHED = 4


def extra_candidates(state: GameState) -> list[Move]:
    """Alternatives to the expert's move in ``state`` (may repeat it or each other; the caller drops repeats)."""
    if state.game_id == "rummy":
        return _rummy(state)
    if state.game_id == "einmaleins":
        return _einmaleins(state)
    return []


def _rummy(state: GameState) -> list[Move]:
    from .. import _core
    from ..games import rummy as game
    from ..games import tablemoves as tm
    from . import rummy as expert

    obs, h, table = expert.seen(state)
    p = state.current_player
    if not obs["opened"][p]:
        return []
    rules = state.rules
    options = dict(rules.options)
    out: list[Move] = []
    tables: list[tm.TableT | None] = []
    try:
        res: Any = _core.solve_table("rummy", [[c for c, _ in m] for m in table], tm.hand_codes(h), "points", options,
                                     expert.ExpertBot.budget_ms, "fast")
        if res.placed and not res.taken:
            tables.append(tm.core_melds(game.MELDS, res.table))
    except ValueError:  # the search refused the position (its work limit): no alternative from it
        pass
    if h[game.JOKER]:
        no_jokers = list(h)
        no_jokers[game.JOKER] = 0
        tables.append(expert.solver_turn(table, no_jokers, int(rules.max_hand_cards_per_turn), options,
                                         expert.ExpertBot.budget_ms))
    for target in tables:
        if target is not None and state.is_legal(move := game.RummyPlace(p, target)):
            out.append(move)
    return out


def _einmaleins(state: GameState) -> list[Move]:
    from ..games import einmaleins as game
    from . import einmaleins as expert

    if state.phase != "play":
        return []
    _, h, _ = expert.seen(state)
    discards = [m for m in state.legal_moves() if isinstance(m, game.DiscardMove)]
    discards.sort(key=lambda m: (expert.keep_value(h, m.card) - game.hand_points(m.card), m.card))
    return list(discards[:DISCARDS_SEARCHED])
