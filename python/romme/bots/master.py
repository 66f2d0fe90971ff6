"""The ``master`` level: determinized search over what the other seats may hold.

For every game (and the solitaire) the master bot

1. lists candidate moves (:meth:`MasterBot.candidates`): the expert's move, then every legal move when there are
   at most :data:`MAX_CANDIDATES`, else the greedy bot's move, then the game's own alternatives
   (:mod:`.master_candidates`); all decided from the observation only;
2. samples *determinizations* (:mod:`.master_worlds`): the cards it cannot see (the other seats' hands and the
   stock) are dealt again at random into the same places, in the same numbers, cards known from the public
   history (taken from the discard pile) to their holders, hands that fit what their seats' play revealed
   (:mod:`.master_reveal`), and the game's own random generator is reseeded, so
   the sampled world is consistent with everything public: the table, the discard pile, every hand size, the
   reserves, its own hand;
3. plays each live candidate in each sampled world (the same worlds for every candidate) and lets every seat play
   the expert's decisions (:mod:`.master_rollout`) until the round's scores change (the end of the deal, scored
   exactly by the game), the game ends, or :data:`HORIZON` moves (other horizons in :data:`HORIZONS`; in Rummy and
   Königs-Rommé each seat draws the same stock cards on every candidate's line of a world,
   :class:`.master_rollout.SeatDraws`, :class:`.master_koenigs.StockDraws`);
   after 1, 2, 4, 8, … worlds the worse half of the candidates is dropped (successive halving; the expert's move is
   never dropped), so the budget goes to the close calls;
4. plays the expert's move (in two-seat Königs-Rommé its discard distance with the most outs,
   :func:`.master_koenigs.outs_discard`) unless another candidate, compared in at least ``DEVIATE_WORLDS`` worlds, gains
   more than ``confidence(candidates)`` standard errors over it in the same worlds (a paired comparison, its
   level shared among the candidates: a few noisy rollouts must not override a good heuristic).

In two-seat Rummy a small hand is held (``pass``) where the expert would place part of it, before any search
(:mod:`.master_hold`): a plan the rollouts, which play every seat as the expert, cannot value. In 1x1-Rommé the
master goes out in the turn where its hand can, and discards by its own rule where the expert discards, before any
search (:mod:`.master_einmaleins`): rules found in expert games, which the rollouts' points-minded value would undo.

The value of a rollout (:mod:`.master_value`) is the seat's score change minus the mean change of the others
(sign-flipped where lower is better), plus a win bonus at the end of a game; a rollout cut by the horizon adds how
the hands stand (Rummy, Rommé, 1x1-Rommé: what the core's hand solver cannot meld and its points; elsewhere the hand
sizes). In two-seat Königs-Rommé the value is the chance to win the game from the scores reached. In the
solitaire the value is whether the game was finished (then the score as a tie-break): the move that maximises the
chance to finish.

The sampler is seeded from the bot's seed, the number of moves played and a digest of the observation; it never
reads a hidden card of the real state (the pool is sorted before it is shuffled, so it is the same multiset
whatever the real deal). The same observation therefore gives the same move, and a game is replayable.

The thinking budget is a *count* of simulated moves, ``think`` seconds times a per-game rate measured on one
core (:data:`MOVES_PER_SECOND`), and in Rummy and Räuber-Rommé also of the core's search work
(:mod:`.master_budget`: a simulated move's table search costs from a few thousand to ~1,000,000 units), in
Königs-Rommé of a work model by the hand size (a move, a sampled deal and a rollout of a 14-card hand cost several
times a small hand's), so the answer never depends on the machine's speed or load. Whole rounds of samples are
played (every candidate sees the same worlds). A time cut at :data:`SAFETY_FACTOR` times the budget (at least
:data:`SAFETY_FLOOR` seconds) exists only against a pathological position; it could make a move depend on timing,
which is why it sits far above the budget (see docs/MASTER-BOT.md).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..rng import Rng
from . import bot_of, register_bot
from . import master_koenigs_rollout as koenigs_rollout
from .common import STALL_TURNS
from .master_budget import Spent, WorkMeter, fits, rollouts_to_deviate, work_budget, work_rates
from .master_candidates import extra_candidates, preferred_move
from .master_einmaleins import go_out_move, rule_move
from .master_hold import holds
from .master_reveal import last_turns, read_streaks
from .master_rollout import SeatDraws, rollout_policies, seat_draws
from .master_value import _halve, _lower_is_better, deviation_level, pick, rollout_value
from .master_worlds import apply_deal, determinize, known_cards, observation_digest, sample_deal

__all__ = ["MasterBot", "determinize", "known_cards", "make_master", "observation_digest"]

if TYPE_CHECKING:
    from ..engine import GameState, Move
    from . import Bot

GAMES = ("koenigs", "romme", "einmaleins", "rummy", "krass", "koenigs-solo")

#: default thinking time a move, in seconds (on one core)
DEFAULT_THINK = 1.0
#: simulated moves per second of one core in the rollouts (sampling, cloning, expert bots): turns --think into a
#: count budget, so a move is the same under any load; tuned per game so that a move's CPU p99 stays under the
#: 1.2 s limit at the default --think (the measurements: docs/MASTER-BOT.md, move time)
MOVES_PER_SECOND = {
    "koenigs": 12000,
    "romme": 6000,
    "einmaleins": 5500,
    "rummy": 1100,
    "krass": 2000,
    "koenigs-solo": 130,
}
#: more legal moves than this: only the expert's and the greedy bot's choices are searched
MAX_CANDIDATES = 8
#: a rollout stops after this many moves if no score has changed before
HORIZON = 40
#: horizons of their own: Rummy's rollouts play the game to its end (a game is ~50 moves; a rollout then values
#: exactly what the ladder counts, the win, where a cut one valued the hands by a heuristic); 1x1-Rommé's
#: (~80 moves a game) are cut after ten moves (two turns a seat) and valued by how the hands stand (the core's hand
#: solver, :mod:`.master_value`): a short rollout spreads less and the budget plays several times as many worlds,
#: so the paired comparison finds the moves that are better (docs/MASTER-BOT.md); Rommé's the same way
HORIZONS = {"rummy": 1000, "einmaleins": 10, "romme": 10}
#: Rummy's and Königs-Rommé's rollouts fix each seat's stock draws per world (:func:`.master_rollout.seat_draws`)
COMMON_DRAWS = True
#: the turns running a master may take the discard pile's top and throw a card back before its progress guard
#: (:func:`.common.guard_progress`) draws from the stock for it; :data:`.common.STALL_TURNS` (3) elsewhere. The
#: Königs-Rommé expert it follows takes the top only where that brings the hand at least a good draw closer to
#: going out (a wild always does; a hand at distance 0 goes out instead), so it can throw a card back after at
#: most ``koenigs.FAR - 1`` takes running: its streaks end by themselves, and the fourth take the guard refused
#: was a step towards going out (docs/MASTER-BOT.md: the progress guard's cost). A loop of two masters is still
#: broken, after 8 turns. The expert of :meth:`MasterBot._new_bots` keeps the guard of 3: from a fourth take
#: running the baseline is its stock draw, and only a deviation of the search takes the top
STALL_TURNS_OF = {"koenigs": 8}
#: Königs-Rommé's rollouts play the expert's moves without the game's checks and bookkeeping
#: (:mod:`.master_koenigs_rollout`: the same moves, values and work); False: through ``legal_moves`` / ``apply``
FAST_KOENIGS = True
#: sampled worlds always played (the budget is checked from then on)
MIN_WORLDS = 2
#: time cut: this multiple of the thinking time, but never less than :data:`SAFETY_FLOOR` seconds. A safety net
#: only (against a pathological position): it is far above what the count budget takes, so that a loaded
#: machine does not reach it and the move stays a function of the observation and the seed (a loaded machine
#: stretches a move's wall time several times over its CPU time)
SAFETY_FACTOR = 10.0
SAFETY_FLOOR = 60.0


class MasterBot:
    """Determinized rollout search (see the module docstring)."""

    level = "master"

    def __init__(self, game_id: str, seed: int | str | None = 0, think: float = DEFAULT_THINK) -> None:
        self.game_id = game_id
        self.seed = seed
        self.think = think
        self.stall_turns = STALL_TURNS_OF.get(game_id, STALL_TURNS)  # read by the progress guard
        self.budget = max(1, int(think * MOVES_PER_SECOND[game_id]))
        #: the search work a move may spend (:mod:`.master_budget`; set by every choose, by the rules); None:
        #: simulated moves only
        self.work_budget = work_budget(game_id, think)
        self.rollouts = 0  # statistics: rollouts played by the last choose
        self.time_cuts = 0  # statistics: searches cut by the safety net (the count budget did not end them)
        self.used = 0  # simulated moves of the search under way (read by the table from another thread)
        self.spent = 0  # its work, where the game counts work (the same)
        self.finished = False  # the search under way ended early: nothing left that could change the move
        self._meter: WorkMeter | None = None
        rng = Rng(seed)
        self._seed_base = rng.next_u64()
        self.expert, self.greedy = self._new_bots()

    def _new_bots(self) -> tuple[Bot, Bot]:
        """The expert and greedy bots that name the candidates, made anew for every decision (~0.2 ms): a bot's
        random tie-breaks and memory (the Rommé expert's settled tables) carried one decision into the next, so
        the move and the work counted depended on what the master was asked before, and a loaded game, an undone
        move or another process chose otherwise."""
        return (bot_of(self.game_id, "expert", f"{self.seed}/master-expert"),
                bot_of(self.game_id, "greedy", f"{self.seed}/master-greedy"))

    # candidates ------------------------------------------------------------------------------------------------
    def candidates(self, state: GameState, moves: Sequence[Move]) -> tuple[list[Move], Move]:
        """The moves searched, and the one kept unless another is clearly better: the expert's choice (in two-seat
        Königs-Rommé the discard with the most outs at the expert's distance, :func:`preferred_move`)."""
        expert_move = self.expert.choose(state)
        preferred = preferred_move(state, expert_move)
        # an expert's table move may be a rearrangement legal_moves() does not list: it is always searched
        found = [preferred, expert_move, *moves] if len(moves) <= MAX_CANDIDATES else [
            preferred, expert_move, self.greedy.choose(state)]
        cands: list[Move] = []
        for move in [*found, *extra_candidates(state)]:
            if move not in cands:
                cands.append(move)
        return cands, preferred

    @property
    def progress(self) -> float:
        """How far the search under way is through its budget (0 to 1; it may stop a little short of 1)."""
        if self.finished:
            return 1.0
        work = self.spent / self.work_budget if self.work_budget else 0.0
        return min(1.0, max(self.used / self.budget, work))

    def choose(self, state: GameState) -> Move:
        self.used = self.spent = self.rollouts = 0
        self.finished = False
        self.expert, self.greedy = self._new_bots()
        self.work_budget = work_budget(self.game_id, self.think, state.rules)  # Rommé: under Räuber rules only
        self._meter = WorkMeter(self.work_budget, work_rates(state))  # from here: the expert's own search counts too
        moves = state.legal_moves()
        # an expert that weighs a rearrangement legal_moves() does not list (Rommé without a discard pile, where
        # the stock draw may be the one listed move) may play another move: then the two are searched
        may_rearrange = getattr(self.expert, "may_rearrange", None)
        if len(moves) == 1 and not (may_rearrange is not None and may_rearrange(state)):
            # 1x1-Rommé: a hand whose one listed move is a discard (the other card was taken from the discard pile)
            # may still go out by a table move the listing leaves out (master_einmaleins)
            return go_out_move(state) or moves[0]
        cands, expert_move = self.candidates(state, moves)
        if holds(state, expert_move):  # Rummy: a small hand waits to go out in one turn (master_hold)
            return next(m for m in moves if m.kind == "pass")
        ruled = rule_move(state, expert_move)  # 1x1-Rommé: going out, the rule's discard (master_einmaleins)
        if ruled is not None:
            return ruled
        if len(cands) == 1:
            return cands[0]
        return self.search(state, cands, expert_move)

    # search ----------------------------------------------------------------------------------------------------
    def _sampler(self, state: GameState, player: int) -> Rng:
        return Rng((self._seed_base ^ observation_digest(state, player)) & ((1 << 64) - 1))

    def search(self, state: GameState, cands: list[Move], expert_move: Move) -> Move:
        """Successive halving over sampled worlds: every live candidate is played in each new world; after
        1, 2, 4, 8, … worlds the worse half (by mean value) is dropped, the expert's move never. Then :func:`pick`."""
        player = state.current_player
        sampler = self._sampler(state, player)
        sign = -1.0 if _lower_is_better(state) else 1.0
        start_scores = list(state.result().scores)
        baseline = cands.index(expert_move)
        values: list[list[float]] = [[] for _ in cands]  # per candidate, its value in each sampled world
        alive = list(range(len(cands)))
        known = known_cards(state, player)  # read from the whole history once
        streaks = read_streaks(state, player)
        turns = last_turns(state, player)  # (Königs-Rommé: the other seats' last turns, for every world's tries)
        used = rollouts = worlds = self.used = 0
        meter = self._meter if self._meter is not None else WorkMeter(self.work_budget, work_rates(state))
        deadline = time.perf_counter() + max(SAFETY_FACTOR * self.think, SAFETY_FLOOR)
        while worlds < MIN_WORLDS or (fits(used, rollouts, len(alive), self.budget)
                                      and fits(meter.count(), rollouts, len(alive), meter.budget)):
            if time.perf_counter() > deadline:
                self.time_cuts += 1
                break
            world_seed = sampler.next_u64()
            deal = sample_deal(state, player, Rng(world_seed), known, streaks, turns)
            meter.add_world(deal)
            try:
                for done, i in enumerate(alive):
                    world = apply_deal(state, deal)  # the same world for every candidate
                    draws = seat_draws(world, player) if COMMON_DRAWS else None
                    if draws is not None:
                        draws.arrange(world, cands[i])
                    world.apply(cands[i])
                    meter.add_move()
                    used += 1 + self._play(world, player, start_scores, world_seed, draws, meter)
                    meter.add_rollout()
                    self.used, self.spent = used, meter.spent
                    values[i].append(rollout_value(world, player, start_scores, sign))
                    rollouts += 1
                    if meter.budget is not None and not self._may_deviate(meter, used, rollouts, worlds, alive, done):
                        self.rollouts, self.finished = rollouts, True  # too few worlds to leave the expert's move
                        return cands[baseline]
            except Spent:  # a rollout ran past the work budget: the worlds completed decide
                for i in alive:
                    del values[i][worlds:]
                break
            worlds += 1
            if worlds & (worlds - 1) == 0 and len(alive) > 2:  # a power of two: halve the field
                alive = _halve(alive, values, baseline)
        self.rollouts = rollouts
        self.finished = True
        live = [values[i] for i in alive]
        level = deviation_level(state.game_id, state.num_players)
        return cands[alive[pick(live, alive.index(baseline), len(cands), level)]]

    def _may_deviate(self, meter: WorkMeter, used: int, rollouts: int, worlds: int, alive: list[int],
                     done: int) -> bool:
        """Whether the budgets, at the mean cost of the rollouts so far, reach the worlds a deviation needs
        (:func:`.master_budget.rollouts_to_deviate`; ``done``: the index in ``alive`` of the rollout just played).
        A search that has them may deviate whatever it spent: its last world may run past the count budget."""
        more = rollouts_to_deviate(worlds, len(alive), done + 1)
        return more == 0 or (fits(used, rollouts, more, self.budget) and fits(meter.spent, rollouts, more,
                                                                              meter.budget))

    def _play(self, world: GameState, player: int, start_scores: Sequence[int], world_seed: int,
              draws: SeatDraws | None = None, meter: WorkMeter | None = None) -> int:
        """Expert bots play ``world`` on until a score changes, the game ends or :data:`HORIZON`; moves played.
        ``draws``: the stock cards each seat draws (:class:`.master_rollout.SeatDraws`); ``meter``: counts each
        move's work (:class:`.master_budget.Spent` past its budget)."""
        horizon = HORIZONS.get(world.game_id, HORIZON)
        if world.game_id == "koenigs" and FAST_KOENIGS:
            return koenigs_rollout.play(world, start_scores, horizon, draws, meter)
        bots = rollout_policies(world.game_id, world.num_players, world_seed)
        n = 0
        while not world.is_over and n < horizon:
            move = bots[world.current_player].choose(world)
            if draws is not None:
                draws.arrange(world, move)
            world.apply(move)
            n += 1
            if meter is not None:
                meter.add_move()
            if world.game_id != "koenigs-solo" and list(world.result().scores) != list(start_scores):
                break
        return n


def _factory(game_id: str) -> Callable[[Rng], MasterBot]:
    def make(rng: Rng) -> MasterBot:
        return MasterBot(game_id, rng.next_u64())

    return make


for _game in GAMES:  # listed among the game's levels (make_bot builds it with make_master, which takes ``think``)
    register_bot(_game, "master")(_factory(_game))


def make_master(game_id: str, seed: int | str | None = 0, think: float | None = None) -> MasterBot:
    """The master bot of ``game_id``; ``think`` seconds a move (default :data:`DEFAULT_THINK`)."""
    from ..errors import RulesError

    if game_id not in MOVES_PER_SECOND:
        raise RulesError(f"no master bot for {game_id}")
    return MasterBot(game_id, seed, DEFAULT_THINK if think is None else check_think(think))


#: the longest thinking time a move accepted (a day)
MAX_THINK = 86_400.0


def check_think(value: object) -> float:
    """``value`` as a thinking time in seconds, or :class:`RulesError` (negative, NaN, inf, huge, not a number)."""
    import math

    from ..errors import RulesError, quote

    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise RulesError(f"a thinking time is a number of seconds, got {quote(value)}")
    try:
        think = float(value)
    except OverflowError:  # an int past a float's range
        think = math.inf
    if not math.isfinite(think) or not 0 < think <= MAX_THINK:
        raise RulesError(f"a thinking time is more than 0 and at most {MAX_THINK:.0f} seconds, got {quote(value)}")
    return think
