"""The board (T) by keys: a cursor over the places of the table being rebuilt (each meld's cards, 'new meld' and the
hand), a table card lifted with Space and put down with Space or Enter where the cursor is.

Played under Xvfb (T10): once the board was open no key picked a table card or a meld, so moving a card between
melds, splitting a run or taking a table card into the hand needed the mouse. The keys work as the hand's do: Left /
Right and Up / Down move the cursor (over the cards of a row, to the row above or below), Tab / Shift+Tab to the next
or previous place. Space on a hand card selects it, as in the hand; Space on a table card with nothing held lifts it;
holding a lifted card or selected hand cards, Space or Enter puts them on the meld, 'new meld' or hand under the
cursor (the moves the mouse's drops make, through the same editor). Enter with nothing to put down ends the turn, as
E does; Esc drops what is held first, then leaves the board.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame
from pygame import SRCALPHA, Rect, Surface

from .board_faults import board_note
from .card_clicks import table_cards_move, table_fixed_words
from .cards_draw import draw_card
from .i18n import t
from .intents import Intent
from .layout import TableLayout

if TYPE_CHECKING:
    from .table_scene import TableScene

#: a place on the board: ("meld", meld, card), ("new", 0, 0) (the 'new meld' frame) or ("hand", card, 0)
Spot = tuple[str, int, int]
NEW: Spot = ("new", 0, 0)
#: the cursor on a table card (the hand's mark's colour) and the place what is held goes to (a drag's drop target's)
CURSOR, HELD = (255, 255, 0), (255, 220, 0)
MOVES = ("left", "right", "up", "down", "next", "previous")  # the keys that move the cursor
KEYS = (*MOVES, "toggle", "confirm", "back")  # the keys the board's cursor answers


@dataclass
class BoardCursor:
    """Where the board's cursor is and the table card lifted, for one board (a new board starts in the hand)."""

    editor: object = None
    spot: Spot | None = None  # None: in the hand, at the scene's hand cursor
    lifted: tuple[int, int, str] | None = None  # the table card held: its meld, its place there and its card


def cursor(scene: TableScene) -> BoardCursor:
    """The scene's board cursor, started afresh for a board opened anew."""
    bc = scene.board_cursor
    if bc.editor is not scene.c.editor:
        bc.editor, bc.spot, bc.lifted = scene.c.editor, None, None
    return bc


def spots(scene: TableScene, lay: TableLayout) -> list[tuple[Spot, Rect]]:
    """Every place the cursor may stand on, with the rectangle it is drawn at."""
    ed = scene.c.editor
    out: list[tuple[Spot, Rect]] = []
    if ed is None:
        return out
    for k, meld in enumerate(ed.melds):
        rects = lay.melds[k] if k < len(lay.melds) else []
        out += [(("meld", k, i), r) for i, r in enumerate(rects[: len(meld)])]
    out.append((NEW, lay.new_meld))
    out += [(("hand", i, 0), r) for i, r in enumerate(lay.hand[: len(scene.hand())])]
    return out


def resolve(scene: TableScene, lay: TableLayout) -> tuple[Spot, Rect] | None:
    """The spot under the cursor, read only (a meld card whose place went, a meld taken apart by the mouse, falls
    back to the meld's last card, then to the hand); None on an empty board with an empty hand."""
    bc, places = scene.board_cursor, dict(spots(scene, lay))
    spot = bc.spot if bc.editor is scene.c.editor else None
    if spot is not None and spot[0] == "meld" and spot not in places:
        cards = [s for s in places if s[0] == "meld" and s[1] == spot[1]]
        spot = max(cards) if cards else None
    if spot is None or spot not in places:
        hand = [s for s in places if s[0] == "hand"]
        spot = ("hand", min(max(0, scene.cursor), len(hand) - 1), 0) if hand else (NEW if NEW in places else None)
    return (spot, places[spot]) if spot is not None else None


def current(scene: TableScene, lay: TableLayout) -> tuple[Spot, Rect] | None:
    """The spot under the cursor (:func:`resolve`), the cursor set on it."""
    cursor(scene)
    here = resolve(scene, lay)
    if here is not None:
        go(scene, here[0])
    return here


def in_hand(scene: TableScene, lay: TableLayout) -> bool:
    """Whether the cursor is the hand's (off the board, or on the board's hand row): its mark is the hand's own."""
    here = resolve(scene, lay) if scene.c.editor is not None else None
    return here is None or here[0][0] == "hand"


def go(scene: TableScene, spot: Spot) -> None:
    """Puts the cursor on ``spot`` (a hand card: the hand's own cursor)."""
    if spot[0] == "hand":
        cursor(scene).spot, scene.cursor = None, spot[1]
    else:
        cursor(scene).spot = spot


def step(scene: TableScene, lay: TableLayout, key: str) -> None:
    """Left / Right: the next card in the row (the hand's cursor in the hand); Up / Down: the nearest place in the
    row above or below; Tab / Shift+Tab: the next or previous place (each meld, 'new meld', the hand)."""
    here = current(scene, lay)
    if here is None:
        return
    spot, rect = here
    places = spots(scene, lay)
    if key in ("next", "previous"):
        go(scene, next_place(scene, spot, 1 if key == "next" else -1))
        return
    if spot[0] == "hand" and key in ("left", "right"):
        hand = len(scene.hand())
        go(scene, ("hand", max(0, min(hand - 1, spot[1] + (1 if key == "right" else -1))), 0))
        return
    if key in ("left", "right"):
        half = rect.h // 2
        row = [(s, r) for s, r in places if s[0] != "hand" and s != spot and abs(r.centery - rect.centery) < half]
        ahead = [(s, r) for s, r in row if (r.x > rect.x if key == "right" else r.x < rect.x)]
        if ahead:
            go(scene, min(ahead, key=lambda p: abs(p[1].x - rect.x))[0])
        return
    up = key == "up"
    beyond = [(s, r) for s, r in places if (r.centery < rect.top if up else r.centery > rect.bottom)]
    if not beyond:
        return
    near = max(r.centery for _, r in beyond) if up else min(r.centery for _, r in beyond)
    row = [(s, r) for s, r in beyond if abs(r.centery - near) < rect.h // 2]
    go(scene, min(row, key=lambda p: abs(p[1].centerx - rect.centerx))[0])


def next_place(scene: TableScene, spot: Spot, way: int) -> Spot:
    """The place after (``way`` 1) or before (-1) the one of ``spot``: the melds in the board's order, 'new meld',
    the hand (at its cursor); a meld is entered at its first card."""
    ed = scene.c.editor
    melds = len(ed.melds) if ed is not None else 0
    order = [*(("meld", k, 0) for k in range(melds)), NEW, ("hand", scene.cursor, 0)]
    at = next((k for k, s in enumerate(order) if s[0] == spot[0] and (s[0] != "meld" or s[1] == spot[1])), 0)
    return order[(at + way) % len(order)]


def handle(scene: TableScene, intent: Intent, lay: TableLayout) -> bool:
    """The board's keys; True if handled (Enter with nothing to put down, and Esc with nothing held, are left to
    the board's End turn and Cancel)."""
    n = intent.name
    c, ed = scene.c, scene.c.editor
    if ed is None or n not in KEYS:
        return False
    bc = cursor(scene)
    if bc.lifted is not None and not still_lifted(scene):
        bc.lifted = None  # the mouse, U or R changed the board under it
    if n == "back":
        if bc.lifted is not None:
            bc.lifted, c.message = None, t("board_dropped", c.lang)
            return True
        if c.selected:
            c.selected.clear()
            c.message = t("board_unselected", c.lang)
            return True
        return False
    here = current(scene, lay)
    if n not in ("toggle", "confirm"):
        step(scene, lay, n)
        return True
    if here is None:
        return n == "toggle"
    spot = here[0]
    if bc.lifted is not None:
        put_lifted(scene, spot)
    elif c.selected and spot[0] != "hand":
        put_selection(scene, spot)
    elif n == "confirm":
        return False  # nothing held: Enter ends the turn
    elif spot[0] == "hand":
        c.toggle(spot[1])
    elif spot[0] == "meld":
        lift(scene, spot)
    else:
        c.message = t("board_nothing_held", c.lang)
    return True


def still_lifted(scene: TableScene) -> bool:
    """Whether the lifted card still lies where it was lifted."""
    lifted, ed = scene.board_cursor.lifted, scene.c.editor
    if lifted is None or ed is None:
        return False
    k, i, tok = lifted
    return k < len(ed.melds) and i < len(ed.melds[k]) and ed.melds[k][i] == tok


def lift(scene: TableScene, spot: Spot) -> None:
    """Space on a table card: it is held (where the rules let table cards move, as a press of the mouse on it)."""
    c, ed = scene.c, scene.c.editor
    assert ed is not None
    _, k, i = spot
    if ed.stays(k, i, table_cards_move(c)):
        c.message = table_fixed_words(c)
        return
    tok = ed.melds[k][i]
    scene.board_cursor.lifted = (k, i, tok)
    c.message = t("board_lifted", c.lang, card=tok)


def put_lifted(scene: TableScene, spot: Spot) -> None:
    """The lifted card put down on the meld, 'new meld' or hand under the cursor; the cursor follows it."""
    c, ed, bc = scene.c, scene.c.editor, scene.board_cursor
    assert ed is not None and bc.lifted is not None
    k, i, tok = bc.lifted
    bc.lifted = None
    before = len(ed.melds)
    if spot[0] == "hand":
        if ed.back_to_hand(k, i):
            c.message = ""
            go(scene, ("hand", len(ed.hand_left) - 1, 0))
        else:
            c.message = t(ed.table_stays_words(), c.lang)
        return
    if spot[0] == "meld" and spot[1] == k:  # put back where it lay
        c.message = t("board_put_back", c.lang, card=tok)
        return
    target = spot[1] if spot[0] == "meld" else None
    if not ed.move(("meld", k, i), target):
        return
    if target is None:
        target = len(ed.melds) - 1
    elif len(ed.melds) < before and target > k:  # the meld it left was emptied and went: the ones after close up
        target -= 1
    c.message = board_note(c, target)
    land(scene, target, [tok])


def put_selection(scene: TableScene, spot: Spot) -> None:
    """The selected hand cards put on the meld or 'new meld' under the cursor, in one step for U."""
    c, ed = scene.c, scene.c.editor
    assert ed is not None
    new = spot[0] == "new"
    cards = lay_selection(scene, None if new else spot[1])
    if not cards:
        return
    target = len(ed.melds) - 1 if new else spot[1]
    c.message = board_note(c, target)
    land(scene, target, cards)


def lay_selection(scene: TableScene, meld: int | None) -> list[str]:
    """The selected hand cards still in the hand laid on meld ``meld`` (None: together as a new meld) in one step for
    U, the selection cleared; the cards laid. Space on a meld or 'new meld' and M lay a selection through it: a
    selected place the mouse had emptied (a selected card dragged onto a meld) sent M's other cards onto the table's
    last meld (2c onto 9s 9d 9c)."""
    c, ed = scene.c, scene.c.editor
    assert ed is not None
    hand = scene.hand()
    chosen = sorted({i for i in c.selected if 0 <= i < len(hand)})  # (a place the hand no longer has is none)
    cards = [hand[i] for i in chosen]  # (read first: the hand may be the editor's own list, which the moves change)
    c.selected.clear()
    target = meld
    with ed.one_step():
        for i in reversed(chosen):  # from the right: the places to their left stay where they are
            if ed.move(("hand", i, 0), target) and target is None:
                target = len(ed.melds) - 1  # the new meld the first card opened takes the others
    return cards


def land(scene: TableScene, meld: int, cards: list[str]) -> None:
    """The cursor on the first of ``cards`` in ``meld`` (the meld reads anew: a card added to a run goes to its
    rank's place)."""
    ed = scene.c.editor
    if ed is None or not 0 <= meld < len(ed.melds):
        return
    at = next((i for i, tok in enumerate(ed.melds[meld]) if tok in cards), 0)
    go(scene, ("meld", meld, at))


def lifted_spot(scene: TableScene) -> tuple[int, int] | None:
    """The meld and place of the lifted card, for drawing (None when none is held)."""
    if scene.c.editor is None or not still_lifted(scene):
        return None
    lifted = cursor(scene).lifted
    return (lifted[0], lifted[1]) if lifted else None


def in_sight(rects: list[Rect], i: int) -> Rect:
    """The part of meld card ``i`` the next card leaves in sight (the whole card if none lies over it)."""
    seen, after = rects[i].copy(), rects[i + 1] if i + 1 < len(rects) else None
    if after is not None and after.y == seen.y and seen.x < after.x < seen.right:
        seen.w = after.x - seen.x
    return seen


def draw(scene: TableScene, surface: Surface, lay: TableLayout) -> None:
    """The cursor on the board: a frame round the part in sight of the table card or round the 'new meld' place
    under it (the hand's cursor is the hand's mark); the meld or place what is held would go to, outlined as a
    mouse drag outlines it; the lifted card dimmed where it lies and carried over the cursor, a size smaller, above
    the card there (whose rank stays in sight)."""
    c = scene.c
    here = resolve(scene, lay) if c.editor is not None else None
    if here is None:
        return
    spot, rect = here
    lifted = lifted_spot(scene)
    if lifted is not None and lifted[0] < len(lay.melds) and lifted[1] < len(lay.melds[lifted[0]]):
        seen = in_sight(lay.melds[lifted[0]], lifted[1])
        shade = Surface(seen.size, SRCALPHA)
        shade.fill((20, 40, 30, 160))
        surface.blit(shade, seen.topleft)
    held = lifted is not None or bool(c.selected)
    if held and spot[0] == "meld" and (lifted is None or lifted[0] != spot[1]) and lay.melds[spot[1]]:
        rects = lay.melds[spot[1]]
        pygame.draw.rect(surface, HELD, rects[0].unionall(rects[1:]).inflate(12, 12), 4, border_radius=8)
    seen = in_sight(lay.melds[spot[1]], spot[2]) if spot[0] == "meld" else rect
    if spot[0] != "hand":
        pygame.draw.rect(surface, HELD if held and spot[0] == "new" else CURSOR, seen.inflate(6, 6), 3, border_radius=6)
    if lifted is not None and c.editor is not None:
        k, i = lifted
        card = Rect(0, 0, lay.card[0] * 3 // 4, lay.card[1] * 3 // 4)
        card.midbottom = (seen.centerx, rect.top - 3)
        card.top = max(0, card.top)
        draw_card(surface, card, c.game_id, c.editor.melds[k][i], selected=True)
