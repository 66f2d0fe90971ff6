"""Krass Kariert bots: ``random``, ``easy``, ``greedy`` and ``expert``.

Every bot decides from ``state.observation(seat)`` and ``state.legal_moves()``
only.

- *random* picks uniformly among the legal moves.
- *easy* plays a combination whenever it can beat, one at random, keeping its
  X, stop and draw cards while another play goes; takes a reserve only when it
  cannot play, and puts a card it takes where it joins a group (as greedy).
- *greedy* plays as many cards as it can (the weakest such play; draw and
  stop cards only when nothing else is possible) and takes a reserve card only
  when it cannot play, inserting it (and drawn cards) next to a card it
  combines with.
- *expert* scores every move by the hand it leaves (the exact min-plays count:
  the fewest plays that empty the hand, i.e. the tricks still needed; its
  strongest combination; its ways out when it cannot beat: reserve, stop and
  draw cards) and by the trick situation: whether it will win the trick (and
  must then draw for draw cards in it), whether it keeps the lead, and how
  likely later players without reserves are to be stuck. The weighing is the
  core's (``romme_engine::krass::bot_measures``, through ``_core.KrassExpert``);
  this module reads what the observation tells for it, in card codes
  (``KrassState.seat_view``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .. import _core
from ..cards import deck
from ..games.krass import InsertMove, KrassState, PlayMove, ReserveMove, SeatView
from ..games.krass.combos import N, S, X, play_strength
from ..games.krass.combos import describe as combination_name
from ..rng import Rng
from . import register_bot

if TYPE_CHECKING:
    from ..engine import GameState, Move

_CODE = {str(v): v - 1 for v in range(1, 13)} | {"X": X, "N": N, "S": S}


def _codes(tokens: Sequence[str]) -> list[int]:
    return [_CODE[t] for t in tokens]


@register_bot("krass", "random")
class RandomBot:
    """Uniform over the legal moves."""

    level = "random"

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def choose(self, state: GameState) -> Move:
        moves = state.legal_moves()
        return moves[self.rng.below(len(moves))]


def fit_position(hand: list[int], card: int) -> int:
    """Where ``card`` joins the best group with its new neighbours (a triple or
    3-straight, then a pair or 2-straight); the hand's end if nowhere."""
    return _core.krass_fit_position(hand, card)


@register_bot("krass", "easy")
class EasyBot:
    """A beginner (the table's Easy): beats whenever it can, with one of the listed plays at random (the core's
    listing), one without its X, stop or draw cards where there is one (it keeps them for a trick it cannot beat
    otherwise); takes a reserve only when it has no play, and places a card it takes or draws where it joins a group
    (the core's fit position, as greedy). It does not weigh how many cards a play sheds (greedy sheds the most)."""

    level = "easy"

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def choose(self, state: GameState) -> Move:
        p = state.current_player
        assert isinstance(state, KrassState)
        view = state.seat_view(p)
        if view.phase == "insert":
            assert view.drawn is not None
            return InsertMove(p, fit_position(view.hand, view.drawn))
        moves = state.legal_moves()
        plays = [m for m in moves if isinstance(m, PlayMove)]
        if plays:
            plain = [m for m in plays if not {X, N, S} & set(view.hand[m.start:m.start + m.length])] or plays
            return plain[self.rng.below(len(plain))]
        reserves = view.reserves[p]
        if not reserves:
            return moves[0]
        i = self.rng.below(len(reserves))
        return ReserveMove(p, i, fit_position(view.hand, reserves[i]))


@register_bot("krass", "greedy")
class GreedyBot:
    """Most cards now, weakest play among those; reserves only when it must."""

    level = "greedy"

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def choose(self, state: GameState) -> Move:
        p = state.current_player
        obs = state.observation(p)
        hand = _codes(obs["hand"])
        if obs["phase"] == "insert":
            return InsertMove(p, fit_position(hand, _CODE[obs["drawing"]["card"]]))
        moves = state.legal_moves()
        plays = [m for m in moves if isinstance(m, PlayMove)]
        if plays:
            def key(m: PlayMove) -> tuple[int, int]:
                s = play_strength(hand[m.start:m.start + m.length], m.x)
                assert isinstance(s, int)
                return (-m.length, s)

            return min(plays, key=key)
        reserves = _codes(obs["reserves"][p])
        # the reserve that fits best: prefer one that makes a group
        options = []
        for i, card in enumerate(reserves):
            pos = fit_position(hand, card)
            options.append((pos == len(hand), i, pos))
        _, i, pos = min(options)
        return ReserveMove(p, i, pos)


#: Stop and draw cards in the deck.
SPECIALS = deck("krass").types[N].copies + deck("krass").types[S].copies


@register_bot("krass", "expert")
class ExpertBot:
    """Scores each move by the hand it leaves (exact min-plays count, ways out,
    strength) and by what it does to the trick (lead, draws, pressure on
    opponents who have no reserve card left): the core's weighing."""

    level = "expert"

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self.core = _core.KrassExpert()  # remembers the hands it measured

    def choose(self, state: GameState) -> Move:
        p = state.current_player
        assert isinstance(state, KrassState)
        view = state.seat_view(p)
        if view.phase == "insert":
            assert view.drawn is not None
            return InsertMove(p, self.core.insert_position(view.hand, view.drawn))
        return self._choose_play(state, view, p)

    def explain(self, state: GameState, move: Move) -> str:
        """One line on ``move`` for ``romme play``'s hint: what the hand needs afterwards."""
        p = move.player
        obs = state.observation(p)
        hand = _codes(obs["hand"])
        if isinstance(move, PlayMove):
            after = hand[:move.start] + hand[move.start + move.length:]
            s = play_strength(hand[move.start:move.start + move.length], move.x)
            what = f"play {' '.join(obs['hand'][move.start:move.start + move.length])}"
            what += f" ({combination_name(s)})" if isinstance(s, int) else ""
        elif isinstance(move, ReserveMove):
            card = _codes(obs["reserves"][p])[move.index]
            after = hand[:move.position] + [card] + hand[move.position:]
            what = f"take reserve {obs['reserves'][p][move.index]} into position {move.position}"
        else:
            assert isinstance(move, InsertMove) and obs["drawing"] is not None
            card = _CODE[obs["drawing"]["card"]]
            after = hand[:move.position] + [card] + hand[move.position:]
            what = f"insert the {obs['drawing']['card']} at {move.position}"
        plays = self.core.measure(after).plays
        return f"{move}: {what}; the hand then empties in {plays} play(s) at best"

    def _choose_play(self, state: GameState, view: SeatView, p: int) -> Move:
        hand, sizes, all_reserves = view.hand, view.hand_sizes, view.reserves
        later = [(sizes[q], not all_reserves[q]) for q in view.to_act[1:]]
        # stop and draw cards we cannot see among the cards we cannot see
        seen = hand + view.discard + [c for r in all_reserves for c in r] + [c for e in view.trick for c in e.cards]
        specials = SPECIALS - seen.count(N) - seen.count(S)
        unseen = sum(sizes) - len(hand) + view.stock_size
        moves = state.legal_moves()
        # view.beat: the last combination played (each beat the one before; draw and stop cards are none)
        choice = self.core.play_choice(hand, all_reserves[p], view.beat, view.phase == "lead",
                                       view.draw_cards, later, (unseen, specials))
        if choice.listed != len(moves):
            raise AssertionError(f"the core weighed {choice.listed} moves, the position lists {len(moves)}")
        return moves[choice.index]
