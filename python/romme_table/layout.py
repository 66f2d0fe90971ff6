"""Pure geometry of the table: where every card, pile and button goes.

Functions here only compute rectangles from the window size and counts; they
draw nothing and read no game state, so tests can check them for any size.
"""

from __future__ import annotations

from dataclasses import dataclass

from pygame import Rect

from .cards_draw import text_scale
from .scenes import grow, ui_scale

MIN_W, MIN_H = 640, 420
MESSAGE_ROW = 22  # one row of the message line (its font is 20 at most)
HOWTO_ROW = 24  # the line over the message that says how a table without a hand row is played
NEW_TAG_ROW = 12  # over the melds of a table being rebuilt: their 'new' tags stay off the opponents' boxes
RESERVE_ROW = 18  # a row of the label over Krass Kariert's reserve cards
SELECTED_RAISE = 14  # pixels a selected hand card stands above the others (the melds end above it)


@dataclass(frozen=True)
class TableContent:
    """What a table frame lays out: ``buttons`` action buttons; ``labelled`` melds get room for a label on their
    left (the solitaire's hands, a trick's plays). Without a ``hand_row`` (the solitaire) the melds take the hand's
    place too, leaving a line for a how-to. ``meld_room``: the cards each meld's place holds at least (a table being
    rebuilt keeps its places); ``meld_rows``: the row each meld keeps (:mod:`.meld_places`; None: where it fits),
    the cards shrink rather than move a meld to another row; ``reserve_count``: Krass Kariert's face-up reserve
    cards (under the info text, or at the hand row's right end when the room there would make them tiny);
    ``tag_row``: room over the melds for the tags above them."""

    hand_count: int
    opponent_count: int
    meld_sizes: list[int]
    buttons: int
    labelled: bool = False
    hand_row: bool = True
    meld_room: list[int] | None = None
    reserve_count: int = 0
    tag_row: int = 0
    meld_rows: list[int | None] | None = None


@dataclass(frozen=True)
class TableLayout:
    """Rectangles of one frame of the table view."""

    size: tuple[int, int]
    card: tuple[int, int]
    hand: list[Rect]
    opponents: list[Rect]
    stock: Rect
    discard: Rect
    info: Rect
    meld_area: Rect
    melds: list[list[Rect]]
    new_meld: Rect
    reserves: list[Rect]
    reserve_label: Rect
    buttons: list[Rect]
    status: Rect
    message: Rect


def _fan(n: int, cw: int, ch: int, area: Rect) -> list[Rect]:
    """n cards in one row inside area, overlapping when they do not fit."""
    if n == 0:
        return []
    step = min(cw + 6, (area.w - cw) / max(1, n - 1)) if n > 1 else 0
    total = cw + step * (n - 1)
    x0 = area.x + (area.w - total) / 2
    return [Rect(int(x0 + i * step), area.y, cw, ch) for i in range(n)]


def info_font(ch: int) -> int:
    """The print of the piles' labels and the info column under them, growing with the cards (``ch`` px high)
    to stay in proportion: 18 at 800x600, 25 in a base layout 1080 px high (a tall window, 1280x1024; larger
    windows grow everything, print included, see viewport.py)."""
    return _info_font(int(ch / text_scale()))


def _info_font(ch: int) -> int:
    return max(18, min(26, ch // 6))


def _label_width(ch: int) -> int:
    return max(84, int(ch * 0.9))


def label_width(ch: int) -> int:
    """The room left of a labelled meld (cards ``ch`` px high) for its label (two short lines beside the cards)."""
    scale = text_scale()
    return round(scale * _label_width(round(ch / scale)))


def meld_gap(cw: int) -> int:
    """The gap between two melds of cards ``cw`` wide."""
    return max(6, cw // 3)


#: meld cards narrower than this lie in rows :func:`row_gap` apart, closer than their melds are side by side
SMALL_MELD_CARD_W = 42


def row_gap(cw: int) -> int:
    """The gap between two rows of melds of cards ``cw`` wide: the melds' gap, smaller under small cards (at 640x420
    seven melds lay in two rows of 47-px cards over an empty band that a third row at the melds' gap just missed,
    play-test S9)."""
    return meld_gap(cw) if cw >= SMALL_MELD_CARD_W else max(6, cw // 5)


#: the height of the smallest meld cards (in the base layout): melds that do not fit at it run past the table
SMALLEST_MELD_CARD = 24


def meld_width(n: int, cw: int, overlap: float = 0.55) -> int:
    """The width of a meld of ``n`` cards ``cw`` wide, each showing ``overlap`` of its width under the next."""
    return cw + max(8, int(cw * overlap)) * max(0, n - 1)


def _flow(
    sizes: list[int],
    area: Rect,
    cw: int,
    ch: int,
    lead: int = 0,
    room: list[int] | None = None,
    rows: list[int | None] | None = None,
    wide_below: tuple[int, int] | None = None,
    overlap: float = 0.55,
) -> list[list[Rect]] | None:
    """Melds left to right, wrapping rows; None when they do not fit at this card size. Each meld
    starts ``lead`` pixels after its place (room for a label that must not cover a card) and takes
    the place of ``room[k]`` cards where that is more than it has (an empty place, the table being
    rebuilt). A meld with a row in ``rows`` stays in that row (its own line when the row differs from
    the meld's before it; None when the row does not hold it), the others wrap where the line is full.
    ``wide_below`` (y, x): rows starting at y or lower start at x, left of the area (under the piles);
    ``overlap``: the share of a card's width each card of a meld shows (its rank and suit stay in view)."""
    step = max(8, int(cw * overlap))
    gap, down = meld_gap(cw), ch + row_gap(cw)

    def start(y: int) -> int:
        return wide_below[1] if wide_below is not None and y >= wide_below[0] else area.x

    x, y = start(area.y), area.y
    out: list[list[Rect]] = []
    line: int | None = None
    for k, n in enumerate(sizes):
        slot = max(n, room[k]) if room is not None and k < len(room) else n
        width = lead + cw + step * max(0, slot - 1)
        kept = rows[k] if rows is not None and k < len(rows) else None
        if kept is not None and line is not None and kept != line and x > start(y):
            x, y = start(y + down), y + down
        elif x + width > area.right and x > start(y):
            if kept is not None:
                return None  # its row does not hold it at this size
            x, y = start(y + down), y + down
        line = kept if kept is not None else line
        if y + ch > area.bottom or width > area.right - start(y):
            return None
        out.append([Rect(x + lead + i * step, y, cw, ch) for i in range(n)])
        x += width + gap
    return out


def even_rows(widths: list[int], count: int, room: int, gap: int) -> list[int] | None:
    """The row of each of the places ``widths`` (in order, ``gap`` apart) in ``count`` rows of at most ``room``
    pixels, as even as can be (the least sum of squared row widths: seven melds 3, 2 and 2, not 3, 3 and 1);
    None when they do not fit."""
    n = len(widths)
    if count < 1 or n < count:
        return None

    def row_width(i: int, j: int) -> int:  # places i..j-1 on one row
        return sum(widths[i:j]) + gap * (j - i - 1)

    inf = float("inf")
    best = [[inf] * (n + 1) for _ in range(count + 1)]  # best[r][j]: the first j places in r rows
    cut = [[0] * (n + 1) for _ in range(count + 1)]
    best[0][0] = 0
    for r in range(1, count + 1):
        for j in range(r, n + 1):
            for i in range(r - 1, j):
                w = row_width(i, j)
                if w <= room and best[r - 1][i] + w * w < best[r][j]:
                    best[r][j], cut[r][j] = best[r - 1][i] + w * w, i
    if best[count][n] == inf:
        return None
    out, j = [0] * n, n
    for r in range(count, 0, -1):
        i = cut[r][j]
        out[i:j] = [r - 1] * (j - i)
        j = i
    return out


def table_layout(
    width: int,
    height: int,
    hand_count: int,
    opponent_count: int,
    meld_sizes: list[int],
    button_count: int,
    labelled: bool = False,
    hand_row: bool = True,
    meld_room: list[int] | None = None,
    reserve_count: int = 0,
    tag_row: int = 0,
    meld_rows: list[int | None] | None = None,
) -> TableLayout:
    """The table for a window of ``width`` x ``height`` (the arguments: :class:`TableContent`): a window larger than
    the base size is laid out as the base size and every rectangle grown by :func:`.scenes.ui_scale`, in
    proportion with the print, which grows as much."""
    content = TableContent(
        hand_count,
        opponent_count,
        meld_sizes,
        button_count,
        labelled,
        hand_row,
        meld_room,
        reserve_count,
        tag_row,
        meld_rows,
    )
    scale = ui_scale((width, height))
    if scale == 1.0:
        return base_table_layout(width, height, content)
    lay = base_table_layout(round(width / scale), round(height / scale), content)

    def grown(rects: list[Rect]) -> list[Rect]:
        return [grow(r, scale) for r in rects]

    cw, ch = lay.card
    return TableLayout(
        (width, height),
        (round(cw * scale), round(ch * scale)),
        grown(lay.hand),
        grown(lay.opponents),
        grow(lay.stock, scale),
        grow(lay.discard, scale),
        grow(lay.info, scale),
        grow(lay.meld_area, scale),
        [grown(m) for m in lay.melds],
        grow(lay.new_meld, scale),
        grown(lay.reserves),
        grow(lay.reserve_label, scale),
        grown(lay.buttons),
        grow(lay.status, scale),
        grow(lay.message, scale),
    )


def base_table_layout(width: int, height: int, content: TableContent) -> TableLayout:
    """The table of ``content`` for a window of ``width`` x ``height`` (clamped to the minimum size)."""
    c = content
    hand_count, opponent_count, meld_sizes, button_count = c.hand_count, c.opponent_count, c.meld_sizes, c.buttons
    labelled, hand_row, meld_room, meld_rows = c.labelled, c.hand_row, c.meld_room, c.meld_rows
    reserve_count, tag_row = c.reserve_count, c.tag_row
    w, h = max(width, MIN_W), max(height, MIN_H)
    ch = max(48, min(150, int(h * 0.17)))
    cw = int(ch * 0.7)
    side = max(150, int(w * 0.2))
    status = Rect(8, h - 26, w - 16, 22)
    # two rows: a long message (a German refusal, a save path) wraps instead of shrinking to a cut line
    message = Rect(8, message_top(h), w - side - 16, 2 * MESSAGE_ROW)
    hand_area = Rect(12, message.y - 10 - ch, w - side - 24, ch)
    oh = max(58, int(ch * 0.5))
    # an opponent's box: 200 px, wider beside large cards (in a layout 1080 high its name and notes were small), for
    # its last turn's words ('draw discard Ks · discard Kd' was cut to '… discard Kd' in 160 px at 1280x800)
    opp_w = min(max(200, int(ch * 1.9)), (w - side - 24) // max(1, opponent_count)) if opponent_count else 0
    opponents = [Rect(12 + i * opp_w, 8, opp_w - 8, oh) for i in range(opponent_count)]
    piles_y = 16 + oh if opponent_count else 8  # the solitaire has no opponents' row: its 11 hands take it
    stock = Rect(12, piles_y, cw, ch)
    discard = Rect(24 + cw, piles_y, cw, ch)
    info = Rect(12, piles_y + ch + 6, 2 * cw + 12, 3 * _info_font(ch) + 6)
    # Krass Kariert's two face-up reserve cards, under the info text and above the hand, under a label of two rows
    # (in one row of the two cards' width 'Deine Reserve (in die Hand ziehen)' shrank to 12 pt at 800x600)
    top = info.bottom + 4 + 2 * RESERVE_ROW
    rh = max(24, min(ch, hand_area.y - 10 - top))
    reserves = [Rect(12 + k * (int(rh * 0.7) + 12), top, int(rh * 0.7), rh) for k in range(2)]
    reserve_label = Rect(12, info.bottom + 4, 2 * cw + 12, 2 * RESERVE_ROW)
    if reserve_count and rh < ch * 0.6:  # a small window: full-size cards at the hand row's right end
        hand_area.w -= 2 * (cw + 12)
        reserves = [Rect(hand_area.right + 12 + k * (cw + 12), hand_area.y, cw, ch) for k in range(2)]
        # its label in two rows over the two cards alone, up to the right column: in one row reaching left over the
        # hand it lay under a raised hand card, and on the hand cards' tops (play-test T6)
        reserve_label = Rect(reserves[0].x, hand_area.y - 4 - 2 * RESERVE_ROW, w - side - 4 - reserves[0].x,
                             2 * RESERVE_ROW)
    hand = _fan(hand_count, cw, ch, hand_area)
    # a raised (selected) hand card must not cover the last row of melds nor the 'new meld' frame under them
    bottom = hand_area.y - 10 - SELECTED_RAISE if hand_row else message.y - 10 - HOWTO_ROW
    bottom -= 22 if reserve_label.bottom > hand_area.y - 10 else 0  # the reserve's label over the hand row
    meld_area = Rect(36 + 2 * cw, piles_y + tag_row, w - side - 48 - 2 * cw, bottom - piles_y - tag_row)
    melds: list[list[Rect]] | None = None
    # the solitaire has no hand row nor scores to the left: its hands also take the room under the piles
    wide = None if hand_row else (info.bottom + 6, 12)
    overlap = 0.55 if hand_row else 0.45  # the solitaire's 11 hands of up to 13 cards: the corner index suffices

    def fit(mch: int) -> list[list[Rect]] | None:
        lead = _label_width(mch) if labelled else 0
        sizes = list(meld_sizes) + [1]
        mcw = int(mch * 0.7)
        melds = _flow(sizes, meld_area, mcw, mch, lead, meld_room, meld_rows, wide, overlap)
        if melds is not None and hand_row and not labelled and not any(r is not None for r in meld_rows or []):
            # rows laid afresh are even (kept rows stay as they are, meld_places.py)
            count = len({m[0].y for m in melds})
            slots = [max(n, meld_room[k]) if meld_room and k < len(meld_room) else n for k, n in enumerate(sizes)]
            rows = even_rows([meld_width(n, mcw, overlap) for n in slots], count, meld_area.w, meld_gap(mcw))
            kept: list[int | None] = list(rows or [])
            even = _flow(sizes, meld_area, mcw, mch, lead, meld_room, kept, wide, overlap) if rows else None
            melds = even or melds
        return melds

    mch, missed = ch, 0
    while mch >= SMALLEST_MELD_CARD:
        melds = fit(mch)
        if melds is not None:
            break
        missed, mch = mch, int(mch * 0.95)  # fine steps: the melds take the room there is (the solitaire's 11 hands)
    # the steps skip sizes: the largest that fits below the one that did not (at 640x420 seven melds fit three rows
    # of 51-px cards, the steps tried 53 and then 50)
    for larger in range(missed - 1, mch, -1) if melds is not None else ():
        found = fit(larger)
        if found is not None:
            mch, melds = larger, found
            break
    if melds is None:  # still too many: smallest size, rows may run past the bottom (kept rows are not kept)
        mch = SMALLEST_MELD_CARD
        tall = Rect(meld_area.x, meld_area.y, meld_area.w, 10**6)
        lead = _label_width(mch) if labelled else 0
        melds = _flow(list(meld_sizes) + [1], tall, int(mch * 0.7), mch, lead, meld_room)
        melds = melds or []
    new_meld = melds.pop()[0] if melds else Rect(meld_area.x, meld_area.y, int(mch * 0.7), mch)
    step = button_step(h)
    buttons = [Rect(w - side, 8 + i * step, side - 8, step - 4) for i in range(button_count)]
    return TableLayout(
        (w, h),
        (cw, ch),
        hand,
        opponents,
        stock,
        discard,
        info,
        meld_area,
        melds,
        new_meld,
        reserves,
        reserve_label,
        buttons,
        status,
        message,
    )


#: a button of the right column with the gap under it (in windows up to 832 high; taller ones: see button_step)
BUTTON_STEP = 32


def button_step(height: int) -> int:
    """A button of the right column with the gap under it: 32 px, up to 42 in tall layouts, in proportion with
    the larger cards and print there."""
    return max(BUTTON_STEP, min(42, height // 26))


#: windows this high or higher keep the move log a share of the right column (lower ones: ``SMALL_LOG``)
LOG_MIN_HEIGHT = 560
#: the room a lower window keeps for the move log under the buttons: its title and two rows of moves (16 px
#: print) and the gap over it; at 640x420 the log was left out and only the message line told the bots' moves
SMALL_LOG = 64
#: the move log keeps this share of the right column when the listed actions are paged
LOG_SHARE = 0.25
#: a list of actions just too long for the room beside the log's share is shown whole when the log keeps this much
LOG_MIN_SHARE = 0.15
#: ... and at least this many rows of moves under its title (at 1024x600 six discards and seven buttons listed whole
#: left a log of four rows with six seats at the table: 'Du: vom Stapel ziehen' and its own lay-out, no bot's move)
LOG_MIN_ROWS = 6
#: the log's rows (its print, 16 pt in the right column of the base layout) and its title's, with the panel's margins
LOG_ROW, LOG_MARGINS = 16, 16


def message_top(height: int) -> int:
    """Where the message line starts in a base layout ``height`` high (the right column's buttons and log end
    above it)."""
    return max(height, MIN_H) - 28 - 2 * MESSAGE_ROW


def log_least(column: int) -> int:
    """The least room the move log keeps under a list of actions shown whole, in a right column ``column`` high
    (base layout pixels): :data:`LOG_MIN_SHARE` of it, and its title and :data:`LOG_MIN_ROWS` rows."""
    return max(int(column * LOG_MIN_SHARE), LOG_MARGINS + LOG_ROW * (1 + LOG_MIN_ROWS))


def action_room(height: int, others: int, actions: int) -> int:
    """How many of ``actions`` listed moves get a button in the right column beside ``others`` buttons
    (the fixed ones, rearrange, lay), leaving the move log its share of the column (a long Rummy list
    left the log two entries at 1100x720) and a 'More…' button when not all fit; 1 to 10 (keys 1..9, 0).
    A list one or two buttons too long for that is shown whole, the log keeping :data:`LOG_MIN_SHARE` and
    :data:`LOG_MIN_ROWS` rows (nine moves showed as six and 'More…' over a log of a quarter of the column)."""
    height = round(height / text_scale())  # counted in the base layout (a larger window grows every button)
    column = message_top(height) - 4 - 8
    step = button_step(height)
    log = int(column * LOG_SHARE) if height >= LOG_MIN_HEIGHT else SMALL_LOG
    room = (column - log) // step - others
    if room < actions <= min(10, (column - log_least(column)) // step - others) and log > SMALL_LOG:
        room = actions  # the whole list over a shorter log
    elif actions > room:
        room -= 1  # the 'More…' button
    return max(1, min(10, room))


def hit(rects: list[Rect], pos: tuple[int, int]) -> int | None:
    """Index of the topmost rect (the last drawn) under pos."""
    for i in range(len(rects) - 1, -1, -1):
        if rects[i].collidepoint(pos):
            return i
    return None


def drop_meld(lay: TableLayout, pos: tuple[int, int]) -> int | None:
    """The meld a card dropped at ``pos`` goes to: on its cards, or beside them within
    half a card (a drop just past a meld's end lands in that meld)."""
    ch = lay.card[1]
    best: tuple[int, int] | None = None
    for k, rects in enumerate(lay.melds):
        if not rects:
            continue
        box = rects[0].unionall(rects[1:])
        if box.collidepoint(pos):
            return k
        grown = box.inflate(rects[0].w, ch // 4)
        if grown.collidepoint(pos):  # the nearest edge wins between two melds
            d = max(box.left - pos[0], pos[0] - box.right, 0) + max(box.top - pos[1], pos[1] - box.bottom, 0)
            if best is None or d < best[0]:
                best = (d, k)
    return best[1] if best else None
