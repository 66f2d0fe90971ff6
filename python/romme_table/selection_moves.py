"""Choosing moves at the table: the hand cards selected, the legal moves that fit them (the action buttons), the
moves a drag or a drop means (a lay-off, the joker swap, going out, Krass Kariert's insert and reserve), and the
rule that refuses a selection no move fits. A mixin of :class:`.controller.Controller`, which holds the fields it
names."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from romme.engine import GameState, Move
from romme.errors import RommeError
from romme.table import TABLE_GAMES, lay_notation

from .i18n import combination_text, t
from .move_reading import move_cards, move_positions

if TYPE_CHECKING:
    from .editor import TableEditor


class SelectionMoves:
    """The selection and the moves that fit it, or why none does."""

    if TYPE_CHECKING:  # fields and methods of Controller
        game_id: str
        state: GameState
        lang: str
        message: str
        selected: list[int]
        pointer: int
        viewer: int
        editor: TableEditor | None
        hint_move: Move | None

        def is_human_turn(self) -> bool: ...
        def observation(self) -> dict[str, Any]: ...
        def hand(self) -> list[str]: ...
        def melds(self) -> list[list[str]]: ...
        def play(self, move: Move | str) -> bool: ...
        def _turn_choices(self) -> str: ...

    def insert_moves(self, position: int) -> list[Move]:
        """Krass Kariert: moves that put the drawn card into the hand at ``position``."""
        return [m for m in self._hand_card_moves("insert") if m.to_json().get("position") == position]

    def reserve_move(self, index: int, position: int) -> Move | None:
        """Krass Kariert: the move that takes reserve card ``index`` into the hand at ``position``."""
        return next(
            (
                m
                for m in self._hand_card_moves("reserve")
                if m.to_json().get("position") == position and m.to_json().get("index") == index
            ),
            None,
        )

    def _hand_card_moves(self, kind: str) -> list[Move]:
        if not self.is_human_turn():
            return []
        return [m for m in self.state.legal_moves() if m.to_json().get("kind") == kind]

    def target_moves(self, row: int, token: str | None) -> list[Move]:
        """The solitaire: legal moves that put the turned card (``token``, or any) on open hand ``row``."""
        if self.game_id != "koenigs-solo" or not self.is_human_turn():
            return []
        hand = int(sorted(self.observation()["hands"], key=int)[row])
        return [
            m
            for m in self.state.legal_moves()
            if m.to_json().get("hand") == hand and (token is None or move_cards(self.game_id, m) == [token])
        ]

    def toggle(self, index: int) -> None:
        if index in self.selected:
            self.selected.remove(index)
        elif 0 <= index < len(self.hand()):
            self.selected.append(index)
        if self.game_id == "krass" and self.selected and self.is_human_turn():
            self.message = self.krass_refusal()  # a selection that is no play says why at once (no action to pick)
        self.koenigs_selection_words()

    def krass_refusal(self) -> str:
        """Why the Krass Kariert selection is no play; "" where a legal move plays exactly the cards selected, or
        nothing is selected, or the game is another."""
        if self.game_id != "krass" or not self.selected:
            return ""
        if any(move_positions(m) == sorted(self.selected) for m in self.state.legal_moves()):
            return ""
        return self._krass_refusal()

    def koenigs_selection_words(self) -> None:
        """Königs-Rommé after the draw: a meld selected mid-round took every card button away and nothing said why
        (melds go down only with going out, RULES §1); a selection some move plays (going out, a last turn's
        melds) or of one card says nothing, and the words go with the selection that called them."""
        if self.game_id != "koenigs" or not self.is_human_turn():
            return
        words = t("koenigs_melds_at_out", self.lang)
        drawn = all(m.to_json().get("kind") != "draw" for m in self.state.legal_moves())
        plays = any(move_cards(self.game_id, m) for m in self.candidate_moves(grow=True))
        if drawn and len(self.selected) > 1 and not plays:
            self.message = words
        elif self.message == words:
            self.message = ""

    def selected_tokens(self) -> list[str]:
        hand = self.hand()
        return [hand[i] for i in self.selected if i < len(hand)]

    def candidate_moves(self, grow: bool = False) -> list[Move]:
        """Legal moves that fit the selection (all card-free moves always fit). With ``grow`` a
        partial selection fits too: the moves that use the selected cards and more come after
        the exact fits (the action buttons offer them; a key like D plays only an exact fit)."""
        if not self.is_human_turn():
            return []
        exact: list[Move] = []
        more: list[Move] = []
        table, sel = self.melds(), Counter(self.selected_tokens())
        for m in self.state.legal_moves():
            fit = self._fit(m, table, sel)
            if fit == "exact":
                exact.append(m)
            elif fit == "more" and grow:
                more.append(m)
        hinted = self.hint_move  # a move the listing leaves out (Rommé lists no opening with a joker)
        if sel and hinted is not None and hinted not in exact and self._fit(hinted, table, sel) == "exact":
            try:
                if self.state.is_legal(hinted) and not any(self.same_play(hinted, m) for m in exact):
                    exact.insert(0, hinted)
            except RommeError:
                pass
        return exact + more

    def same_play(self, move: Move, other: Move) -> bool:
        """``move`` and ``other`` leave the same game behind: the hint's 'Jc Qc Jo=Kc Ac' and the listed 'Jc Qc Jo
        Ac' (the joker can stand for nothing else) were two buttons for one meld (also action_list.py)."""
        if move.to_json().get("kind") != other.to_json().get("kind"):
            return False
        after, after_other = self.state.clone(), self.state.clone()
        after.apply(move)
        after_other.apply(other)
        return bool(after.observation(self.viewer) == after_other.observation(self.viewer))

    def _fit(self, move: Move, table: list[list[str]], sel: Counter[str]) -> str:
        """How ``move`` fits the selection: 'exact', 'more' (it uses the selection and more) or ''."""
        data = move.to_json()
        if self.game_id == "krass" and data.get("kind") == "reserve":
            # dragged, or listed beside one selected card, else beside the cursor's card: listed only after a
            # selection, they were not found (H6: 'or take a reserve card' said the line, no button did it)
            picked = self.selected or [min(self.pointer, len(self.hand()) - 1)]
            return "exact" if len(picked) == 1 and data.get("position") in (picked[0], picked[0] + 1) else ""
        pos = move_positions(move)
        if pos is not None:
            if not self.selected or sorted(self.selected) == pos:
                return "exact"
            return "more" if set(self.selected) <= set(pos) else ""
        cards = Counter(move_cards(self.game_id, move, table))
        if not cards or not sel or cards == sel:
            return "exact"
        return "more" if all(cards[c] >= n for c, n in sel.items()) else ""

    def swap_move(self, token: str, meld: int) -> Move | None:
        """Rommé: the legal move that puts hand card ``token`` in place of the joker of table meld ``meld``
        (from 0) and takes the joker to the hand; a drop of that card on the meld means it (as a lay-off
        it was refused: 'Ad does not extend run Qd Kd *=Ad')."""
        for m in self.state.legal_moves() if self.is_human_turn() else []:
            j = m.to_json()
            if j.get("kind") == "swap" and j.get("card") == token and j.get("target") == meld + 1:
                return m
        return None

    def go_out_move(self, token: str) -> Move | None:
        """Königs-Rommé: the legal move that goes out by discarding ``token``, if there is one."""
        for m in self.state.legal_moves() if self.is_human_turn() else []:
            j = m.to_json()
            if j.get("kind") == "out" and j.get("card") == token:
                return m
        return None

    def refuse_selection(self, word: str) -> None:
        """Nothing listed fits the selection: try what the selection means and show the
        rule that refuses it (the engine's reason, with its numbers)."""
        sel = self.selected_tokens()
        if not self.is_human_turn():
            self.message = t("not_your_turn", self.lang)
            return
        if not sel and word == "draw":  # a click on the stock when no card is to be drawn: what is to be done
            what = self._turn_choices() or (t("solo_howto", self.lang) if self.game_id == "koenigs-solo" else "")
            what = what[:1].lower() + what[1:]
            self.message = t("no_draw_now", self.lang, what=what) if what else t("no_moves", self.lang)
            return
        if not sel:
            self.message = t("no_moves", self.lang)
            return
        if self.game_id == "krass":
            self.message = self._krass_refusal()
            return
        attempt = self._selection_move(word, sel)
        if attempt is None:
            self.message = t("nothing_fits", self.lang, cards=" ".join(sel))
            return
        self.play(attempt)

    def selection_meld(self) -> str | None:
        """The selected hand cards laid as one new meld (notation), when the engine accepts that move but
        no listed move uses exactly these cards (Rommé lists no opening with a joker; M lays any meld the
        engine accepts): the table offers it as a button, so a selection M would lay never looks dead."""
        sel = self.selected_tokens()
        if len(sel) < 3 or self.game_id not in TABLE_GAMES or self.editor is not None or not self.is_human_turn():
            return None
        chosen = sorted(self.selected)
        if any(move_positions(m) == chosen for m in self.state.legal_moves()):
            return None
        text = lay_notation([sel])
        try:
            legal = self.state.is_legal(self.state.parse_move(text))
        except RommeError:
            return None
        return text if legal else None

    def _selection_move(self, word: str, sel: list[str]) -> str | None:
        """The move the selected cards would make with the action ``word`` (notation text)."""
        if word == "discard" and len(sel) == 1:
            return f"discard {sel[0]}"
        if self.game_id in TABLE_GAMES:
            return lay_notation([sel])
        return None

    def _krass_refusal(self) -> str:
        """Why a Krass Kariert selection is no play: not side by side, too many, or too weak."""
        pos = sorted(self.selected)
        if len(pos) > 3:
            return t("krass_too_many", self.lang, n=len(pos))
        if pos != list(range(pos[0], pos[0] + len(pos))):
            return t("krass_not_adjacent", self.lang, pos=", ".join(str(p) for p in pos))
        obs = self.observation()
        if obs.get("phase") == "insert":
            return t("krass_insert_first", self.lang)
        beat = obs.get("to_beat")
        if beat:
            return t(
                "krass_too_weak",
                self.lang,
                cards=" ".join(self.selected_tokens()),
                beat=combination_text(beat, self.lang),
            )
        return t("nothing_fits", self.lang, cards=" ".join(self.selected_tokens()))
