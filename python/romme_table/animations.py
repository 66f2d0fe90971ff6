"""Short card flights that show what the other seats do (stock -> seat, seat -> discard,
seat -> table), with a speed setting that includes "off" and a skip.

The animator only holds rectangles and times; the table scene tells it which move
happened and where things are, and waits for the flights before the next bot moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from .cards_draw import draw_card

#: seconds one flight takes at each speed ("off": moves appear at once)
SPEEDS: dict[str, float] = {"off": 0.0, "fast": 0.18, "normal": 0.35, "slow": 0.6}
SPEED_ORDER = ["normal", "slow", "off", "fast"]
SPEED_WORDS = {
    "en": {"off": "off", "fast": "fast", "normal": "normal", "slow": "slow", "title": "Animations (A): {s}"},
    "de": {"off": "aus", "fast": "schnell", "normal": "normal", "slow": "langsam", "title": "Animationen (A): {s}"},
}


def speed_text(speed: str, lang: str) -> str:
    words = SPEED_WORDS.get(lang, SPEED_WORDS["en"])
    return words["title"].format(s=words.get(speed, speed))


@dataclass(frozen=True)
class Flight:
    """One card (a face, or a back when ``token`` is None) moving from ``start`` to ``end``."""

    token: str | None
    start: pygame.Rect
    end: pygame.Rect
    begin: float
    duration: float

    def done(self, now: float) -> bool:
        return now >= self.begin + self.duration

    def rect_at(self, now: float) -> pygame.Rect:
        """Where the card is at ``now`` (eased: fast start, soft landing)."""
        if self.duration <= 0:
            return self.end.copy()
        f = min(1.0, max(0.0, (now - self.begin) / self.duration))
        return between(self.start, self.end, 1 - (1 - f) ** 3)  # position and size (a table card is smaller)


def between(a: pygame.Rect, b: pygame.Rect, f: float) -> pygame.Rect:
    """The card ``f`` (0..1, eased) of the way from ``a`` to ``b``; its height in steps of 4 px (rendered cards are
    cached by size)."""
    h = b.h if a.h == b.h else 4 * round((a.h + (b.h - a.h) * f) / 4)
    w = b.w if a.w == b.w else round(h * b.w / max(1, b.h))
    return pygame.Rect(int(a.x + (b.x - a.x) * f), int(a.y + (b.y - a.y) * f), w, h)


@dataclass
class Glide:
    """A meld moving from the cards ``start`` to the cards ``end`` (one rectangle per card)."""

    start: list[pygame.Rect]
    end: list[pygame.Rect]
    begin: float
    duration: float

    def at(self, now: float) -> list[pygame.Rect]:
        f = min(1.0, max(0.0, (now - self.begin) / self.duration)) if self.duration > 0 else 1.0
        f = 1 - (1 - f) ** 3
        return [between(a, b, f) for a, b in zip(self.start, self.end, strict=True)]


@dataclass
class MeldGlides:
    """The table's melds glide to new places instead of jumping there: when a meld leaves and the rows close up, a
    lay-off moves the melds after it along, the rows are laid anew. A meld is followed by its cards (a meld whose
    cards changed is drawn where it now is: its own cards flew there)."""

    drawn: dict[tuple[str, ...], list[pygame.Rect]] = field(default_factory=dict)  # each meld's place last frame
    glides: dict[tuple[str, ...], Glide] = field(default_factory=dict)
    window: tuple[int, int] = (0, 0)  # the window's size last frame
    last: tuple[list[list[pygame.Rect]], list[list[pygame.Rect]]] = ([], [])  # last frame: (places, where drawn)

    def shown(
        self,
        melds: list[list[str]],
        places: list[list[pygame.Rect]],
        now: float,
        duration: float,
        window: tuple[int, int] = (0, 0),
    ) -> list[list[pygame.Rect]]:
        """Where the melds are drawn at ``now``: each at its place, or on its way there from where it stood. A
        resized ``window`` moves them at once (they would trail behind the window's edge)."""
        if window != self.window:
            self.window, duration = window, 0.0
            self.glides.clear()
        out: list[list[pygame.Rect]] = []
        drawn: dict[tuple[str, ...], list[pygame.Rect]] = {}
        glides: dict[tuple[str, ...], Glide] = {}
        seen: dict[tuple[str, ...], int] = {}
        for meld, place in zip(melds, places, strict=False):
            key = (*sorted(meld), str(seen.setdefault(tuple(sorted(meld)), 0)))  # two alike melds: two keys
            seen[tuple(sorted(meld))] += 1
            glide = self.glides.get(key)
            if glide is not None and glide.end != place:  # a new place while gliding: on from where it is
                glide = Glide(glide.at(now), list(place), now, duration) if duration > 0 else None
            elif glide is None and duration > 0 and self.drawn.get(key, place) != place:
                if len(self.drawn[key]) == len(place):
                    glide = Glide(self.drawn[key], list(place), now, duration)
            if glide is not None and now < glide.begin + glide.duration:
                glides[key] = glide
                out.append(glide.at(now))
            else:
                out.append(place)
            drawn[key] = list(place)
        self.drawn, self.glides = drawn, glides
        out += places[len(out) :]
        self.last = ([list(p) for p in places], [list(r) for r in out])
        return out

    def seen(self, places: list[list[pygame.Rect]]) -> list[list[pygame.Rect]]:
        """Where the player sees the melds of ``places``: where the last frame drew them (a click during a glide
        meant the meld where it stood on the screen, not its new place); ``places`` when that frame drew others."""
        drawn_for, drawn = self.last
        return [list(r) for r in drawn] if drawn_for == places else places

    def busy(self, now: float) -> bool:
        return any(now < g.begin + g.duration for g in self.glides.values())

    def skip(self) -> None:
        self.glides.clear()


@dataclass
class Animator:
    """The flights in the air and the melds gliding to new places; ``busy`` holds the next bot move back until the
    flights land."""

    speed: str = "normal"
    flights: list[Flight] = field(default_factory=list)
    melds: MeldGlides = field(default_factory=MeldGlides)

    @property
    def duration(self) -> float:
        return SPEEDS.get(self.speed, SPEEDS["normal"])

    def next_speed(self) -> str:
        self.speed = SPEED_ORDER[(SPEED_ORDER.index(self.speed) + 1) % len(SPEED_ORDER)]
        if self.speed == "off":
            self.skip()
        return self.speed

    def fly(self, now: float, cards: list[str | None], start: pygame.Rect, end: pygame.Rect) -> None:
        """Cards from ``start`` to ``end``, one after the other, after the flights already queued."""
        if self.duration <= 0:
            return
        begin = max([now] + [f.begin + f.duration for f in self.flights])
        step = self.duration / 3
        for k, token in enumerate(cards[:4]):
            landing = end.move(k * end.w // 3, 0)
            self.flights.append(Flight(token, start.copy(), landing, begin + k * step, self.duration))

    def busy(self, now: float) -> bool:
        self.flights = [f for f in self.flights if not f.done(now)]
        return bool(self.flights)

    def skip(self) -> None:
        self.flights.clear()
        self.melds.skip()

    def draw(self, surface: pygame.Surface, game: str, now: float) -> None:
        for f in self.flights:
            if f.begin <= now:
                draw_card(surface, f.rect_at(now), game, f.token)


def move_route(kind: str, move_json: dict[str, Any], game_id: str = "") -> tuple[str, str] | None:
    """(from, to) of a move: places named ``stock``, ``discard``, ``seat`` and ``table``; None: no card moves.
    'pass' is Rummy's draw of a card, and in Rommé the answer 'no knock'; a knock only claims the discard (the
    next player may still take it): neither moves a card (both flew a back from the seat onto the table's 'new
    meld' slot, play-test Q8). The knocker's cards fly with the stock draw that gives them (:func:`knock_settled`)."""
    if kind in ("pass", "knock"):
        return ("stock", "seat") if (kind, game_id) == ("pass", "rummy") else None
    if kind == "draw":
        return ("discard" if move_json.get("source") == "discard" else "stock", "seat")
    if kind in ("discard", "out"):
        return ("seat", "discard")
    if kind in ("insert", "reserve"):
        return ("stock", "seat")
    return ("seat", "table")


def knock_settled(game_id: str, history: Sequence[Any], k: int) -> tuple[int, Any] | None:
    """Rommé: when move ``k`` is the stock draw after a knock, the knocker's seat and the card knocked for (the
    discard before the knock question), which the knocker takes now with a penalty card from the stock (RULES.md
    §2, 'Knocking'); None for any other move. Only knocks and passes lie between that discard and the draw."""
    if game_id != "romme" or not 0 <= k < len(history):
        return None
    drawn = history[k].to_json()
    if (drawn.get("kind"), drawn.get("source")) != ("draw", "stock"):
        return None
    knocker, i = None, k - 1
    while i >= 0 and (answer := history[i].to_json()).get("kind") in ("knock", "pass"):
        knocker = answer.get("player") if answer.get("kind") == "knock" else knocker
        i -= 1
    discard = history[i].to_json() if i >= 0 else {}
    if not isinstance(knocker, int) or discard.get("kind") != "discard":
        return None
    return knocker, discard.get("card")
