"""Cards drawn by the program: suit shapes as polygons, rank and letter as text.

No font with suit glyphs is needed (pygame-ce's default font has none), and
every suit has its own shape *and* letter, so colour is never the only cue.
"""

from __future__ import annotations

import math
from functools import lru_cache
from pathlib import Path

import pygame

from romme.cards import deck, joker_face

from .i18n import cards_named, face_rank

WHITE = (250, 250, 245)
BACK = (40, 70, 140)
SELECT = (255, 200, 40)
INK = (20, 20, 20)

# suit letter -> (shape, colour)
SUITS = {
    ("koenigs", "c"): ("club", (20, 120, 40)),
    ("koenigs", "d"): ("diamond", (210, 110, 0)),
    ("koenigs", "h"): ("heart", (200, 20, 30)),
    ("koenigs", "s"): ("spade", (20, 20, 20)),
    ("koenigs", "t"): ("star", (30, 60, 200)),
    ("romme", "c"): ("club", (20, 20, 20)),
    ("romme", "d"): ("diamond", (200, 20, 30)),
    ("romme", "h"): ("heart", (200, 20, 30)),
    ("romme", "s"): ("spade", (20, 20, 20)),
    ("rummy", "B"): ("square", (30, 60, 200)),
    ("rummy", "R"): ("circle", (200, 20, 30)),
    ("rummy", "G"): ("triangle", (20, 130, 40)),
    ("rummy", "Y"): ("diamond", (200, 150, 0)),
    ("einmaleins", "H"): ("heart", (200, 20, 30)),
    ("einmaleins", "K"): ("circle", (30, 60, 200)),
    ("einmaleins", "D"): ("triangle", (20, 130, 40)),
    ("einmaleins", "Q"): ("square", (200, 120, 0)),
}


def shape_points(shape: str, cx: float, cy: float, r: float) -> list[list[tuple[float, float]]]:
    """Polygons (one or more) of a suit shape centred at (cx, cy), radius r. Pure geometry."""

    def circle(x: float, y: float, rr: float, n: int = 16) -> list[tuple[float, float]]:
        return [(x + rr * math.cos(2 * math.pi * i / n), y + rr * math.sin(2 * math.pi * i / n)) for i in range(n)]

    if shape == "diamond":
        return [[(cx, cy - r), (cx + 0.75 * r, cy), (cx, cy + r), (cx - 0.75 * r, cy)]]
    if shape == "square":
        return [
            [
                (cx - 0.8 * r, cy - 0.8 * r),
                (cx + 0.8 * r, cy - 0.8 * r),
                (cx + 0.8 * r, cy + 0.8 * r),
                (cx - 0.8 * r, cy + 0.8 * r),
            ]
        ]
    if shape == "triangle":
        return [[(cx, cy - r), (cx + r, cy + 0.8 * r), (cx - r, cy + 0.8 * r)]]
    if shape == "circle":
        return [circle(cx, cy, 0.85 * r)]
    if shape == "star":
        pts = []
        for i in range(10):
            rr = r if i % 2 == 0 else 0.42 * r
            a = -math.pi / 2 + math.pi * i / 5
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        return [pts]
    if shape == "heart":
        return [
            circle(cx - 0.45 * r, cy - 0.3 * r, 0.5 * r),
            circle(cx + 0.45 * r, cy - 0.3 * r, 0.5 * r),
            [(cx - 0.93 * r, cy - 0.15 * r), (cx + 0.93 * r, cy - 0.15 * r), (cx, cy + r)],
        ]
    if shape == "spade":
        return [
            circle(cx - 0.45 * r, cy + 0.15 * r, 0.48 * r),
            circle(cx + 0.45 * r, cy + 0.15 * r, 0.48 * r),
            [(cx - 0.92 * r, cy + 0.05 * r), (cx + 0.92 * r, cy + 0.05 * r), (cx, cy - r)],
            [(cx, cy + 0.2 * r), (cx + 0.3 * r, cy + r), (cx - 0.3 * r, cy + r)],
        ]
    if shape == "club":
        return [
            circle(cx, cy - 0.45 * r, 0.42 * r),
            circle(cx - 0.48 * r, cy + 0.1 * r, 0.42 * r),
            circle(cx + 0.48 * r, cy + 0.1 * r, 0.42 * r),
            [(cx, cy), (cx + 0.3 * r, cy + r), (cx - 0.3 * r, cy + r)],
        ]
    return [circle(cx, cy, 0.5 * r)]


#: the black suits' corner signs at small sizes, cell by cell: at a small window's meld cards (radius 4-7 px) the
#: polygons of a club's three lobes and of a spade's point both drew a blob on a stem, and a club run read as spades
#: where the next card hid the letter (play-test V3, Räuber-Rommé at 640x420: 'Bc Dc Kc Ac' beside '2s 3s Jo 5s').
#: The club keeps its round head and notched lobes, the spade its point.
PIXEL_SIGNS = {
    "club": (
        "...XXX...",
        "..XXXXX..",
        "..XXXXX..",
        "XX.XXX.XX",
        "XXXXXXXXX",
        "XXXXXXXXX",
        "XX.XXX.XX",
        "....X....",
        "..XXXXX..",
    ),
    "spade": (
        "....X....",
        "...XXX...",
        "..XXXXX..",
        ".XXXXXXX.",
        "XXXXXXXXX",
        "XXXXXXXXX",
        ".XX.X.XX.",
        "....X....",
        "..XXXXX..",
    ),
}
#: from this radius on the corner's club and spade are polygons again (a card 157 px high or more)
PIXEL_SIGN_R = 11


def corner_sign(surface: pygame.Surface, shape: str, colour: tuple[int, int, int], cx: float, cy: float,
                r: float) -> float:
    """A card's small suit sign centred at (cx, cy), radius ``r``: a club or spade below :data:`PIXEL_SIGN_R` from
    :data:`PIXEL_SIGNS` (one cell a pixel, two from radius 8), any other as its polygons. Its half width."""
    cells = PIXEL_SIGNS.get(shape)
    if cells is None or r >= PIXEL_SIGN_R:
        for poly in shape_points(shape, cx, cy, r):
            pygame.draw.polygon(surface, colour, poly)
        return r
    cell = max(1, int((2 * r + 2) / len(cells)))
    size = cell * len(cells)
    x0, y0 = round(cx - size / 2), round(cy - size / 2)
    for j, row in enumerate(cells):
        for i, mark in enumerate(row):
            if mark == "X":
                surface.fill(colour, (x0 + i * cell, y0 + j * cell, cell, cell))
    return size / 2


#: how much larger than its nominal size text is drawn: the window's scale (viewport.py sets it), so a big window
#: lays out at its own size with larger print instead of drawing small and scaling the picture up (soft letters)
_text_scale = [1.0]


def set_text_scale(scale: float) -> bool:
    """Draws text ``scale`` times its nominal size from now on; True if that changed (cached text is stale then)."""
    if scale == _text_scale[0]:
        return False
    _text_scale[0] = scale
    return True


def text_scale() -> float:
    return _text_scale[0]


def font(size: int) -> pygame.font.Font:
    """The print of nominal ``size`` (points at the base window size), grown with the window's scale."""
    return pixel_font(max(8, round(size * _text_scale[0])))


#: the table's print: DejaVu Sans Bold, shipped in the package beside its licence (no network nor system fonts at
#: run time). pygame-ce's own freesansbold drew the dots of 'ö', 'ü', 'Ä' as one bar at most sizes up to 24 pt
#: ('Königs' read 'Kōnigs' in small print); this one keeps them two dots from 16 pt up
FONT_FILE = Path(__file__).with_name("fonts") / "DejaVuSans-Bold.ttf"
#: its point size for a nominal size of pygame's default font: lines as wide (within 5 %) and as high as that
#: font's, which every size in the layouts was tuned with
FONT_SCALE = 0.6


#: whether pixel_font's cache is to be emptied by the next pygame.quit(): a font made before it is dead after it
#: ('Invalid font'), and pygame forgets its quit callbacks once it has called them
_forget_on_quit = [False]


def _forget_fonts() -> None:
    _forget_on_quit[0] = False
    pixel_font.cache_clear()


@lru_cache(maxsize=128)
def pixel_font(size: int) -> pygame.font.Font:
    """The print of nominal ``size`` (pygame's default font's size: about 0.7 of it in pixels high), whatever the
    window's scale (a card's face: sized from its rectangle)."""
    if not _forget_on_quit[0]:
        pygame.register_quit(_forget_fonts)
        _forget_on_quit[0] = True
    if FONT_FILE.is_file():
        try:
            shipped = pygame.font.Font(FONT_FILE, max(6, round(size * FONT_SCALE)))
            shipped.size("Kö")  # a damaged file opens as a font that fails its first line (or crashes pygame later)
            return shipped
        except (OSError, ValueError, pygame.error):
            pass
    return pygame.font.Font(None, max(8, size))  # a package without its data files, or damaged ones: pygame's own


def card_parts(game: str, token: str) -> tuple[str, str | None, str]:
    """(rank text, suit letter or None, kind) of a token, read from the deck."""
    d = deck(game)
    ct = d.types[d.parse_token(token)]
    if ct.kind == "joker":
        return (joker_face(game), None, "joker")
    if ct.kind in ("x", "draw", "stop", "ban"):
        return (ct.token, None, ct.kind)
    tok = ct.token
    if d.game in ("koenigs", "romme"):
        return (tok[:-1], tok[-1], "natural")
    if d.game in ("rummy", "einmaleins"):
        return (tok[1:], tok[0], "natural")
    return (tok, None, "natural")


#: the language the card faces are drawn in (their letters: a German Dame reads D), set with the window's
_FACE_LANG = ["en"]


def set_face_lang(lang: str) -> None:
    """Cards drawn from now on show the letters of ``lang`` (the table's language; the scenes set it as they draw)."""
    _FACE_LANG[0] = lang


def face_lang() -> str:
    return _FACE_LANG[0]


def draw_card(
    surface: pygame.Surface,
    rect: pygame.Rect,
    game: str,
    token: str | None,
    selected: bool = False,
    tag: str = "",
    invalid: bool = False,
    shown: int = 0,
) -> None:
    """Blits one card (face, or back when ``token`` is None) from a cache of rendered cards; ``tag``
    is a word on its face: a wild card's 'wild' / 'Joker' in the table's language, what a joker on
    the table stands for ('=B5'); ``shown``: the width of it the next card leaves in sight (0: all), which
    its rank must fit."""
    in_sight = shown if 0 < shown < rect.w else 0
    image = card_image(game, token, rect.w, rect.h, selected, tag, invalid, in_sight, _FACE_LANG[0])
    surface.blit(image, rect.topleft)


@lru_cache(maxsize=4096)
def card_image(
    game: str,
    token: str | None,
    w: int,
    h: int,
    selected: bool = False,
    tag: str = "",
    invalid: bool = False,
    shown: int = 0,
    lang: str = "en",
) -> pygame.Surface:
    """A rendered card of size w x h (transparent corners), its letters in ``lang``; cached, so a full table is
    cheap."""
    img = pygame.Surface((w, h), pygame.SRCALPHA)
    _paint_card(img, pygame.Rect(0, 0, w, h), game, token, selected, tag, invalid, shown, lang)
    return img


def rank_image(rank: str, colour: tuple[int, int, int], h: int, room: int = 0) -> pygame.Surface:
    """A card's rank in its top left corner (``h``: the card's height), in ``room`` pixels where that is set: a
    smaller print, then narrowed (in a hand of 30 Rummy tiles at 800x600 each card showed 19 px, and 10, 11, 12
    and 13 all read '1')."""
    return fitted_print(rank, colour, max(12, int(h * 0.3)), max(12, int(h * 0.2)), room)


def fitted_print(text: str, colour: tuple[int, int, int], size: int, smallest: int, room: int = 0) -> pygame.Surface:
    """``text`` in ``size`` pixels, in ``room`` pixels where that is set: printed smaller down to ``smallest``,
    then narrowed (a word on a small card or in the part of an overlapped card in sight stays whole)."""
    img = pixel_font(size).render(text, True, colour)
    while room and img.get_width() > room and size > smallest:
        size -= 1
        img = pixel_font(size).render(text, True, colour)
    if room and img.get_width() > room:
        img = pygame.transform.smoothscale(img, (max(1, room), img.get_height()))
    return img


def _paint_card(
    surface: pygame.Surface,
    rect: pygame.Rect,
    game: str,
    token: str | None,
    selected: bool = False,
    tag: str = "",
    invalid: bool = False,
    shown: int = 0,
    lang: str = "en",
) -> None:
    """Paints one card: face (token given) or back (token None); ``shown``: the width the rank must fit; ``lang``:
    the language of its letters (a German Bube reads B, what a joker stands for '=Dh').

    The top-left corner carries everything (rank, a small suit shape and its
    letter), so a card stays readable when the next one overlaps it.
    """
    radius = max(3, rect.w // 8)
    if token is None:
        pygame.draw.rect(surface, BACK, rect, border_radius=radius)
        pygame.draw.rect(surface, WHITE, rect.inflate(-6, -6), 1, border_radius=radius)
        if selected:  # a hinted stock: its outline was asked for and never drawn
            pygame.draw.rect(surface, SELECT, rect, 3, border_radius=radius)
        return
    game = deck(game).game
    pygame.draw.rect(surface, WHITE, rect, border_radius=radius)
    edge = SELECT if selected else ((220, 40, 40) if invalid else (90, 90, 90))
    pygame.draw.rect(surface, edge, rect, 3 if (selected or invalid) else 1, border_radius=radius)
    rank, suit, kind = card_parts(game, token)
    rank = face_rank(rank, game, lang) if kind == "natural" else rank
    shape, colour = SUITS.get((game, suit or ""), ("", INK))
    if kind == "joker":
        shape, colour = "star", (150, 30, 160)
    elif kind in ("draw", "stop", "x"):
        colour = {"draw": (30, 60, 200), "stop": (200, 20, 30), "x": (150, 30, 160)}[kind]
    img = rank_image(rank, colour, rect.h, shown - 4 if shown else 0)
    surface.blit(img, (rect.x + 3, rect.y + 3))
    corner_y = rect.y + 4 + img.get_height()
    if suit is not None or kind == "joker":
        small_r = max(4, rect.h * 0.07)
        cx = rect.x + 3 + small_r
        half = corner_sign(surface, shape, colour, cx, corner_y + small_r, small_r)
        corner = pygame.Rect(rect.x, rect.y, round(cx + half) - rect.x, round(corner_y + small_r + half) - rect.y)
        if suit is not None:
            letter = pixel_font(max(10, int(rect.h * 0.2))).render(suit, True, colour)
            at = (round(cx + max(small_r, half) + 2), corner_y)
            surface.blit(letter, at)
            corner.union_ip(letter.get_rect(topleft=at))
        r = min(rect.w, rect.h) * 0.26
        big = (rect.centerx + rect.w * 0.12, rect.y + rect.h * 0.68)
        # only where it clears the corner's sign and letter: on the start screen's tiles at 640x420 (cards 30 px
        # high) they ran into one blob, a run of three squares read as blue zig-zags (play-test V9); the corner
        # says it all
        if not corner.colliderect(pygame.Rect(round(big[0] - r), round(big[1] - r), round(2 * r), round(2 * r))):
            for poly in shape_points(shape, big[0], big[1], r):
                pygame.draw.polygon(surface, colour, poly)
    else:  # Krass Kariert cards and specials: the number or word large in the middle
        label = {"x": "X", "draw": "+3", "stop": "STOP"}.get(kind, rank)
        # within the card: 'STOP' on the score sheet's small cards read 'STOF', its P past the edge
        size = max(14, int(rect.h * (0.28 if kind != "natural" else 0.42)))
        img = fitted_print(label, colour, size, max(8, int(rect.h * 0.16)), rect.w - 6)
        centre = min(rect.centerx + rect.w * 0.1, rect.right - 3 - img.get_width() / 2)
        box = img.get_rect(center=(round(centre), rect.y + rect.h * 0.68))
        if not 0 < shown < rect.w or box.right <= rect.x + shown:  # a covered card shows its corner only: the
            surface.blit(img, box)  # next card cut a big '10' to a lone '1' between 10 and 9 (play-test U5)
    if tag.startswith("=") or (tag and kind == "joker"):  # what a wild stands for (a joker, 1x1-Rommé's
        # 1-card in a run): on the left half, seen where melds overlap cards, within the part in sight ('=H12'
        # ran under the next card of H1 H15 H18, H6 at 1920x1080)
        room = (shown if shown else rect.w) - 6
        tag = cards_named(tag, game, lang)
        img = fitted_print(tag, INK, stands_for_size(rect.h), max(8, int(rect.h * 0.12)), room)
        back = pygame.Rect(rect.x + 3, rect.y + int(rect.h * 0.5), img.get_width(), img.get_height())
        pygame.draw.rect(surface, WHITE, back)
        surface.blit(img, back.topleft)
    elif tag and kind == "natural":  # a wild card: bottom right, under its big suit shape, in the part in sight
        # of an overlapped hand card ('wild' read 'wil' under the next card)
        right = rect.x + shown if shown else rect.right
        size = max(10, int(rect.h * 0.18))
        img = fitted_print(tag, (150, 30, 160), size, max(8, int(rect.h * 0.12)), right - rect.x - 6)
        surface.blit(img, (right - img.get_width() - 3, rect.bottom - img.get_height() - 2))


def stands_for_size(h: int) -> int:
    """The print of what a wild stands for on a card ``h`` px high: a fifth of it, at least 12 (10 px read '=5d' as a
    smudge on the 51-px cards of a small window: S9)."""
    return max(12, int(h * 0.2))


def stands_for_over(surface: pygame.Surface, rect: pygame.Rect, game: str, tag: str, shown: int) -> pygame.Rect | None:
    """What a wild stands for (``tag``, '=Bs') printed whole over a small card whose part in sight (``shown`` px of
    it) does not hold it at the card's print: on a white label reaching over the lower left of the
    next card (its rank and suit stay in sight above). Seven melds at 640x420 narrowed '=Bs' into 13 px, unreadable
    (play-test S9); the card's own print keeps to its part in sight where that holds it (H6 F11). The label's rect,
    or None: the card's print holds it, nothing drawn."""
    if not tag.startswith("=") or not 0 < shown < rect.w:
        return None
    words = cards_named(tag, deck(game).game, _FACE_LANG[0])
    if pixel_font(stands_for_size(rect.h)).size(words)[0] <= shown - 6:
        return None
    img = pixel_font(stands_for_size(rect.h)).render(words, True, INK)
    back = pygame.Rect(rect.x + 2, rect.y + int(rect.h * 0.5), img.get_width() + 4, img.get_height())
    pygame.draw.rect(surface, WHITE, back, border_radius=2)
    pygame.draw.rect(surface, (150, 30, 160), back, 1, border_radius=2)
    surface.blit(img, (back.x + 2, back.y))
    return back
