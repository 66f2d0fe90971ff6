"""1x1-Rommé's aid for a newcomer: which rows of the times table a card stands in, named while the mouse rests on
it ('H12: in the 2, 3, 4, 6 and 12 times tables'). A run is consecutive multiples of one row, and nothing at the
table said which rows a card belongs to: only the hint found them."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .i18n import listed, t
from .layout import hit

if TYPE_CHECKING:
    from .layout import TableLayout
    from .table_scene import TableScene

#: a 1x1-Rommé number card: its symbol letter, then its value ('H12', 'Q7')
NUMBER_CARD = re.compile(r"([A-Z])(\d+)")


def rows_of(value: int) -> list[int]:
    """The rows k >= 2 that ``value`` is a multiple of (12: 2, 3, 4, 6, 12); none for 1 (1 is no row)."""
    return [k for k in range(2, value + 1) if value % k == 0]


def card_rows(token: str, lang: str) -> str:
    """What ``token`` is for runs, in words: its rows, a 1-card's and a wish card's wild part ("" for no card)."""
    if token == "W":
        return t("rows_wish", lang)
    found = NUMBER_CARD.fullmatch(token)
    if found is None:
        return ""
    value = int(found.group(2))
    if value == 1:
        return t("rows_one", lang, card=token)
    rows = [f"{k}er" if lang == "de" else str(k) for k in rows_of(value)]
    if lang == "de" and len(rows) > 1:  # 'in der 2er-, 3er- und 12er-Reihe'
        rows = [f"{r}-" for r in rows[:-1]] + [rows[-1]]
    return t("rows_of" if len(rows) == 1 else "rows_of_many", lang, card=token, rows=listed(rows, lang))


def hovered_card_rows(scene: TableScene, lay: TableLayout) -> str:
    """The rows of the 1x1-Rommé card under the resting mouse, in the hand or on the table, or under the cursor when
    the keys moved it last (a keyboard player never saw the rows) ("" elsewhere, in another game, or while a card
    is dragged)."""
    if scene.c.game_id != "einmaleins" or scene.drag:
        return ""
    if scene.keyed:
        token = keyed_card(scene, lay)
        return card_rows(token.split("=")[0], scene.c.lang) if token else ""
    if scene.hover is None:
        return ""
    hand = scene.hand()
    i = hit([scene.raised(r, k) for k, r in enumerate(lay.hand[: len(hand)])], scene.hover)
    if i is not None:
        return card_rows(hand[i], scene.c.lang)
    melds = scene.c.melds()
    for m, rects in enumerate(lay.melds[: len(melds)]):
        j = hit(rects, scene.hover)
        if j is not None and j < len(melds[m]):
            return card_rows(melds[m][j].split("=")[0], scene.c.lang)
    return ""


def keyed_card(scene: TableScene, lay: TableLayout) -> str | None:
    """The card under the cursor: the board's (a table card, a hand card), else the hand's."""
    from .board_keys import resolve

    if scene.c.editor is None:
        hand = scene.hand()
        return hand[scene.cursor] if 0 <= scene.cursor < len(hand) else None
    here = resolve(scene, lay)
    if here is None or here[0][0] == "new":
        return None
    kind, a, b = here[0]
    cards = scene.hand() if kind == "hand" else scene.melds()[a] if a < len(scene.melds()) else []
    at = a if kind == "hand" else b
    return cards[at] if at < len(cards) else None
