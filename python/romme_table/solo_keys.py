"""The solitaire by keys: a cursor over the open hands' cards, the turned card thrown in with Space, Enter or X.

Left / Right move the cursor over a hand's cards and one step past its last card onto the turned card (the step
that keeps the hand as it is), Up / Down and Tab / Shift+Tab to the previous or next open hand; Space, Enter or X
plays the step of the card under the cursor (the turned card goes into that hand, that card leaves the game). The
listed moves are folded to that one step (:func:`listed`): every card of every open hand is a step, and listed they
fill ten pages of buttons (95 at the first turn of game no. 464400). H puts the cursor on the hinted card;
the hint's 'Enter: …' button shows while the cursor is there (:func:`enter_plays`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame
from pygame import Rect, Surface

from .board_keys import CURSOR, in_sight
from .intents import Intent
from .layout import TableLayout

if TYPE_CHECKING:
    from .table_scene import TableScene

GAME = "koenigs-solo"
#: the keys the cursor answers, by what they do: the card in the hand, the hand, the step
CARD_KEYS, HAND_KEYS = ("left", "right"), ("up", "down", "next", "previous")
PLAY_KEYS = ("toggle", "confirm", "discard")
KEYS = (*CARD_KEYS, *HAND_KEYS, *PLAY_KEYS)


@dataclass
class SoloCursor:
    """Where the cursor is: the hand's row on the table (hand ``row + 1``) and the card in it as drawn (its length:
    the turned card)."""

    row: int = 0
    index: int = 0


def active(scene: TableScene) -> bool:
    """Whether the cursor is in play: the solitaire, not yet over."""
    return scene.c.game_id == GAME and not scene.c.state.is_over


def open_rows(scene: TableScene) -> list[int]:
    """The rows of the hands not yet finished (a finished hand lies turned over: no step goes there)."""
    obs = scene.c.observation()
    done = {str(f) for f in obs["finished"]}
    return [row for row, k in enumerate(sorted(obs["hands"], key=int)) if k not in done]


def spot(scene: TableScene) -> tuple[int, int] | None:
    """The cursor's (row, index), kept on an open hand (one just finished: the next open one) and within it."""
    rows = open_rows(scene) if active(scene) else []
    if not rows:
        return None
    cur = scene.solo_cursor
    row = next((r for r in rows if r >= cur.row), rows[-1])
    return row, min(max(0, cur.index), len(scene.c.melds()[row]))


def card_at(scene: TableScene, where: tuple[int, int]) -> str | None:
    """The card at ``where``: one of the hand's, or past its last card the turned card."""
    row, index = where
    cards = scene.c.melds()[row]
    turned = scene.c.observation().get("turned")
    return cards[index] if index < len(cards) else turned if isinstance(turned, str) else None


def step_here(scene: TableScene) -> Any | None:
    """The step of the card under the cursor (the turned card into that hand, that card out), if legal now."""
    where = spot(scene)
    card = card_at(scene, where) if where is not None else None
    moves = scene.c.target_moves(where[0], card) if where is not None and card is not None else []
    return moves[0] if moves else None


def listed(scene: TableScene, moves: list[Any]) -> list[Any] | None:
    """The solitaire's listed moves folded to the step under the cursor (none when the hint's button plays it);
    None outside the solitaire. Every card of every open hand is a step: listed, they filled ten pages."""
    if scene.c.game_id != GAME:
        return None
    here = step_here(scene)
    return [m for m in moves if here is not None and m.to_json() == here.to_json()]


def enter_plays(scene: TableScene, move: Any) -> bool:
    """Whether Enter plays ``move`` (the hint's, whose button says 'Enter: …'): anywhere but the solitaire; there
    Enter plays the step under the cursor, so only while the cursor is on the hinted card."""
    if not active(scene):
        return True
    here = step_here(scene)
    return here is not None and here.to_json() == move.to_json()


def handle(scene: TableScene, intent: Intent) -> bool:
    """The cursor's keys in the solitaire; True if handled (Enter on a finished game is left to the score sheet)."""
    n = intent.name
    if scene.c.editor is not None or n not in KEYS or not active(scene):
        return False
    where = spot(scene)
    if where is None:
        return False
    row, index = where
    cur = scene.solo_cursor
    if n in CARD_KEYS:  # over the hand's cards and the turned card after them
        last = len(scene.c.melds()[row])
        cur.row, cur.index = row, max(0, min(last, index + (1 if n == "right" else -1)))
    elif n in HAND_KEYS:
        rows = open_rows(scene)
        way = -1 if n in ("up", "previous") else 1
        cur.row, cur.index = rows[(rows.index(row) + way) % len(rows)], index
    else:
        move = step_here(scene)
        if move is not None:
            scene.c.play(move)
    return True


def follow_hint(scene: TableScene) -> None:
    """H: the cursor on the card the hint takes out of the game (Enter then plays the hint, as before)."""
    hinted = scene.c.hinted_table_card() if scene.c.game_id == GAME else None
    if hinted is None:
        return
    row, card = hinted
    cards = scene.c.melds()[row]
    scene.solo_cursor = SoloCursor(row, cards.index(card) if card in cards else len(cards))


def draw(scene: TableScene, surface: Surface, lay: TableLayout) -> None:
    """The cursor: a frame round the part in sight of its card (as the board's cursor over table cards); on the
    turned card, round that card and round the hand it goes to."""
    where = spot(scene) if scene.c.editor is None else None
    if where is None or where[0] >= len(lay.melds) or not lay.melds[where[0]]:
        return
    row, index = where
    rects = lay.melds[row]
    if index < len(rects):  # round the hinted or pointed card's own frame (inflated 6), which stays in sight
        pygame.draw.rect(surface, CURSOR, in_sight(rects, index).inflate(10, 10), 3, border_radius=7)
        return
    pygame.draw.rect(surface, CURSOR, lay.discard.inflate(6, 6), 3, border_radius=6)
    box: Rect = rects[0].unionall(rects[1:]).inflate(10, 10)
    pygame.draw.rect(surface, CURSOR, box, 2, border_radius=8)
