"""Scenes shown over the table: the yes/no question, the hand-over curtain and the score sheet."""

from __future__ import annotations

from collections.abc import Callable
from time import monotonic
from typing import TYPE_CHECKING, Any

import pygame

from romme.rng import SEED_MAX, SEED_MIN

from . import krass_deals, score_grid
from .cards_draw import font
from .controller import Controller
from .i18n import counted, listed, t
from .intents import Intent
from .rounds import RoundUnit
from .rules_pages import wrap
from .scenes import (
    DARK,
    PANEL,
    Scene,
    SceneStack,
    button,
    fit_text,
    fitted,
    px,
    text,
    text_image,
)
from .score_grid import ScoreBook

if TYPE_CHECKING:
    from .start_screen import StartModel


#: the print of a question's rows
QUESTION_SIZE = 24


class ConfirmScene(Scene):
    """A question over the table: Yes (Enter / click), No (Esc / click), and an optional
    third answer with its own key (the go-out question's "just discard")."""

    opaque = False

    def __init__(
        self,
        question: str,
        on_yes: Callable[[], object],
        on_alt: Callable[[], object] | None = None,
        alt_label: str = "",
        alt_intent: str = "",
        yes_label: str = "",
        yes_intent: str = "confirm",
    ) -> None:
        self.question = question
        self.on_yes, self.on_alt = on_yes, on_alt
        self.alt_label, self.alt_intent, self.yes_label = alt_label, alt_intent, yes_label
        self.yes_intent = yes_intent  # Yes's key: Enter, or another where Enter must answer nothing
        self.hot: list[tuple[pygame.Rect, str]] = []

    def _answer(self, which: str) -> None:
        self.app.pop()
        if which == "yes":
            self.on_yes()
        elif which == "alt" and self.on_alt is not None:
            self.on_alt()

    def handle(self, intent: Intent) -> None:
        if intent.name == self.yes_intent:
            self._answer("yes")
        elif intent.name in ("back", "no"):
            self._answer("no")
        elif self.on_alt is not None and intent.name == self.alt_intent:
            self._answer("alt")
        elif intent.name == "press" and intent.pos:
            for rect, which in self.hot:
                if rect.collidepoint(intent.pos):
                    self._answer(which)
                    return

    def draw(self, surface: pygame.Surface) -> None:
        """The question broken into rows, the panel as tall as they need (within the window): on one row, a resume
        that failed ('cannot resume: <path>: not valid JSON: ...') was shrunk to the smallest print and cut."""
        lang = self.app.lang
        w = min(px(640), surface.get_width() - 40)
        rows = wrap(self.question, w - 32, QUESTION_SIZE)
        row_h = font(QUESTION_SIZE).get_linesize()
        # above the rows a margin, under them a gap and the buttons' band: the panel was a fixed 150 px plus the rows
        # past the first, a wide empty band between the question and its buttons (H6 Q6)
        frame = px(18) + px(18) + px(52)
        room = max(1, (surface.get_height() - 20 - frame) // row_h)
        if len(rows) > room:
            rows = [*rows[: room - 1], " ".join(rows[room - 1 :])]  # the last row's end is cut by fit_text
        panel = pygame.Rect(0, 0, w, frame + len(rows) * row_h)
        panel.center = surface.get_rect().center
        pygame.draw.rect(surface, PANEL, panel, border_radius=10)
        pygame.draw.rect(surface, DARK, panel, 2, border_radius=10)
        for k, row in enumerate(rows):
            fit_text(surface, row, (panel.x + 16, panel.y + px(18) + k * row_h), panel.w - 32, QUESTION_SIZE, DARK)
        labels = [(self.yes_label or t("yes", lang), "yes")]
        if self.on_alt is not None:
            labels.append((self.alt_label, "alt"))
        labels.append((t("no", lang), "no"))
        bw = (panel.w - 32 - 10 * (len(labels) - 1)) // len(labels)
        self.hot = []
        for k, (label, which) in enumerate(labels):
            r = pygame.Rect(panel.x + 16 + k * (bw + 10), panel.bottom - px(52), bw, px(36))
            button(surface, r, label)
            self.hot.append((r, which))


class CurtainScene(Scene):
    """Hot seat: hides the table until the next human clicks."""

    def __init__(self, controller: Controller) -> None:
        self.c = controller
        self.shown_at: float | None = None  # when the curtain was first drawn (its keys count from then on)

    def handle(self, intent: Intent) -> None:
        """Enter, Space or a click lifts the curtain; not within :data:`SHEET_GRACE` of its first frame: the player
        who ended the turn with Enter pressed again at once lifted it and saw the next player's hand."""
        if intent.name == "language":
            table_language(self.app)
            return
        if self.shown_at is not None and monotonic() - self.shown_at < SHEET_GRACE:
            return
        if intent.name in ("press", "confirm", "toggle"):
            self.c.lift_curtain()
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        """Whose turn it is, large in the middle, and how to lift the curtain (it said only 'click', at the
        left edge; Enter and Space lift it too)."""
        if self.shown_at is None:
            self.shown_at = monotonic()
        surface.fill((15, 30, 60))
        name = self.c.seats[self.c.state.current_player].name
        w, h = surface.get_size()
        lines = ((t("curtain", self.c.lang, name=name), 40), (t("curtain_how", self.c.lang), 24))
        for k, (line, size) in enumerate(lines):
            shown, sz = fitted(line, w - 80, size)
            img = text_image(shown, sz, (235, 235, 220))
            surface.blit(img, img.get_rect(center=(w // 2, h // 2 - 24 + 56 * k)))


def chips_lost(points: list[int], names: list[str], lang: str) -> str:
    """Krass Kariert's deal in words: who paid chips ('You −1 chip'); its sheet's title said nothing of how the
    deal ended while Rommé's names who went out."""
    paid = [(names[i], -p) for i, p in enumerate(points) if p < 0 and i < len(names)]
    return ", ".join(f"{name} −{counted(n, 'chip', lang)}" for name, n in paid)


#: the solitaire's end: which hands were left unfinished (the sheet said only how many were finished)
UNFINISHED = {
    "en": {"one": "unfinished: hand {k}", "more": "unfinished: hands {k}", "none": "every hand finished"},
    "de": {"one": "nicht fertig: Hand {k}", "more": "nicht fertig: Hände {k}", "none": "alle Hände fertig"},
}


def unfinished_hands(obs: dict[str, Any], lang: str) -> str:
    """The solitaire's unfinished hands by number ('unfinished: hands 2, 5 and 7')."""
    done = {str(k) for k in obs.get("finished") or []}
    left = [k for k in sorted(obs.get("hands") or {}, key=int) if str(k) not in done]
    words = UNFINISHED.get(lang, UNFINISHED["en"])
    if not left:
        return words["none"]
    return words["one" if len(left) == 1 else "more"].format(k=listed([str(k) for k in left], lang))


def next_deal(seed: int | str | None) -> int:
    """The deal after numbered deal ``seed``: the next number (a word names no order, nor None, nor the last
    number a seed can be, 2**64 - 1, whose next no game deals: a fresh number)."""
    from .start_screen import fresh_seed

    try:
        following = int("" if seed is None else seed) + 1
    except ValueError:
        return fresh_seed()
    return following if SEED_MIN <= following <= SEED_MAX else fresh_seed()


def table_language(app: SceneStack) -> None:
    """G on a score sheet or the hot-seat curtain: the table under it switches language as G does there, and the
    sheet is drawn in the new words (G did nothing on the sheet, though the ?-page lists it among the table's keys;
    the table itself takes no key while a sheet or the curtain is due over it)."""
    for scene in reversed(app.stack):
        switch = getattr(scene, "switch_language", None)
        if callable(switch):
            switch()
            return


#: seconds after a score sheet or the hot-seat curtain appears in which a key or click does not close it (it was
#: meant for the table: a player playing by hint and Enter closed the deal's sheet unread with the next Enter,
#: under a second after it appeared)
SHEET_GRACE = 1.2

#: seconds a round's sheet stays when every seat is a bot: the game goes on by itself, as a watcher expects (a key
#: or click still goes on at once; the winner sheet waits)
SHEET_WATCHED = 5.0

#: the title of the sheet after a part of the game, by what the game calls its parts
SHEET_TITLES = {RoundUnit.DEAL: "deal_over", RoundUnit.KRASS_DEAL: "krass_deal_over", RoundUnit.GAME: "game_part_over"}


class ScoreScene(Scene):
    """The score sheet at the end of a round or deal, and at the end of the game."""

    opaque = False

    def __init__(self, controller: Controller, round_over: bool = False, book: ScoreBook | None = None) -> None:
        self.c = controller
        self.round_over = round_over
        self.book = book
        self.shown_at: float | None = None  # when the sheet was first drawn (its keys count from then on)

    def enter(self) -> None:
        """The winner sheet of a game finished at this table counts it in the player's record (once). Its autosave
        goes, as closing the window at the finished table removes it: N on the sheet went to the start screen,
        which still offered the autosave (the position before the end: played and counted once more)."""
        c, folder = self.c, getattr(self.app, "settings_dir", None)
        if c.state.is_over and not self.round_over:
            from . import autosave

            autosave.forget(self.app, c.game_id)
        if self.round_over or not c.finished_here or c.record is not None or folder is None or len(c.humans()) != 1:
            return
        from . import records

        c.record = records.add(folder, c.game_id, c.humans()[0] in c.state.result().winners)

    def record_text(self) -> str:
        """The player's record of this game on the winner sheet ('' when none was counted)."""
        if self.c.record is None or self.round_over:
            return ""
        from .i18n import game_name

        won, played = self.c.record
        return t("record", self.c.lang, game=game_name(self.c.game_id, self.c.lang), won=won, played=played)

    def handle(self, intent: Intent) -> None:
        """A round's sheet: any key goes on. The winner sheet: Enter (or a click) plays again with the same seats
        and rules, N goes to the start screen, Esc to the finished table (Enter went to the start screen, where
        a second Enter started the same game again). A key or click within :data:`SHEET_GRACE` of the sheet's
        first frame was meant for the table: the player pressing Enter to play on, the sheet closed before it
        was read."""
        if intent.name == "language":
            table_language(self.app)
            return
        final = self.c.state.is_over and not self.round_over
        model = self._start_model()
        same_cards = final and intent.name == "reset" and model is not None
        if intent.name not in ("press", "confirm", "back") and not (final and intent.name == "new") and not same_cards:
            return
        if self.shown_at is not None and monotonic() - self.shown_at < SHEET_GRACE:
            return
        self.app.pop()
        if isinstance(self.app.top, CurtainScene):  # drawn under the sheet all along: its grace counts from now
            self.app.top.shown_at = monotonic()  # (Enter twice to put the sheet away lifted it onto a hand)
        if not final or intent.name == "back":
            return
        self.app.pop()  # the finished table
        if intent.name == "new" or model is None:
            return
        # a numbered game: the next number (the start screen keeps it); R: the same cards; else a fresh shuffle
        if not same_cards and model.seed is not None:
            model.seed = next_deal(model.seed)
        self.app.push(self._again(self.c.seed if same_cards else model.seed))

    def _again(self, seed: int | str | None) -> Scene:
        """A new table of the finished game's seats, rules and bots' pause (the start screen's were dealt: a game
        resumed, or a pause set with + / -, came back as the start screen had them) with ``seed`` (None: fresh)."""
        from .start_screen import fresh_seed
        from .table_scene import TableScene

        c = self.c
        dealt = fresh_seed() if seed is None else seed
        again = Controller(c.game_id, list(c.seats), dealt, c.state.rules, c.lang, c.preset, c.bot_delay)
        return TableScene(again)

    def watched(self) -> bool:
        """A round's sheet at a table of bots only: it closes by itself after :data:`SHEET_WATCHED` seconds."""
        return self.round_over and not self.c.humans() and not self.c.state.is_over

    def update(self, dt: float) -> None:
        if self.watched() and self.shown_at is not None and monotonic() - self.shown_at >= SHEET_WATCHED:
            self.app.pop()

    def _start_model(self) -> StartModel | None:
        """The settings of the start screen under the table, if it was started from one."""
        for scene in self.app.stack if hasattr(self, "app") else ():
            model = getattr(scene, "model", None)
            if model is not None and hasattr(model, "seed"):
                return model  # type: ignore[no-any-return]
        return None

    def draw(self, surface: pygame.Surface) -> None:
        if self.shown_at is None:
            self.shown_at = monotonic()
        if self.book is not None and (self.book.rows or self.c.state.is_over):
            panel = self._grid_panel(surface.get_rect())
            pygame.draw.rect(surface, PANEL, panel, border_radius=10)
            self._draw_grid(surface, panel)
            return
        panel = surface.get_rect().inflate(-120, -120)
        pygame.draw.rect(surface, PANEL, panel, border_radius=10)
        title = t("round_over" if self.round_over else "scores", self.c.lang)
        text(surface, title, (panel.x + 20, panel.y + 16), 34, DARK)
        obs = self.c.observation()
        scores = obs.get("scores") or []
        winners: tuple[int, ...] = ()
        if self.c.state.is_over:
            res = self.c.state.result()
            scores, winners = list(res.scores), res.winners
        for i, s in enumerate(self.c.seats):
            mark = " ★" if i in winners else ""
            val = scores[i] if i < len(scores) else ""
            text(surface, f"{s.name}: {val}{mark}", (panel.x + 30, panel.y + 70 + i * 30), 28, DARK)
        text(surface, self._continue_text(), (panel.x + 20, panel.bottom - 40), 24, DARK)

    def _title(self) -> str:
        """The sheet's headline while the game goes on: 'Scores after this round: Bot 1 went out'."""
        assert self.book is not None
        title = t(SHEET_TITLES.get(self.c.unit, "round_over"), self.c.lang)
        names = [s.name for s in self.c.seats]
        ended = score_grid.ended_text(self.book.rows[-1], names, self.c.lang) if self.book.rows else ""
        if not ended and self.book.rows and self.c.game_id == "krass":  # who paid a chip, and why (the log's words:
            # at 640x420 the sheet is all there is, the log has no room)
            told = krass_deals.deal_over_words(self.c.observation(), names, self.c.lang)
            ended = told[-1] if told else chips_lost(self.book.rows[-1].points, names, self.c.lang)
        return f"{title}: {ended}" if ended else title

    def _grid_panel(self, window: pygame.Rect) -> pygame.Rect:
        """The sheet as large as what it says, in the middle of the window (a sheet filling the window spread a
        few rows over it, most of it empty), at most the window less a margin."""
        assert self.book is not None
        names = [s.name for s in self.c.seats]
        w, h = (0, 0)
        if self.c.game_id != "koenigs-solo":
            w, h = score_grid.grid_size(names, self.book, self.c.unit, self.c.lang)
        heads = [fitted(self._continue_text(), 10**6, 24)[0]]
        heads.append(self.c.status() if self.c.state.is_over else self._title())
        w = max([w] + [font(34 if k else 24).size(x)[0] for k, x in enumerate(heads)]) + 40
        most = window.inflate(-min(120, window.w // 10), -min(120, window.h // 10))
        h += px(26) if self.record_text() else 0  # the record's line over the keys' line
        if self.c.game_id == "koenigs-solo" and self.c.state.is_over:  # the line naming the unfinished hands
            h += px(30)
            w = max(w, font(26).size(unfinished_hands(self.c.observation(), self.c.lang))[0] + 40)
        panel = pygame.Rect(0, 0, min(max(w, px(420)), most.w), min(px(32) + self._grid_top() + h + px(40), most.h))
        panel.center = window.center
        return self._clear_of_the_column(panel, window)

    def _clear_of_the_column(self, panel: pygame.Rect, window: pygame.Rect) -> pygame.Rect:
        """The sheet beside the table's button and move-log column, or over all of it, never over part of it: a
        sheet wider than the table (Königs-Rommé, six seats, 1366x768) covered the log's left part, and its lines
        stuck out cut in the middle from under the sheet's edge, a drawing fault to the eye (play-test Q13). Moved
        into the table's part of the window where it fits there, else widened over the column."""
        column = self._table_column()
        if column is None or not panel.left < column.left < panel.right:
            return panel
        table = pygame.Rect(window.x, window.y, column.left - window.x, window.h)
        if panel.w <= table.w - px(16):
            return panel.move(table.centerx - panel.centerx, 0)
        return pygame.Rect(panel.x, panel.y, max(panel.w, column.right - panel.x), panel.h)

    def _table_column(self) -> pygame.Rect | None:
        """The table's button and move-log column under the sheet (None: no table under it, or a scene that
        paints the whole window between them: hot seat's curtain hides the column, so the sheet is centred)."""
        for scene in reversed(self.app.stack):
            compute = getattr(scene, "compute_layout", None)
            if compute is not None:
                buttons = compute().buttons
                return buttons[0].unionall(buttons[1:]) if buttons else None
            if scene is not self and scene.opaque:
                return None
        return None

    def _grid_top(self) -> int:
        """Where the grid starts in the sheet: under the winner banner, or under the title line."""
        return px(70 if self.c.state.is_over else 52)

    def _draw_grid(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        """The per-round grid; at the end of the game under a gold winner banner."""
        assert self.book is not None
        names = [s.name for s in self.c.seats]
        winners: tuple[int, ...] = ()
        inner = panel.inflate(-40, -px(32))
        if self.c.state.is_over:
            winners = tuple(self.c.state.result().winners)
            lost = self.c.status()  # 'lost', or the solitaire's finished hands
            score_grid.draw_winner_banner(surface, inner, [names[w] for w in winners], self.c.lang, lost)
        else:
            fit_text(surface, self._title(), (inner.x, inner.y), inner.w, 34, DARK)
        if self.c.game_id == "koenigs-solo" and self.c.state.is_over:
            left = unfinished_hands(self.c.observation(), self.c.lang)
            fit_text(surface, left, (inner.x, inner.y + self._grid_top()), inner.w, 26, DARK)
        if self.c.game_id != "koenigs-solo":  # its rows would count finished hands as rounds ('Round 1: +1')
            top = self._grid_top()
            below = px(40 + (26 if self.record_text() else 0))  # the keys' line and the record's
            grid = pygame.Rect(inner.x, inner.y + top, inner.w, inner.h - top - below)
            result = self.c.state.result()
            ahead = score_grid.leaders(self.book.totals(), bool(result.detail.get("lower_is_better")))
            score_grid.draw_grid(
                surface, grid, self.c.game_id, names, self.book, self.c.lang, winners, self.c.unit, ahead
            )
        if self.record_text():
            fit_text(surface, self.record_text(), (inner.x, inner.bottom - px(54)), inner.w, 22, DARK)
        fit_text(surface, self._continue_text(), (inner.x, inner.bottom - px(28)), inner.w, 24, DARK)

    def _continue_text(self) -> str:
        """What Enter does: the next round, or at the game's end the start screen (a bare 'Continue' there
        led away from the finished table without saying so; Esc stays at it)."""
        over = self.c.state.is_over and not self.round_over
        model = self._start_model() if over else None
        if model is not None and model.seed is not None:
            return t("over_continue_next", self.c.lang, seed=next_deal(model.seed))
        if self.watched():  # the seconds left, counted down as it is drawn
            left = SHEET_WATCHED - (monotonic() - self.shown_at) if self.shown_at is not None else SHEET_WATCHED
            return t("continue_watched", self.c.lang, s=max(1, int(left + 0.999)))
        return t("over_continue" if over else "continue", self.c.lang)
