"""The generic random-playout checker every game passes (OpenSpiel's random_sim_test).

``check_random_playouts(game_id, players, rules, seeds)`` plays seeded games
with uniformly random moves and checks, after every move:

- card conservation: ``state.zones()`` together hold exactly the full deck for
  these rules (docs/DECKS.md);
- every legal move belongs to the current player, round-trips through its
  notation (``parse_move(str(m))``) and its JSON form (``move_from_json``), and
  applies on a clone;
- illegal moves are refused with :class:`IllegalMoveError` and the state
  unchanged: a legal move by the wrong seat, moves seen earlier that are not
  legal now, moves with mutated fields, and non-moves;
- observations are JSON-ready and never contain another seat's hand or the
  stock (as a list of tokens or codes, in order or as a multiset);

and at the end: replaying the move log (as JSON) gives the identical snapshot,
``undo`` returns to the previous snapshot, and a save/load round trip gives the
same snapshot while a tampered file is refused.
"""

from __future__ import annotations

import dataclasses
import json
import tempfile
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from romme import engine, save
from romme.cards import deck
from romme.errors import IllegalMoveError, RommeError, SaveFileError
from romme.rng import Rng


def full_deck(state: engine.GameState) -> Counter[int]:
    """The multiset of every card in play for this state's game and rules."""
    d = deck(engine.spec(state.game_id).deck_id)
    return Counter(d.full(**dict(state.rules.options)))


#: Observation keys that hold per-seat numbers, not cards (a list like hand sizes [3, 1, 4] can equal a
#: hand's codes as a multiset); the leak check skips them. Every other list is checked.
COUNT_KEYS = {"hand_sizes", "scores", "round_scores", "points", "chips", "reserve_sizes", "card_counts"}


def _lists(obj: Any) -> Iterable[list[Any]]:
    """Every list inside a JSON-ready value (except under :data:`COUNT_KEYS`)."""
    if isinstance(obj, list):
        yield obj
        for x in obj:
            yield from _lists(x)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            if k not in COUNT_KEYS:
                yield from _lists(v)


def _json_ready(obj: Any, path: str = "obs") -> None:
    if obj is None or isinstance(obj, (str, int, float, bool)):
        return
    if isinstance(obj, list):
        for i, x in enumerate(obj):
            _json_ready(x, f"{path}[{i}]")
        return
    if isinstance(obj, dict):
        for k, v in obj.items():
            assert isinstance(k, str), f"{path}: key {k!r} is not a string"
            _json_ready(v, f"{path}.{k}")
        return
    raise AssertionError(f"{path}: {type(obj).__name__} is not JSON-ready")


def check_observation(state: engine.GameState, player: int, public: Iterable[Iterable[str]] = ()) -> dict[str, Any]:
    """Checks that ``observation(player)`` is JSON-ready and leaks no hidden zone.

    Once the game is over the hands may be shown (they are scored in the open), so
    only the JSON form is checked then. ``public``: card lists the observations showed and a
    scan passed (:attr:`RevealCheck.public`); the same list shows nothing new later, when a
    hand of the next deal may hold just those cards by chance."""
    obs = state.observation(player)
    _json_ready(obs)
    json.dumps(obs)
    if state.is_over:
        return obs
    d = deck(engine.spec(state.game_id).deck_id)
    hidden = {name: cards for name, cards in state.zones().items()
              if name == "stock" or (name.startswith("hand") and name != f"hand{player}")}
    secrets: dict[int, list[tuple[str, tuple[Any, ...], tuple[Any, ...]]]] = {}
    for name, cards in hidden.items():
        if len(cards) >= 3:
            toks = tuple(sorted((d.token(c) for c in cards), key=str))
            secrets.setdefault(len(cards), []).append((name, tuple(sorted(cards, key=str)), toks))
    known = {tuple(sorted(cards, key=str)) for cards in public}
    for lst in _lists(obs):
        same_size = secrets.get(len(lst))
        if not same_size or not all(isinstance(x, (int, str)) and not isinstance(x, bool) for x in lst):
            continue
        key = tuple(sorted(lst, key=str))
        if key in known:
            continue
        for name, codes, toks in same_size:
            assert key != codes and key != toks, f"observation({player}) leaks {name}: {lst}"
    return obs


class RevealCheck:
    """The other hands become public (observation key ``round_left``) only when a round ends.

    In play the hands are laid open to count the points at a round's end, so a game may show every
    hand as it was then; before the first round ends nothing is shown, and the shown hands change
    only with a move that ended a round (the deal number moved on or the game ended). The hands shown
    are the ones held before that move, except the mover's, who may have played cards with it."""

    def __init__(self, state: engine.GameState) -> None:
        self.reveals = 0
        #: the hands the last reveal showed and the card lists of the last finished round's record (Königs-Rommé's
        #: ``last_round``: its melds and the hands left), once a leak scan of the observations showing them passed
        #: (a leak would show at that scan): public from then on, as tokens. The next deal's stock or a hand may
        #: hold the same cards by chance (seed 5501 of the hostile campaign: a 3-card stock Qc Qt * beside last
        #: round's meld Qc Qt * of other copies)
        self.public: list[list[str]] = []
        self._hands: list[list[str]] = []
        self._unscanned: list[list[str]] | None = None
        self.shown = self._shown(state)
        assert self.shown is None, f"a new game shows hands: {self.shown}"
        self._records: list[list[str]] = []
        self._unscanned_records: list[list[str]] | None = None
        self.record = self._record(state)
        self.before_move(state)

    @staticmethod
    def _record(state: engine.GameState) -> Any:
        views = [state.observation(p).get("last_round") for p in range(state.num_players)]
        assert all(v == views[0] for v in views), f"seats see different records of the last round: {views}"
        return views[0]

    @staticmethod
    def _shown(state: engine.GameState) -> Any:
        views = [state.observation(p).get("round_left") for p in range(state.num_players)]
        assert all(v == views[0] for v in views), f"seats see different round-end hands: {views}"
        return views[0]

    def before_move(self, state: engine.GameState) -> None:
        d = deck(engine.spec(state.game_id).deck_id)
        zones = state.zones()
        held = [zones.get(f"hand{p}", []) for p in range(state.num_players)]  # the solitaire has open hands only
        self.hands = [sorted(str(d.token(c)) for c in cards) for cards in held]
        self.mover = state.current_player
        self.deal = state.observation(0).get("deal")

    def scanned(self) -> None:
        """Every seat's observation passed the leak scan: the hands and the round's record shown in them are
        public."""
        if self._unscanned is not None:
            self._hands, self._unscanned = self._unscanned, None
        if self._unscanned_records is not None:
            self._records, self._unscanned_records = self._unscanned_records, None
        self.public = [*self._hands, *self._records]

    def round_ended(self, state: engine.GameState) -> bool:
        """The last move ended a round (the game is over or the deal number moved on): the move a reveal
        must be checked after, even where the checks are thinned out."""
        return state.is_over or state.observation(0).get("deal") != self.deal

    def after_move(self, state: engine.GameState) -> None:
        shown = self._shown(state)
        if shown != self.shown and shown is not None:
            deal = state.observation(0).get("deal")
            assert state.is_over or deal != self.deal, f"hands shown before the round ended (deal {deal}): {shown}"
            for p, hand in enumerate(shown):
                if p != self.mover:
                    assert sorted(hand) == self.hands[p], f"seat {p}: shown {hand}, held {self.hands[p]}"
            self._unscanned = shown
            self.reveals += 1
        self.shown = shown
        record = self._record(state)
        if record != self.record and record is not None:
            self._unscanned_records = [[str(x) for x in lst] for lst in _lists(record)
                                       if lst and all(isinstance(x, str) for x in lst)]
        self.record = record
        self.before_move(state)


def _fingerprint(state: engine.GameState) -> Any:
    return (state.current_player, state.phase, state.is_over, len(state.history),
            sorted((k, tuple(v)) for k, v in state.zones().items()),
            json.dumps(state.observation(max(state.current_player, 0)), sort_keys=True))


def _mutations(move: engine.Move, rng: Rng, n_players: int) -> list[engine.Move]:
    """Moves made from ``move`` by changing one field to a random value."""
    out = []
    for f in dataclasses.fields(move):
        value = getattr(move, f.name)
        if f.name == "player":
            out.append(dataclasses.replace(move, player=(value + 1 + rng.below(max(n_players - 1, 1))) % n_players))
        elif isinstance(value, bool):
            out.append(dataclasses.replace(move, **{f.name: not value}))
        elif isinstance(value, int):
            out.append(dataclasses.replace(move, **{f.name: rng.below(300) - 50}))
        elif isinstance(value, str):
            out.append(dataclasses.replace(move, **{f.name: value + "x"}))
        elif isinstance(value, tuple):
            if value:
                items = list(value)
                items.pop(rng.below(len(items)))
                out.append(dataclasses.replace(move, **{f.name: tuple(items)}))
            out.append(dataclasses.replace(move, **{f.name: value + value}))
    return out


@dataclasses.dataclass(frozen=True)
class BoundedListing:
    """A game whose ``legal_moves()`` lists some kinds of move only boundedly (Rommé's melds and
    rearrangements): a legal move it does not list must be of such a kind (``bounded_kind``) and apply on
    a clone; ``check_complete(state, legal)`` checks that the kinds it lists completely are listed exactly
    when legal (every ``complete_every`` moves)."""

    bounded_kind: Callable[[engine.Move], bool]
    check_complete: Callable[[engine.GameState, list[engine.Move]], object]
    complete_every: int = 1


def check_against_oracle(state: engine.GameState, candidates: Iterable[engine.Move],
                         oracle_legal: Callable[[Any, Any], bool], listed_kind: type[engine.Move]) -> Counter[bool]:
    """The engine against a game's move oracle in one position: every listed move of ``listed_kind`` is
    legal by the oracle; on every candidate ``is_legal`` agrees with the oracle, and a candidate it refuses
    raises IllegalMoveError on ``apply`` with the state unchanged. Returns the oracle's verdicts counted."""
    for m in state.legal_moves():
        if isinstance(m, listed_kind):
            assert oracle_legal(state, m), f"generated move is illegal: {m}"
    verdicts: Counter[bool] = Counter()
    for cand in candidates:
        before = state.snapshot()
        legal = oracle_legal(state, cand)
        assert state.is_legal(cand) == legal, f"engine and oracle disagree on {cand} ({legal})"
        if not legal:
            try:
                state.apply(cand)
            except IllegalMoveError:
                pass
            else:
                raise AssertionError(f"move {cand} the oracle refuses was accepted")
            assert state.snapshot() == before
        verdicts[legal] += 1
    return verdicts


def check_illegal(state: engine.GameState, legal: list[engine.Move], pool: list[engine.Move],
                  rng: Rng, tries: int = 4, listing: BoundedListing | None = None,
                  stats: dict[str, int] | None = None) -> int:
    """Tries illegal moves; each must raise IllegalMoveError and change nothing. Under a ``listing``
    that lists boundedly, a candidate that is legal though not listed must be of a bounded kind and
    apply on a clone (counted in ``stats["unlisted_legal"]``)."""
    before = _fingerprint(state)
    candidates: list[Any] = ["discard Kh", None, 42]
    if legal:
        m = legal[rng.below(len(legal))]
        if state.num_players > 1:
            wrong = (m.player + 1 + rng.below(state.num_players - 1)) % state.num_players
            candidates.append(dataclasses.replace(m, player=wrong))
        candidates.extend(_mutations(m, rng, state.num_players))
    for _ in range(tries):
        if pool:
            candidates.append(pool[rng.below(len(pool))])
    tried = 0
    for cand in candidates:
        if isinstance(cand, engine.Move) and cand in legal:
            continue
        if listing is not None and isinstance(cand, engine.Move) and state.is_legal(cand):
            assert listing.bounded_kind(cand), f"legal move {cand} is not listed"
            c = state.clone()
            c.apply(cand)
            assert c.card_count() == full_deck(state)
            if stats is not None:
                stats["unlisted_legal"] += 1
            continue
        try:
            state.apply(cand)  # type: ignore[arg-type]
        except IllegalMoveError as exc:
            assert str(exc), "IllegalMoveError without a message"
        else:
            raise AssertionError(f"illegal move {cand!r} was accepted in phase {state.phase}")
        assert _fingerprint(state) == before, f"refused move {cand!r} changed the state"
        tried += 1
    return tried


def check_round_trips(state: engine.GameState, legal: list[engine.Move]) -> None:
    cur = state.current_player
    assert len(set(legal)) == len(legal), f"duplicate legal moves: {legal}"
    for m in legal:
        assert m.player == cur, f"legal move {m} is not by the current player {cur}"
        assert state.parse_move(str(m)) == m, f"notation {str(m)!r} does not parse back to {m!r}"
        data = json.loads(json.dumps(m.to_json()))
        assert state.move_from_json(data) == m, f"JSON {data} does not read back to {m!r}"


def check_random_playouts(game_id: str, players: int, rules: Any = None, seeds: Iterable[int] = range(3),
                          max_moves: int = 5000, apply_all_every: int = 1, illegal_every: int = 1,
                          observe_every: int = 1, undo_checks: int = 3,
                          listing: BoundedListing | None = None) -> dict[str, int]:
    """Plays one random game per seed and checks every invariant above.

    ``*_every`` thin out the costly checks for long games (1 = every move); a ``listing`` names the
    kinds of move ``legal_moves()`` lists only boundedly (see :class:`BoundedListing`).
    Returns counts: games, moves, finished (games that ended within max_moves).
    """
    stats = {"games": 0, "moves": 0, "finished": 0, "illegal_tried": 0, "unlisted_legal": 0, "reveals": 0}
    for seed in seeds:
        state = engine.new_game(game_id, players=players, seed=seed, rules=rules)
        rng = Rng(f"playout:{game_id}:{seed}")
        full = full_deck(state)
        pool: list[engine.Move] = []
        snapshots: list[Any] = []
        reveal = RevealCheck(state)
        n = 0
        while True:
            assert state.card_count() == full, f"seed {seed} move {n}: cards not conserved: {state.zones()}"
            if n % observe_every == 0:
                for p in range(state.num_players):
                    check_observation(state, p, reveal.public)
                reveal.scanned()
            if state.is_over:
                assert state.current_player == -1
                assert state.legal_moves() == []
                res = state.result()
                assert len(res.scores) == state.num_players
                json.dumps(res.to_json())
                stats["finished"] += 1
                break
            if n >= max_moves:
                break
            legal = state.legal_moves()
            assert legal, f"seed {seed} move {n}: no legal move in phase {state.phase}"
            check_round_trips(state, legal)
            if listing is not None and n % listing.complete_every == 0:
                listing.check_complete(state, legal)
            if n % apply_all_every == 0:
                for m in legal:
                    c = state.clone()
                    c.apply(m)
                    assert len(c.history) == n + 1
                    assert c.card_count() == full
            if n % illegal_every == 0:
                stats["illegal_tried"] += check_illegal(state, legal, pool, rng, listing=listing, stats=stats)
            if len(snapshots) < 2 * undo_checks + 2:
                snapshots.append(state.snapshot())
            move = legal[rng.below(len(legal))]
            state.apply(move)
            if n % observe_every == 0 or reveal.round_ended(state):
                reveal.after_move(state)
            else:
                reveal.before_move(state)
            if len(pool) < 200:
                pool.append(move)
            elif rng.below(10) == 0:
                pool[rng.below(len(pool))] = move
            n += 1
        stats["games"] += 1
        stats["moves"] += n
        stats["reveals"] += reveal.reveals
        check_replay_and_save(state, snapshots, undo_checks)
    return stats


def check_replay_and_save(state: engine.GameState, early: list[Any], undo_checks: int = 3) -> None:
    """Replay of the log (JSON) is identical; undo steps back exactly; save/load round-trips."""
    snap = state.snapshot()
    log = [m.to_json() for m in state.history]
    again = engine.replay(state.game_id, state.num_players, state.seed, state.rules, json.loads(json.dumps(log)))
    assert again.snapshot() == snap, "replay of the move log differs from the played game"
    # undo: the first moves are undone exactly to their earlier snapshots
    k = min(undo_checks, len(early) - 1)
    if k > 0:
        c = engine.replay(state.game_id, state.num_players, state.seed, state.rules, state.history[:k])
        for i in range(k, 0, -1):
            undone = c.undo()
            assert undone == state.history[i - 1]
            assert c.snapshot() == early[i - 1], f"undo of move {i} does not restore the earlier state"
    # a clone is independent of its original
    c = state.clone()
    assert c.snapshot() == snap
    if not c.is_over:
        c.apply(c.legal_moves()[0])
        assert state.snapshot() == snap, "applying on a clone changed the original"
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.json"
        save.save(state, path, seats=[{"name": f"seat {i}", "bot": "random"} for i in range(state.num_players)])
        loaded = save.load(path)
        assert loaded.state.snapshot() == snap, "save/load round trip differs"
        assert [f for f in Path(tmp).iterdir()] == [path], "save left a temporary file behind"
        data = json.loads(path.read_text())
        if data["moves"]:
            data["moves"] = data["moves"][:-1]
            path.write_text(json.dumps(data))
            try:
                save.load(path)
            except SaveFileError:
                pass
            else:
                raise AssertionError("a save with a changed move log (old checksum) was accepted")


#: Games whose ``legal_moves()`` lists every move ``apply`` accepts (engine.py's promise, checked both ways
#: by :func:`check_volume`); the table games list a bounded choice of their place moves (every one legal).
COMPLETE_LISTINGS = frozenset({"koenigs", "koenigs-solo", "krass"})


def check_volume(game_id: str, moves: int, seed: int = 0, sample_every: int = 250) -> dict[str, int]:
    """Random play through the public API (``legal_moves()`` + ``apply()``) for ``moves`` moves over as
    many seeded games (default seats) as that takes. Every move is one the listing made; every
    ``sample_every`` moves, and at each game's end: the cards are conserved, no observation shows a
    hidden zone, every listed move applies on a clone, and illegal moves are refused with the state
    unchanged (for a complete listing, any move not listed is illegal: mutated moves and moves of
    earlier positions that are not listed must all be refused)."""
    stats = {"games": 0, "moves": 0, "samples": 0, "illegal_tried": 0}
    complete = game_id in COMPLETE_LISTINGS
    players = engine.spec(game_id).default_players
    rng = Rng(f"volume:{game_id}:{seed}")
    pool: list[engine.Move] = []
    while stats["moves"] < moves:
        state = engine.new_game(game_id, players=players, seed=f"volume/{seed}/{stats['games']}")
        full = full_deck(state)
        n = 0
        while not state.is_over and stats["moves"] < moves:
            legal = state.legal_moves()
            assert legal, f"game {stats['games']} move {n}: no legal move in phase {state.phase}"
            if stats["moves"] % sample_every == 0:
                _sample(state, full, list(legal), pool if complete else [], rng, stats)
            move = legal[rng.below(len(legal))]
            state.apply(move)
            if len(pool) < 100:
                pool.append(move)
            elif rng.below(20) == 0:
                pool[rng.below(len(pool))] = move
            n += 1
            stats["moves"] += 1
        if state.is_over:
            assert state.legal_moves() == [] and state.current_player == -1
            assert state.card_count() == full, f"game {stats['games']}: cards not conserved at the end"
            for p in range(state.num_players):
                check_observation(state, p)
        stats["games"] += 1
    return stats


def _sample(state: engine.GameState, full: Counter[int], legal: list[engine.Move], pool: list[engine.Move],
            rng: Rng, stats: dict[str, int]) -> None:
    assert state.card_count() == full, f"cards not conserved: {state.zones()}"
    for p in range(state.num_players):
        check_observation(state, p)
    for m in legal:
        assert m.player == state.current_player, f"listed move {m} is not by seat {state.current_player}"
        state.clone().apply(m)
    if pool:  # a complete listing: every move it does not list is refused
        stats["illegal_tried"] += check_illegal(state, legal, pool, rng)
    else:  # a bounded listing: non-moves and another seat's moves are refused all the same
        stats["illegal_tried"] += check_illegal(state, [], [], rng)
        if state.num_players > 1:
            m = legal[rng.below(len(legal))]
            wrong = dataclasses.replace(m, player=(m.player + 1) % state.num_players)
            before = _fingerprint(state)
            try:
                state.apply(wrong)
            except IllegalMoveError:
                pass
            else:
                raise AssertionError(f"{wrong!r} by the wrong seat was accepted")
            assert _fingerprint(state) == before, f"refused move {wrong!r} changed the state"
    stats["samples"] += 1


def play_random(game_id: str, players: int, rules: Any = None, seed: int = 0,
                max_moves: int = 100000) -> engine.GameState:
    """A quick random game without checks (for tests that need a position)."""
    state = engine.new_game(game_id, players=players, seed=seed, rules=rules)
    rng = Rng(seed)
    while not state.is_over and len(state.history) < max_moves:
        legal = state.legal_moves()
        state.apply(legal[rng.below(len(legal))])
    return state


__all__ = [
    "RommeError",
    "check_observation",
    "check_random_playouts",
    "check_replay_and_save",
    "check_volume",
    "full_deck",
    "play_random",
]
