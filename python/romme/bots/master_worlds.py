"""The master's sampled worlds: the cards its seat cannot see, dealt again consistently with everything public.

The pool of unseen cards (the other hands and the stock) is sorted, the cards known to be in a seat's hand (taken
from the discard pile in the public history and not played since) are dealt to that seat, and the rest is
shuffled by the sampler into the same places and numbers. The table, the discard pile, hand sizes, reserves and
the seat's own hand stay as they are; the game's own random generator (later deals, reshuffles) is reseeded. A
world therefore depends only on what the seat sees and on the sampler, never on where the hidden cards really are.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..rng import Rng
from .master_reveal import (
    JOKER,
    TRIES,
    SeenTurn,
    Streak,
    deal_streak,
    read_streaks,
    turn_checks,
    unseen_jokers,
)

if TYPE_CHECKING:
    from ..engine import GameState


def observation_digest(state: GameState, player: int) -> int:
    """A 64-bit digest of what ``player`` sees (the observation and the public move count)."""
    obs = state.observation(player)
    text = json.dumps([len(state.history), obs], sort_keys=True, default=str)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


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
        if hasattr(state, "masks"):  # a Rummy that keeps bit masks of the hands beside the counts
            from ..games.rummy import masks_of  # type: ignore[attr-defined,unused-ignore]

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
    jokers = unseen_jokers(state, player)  # two-seat Rummy: the other seat's joker until it lays it
    if jokers:
        known[1 - player] = [JOKER] * jokers
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


@dataclass(frozen=True)
class Deal:
    """The hidden cards of a sampled world: each hidden seat's hand, the stock, the seed of the world's new
    generator, and how many deals the sampler tried against the other seats' last turns (0: nothing checked; the
    master's work budget counts them, :mod:`.master_budget`)."""

    hands: dict[int, list[int]]
    stock: list[int]
    generator_seed: int
    tries: int = 0


def determinize(
    state: GameState,
    player: int,
    rng: Rng,
    known: dict[int, list[int]] | None = None,
    streaks: dict[int, Streak] | None = None,
) -> GameState:
    """A copy of ``state`` in which every card ``player`` cannot see is dealt again from ``rng``.

    The pool of unseen cards is sorted before it is shuffled, so the result depends only on what ``player``
    sees and on ``rng``, never on where the hidden cards really are. ``known``: :func:`known_cards` of the
    position, ``streaks``: :func:`read_streaks` (Rummy's passes), when the caller has them already (each reads
    the whole history).
    """
    return apply_deal(state, sample_deal(state, player, rng, known, streaks))


def sample_deal(
    state: GameState,
    player: int,
    rng: Rng,
    known: dict[int, list[int]] | None = None,
    streaks: dict[int, Streak] | None = None,
    turns: dict[int, SeenTurn] | None = None,
) -> Deal:
    """The hidden cards of :func:`determinize`'s world (a search deals a world once and plays it per candidate).
    ``turns``: Königs-Rommé's :func:`.master_reveal.last_turns` of the position, when the caller has them (it reads
    the whole history)."""
    seats = _hidden_hands(state, player)
    sizes = [len(_get_hand(state, s)) for s in seats]
    stock = list(state.stock)  # type: ignore[attr-defined]
    turned = stock[-1:] if state.game_id == "koenigs-solo" else []  # the solitaire's top card is face up
    unseen_stock = stock[: len(stock) - len(turned)]
    pool = sorted([c for s in seats for c in _get_hand(state, s)] + unseen_stock)
    dealt = _deal_known(pool, known_cards(state, player) if known is None else known, seats, sizes)
    streaks = read_streaks(state, player) if streaks is None else streaks
    hands: dict[int, list[int]] = {}
    for seat, size in zip(seats, sizes):  # hands that play revealed something, dealt to fit it
        if seat in streaks:
            options = dict(state.rules.options)
            hands[seat] = dealt[seat] + deal_streak(pool, dealt[seat], size - len(dealt[seat]), streaks[seat], rng,
                                                    options)
    checks = turn_checks(state, player, turns)
    best: tuple[int, dict[int, list[int]], list[int]] | None = None
    tries = 0
    for _ in range(TRIES if checks else 1):  # dealt again while a hand breaks its seat's last turn
        tries += 1 if checks else 0
        rest = list(pool)
        rng.shuffle(rest)
        tried = dict(hands)
        for seat, size in zip(seats, sizes):
            if seat not in tried:
                take = size - len(dealt[seat])
                tried[seat] = dealt[seat] + rest[:take]
                del rest[:take]
        broken = sum(check(tried[seat]) for seat, check in checks.items())
        if best is None or broken < best[0]:
            best = (broken, tried, rest)
        if broken == 0:
            break
    assert best is not None
    return Deal(best[1], best[2] + turned, rng.next_u64(), tries)


def apply_deal(state: GameState, deal: Deal) -> GameState:
    """A copy of ``state`` with ``deal``'s hidden cards and a new generator (the game's caches dropped)."""
    world: Any = state.clone()
    if state.game_id == "koenigs-solo":
        world.hands = [list(h) for h in world.hands]
    else:
        world.hands = list(world.hands)
    for seat, cards in deal.hands.items():
        _set_hand(world, seat, list(cards))
    world.stock = list(deal.stock)
    _set_generator(world, deal.generator_seed)
    sampled: GameState = world
    return sampled


def _set_generator(world: Any, seed: int) -> None:
    name = _rng_attr(world)
    if name is not None:
        setattr(world, name, Rng(seed))
    for cache in ("_moves_cache", "_last_plan", "_checked", "_out_cache"):
        if hasattr(world, cache):
            setattr(world, cache, None)


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
