"""A game not seen played (loaded, resumed) replayed once from its deal for all the table reads of its past: the
moves that ended a round (the log marks them), the score sheet's rows, and the log's notes on moves whose notation
leaves out what they did. One pass serves all three: a log near :data:`REPLAYED_MOVES_CAP` moves is long to
replay."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from romme.engine import GameState, new_game
from romme.table import TABLE_GAMES, table_melds

from .move_log import WORDS_BEFORE, move_note, stands_of, tells_table, trick_mark, trick_winner, words_before
from .rounds import REPLAYED_MOVES_CAP, round_ended, round_marker
from .score_grid import ScoreBook


@dataclass
class Replayed:
    """What a replay of a game from its deal tells the table."""

    ends: set[int] = field(default_factory=set)  # move numbers after which a round or deal ended
    book: ScoreBook = field(default_factory=ScoreBook)  # the score sheet's rows, as if watched
    notes: dict[int, str] = field(default_factory=dict)  # move number -> the log's words for it
    tricks: dict[int, int] = field(default_factory=dict)  # Krass Kariert: move closing a trick -> its winner


#: the last replay: the controller asks for its round ends and the scene for its book and notes, one pass
_last: tuple[GameState, int, int, str, bool, Replayed] | None = None


def replayed(state: GameState, viewer: int, lang: str, own: bool = False) -> Replayed:
    """``state``'s game replayed from its deal as ``viewer`` sees it (notes in ``lang``; ``own``: the viewer is the
    one person at the table, whose own moves the notes tell with their hand's cards, as when played); past
    :data:`REPLAYED_MOVES_CAP` moves only the loaded position, as the deal. The same position asked again gets
    the same answer without a second replay (a fresh copy: the scene's book grows as the game goes on)."""
    global _last
    if _last is not None:
        was, moves, seat, words, mine, answer = _last
        if was is state and moves == len(state.history) and seat == viewer and words == lang and mine == own:
            return copy.deepcopy(answer)
    answer = _replay(state, viewer, lang, own)
    _last = (state, len(state.history), viewer, lang, own, answer)
    return copy.deepcopy(answer)


def _replay(state: GameState, viewer: int, lang: str, own: bool) -> Replayed:
    out = Replayed()
    if len(state.history) > REPLAYED_MOVES_CAP:
        out.book.update(state.observation(viewer))
        return out
    noted = state.game_id in (*TABLE_GAMES, *WORDS_BEFORE)
    replay = new_game(state.game_id, players=state.num_players, seed=state.seed, rules=state.rules)
    obs = replay.observation(viewer)
    out.book.update(obs)
    for k, move in enumerate(state.history):
        if noted:
            words = words_before(state.game_id, move, replay, lang, own=own and move.player == viewer)
            if words is None and tells_table(move):
                words = move_note(state.game_id, move, table_melds(obs), lang, stands_of(obs))
            if words is not None or state.game_id in WORDS_BEFORE:
                out.notes[k] = words or ""
        marker, over, trick = round_marker(obs), obs.get("is_over") is True, trick_mark(obs)
        replay.apply(move)
        obs = replay.observation(viewer)
        won = trick_winner(trick, obs)
        if won is not None:
            out.tricks[k] = won
        out.book.update(obs)
        if round_ended(marker, obs, over):
            out.ends.add(k)
    return out
