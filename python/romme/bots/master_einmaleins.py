"""The master's 1x1-Rommé part: two rules it plays before any search, found in expert games.

**Going out.** A seat goes out with its turn's discard, so it can go out where all of its hand but one card can be
placed: laid on the table after the opening (the core's table search over the whole table), or laid as an opening
that reaches the opening points (Hand-Rommé, the hand solver). The expert misses many of those turns: its table
search places the whole hand where it can, a table move that would empty the hand and is illegal, so it falls back
to a listed move that lays a few cards and plays on (in expert games 16 of the 56 turns where a seat could go out).
:func:`go_out_move` finds the turn's table move that leaves one card, then the discard of that card.

**The discard** (:func:`rule_discard`). A game is won by going out first (the head to head counts wins); the minus
points of the cards left count only in the score. The expert gives up the card least worth keeping, its keep value
(wish cards most, 1-cards, partners toward a meld: cards of its value, cards of its 3-card run windows) *less its minus
points*, so a card of 60 with two partners goes before a lone 4. The rule weighs the points a quarter
(:data:`POINTS_WEIGHT`) and counts a partner only toward a meld that can still be made: a run window none of whose
cards lies on the table, a set whose value has at least three symbols not on the table.

Measured as a seat playing the expert's moves with the rules against the expert, both seats of each deal
(``scripts/einmaleins_rule_games.py``; docs/MASTER-BOT.md "1x1-Rommé's rules in expert games"). The master plays both
rules without a search: its rollouts value a hand by its minus points as the expert's discard does.

Everything read is the seat's own: its hand, the table, whether it opened, the legal moves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..engine import GameState, Move
    from ..games import tablemoves as tm

#: work budget of each of the table searches that look for the table move going out (a hand that goes out is
#: small, so the searches are cheap)
GO_OUT_WORK = 200_000


def go_out_move(state: GameState) -> Move | None:
    """In 1x1-Rommé, the move of the seat to move that goes out this turn where its hand can: with one card in hand,
    its discard; else a table move that places every hand card but one (that card, discarded next, ends the game).
    None where the hand cannot go out this turn (or in another game, or before the draw)."""
    from ..games import einmaleins as game

    if state.game_id != "einmaleins" or state.phase != "play":
        return None
    assert isinstance(state, game.EinmaleinsState)
    p = state.current_player
    view = state.seat_view(p)
    h = view.hand
    if sum(h) == 1:
        return next((m for m in state.legal_moves() if isinstance(m, game.DiscardMove)), None)
    table = _table_leaving_one(state, view.table, h, view.opened[p])
    if table is None:
        return None
    move = game.EinmaleinsPlace(p, table)
    return move if state.is_legal(move) else None


def _table_leaving_one(state: GameState, table: tm.TableT, h: list[int], opened: bool) -> tm.TableT | None:
    """A new table that places every card of ``h`` but one (None where the hand cannot place that many)."""
    from ..games import tablemoves as tm

    codes = tm.hand_codes(h)
    n = len(codes)
    whole = _placed(state, table, codes, opened)
    if whole is None:
        return None
    placed, new = whole
    if placed < n - 1:  # leaving a card out places no more
        return None
    if placed == n - 1:  # the search left one card: that one goes
        return new
    for c in dict.fromkeys(codes):  # the whole hand fits: find a card to keep back for the discard
        rest = list(codes)
        rest.remove(c)
        part = _placed(state, table, rest, opened)
        if part is not None and part[0] == n - 1 and part[1] is not None:
            return part[1]
    return None


def _placed(state: GameState, table: tm.TableT, codes: list[int], opened: bool) -> tuple[int, tm.TableT | None] | None:
    """The most of ``codes`` one table move places (proven), and its new table; None where no answer is proven.
    Before the opening: the hand solver's most cards, as an opening only if it reaches the opening points (else 0)."""
    from .. import _core
    from ..games import einmaleins as game
    from ..games import tablemoves as tm
    from .einmaleins import proven_hand_melds

    options = dict(state.rules.options)
    if not opened:
        melds = proven_hand_melds(codes, "max-cards", options)
        if melds is None:
            return None
        if sum(game.MELDS.points(m) for m in melds) < int(state.rules.opening_points):
            return (0, None)
        return (sum(map(len, melds)), table + melds)
    try:
        found = _core.solve_table("einmaleins", [[c for c, _ in m] for m in table], codes, "cards", options,
                                  work_budget=GO_OUT_WORK)
    except ValueError:
        return None
    if not found.optimal or found.taken:
        return None
    melds = tm.core_melds(game.MELDS, found.table)
    return (len(found.placed), None if melds is None else tm.keep_unchanged(table, melds))


#: the weight of a card's minus points against its keep value in :func:`rule_discard` (the expert's: 1)
POINTS_WEIGHT = 0.25
#: keep value of the wish card (wild in every meld: never given up while another card can go), of a 1-card (wild in
#: the runs of its symbol), and of each partner toward a meld that can still be made (the expert's measures)
WISH_KEEP = 1000
ONE_KEEP = 30
PARTNER_KEEP = 10


def on_table(table: tm.TableT) -> list[int]:
    """The table's cards, counts by code (the cards no hand can draw again)."""
    from ..games import einmaleins as game

    counts = [0] * game.TYPES
    for meld in table:
        for c, _ in meld:
            counts[c] += 1
    return counts


def keep_value(h: list[int], code: int, dead: list[int]) -> int:
    """What keeping ``code`` in the hand ``h`` is worth: the expert's keep value (``bot_measures::keep_value`` of the
    core) with partners counted only toward melds ``dead`` (counts by code: cards out of play) leaves possible: a
    3-card run window with no dead card, a set whose value has at least three symbols not dead."""
    from ..games import einmaleins as game

    if code == game.WISH:
        return WISH_KEEP
    value = game.VALUE[code]
    score = ONE_KEEP if value == 1 else 0
    others = [x for s in range(4) if (x := game.CODE_AT.get((s, value))) is not None and x != code]
    if 1 + sum(1 for x in others if not dead[x]) >= 3:
        score += PARTNER_KEEP * sum(h[x] for x in others)
    for window in game.WINDOWS.get(code, ()):
        if not any(dead[x] for x in window):
            score += PARTNER_KEEP * sum(1 for x in window if x != code and h[x] > 0)
    return score


def discard_ranking(state: GameState) -> list[Move]:
    """The discards of the seat to move in the play phase, the one :func:`rule_discard` plays first: the least keep
    value (:func:`keep_value`, cards on the table dead) less :data:`POINTS_WEIGHT` of the minus points, then the
    more points, then the lower code."""
    from ..games import einmaleins as game

    if state.game_id != "einmaleins" or state.phase != "play":
        return []
    assert isinstance(state, game.EinmaleinsState)
    view = state.seat_view(state.current_player)
    h = view.hand
    dead = on_table(view.table)
    discards: list[game.DiscardMove] = [m for m in state.legal_moves() if isinstance(m, game.DiscardMove)]

    def rank(m: game.DiscardMove) -> tuple[float, int, int]:
        points = game.hand_points(m.card)
        return (keep_value(h, m.card, dead) - POINTS_WEIGHT * points, -points, m.card)

    ranked = sorted(discards, key=rank)
    return list(ranked)


def rule_discard(state: GameState, expert_move: Move) -> Move | None:
    """Where the expert's move in 1x1-Rommé is a discard: the rule's discard (the first of :func:`discard_ranking`);
    else None."""
    from ..games import einmaleins as game

    if state.game_id != "einmaleins" or not isinstance(expert_move, game.DiscardMove):
        return None
    ranked = discard_ranking(state)
    return ranked[0] if ranked else None


def rule_move(state: GameState, expert_move: Move) -> Move | None:
    """The move the master plays in 1x1-Rommé before any search: going out (:func:`go_out_move`), else the rule's
    discard where the expert discards (:func:`rule_discard`); None where neither applies."""
    if state.game_id != "einmaleins":
        return None
    return go_out_move(state) or rule_discard(state, expert_move)
