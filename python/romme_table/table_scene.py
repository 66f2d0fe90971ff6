"""The table scene: the game being played, its state between frames, intents, drags and buttons.

Drawing (in :mod:`.table_draw`) reads the scene and the controller and never changes the game.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any

import pygame

from . import (
    action_list,
    autosave,
    board_intents,
    board_keys,
    krass_deals,
    solo_keys,
    table_draw,
    table_follow,
    table_pointer,
)
from .animations import Animator, speed_text
from .board_keys import BoardCursor
from .board_kind import BUTTON
from .button_help import button_help
from .card_clicks import ClickTimer
from .cards_draw import set_face_lang
from .controller import Controller
from .dialogs import ConfirmScene, CurtainScene, ScoreScene
from .editor import TableEditor, reading_order
from .i18n import default_name_in, t
from .intents import Intent
from .layout import NEW_TAG_ROW, SELECTED_RAISE, TableLayout, action_room, hit, table_layout
from .meld_draft import MeldDraft, draft_move, meld_points, opening_need, word
from .meld_places import BoardPlaces, MeldPlaces, placed_layout
from .move_log import (
    first_shown,
    line_start,
    log_lines,
    log_room,
    log_rows,
    shown_rows,
)
from .move_reading import move_positions
from .replayed import replayed
from .rounds import REPLAYED_MOVES_CAP, round_marker
from .scenes import LABELLED_GAMES, Scene, button_rows, px
from .score_grid import ScoreBook, round_over_lines
from .settings_store import BOT_DELAY_MOST, BOT_DELAY_STEP
from .table_news import NO_NEWS_GAMES, TableNews, board_marks
from .table_saves import ask_load, is_saved, note_stock_draw, save_game


class TableScene(Scene):
    """One game at the table: hand, opponents, piles, melds, actions."""

    def __init__(self, controller: Controller) -> None:
        self.c = controller
        controller.on_stock_seen = partial(note_stock_draw, self)  # a save from before the draw is spent
        self.layout: TableLayout | None = None
        self.actions: list[Any] = []  # every listed action that fits the selection (less folded discards)
        self._listed: list[Any] = []  # ... with the discards
        self.folded = False  # the discards folded into one button (a small window: action_list.fold_discards)
        self._labels: dict[int, str] = {}  # the actions' button labels by index, made once per list of actions
        self.selection_meld: str | None = None  # the selection as a new meld no listed move lays (its button)
        self.page = 0  # which page of actions the buttons and keys 1..9, 0 show
        self.room = 1  # action buttons that fit beside the fixed ones
        self.cursor = 0
        self.drag: tuple[int, tuple[int, int]] | None = None
        self.drag_pos: tuple[int, int] | None = None
        self.reserve_drag: int | None = None  # Krass Kariert: the reserve card being dragged
        self.pile_drag: tuple[int, int] | None = None  # the discard pile's top card being dragged (pressed there)
        self.shown_over = False
        self.edit_drag: tuple[str, int, int] | None = None
        self.board_cursor = BoardCursor()  # the board's cursor and the table card lifted by keys
        self.solo_cursor = solo_keys.SoloCursor()  # the solitaire's cursor over its open hands' cards
        self._actions_key: tuple[Any, ...] | None = None
        self._rounds_seen = 0  # the score grid's rows when the last round's sheet was shown
        self.hover: tuple[int, int] | None = None
        self._hover_message = ""  # the message line when the mouse last moved (a fixed button's help gives way)
        self.keyed = False  # the cursor keys moved the cursor since the mouse last moved (1x1-Rommé names its card)
        self.seat_turns: dict[int, tuple[tuple[object, ...], str]] = {}  # seat_moves: a box's words, when read
        self.clicks = ClickTimer()  # a double-click on a hand card plays it
        self._hint_words = ""  # the words of the last hint laid out on the board
        self._hint_board: TableEditor | None = None  # the board open when the hint was asked (None: closed)
        self.anim = Animator()  # the other seats' moves, shown as card flights
        self.book = ScoreBook()  # the per-round score grid
        self.draft = MeldDraft()  # new melds built on the table by dragging
        self.saved_as: tuple[int, tuple[str, ...]] | None = None  # the game as S last saved it (table_saves)
        self.places = MeldPlaces()  # where each table meld sits, kept between turns
        self.board = BoardPlaces()  # where each meld sits while the table is rebuilt
        self._draft_hand: list[str] = []  # the hand the draft's positions refer to
        self.fresh: Counter[str] = Counter()  # the newly drawn card(s), highlighted
        self.chosen: int | None = None  # the highlighted action Enter plays (arrow keys)
        self._action_offset = 0  # buttons before the first action button
        self._seen_moves = 0
        self._hand_seen: list[str] = []
        self._deal_seen: tuple[Any, ...] = ()  # the round counters when _hand_seen was seen (a new deal moves them)
        self._viewer = controller.viewer  # hot seat: whose hand _hand_seen and fresh are; the others' kept here
        self._seen_by_viewer: dict[int, tuple[list[str], Counter[str]]] = {}
        self._fresh_at: dict[tuple[int, int, int], Counter[str]] = {}  # (state, viewer, moves) -> the 'new' marks
        self._discard_seen: str | None = None  # the open card on the pile before the last moves
        self._table_seen: list[list[str]] = []  # the melds on the table before the last moves
        self._stands_seen: list[list[str]] | None = None  # what their cards stood for (the log's swaps)
        self.log_notes: dict[int, str] = {}  # move number -> what a whole-table move laid, for the log
        self.log_first: int | None = None  # the move log's first row in view (None: the newest, following)
        self._log_rows: tuple[tuple[Any, ...], list[str]] = ((), [])  # the log's rows, by what they were made of
        self.news = TableNews()  # the cards the other seats laid since the viewer's last turn, marked on the table

    def enter(self) -> None:
        self.anim.speed = self.app.anim_speed
        if self.app.bot_delay is not None:
            self.c.bot_delay = self.app.bot_delay
        if self.c.sort_mode == "none" and self.c.game_id != "krass":  # Krass Kariert's order is part of its game
            self.c.sort_mode = self.app.sort_mode  # the order the player last chose, kept between tables
        self._seen_moves = len(self.c.state.history)
        self._hand_seen, self._deal_seen = self.c.hand(), round_marker(self.c.observation())
        self._table_seen = self.c.melds()  # a resumed game's table: its first table move lays only its own cards
        self._stands_seen = self.c.stands()
        past = replayed(self.c.state, self.c.viewer, self.c.lang, self.c.alone())  # a resumed game's, made for its ends
        self.log_notes, self.book = past.notes, past.book  # its rounds played before, its log's notes
        self._rounds_seen = len(self.book.rows)
        top = self.c.observation().get("discard_top")
        self._discard_seen = top if isinstance(top, str) else None
        table_follow.follow_news(self)  # whose turn the table opens on (a first turn of one move still ends one: U2)

    def exit(self) -> None:
        self.c.close()

    # -- model of the frame
    def melds(self) -> list[list[str]]:
        """The melds drawn on the table: the editor's working table, or the table and the draft."""
        if self.c.editor:
            return self.c.editor.melds
        return self.c.melds() + self.draft_groups()

    def draft_groups(self) -> list[list[str]]:
        """The draft's melds (emptied when the hand changed under it: its positions are stale)."""
        if not self.draft:
            return []
        hand = self.c.hand()
        if hand != self._draft_hand:
            self.draft.clear()
            return []
        return self.draft.tokens(hand)

    def hand(self) -> list[str]:
        return self.c.editor.hand_left if self.c.editor else self.c.hand()

    def opponents(self) -> list[tuple[str, int, str]]:
        obs = self.c.observation()
        notes = self.c.seat_notes()
        counts = obs.get("hand_counts") or obs.get("hand_sizes") or []
        if isinstance(counts, dict):
            counts = [counts.get(str(i), counts.get(i, 0)) for i in range(len(self.c.seats))]
        return [
            (s.name, counts[i] if i < len(counts) else 0, notes[i])
            for i, s in enumerate(self.c.seats)
            if i != self.c.viewer
        ]

    def visible_actions(self) -> list[Any]:
        """The actions on the current page (keys 1..9 and 0 play them)."""
        start = self.page * self.room
        return self.actions[start : start + self.room]

    def _sorted_actions(self) -> list[Any]:
        """Candidate moves, going out first (it must never hide at the end of the list) and the moves that end the
        turn without laying last (:data:`.action_list.TURN_ENDS`): a Rommé opening came after fourteen discards, on
        the second page at 1366x768 (play-test W2), and Rummy's first turn listed '1. passen, Karte ziehen' before its
        melds (X2), as Räuber without a discard pile '1. end the turn' before its swap."""
        moves = action_list.distinct(self.c, self.c.candidate_moves(grow=True))
        ends = action_list.TURN_ENDS
        return sorted(moves, key=lambda m: (m.to_json().get("kind") != "out", m.to_json().get("kind") in ends))

    def compute_layout(self) -> TableLayout:
        if self.layout is not None and (self.edit_drag or self.drag or self.reserve_drag is not None or self.pile_drag):
            return self.layout  # while a card is dragged the drop targets stand still
        c = self.c
        c.pointer = self.cursor  # Krass Kariert lists the reserve beside it
        hinted, pointed = str(c.current_hint()), self.cursor if c.game_id == "krass" else 0
        own = tuple(c.hand_orders.get(c.viewer, ()))
        key = (len(c.state.history), tuple(c.selected), pointed, c.viewer, c.sort_mode, own, c.state_serial, hinted)
        if key != self._actions_key:  # legal moves change only with a move, a new selection or a hint
            self._actions_key = key
            self._listed, self.selection_meld = action_list.beside_hint(c, self._sorted_actions())
            self.actions, self.folded = self._listed, False
            self._labels = {}
            self.page = 0
            self.chosen = None
        self.folded = False  # (the buttons before the listed moves counted without the folded discards' button)
        others = len(self._fixed_buttons()) + (0 if self.c.editor else len(self._front_buttons()))
        solo = solo_keys.listed(self, self._listed)  # the solitaire lists the step under its cursor only
        self.room = action_room(self.app.size[1], others, len(self._listed if solo is None else solo))
        folded = None if self.c.editor or solo is not None else action_list.fold_discards(self._listed, self.room)
        self.folded = folded is not None
        if folded is not None:
            self.room = action_room(self.app.size[1], others + 1, len(folded))
        folded = solo if solo is not None else folded
        actions = action_list.ends_in_sight(folded if folded is not None else self._listed, self.room)
        if actions != self.actions:  # folded or unfolded by a resize: the pages and labels start afresh
            self.actions, self._labels, self.page, self.chosen = actions, {}, 0, None
        sizes = [len(m) for m in self.melds()]
        if self.c.editor is not None:  # the board keeps the table's rows, each place as wide as its meld
            self.layout = self.board.layout(self.c.editor, sizes, self._placed_layout, self._table_layout)
        elif self.c.game_id not in LABELLED_GAMES:
            self.layout = self._placed_layout()
        else:
            self.layout = self._table_layout(sizes, None)
        return self.layout

    def _table_layout(
        self, sizes: list[int], room: list[int] | None, rows: list[int | None] | None = None
    ) -> TableLayout:
        return table_layout(
            *self.app.size,
            len(self.hand()),
            len(self.c.seats) - 1,
            sizes,
            len(self._buttons()),
            labelled=self.c.game_id in LABELLED_GAMES,
            hand_row=self.c.game_id != "koenigs-solo",  # the solitaire's hands are all on the table
            meld_room=room,
            reserve_count=len(self.c.own_reserves()) if self.c.game_id == "krass" else 0,
            tag_row=NEW_TAG_ROW if self.c.editor else 0,
            meld_rows=rows,
        )

    def _placed_layout(self) -> TableLayout:
        """The table's melds in their places and rows (:mod:`.meld_places`: a meld that stays keeps its place
        between turns and card sizes), the draft's after them; the meld rectangles in the order of :meth:`melds`."""
        deal = round_marker(self.c.observation())  # a new deal starts from the first place
        return placed_layout(self.places, self.c.melds(), self.draft_groups(), self._table_layout, deal)

    # -- intents
    def handle(self, intent: Intent) -> None:
        c, n = self.c, intent.name
        if n != "resize" and (c.needs_curtain() or self._sheet_due()):  # the turn passed to another human, or a
            return  # round ended, within this frame's events: the keys after that move played on unseen
        lay = self.layout or self.compute_layout()
        if intent.pos is not None:  # a meld gliding to its new place is hit where it is drawn
            lay = replace(lay, melds=self.anim.melds.seen(lay.melds))
        if n == "hover":
            self.hover, self._hover_message = intent.pos, self.c.message  # a message coming after it wins over help
            self.keyed = False
            return
        if n in ("left", "right") or (c.editor is not None and n in board_keys.MOVES):
            self.keyed = True
        if n == "text" and intent.value == "?":  # typed, whatever the keyboard's layout puts it on
            from .key_help import KeysScene

            self.app.push(KeysScene(c.game_id, c.board()))
            return
        if c.editor is not None and board_intents.edit(self, intent, lay):
            if self.edit_drag is None:
                self.layout = None
            return
        if solo_keys.handle(self, intent):  # the solitaire's cursor over its hands, and its step
            self.layout = None
            return
        if n == "press" and intent.pos:
            table_pointer.press(self, lay, intent.pos)
            return
        if n == "drag" and (self.drag or self.reserve_drag is not None or self.pile_drag):
            self.drag_pos = self.hover = intent.pos
            return
        if n == "release" and self.pile_drag:
            table_pointer.drop_pile_card(self, lay, intent.pos)
        elif n == "release" and self.reserve_drag is not None:
            table_pointer.drop_reserve(self, lay, intent.pos)
        elif n == "release" and self.drag:
            table_pointer.drop_hand_card(self, lay, intent.pos)
        elif n == "toggle_at" and intent.pos:
            i = hit(lay.hand, intent.pos)
            if i is not None:
                c.toggle(i)
        elif n == "left":
            self.cursor = max(0, self.cursor - 1)
        elif n == "right":
            self.cursor = min(len(c.hand()) - 1, self.cursor + 1)
        elif n == "toggle":
            c.toggle(self.cursor)
        elif n == "action" and isinstance(intent.value, int):
            shown = self.visible_actions()
            if intent.value < len(shown):
                c.play(shown[intent.value])
        elif n in ("page_down", "page_up"):
            self._turn_page(1 if n == "page_down" else -1)
            self.chosen = None
        elif n in ("up", "down"):
            self._choose(-1 if n == "up" else 1)
        elif n == "confirm":
            self._confirm()
        elif n == "meld" and self.draft:
            self._lay_draft()
        elif n == "discard" and len(c.selected) == 1:  # as a drop on the pile: asks first when it would go out
            self.discard_selected()
        elif n in ("draw", "discard", "knock", "pass", "meld"):
            self._first(n)
        elif n in ("scroll", "log_older", "log_newest"):
            self._scroll_log(lay, n, intent.value)
        elif n == "skip":
            self.anim.skip()
        elif n == "anim_speed":
            self.app.anim_speed = self.anim.next_speed()
            c.message = speed_text(self.app.anim_speed, c.lang)
        else:
            self._command(n)
        self.layout = None

    def log_rows(self, width: int) -> list[str]:
        """The move log's rows wrapped to ``width``, every move of the game (made again after a move)."""
        c = self.c
        key = (c.state_serial, len(c.state.history), c.lang, width, len(self.log_notes), len(c.round_ends),
               len(self.book.rows))
        if self._log_rows[0] != key:
            names = [s.name for s in c.seats]
            moves = len(c.state.history)
            deals = krass_deals.deal_over_lines(c.observation(), names, c.lang)  # who paid a chip, and why
            if c.game_id != "krass" and len(self.book.rows) == len(c.round_ends):  # how each round ended, its points
                deals = round_over_lines(self.book, names, c.lang, c.unit)
            lines = log_lines(
                c.game_id, c.state.history, names, c.lang, moves, self.log_notes, c.round_ends, c.unit, c.trick_wins,
                deals,
            )
            self._log_rows = (key, log_rows(lines, width))
        return self._log_rows[1]

    def _scroll_log(self, lay: TableLayout, name: str, wheel: Any) -> None:
        """The wheel moves the log three rows (up: older), Home a page of older rows, End back to the
        newest; scrolled to the newest rows the log follows the game again."""
        rect = table_draw.log_rect(self, lay)
        if rect is None:
            return
        rows = self.log_rows(rect.w - 12)
        room = log_room(rect, self.c.lang)[1]
        shown = shown_rows(len(rows), room, self.log_first is None)
        first = first_shown(len(rows), shown, self.log_first)
        first = line_start(rows, first)  # where the panel starts (on a line's first row)
        if name == "log_newest":
            first = len(rows)
        elif name == "log_older":  # a page as a scrolled panel shows it (its mark below takes a row)
            first -= shown_rows(len(rows), room)
        elif name == "log_newer":
            first += shown_rows(len(rows), room)
        elif isinstance(wheel, int):
            first -= 3 * wheel
        up = name == "log_older" or (isinstance(wheel, int) and wheel > 0 and name == "scroll")
        first = line_start(rows, max(0, first), back=up)
        # the newest rows in view: the panel follows the game again (and shows a row more, no mark under them)
        self.log_first = None if first >= len(rows) - shown_rows(len(rows), room, True) else first

    def _choose(self, step: int) -> None:
        """Arrow keys: highlight the previous / next action button (Enter plays it)."""
        shown = self.visible_actions()
        if not shown:
            self.chosen = None
            return
        if self.chosen is None:  # the first press highlights the first (down) or the last (up) action
            self.chosen = 0 if step > 0 else len(shown) - 1
        else:
            self.chosen = (self.chosen + step) % len(shown)

    def _confirm(self) -> None:
        """Enter plays the highlighted action only: never a silent first action (such as discarding the wild)."""
        c = self.c
        if c.state.is_over:
            self.app.push(ScoreScene(c, book=self.book))
            return
        if not c.is_human_turn():  # the bots' turn: 'choose an action with the arrow keys' listed none
            c.message = t("enter_wait", c.lang, name=c.seats[c.state.current_player].name)
            return
        shown = self.visible_actions()
        hinted = c.current_hint()
        if self.chosen is not None and self.chosen < len(shown):
            c.play(shown[self.chosen])
        elif hinted is not None:  # nothing highlighted: Enter plays the hint's move (its button says so)
            c.play(hinted)
        elif (chosen := self._selection_play()) is not None:
            c.play(chosen)
        elif not self.actions and (why := c.krass_refusal()):  # ('choose the marked action' where none is listed)
            c.message = why
        else:
            c.message = t("pick_action", c.lang)

    def _selection_play(self) -> Any | None:
        """Krass Kariert: the one listed action, where it plays exactly the cards selected (the player chose them: Enter
        is no silent first action there). Selecting 5 6 4 by keys listed only '1. 5 6 4 spielen', and Enter asked to
        pick it with the arrow keys (play-test W7)."""
        c = self.c
        if c.game_id != "krass" or not c.selected or len(self.actions) != 1:
            return None
        return self.actions[0] if move_positions(self.actions[0]) == sorted(c.selected) else None

    def _lay_draft(self) -> None:
        """Plays the draft's melds as one move; on refusal the engine's reason is shown and the draft stays."""
        c = self.c
        text_move = draft_move(c.game_id, self.draft_groups())
        if text_move is not None and c.play(text_move):
            self.draft.clear()

    def draft_counter(self) -> tuple[str, bool] | None:
        """The live counter over the draft ("opening 27 / 31") and whether it is enough."""
        groups = self.draft_groups()
        if not groups:
            return None
        opts = dict(self.c.state.rules.options)
        values = [meld_points(self.c.game_id, g, opts) for g in groups]
        have = sum(v for v in values if v is not None)
        need = opening_need(self.c.state, self.c.viewer)
        if need is None:
            return word("points", self.c.lang, have=have), None not in values
        return word("opening", self.c.lang, have=have, need=need), have >= need and None not in values

    def _command(self, n: str) -> None:
        c = self.c
        if n == "hint":
            board_intents.hint(self)
        elif n == "undo":
            c.undo_turn()
        elif n == "reset":
            c.reset_turn()
        elif n == "table":
            self.start_editing()
        elif n == "sort":
            self._sort()
        elif n == "language":
            self.switch_language()
        elif n in ("faster", "slower"):
            step = -BOT_DELAY_STEP if n == "faster" else BOT_DELAY_STEP
            c.bot_delay = self.app.bot_delay = round(min(BOT_DELAY_MOST, max(0.0, c.bot_delay + step)), 1)
            seconds = f"{c.bot_delay:.1f} s"
            c.message = t("speed", c.lang, s=seconds.replace(".", ",") if c.lang == "de" else seconds)
        elif n == "save":
            save_game(self)
        elif n == "load":
            ask_load(self)
        elif n == "back" and (self.draft_groups() or c.selected):  # Esc first takes back what is under way
            if self.draft_groups():
                c.message = t("draft_back", c.lang)
            self.draft.clear()
            c.selected.clear()
            c.koenigs_selection_words()  # the words about a selected meld go with it
        elif n in ("new", "back"):
            self._ask_leave()

    def switch_language(self) -> None:
        """G, as on the start screen: the table in the other language, kept for the next tables and sessions; the
        seats' default names with it ('You, du bist dran' and 'Punkte: You 0' were read after G at the table)."""
        lang = "de" if self.c.lang == "en" else "en"
        self.app.lang = self.c.lang = lang
        self.c.seats = [replace(s, name=default_name_in(s.name, i, lang)) for i, s in enumerate(self.c.seats)]
        self._actions_key = None  # the action buttons' labels are made again, in the new words
        if len(self.c.state.history) <= REPLAYED_MOVES_CAP:  # the log's notes too ('3 5 4 spielen' read after G)
            self.log_notes = replayed(self.c.state, self.c.viewer, lang, self.c.alone()).notes
        self.c.message = t("language", lang)

    def _sort(self) -> None:
        """O: the next order of the hand, which the next tables start with too."""
        self.c.toggle_sort()
        if self.c.sort_mode != "none" and self.c.game_id != "krass":
            self.app.sort_mode = self.c.sort_mode

    def _sheet_due(self) -> bool:
        """A move not yet followed by an update ended a round or the game: its score sheet comes with the update,
        before the next round's hand is seen (a key pressed after the round's last move drew in the next round)."""
        moves, over = len(self.c.state.history), self.c.state.is_over and not self.shown_over
        return over or any(self._seen_moves <= e < moves for e in self.c.round_ends)

    def news_since_hover(self) -> bool:
        """Whether the message line changed since the mouse last moved: news the player has not yet looked at."""
        return self.c.message != self._hover_message

    def sheet_over_table(self) -> bool:
        """Whether a deal's score sheet lies over this table that someone must close (the next move waits until
        it is closed; a sheet watched at a table of bots closes by itself: 'close the score sheet' would be wrong)."""
        top = self.app.top
        return top is not self and isinstance(top, ScoreScene) and not self.c.state.is_over and not top.watched()

    def start_editing(self) -> TableEditor | None:
        """T: the table editor, its melds in the order the player reads them on the table (row by row)."""
        return self.c.start_editing(reading_order(self.compute_layout().melds[: len(self.c.melds())]))

    def discard_selected(self) -> None:
        """Discard the one selected card; in Königs-Rommé ask first when it would go out."""
        c = self.c
        tokens = c.selected_tokens()
        out = c.go_out_move(tokens[0]) if len(tokens) == 1 else None
        if out is None:
            self._first("discard")
            return
        card = tokens[0]
        self.app.push(
            ConfirmScene(
                t("go_out_q", c.lang, card=card),
                partial(c.play, out),
                on_alt=partial(self._first, "discard"),
                alt_label=t("go_out_no", c.lang),
                alt_intent="draw",
                yes_label=t("go_out_yes", c.lang),
            )
        )

    def _turn_page(self, step: int) -> None:
        pages = max(1, -(-len(self.actions) // self.room))
        self.page = (self.page + step) % pages

    @property
    def tooltip(self) -> str:
        """The whole text of the hovered button if the button shows it cut, else what a fixed button does, else ""
        (the message line keeps its message). Read from the buttons as they are now: after a move or a bot's answer the
        button under a resting mouse is another one."""
        lay = self.layout or self.compute_layout()
        b = hit(lay.buttons, self.hover) if self.hover else None
        buttons = self._buttons()
        if b is None or b >= len(buttons):
            return ""
        label = buttons[b][0]
        if " ".join(button_rows(label, lay.buttons[b])[0]) != label:
            return label
        return button_help(label, self.c.lang) if self.c.message == self._hover_message else ""

    def _ask_leave(self) -> None:
        """N / Esc: leaving a running game asks first (it is lost unless saved)."""
        if self.c.state.is_over or not self.c.state.history:
            self._leave()
            return
        self.app.push(ConfirmScene(t("abandon_saved_q" if is_saved(self) else "abandon_q", self.c.lang), self._leave))

    def _leave(self) -> None:
        """A game left unsaved is forgotten; one left as S saved it stays the game Resume (L) offers on the start
        screen, as the question said ('L loads it again'): forgetting it there left L nothing to load (play-test X1)."""
        if self.app.stack and self.app.top is self:
            if is_saved(self):
                autosave.write(self.app)
            else:
                autosave.forget(self.app, self.c.game_id)
            self.app.pop()

    def _first(self, word: str, prefer: str = "") -> None:
        moves = [m for m in self.c.candidate_moves() if str(m).split(" ")[0].lower().startswith(word)]
        if prefer:
            moves.sort(key=lambda m: prefer not in str(m))
        if moves:
            self.c.play(moves[0])
        else:
            self.c.refuse_selection(word)

    def has_discard_pile(self) -> bool:
        """Rummy and Krass Kariert have no discard pile, nor Räuber-Rommé without one (its empty 'Discard' slot was
        drawn, play-test V11); the solitaire shows its turned card there."""
        obs = self.c.observation()
        # the game's own answer (RommeState.with_discard): the option 'rauber_discard_pile' off takes the pile away
        # only with Räuber on, and a standard game with it off has its pile
        kept = bool(getattr(self.c.state, "with_discard", True))
        return ("discard_top" in obs and kept) or "turned" in obs

    def _fixed_buttons(self) -> list[tuple[str, Callable[[], object]]]:
        """The buttons always there (the editor's three first while the table is rebuilt)."""
        c = self.c
        by_suit = c.sort_mode == "suit" and c.viewer not in c.hand_orders
        sort = (t("sort_next_rank" if by_suit else "sort_next_suit", c.lang), self._sort)
        undo = (t("undo", c.lang), c.undo_turn)
        files: list[tuple[str, Callable[[], object]]] = [
            (t("save", c.lang), partial(save_game, self)),
            (t("load", c.lang), partial(ask_load, self)),
            (t("new", c.lang), self._ask_leave),
        ]
        if c.state.is_over:  # no hint nor sorting for a finished game; its score sheet again (Esc had put it away)
            return [(t("score_sheet", c.lang), partial(self.app.push, ScoreScene(c, book=self.book))), undo, *files]
        fixed: list[tuple[str, Callable[[], object]]] = [
            (t("hint", c.lang), partial(board_intents.hint, self)),
            undo,
            *([sort] if c.game_id != "krass" else []),  # Krass Kariert's hand keeps its order (O says so)
            *files,
        ]
        if c.editor is not None:
            editing = [(t("end_turn", c.lang), c.finish_editing), (t("reset", c.lang), c.editor.reset)]
            return [*editing, (t("cancel", c.lang), partial(board_intents.cancel_editing, self)), *fixed]
        return fixed

    def _front_buttons(self) -> list[tuple[str, Callable[[], object]]]:
        """The buttons before the listed actions: lay the draft or the selection, rearrange the table."""
        c = self.c
        front: list[tuple[str, Callable[[], object]]] = []
        hinted = c.current_hint()
        if hinted is not None and solo_keys.enter_plays(self, hinted):  # the hint's move one click (or Enter) away
            front.append((t("play_hint", c.lang, move=c.label(hinted)), partial(c.play, hinted)))
        if self.draft_groups():
            front.append((word("lay", c.lang), self._lay_draft))
        if self.selection_meld is not None:
            front.append((word("lay", c.lang), partial(c.play, self.selection_meld)))
        if c.can_rearrange():
            front.append((t(BUTTON[c.board()], c.lang), self.start_editing))
        if self.folded:
            front.append((t("discard_selected", c.lang), self._discard_button))
        return front

    def _discard_button(self) -> None:
        """The folded discards' button: the selected card discarded, or how to select it."""
        if self.c.selected:
            self.discard_selected()
        else:
            self.c.message = t("discard_pick", self.c.lang)

    def _buttons(self) -> list[tuple[str, Callable[[], object]]]:
        c = self.c
        if c.editor is not None:
            return self._fixed_buttons()
        shown = self.visible_actions()
        start = self.page * self.room
        keys = "1234567890"
        acts: list[tuple[str, Callable[[], object]]] = [
            (f"{keys[i] + '. ' if i < len(keys) else ''}{self._label(start + i)}", partial(c.play, m))
            for i, m in enumerate(shown)
        ]
        if len(self.actions) > self.room:
            acts.append(
                (t("more", c.lang, a=start + 1, b=start + len(shown), n=len(self.actions)), partial(self._turn_page, 1))
            )
        front = self._front_buttons()
        self._action_offset = len(front)
        return front + acts + self._fixed_buttons()

    def _label(self, k: int) -> str:
        """Action ``k``'s button label, made once per list of actions: the buttons are counted for every layout
        and drawn every frame, and a place-move's label reads the whole table."""
        if k not in self._labels:
            self._labels.update(action_list.labels(self.c, self.actions, k))
        return self._labels[k]

    def _button(self, i: int) -> None:
        buttons = self._buttons()
        if i < len(buttons):
            buttons[i][1]()

    def update(self, dt: float) -> None:
        now = time.monotonic()
        if self.c.viewer != self._viewer:  # hot seat: each human finds their own new card marked again
            self._seen_by_viewer[self._viewer] = (self._hand_seen, self.fresh)
            self._viewer = self.c.viewer
            self._hand_seen, self.fresh = self._seen_by_viewer.get(self._viewer, (self.c.hand(), Counter()))
        table_follow.follow_history(self, now)
        if not self.anim.busy(now) and self.c.poll_bots():  # the next bot moves once the last move landed
            self.layout = None
            table_follow.follow_history(self, now)
        if self.c.poll_hint():  # a hint searched behind the drawing is found
            board_intents.hint_found(self)
        if self.c.needs_curtain() and not isinstance(self.app.top, CurtainScene):
            self.app.push(CurtainScene(self.c))
        if self.c.state.is_over and not self.shown_over:
            self.shown_over = True
            self.app.push(ScoreScene(self.c, book=self.book))
        elif not self.c.state.is_over:
            rounds = len(self.book.rows)
            solo = self.c.game_id == "koenigs-solo"  # the solitaire's hands need no sheet each
            over = self.app.top is self or isinstance(self.app.top, CurtainScene)  # hot seat: over the curtain
            if rounds != self._rounds_seen and over and not solo:
                self.c.curtain_for_new_deal()
                if self.c.needs_curtain() and not isinstance(self.app.top, CurtainScene):
                    self.app.push(CurtainScene(self.c))
                self.app.push(ScoreScene(self.c, round_over=True, book=self.book))  # end of a round or deal
            self._rounds_seen = rounds
        self.c.showing_moves = self.anim.busy(now) and self.app.top is self  # cards in flight, no sheet over them

    # -- drawing (reads only)
    def news_marks(self) -> list[set[int]]:
        """Per meld drawn, the places of the cards the other seats laid since the viewer's last turn; on the board
        (T) those of the melds that still lie as they lay (H9 U1: every mark went at T, where the player most needs
        to know what the other seats just built)."""
        if self.c.game_id in NO_NEWS_GAMES:
            return []
        marks = self.news.marks(self.c.viewer, self.c.melds())
        ed = self.c.editor
        return marks if ed is None else board_marks(marks, self.c.melds(), ed.melds, set(ed.new_melds()))

    def raised(self, rect: pygame.Rect, i: int) -> pygame.Rect:
        """Where hand card ``i`` is drawn: a selected card stands raised."""
        return rect.move(0, -px(SELECTED_RAISE)) if i in self.c.selected else rect

    def draw(self, surface: pygame.Surface) -> None:
        if self.c.needs_curtain():  # hot seat: the turn passed to another human, the curtain is drawn before any
            CurtainScene(self.c).draw(surface)  # frame of the new state (the next update puts it on the stack)
            return
        set_face_lang(self.c.lang)  # the cards' letters in the game's language, also on a sheet drawn over it
        table_draw.draw_table(self, surface)
