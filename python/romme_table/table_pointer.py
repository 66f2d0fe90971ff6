"""The mouse on the table: a press on a card, a pile, a button or the log; a hand card, a reserve card or the
discard pile's top card dragged and let go (laid off, drafted into a new meld, discarded, moved in the hand).

The table scene turns its press and release intents into these; they play through the controller and change only
the scene's drag, draft and message.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from . import table_draw
from .card_clicks import dropped_swap, grab_table_card, lay_off_on_board, play_card
from .i18n import t
from .layout import TableLayout, drop_meld, hit
from .meld_draft import DRAFT_GAMES
from .move_log import mark_at

if TYPE_CHECKING:
    from .table_scene import TableScene


def _clicked(start: tuple[int, int], end: tuple[int, int]) -> bool:
    """A press let go this near where it began is a click, not a drag."""
    return abs(end[0] - start[0]) + abs(end[1] - start[1]) < 8


def _over_hand(lay: TableLayout, pos: tuple[int, int]) -> bool:
    """A card let go at ``pos`` lands in the hand row (or just above it)."""
    return bool(lay.hand) and pos[1] >= lay.hand[0].y - 20


def press(scene: TableScene, lay: TableLayout, pos: tuple[int, int]) -> None:
    """A press: on the log's page mark, a reserve card or a gap (Krass Kariert), a hand card (a drag begins), a
    button, a table card, the stock or the discard pile."""
    c = scene.c
    log = table_draw.log_rect(scene, lay)
    mark = mark_at(log, c.lang, len(scene.log_rows(log.w - 12)), pos) if log is not None else None
    if mark is not None:  # a click on the log's 'older' / 'newer' mark turns a page of it
        scene._scroll_log(lay, mark, None)
        return
    if c.game_id == "krass":
        r = hit(lay.reserves[: len(c.own_reserves())], pos)
        if r is not None:  # a reserve card is taken only by dragging it into a gap
            scene.reserve_drag, scene.drag_pos = r, pos
            c.message = t("reserve_where", c.lang)
            return
        gap = insert_gap(scene, lay, pos)
        moves = c.insert_moves(gap) if gap is not None else []
        if moves:  # the drawn card must go in: a click puts it before the clicked card
            c.play(moves[0])
            scene.layout = None
            return
    i = hit(lay.hand, pos)
    if i is not None:
        scene.drag, scene.drag_pos = (i, pos), pos
        return
    b = hit(lay.buttons, pos)
    if b is not None:
        scene._button(b)
    elif meld_click(scene, lay, pos):
        pass
    elif lay.stock.collidepoint(pos):
        scene._first("draw", prefer="stock")
    elif scene.has_discard_pile() and lay.discard.collidepoint(pos):
        if c.selected:
            scene.discard_selected()
        elif any(str(m) == "draw discard" for m in c.candidate_moves()):
            scene.pile_drag, scene.drag_pos = pos, pos  # taken on release: a click, or dropped in the hand
            return
        else:
            scene._first("draw", prefer="discard")
    scene.layout = None


def drop_pile_card(scene: TableScene, lay: TableLayout, pos: tuple[int, int] | None) -> None:
    """The discard pile's top card let go: a click or a drop in the hand row takes it; a drag that ends back
    on the pile, or anywhere else, takes nothing (pressing the pile took the card at once, so a drag begun
    there could not be taken back)."""
    start, scene.pile_drag = scene.pile_drag or (0, 0), None
    pos = pos or start
    if _clicked(start, pos) or (_over_hand(lay, pos) and not lay.discard.collidepoint(pos)):
        scene._first("draw", prefer="discard")
    scene.layout = None


def drop_reserve(scene: TableScene, lay: TableLayout, pos: tuple[int, int] | None) -> None:
    index, scene.reserve_drag = scene.reserve_drag, None
    gap = insert_gap(scene, lay, pos) if pos else None
    move = scene.c.reserve_move(index or 0, gap) if gap is not None else None
    if move is not None:
        scene.c.play(move)
    else:
        scene.c.message = t("reserve_where", scene.c.lang)


def drop_hand_card(scene: TableScene, lay: TableLayout, pos: tuple[int, int] | None) -> None:
    c = scene.c
    assert scene.drag is not None
    i, start = scene.drag
    scene.drag = None
    pos = pos or start
    if _clicked(start, pos):
        c.toggle(i)  # a double-click's second click takes its first one's selection back, then plays the card
        if scene.clicks.double(i, time.monotonic(), (len(c.state.history), c.state_serial, tuple(c.hand()))):
            play_card(scene, i)
        return
    target = drop_meld(lay, pos)
    table_count = len(c.melds())
    if target is not None and target >= table_count:
        add_to_draft(scene, carried(scene, i), target - table_count)
    elif target is not None:
        lay_off(scene, i, target)
    elif can_draft(scene) and lay.new_meld.inflate(lay.card[0] // 2, lay.card[1] // 4).collidepoint(pos):
        add_to_draft(scene, carried(scene, i), None)
    elif scene.has_discard_pile() and lay.discard.collidepoint(pos):
        c.selected = [i]
        scene.discard_selected()
    elif _over_hand(lay, pos):
        drop_in_hand(scene, lay, i, pos)


def can_draft(scene: TableScene) -> bool:
    return scene.c.game_id in DRAFT_GAMES and scene.c.is_human_turn()


def carried(scene: TableScene, index: int) -> list[int]:
    """The hand cards a drag of card ``index`` carries: the whole selection when the card is one of it (three
    cards selected and one dragged to 'new meld' took that one alone), else the card; in hand order."""
    if can_draft(scene) and index in scene.c.selected:
        return sorted(set(scene.c.selected) | {index})
    return [index]


def add_to_draft(scene: TableScene, indices: list[int], group: int | None) -> None:
    """Hand cards dragged onto the table: into a draft meld (a new one on the empty slot), together."""
    hand = scene.c.hand()
    if scene.draft and hand != scene._draft_hand:
        scene.draft.clear()
    scene._draft_hand = hand
    scene.draft.add(indices[0], group)
    joined = next(k for k, g in enumerate(scene.draft.groups) if indices[0] in g)  # groups emptied close up
    for index in indices[1:]:
        scene.draft.add(index, joined)
        joined = next(k for k, g in enumerate(scene.draft.groups) if indices[0] in g)
    scene.c.selected.clear()
    show_draft_counter(scene)


def show_draft_counter(scene: TableScene) -> None:
    """The message line follows the draft's counter (it is shown beside the draft too)."""
    counter = scene.draft_counter()
    scene.c.message = counter[0] if counter else ""


def drop_in_hand(scene: TableScene, lay: TableLayout, index: int, pos: tuple[int, int]) -> None:
    """A card dropped back in the hand row: moved to that gap (the player's own order), or
    selected when it lands where it was."""
    gap = insert_gap(scene, lay, pos)
    if gap is None or gap in (index, index + 1) or scene.c.game_id == "krass":
        scene.c.toggle(index)
        return
    drafted = scene.draft_groups()
    scene.c.move_in_hand(index, gap)
    scene.draft.clear()
    hand = scene.c.hand()
    taken: set[int] = set()
    for group in drafted:  # the draft keeps its cards at their new places
        for k, tok in enumerate(group):
            place = next(i for i, h in enumerate(hand) if h == tok and i not in taken)
            taken.add(place)
            scene.draft.add(place, None if k == 0 else len(scene.draft.groups) - 1)
    scene._draft_hand = hand


def lay_off(scene: TableScene, index: int, meld: int) -> None:
    """A hand card dropped on table row ``meld``: the table games' joker swap where the card is the one a
    joker there stands for, else ``add CARD N`` (the engine judges it; a refusal gives its rule and
    numbers), the solitaire's move onto that hand."""
    from romme.table import TABLE_GAMES, add_notation

    token = scene.c.hand()[index]
    if lay_off_on_board(scene, index, meld):  # Rummy: one place-move is the turn, the board takes the card
        return
    if scene.c.game_id in TABLE_GAMES:  # the card a joker there stands for takes the joker's place
        swap = dropped_swap(scene.c, token, meld)
        scene.c.play(swap if swap is not None else add_notation(token, meld))
        return
    moves = scene.c.target_moves(meld, token)
    if moves:
        scene.c.play(moves[0])
    else:
        scene.c.message = t("illegal", scene.c.lang, why=t("no_fit", scene.c.lang, card=token, meld=meld + 1))


def meld_click(scene: TableScene, lay: TableLayout, pos: tuple[int, int]) -> bool:
    """A click on a table card: for the solitaire, put the turned card on that hand
    keeping the clicked card out; otherwise lay the selection off on that meld."""
    for k, rects in enumerate(lay.melds):
        i = hit(rects, pos)
        if i is None:
            continue
        table_count = len(scene.c.melds())
        if k >= table_count:  # a drafted card goes back to the hand
            scene.draft.take_back(k - table_count, i)
            show_draft_counter(scene)
            return True
        if scene.c.game_id in DRAFT_GAMES:  # the table games: the one selected card is laid off there
            if len(scene.c.selected) == 1:
                lay_off(scene, scene.c.selected[0], k)
            elif not grab_table_card(scene, k, i, pos):  # Räuber games: a table card dragged opens the board
                scene.c.message = t("no_moves", scene.c.lang)
            return True
        melds = scene.melds()
        token = melds[k][i] if k < len(melds) and i < len(melds[k]) else None
        moves = scene.c.target_moves(k, token)
        if moves:
            scene.c.play(moves[0])
        else:
            scene.c.message = t("no_moves", scene.c.lang)
        return True
    return False


def insert_gap(scene: TableScene, lay: TableLayout, pos: tuple[int, int] | None) -> int | None:
    """The hand position a drawn or reserve card would take if dropped at ``pos``."""
    if pos is None or not _over_hand(lay, pos) or pos[1] > lay.hand[0].bottom:
        return None
    i = hit(lay.hand, pos)
    if i is not None:
        return i
    # between two cards (or beyond either end): before the first card to the right
    return next((k for k, r in enumerate(lay.hand) if pos[0] < r.x), len(lay.hand))
