"""The last hint at the table: asked of the expert bot with the solvers' reason, its move kept while the position
is the one it was given for (a button and Enter play it), what it marks (the hand cards it names stand selected,
the pile it draws from, the solitaire's table card it takes out). A mixin of :class:`.controller.Controller`, which
holds the fields it names."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from romme.engine import GameState, Move
from romme.errors import RommeError
from romme.table import place_table

from .hint_board import HEAD
from .i18n import cards_named, t
from .move_reading import move_cards, move_positions

if TYPE_CHECKING:
    from .controller import Seat


class HintMoves:
    """H: the hint's move and words, and what the table marks of it."""

    if TYPE_CHECKING:  # fields and methods of Controller
        game_id: str
        seats: list[Seat]
        state: GameState
        lang: str
        message: str
        selected: list[int]
        hint_move: Move | None
        _hint_at: int

        def is_human_turn(self) -> bool: ...
        def observation(self) -> dict[str, Any]: ...
        def hand(self) -> list[str]: ...
        def melds(self) -> list[list[str]]: ...

    def hint(self) -> str:
        """The expert bot's move with the solvers' reason (only the viewer's own cards)."""
        from .hints import hint

        if self.state.is_over:  # H on a finished table said nothing at all
            self.message = t("hint_over", self.lang)
            return ""
        if not self.is_human_turn():
            name = self.seats[self.state.current_player].name
            self.message = t("hint_wait", self.lang, name=name)
            return ""
        self.hint_move = None
        try:
            self.hint_move, text = hint(self.game_id, self.state, self.lang)
        except RommeError as exc:
            text = str(exc)
        else:
            self._select_hinted(self.hint_move)
            self._hint_at = len(self.state.history)
        self.message = HEAD.get(self.lang, HEAD["en"]) + cards_named(text, self.game_id, self.lang)
        return self.message

    def hinted_table_card(self) -> tuple[int, str] | None:
        """The solitaire: (open hand row, card) that the last hint takes out of the game, while the position
        is the one it was given for (its cards lie on the table, not in a hand, so none is selected)."""
        move = self.hint_move
        if self.game_id != "koenigs-solo" or move is None or len(self.state.history) != self._hint_at:
            return None
        j = move.to_json()
        keys = sorted(self.observation()["hands"], key=int)
        if str(j.get("hand")) not in keys or not isinstance(j.get("card"), str):
            return None
        return keys.index(str(j["hand"])), j["card"]

    def current_hint(self) -> Move | None:
        """The last hint's move while the position is the one it was given for and the human is to move
        (the table offers it as a button, Enter plays it)."""
        move = self.hint_move
        if move is None or len(self.state.history) != self._hint_at or not self.is_human_turn():
            return None
        return move

    def hinted_pile(self) -> str | None:
        """The pile the last hint draws from ('stock' or 'discard'), while the position is the one it was
        given for (the table outlines it: 'hint: draw discard' marked nothing)."""
        move = self.hint_move
        if move is None or len(self.state.history) != self._hint_at:
            return None
        j = move.to_json()
        return str(j["source"]) if j.get("kind") == "draw" and j.get("source") in ("stock", "discard") else None

    def hint_drops_turned(self, turned: str) -> bool:
        """The solitaire: whether the last hint takes the turned card itself out of the game (it keeps the
        open hand as it is), so the turned card is outlined instead of a card of that hand."""
        hinted = self.hinted_table_card()
        if hinted is None or hinted[1] != turned:
            return False
        row, card = hinted
        melds = self.melds()
        return row < len(melds) and card not in melds[row]

    def _select_hinted(self, move: Move) -> None:
        """The hand cards a hint names are selected (they stand raised, and the action that fits the
        selection plays them); a whole-table hint is shown on the board instead (the table scene)."""
        if place_table(move) is not None:
            return
        positions = move_positions(move)
        j = move.to_json()
        if self.game_id == "krass" and j.get("kind") == "reserve" and self.hand():
            # a reserve goes beside a selected card (the buttons offer it there; it is dragged otherwise)
            positions = [min(int(j["position"]), len(self.hand()) - 1)]
        if positions is None:
            wanted = Counter(move_cards(self.game_id, move, self.melds()))
            positions = []
            for i, token in enumerate(self.hand()):
                if wanted[token] > 0:
                    wanted[token] -= 1
                    positions.append(i)
        self.selected = positions
