"""The start screen: a tile per game (a fan of its cards and what it is about), the seats
with names and levels, the house rules, the deal number, the language, the rules page (F1)
and "Resume" for a game the window closed on. It remembers its settings between sessions."""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache, partial
from pathlib import Path
from typing import Any

import pygame

from romme.bots import levels_of, nearest_level
from romme.engine import list_games
from romme.errors import RulesError
from romme.rules import OPTIONS, PRESETS, Rules

from . import autosave, records, settings_store
from .card_clicks import ClickTimer
from .cards_draw import draw_card, font
from .controller import Controller, Seat, house_rules_beyond
from .dialogs import ConfirmScene
from .i18n import (
    DEFAULT_HUMAN,
    PLAYER_NAME,
    bot_names,
    counted,
    game_name,
    is_bot_name,
    knock_note,
    level_name,
    preset_name,
    t,
)
from .intents import Intent
from .rules_pages import RulesScene, wrap
from .scenes import DARK, FELT, PANEL, TEXT, Scene, grow, ui_scale, unpx
from .start_help import HELP_SMALLEST, REST, draw_help, draw_tile_help, help_text, key_help_text
from .table_scene import TableScene

#: an option whose allowed values span this much is a total to play to: it steps through ROUND_TOTALS
WIDE_RANGE = 1000
ROUND_TOTALS = (100, 200, 300, 500, 1000, 2000)
#: the start screen's rows are as high as if a column had this many (the right one has 6 or 7)
FILLED_ROWS = 6


def player_names(seat: int) -> set[str]:
    """Seat ``seat``'s default person's name in every language."""
    return {name.format(n=seat + 1) for name in PLAYER_NAME.values()}


#: the cards fanned out on each game's tile: something typical of the game
TILE_CARDS: dict[str, list[str]] = {
    "koenigs": ["9t", "10t", "Jt", "*", "5h"],
    "koenigs-solo": ["3c", "3d", "3h", "Kt", "*"],
    "romme": ["10h", "Jh", "Qh", "Kh", "*"],
    "einmaleins": ["H3", "H6", "H9", "H12", "W"],
    "rummy": ["B5", "B6", "B7", "*", "R7"],
    "krass": ["8", "10", "9", "X", "S"],
}

#: game -> (English, German) summary on its tile
SUMMARIES: dict[str, tuple[str, str]] = {
    "koenigs": (
        "11 rounds, a new wild rank each. Meld all but one card to go out.",
        "11 Runden, jede mit neuem Joker. Alle Karten bis auf eine auslegen.",
    ),
    "koenigs-solo": (
        "Solitaire: finish eleven open hands before the stock runs out.",
        "Patience: elf offene Hände fertig legen, bevor der Stapel leer ist.",
    ),
    "romme": (
        "Classic Rommé: open with 31 points, lay off, swap jokers. House rules.",
        "Klassisches Rommé: mit 31 Punkten herauskommen, anlegen, Joker tauschen.",
    ),
    "einmaleins": (
        "Runs of the times table: 3-6-9, 12-24-36. Open with 51.",
        "Reihen aus dem Einmaleins: 3-6-9, 12-24-36. Aufdecken mit 51.",
    ),
    "rummy": (
        "Like Rummikub: rearrange the whole table, no discard pile.",
        "Wie Rummikub: den ganzen Tisch umlegen, keine Ablage.",
    ),
    "krass": (
        "Tricks with a hand you may never reorder. Beat it or take a reserve.",
        "Stiche mit einer Hand, die nie sortiert werden darf. Schlagen oder Reserve.",
    ),
}


def fresh_seed() -> int:
    """A new deal number for a game nobody asked to replay."""
    return secrets.randbelow(900_000) + 100_000


@dataclass
class StartModel:
    """What the start screen edits (pure data, testable)."""

    game: str = "koenigs"
    seats: list[Seat] = field(default_factory=lambda: [Seat("You"), Seat("Bot 1", "bot", "greedy")])
    preset: str = "standard"
    options: dict[str, Any] = field(default_factory=dict)
    seed: int | str | None = None  # None: a fresh deal every game; else every game replays this deal
    # the preset and house rules chosen for each other game: picking a game again brings them back
    house_rules: dict[str, tuple[str, dict[str, Any]]] = field(default_factory=dict)
    # the seats (names, people and bot levels) chosen for each other game: a Master seat set for Königs-Rommé came
    # back as Medium after a visit to the solitaire, whose one seat cut the seat list
    game_seats: dict[str, list[Seat]] = field(default_factory=dict)

    def game_ids(self) -> list[str]:
        return list(list_games())

    def game_label(self, lang: str) -> str:
        return game_name(self.game, lang)

    def limits(self) -> tuple[int, int]:
        g = list_games()[self.game]
        return g["players"][0], g["players"][1]

    def set_game(self, game_id: str) -> None:
        """Picks ``game_id`` with seats that fit it (RulesError naming the games if unknown)."""
        if game_id not in list_games():
            raise RulesError(f"unknown game {game_id!r}; games: {', '.join(list_games())}")
        if game_id != self.game:
            self.house_rules[self.game] = (self.preset, dict(self.options))
            preset, options = self.house_rules.get(game_id, ("standard", {}))
            self.preset, self.options = preset, dict(options)
            self.game_seats[self.game] = list(self.seats)
            self.seats = list(self.game_seats.get(game_id, self.seats))  # a game not chosen before: these seats
        self.game = game_id
        self._levels_of_game()
        lo, hi = self.limits()
        while len(self.seats) < lo:
            self.add_seat()
        del self.seats[hi:]
        self._number_bots()  # (a game's seats remembered when bots were numbered by seat)

    def _levels_of_game(self) -> None:
        """A bot seat at a level the game lacks takes the next stronger one it has (an Easy seat taken to the
        solitaire plays Medium there), so that the seat reads the level it plays."""
        self.seats = [Seat(s.name, s.kind, nearest_level(self.game, s.level)) if s.is_bot else s for s in self.seats]

    def cycle_game(self, step: int = 1) -> None:
        ids = self.game_ids()
        self.set_game(ids[(ids.index(self.game) + step) % len(ids)] if self.game in ids else ids[0])

    def localize(self, lang: str) -> None:
        """Default names follow the language (You / Du, Player 2 / Spieler 2) and the people at the table: with
        two or more human seats each is 'Player n' under its default name (the curtain read 'You, your turn' to
        player 1 and player 2 saw the other called 'You'); with one, that seat is 'You' again, wherever it sits."""
        hot_seat = sum(1 for seat in self.seats if not seat.is_bot) >= 2
        for i, seat in enumerate(self.seats):
            default_you, default_player = seat.name in DEFAULT_HUMAN.values(), seat.name in player_names(i)
            if not (default_you or default_player):
                continue  # a name the user typed stays
            player = PLAYER_NAME.get(lang, PLAYER_NAME["en"]).format(n=i + 1)
            if seat.is_bot:
                name = DEFAULT_HUMAN.get(lang, "You") if default_you else player
            elif hot_seat:
                name = player
            else:  # the one person at the table is 'You' in whichever seat (P5's 'Player 2' alone with a bot: S8)
                name = DEFAULT_HUMAN.get(lang, "You")
            self.seats[i] = Seat(name, seat.kind, seat.level)
        self._number_bots()

    def _number_bots(self) -> None:
        """The computers' default names count the computers ('Bot 1' is the first, i18n.bot_names)."""
        names = bot_names([s.kind for s in self.seats], [s.name for s in self.seats])
        self.seats = [Seat(name, s.kind, s.level) for name, s in zip(names, self.seats)]

    def add_seat(self) -> None:
        _, hi = self.limits()
        if len(self.seats) < hi:
            self.seats.append(Seat("Bot 1", "bot", "greedy"))  # (numbered among the bots next)
            self._number_bots()

    def remove_seat(self) -> None:
        lo, _ = self.limits()
        if len(self.seats) > lo:
            self.seats.pop()
            self._number_bots()

    def rename(self, i: int, name: str) -> None:
        if 0 <= i < len(self.seats):
            s = self.seats[i]
            self.seats[i] = Seat(name[: settings_store.MAX_NAME], s.kind, s.level)

    def cycle_seat(self, i: int, lang: str = "en", step: int = 1) -> None:
        """human -> Random -> Easy -> Medium -> Hard -> Master -> human (the levels the game has, in order: the
        solitaire, which has no opponent, has no Easy, :func:`romme.bots.levels_of`). A seat still under
        its default name is renamed with it: 'Bot 1' becomes 'Player 2' as a person's seat (a hot-seat
        friend was called 'Bot 1' at the table and on the curtain), and back; 'You' becomes a bot counted among
        the bots ('Bot 1' when it is the first). ``step`` -1: the other way round."""
        s = self.seats[i]
        order = ["human", *levels_of(self.game)]
        cur = "human" if not s.is_bot else s.level
        nxt = order[(order.index(cur) + step) % len(order)]
        name = s.name
        if nxt == "human" and is_bot_name(name) and i == 0:  # the first seat is 'You' again
            name = DEFAULT_HUMAN.get(lang, "You")
        elif nxt == "human" and is_bot_name(name):  # a later one a friend
            name = PLAYER_NAME.get(lang, PLAYER_NAME["en"]).format(n=i + 1)
        elif nxt != "human" and not s.is_bot and (name in player_names(i) or name in DEFAULT_HUMAN.values()):
            name = "Bot 1"  # 'You: computer, Easy' played as 'You' in the log (numbered among the bots by localize)
        self.seats[i] = Seat(name, "human" if nxt == "human" else "bot", nxt if nxt != "human" else s.level)
        self.localize(lang)  # a second person at the table: both are 'Player n' now

    def cycle_preset(self, step: int = 1) -> None:
        names = list(PRESETS.get(self.game, {"standard": {}}))
        self.choose_preset(names[(names.index(self.preset) + step) % len(names)] if self.preset in names else names[0])

    def choose_preset(self, preset: str) -> None:
        """A preset sets the house rules it names; options changed by hand start afresh."""
        if preset in PRESETS.get(self.game, {}):
            self.preset, self.options = preset, {}

    def value(self, name: str) -> Any:
        """The value the game will be played with: changed by hand, else the preset's, else the default."""
        opt = OPTIONS[self.game][name]
        return self.options.get(name, PRESETS.get(self.game, {}).get(self.preset, {}).get(name, opt.default))

    def knock_note(self, lang: str) -> str:
        """Beside the rules: that knocking needs more seats than are set (else "")."""
        knocking = "knocking" in OPTIONS.get(self.game, {}) and self.value("knocking")
        return knock_note(self.game, {"knocking": knocking}, len(self.seats), lang, self.preset)

    def changed_options(self) -> int:
        """How many options differ from the preset's (the row above them names the preset; the table's
        status line counts the same)."""
        played = {name: self.value(name) for name in OPTIONS.get(self.game, {})}
        return house_rules_beyond(self.game, self.preset, played)

    def toggle_option(self, name: str) -> None:
        opt = OPTIONS[self.game][name]
        cur = self.value(name)
        if isinstance(opt.default, bool):
            self.options[name] = not cur
        else:
            choices = [opt.default]
            # a score to play to (1x1-Rommé's 0..100000) steps through round totals: its 0, 5, 10, 20 ended a
            # series after its first game; small counts step by 5 and 10 round the default
            wide = opt.hi is not None and opt.lo is not None and opt.hi - opt.lo >= WIDE_RANGE
            for v in ROUND_TOTALS if wide else (opt.default + step for step in (-10, -5, 5, 10, 20)):
                try:
                    choices.append(opt.check(v))
                except RulesError:
                    pass
            choices = sorted(set(choices))
            self.options[name] = choices[(choices.index(cur) + 1) % len(choices)] if cur in choices else opt.default

    def controller(self, lang: str) -> Controller:
        from romme.rules import Rules

        self.localize(lang)
        rules = Rules.make(self.game, self.preset, **self.options)
        seed = fresh_seed() if self.seed is None else self.seed
        return Controller(self.game, list(self.seats), seed=seed, rules=rules, lang=lang, preset=self.preset)

    # -- memory between sessions
    def remember(self, lang: str, fullscreen: bool = False, anim_speed: str = "normal") -> settings_store.Settings:
        seats = [settings_store.SeatChoice(s.name, s.kind, s.level) for s in self.seats]
        options = dict(self.options)
        saved = settings_store.Settings(lang, self.game, seats, self.preset, options, fullscreen, anim_speed)
        saved.house_rules = {**self.house_rules, self.game: (self.preset, dict(self.options))}
        saved.game_seats = {
            game: [settings_store.SeatChoice(s.name, s.kind, s.level) for s in chosen]
            for game, chosen in {**self.game_seats, self.game: self.seats}.items()
        }
        return saved

    def recall(self, saved: settings_store.Settings) -> None:
        """Takes the remembered game, seats and house rules (already checked by the store)."""
        self.set_game(saved.game)
        if saved.seats:
            self.seats = [Seat(s.name, s.kind, s.level) for s in saved.seats]
            self._levels_of_game()
            self._number_bots()  # seats remembered when bots were numbered by seat
        self.preset, self.options = saved.preset, dict(saved.options)
        self.house_rules = {game: (preset, dict(options)) for game, (preset, options) in saved.house_rules.items()}
        self.game_seats = {
            game: [Seat(s.name, s.kind, s.level) for s in chosen]
            for game, chosen in saved.game_seats.items()
            if game != self.game
        }


@dataclass
class StartLayout:
    """Where the start screen's parts lie in one frame (derived from the window size)."""

    tiles: list[pygame.Rect]
    left: pygame.Rect  # game, seat count and seats
    right: pygame.Rect  # rules, deal, language, rules page, resume, start
    row: int  # height of one row
    size: int  # body font size
    title_size: int
    seat_row: int = 0  # the left column's seat rows: as high as the others, or lower where many seats need room
    seat_size: int = 0  # (and their font size)


def start_layout(w: int, h: int, left_rows: int, right_rows: int, head: int = 0) -> StartLayout:
    """The start screen for a window of ``w`` x ``h``: a window larger than the base size is laid out as the base
    size and grown by :func:`.scenes.ui_scale`, in proportion with the print, which grows as much. ``head``: the
    left column's first rows (the game and the seat count's + and -), which keep the right column's height while
    the seat rows under them shrink to fit."""
    scale = ui_scale((w, h))
    if scale == 1.0:
        return _base_start_layout(w, h, left_rows, right_rows, head)
    lay = _base_start_layout(round(w / scale), round(h / scale), left_rows, right_rows, head)
    grown = [grow(r, scale) for r in [*lay.tiles, lay.left, lay.right]]
    return StartLayout(
        grown[:-2], grown[-2], grown[-1], round(lay.row * scale), lay.size, lay.title_size,
        round(lay.seat_row * scale), lay.seat_size,
    )


def _base_start_layout(w: int, h: int, left_rows: int, right_rows: int, head: int = 0) -> StartLayout:
    margin = max(8, w // 80)
    title_size = max(24, min(56, h // 20))
    top = margin + int(title_size * 0.9)
    n = len(list_games())
    gap = max(6, w // 150)
    tile_w = (w - 2 * margin - (n - 1) * gap) // n
    tile_h = max(130, min(int(h * 0.36), int(tile_w * 1.6)))
    tiles = [pygame.Rect(margin + i * (tile_w + gap), top, tile_w, tile_h) for i in range(n)]
    below = top + tile_h + margin
    col_w = (w - 3 * margin) // 2
    room = h - below - margin
    # the rows share the rest as if there were at least FILLED_ROWS of them: the few of a two-seat game fill
    # the height (at most 6 % of it each left 1920x1080's bottom quarter empty), and the rows keep their height
    # while the resume row comes and goes or a seat is added; past that the seat rows alone shrink, so the game
    # row and the + and - buttons above them stay where they are (``head`` rows; when every row shrank with a
    # seat more, '+ add a seat' clicked again at one spot slipped onto '- take the last seat away')
    row = max(20, min(int(h * 0.085), room // max(FILLED_ROWS, right_rows, left_rows if head == 0 else 0)))
    if head:  # (in a window too low for that the rows above the seats give way until the seats fit at 20 each)
        row = max(20, min(row, (room - 20 * (left_rows - head)) // head))
    seat_row = max(20, min(row, (room - head * row) // max(1, left_rows - head)))
    left = pygame.Rect(margin, below, col_w, room)
    right = pygame.Rect(2 * margin + col_w, below, col_w, room)
    return StartLayout(tiles, left, right, row, _row_print(row), title_size, seat_row, _row_print(seat_row))


def _row_print(row: int) -> int:
    """The font size of the start screen's rows ``row`` high: never below the hover help's beside them (at 640x420
    the seat rows printed at 14, letters 10 px high, half the help's; 16 still fits the least row, 20)."""
    return max(HELP_SMALLEST, min(int(row * 0.62), 34))


#: a card's width over its height
CARD_RATIO = 0.68
#: how much of each card but the last a tile's fan shows: its rank, '10' and '12' whole
FAN_SHOWN = 0.45


def fan_card_width(width: int, cards: int) -> int:
    """The widest card a fan of ``cards`` cards ``width`` pixels wide can have, showing each one's rank."""
    return int(width / (1 + FAN_SHOWN * max(0, cards - 1)))


def fan_height(width: int, cards: int) -> int:
    """The height of the cards of such a fan."""
    return int(fan_card_width(width, cards) / CARD_RATIO)


def tile_name_size(tile_w: int) -> int:
    """The print of the game names on tiles ``tile_w`` pixels wide."""
    return max(15, min(32, unpx(tile_w) // 8))


def tile_name_lines(game_id: str, lang: str, tile_w: int) -> list[str]:
    """The game's name on its tile, in lines that fit (at 800x600 'Königs-Rommé Patience' was shrunk into one
    line of a tenth of the tile's height: it is broken at its space instead)."""
    pad = max(4, tile_w // 20)
    return wrap(game_name(game_id, lang), tile_w - 2 * pad, tile_name_size(tile_w))


#: the smallest letters the records' warning beside the title shrinks to before its path is shortened
UNREAD_SMALLEST = 11


@lru_cache(maxsize=16)  # drawn every frame: the fitting measures the line once per window size
def unread_line(files: str, path: str, lang: str, width: int, height: int) -> tuple[str, int]:
    """The line naming the journal files no count can read and its font size, fitted into ``width``: the letters
    shrink down to ``UNREAD_SMALLEST``, then the path loses its start ('…/romme/records-pending-….json'), the file's
    own name kept longest (at 640x420 the whole path was squeezed into unreadable letters)."""
    size = max(UNREAD_SMALLEST, height * 2 // 3)
    text = t("records_unread", lang, files=files, path=path)
    while size > UNREAD_SMALLEST and font(size).size(text)[0] > width:
        size -= 1
    cut = 0
    while font(size).size(text)[0] > width and cut < len(path) - 1:
        cut += 1
        text = t("records_unread", lang, files=files, path="…" + path[cut:])
    return text, size


#: the chosen game's tile's frame
CHOSEN = (255, 215, 90)


class StartScene(Scene):
    """Pick game, seats, levels, house rules and language; F1 rules, L resume, Enter start."""

    def __init__(self, model: StartModel | None = None) -> None:
        self.model = model or StartModel()
        self.hot: list[tuple[pygame.Rect, Callable[[], object]]] = []  # the rows, in _items() order
        self.tile_hot: list[tuple[pygame.Rect, str]] = []
        self.tile_clicks = ClickTimer()  # a double-click on a game's picture deals it
        self.focus = 0
        self.renaming: int | None = None  # seat whose name is being typed (F2)
        self.hover: tuple[int, int] | None = None  # the resting mouse, and how long it rested over what it points at
        self.rested = 0.0
        self.keyed = False  # the keys moved the focus since the mouse last moved: the focused row's help shows
        # the most left rows laid out for this game and window size: the rows keep that height while seats are
        # taken away, so the seat buttons stay under a mouse clicking them again (they moved with every seat)
        self._steady: tuple[str, tuple[int, int], int] = ("", (0, 0), 0)
        # (the folder's stamp, the records, the journal files no count can read)
        self._records: tuple[object, dict[str, tuple[int, int]], list[str], int] = (None, {}, [], 0)

    # -- the rows (keyboard order: left column, then right column)
    def _left_items(self) -> list[tuple[str, Callable[[], object]]]:
        m, lang = self.model, self.app.lang
        game_row = (f"{t('game', lang)}: {game_name(m.game, lang)}", m.cycle_game)
        items: list[tuple[str, Callable[[], object]]] = [game_row]
        if self._seat_count_rows():
            items += [
                (t("seat_add", lang, seats=t("seats", lang), n=len(m.seats)), m.add_seat),
                (t("seat_remove", lang), m.remove_seat),
            ]
        for i, s in enumerate(m.seats):
            who = t("human", lang) if not s.is_bot else t("bot_level", lang, level=level_name(s.level, lang))
            cursor = "_" if self.renaming == i else ""
            items.append((f"  {s.name}{cursor}: {who}   (F2: {t('name', lang)})", partial(m.cycle_seat, i, lang)))
        return items

    def _right_items(self) -> list[tuple[str, Callable[[], object]]]:
        m, lang = self.model, self.app.lang
        seed_line = t("seed_fresh", lang) if m.seed is None else t("seed_fixed", lang, seed=m.seed)
        house = t("house_rules", lang, n=m.changed_options()) if OPTIONS.get(m.game) else t("no_house_rules", lang)
        items: list[tuple[str, Callable[[], object]]] = [
            (f"{t('preset', lang)}: {preset_name(m.game, m.preset, lang)}{m.knock_note(lang)}", m.cycle_preset),
            (house, self._open_house_rules),
            (seed_line, self._toggle_seed),
            (t("language", lang), self._toggle_lang),
            (t("rules_page", lang, game=game_name(m.game, lang)), self._open_rules),
        ]
        if self._resume_path() is not None:
            items.append((t("resume", lang, game=game_name(m.game, lang)), self._resume))
        items.append((t("start", lang), self.start))
        return items

    def _help_keys(self) -> list[str]:
        """Each row's kind of help, in :meth:`_items` order."""
        m = self.model
        left = ["game", *(["seat_add", "seat_remove"] if self._seat_count_rows() else []), *["seat"] * len(m.seats)]
        seed = "seed_fresh" if m.seed is None else "seed_fixed"
        one = "one_preset" if OPTIONS.get(m.game) else "no_preset"  # the solitaire: nothing to choose
        preset = "preset" if len(PRESETS.get(m.game, {})) > 1 else one
        right = [preset, "house" if OPTIONS.get(m.game) else "no_house", seed, "language", "rules"]
        return left + right + (["resume"] if self._resume_path() is not None else []) + ["start"]

    def pointed_help(self) -> tuple[pygame.Rect, str] | None:
        """The row or tile under the mouse resting there for :data:`REST` seconds and its help, or the row the keys
        focused and its keys (None: none)."""
        lang, m = self.app.lang, self.model
        if self.keyed and self.renaming is None and 0 <= self.focus < len(self.hot):
            keys, presets = self._help_keys(), list(PRESETS.get(m.game, {"standard": {}}))
            kind = keys[self.focus] if self.focus < len(keys) else "start"
            return self.hot[self.focus][0], key_help_text(kind, lang, game_name(m.game, lang), presets, m.game)
        if self.hover is None or self.rested < REST or self.renaming is not None:
            return None
        for rect, game_id in self.tile_hot:
            if rect.collidepoint(self.hover):
                return rect, help_text("tile", lang, game_name(game_id, lang))
        keys = self._help_keys()
        for i, (rect, _) in enumerate(self.hot):
            if rect.collidepoint(self.hover) and i < len(keys):
                presets = list(PRESETS.get(m.game, {"standard": {}}))
                return rect, help_text(keys[i], lang, game_name(m.game, lang), presets, m.game)
        return None

    def update(self, dt: float) -> None:
        self.rested += dt

    def uncovered(self) -> None:
        """Back from a table (or a question): where the mouse rested before is not where it is now, and no motion
        comes until it moves, so the help waits for it (else the help of the row clicked before the game shows
        beside whatever the mouse points at now)."""
        self.hover, self.rested, self.keyed = None, 0.0, False

    def _items(self) -> list[tuple[str, Callable[[], object]]]:
        self.model.localize(self.app.lang)
        return [*self._left_items(), *self._right_items()]

    def _step_back(self, row: int) -> None:
        """Left arrow or a right-click on a row: its value one step back (the rules row had nine presets, the
        seat rows five kinds, and a click past the wanted one meant going round them all again)."""
        m, left = self.model, self._left_items()
        seats_from = 1 + self._seat_count_rows()
        if row == 0:
            m.cycle_game(-1)
        elif self._seat_count_rows() and row in (1, 2):  # add and take away: the right button does the other
            (m.remove_seat if row == 1 else m.add_seat)()
        elif seats_from <= row < len(left):
            m.cycle_seat(row - seats_from, self.app.lang, -1)
        elif row == len(left):
            m.cycle_preset(-1)
        elif row in (len(left) + 2, len(left) + 3):  # the deal and the language have two values: as a click
            self._items()[row][1]()

    # -- what the rows do
    def _toggle_lang(self) -> None:
        self.app.lang = "de" if self.app.lang == "en" else "en"
        self.model.localize(self.app.lang)

    def _toggle_seed(self) -> None:
        """A fixed deal number becomes a fresh shuffle per game, and back to the last one (none yet: a new number,
        which every game then replays, as the row's help says)."""
        m = self.model
        if m.seed is None:
            last = getattr(self, "_last_seed", None)
            m.seed = fresh_seed() if last is None else last
        else:
            self._last_seed, m.seed = m.seed, None

    def _open_house_rules(self) -> None:
        from .house_rules import HouseRulesScene

        self.app.push(HouseRulesScene(self.model))

    def _open_rules(self) -> None:
        self.app.push(RulesScene(self.model.game))

    def _ask_quit(self) -> None:
        def quit_() -> None:
            self.app.running = False

        self.app.push(ConfirmScene(t("quit_q", self.app.lang), quit_))

    def _remember(self) -> None:
        folder: Path | None = getattr(self.app, "settings_dir", None)
        if folder is not None:  # None: a test or a session that must not touch the user's files
            settings = self.model.remember(self.app.lang, self.app.fullscreen, self.app.anim_speed)
            # what only the window's close writes stays as remembered, should the session end without one
            settings.sort_mode = self.app.sort_mode if self.app.sort_mode in settings_store.HAND_SORTS else "suit"
            settings.window = settings_store.load(folder).window
            settings.bot_delay = self.app.bot_delay
            settings_store.store(settings, folder)

    def start(self) -> None:
        """Enter: the game as set here. Where a game of it waits to be resumed, asked first: Enter resumes it, N
        starts the new one (which replaces it), Esc stays here. A Räuber-Rommé game to 500 left open was lost to
        one Enter on Start: the new game's autosave (or its end) replaced it without a word."""
        path = self._resume_path()
        if path is None:
            self._start_new()
            return
        lang = self.app.lang
        question = t("saved_waits", lang, game=game_name(self.model.game, lang))
        saved = self._saved_setup(path)
        if saved:  # the set-up made here differs: neither answer is Enter's, each would undo something (H6 Q6)
            question = t("saved_waits_other", lang, game=game_name(self.model.game, lang), saved=saved)
        self.app.push(
            ConfirmScene(
                question,
                self._resume,
                on_alt=self._start_new,
                alt_label=t("new_anyway", lang),
                alt_intent="new",
                yes_label=t("resume_load" if saved else "resume_yes", lang),
                yes_intent="load" if saved else "confirm",
            )
        )

    def _saved_setup(self, path: Path) -> str:
        """The saved game's seats and rules in words where they differ from the set-up on this screen, else "".
        H6 Q6 (Rommé, 1024x600): with a 2-seat standard game saved, 4 seats and 'knocking' set here, Start asked and
        the same Enter resumed the old game, the set-up just made gone; a saved game it cannot read is asked about
        as before (resuming it says why not)."""
        c, _ = autosave.resume(path, self.model, self.app.lang)
        m = self.model
        if c is None:
            return ""
        rules = Rules.make(m.game, m.preset, **m.options).options
        # a game no. chosen here is a set-up too: 'romme gui --seed 58031' and Enter resumed game no. 58003 (W4)
        other_deal = m.seed is not None and str(m.seed) != str(c.seed)
        if [(s.kind, s.level if s.is_bot else "") for s in c.seats] == [
            (s.kind, s.level if s.is_bot else "") for s in m.seats
        ] and c.state.rules.options == rules and not other_deal:
            return ""
        lang = self.app.lang
        number = f", {t('game_no', lang, seed=c.seed)}" if other_deal else ""
        return f"{counted(len(c.seats), 'seat', lang)}, {preset_name(m.game, c.preset, lang)}{number}"

    def _start_new(self) -> None:
        self._remember()
        self.app.push(TableScene(self.model.controller(self.app.lang)))

    def _resume_path(self) -> Path | None:
        path = settings_store.autosave_path(self.app.save_dir, self.model.game)
        return path if path.is_file() else None

    def _resume(self) -> None:
        """The game the window closed on, as it was; a broken autosave is named and set aside."""
        path = self._resume_path()
        if path is None:
            return
        self._remember()
        controller, problem = autosave.resume(path, self.model, self.app.lang)
        if controller is None:
            aside = autosave.set_aside(path)
            if aside is not None:
                problem += " " + t("resume_kept_as", self.app.lang, name=aside.name)
            self.app.push(ConfirmScene(problem, lambda: None, yes_label=t("ok", self.app.lang)))
            return
        self.app.push(TableScene(controller))

    def _seat_count_rows(self) -> int:
        """The seat-count rows (+ and -): none for a game of a fixed number of players (the solitaire)."""
        lo, hi = self.model.limits()
        return 0 if lo == hi else 2

    def _focused_seat(self) -> int | None:
        i = self.focus - 1 - self._seat_count_rows()  # the seat rows follow game and the seat-count rows
        return i if 0 <= i < len(self.model.seats) else None

    def handle(self, intent: Intent) -> None:
        items = self._items()
        if self.renaming is not None:  # typing a name: letters are text, not shortcuts
            self._type_name(intent)
            return
        n = intent.name
        if n != "hover":  # a click or a key: the help goes until the mouse rests again
            self.rested = 0.0
        if n in ("down", "next", "up", "previous", "toggle", "right", "left") or n == "press":
            self.keyed = n != "press"  # the focused row's keys show until the mouse moves or clicks
        if n == "hover":
            if self.hover != intent.pos:
                self.hover, self.rested, self.keyed = intent.pos, 0.0, False
        elif n == "rename":
            self.renaming = self._focused_seat()
            if self.renaming is not None:
                self.model.rename(self.renaming, "")
        elif n == "press" and intent.pos:
            self._click(intent.pos, items)
        elif n in ("down", "next"):
            self.focus = (self.focus + 1) % len(items)
        elif n in ("up", "previous"):
            self.focus = (self.focus - 1) % len(items)
        elif n in ("toggle", "right"):
            items[self.focus % len(items)][1]()
        elif n == "left":
            self._step_back(self.focus % len(items))
        elif n == "toggle_at" and intent.pos:
            row = next((i for i, (rect, _) in enumerate(self.hot) if rect.collidepoint(intent.pos)), None)
            if row is not None and row < len(items):
                self.focus = row
                self._step_back(row)
        elif n == "confirm":
            self.start()
        elif n == "language":
            self._toggle_lang()
        elif n == "load":
            self._resume()
        elif n == "back":
            self._ask_quit()

    def _type_name(self, intent: Intent) -> None:
        assert self.renaming is not None
        name = self.model.seats[self.renaming].name
        if intent.name == "text" and intent.value:
            self.model.rename(self.renaming, name + str(intent.value))
        elif intent.name == "backspace":
            self.model.rename(self.renaming, name[:-1])
        elif intent.name in ("confirm", "back", "rename", "press"):
            self.renaming = None

    def _click(self, pos: tuple[int, int], items: list[tuple[str, Callable[[], object]]]) -> None:
        for k, (rect, game_id) in enumerate(self.tile_hot):
            if rect.collidepoint(pos):
                self.model.set_game(game_id)
                self.focus = 0
                if self.tile_clicks.double(k, time.monotonic(), game_id):
                    self.start()  # (as an app opens the picture double-clicked; a click chooses)
                return
        for i, (rect, _) in enumerate(self.hot):
            if rect.collidepoint(pos) and i < len(items):
                self.focus = i
                items[i][1]()
                return

    # -- drawing
    def draw(self, surface: pygame.Surface) -> None:
        lang = self.app.lang
        self.model.localize(lang)
        left, right = self._left_items(), self._right_items()
        head = 1 + self._seat_count_rows()  # the game and the seat count: they keep their height as seats come
        lay = start_layout(*surface.get_size(), self._steady_rows(len(left), surface.get_size()), len(right), head)
        surface.fill(FELT)
        self.records(go_on=True)
        title = font(lay.title_size).render(t("title", lang), True, TEXT)
        title_y = max(4, lay.tiles[0].y - title.get_height() - 2)
        surface.blit(title, (lay.left.x, title_y))
        self._draw_unread(
            surface,
            pygame.Rect(
                lay.left.x + title.get_width() + 24,
                title_y,
                lay.right.right - lay.left.x - title.get_width() - 24,
                title.get_height(),
            ),
        )
        self.tile_hot = []
        name_rows = max(len(tile_name_lines(game_id, lang, lay.tiles[0].w)) for game_id in list_games())
        for rect, game_id in zip(lay.tiles, list_games(), strict=False):
            self._draw_tile(surface, rect, game_id, lang, name_rows)
            self.tile_hot.append((rect, game_id))
        self.hot = []
        for column, rows in ((lay.left, left), (lay.right, right)):
            y = column.y
            for k, (label, action) in enumerate(rows):
                row, size = (lay.seat_row, lay.seat_size) if column is lay.left and k >= head else (lay.row, lay.size)
                r = pygame.Rect(column.x, y, column.w, row - 4)
                self._draw_row(surface, r, label, len(self.hot) == self.focus, size)
                self.hot.append((r, action))
                y += row
        pointed = self.pointed_help()
        if pointed is not None:  # a row's help beside it, in the other column; a tile's inside it
            rect, words = pointed
            if rect in [r for r, _ in self.tile_hot]:
                draw_tile_help(surface, rect, words)
            else:
                draw_help(surface, rect, words, lay.right if rect.x < lay.right.x else lay.left)

    def _steady_rows(self, rows: int, size: tuple[int, int]) -> int:
        """The left column laid out as if it had the most rows it had for this game at this window size: with four
        seats and more each seat taken away grew every row, so a second click on '- take the last seat away' fell
        on '+ add a seat' (1366x768: 6, 5, 4, then 5 seats). Another game or window size starts anew."""
        game, seen, most = self._steady
        most = max(rows, most) if (game, seen) == (self.model.game, size) else rows
        self._steady = (self.model.game, size, most)
        return most

    def _draw_row(self, surface: pygame.Surface, r: pygame.Rect, label: str, focused: bool, size: int) -> None:
        pygame.draw.rect(surface, (255, 230, 120) if focused else PANEL, r, border_radius=5)
        shown, sz = row_print(label, r.w - 16, size)
        img = font(sz).render(shown, True, DARK)
        surface.blit(img, (r.x + 8, r.y + (r.h - img.get_height()) // 2))

    def _draw_tile(self, surface: pygame.Surface, rect: pygame.Rect, game_id: str, lang: str, name_rows: int) -> None:
        """The tile: the game's name (broken at a space where the tile is too narrow for it, every tile's fan at
        the same height below ``name_rows`` lines), a fan of its cards as large as the summary below leaves room
        for, the summary, and a mark if a game of it waits to be resumed."""
        chosen = game_id == self.model.game
        pygame.draw.rect(surface, (20, 70, 40), rect, border_radius=10)
        pygame.draw.rect(surface, (90, 140, 105), rect, 1, 10)
        if chosen:  # round the tile, in the 6 px between tiles: drawn inside, 4 px wide, it ran into the tile's words
            pygame.draw.rect(surface, CHOSEN, rect.inflate(6, 6), 3, 12)  # at 640x420 (play-test W8)
        pad = max(4, rect.w // 20)
        inner = rect.w - 2 * pad
        size = tile_name_size(rect.w)
        y = rect.y + pad
        for line in tile_name_lines(game_id, lang, rect.w):
            surface.blit(font(size).render(line, True, TEXT), (rect.x + pad, y))
            y += font(size).get_linesize()
        fan_top = rect.y + pad + name_rows * font(size).get_linesize() + pad // 2
        summary = SUMMARIES.get(game_id, ("", ""))[1 if lang == "de" else 0]
        small = max(16, min(24, unpx(rect.w) // 8))  # room for more lines than 1920x1080's three
        marks: list[tuple[str, tuple[int, int, int]]] = []  # the tile's last lines, from the top
        won_played = self.records().get(game_id)
        if won_played is not None:  # the player's record of it (the winner sheet's)
            said: dict[str, object] = {"won": won_played[0], "played": won_played[1]}
            marks.append((self._mark("tile_record", lang, inner, small, said), (190, 225, 200)))
        if settings_store.autosave_path(self.app.save_dir, game_id).is_file():  # a game waits to be resumed
            marks.append((self._mark("tile_saved", lang, inner, small, {}), (255, 215, 90)))
        bottom = rect.bottom - (max(pad // 2, 6) if marks else 2)  # clear of the tile's edge
        for mark_text, colour in reversed(marks):
            # in rows, a row still too wide narrowed: '123 von 456 gewonnen' ran into the next tile at 800x600
            for row in reversed(wrap(mark_text, inner, small)):
                mark = font(small).render(row, True, colour)
                if mark.get_width() > inner:
                    mark = pygame.transform.smoothscale(mark, (inner, mark.get_height()))
                bottom -= mark.get_height()
                surface.blit(mark, (rect.x + pad, bottom))
        lines = wrap(summary, inner, small)
        text_h = len(lines) * font(small).get_linesize()
        # the fan yields to the words down to an eighth of the tile: at 640x420 it kept 30 % and the marks cut the
        # blurbs mid-sentence ('11 Runden, jede')
        fan_h = max(
            int(rect.h * 0.12),
            min(fan_height(inner, len(TILE_CARDS.get(game_id, []))), bottom - fan_top - pad - text_h),
        )
        self._draw_fan(surface, pygame.Rect(rect.x + pad, fan_top, inner, fan_h), game_id)
        y = fan_top + fan_h + pad // 2
        for line in lines:
            if y + font(small).get_linesize() > bottom:
                break
            surface.blit(font(small).render(line, True, TEXT), (rect.x + pad, y))
            y += font(small).get_linesize()

    @staticmethod
    def _mark(key: str, lang: str, width: int, size: int, said: dict[str, object]) -> str:
        """A tile's mark, said short ('0/2 gewonnen', 'gespeichert') where the long words need two rows."""
        words = t(key, lang, **said)
        return words if font(size).size(words)[0] <= width else t(key + "_short", lang, **said)

    def records(self, go_on: bool = False) -> dict[str, tuple[int, int]]:
        """The player's records per game (records.py), read again only when the settings' folder changed (a game
        counted writes or journals a file there): the tiles are drawn every frame. ``go_on`` (once a frame) takes
        the next look at a journal too big for one (thousands of broken files)."""
        folder = getattr(self.app, "settings_dir", None)
        if folder is None:
            return {}
        try:
            stamp: object = (folder, folder.stat().st_mtime_ns)
        except OSError:
            return {}
        if stamp != self._records[0] or go_on and self._records[3]:
            counts, journal = records.survey(folder)
            self._records = (stamp, counts, journal.unread, journal.unlooked)
        return self._records[1]

    def _draw_unread(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Beside the title, the journal files no count can read (a newer version's, or damaged): their games are
        missing from the tiles' records, and the player is told so and where they lie, not left to wonder."""
        unread = self._records[2]
        folder = getattr(self.app, "settings_dir", None)
        if not unread or folder is None or area.w < 40:
            return
        lang = self.app.lang
        text, size = unread_line(counted(len(unread), "file", lang), str(folder / unread[0]), lang, area.w, area.h)
        img = font(size).render(text, True, (255, 200, 150))
        if img.get_width() > area.w:  # not even the file's last letters fit: squeezed rather than cut
            img = pygame.transform.smoothscale(img, (area.w, img.get_height()))
        surface.blit(img, (area.right - img.get_width(), area.bottom - img.get_height()))

    @staticmethod
    def _draw_fan(surface: pygame.Surface, area: pygame.Rect, game_id: str) -> None:
        """The game's typical cards overlapping like a hand (drawn by the table's card renderer)."""
        cards = TILE_CARDS.get(game_id, [])
        if not cards:
            return
        cw = min(int(area.h * CARD_RATIO), fan_card_width(area.w, len(cards)))
        ch = int(cw / CARD_RATIO)
        step = (area.w - cw) // max(1, len(cards) - 1)
        x0 = area.x + (area.w - (cw + step * (len(cards) - 1))) // 2
        for i, token in enumerate(cards):
            shown = step if i < len(cards) - 1 else 0  # its rank fits the part of it in sight
            draw_card(
                surface, pygame.Rect(x0 + i * step, area.y + (area.h - ch) // 2, cw, ch), game_id, token, shown=shown
            )


def row_print(label: str, width: int, size: int) -> tuple[str, int]:
    """A row's words as drawn in ``width`` at ``size`` and the print they take: a seat row's '(F2: Name)' left off
    first (at 640x420 'Bot 1: Computer, Meister (langsam)   (F2: Name)' shrank to a print smaller than its
    neighbours', the seats in two sizes: play-test T7), then a smaller print down to 11, then cut with '…'."""
    tail = label.rfind("   (F2: ")
    if tail > 0 and font(size).size(label)[0] > width:
        label = label[:tail]
    shown, sz = label, size
    while sz > 11 and font(sz).size(shown)[0] > width:
        sz -= 1
    while shown and font(sz).size(shown)[0] > width:
        shown = shown[:-2] + "…"
    return shown, sz
