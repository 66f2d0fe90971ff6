"""Königs-Rommé's rollout loop: the expert's moves played on a sampled world without the game's checks and
bookkeeping, which a rollout that stops at the deal's end does not need.

A rollout (:meth:`.master.MasterBot._play`) plays every seat's expert move until the scores change, the game ends
or the horizon, and then reads only the scores, the round and whether the game is over
(:func:`.master_koenigs.win_chance_value`, :func:`.master_value.rollout_value`). Played through the game's public
``legal_moves`` / ``apply`` / ``result``, a late round's simulated move spent about a third of its CPU on what
that reading never sees: the move list's bookkeeping and the legality checks of moves the expert picked from the
moves the position allows, a copy of every score list a move to ask whether a score changed, the solver's melds
of a seat that goes out (its hand melds whole, by the go-out test), and at the deal's end its record and the next
deal dealt (a shuffle of the whole deck) for a world that is then dropped. :func:`play` makes the same moves, in
the same order, with the same generator draws (a stock refilled mid-deal is shuffled by the game itself) and the
same scores; only the world left behind differs where the deal ended: its scores and round are the game's, the
rest is the last deal's (no next deal is dealt; the world is only valued). Tests compare it with the game's flow
(tests/bots/test_master_koenigs_fast_rollout.py): the same moves, the same values, the same work counted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..games import koenigs as game
from . import koenigs as expert
from .common import STALL_TURNS, stuck_on_discard

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..engine import GameState, Move
    from .master_budget import WorkMeter
    from .master_rollout import SeatDraws

_DRAW: list[tuple[Move, Move]] = game._DRAW  # type: ignore[assignment]
_DISCARD: list[list[Move]] = game._DISCARD  # type: ignore[assignment]
_OUT: list[list[Move]] = game._OUT  # type: ignore[assignment]


def expert_choice(world: Any) -> Move:
    """The move the expert bot (behind its progress guard) plays in ``world`` (a ``KoenigsState`` not over), as
    :class:`.master_rollout.KoenigsRollout` chooses it from the listing, without the listing: a draw by
    :func:`.koenigs.expert_move` among the draws there are; a seat that can go out goes out with the expert's card
    (:func:`.koenigs.go_out_card` over the ascending go-out cards, the listing's order); else the
    expert's best discard (:func:`.koenigs._best_discard`; a hand of one distinct card has only that one)."""
    p: int = world._cur
    phase = world._phase
    round_: int = world.round
    if phase == game.DRAW or phase == game.LAST_DRAW:
        draws = _DRAW[p]
        if not world.discard:
            return draws[0]
        if not world.stock:
            return draws[1]  # (the one move: the progress guard has no stock draw to give instead)
        move: Move = expert.expert_move(draws, world.hands[p], world.discard[-1], round_, world.out_player >= 0)
        if move is draws[1] and stuck_on_discard(world.history, p, STALL_TURNS):
            return draws[0]
        return move
    if phase == game.DISCARD:
        outs: list[int] = world._go_out_cards()
        if outs:
            return _OUT[p][expert.go_out_card(outs, round_)]
    hand = world.hands[p]
    card: int = expert._best_discard(tuple(sorted(hand)), round_, world.out_player < 0)[1]
    return _DISCARD[p][card]


def _deal_end_points(world: Any, move: Move) -> list[int] | None:
    """Where ``move`` (the seat's discard) is the last turn of the deal: the points each seat scores for it, as the
    game's lay-down and scoring count them; None elsewhere, or where the seat's lay-down is not measured yet."""
    if world._phase != game.LAST_DISCARD or world.last_turns_left != 1 or move.kind != "discard":
        return None
    p, round_ = world._cur, world.round
    hand = world.hands[p]
    # the points the lay-down of the rest leaves: the expert's own measures of this hand (kept, it chose by them)
    left: int | None = None
    for card, _, card_left in expert._discard_measures(tuple(sorted(hand)), round_, False):
        if card == move.card:  # type: ignore[attr-defined]
            left = card_left
            break
    if left is None:
        return None
    points = game.deal_points(world.hands, world.out_player, round_)
    points[p] = left  # (the seat's hand still holds what it lays down and the card it discards)
    return points


def apply_fast(world: Any, move: Move) -> bool:
    """Plays ``move`` (one ``expert_choice`` picked) in ``world`` as the game's ``apply`` does, without its checks;
    a seat going out drops its hand without the solver's melds (its hand melds whole: the go-out test), and a
    deal's last turn that changes a score ends the rollout's world there (the scores added, the round moved on or
    the game over, no next deal dealt; True then: the world is for valuing only)."""
    world.history.append(move)
    if move.kind == "out":
        p = move.player
        world.hands[p].remove(move.card)  # type: ignore[attr-defined]
        world.discard.append(move.card)  # type: ignore[attr-defined]
        world.hands[p] = []  # (it melds whole: the go-out test; the game's _apply would ask the solver how)
        world._went_out(p)
        return False
    if world._phase != game.LAST_DISCARD:  # a draw or a discard within the deal: the game's own step
        world._apply(move)
        return False
    points = _deal_end_points(world, move)
    if points is None or not any(points):  # (no score changes: the rollout goes on into the next deal)
        world._apply(move)
        return False
    world.hands[move.player].remove(move.card)  # type: ignore[attr-defined]
    world.discard.append(move.card)  # type: ignore[attr-defined]
    if not world._score_deal(points):  # (the game's scoring and end; the next deal is not dealt)
        world.round += 1
    return True


def play(world: GameState, start_scores: Sequence[int], horizon: int, draws: SeatDraws | None,
         meter: WorkMeter | None) -> int:
    """Every seat of ``world`` plays the expert's moves until a score changes from ``start_scores``, the game ends or
    ``horizon`` moves (``MasterBot._play``'s loop); the moves played. ``draws`` and ``meter`` as there."""
    w: Any = world
    w._listing = w._checked = None  # nothing listed from here on (apply_fast checks nothing)
    start = list(start_scores)
    n = 0
    while w._phase != game.OVER and n < horizon:
        move = expert_choice(w)
        if draws is not None:
            draws.arrange(w, move)
        ended = apply_fast(w, move)
        n += 1
        if meter is not None:
            meter.add_move()
        if ended or w.scores != start:
            break
    return n
