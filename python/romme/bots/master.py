"""The ``master`` level: determinized search over what the other seats may hold.

For every game (and the solitaire) the master bot

1. lists candidate moves: every legal move when there are at most :data:`MAX_CANDIDATES`, else the moves the
   ``expert`` and ``greedy`` bots of the game would make (both decide from the observation only);
2. samples *determinizations*: the cards it cannot see (the other seats' hands and the stock) are pooled,
   sorted and dealt again at random into the same places, in the same numbers, and the game's own random
   generator (used for later deals and reshuffles) is reseeded, so the sampled world is consistent with
   everything public: the table, the discard pile, every hand size, the reserves, its own hand;
3. plays each live candidate in each sampled world (the same worlds for every candidate) and lets ``expert`` bots
   play every seat until the round's scores change (the end of the deal, scored exactly by the game), the game
   ends, or :data:`HORIZON` moves (fewer in :data:`HORIZONS`); after 2, 4, 8, … worlds the worse half of the
   candidates is dropped (successive halving; the expert's move is never dropped), so the budget goes to the
   close calls;
4. plays the expert's move unless another candidate, compared in at least :data:`DEVIATE_WORLDS` worlds, gains
   more than :data:`CONFIDENCE` standard errors over it in the same worlds (a paired comparison: a few noisy
   rollouts must not override a good heuristic).

The value of a rollout is the seat's score change minus the mean change of the others (sign-flipped where lower
is better), plus a win bonus at the end of a game; a rollout cut by the horizon adds the others' mean hand
points minus its own (Rummy, 1x1-Rommé: the core's hand points) or a small term for hand size (fewer cards in
hand than the others is better). In the solitaire the value is whether the game was finished
(then the score as a tie-break): the move that maximises the chance to finish.

The sampler is seeded from the bot's seed, the number of moves played and a digest of the observation; it never
reads a hidden card of the real state (the pool is sorted before it is shuffled, so it is the same multiset
whatever the real deal). The same observation therefore gives the same move, and a game is replayable.

The thinking budget is a *count* of simulated moves, ``think`` seconds times a per-game rate measured on one
core (:data:`MOVES_PER_SECOND`), so the answer never depends on the machine's speed or load. Whole rounds of
samples are played (every candidate sees the same worlds). A time cut at :data:`SAFETY_FACTOR` times the
budget (at least :data:`SAFETY_FLOOR` seconds) exists only against a pathological position; it could make a move
depend on timing, which is why it sits far above the budget (see docs/MASTER-BOT.md).
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..rng import Rng
from . import make_bot, register_bot

if TYPE_CHECKING:
    from ..engine import GameState, Move

GAMES = ("koenigs", "romme", "einmaleins", "rummy", "krass", "koenigs-solo")

#: default thinking time a move, in seconds (on one core)
DEFAULT_THINK = 1.0
#: simulated moves per second of one core in the rollouts (sampling, cloning, expert bots), measured on this
#: project's 2-core test machine under a load of 4, then taken at 70 %; Königs-Rommé, 1x1-Rommé and Rummy raised
#: 2.5x after a measured CPU p99 of 0.26-0.32 s a move at default --think (master seat 0, seed timing/0)
MOVES_PER_SECOND = {
    "koenigs": 5000,
    "romme": 1500,
    "einmaleins": 4000,
    "rummy": 1125,
    "krass": 2000,
    "koenigs-solo": 130,
}
#: more legal moves than this: only the expert's and the greedy bot's choices are searched
MAX_CANDIDATES = 8
#: a rollout stops after this many moves if no score has changed before
HORIZON = 40
#: shorter horizons where a rollout move is dear (a table search each move): the budget buys more worlds, and a
#: cut rollout is valued by the hands' points (:data:`HAND_POINT_GAMES`), what the deal's end would charge
HORIZONS = {"rummy": 12, "einmaleins": 16}
#: games whose cut rollouts are valued by the core's hand points of every card left in hand
HAND_POINT_GAMES = ("rummy", "einmaleins")
#: value of winning the game (in score points of the game)
WIN_BONUS = 50.0
#: value of one card fewer in hand than the others' mean, when a rollout is cut by the horizon
HAND_CARD_VALUE = 2.0
#: sampled worlds always played (the budget is checked from then on)
MIN_WORLDS = 2
#: a move other than the expert's is played only if it was compared in at least this many worlds and its mean
#: gain there exceeds :data:`CONFIDENCE` standard errors of the gain
DEVIATE_WORLDS = 6
CONFIDENCE = 2.0
#: time cut: this multiple of the thinking time, but never less than :data:`SAFETY_FLOOR` seconds. A safety net
#: only (against a pathological position): it is far above what the count budget takes, so that a loaded
#: machine does not reach it and the move stays a function of the observation and the seed
SAFETY_FACTOR = 10.0
SAFETY_FLOOR = 10.0


def observation_digest(state: GameState, player: int) -> int:
    """A 64-bit digest of what ``player`` sees (the observation and the public move count)."""
    obs = state.observation(player)
    text = json.dumps([len(state.history), obs], sort_keys=True, default=str)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


# --- determinization: deal the unseen cards again ------------------------------------------------------------
def _hidden_hands(state: GameState, player: int) -> list[int]:
    """The seats whose hands ``player`` cannot see."""
    if state.game_id == "koenigs-solo":
        return []
    return [p for p in range(state.num_players) if p != player]


def _get_hand(state: Any, seat: int) -> list[int]:
    if state.game_id in ("einmaleins", "rummy"):
        return list(state.hand(seat))
    return list(state.hands[seat])


def _set_hand(state: Any, seat: int, cards: list[int]) -> None:
    game = state.game_id
    if game in ("einmaleins", "rummy"):
        counts = [0] * len(state.hands[seat])
        for c in cards:
            counts[c] += 1
        state.hands[seat] = counts
        if game == "rummy":
            from ..games.rummy import masks_of

            state.masks[seat] = masks_of(counts)
    elif game == "romme":
        state.hands[seat] = sorted(cards)  # Rommé keeps hands sorted
    else:
        state.hands[seat] = cards


def _rng_attr(state: Any) -> str | None:
    for name in ("rng", "_rng"):
        if isinstance(getattr(state, name, None), Rng):
            return name
    return None


def _pop_top(pile: list[int]) -> int | None:
    return pile.pop() if pile else None


def known_cards(state: GameState, player: int) -> dict[int, list[int]]:
    """Cards each other seat is known to hold, read from the public history: a card taken from the discard pile
    (the top, tracked from the discards since the pile's start is seen) stays known until that seat plays a card
    of that id. In Königs-Rommé a deal ends after a ``GoOut`` and one last turn of each other seat: the record
    restarts there. Cards no longer unseen (laid, discarded) are dropped by :func:`determinize`, which deals only
    cards of the unseen pool. Limits: in Rommé and 1x1-Rommé the history does not mark where a deal starts, so a
    card taken in an earlier deal that is unseen again counts as known (a bias of the sampler, not a leak)."""
    known: dict[int, list[int]] = {p: [] for p in _hidden_hands(state, player)}
    if not known or state.game_id not in ("koenigs", "romme", "einmaleins"):
        return known
    pile: list[int] = []
    last_turns = 0  # Königs: draws still to come in the deal that a GoOut ended
    for move in state.history:
        seat = getattr(move, "player", -1)
        kind = getattr(move, "kind", "")
        if kind == "out":
            last_turns = state.num_players  # the out seat's own turn has ended; n - 1 last turns follow
        if kind == "draw" and last_turns:
            last_turns -= 1
            if last_turns == 0:  # a new deal: nothing known, the pile's start unseen
                pile.clear()
                for cards in known.values():
                    cards.clear()
        if kind == "draw" and getattr(move, "source", "") == "discard":
            card = _pop_top(pile)
            if card is not None and seat in known:
                known[seat].append(card)
        for meld in getattr(move, "melds", ()) if kind == "meld" else ():  # Rommé: new melds from the hand
            for spec in meld:
                if seat in known and spec in known[seat]:
                    known[seat].remove(spec)
        card = getattr(move, "card", None)
        if isinstance(card, int):
            if kind in ("discard", "out"):
                pile.append(card)
            if seat in known and card in known[seat]:
                known[seat].remove(card)
    return known


def determinize(state: GameState, player: int, rng: Rng) -> GameState:
    """A copy of ``state`` in which every card ``player`` cannot see is dealt again from ``rng``.

    The pool of unseen cards is sorted before it is shuffled, so the result depends only on what ``player``
    sees and on ``rng``, never on where the hidden cards really are.
    """
    world: Any = state.clone()
    if state.game_id == "koenigs-solo":
        world.hands = [list(h) for h in world.hands]
    else:
        world.hands = list(world.hands)
    seats = _hidden_hands(state, player)
    sizes = [len(_get_hand(world, s)) for s in seats]
    stock = list(world.stock)
    turned = stock[-1:] if state.game_id == "koenigs-solo" else []  # the solitaire's top card is face up
    unseen_stock = stock[: len(stock) - len(turned)]
    pool = sorted([c for s in seats for c in _get_hand(world, s)] + unseen_stock)
    dealt = _deal_known(pool, known_cards(state, player), seats, sizes)
    rng.shuffle(pool)
    for seat, size in zip(seats, sizes):
        take = size - len(dealt[seat])
        _set_hand(world, seat, dealt[seat] + pool[:take])
        del pool[:take]
    world.stock = pool + turned
    name = _rng_attr(world)
    if name is not None:
        setattr(world, name, Rng(rng.next_u64()))
    for cache in ("_moves_cache", "_last_plan", "_checked", "_out_cache"):
        if hasattr(world, cache):
            setattr(world, cache, None)
    sampled: GameState = world
    return sampled


def _deal_known(
    pool: list[int], known: dict[int, list[int]], seats: list[int], sizes: list[int]
) -> dict[int, list[int]]:
    """Takes each seat's known cards out of ``pool`` (only those still unseen, at most its hand size, the latest
    taken first: an older one is likelier to be stale)."""
    dealt: dict[int, list[int]] = {}
    for seat, size in zip(seats, sizes):
        dealt[seat] = []
        for card in reversed(known.get(seat, [])):
            if len(dealt[seat]) < size and card in pool:
                pool.remove(card)
                dealt[seat].append(card)
    return dealt


# --- valuing a rollout ----------------------------------------------------------------------------------------
def _hand_size(state: GameState, seat: int) -> int:
    return len(state.zones().get(f"hand{seat}", ()))


def _hand_cards(state: GameState, seat: int) -> float:
    return HAND_CARD_VALUE * _hand_size(state, seat)


@functools.cache
def _point_table(game_id: str) -> tuple[int, ...]:
    from .. import _core

    return tuple(_core.hand_points(game_id))


def _hand_points(state: GameState, seat: int) -> float:
    """The points ``seat``'s hand would cost at the end of the deal (the core's table)."""
    points = _point_table(state.game_id)
    return float(sum(points[c] for c in state.zones().get(f"hand{seat}", ())))


def _lower_is_better(state: GameState) -> bool:
    return bool(state.result().detail.get("lower_is_better", False))


def rollout_value(world: GameState, player: int, start_scores: Sequence[int], sign: float) -> float:
    """The value for ``player`` of a finished rollout ``world`` that began at ``start_scores``."""
    if world.game_id == "koenigs-solo":
        res = world.result()
        finished = bool(res.winners) if world.is_over else False
        return (1000.0 if finished else 0.0) + float(res.scores[0] if res.scores else 0)
    res = world.result()
    deltas = [s - s0 for s, s0 in zip(res.scores, start_scores)]
    others = [d for p, d in enumerate(deltas) if p != player]
    value = sign * (deltas[player] - (sum(others) / len(others) if others else 0.0))
    if world.is_over:
        value += WIN_BONUS if player in res.winners else 0.0
    elif list(res.scores) == list(start_scores):  # cut by the horizon: the hands say who is ahead
        hand = _hand_points if world.game_id in HAND_POINT_GAMES else _hand_cards
        mine = hand(world, player)
        rest = [hand(world, p) for p in range(world.num_players) if p != player]
        value += (sum(rest) / len(rest) if rest else 0.0) - mine
    return value


def pick(values: Sequence[Sequence[float]], baseline: int) -> int:
    """The candidate to play: the one with the best mean gain over ``baseline`` (the expert's move) in the same
    worlds, if that gain exceeds :data:`CONFIDENCE` standard errors; else ``baseline``. A handful of noisy
    rollouts must not talk the bot out of a good move."""
    worlds = len(values[baseline])
    best, best_gain = baseline, 0.0
    if worlds < DEVIATE_WORLDS:
        return baseline
    for i, vs in enumerate(values):
        diffs = [v - b for v, b in zip(vs, values[baseline])]
        mean = sum(diffs) / worlds
        var = sum((d - mean) ** 2 for d in diffs) / (worlds - 1)
        if mean > best_gain and mean > CONFIDENCE * math.sqrt(var / worlds):
            best, best_gain = i, mean
    return best


def _halve(alive: list[int], values: Sequence[Sequence[float]], baseline: int) -> list[int]:
    """The better half of ``alive`` by mean value (ties by index), always with ``baseline``."""
    ranked = sorted(alive, key=lambda i: (-sum(values[i]) / len(values[i]), i))
    keep = set(ranked[: (len(alive) + 1) // 2]) | {baseline}
    return [i for i in alive if i in keep]


class MasterBot:
    """Determinized rollout search (see the module docstring)."""

    level = "master"

    def __init__(self, game_id: str, seed: int | str | None = 0, think: float = DEFAULT_THINK) -> None:
        self.game_id = game_id
        self.seed = seed
        self.think = think
        self.budget = max(1, int(think * MOVES_PER_SECOND[game_id]))
        self.rollouts = 0  # statistics: rollouts played by the last choose
        self.time_cuts = 0  # statistics: searches cut by the safety net (the count budget did not end them)
        rng = Rng(seed)
        self._seed_base = rng.next_u64()
        self.expert = make_bot(game_id, "expert", f"{seed}/master-expert")
        self.greedy = make_bot(game_id, "greedy", f"{seed}/master-greedy")

    # candidates ------------------------------------------------------------------------------------------------
    def candidates(self, state: GameState, moves: list[Move]) -> tuple[list[Move], Move]:
        """The moves searched, and the expert's choice among them."""
        expert_move = self.expert.choose(state)
        if len(moves) <= MAX_CANDIDATES:
            # an expert's table move may be a rearrangement legal_moves() does not list: search it too
            return (moves if expert_move in moves else [expert_move, *moves]), expert_move
        greedy_move = self.greedy.choose(state)
        return ([expert_move] if greedy_move == expert_move else [expert_move, greedy_move]), expert_move

    def choose(self, state: GameState) -> Move:
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        cands, expert_move = self.candidates(state, moves)
        if len(cands) == 1:
            return cands[0]
        return self.search(state, cands, expert_move)

    # search ----------------------------------------------------------------------------------------------------
    def _sampler(self, state: GameState, player: int) -> Rng:
        return Rng((self._seed_base ^ observation_digest(state, player)) & ((1 << 64) - 1))

    def search(self, state: GameState, cands: list[Move], expert_move: Move) -> Move:
        """Successive halving over sampled worlds: every live candidate is played in each new world; after
        2, 4, 8, … worlds the worse half (by mean value) is dropped, the expert's move never. Then :func:`pick`."""
        player = state.current_player
        sampler = self._sampler(state, player)
        sign = -1.0 if _lower_is_better(state) else 1.0
        start_scores = list(state.result().scores)
        baseline = cands.index(expert_move)
        values: list[list[float]] = [[] for _ in cands]  # per candidate, its value in each sampled world
        alive = list(range(len(cands)))
        used = rollouts = worlds = 0
        deadline = time.perf_counter() + max(SAFETY_FACTOR * self.think, SAFETY_FLOOR)
        while worlds < MIN_WORLDS or used + (used / rollouts) * len(alive) <= self.budget:
            if time.perf_counter() > deadline:
                self.time_cuts += 1
                break
            world_seed = sampler.next_u64()
            for i in alive:
                world = determinize(state, player, Rng(world_seed))  # the same world for every candidate
                world.apply(cands[i])
                used += 1 + self._play(world, player, start_scores, world_seed)
                values[i].append(rollout_value(world, player, start_scores, sign))
            rollouts += len(alive)
            worlds += 1
            if worlds & (worlds - 1) == 0 and len(alive) > 2:  # a power of two: halve the field
                alive = _halve(alive, values, baseline)
        self.rollouts = rollouts
        live = [values[i] for i in alive]
        return cands[alive[pick(live, alive.index(baseline))]]

    def _play(self, world: GameState, player: int, start_scores: Sequence[int], world_seed: int) -> int:
        """Expert bots play ``world`` on until a score changes, the game ends or :data:`HORIZON`; moves played."""
        bots = _rollout_bots(world.game_id, world.num_players, world_seed)
        n = 0
        horizon = HORIZONS.get(world.game_id, HORIZON)
        while not world.is_over and n < horizon:
            world.apply(bots[world.current_player].choose(world))
            n += 1
            if world.game_id != "koenigs-solo" and list(world.result().scores) != list(start_scores):
                break
        return n


def _rollout_bots(game_id: str, players: int, world_seed: int) -> list[Any]:
    return [make_bot(game_id, "expert", f"rollout/{world_seed}/{s}") for s in range(players)]


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
    think = float(value)
    if not math.isfinite(think) or not 0 < think <= MAX_THINK:
        raise RulesError(f"a thinking time is more than 0 and at most {MAX_THINK:.0f} seconds, got {value}")
    return think
