"""What the table board (T) lets a seat do, by the game's rules, and the words the table uses for it.

The board is one editor in every table game, but the rules decide what it may change: in Rummy, 1x1-Rommé and
Räuber-Rommé cards already on the table move into other melds (the table is rebuilt); in Rommé without Räuber
only the hand's cards go down, as new melds, lay-offs and joker swaps. The button, the status line, the board's
how-to and the keys page name the same one of the two, so none of them offers a rebuild the rules refuse.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum

from romme.table import TABLE_GAMES, moves_table_cards


class BoardKind(Enum):
    """What the board opened by T changes."""

    REBUILD = "rebuild"  # the table's cards move too (the core's moves_table_cards)
    LAY = "lay"  # only the hand's cards go down: new melds, lay-offs, joker swaps


def board_kind(game_id: str, options: Mapping[str, bool | int]) -> BoardKind | None:
    """The board of ``game_id`` under ``options`` (None: the game has no table board), as the core answers it."""
    if game_id not in TABLE_GAMES:
        return None
    return BoardKind.REBUILD if moves_table_cards(game_id, options) else BoardKind.LAY


#: the i18n keys of the board's words: its button, the status line while it is open, its how-to message
BUTTON = {BoardKind.REBUILD: "rearrange", BoardKind.LAY: "lay_on_table"}
TURN = {BoardKind.REBUILD: "turn_board", BoardKind.LAY: "turn_board_lay"}
HOW_TO = {BoardKind.REBUILD: "editing", BoardKind.LAY: "editing_lay"}
#: ... and T's refusal, when the board does not open now (before the draw, another seat's turn)
REFUSAL = {BoardKind.REBUILD: "cannot_rearrange", BoardKind.LAY: "cannot_lay_on_table"}
