"""What each other seat did on its last turn, for its seat box ('draw discard Kh · discard 2s'): at the smallest
windows the move log has two rows, and a player looking at a bot's box could not tell what that bot just did."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from .cards_draw import font, text_scale
from .i18n import cards_named
from .move_log import move_words

if TYPE_CHECKING:
    from .table_scene import TableScene

#: between the moves of one turn
TURN_JOIN = " · "


def last_turn_words(scene: TableScene, seat: int) -> str:
    """The moves of ``seat``'s last turn in the log's words, oldest first ("" before its first move of this round:
    a turn of the round just over would be read as one of the new deal's). Kept per position: every box asks every
    frame, and reading the round's moves again cost 0.9 ms a frame at 640x420 150 moves into a Rommé game."""
    c = scene.c
    history = c.state.history
    # the last move read too: a game loaded in place of another of as many moves may get the old state's id
    key = (c.state_serial, len(history), str(history[-1]) if history else "", c.lang, len(scene.log_notes),
           len(c.round_ends))
    kept = scene.seat_turns.get(seat)
    if kept is None or kept[0] != key:
        kept = scene.seat_turns[seat] = (key, _last_turn_words(scene, seat))
    return kept[1]


def _last_turn_words(scene: TableScene, seat: int) -> str:
    c = scene.c
    history = c.state.history
    since = max((e + 1 for e in c.round_ends if e < len(history)), default=0)
    # Rommé's passes at a knock question come between turns: Bot 2's box said 'no knock for 4h', not its discard
    turns = [k for k in range(since, len(history)) if not (c.game_id == "romme" and str(history[k]) == "pass")]
    while turns and getattr(history[turns[-1]], "player", None) != seat:
        turns.pop()
    words: list[str] = []
    while turns and getattr(history[turns[-1]], "player", None) == seat:
        k = turns.pop()
        if str(history[k]) != "draw stock" or not words:  # a stock draw tells nothing beside the turn's other moves
            words.append(cards_named(scene.log_notes.get(k) or move_words(history[k], c.lang), c.game_id, c.lang))
    return TURN_JOIN.join(reversed(words))


def fitted_tail(s: str, width: int, size: int) -> str:
    """``s`` (moves joined by :data:`TURN_JOIN`) cut at its start to fit ``width`` at ``size``: its first moves go
    whole ('… · discard Qd'); the newest, last, is read, and where it is too long alone, its end is cut ('5 4 spielen
    (2er-Str…'): its first words name what was played."""
    return _fitted_tail(s, width, size, text_scale())


@lru_cache(maxsize=256)  # drawn every frame in every box; the print's scale goes with the window's size
def _fitted_tail(s: str, width: int, size: int, scale: float) -> str:
    f = font(size)
    if f.size(s)[0] <= width:
        return s
    moves = s.split(TURN_JOIN)
    while len(moves) > 1:
        moves = moves[1:]
        shown = "…" + TURN_JOIN.lstrip() + TURN_JOIN.join(moves)
        if f.size(shown)[0] <= width:
            return shown
    last = moves[-1]  # cut at its end: its first words name the cards ('…pielen (2er-Straße 5)' had lost '5 4 s')
    while last and f.size(last + "…")[0] > width:
        last = last[:-1]
    return last.rstrip() + "…" if last else ""
