"""Scenes on a stack (start, table, curtain, score sheet), each with
``enter/exit``, ``handle(intent)``, ``update(dt)`` and ``draw(surface)``.

Drawing reads the controller and never changes the game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import pygame

from romme.bots import LEVELS
from romme.engine import games
from romme.errors import RommeError, RulesError
from romme.rules import OPTIONS, PRESETS

from . import cards_draw
from .cards_draw import draw_card, font
from .controller import Controller, Seat
from .i18n import game_name, t
from .intents import Intent
from .layout import TableLayout, hit, table_layout

FELT = (26, 92, 52)
PANEL = (235, 235, 225)
TEXT = (245, 245, 240)
DARK = (25, 25, 25)
BAD = (220, 60, 60)


class Scene:
    """Base scene; ``app`` is the :class:`SceneStack` it lives on."""

    app: SceneStack

    def enter(self) -> None: ...

    def exit(self) -> None: ...

    def handle(self, intent: Intent) -> None: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...


class SceneStack:
    """The scenes of the window; only the top one gets intents."""

    def __init__(self, size: tuple[int, int] = (1100, 720), lang: str = "en") -> None:
        self.stack: list[Scene] = []
        self.size = size
        self.lang = lang
        self.running = True
        self.save_path = Path("romme-table-save.json")

    @property
    def top(self) -> Scene:
        return self.stack[-1]

    def push(self, scene: Scene) -> None:
        scene.app = self
        self.stack.append(scene)
        scene.enter()

    def pop(self) -> Scene:
        scene = self.stack.pop()
        scene.exit()
        return scene

    def replace(self, scene: Scene) -> None:
        if self.stack:
            self.pop()
        self.push(scene)

    def handle(self, intent: Intent) -> None:
        if intent.name == "quit":
            self.running = False
            return
        if intent.name == "resize":
            self.size = intent.value
        if self.stack:
            self.top.handle(intent)

    def update(self, dt: float) -> None:
        if self.stack:
            self.top.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self.stack[-2:]:  # a curtain or sheet may lie over the table
            scene.draw(surface)


def text(surface: pygame.Surface, s: str, pos: tuple[int, int], size: int = 22,
         colour: tuple[int, int, int] = TEXT) -> pygame.Rect:
    img = font(size).render(s, True, colour)
    return surface.blit(img, pos)


def button(surface: pygame.Surface, rect: pygame.Rect, label: str, active: bool = True) -> None:
    pygame.draw.rect(surface, PANEL if active else (150, 150, 150), rect, border_radius=6)
    pygame.draw.rect(surface, DARK, rect, 1, border_radius=6)
    img = font(20).render(label[:40], True, DARK)
    surface.blit(img, img.get_rect(midleft=(rect.x + 8, rect.centery)))


# ---------------------------------------------------------------- start screen
@dataclass
class StartModel:
    """What the start screen edits (pure data, testable)."""

    game: str = "koenigs"
    seats: list[Seat] = field(default_factory=lambda: [Seat("You"), Seat("Bot 1", "bot", "greedy")])
    preset: str = "standard"
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 1

    def game_ids(self) -> list[str]:
        return list(games())

    def limits(self) -> tuple[int, int]:
        g = games()[self.game]
        return g["players"][0], g["players"][1]

    def cycle_game(self) -> None:
        ids = self.game_ids()
        self.game = ids[(ids.index(self.game) + 1) % len(ids)] if self.game in ids else ids[0]
        self.preset, self.options = "standard", {}
        lo, hi = self.limits()
        while len(self.seats) < lo:
            self.add_seat()
        del self.seats[hi:]

    def add_seat(self) -> None:
        _, hi = self.limits()
        if len(self.seats) < hi:
            self.seats.append(Seat(f"Bot {len(self.seats)}", "bot", "greedy"))

    def remove_seat(self) -> None:
        lo, _ = self.limits()
        if len(self.seats) > lo:
            self.seats.pop()

    def rename(self, i: int, name: str) -> None:
        if 0 <= i < len(self.seats):
            s = self.seats[i]
            self.seats[i] = Seat(name[:16], s.kind, s.level)

    def cycle_seat(self, i: int) -> None:
        """human -> random -> greedy -> expert -> human."""
        s = self.seats[i]
        order = ["human", *LEVELS]
        cur = "human" if not s.is_bot else s.level
        nxt = order[(order.index(cur) + 1) % len(order)]
        self.seats[i] = Seat(s.name, "human" if nxt == "human" else "bot", nxt if nxt != "human" else s.level)

    def cycle_preset(self) -> None:
        names = list(PRESETS.get(self.game, {"standard": {}}))
        self.preset = names[(names.index(self.preset) + 1) % len(names)] if self.preset in names else names[0]

    def toggle_option(self, name: str) -> None:
        opt = OPTIONS[self.game][name]
        cur = self.options.get(name, PRESETS[self.game].get(self.preset, {}).get(name, opt.default))
        if isinstance(opt.default, bool):
            self.options[name] = not cur
        else:
            choices = [opt.default]
            for v in (opt.default + step for step in (-10, -5, 5, 10, 20)):
                try:
                    choices.append(opt.check(v))
                except RulesError:
                    pass
            choices = sorted(set(choices))
            self.options[name] = choices[(choices.index(cur) + 1) % len(choices)] if cur in choices else opt.default

    def controller(self, lang: str) -> Controller:
        from romme.rules import Rules
        rules = Rules.make(self.game, self.preset, **self.options)
        return Controller(self.game, list(self.seats), seed=self.seed, rules=rules, lang=lang)


class StartScene(Scene):
    """Pick game, seats, levels, preset, options and language."""

    def __init__(self, model: StartModel | None = None) -> None:
        self.model = model or StartModel()
        self.hot: list[tuple[pygame.Rect, Callable[[], object]]] = []
        self.focus = 0
        self.renaming: int | None = None  # seat whose name is being typed (F2)

    def _items(self) -> list[tuple[str, Callable[[], object]]]:
        m, lang = self.model, self.app.lang
        items: list[tuple[str, Callable[[], object]]] = [
            (f"{'Game' if lang == 'en' else 'Spiel'}: {game_name(m.game, lang)}", m.cycle_game),
            (f"{t('seats', lang)}: {len(m.seats)}  (+)", m.add_seat),
            (f"{t('seats', lang)}: {len(m.seats)}  (-)", m.remove_seat),
        ]
        for i, s in enumerate(m.seats):
            who = t("human", lang) if not s.is_bot else f"Bot {s.level}"
            cursor = "_" if self.renaming == i else ""
            items.append((f"  {s.name}{cursor}: {who}   (F2: {t('name', lang)})", partial(m.cycle_seat, i)))
        items.append((f"{t('preset', lang)}: {m.preset}", m.cycle_preset))
        preset_vals = PRESETS.get(m.game, {}).get(m.preset, {})
        for name, opt in OPTIONS.get(m.game, {}).items():
            val = m.options.get(name, preset_vals.get(name, opt.default))
            items.append((f"  {name} = {val}", partial(m.toggle_option, name)))
        items.append((t("language", lang), self._toggle_lang))
        items.append((t("start", lang), self._start))
        return items

    def _toggle_lang(self) -> None:
        self.app.lang = "de" if self.app.lang == "en" else "en"

    def _start(self) -> None:
        self.app.push(TableScene(self.model.controller(self.app.lang)))

    def _focused_seat(self) -> int | None:
        i = self.focus - 3  # the seat rows follow game and the two seat-count rows
        return i if 0 <= i < len(self.model.seats) else None

    def handle(self, intent: Intent) -> None:
        items = self._items()
        if self.renaming is not None:  # typing a name: letters are text, not shortcuts
            name = self.model.seats[self.renaming].name
            if intent.name == "text" and intent.value:
                self.model.rename(self.renaming, name + str(intent.value))
            elif intent.name == "backspace":
                self.model.rename(self.renaming, name[:-1])
            elif intent.name in ("confirm", "back", "rename", "press"):
                self.renaming = None
            return
        if intent.name == "rename":
            self.renaming = self._focused_seat()
            if self.renaming is not None:
                self.model.rename(self.renaming, "")
            return
        if intent.name == "press" and intent.pos:
            for i, (rect, _) in enumerate(self.hot):
                if rect.collidepoint(intent.pos):
                    self.focus = i
                    items[i][1]()
                    return
        elif intent.name in ("down", "next"):
            self.focus = (self.focus + 1) % len(items)
        elif intent.name == "up":
            self.focus = (self.focus - 1) % len(items)
        elif intent.name in ("toggle", "right"):
            items[self.focus % len(items)][1]()
        elif intent.name == "confirm":
            self._start()
        elif intent.name == "language":
            self._toggle_lang()
        elif intent.name == "back":
            self.app.running = False

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(FELT)
        text(surface, t("title", self.app.lang), (24, 16), 34)
        self.hot = []
        y = 64
        w = min(560, surface.get_width() - 48)
        items = self._items()
        row = max(18, min(30, (surface.get_height() - 80) // max(1, len(items))))
        for i, (label, _) in enumerate(items):
            r = pygame.Rect(24, y, w, row - 4)
            pygame.draw.rect(surface, (255, 230, 120) if i == self.focus else PANEL, r, border_radius=5)
            img = font(int(row * 0.75)).render(label, True, DARK)
            surface.blit(img, (r.x + 8, r.y + (r.h - img.get_height()) // 2))
            self.hot.append((r, _))
            y += row


# ---------------------------------------------------------------- the table
class TableScene(Scene):
    """One game at the table: hand, opponents, piles, melds, actions."""

    def __init__(self, controller: Controller) -> None:
        self.c = controller
        self.layout: TableLayout | None = None
        self.actions: list[Any] = []
        self.cursor = 0
        self.drag: tuple[int, tuple[int, int]] | None = None
        self.drag_pos: tuple[int, int] | None = None
        self.shown_over = False
        self.edit_drag: tuple[str, int, int] | None = None
        self._actions_key: tuple[Any, ...] | None = None
        self._scores: Any = None
        self.hover: tuple[int, int] | None = None

    def exit(self) -> None:
        self.c.close()

    # -- model of the frame
    def melds(self) -> list[list[str]]:
        return self.c.editor.melds if self.c.editor else self.c.melds()

    def hand(self) -> list[str]:
        return self.c.editor.hand_left if self.c.editor else self.c.hand()

    def opponents(self) -> list[tuple[str, int, str]]:
        obs = self.c.observation()
        notes = self.c.seat_notes()
        counts = obs.get("hand_counts") or obs.get("hand_sizes") or []
        if isinstance(counts, dict):
            counts = [counts.get(str(i), counts.get(i, 0)) for i in range(len(self.c.seats))]
        return [(s.name, counts[i] if i < len(counts) else 0, notes[i])
                for i, s in enumerate(self.c.seats) if i != self.c.viewer]

    def compute_layout(self) -> TableLayout:
        room = max(1, (max(self.app.size[1], 420) - 16) // 32 - 6)  # buttons that fit beside 6 fixed ones
        key = (len(self.c.state.history), tuple(self.c.selected), self.c.viewer, self.c.sort_mode, room)
        if key != self._actions_key:  # legal moves change only with a move or a new selection
            self._actions_key = key
            self.actions = self.c.candidate_moves()[:room]
        self.layout = table_layout(*self.app.size, len(self.hand()), len(self.c.seats) - 1,
                                   [len(m) for m in self.melds()], len(self.actions) + 9)
        return self.layout

    # -- intents
    def handle(self, intent: Intent) -> None:
        c, n = self.c, intent.name
        lay = self.layout or self.compute_layout()
        if n == "hover":
            self.hover = intent.pos
            return
        if c.editor is not None and self._edit(intent, lay):
            self.layout = None
            return
        if n == "press" and intent.pos:
            i = hit(lay.hand, intent.pos)
            inserting = self.c.insert_moves(0) or self.c.insert_moves(len(lay.hand))
            gap = self.insert_gap(lay, intent.pos)
            if inserting and gap is not None:
                moves = self.c.insert_moves(gap)
                if moves:  # a drawn card or a chosen reserve goes in before the clicked card
                    self.c.play(moves[0])
                    return
            if i is not None:
                self.drag, self.drag_pos = (i, intent.pos), intent.pos
                return
            b = hit(lay.buttons, intent.pos)
            if b is not None:
                self._button(b)
                return
            if self._meld_click(intent.pos):
                return
            if lay.stock.collidepoint(intent.pos):
                self._first("draw", prefer="stock")
            elif lay.discard.collidepoint(intent.pos):
                self._first("discard" if c.selected else "draw", prefer="discard")
        elif n == "drag" and self.drag:
            self.drag_pos = intent.pos
        elif n == "release" and self.drag:
            i, start = self.drag
            self.drag = None
            pos = intent.pos or start
            if abs(pos[0] - start[0]) + abs(pos[1] - start[1]) < 8:
                c.toggle(i)
                return
            target = next((k for k, rects in enumerate(lay.melds) if hit(rects, pos) is not None), None)
            if target is not None:
                self._lay_off(i, target)
            elif lay.discard.collidepoint(pos):
                c.selected = [i]
                self._first("discard")
            elif lay.hand and pos[1] >= lay.hand[0].y:  # Krass: insertion position preview/drop
                c.toggle(i)
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
            if intent.value < len(self.actions):
                c.play(self.actions[intent.value])
        elif n == "confirm":
            if self.c.state.is_over:
                self.app.push(ScoreScene(self.c))
            elif self.actions:
                c.play(self.actions[0])
        elif n in ("draw", "discard", "knock", "pass", "meld"):
            self._first(n)
        elif n == "hint":
            c.hint()
        elif n == "undo":
            c.undo_turn()
        elif n == "reset":
            c.reset_turn()
        elif n == "table":
            c.start_editing()
        elif n == "sort":
            c.toggle_sort()
        elif n == "faster":
            c.bot_delay = max(0.0, c.bot_delay - 0.2)
            c.message = t("speed", c.lang, s=f"{c.bot_delay:.1f}s")
        elif n == "slower":
            c.bot_delay = min(3.0, c.bot_delay + 0.2)
            c.message = t("speed", c.lang, s=f"{c.bot_delay:.1f}s")
        elif n == "save":
            self._save()
        elif n == "load":
            self._load()
        elif n in ("new", "back"):
            self.app.pop()
        self.layout = None

    def _edit(self, intent: Intent, lay: TableLayout) -> bool:
        """Intents while the table is being rearranged; True if handled."""
        ed, n = self.c.editor, intent.name
        if n == "press" and intent.pos:
            b = hit(lay.buttons, intent.pos)
            if b is not None:
                self._button(b)
                return True
            i = hit(lay.hand, intent.pos)
            if i is not None:
                self.edit_drag = ("hand", i, 0)
            for k, rects in enumerate(lay.melds):
                j = hit(rects, intent.pos)
                if j is not None:
                    self.edit_drag = ("meld", k, j)
            self.drag_pos = intent.pos
            return True
        if n == "drag":
            self.drag_pos = intent.pos
            return True
        if n == "release" and intent.pos and self.edit_drag:
            src, self.edit_drag = self.edit_drag, None
            target = next((k for k, rects in enumerate(lay.melds) if hit(rects, intent.pos) is not None), -1)
            if target >= 0 and not (src[0] == "meld" and src[1] == target):
                ed.move(src, target)
            elif lay.new_meld.collidepoint(intent.pos):
                ed.move(src, None)
            elif (src[0] == "meld" and lay.hand and intent.pos[1] >= lay.hand[0].y - 10
                  and not ed.back_to_hand(src[1], src[2])):
                self.c.message = "cards that lay on the table stay on the table"
            return True
        if n == "meld":  # keyboard: the selected hand cards become a new meld
            for i in sorted(self.c.selected, reverse=True):
                ed.move(("hand", i, 0), None if i == max(self.c.selected) else len(ed.melds) - 1)
            self.c.selected.clear()
            return True
        if n in ("end_turn", "confirm"):
            self.c.finish_editing()
            return True
        if n == "reset":
            ed.reset()
            return True
        if n == "back":
            self.c.cancel_editing()
            return True
        return False

    def _first(self, word: str, prefer: str = "") -> None:
        moves = [m for m in self.c.candidate_moves() if str(m).split(" ")[0].lower().startswith(word)]
        if prefer:
            moves.sort(key=lambda m: prefer not in str(m))
        if moves:
            self.c.play(moves[0])
        else:
            self.c.message = t("no_moves", self.c.lang)

    def _lay_off(self, index: int, meld: int) -> None:
        token = self.c.hand()[index]
        moves = self.c.target_moves(meld, token)
        if moves:
            self.c.play(moves[0])
        else:
            self.c.message = t("illegal", self.c.lang, why=f"{token} does not fit meld {meld + 1}")

    def _meld_click(self, pos: tuple[int, int]) -> bool:
        """A click on a table card: for the solitaire, put the turned card on that hand
        keeping the clicked card out; otherwise lay the selection off on that meld."""
        lay = self.layout
        if lay is None:
            return False
        for k, rects in enumerate(lay.melds):
            i = hit(rects, pos)
            if i is None:
                continue
            melds = self.melds()
            token = melds[k][i] if k < len(melds) and i < len(melds[k]) else None
            moves = self.c.target_moves(k, token)
            if not moves and len(self.c.selected) == 1:
                moves = self.c.target_moves(k, self.c.selected_tokens()[0])
            if moves:
                self.c.play(moves[0])
            else:
                self.c.message = t("no_moves", self.c.lang)
            return True
        return False

    def insert_gap(self, lay: TableLayout, pos: tuple[int, int]) -> int | None:
        """The hand position a drawn or reserve card would take if dropped at ``pos``."""
        if not lay.hand or not (lay.hand[0].y - 20 <= pos[1] <= lay.hand[0].bottom):
            return None
        i = hit(lay.hand, pos)
        return i if i is not None else (0 if pos[0] < lay.hand[0].x else len(lay.hand))

    def _draw_positions(self, surface: pygame.Surface, lay: TableLayout) -> None:
        """Krass Kariert: hand positions (the move notation counts from 0) and, while a
        card is to be inserted, a marker where it would go."""
        for i, r in enumerate(lay.hand):
            text(surface, str(i), (r.x + 3, r.bottom - 16), 16, (90, 90, 90))
        gap = self.insert_gap(lay, self.hover) if self.hover else None
        if gap is not None and (self.c.insert_moves(gap)):
            x = lay.hand[gap].x - 4 if gap < len(lay.hand) else lay.hand[-1].right + 4
            top = lay.hand[0].y - 18
            pygame.draw.line(surface, (255, 220, 0), (x, top), (x, lay.hand[0].bottom), 4)
            text(surface, "v", (x - 4, top - 16), 20, (255, 220, 0))

    def _buttons(self) -> list[tuple[str, Callable[[], object]]]:
        c = self.c
        fixed: list[tuple[str, Callable[[], object]]] = [
            (t("hint", c.lang), c.hint), (t("undo", c.lang), c.undo_turn),
            (t("sort", c.lang), c.toggle_sort), (t("save", c.lang), self._save),
            (t("load", c.lang), self._load), (t("new", c.lang), self.app.pop),
        ]
        if c.editor is not None:
            return [(t("end_turn", c.lang), c.finish_editing), (t("reset", c.lang), c.editor.reset),
                    (t("cancel", c.lang), c.cancel_editing)] + fixed
        acts: list[tuple[str, Callable[[], object]]] = [
            (f"{i + 1}. {c.describe(m)}", partial(c.play, m)) for i, m in enumerate(self.actions)]
        if c.can_rearrange():
            acts.insert(0, (t("rearrange", c.lang), c.start_editing))
        return acts + fixed

    def _button(self, i: int) -> None:
        buttons = self._buttons()
        if i < len(buttons):
            buttons[i][1]()

    def _save(self) -> None:
        from romme import save
        try:
            seats = [{"name": st.name, "kind": st.kind, "level": st.level} for st in self.c.seats]
            save.save(self.c.state, self.app.save_path, seats=seats)
            self.c.message = t("saved", self.c.lang, path=self.app.save_path)
        except (RommeError, OSError) as exc:  # shown to the player, the game goes on
            self.c.message = str(exc)

    def _load(self) -> None:
        from romme import save
        try:
            loaded = save.load(self.app.save_path)
        except RommeError as exc:
            self.c.message = str(exc)
            return
        if loaded.state.game_id != self.c.game_id or loaded.state.num_players != len(self.c.seats):
            self.c.message = f"{self.app.save_path} holds a {loaded.state.game_id} game for " \
                             f"{loaded.state.num_players}; start that game first"
            return
        self.c.state = loaded.state
        self.c.message = t("loaded", self.c.lang, path=self.app.save_path)

    def update(self, dt: float) -> None:
        if self.c.poll_bots():
            self.layout = None
        if self.c.needs_curtain() and not isinstance(self.app.top, CurtainScene):
            self.app.push(CurtainScene(self.c))
        if self.c.state.is_over and not self.shown_over:
            self.shown_over = True
            self.app.push(ScoreScene(self.c))
        elif not self.c.state.is_over:
            scores = self.c.observation().get("scores")
            if self._scores is not None and scores != self._scores and self.app.top is self:
                self.app.push(ScoreScene(self.c, round_over=True))  # end of a round or deal
            self._scores = scores

    # -- drawing (reads only)
    def draw(self, surface: pygame.Surface) -> None:
        lay = self.compute_layout()
        c, g = self.c, self.c.game_id
        surface.fill(FELT)
        obs = c.observation()
        cur = c.state.current_player
        others = [i for i in range(len(c.seats)) if i != c.viewer]
        for rect, seat, (name, count, note) in zip(lay.opponents, others, self.opponents()):
            pygame.draw.rect(surface, (70, 110, 40) if seat == cur else (20, 70, 40), rect, border_radius=6)
            back = pygame.Rect(rect.x + 4, rect.y + 4, int((rect.h - 8) * 0.7), rect.h - 8)
            cards_draw.draw_card(surface, back, g, None)
            text(surface, f"{name} ({count})", (back.right + 6, rect.y + 4), 20)
            if note:
                for k, part in enumerate(note.split("  ")[:2]):
                    text(surface, part, (back.right + 6, rect.y + 22 + 16 * k), 16)
        own = c.seat_notes()[c.viewer] if c.viewer < len(c.seats) else ""
        if own:
            text(surface, own, (lay.info.x, lay.info.y + 40), 18, (255, 255, 200))
        stock_n = next((obs[k] for k in ("stock_count", "stock_size", "stock") if k in obs), 0)
        if isinstance(stock_n, int) and stock_n > 0:
            draw_card(surface, lay.stock, g, None)
        text(surface, f"{t('stock', c.lang)} {stock_n}", (lay.stock.x, lay.stock.bottom + 2), 18)
        drawing = obs.get("drawing")
        top = obs.get("discard_top") or obs.get("turned") or (
            drawing.get("card") if isinstance(drawing, dict) else None)
        if top:
            draw_card(surface, lay.discard, g, top if isinstance(top, str) else c.deck.token(top))
        else:
            pygame.draw.rect(surface, (20, 70, 40), lay.discard, 2, border_radius=6)
        text(surface, t("discard", c.lang), (lay.discard.x, lay.discard.bottom + 2), 18)
        y = lay.info.y + 18
        if "round" in obs:
            wild = obs.get("wild_rank", "")
            text(surface, t("round", c.lang, r=obs["round"], w=wild), (lay.info.x, y), 18)
            y += 18
        scores = obs.get("scores")
        if scores:
            text(surface, f"{t('scores', c.lang)}: " + " ".join(str(s) for s in scores), (lay.info.x, y), 18)
        labels = c.meld_labels()
        bad = set(c.editor.invalid()) if c.editor else set()
        for k, (rects, meld) in enumerate(zip(lay.melds, self.melds())):
            for r, tok in zip(rects, meld):
                draw_card(surface, r, g, tok, wild=c.is_wild(tok, k if labels else None), invalid=k in bad)
            if k in bad and rects:
                box = rects[0].unionall(rects[1:]).inflate(6, 6)
                pygame.draw.rect(surface, BAD, box, 3, border_radius=6)
            if k < len(labels) and rects:
                tag = font(16).render(labels[k], True, (255, 255, 200), (10, 50, 30))
                surface.blit(tag, (rects[0].x + 2, rects[0].bottom - tag.get_height() - 2))
        pygame.draw.rect(surface, (60, 130, 80), lay.new_meld, 1, border_radius=4)
        hand = self.hand()
        for i, (r, tok) in enumerate(zip(lay.hand, hand)):
            if self.drag and self.drag[0] == i and self.drag_pos:
                continue
            rr = r.move(0, -14) if i in c.selected else r
            draw_card(surface, rr, g, tok, selected=i in c.selected, wild=c.is_wild(tok))
            if i == self.cursor:
                pygame.draw.line(surface, (255, 255, 0), (r.x, r.bottom + 3), (r.right, r.bottom + 3), 3)
        if c.game_id == "krass":
            self._draw_positions(surface, lay)
        if self.edit_drag and self.drag_pos:
            kind, a, b = self.edit_drag
            melds = self.melds()
            dragged: str | None = None
            if kind == "hand" and a < len(hand):
                dragged = hand[a]
            elif kind == "meld" and a < len(melds) and b < len(melds[a]):
                dragged = melds[a][b]
            if dragged:
                r = pygame.Rect(0, 0, *lay.card)
                r.center = self.drag_pos
                draw_card(surface, r, g, dragged, selected=True)
        if self.drag and self.drag_pos and self.drag[0] < len(hand):
            r = lay.hand[self.drag[0]].copy()
            r.center = self.drag_pos
            draw_card(surface, r, g, hand[self.drag[0]], selected=True)
        for r, (label, _) in zip(lay.buttons, self._buttons()):
            button(surface, r, label)
        text(surface, c.message[:140], lay.message.topleft, 20, (255, 255, 200))
        text(surface, c.status(), lay.status.topleft, 22)


class CurtainScene(Scene):
    """Hot seat: hides the table until the next human clicks."""

    def __init__(self, controller: Controller) -> None:
        self.c = controller

    def handle(self, intent: Intent) -> None:
        if intent.name in ("press", "confirm", "toggle"):
            self.c.lift_curtain()
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((15, 30, 60))
        name = self.c.seats[self.c.state.current_player].name
        text(surface, t("curtain", self.c.lang, name=name), (40, surface.get_height() // 2), 36)


class ScoreScene(Scene):
    """The score sheet at the end of a round or deal, and at the end of the game."""

    def __init__(self, controller: Controller, round_over: bool = False) -> None:
        self.c = controller
        self.round_over = round_over

    def handle(self, intent: Intent) -> None:
        if intent.name in ("press", "confirm", "back"):
            self.app.pop()
            if self.c.state.is_over and not self.round_over and intent.name != "back":
                self.app.pop()  # back to the start screen

    def draw(self, surface: pygame.Surface) -> None:
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
        text(surface, t("continue", self.c.lang), (panel.x + 20, panel.bottom - 40), 24, DARK)
