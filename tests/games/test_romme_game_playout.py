"""Random playouts of Rommé over every preset and option mix (tests/helpers/playout.py checks:
conservation of the 104 + 2·jokers_per_deck cards, legality, no leaks, replay, undo, save), and the
contract of ``legal_moves()``: every move of the kinds it lists completely is listed exactly when it
is legal; a legal move it does not list is of a kind it lists boundedly."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter

import pytest
from playout import BoundedListing, _fingerprint, _mutations, check_observation, check_random_playouts, full_deck

from romme import engine
from romme.errors import IllegalMoveError
from romme.games.romme.melds import DECLARED, JOKER
from romme.games.romme.moves import Discard, Draw, End, Knock, LayOff, MeldMove, Pass, Place, Swap
from romme.rng import Rng
from romme.rules import PRESETS, Rules

PRESET_NAMES = sorted(PRESETS["romme"])
EXTRA = {  # option mixes the presets do not cover
    "jokers0-knock-pickup": {"jokers_per_deck": 0, "knocking": True, "discard_pickup_after_opening": True},
    "jokers1-declared-nodouble": {"jokers_per_deck": 1, "joker_declared": True, "no_double_joker": True},
    "noopenlay-wrap-hand": {"lay_off_in_opening_turn": False, "wrap_around": True, "hand_romme": True},
    "rauber-all": {"rauber": True, "rauber_discard_pile": False, "rauber_table_to_hand": True,
                   "joker_swap_completes": True, "opening_points": 20},
}


def bounded_kind(move: engine.Move) -> bool:
    """A move of a kind ``legal_moves()`` lists only boundedly: new melds, places (rearrangements) and
    lay-offs of a declared joker."""
    return isinstance(move, (MeldMove, Place)) or (isinstance(move, LayOff) and move.card >= DECLARED)


def check_listing_complete(state, legal) -> int:
    """Every draw, knock, pass, end, discard, lay-off of a hand card (a joker undeclared) and joker
    swap is listed exactly when the full check accepts it (fresh move objects: apply trusts only the
    listing's own); every listed move passes the full check. Returns the moves checked."""
    p = state.current_player
    listed = set(legal)
    hand = set(state.zones()[f"hand{p}"])
    melds = range(1, len(state.observation(p)["table"]) + 1)
    cands = [Draw(p, "stock"), Draw(p, "discard"), Knock(p), Pass(p), End(p)]
    cands += [Discard(p, c) for c in hand]
    cands += [LayOff(p, c, t) for c in hand for t in melds]
    cands += [Swap(p, t, c) for c in hand if c != JOKER for t in melds]
    for m in cands:
        assert state.is_legal(m) == (m in listed), (m, state.is_legal(m))
    for m in legal:
        assert state.is_legal(dataclasses.replace(m)), m
    return len(cands) + len(legal)


#: Rommé lists its meld moves boundedly (tests/helpers/playout.py checks a legal unlisted one is of such a kind).
LISTING = BoundedListing(bounded_kind, check_listing_complete)


def rules_for(name: str, target: int = 1) -> Rules:
    if name in EXTRA:
        return Rules.make("romme", EXTRA[name], target=target)
    return Rules.make("romme", name, target=target)


@pytest.mark.parametrize("name", PRESET_NAMES + sorted(EXTRA))
def test_playout(name):
    finished = 0
    for players in (2, 5):
        stats = check_random_playouts("romme", players, rules_for(name), seeds=range(1), max_moves=2500,
                                      apply_all_every=7, illegal_every=5, observe_every=6, undo_checks=2,
                                      listing=LISTING)
        finished += stats["finished"]
    assert finished >= 1, name


def test_playout_match_of_several_deals():
    stats = check_random_playouts("romme", 3, rules_for("standard", target=150), seeds=range(1),
                                  max_moves=6000, apply_all_every=10, illegal_every=10, observe_every=5,
                                  listing=LISTING)
    assert stats["finished"] == 1
    assert stats["reveals"] >= 2  # each deal's end shows the hands, never before (checked in RevealCheck)


@pytest.mark.slow
@pytest.mark.parametrize("name", PRESET_NAMES + sorted(EXTRA))
def test_playout_many(name):
    finished = 0
    for players in range(2, 7):
        stats = check_random_playouts("romme", players, rules_for(name), seeds=range(100, 104), max_moves=4000,
                                      apply_all_every=2, observe_every=2, listing=LISTING)
        finished += stats["finished"]
    # random knockers swell their hands (card + penalty card), so their deals often lock and start
    # again: those matches may run past max_moves (every move is still checked)
    assert finished >= (1 if rules_for(name).knocking else 10), finished


# --- many random moves, lean checks (10^5 in CI, 10^6 under -m slow) ------------------------------


#: A random game stops after this many moves (random knockers and Räuber tables can make deals long):
#: the moves spread over every rule set.
MAX_GAME_MOVES = 2_000


def play_checked_random_moves(total: int, *, every: int) -> dict[str, int]:
    """Random play through the public API over every preset and option mix (2-6 seats) until ``total``
    moves (at most :data:`MAX_GAME_MOVES` a game): after every move the zone sizes add up to the deck;
    every ``every`` moves the cards are conserved as a multiset, every listed move applies on a clone
    and illegal moves (mutations, moves of earlier positions, non-moves) are refused with the state
    unchanged (a legal unlisted one is of
    a bounded kind); every ``2 * every`` moves the listing is complete (:func:`check_listing_complete`);
    every ``4 * every`` moves no observation leaks a hidden hand or the stock; each finished game
    replays from its log."""
    names = PRESET_NAMES + sorted(EXTRA)
    stats = Counter[str]()
    game = 0
    while stats["moves"] < total:
        name = names[game % len(names)]
        players = 2 + game % 5
        state = engine.new_game("romme", players=players, seed=f"many/{game}", rules=rules_for(name))
        rng = Rng(f"many:{game}")
        full = full_deck(state)
        size = sum(full.values())
        pool: list = []
        while not state.is_over and stats["moves"] < total and len(state.history) < MAX_GAME_MOVES:
            legal = state.legal_moves()
            n = stats["moves"]
            if n % every == 0:
                assert state.card_count() == full, f"{name} game {game}: cards not conserved"
                for m in legal:
                    c = state.clone()
                    c.apply(m)
                    assert c.card_count() == full
                if n % (2 * every) == 0:
                    stats["complete_checked"] += check_listing_complete(state, legal)
                before = _fingerprint(state)
                cands: list = [None, "pass", *_mutations(legal[rng.below(len(legal))], rng, players)]
                cands += [pool[rng.below(len(pool))] for _ in range(3) if pool]
                for cand in cands:
                    if isinstance(cand, engine.Move) and (cand in legal or state.is_legal(cand)):
                        assert cand in legal or bounded_kind(cand), f"legal move {cand} is not listed"
                        continue
                    with pytest.raises(IllegalMoveError):
                        state.apply(cand)
                    assert _fingerprint(state) == before, f"refused move {cand!r} changed the state"
                    stats["illegal_tried"] += 1
                if n % (4 * every) == 0:
                    for p in range(players):
                        check_observation(state, p)
            move = legal[rng.below(len(legal))]
            state.apply(move)
            assert sum(len(z) for z in state.zones().values()) == size
            stats["moves"] += 1
            if len(pool) < 100:
                pool.append(move)
            else:
                pool[rng.below(100)] = move
        if state.is_over:
            stats["finished"] += 1
            log = json.loads(json.dumps([m.to_json() for m in state.history]))
            again = engine.replay("romme", players, state.seed, state.rules, log)
            assert again.snapshot() == state.snapshot()
        game += 1
    stats["games"] = game
    return dict(stats)


def test_many_random_moves():
    stats = play_checked_random_moves(100_000, every=100)
    assert stats["finished"] >= 40 and stats["illegal_tried"] >= 1_000, stats


@pytest.mark.slow
def test_a_million_random_moves():
    stats = play_checked_random_moves(1_000_000, every=50)
    assert stats["finished"] >= 400 and stats["illegal_tried"] >= 20_000, stats
