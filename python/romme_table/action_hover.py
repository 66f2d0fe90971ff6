"""The hand cards of the action button under the mouse: outlined in the hand while the button is pointed at.

Played under Xvfb: Krass Kariert listed 'play 12 11' twice (two pairs of 12 and 11 in one hand, and the hand's
cards carry no place numbers), a Rommé hand of two decks 'discard 7h' with two 7h; which cards a button plays
could not be told before pressing it.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from .layout import hit
from .move_log import MELD_MOVES
from .move_reading import move_cards, move_positions

if TYPE_CHECKING:
    from .table_scene import TableScene


def action_under(scene: TableScene, pos: tuple[int, int] | None) -> Any | None:
    """The listed move of the action button at ``pos`` (None: no action button there)."""
    lay = scene.layout
    if pos is None or lay is None or scene.c.editor is not None:
        return None
    b = hit(lay.buttons, pos)
    k = None if b is None else b - scene._action_offset
    shown = scene.visible_actions()
    return shown[k] if k is not None and 0 <= k < len(shown) else None


def cards_of(scene: TableScene, move: Any) -> set[int]:
    """The hand places ``move`` plays from, as the hand is drawn (of equal cards the first ones)."""
    places = move_positions(move)  # Krass Kariert: the move names its places in the hand
    if places is not None:
        return set(places)
    wanted = Counter(move_cards(scene.c.game_id, move, scene.c.melds()))
    out = set()
    for i, tok in enumerate(scene.hand()):
        if wanted[tok] > 0:
            wanted[tok] -= 1
            out.add(i)
    return out


def pointed_action(scene: TableScene) -> Any | None:
    """The move of the action button under the mouse, else of the one the arrow keys chose (Enter plays it)."""
    move = action_under(scene, scene.hover)
    shown = scene.visible_actions()
    if move is None and scene.chosen is not None and scene.chosen < len(shown) and scene.c.editor is None:
        move = shown[scene.chosen]
    return move


def pointed_hand_cards(scene: TableScene) -> set[int]:
    """The hand places of the pointed action (:func:`pointed_action`); none while no action is pointed at."""
    move = pointed_action(scene)
    return set() if move is None else cards_of(scene, move)


def pointed_meld(scene: TableScene) -> int | None:
    """The table meld a pointed Rommé lay-off or joker swap goes to (its notation numbers the melds from 1)."""
    move = pointed_action(scene)
    j = move.to_json() if move is not None else {}
    target = j.get("target")
    if j.get("kind") in MELD_MOVES and isinstance(target, int) and 1 <= target <= len(scene.c.melds()):
        return target - 1
    return None


def pointed_table_card(scene: TableScene) -> tuple[int, str] | None:
    """The solitaire: (open hand row, card) a pointed 'hand 3: drop Qs' takes out of the game (its cards lie on
    the table, so the hand row outlines nothing)."""
    move = pointed_action(scene)
    j = move.to_json() if move is not None and scene.c.game_id == "koenigs-solo" else {}
    keys = sorted(scene.c.observation()["hands"], key=int) if j else []
    if str(j.get("hand")) not in keys or not isinstance(j.get("card"), str):
        return None
    return keys.index(str(j["hand"])), j["card"]
