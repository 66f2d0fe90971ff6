"""Scenes on a stack (start, table, curtain, score sheet), each with
``enter/exit``, ``handle(intent)``, ``update(dt)`` and ``draw(surface)``: the base scene, the stack,
the colours and the text and button helpers every scene draws with. The table is in ``table_scene``,
the scenes over it (question, curtain, score sheet) in ``dialogs``.

Drawing reads the controller and never changes the game.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

import pygame

from .cards_draw import font, set_face_lang, set_text_scale, text_scale
from .intents import Intent

FELT = (26, 92, 52)
PANEL = (235, 235, 225)
TEXT = (245, 245, 240)
DARK = (25, 25, 25)
BAD = (220, 60, 60)
GOOD = (60, 200, 90)
FRESH = (80, 220, 255)
LABEL_FONT = 18  # the smallest readable label (pygame's default font: about 12 px high)
LABELLED_GAMES = ("koenigs-solo", "krass")  # games whose meld rows carry a label (hand, play)


#: the window size the scenes' nominal sizes (print, rows, gaps) are for; larger windows grow them (ui_scale)
BASE_W, BASE_H = 1280, 800


def ui_scale(size: tuple[int, int]) -> float:
    """How much bigger than the base size the window is (never below 1)."""
    return max(1.0, min(size[0] / BASE_W, size[1] / BASE_H))


#: the caches of rendered or measured text (by nominal size), emptied when the print's scale changes
TEXT_CACHES: list[Callable[[], None]] = []


def use_scale(size: tuple[int, int]) -> float:
    """Text drawn from now on is for a window of ``size`` (its print grows with the window); the scale."""
    scale = ui_scale(size)
    if set_text_scale(scale):
        for forget in TEXT_CACHES:  # rendered or measured at the old size
            forget()
    return scale


def px(n: float) -> int:
    """``n`` pixels of the base window size (1280x800) in the window's pixels: rows and gaps grow with the print."""
    return round(n * text_scale())


def grow(r: pygame.Rect, scale: float) -> pygame.Rect:
    """A rectangle of a base layout in a window ``scale`` times as large."""
    return pygame.Rect(round(r.x * scale), round(r.y * scale), round(r.w * scale), round(r.h * scale))


def unpx(n: float) -> int:
    """``n`` window pixels in pixels of the base window size (a print sized from a rectangle of the window)."""
    return int(n / text_scale())


class Scene:
    """Base scene; ``app`` is the :class:`SceneStack` it lives on. ``opaque`` scenes paint the whole
    window; the others (questions, sheets, rules pages) lie over the scenes below them."""

    app: SceneStack
    opaque = True

    def enter(self) -> None: ...

    def exit(self) -> None: ...

    def uncovered(self) -> None:
        """The scene above this one left: this one is on top again (the mouse may have moved meanwhile)."""

    def handle(self, intent: Intent) -> None: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...


class SceneStack:
    """The scenes of the window; only the top one gets intents."""

    def __init__(self, size: tuple[int, int] = (1100, 720), lang: str = "en") -> None:
        self.stack: list[Scene] = []
        self.size = size  # sets the print's scale for this size
        self.lang = lang
        self.running = True
        self.save_dir = Path(".")  # one save file per game in here
        self.settings_dir: Path | None = None  # where the start screen remembers itself; None: nowhere
        self.fullscreen = False
        self.anim_speed = "normal"  # the card flights' speed, kept from table to table and between sessions
        self.sort_mode = "none"  # the hand's order at a new table ("none": as dealt); run() sets the remembered one
        # the bots' pause between moves as the player last set it (+ / -), kept from table to table and between
        # sessions (a new game from the start screen, a resumed one, the next session were back at 0.6 s); None:
        # never set, each table keeps its controller's own
        self.bot_delay: float | None = None

    @property
    def size(self) -> tuple[int, int]:
        """The size the scenes lay out for: the window's."""
        return self._size

    @size.setter
    def size(self, size: tuple[int, int]) -> None:
        self._size = size
        use_scale(size)

    @property
    def top(self) -> Scene:
        return self.stack[-1]

    def push(self, scene: Scene) -> None:
        """``scene`` on top; cards still flying on the scene below land at once (it is not updated while
        covered: under a deal's score sheet a card stood frozen mid-air over a seat's name)."""
        landing = getattr(getattr(self.stack[-1], "anim", None), "skip", None) if self.stack else None
        if callable(landing):
            landing()
        scene.app = self
        self.stack.append(scene)
        scene.enter()

    def pop(self) -> Scene:
        scene = self.stack.pop()
        scene.exit()
        if self.stack:
            self.top.uncovered()
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
        if intent.name == "rules" and self.stack and not getattr(self.top, "is_rules_page", False):
            from .rules_in_force import open_rules  # F1 anywhere: the rules of the game on screen

            open_rules(self)
            return
        if self.stack:
            self.top.handle(intent)

    def update(self, dt: float) -> None:
        if self.stack:
            self.top.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """From the topmost opaque scene up: a question under a rules page is drawn on its table,
        so no pixels of an earlier frame stay at the edges."""
        first = max((i for i, scene in enumerate(self.stack) if scene.opaque), default=0)
        use_scale(self.size)  # another window's drawing (a test's) may have changed the print's size
        set_face_lang(self.lang)  # (a table sets its own game's language as it draws)
        for scene in self.stack[first:]:
            scene.draw(surface)

    def moving(self) -> bool:
        """Whether cards fly on the top scene (the window may then scale the picture the fast way)."""
        anim = getattr(self.top, "anim", None) if self.stack else None
        return bool(anim is not None and anim.flights)


def text(
    surface: pygame.Surface, s: str, pos: tuple[int, int], size: int = 22, colour: tuple[int, int, int] = TEXT
) -> pygame.Rect:
    return surface.blit(text_image(s, size, tuple(colour)), pos)


@lru_cache(maxsize=2048)
def text_image(s: str, size: int, colour: tuple[int, ...]) -> pygame.Surface:
    """A rendered line of text (cached: the table draws the same words every frame)."""
    return font(size).render(s, True, colour)


TEXT_CACHES.append(text_image.cache_clear)


def fitted(s: str, width: int, size: int = 20, smallest: int = 12) -> tuple[str, int]:
    """The text and font size that fit ``width``: the font shrinks down to ``smallest``, then
    the end is cut with an ellipsis (the start of a label tells labels apart)."""
    for sz in range(size, smallest - 1, -1):
        if font(sz).size(s)[0] <= width:
            return s, sz
    while s and font(smallest).size(s + "…")[0] > width:
        s = s[:-1]
    return s + "…", smallest


def fitted_rows(s: str, width: int, rows: int = 2, size: int = 20, smallest: int = 17) -> tuple[list[str], int]:
    """``s`` in at most ``rows`` rows of ``width`` pixels and the font size: one row while the font
    can shrink to ``smallest``, else broken at spaces at the largest size where every row fits; a
    text still too long is cut with an ellipsis at the end of its last row."""
    for sz in range(size, smallest - 1, -1):
        if font(sz).size(s)[0] <= width:
            return [s], sz
    words = s.split(" ")
    for sz in range(size, smallest - 1, -1):
        out = _broken(words, width, sz)
        if len(out) <= rows and all(font(sz).size(r)[0] <= width for r in out):
            return out, sz
    out = _broken(words, width, smallest)
    if len(out) > rows or font(smallest).size(out[-1])[0] > width:
        out = out[: rows - 1] + [fitted(" ".join(out[rows - 1 :]), width, smallest, smallest)[0]]
    return out, smallest


def _broken(words: list[str], width: int, size: int) -> list[str]:
    """Words in rows of at most ``width`` pixels; a word longer than a row (a save file's path, 'Königs-Rommé'
    in a narrow help panel) is broken after a ``/`` or ``-`` where it can, its first part ending the row before
    where it fits there, else anywhere (the start screen's help at 640x420 read 'Klick:' / 'Königs-Rom' /
    'mé spielen.')."""
    f = font(size)
    rows: list[str] = []
    for w in words:
        if rows and f.size(f"{rows[-1]} {w}")[0] <= width:
            rows[-1] = f"{rows[-1]} {w}"
            continue
        if rows and f.size(w)[0] > width:  # too long for any row: a part up to a mark may end the row before
            cut = _last_mark(w, lambda k: f.size(f"{rows[-1]} {w[:k]}")[0] <= width)
            if cut:
                rows[-1], w = f"{rows[-1]} {w[:cut]}", w[cut:]
        while f.size(w)[0] > width and len(w) > 1:
            cut = _last_mark(w, lambda k: f.size(w[:k])[0] <= width) or max(
                k for k in range(1, len(w)) if f.size(w[:k])[0] <= width or k == 1
            )
            rows.append(w[:cut])
            w = w[cut:]
        rows.append(w)
    return rows


def _last_mark(word: str, fits: Callable[[int], bool]) -> int:
    """The length of the longest start of ``word`` that ends just after a ``/`` or ``-`` and ``fits``; 0: none."""
    return max((k + 1 for k in range(1, len(word) - 1) if word[k] in "/-" and fits(k + 1)), default=0)


def fit_text(
    surface: pygame.Surface,
    s: str,
    pos: tuple[int, int],
    width: int,
    size: int = 22,
    colour: tuple[int, int, int] = TEXT,
) -> pygame.Rect:
    shown, sz = fitted(s, width, size)
    return text(surface, shown, pos, sz, colour)


#: the smallest font a button shrinks to (pygame's default font at 17 is about 11 px high); a longer
#: label takes two rows, and one too long for two is cut with an ellipsis, shown whole when the mouse rests on it
BUTTON_MIN_FONT = 17


def button_rows(label: str, rect: pygame.Rect) -> tuple[list[str], int]:
    """The label as the button writes it, and the font size: one row while the font can shrink to
    :data:`BUTTON_MIN_FONT`, else two rows broken at spaces when both fit the button's height (German Rummy's
    'G1 an G2 G3 G4 anlegen' at 800x600 was cut to 'G1 an G2 G3 G4 an…'), else one row cut with an ellipsis."""
    largest = max(20, min(26, unpx(rect.h) - 12))  # taller buttons of a tall window: larger print
    shown, size = fitted(label, rect.w - 12, largest, BUTTON_MIN_FONT)
    if shown == label:
        return [label], size
    words = label.split(" ")
    # a list of melds ('auslegen: B9 R9 Jo | R12 G12 Y12') breaks between melds where that fits, the bar ending
    # the first row or, where that row is too long, starting the second
    cuts = [k for k, w in enumerate(words) if w == "|"]
    for sz in range(BUTTON_MIN_FONT, 13, -1):
        if 2 * font(sz).get_linesize() > rect.h - 2:
            continue
        tries = [[" ".join(words[: k + e]), " ".join(words[k + e :])] for k in reversed(cuts) for e in (1, 0)]
        for rows in [*tries, _broken(words, rect.w - 12, sz)]:
            if len(rows) <= 2 and all(font(sz).size(r)[0] <= rect.w - 12 for r in rows):
                return rows, sz
    return [shown], size


def button(
    surface: pygame.Surface, rect: pygame.Rect, label: str, active: bool = True, largest: int | None = None
) -> None:
    """A button; its label at most ``largest`` (the print its neighbours of a list share; a label in two rows keeps
    its rows, smaller print fits them)."""
    pygame.draw.rect(surface, PANEL if active else (150, 150, 150), rect, border_radius=6)
    pygame.draw.rect(surface, DARK, rect, 1, border_radius=6)
    rows, size = button_rows(label, rect)
    if largest is not None:
        size = min(size, largest)
    step = font(size).get_linesize()
    top = rect.centery - step * len(rows) // 2
    for k, row in enumerate(rows):
        img = font(size).render(row, True, DARK)
        surface.blit(img, img.get_rect(midleft=(rect.x + 6, top + k * step + step // 2)))
