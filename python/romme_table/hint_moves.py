"""The last hint at the table: asked of the expert bot with the solvers' reason, its move kept while the position
is the one it was given for (a button and Enter play it), what it marks (the hand cards it names stand selected,
the pile it draws from, the solitaire's table card it takes out). The hint is searched in a worker thread, as the
bots' moves are: a whole-table search can take a second or more, and the window draws on meanwhile. One hint is
searched at a time, and one the table no longer wants (its position left, the table closed) is stopped. A mixin of
:class:`.controller.Controller`, which holds the fields it names."""

from __future__ import annotations

from collections import Counter
from concurrent.futures import TimeoutError as WaitedOut
from typing import TYPE_CHECKING, Any

from romme.engine import GameState, Move
from romme.errors import RommeError
from romme.table import place_table

from .behind import Behind, run_behind
from .hint_board import HEAD
from .i18n import cards_named, t
from .move_reading import move_cards, move_positions

if TYPE_CHECKING:
    from .controller import Seat

#: Seconds H waits for the hint before the search goes on behind the drawing (None: until it is found): most hints
#: take milliseconds and are shown at once; a longer one leaves the window drawing, the status line saying so
HINT_WAIT: float | None = 0.1

#: Where a position is: the table's game, the moves played, the last of them (a move taken back and another played
#: leave as many moves)
Position = tuple[int, int, Any]


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
        state_serial: int
        _hint_at: int
        _hint_future: Behind[tuple[Move, str]] | None
        _hint_for: Position | None

        def is_human_turn(self) -> bool: ...
        def observation(self) -> dict[str, Any]: ...
        def hand(self) -> list[str]: ...
        def melds(self) -> list[list[str]]: ...

    def hint(self) -> str:
        """Asks the expert bot's move with the solvers' reason (only the viewer's own cards), searched in a worker
        thread; shown at once where it is found within :data:`HINT_WAIT`, else by :meth:`poll_hint`. A second ask
        while the search for this position goes on starts none; one for a position left stops that search first.
        Returns the message, "" while it is searched."""
        from .hints import hint

        if self.state.is_over:  # H on a finished table said nothing at all
            self.message = t("hint_over", self.lang)
            return ""
        if not self.is_human_turn():
            name = self.seats[self.state.current_player].name
            self.message = t("hint_wait", self.lang, name=name)
            return ""
        if self.hint_pending():
            return ""
        self.drop_hint()
        self.hint_move = None
        self._hint_for = self._position()
        self._hint_future = run_behind("romme-hint", hint, self.game_id, self.state.clone(), self.lang)
        try:
            self._hint_future.result(timeout=HINT_WAIT)
        except WaitedOut:
            return ""
        return self.message if self.poll_hint() else ""

    def hint_pending(self) -> bool:
        """Whether a hint for the position on the table is being searched."""
        return self._hint_future is not None and self._at_hinted_position()

    def poll_hint(self) -> bool:
        """Call every frame: True when the hint asked has just been found and shown; a hint for a position the
        table has left (a move played meanwhile, a move taken back, another game) is dropped, its search stopped."""
        future = self._hint_future
        if future is not None and not self._at_hinted_position():
            self.drop_hint()
            return False
        if future is None or not future.done():
            return False
        self._hint_future = None
        if not self._at_hinted_position():
            return False
        try:
            self.hint_move, text = future.result()
        except RommeError as exc:
            text = str(exc)
        else:
            self._select_hinted(self.hint_move)
            self._hint_at = len(self.state.history)
        self.message = HEAD.get(self.lang, HEAD["en"]) + cards_named(text, self.game_id, self.lang)
        return True

    def drop_hint(self) -> None:
        """The hint under way is forgotten and its search stopped (a position left, a table closed, a game
        replaced): its answer is never shown, and the next hint starts once it has ended."""
        future, self._hint_future = self._hint_future, None
        if future is not None:
            future.stop()

    def _position(self) -> Position:
        h = self.state.history
        return (self.state_serial, len(h), h[-1] if h else None)

    def _at_hinted_position(self) -> bool:
        """Whether the table is at the position the hint was asked for (its last move the very one: two moves
        taken back and others played may end with an equal move)."""
        asked, now = self._hint_for, self._position()
        return asked is not None and asked[:2] == now[:2] and asked[2] is now[2]

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
