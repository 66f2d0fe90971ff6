"""House rules in plain words (English and German), grouped, with the presets: the page the
start screen opens to choose them. The option names and checks come from ``romme.rules``."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from romme.rules import OPTIONS, PRESETS

from .cards_draw import font
from .controller import options_beyond
from .i18n import option_label, preset_name, t
from .intents import Intent
from .rules_pages import rules_text, wrap
from .scenes import DARK, PANEL, TEXT, Scene, unpx

if TYPE_CHECKING:
    from .start_screen import StartModel

#: group id -> (English, German) heading, and the options of every game it holds, in order
GROUPS: list[tuple[tuple[str, str], tuple[str, ...]]] = [
    (("Opening", "Herauskommen"), (
        "opening_points", "opening_without_jokers", "lay_off_in_opening_turn", "discard_pickup_after_opening",
        "hand_romme",
    )),
    (("Jokers", "Joker"), ("jokers_per_deck", "joker_declared", "joker_swap_completes", "no_double_joker")),
    (("Melds and table", "Figuren und Tisch"), (
        "wrap_around", "rauber", "rauber_discard_pile", "rauber_table_to_hand", "max_hand_cards_per_turn",
    )),
    (("Discard pile and stock", "Ablage und Stapel"), ("keep_top_discard", "knocking")),
    (("End of the game", "Spielende"), ("target", "long_game")),
]

#: option -> (English, German) explanation, for a player who never read the rule book
EXPLAIN: dict[str, tuple[str, str]] = {
    "keep_top_discard": (
        "When the stock runs out, the discard pile is shuffled into a new stock, but its top card stays open.",
        "Ist der Stapel leer, wird die Ablage neu gemischt, ihre oberste Karte bleibt aber offen liegen.",
    ),
    "jokers_per_deck": (
        "How many jokers each of the two packs brings (0 to 3).",
        "Wie viele Joker jedes der zwei Kartenspiele mitbringt (0 bis 3).",
    ),
    "joker_declared": (
        "A laid joker is one named card, and only that card may replace it.",
        "Ein ausgelegter Joker ist eine angesagte Karte; nur genau diese Karte darf ihn ersetzen.",
    ),
    "joker_swap_completes": (
        "You may take a joker from a meld only if the meld is still complete without it.",
        "Einen Joker darf man nur aus einer Figur nehmen, die danach noch vollständig ist.",
    ),
    "no_double_joker": (
        "No meld of one card and two jokers; two jokers side by side only in runs of four or more.",
        "Keine Figur aus einer Karte und zwei Jokern; zwei Joker nebeneinander nur in Reihen ab vier Karten.",
    ),
    "opening_without_jokers": (
        "Your first laying down (the opening) may not use any joker.",
        "Beim ersten Auslegen (Herauskommen) darf kein Joker dabei sein.",
    ),
    "opening_points": (
        "How many points your first laying down must reach.",
        "Wie viele Punkte dein erstes Auslegen mindestens bringen muss.",
    ),
    "lay_off_in_opening_turn": (
        "In the turn you open you may also lay off cards and swap jokers.",
        "Im Zug des Herauskommens darfst du auch schon anlegen und Joker tauschen.",
    ),
    "discard_pickup_after_opening": (
        "Only a player who has opened (or opens with it right now) may take the top discard.",
        "Die Ablagekarte darf nur nehmen, wer schon draußen ist oder mit ihr jetzt herauskommt.",
    ),
    "wrap_around": (
        "Runs may go on past the king: Q K A 2.",
        "Reihen dürfen über den König hinaus weitergehen: D K A 2.",
    ),
    "knocking": (
        "Klopfen (three or more players): after a discard, players who have opened may knock for the card. The "
        "next player may still take it as their draw; if they draw from the stock, the first knocker after them "
        "in turn order gets the card and one penalty card from the stock.",
        "Klopfen (ab drei Spielern): nach dem Abwerfen darf klopfen, wer draußen ist. Der nächste Spieler darf "
        "die Karte trotzdem als seinen Zug nehmen; zieht er vom Stapel, bekommt der erste Klopfer nach ihm die "
        "Karte und eine Strafkarte vom Stapel.",
    ),
    "hand_romme": (
        "Going out in one go, without laying anything before, needs no opening points and counts double.",
        "Wer auf einen Schlag ausmacht, ohne vorher auszulegen, braucht keine Mindestpunkte und zählt doppelt.",
    ),
    "rauber": (
        "Räuber-Rommé: after opening you may rebuild all melds on the table into new ones.",
        "Räuber-Rommé: nach dem Herauskommen darfst du alle Figuren auf dem Tisch neu ordnen.",
    ),
    "rauber_discard_pile": (
        "Räuber-Rommé is played with a discard pile (off: no discards, you draw instead of discarding).",
        "Räuber-Rommé mit Ablagestapel (aus: keine Ablage, wer nichts legt, zieht eine Karte).",
    ),
    "rauber_table_to_hand": (
        "Räuber-Rommé: while rearranging you may take table cards into your hand.",
        "Räuber-Rommé: beim Umlegen dürfen Tischkarten auf die Hand genommen werden.",
    ),
    "target": (
        "The game ends when someone reaches this many points (1x1-Rommé: 0 plays a single game).",
        "Das Spiel endet, wenn jemand so viele Punkte erreicht (1x1-Rommé: 0 spielt ein einzelnes Spiel).",
    ),
    "max_hand_cards_per_turn": (
        "At most this many cards from your hand per turn (0: no limit).",
        "Höchstens so viele Karten aus der Hand pro Zug (0: beliebig viele).",
    ),
    "long_game": (
        "Three chips each also with five players: a longer game.",
        "Auch bei fünf Spielern drei Chips für jeden: ein längeres Spiel.",
    ),
}


def explanation(name: str, lang: str) -> str:
    words = EXPLAIN.get(name)
    return words[1 if lang == "de" else 0] if words else ""


def grouped_options(game_id: str) -> list[tuple[str, str, list[str]]]:
    """(English heading, German heading, options) for each group the game has options in;
    an option no group names lands in a last "More" group, so none is ever hidden."""
    known = list(OPTIONS.get(game_id, {}))
    out: list[tuple[str, str, list[str]]] = []
    placed: set[str] = set()
    for (en, de), names in GROUPS:
        mine = [n for n in names if n in known]
        placed.update(mine)
        if mine:
            out.append((en, de, mine))
    rest = [n for n in known if n not in placed]
    if rest:
        out.append(("More", "Weitere", rest))
    return out


#: a rules page's section on the house rules (the options above say it, with their values)
HOUSE_RULE_SECTIONS = ("house rule", "hausregel")


def fixed_rules(game_id: str, lang: str) -> list[tuple[str, list[str]]]:
    """The game's rules page (F1) as (section heading, its paragraphs and bullets), without its title and its
    house-rules section: the rules no option changes. The first section is the page's opening lines (no heading)."""
    sections: list[tuple[str, list[str]]] = [("", [])]
    for raw in rules_text(game_id, lang).splitlines():
        if raw.startswith("## "):
            sections.append((raw[3:].strip(), []))
        elif raw.strip() and not raw.startswith("# "):
            sections[-1][1].append("• " + raw[2:].strip() if raw.startswith("- ") else raw.strip())
    return [(h, body) for h, body in sections if body and not h.lower().startswith(HOUSE_RULE_SECTIONS)]


def preset_summary(game_id: str, preset: str, lang: str) -> str:
    """What a preset changes, in the options' plain names ("standard: as the rule book says")."""
    changes = PRESETS.get(game_id, {}).get(preset, {})
    if not changes:
        return t("preset_as_book", lang)
    return "; ".join(option_label(name, value, lang) for name, value in changes.items())


def changed_summary(model: StartModel, lang: str) -> str:
    """The options set by hand beyond the chosen preset, in their plain names ('changed by hand: knocking: yes'),
    or '' when there are none: the preset stayed marked as chosen over rules that were no longer its own."""
    played = {name: model.value(name) for name in OPTIONS.get(model.game, {})}
    changed = [option_label(name, played[name], lang) for name in options_beyond(model.game, model.preset, played)]
    return t("changed_by_hand", lang, options="; ".join(changed)) if changed else ""


class HouseRulesScene(Scene):
    """Presets on top, then every option of the game by group, each with its explanation.
    Click (or Space on the focused row) changes a value; Esc or Enter goes back."""

    def __init__(self, model: StartModel) -> None:
        self.model = model
        # the keys start on the chosen preset: a yellow 'standard' beside a green chosen preset read as two picks
        self.focus = next((i for i, row in enumerate(self._rows()) if row == ("preset", model.preset)), 0)
        self.scroll = 0  # pixels the rows are scrolled up
        self.hot: list[tuple[pygame.Rect, str, str]] = []  # rect, kind (preset/option/back), name
        self.visible = pygame.Rect(0, 0, 0, 0)  # the scrolled area: rows outside it take no clicks
        self.follow_focus = False  # the keys moved the focus: scroll it into view (the wheel scrolls freely)
        self._sized: tuple[object, int] | None = None  # (what the print was measured for, its size)

    def _rows(self) -> list[tuple[str, str]]:
        """The focusable rows in order: presets, then options, then Back."""
        presets = [("preset", p) for p in PRESETS.get(self.model.game, {"standard": {}})]
        options = [("option", n) for _, _, names in grouped_options(self.model.game) for n in names]
        return [*presets, *options, ("back", "")]

    def _act(self, kind: str, name: str) -> None:
        if kind == "preset":
            self.model.choose_preset(name)
        elif kind == "option":
            self.model.toggle_option(name)
        else:
            self.app.pop()

    def handle(self, intent: Intent) -> None:
        rows = self._rows()
        n = intent.name
        if n in ("back", "confirm"):
            self.app.pop()
        elif n in ("down", "next", "up", "previous"):
            self.focus = (self.focus + (-1 if n in ("up", "previous") else 1)) % len(rows)
            self.follow_focus = True
        elif n in ("toggle", "right"):
            self._act(*rows[self.focus])
        elif n == "scroll" and isinstance(intent.value, int):
            self.scroll = max(0, self.scroll - 40 * intent.value)
        elif n == "press" and intent.pos and self.visible.collidepoint(intent.pos):
            for i, (rect, kind, name) in enumerate(self.hot):
                if rect.collidepoint(intent.pos):
                    self.focus = i
                    self._act(kind, name)
                    return

    def draw(self, surface: pygame.Surface) -> None:
        from .scenes import FELT

        w, h = surface.get_size()
        lang, m = self.app.lang, self.model
        margin = max(10, w // 50)
        size = self._print_size(w, h, margin)
        surface.fill(FELT)
        title = font(int(size * 1.4)).render(t("house_rules_title", lang, game=m.game_label(lang)), True, TEXT)
        surface.blit(title, (margin, margin // 2))
        keys = font(max(14, size - 2)).render(t("house_rules_keys", lang), True, TEXT)
        if title.get_width() + keys.get_width() + 3 * margin < w:
            surface.blit(keys, keys.get_rect(topright=(w - margin, margin // 2 + 4)))
        top = margin // 2 + title.get_height() + 6
        room = h - top - margin // 2
        content = self._with_fixed_rules(self._layout(w - 2 * margin, size), w - 2 * margin, size, room)
        total = content[-1][1].bottom if content else 0
        self.scroll = max(0, min(self.scroll, total - room))
        if self.follow_focus:
            self._follow_focus(content, room)
            self.follow_focus = False
        clip = surface.get_clip()
        self.visible = pygame.Rect(0, top, w, room)
        surface.set_clip(self.visible)
        self.hot = []
        for kind, rect, label, note, name in content:
            r = rect.move(margin, top - self.scroll)
            self._draw_row(surface, kind, r, label, note, name, size)
        surface.set_clip(clip)

    def _print_size(self, w: int, h: int, margin: int) -> int:
        """The page's print: for the base window (it grows with the window), and larger, up to half as large
        again, while every row still fits the window: Königs-Rommé's one option filled a fifth of a 1920x1080 page
        in small print. Measured once per window size, game, language and choice (not every frame)."""
        m = self.model
        key = (w, h, self.app.lang, m.game, m.preset, tuple(sorted(m.options.items())))
        if self._sized is not None and self._sized[0] == key:
            return self._sized[1]
        base = max(17, min(30, unpx(h) // 34))
        size = base
        for larger in range(int(base * 1.5), base, -1):
            content = self._layout(w - 2 * margin, larger)
            title = font(int(larger * 1.4)).get_height()
            if content and margin // 2 + title + 6 + content[-1][1].bottom <= h - margin // 2:
                size = larger
                break
        self._sized = (key, size)
        return size

    def _layout(self, width: int, size: int) -> list[tuple[str, pygame.Rect, str, list[str], str]]:
        """Rows as (kind, rect relative to the page, label, note lines, name)."""
        lang, m = self.app.lang, self.model
        line = font(size).get_linesize()
        small = max(15, int(size * 0.85))
        out: list[tuple[str, pygame.Rect, str, list[str], str]] = []
        y = 0
        presets = list(PRESETS.get(m.game, {"standard": {}}))
        out.append(("heading", pygame.Rect(0, y, width, line), t("presets", lang), [], ""))
        y += line + 4
        x = 0
        for p in presets:  # buttons as wide as their names, flowing into lines
            label = preset_name(m.game, p, lang)
            bw = min(width, font(size).size(label)[0] + 24)
            if x and x + bw > width:
                x, y = 0, y + line + 12
            out.append(("preset", pygame.Rect(x, y, bw, line + 6), label, [], p))
            x += bw + 8
        y += line + 12
        note = wrap(preset_summary(m.game, m.preset, lang), width, small)
        beyond = changed_summary(m, lang)
        note += wrap(beyond, width, small) if beyond else []
        out.append(("note", pygame.Rect(0, y, width, len(note) * font(small).get_linesize()), "", note, ""))
        y += len(note) * font(small).get_linesize() + 10
        groups = grouped_options(m.game)
        if not groups:
            out.append(("note", pygame.Rect(0, y, width, line), "", [t("no_house_rules", lang)], ""))
            y += line + 10
        for en, de, names in groups:
            out.append(("heading", pygame.Rect(0, y, width, line), de if lang == "de" else en, [], ""))
            y += line + 4
            for name in names:
                lines = wrap(explanation(name, lang), width - 24, small)
                height = line + 8 + len(lines) * font(small).get_linesize()
                out.append(("option", pygame.Rect(0, y, width, height), option_label(name, m.value(name), lang),
                            lines, name))
                y += height + 6
        out.append(("back", pygame.Rect(0, y + 4, min(width, 320), line + 10), t("back_to_start", lang), [], ""))
        return out

    def _with_fixed_rules(
        self, content: list[tuple[str, pygame.Rect, str, list[str], str]], width: int, size: int, room: int
    ) -> list[tuple[str, pygame.Rect, str, list[str], str]]:
        """The page with the game's fixed rules (:func:`fixed_rules`) between its options and Back, as many whole
        sections as the window has room for without scrolling: Königs-Rommé's one option left a 1920x1080 page
        four-fifths empty felt, which looked broken. A page that scrolls already gets none."""
        if not content or content[-1][0] != "back" or content[-1][1].bottom > room:
            return content
        *rows, back = content
        small = max(15, int(size * 0.85))
        line, heading = font(small).get_linesize(), font(size).get_linesize()
        y = back[1].y + 6
        end = room - back[1].h - 10  # Back stays under the rules, in the window
        added: list[tuple[str, pygame.Rect, str, list[str], str]] = []
        for title, body in fixed_rules(self.model.game, self.app.lang):
            lines = [row for text in body for row in wrap(text, width - 24, small)]
            height = (line if title else 0) + len(lines) * line + 8
            if y + heading + 4 + height > end:
                break
            if not added:
                added.append(("heading", pygame.Rect(0, y, width, heading), t("fixed_rules", self.app.lang), [], ""))
                y += heading + 4
            added.append(("rule", pygame.Rect(0, y, width, height - 8), title, lines, ""))
            y += height
        if not added:
            return content
        return [*rows, *added, (back[0], back[1].move(0, y + 4 - back[1].y), *back[2:])]

    def _follow_focus(self, content: list[tuple[str, pygame.Rect, str, list[str], str]], room: int) -> None:
        """Keeps the focused row on screen when the keys move the focus."""
        focusable = [rect for kind, rect, *_ in content if kind in ("preset", "option", "back")]
        if 0 <= self.focus < len(focusable):
            r = focusable[self.focus]
            if r.top < self.scroll:
                self.scroll = r.top
            elif r.bottom > self.scroll + room:
                self.scroll = r.bottom - room

    def _draw_row(
        self, surface: pygame.Surface, kind: str, r: pygame.Rect, label: str, note: list[str], name: str, size: int
    ) -> None:
        small = max(15, int(size * 0.85))
        if kind == "heading":
            surface.blit(font(int(size * 1.1)).render(label, True, TEXT), r.topleft)
            return
        if kind == "rule":  # a section of the fixed rules: read, not chosen
            line = font(small).get_linesize()
            if label:
                surface.blit(font(small).render(label, True, (255, 230, 150)), r.topleft)
            for k, ln in enumerate(note):
                surface.blit(font(small).render(ln, True, TEXT), (r.x + 16, r.y + (k + bool(label)) * line))
            return
        if kind == "note":
            for k, ln in enumerate(note):
                surface.blit(font(small).render(ln, True, TEXT), (r.x, r.y + k * font(small).get_linesize()))
            return
        focused = len(self.hot) == self.focus
        chosen = kind == "preset" and name == self.model.preset
        colour = (255, 230, 120) if focused else ((200, 230, 200) if chosen else PANEL)
        pygame.draw.rect(surface, colour, r, border_radius=6)
        pygame.draw.rect(surface, DARK, r, 2 if chosen else 1, border_radius=6)
        surface.blit(font(size).render(label, True, DARK), (r.x + 10, r.y + 4))
        for k, ln in enumerate(note):
            y = r.y + font(size).get_linesize() + 4 + k * font(small).get_linesize()
            surface.blit(font(small).render(ln, True, (60, 60, 50)), (r.x + 20, y))
        self.hot.append((r, kind, name))
