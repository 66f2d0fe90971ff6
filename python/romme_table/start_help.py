"""The start screen's row help: what a click on the row under the resting mouse does, or the keys on the row the
keys focused. A newcomer read 'Bot 1: computer, Medium' and 'Rules: standard' as labels, with nothing saying that a
click changes them (and a right-click goes back), which levels and rule sets there are, or what 'Cards: a new
shuffle every game' is for."""

from __future__ import annotations

from functools import lru_cache

import pygame

from romme.bots import LEVELS, levels_of

from .cards_draw import font, text_scale
from .i18n import level_name, listed, preset_name
from .scenes import DARK, fitted_rows, px, text_image

#: seconds the mouse rests on a row before its help shows (moving across the rows shows none)
REST = 0.5
#: the smallest print of the help (the rows beside it print no smaller: at 640x420 they were half its size)
HELP_SMALLEST = 16
PANEL = (255, 250, 215)
EDGE = (120, 100, 40)

HELP: dict[str, dict[str, str]] = {
    "en": {
        "game": "Click: the next game (right-click: the one before). A click on a game's picture above chooses it.",
        "seat_add": "Click: one more seat at the table, a computer player (right-click: one seat less).",
        "seat_remove": "Click: the last seat leaves the table (right-click: one seat more).",
        "seat": "Click: who plays this seat — {order} (right-click: back). F2: type a name.",
        "preset": "Click: the next rule set of {game} — {presets} (right-click: back).",
        "one_preset": "{game} is played by one rule set; its house rules are below.",
        "no_preset": "{game} is played by one rule set.",
        "house": "Each house rule of {game}, to switch on or off one by one.",
        "no_house": "{game} has no house rules to choose.",
        "seed_fresh": "Click: keep this game's cards, to play the same deal again (the game no. shown at the table).",
        "seed_fixed": "Click: a new shuffle for every game.",
        "language": "Klick: auf Deutsch spielen.",
        "rules": "How {game} is played: the rules in short (F1, at the table as well).",
        "resume": "Go on with the {game} game the window was closed on (L).",
        "start": "Deal and play (Enter). Esc closes the window.",
        "tile": "Click: choose {game}.",
    },
    "de": {
        "game": "Klick: das nächste Spiel (Rechtsklick: das vorige). Ein Klick auf ein Spielbild oben wählt es.",
        "seat_add": "Klick: ein Platz mehr am Tisch, ein Computerspieler (Rechtsklick: ein Platz weniger).",
        "seat_remove": "Klick: der letzte Platz verlässt den Tisch (Rechtsklick: ein Platz mehr).",
        "seat": "Klick: wer hier spielt — {order} (Rechtsklick: zurück). F2: Namen eintippen.",
        "preset": "Klick: die nächsten Regeln für {game} — {presets} (Rechtsklick: zurück).",
        "one_preset": "{game} hat einen Regelsatz; seine Hausregeln stehen darunter.",
        "no_preset": "{game} hat einen Regelsatz.",
        "house": "Jede Hausregel von {game}, einzeln ein- und auszuschalten.",
        "no_house": "{game} hat keine Hausregeln zur Wahl.",
        "seed_fresh": "Klick: die Karten dieses Spiels behalten, um dasselbe Spiel noch einmal zu spielen (Spiel Nr.).",
        "seed_fixed": "Klick: jedes Spiel neu mischen.",
        "language": "Click: play in English.",
        "rules": "Wie {game} gespielt wird: die Regeln in Kürze (F1, auch am Tisch).",
        "resume": "Das {game}-Spiel fortsetzen, bei dem das Fenster geschlossen wurde (L).",
        "start": "Geben und spielen (Eingabe). Esc schließt das Fenster.",
        "tile": "Klick: {game} wählen.",
    },
}


#: the help of the row the keys moved the focus to, in the keys' words (play-test W1: Up / Down moved the focus, and
#: nothing said which key acts on the row; Enter, pressed to add a seat, dealt the game: it starts from every row)
KEY_HELP: dict[str, dict[str, str]] = {
    "en": {
        "game": "Space / →: the next game (←: the one before).",
        "seat_add": "Space / →: one more seat at the table, a computer player (←: one seat less).",
        "seat_remove": "Space / →: the last seat leaves the table (←: one seat more).",
        "seat": "Space / →: who plays this seat — {order} (←: back). F2: type a name.",
        "preset": "Space / →: the next rule set of {game} — {presets} (←: back).",
        "house": "Space / →: the house rules of {game}, to switch on or off one by one.",
        "seed_fresh": "Space / →: keep this game's cards, to play the same deal again (the game no. at the table).",
        "seed_fixed": "Space / →: a new shuffle for every game.",
        "language": "Leertaste / →: auf Deutsch spielen.",
        "rules": "Space / → or F1: how {game} is played, the rules in short.",
        "resume": "Space / → or L: go on with the {game} game the window was closed on.",
        "start": "Enter, Space or →: deal and play. Esc closes the window.",
    },
    "de": {
        "game": "Leertaste / →: das nächste Spiel (←: das vorige).",
        "seat_add": "Leertaste / →: ein Platz mehr am Tisch, ein Computerspieler (←: ein Platz weniger).",
        "seat_remove": "Leertaste / →: der letzte Platz verlässt den Tisch (←: ein Platz mehr).",
        "seat": "Leertaste / →: wer hier spielt — {order} (←: zurück). F2: Namen eintippen.",
        "preset": "Leertaste / →: die nächsten Regeln für {game} — {presets} (←: zurück).",
        "house": "Leertaste / →: die Hausregeln von {game}, einzeln ein- und auszuschalten.",
        "seed_fresh": "Leertaste / →: die Karten dieses Spiels behalten, um dasselbe Spiel noch einmal zu spielen.",
        "seed_fixed": "Leertaste / →: jedes Spiel neu mischen.",
        "language": "Space / →: play in English.",
        "rules": "Leertaste / → oder F1: wie {game} gespielt wird, die Regeln in Kürze.",
        "resume": "Leertaste / → oder L: das {game}-Spiel fortsetzen, bei dem das Fenster geschlossen wurde.",
        "start": "Eingabe, Leertaste oder →: geben und spielen. Esc schließt das Fenster.",
    },
}
#: after every row's key help but the start row's: Enter starts from every row
KEY_START = {"en": "Enter: deal and play.", "de": "Eingabe: geben und spielen."}


def key_help_text(key: str, lang: str, game: str = "", presets: list[str] | None = None, game_id: str = "") -> str:
    """The help of a row of kind ``key`` focused by the keys: what Space / → and ← do there (rows where no key
    changes anything say what the row is, as the mouse's help does), and that Enter deals."""
    words = KEY_HELP.get(lang, KEY_HELP["en"])
    if key not in words:  # one rule set, no house rules: nothing to change, the row's plain help
        return f"{help_text(key, lang, game, presets, game_id)} {KEY_START.get(lang, KEY_START['en'])}"
    text = _filled(words[key], lang, game, presets, game_id)
    return text if key == "start" else f"{text} {KEY_START.get(lang, KEY_START['en'])}"


def help_text(key: str, lang: str, game: str = "", presets: list[str] | None = None, game_id: str = "") -> str:
    """The help for a row of kind ``key`` ('seat' lists the seat kinds, 'preset' the game's rule sets)."""
    return _filled(HELP.get(lang, HELP["en"])[key], lang, game, presets, game_id)


def _filled(words: str, lang: str, game: str, presets: list[str] | None, game_id: str) -> str:
    """``words`` with the game's name, the seat kinds in their order and the game's rule sets filled in."""
    levels = levels_of(game_id) if game_id else LEVELS  # (the solitaire has no Easy: no opponent)
    order = " → ".join([HELP_HUMAN.get(lang, "human"), *(level_name(v, lang) for v in levels)])
    names = listed([preset_name(game_id, p, lang) for p in presets or []], lang)
    return words.format(game=game, order=order, presets=names)


HELP_HUMAN = {"en": "a person", "de": "ein Mensch"}


def draw_help(surface: pygame.Surface, row: pygame.Rect, words: str, beside: pygame.Rect) -> pygame.Rect:
    """``words`` in a panel in ``beside`` (the other column), level with ``row`` and as wide as that column, in
    three rows at most (under the row it hid the next row: the seat count's help covered '- remove the last
    seat'); the panel's rectangle."""
    rows, size = _help_rows(words, beside.w - px(16), text_scale())
    panel = pygame.Rect(beside.x, row.y, beside.w, len(rows) * font(size).get_linesize() + px(10))
    panel.bottom = min(panel.bottom, surface.get_height() - px(2))
    _paint(surface, panel, rows, size)
    return panel


def draw_tile_help(surface: pygame.Surface, tile: pygame.Rect, words: str) -> pygame.Rect:
    """``words`` in a panel inside the bottom of a game's ``tile``, over its summary, in three rows at most: under
    the tile it lay over the row below (800x600, de: 'Klick: Königs-Rommé Patience wählen.' hid 'Spiel: …'); the
    panel's rectangle."""
    inset = px(4)  # (below only: as wide as the tile, 'Königs-Rommé' still fits a row of the tile at 640x420)
    rows, size = _help_rows(words, tile.w - px(16), text_scale())
    height = min(len(rows) * font(size).get_linesize() + px(10), tile.h - 2 * inset)
    panel = pygame.Rect(tile.x, tile.bottom - inset - height, tile.w, height)
    _paint(surface, panel, rows, size)
    return panel


def _paint(surface: pygame.Surface, panel: pygame.Rect, rows: tuple[str, ...], size: int) -> None:
    pygame.draw.rect(surface, PANEL, panel, border_radius=5)
    pygame.draw.rect(surface, EDGE, panel, 1, border_radius=5)
    line = font(size).get_linesize()
    for k, r in enumerate(rows):
        surface.blit(text_image(r, size, DARK), (panel.x + px(8), panel.y + px(5) + k * line))


@lru_cache(maxsize=64)  # drawn every frame while the mouse rests; the print's scale goes with the window's size
def _help_rows(words: str, width: int, scale: float) -> tuple[tuple[str, ...], int]:
    rows, size = fitted_rows(words, width, 3, 20, HELP_SMALLEST)
    return tuple(rows), size
