"""The rules page of each game (F1), in English and German, and the text wrapping it needs.

The pages are text files in ``romme_table/rules/`` (a summary of docs/RULES.md), shipped in
the wheel with the package: ``# `` starts the title, ``## `` a section, ``- `` a bullet.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

import pygame

from .cards_draw import font, text_scale
from .i18n import game_name, t
from .intents import Intent
from .scenes import DARK, PANEL, Scene, px, unpx

INK_SOFT = (70, 70, 60)


@lru_cache(maxsize=32)
def rules_text(game_id: str, lang: str) -> str:
    """The rules page of ``game_id`` in ``lang`` (English when that language has none)."""
    folder = resources.files("romme_table") / "rules"
    for code in (lang, "en"):
        page = folder / f"{game_id}.{code}.txt"
        if page.is_file():
            return page.read_text(encoding="utf-8")
    return f"# {game_name(game_id, lang)}\n{t('no_rules_page', lang)}\n"


def wrap(s: str, width: int, size: int) -> list[str]:
    """``s`` broken at spaces into lines no wider than ``width`` pixels at font ``size``
    (a single word wider than the line is left whole: cutting it would hide its end)."""
    f = font(size)
    lines: list[str] = []
    line = ""
    for word in s.split():
        candidate = f"{line} {word}" if line else word
        if line and f.size(candidate)[0] > width:
            lines.append(line)
            line = word
        else:
            line = candidate
    if line:
        lines.append(line)
    return lines


def page_lines(text: str, width: int, size: int) -> list[tuple[str, int, bool]]:
    """The page as drawn lines: (text, font size, is a heading)."""
    out: list[tuple[str, int, bool]] = []
    for raw in text.splitlines():
        if raw.startswith("# "):
            out.extend((ln, int(size * 1.6), True) for ln in wrap(raw[2:], width, int(size * 1.6)))
        elif raw.startswith("## "):
            out.append(("", size // 2, False))
            out.extend((ln, int(size * 1.2), True) for ln in wrap(raw[3:], width, int(size * 1.2)))
        elif raw.startswith("- "):
            wrapped = wrap(raw[2:], width - size, size)
            out.extend((("• " if i == 0 else "   ") + ln, size, False) for i, ln in enumerate(wrapped))
        elif raw.strip():
            out.extend((ln, size, False) for ln in wrap(raw, width, size))
    return out


def body_size(surface_h: int) -> int:
    """Reading size: 16 px at 600 lines of height, growing with the window up to 30."""
    return max(15, min(30, surface_h // 37))


@lru_cache(maxsize=32)
def page_size(text: str, width: int, height: int, smallest: int, scale: float = 1.0) -> int:
    """The largest reading size from ``smallest`` up to 30 at which the whole page fits ``width`` x
    ``height`` (a large window showed a short page in small print above an empty half); ``smallest``
    when even that needs scrolling. ``scale``: the print's (:func:`.scenes.ui_scale`), which grows the
    page's margins as much as its letters."""
    for size in range(30, smallest, -1):
        pad = round(size * scale)
        lines = page_lines(text, width - 2 * pad, size)
        if sum(font(sz).get_linesize() for _, sz, _ in lines) <= height - pad // 2 - round((size * 2 + 8) * scale):
            return size
    return smallest


class RulesScene(Scene):
    """A scrollable rules page over the current screen; Esc, Enter or F1 closes it."""

    is_rules_page = True
    opaque = False

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.scroll = 0  # first line shown
        self.room = 1  # lines that fit on the page (set by draw)
        self.total = 0
        self.close_rect = pygame.Rect(0, 0, 0, 0)

    def page_text(self) -> str:
        """The page shown: the game's rules (the keys page shows its own text)."""
        return rules_text(self.game_id, self.app.lang)

    def _scroll(self, lines: int) -> None:
        self.scroll = max(0, min(self.scroll + lines, max(0, self.total - self.room)))

    def handle(self, intent: Intent) -> None:
        n = intent.name
        clicked_close = n == "press" and intent.pos is not None and self.close_rect.collidepoint(intent.pos)
        if n in ("back", "confirm", "rules") or clicked_close:
            self.app.pop()
        elif n in ("down", "up"):
            self._scroll(3 if n == "down" else -3)
        elif n in ("page_down", "page_up", "toggle"):
            self._scroll(self.room - 2 if n != "page_up" else 2 - self.room)
        elif n == "scroll" and isinstance(intent.value, int):
            self._scroll(-3 * intent.value)
        elif n == "language" and len(self.app.stack) > 1:  # G as under the page: the page follows the screen's words
            self.app.stack[-2].handle(intent)  # (G did nothing here: close, G, F1 again to read the other language)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        margin = max(10, min(w, h) // 30)
        panel = pygame.Rect(margin, margin, w - 2 * margin, h - 2 * margin)
        pygame.draw.rect(surface, PANEL, panel, border_radius=10)
        pygame.draw.rect(surface, DARK, panel, 2, border_radius=10)
        page = self.page_text()
        size = page_size(page, panel.w, panel.h, body_size(unpx(h)), text_scale())
        pad = px(size)
        lines = page_lines(page, panel.w - 2 * pad, size)
        footer = px(size * 2 + 8)
        y, bottom = panel.y + pad // 2, panel.bottom - footer
        self.total = len(lines)
        self.room = 0
        for text_line, sz, heading in lines[self.scroll :]:
            height = font(sz).get_linesize()
            if y + height > bottom:
                break
            img = font(sz).render(text_line, True, DARK if heading else INK_SOFT)
            surface.blit(img, (panel.x + pad, y))
            y += height
            self.room += 1
        self._draw_footer(surface, panel, size)

    def _draw_footer(self, surface: pygame.Surface, panel: pygame.Rect, size: int) -> None:
        lang = self.app.lang
        more = self.scroll + self.room < self.total
        hint = t("rules_scroll", lang) if more or self.scroll else ""
        f = font(size)
        label = f.render(t("close", lang), True, DARK)
        corner = (panel.right - px(size), panel.bottom - px(size) // 2)
        self.close_rect = label.get_rect(bottomright=corner).inflate(px(16), px(8))
        pygame.draw.rect(surface, (255, 230, 120), self.close_rect, border_radius=6)
        pygame.draw.rect(surface, DARK, self.close_rect, 1, border_radius=6)
        surface.blit(label, label.get_rect(center=self.close_rect.center))
        if hint:
            surface.blit(f.render(hint, True, INK_SOFT), (panel.x + px(size), self.close_rect.y + px(4)))
