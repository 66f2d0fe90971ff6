"""The move log: every move of every seat in plain words (DE/EN), newest last.

Built from the game's public history (each move names its seat), so it needs no
bookkeeping of its own and shows the same after Undo or Load. A move's text never
holds hidden cards: a draw from the stock says only that it came from the stock.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

import pygame

from romme.engine import GameState, new_game
from romme.table import TABLE_GAMES, place_table, table_melds

from .cards_draw import font
from .i18n import counted, move_text

TITLE = {"en": "Moves (A: card speed, F: skip)", "de": "Züge (A: Kartentempo, F: überspringen)"}
#: a whole-table move names the whole table; the log says what it did instead
TABLE_MOVE_WORDS = {
    "en": "lays out and rebuilds the table ({melds})",
    "de": "legt aus und baut den Tisch um ({melds})",
}
#: the same when the table before the move is known: how many hand cards it laid
TABLE_MOVE_LAID = {
    "en": "lays {cards}, the table has {melds}",
    "de": "legt {cards}, der Tisch hat {melds}",
}
KRASS_WORDS = {
    "en": {
        "play": "plays {cards} ({combo})",
        "reserve": "takes reserve card {cards}",
        "insert": "puts the drawn card in",
    },
    "de": {
        "play": "spielt {cards} ({combo})",
        "reserve": "nimmt die Reservekarte {cards}",
        "insert": "steckt die gezogene Karte ein",
    },
}


def krass_words(move_json: dict[str, Any], obs: dict[str, Any], lang: str) -> str | None:
    """Krass Kariert: the cards a play showed (the move names only hand positions), read from the
    public trick right after the move; None when the trick does not show it."""
    from .i18n import combination_text

    words = KRASS_WORDS.get(lang, KRASS_WORDS["en"])
    kind, player = move_json.get("kind"), move_json.get("player")
    if kind == "insert":
        return words["insert"]
    if kind not in ("play", "reserve"):
        return None
    entries = obs.get("trick") or []
    last = obs.get("last_trick")
    if not entries and isinstance(last, dict):  # the play closed the trick
        entries = last.get("entries") or []
    entry = next((e for e in reversed(entries) if e.get("player") == player and e.get("action") == kind), None)
    if entry is None:
        return None
    return words[kind].format(cards=entry.get("cards", ""), combo=combination_text(entry.get("combination", ""), lang))


def table_move_words(move: Any, laid: int, lang: str) -> str | None:
    """A place-move in words with the number of hand cards it laid; None for other moves."""
    melds = place_table(move)
    if melds is None:
        return None
    return TABLE_MOVE_LAID.get(lang, TABLE_MOVE_LAID["en"]).format(
        cards=counted(laid, "card", lang), melds=counted(len(melds), "meld", lang)
    )


def move_note(game: str, move: Any, table_before: list[list[str]], after: dict[str, Any], lang: str) -> str:
    """What the log says of a move whose table before and observation after are known (``""``: its
    plain words): a place-move's hand cards laid, Krass Kariert's play with the cards the trick showed."""
    from .controller import move_cards  # the controller imports this module's helpers

    if game == "krass":
        return krass_words(move.to_json(), after, lang) or ""
    return table_move_words(move, len(move_cards(game, move, table_before)), lang) or ""


def replayed_notes(state: GameState, viewer: int, lang: str) -> dict[int, str]:
    """The notes of :func:`move_note` for every move of a game not seen played (loaded, resumed): it
    is replayed from its deal to know the table before and the trick after each move. Without them a
    loaded game's new melds read as 'lays out and rebuilds the table'."""
    if state.game_id not in (*TABLE_GAMES, "krass"):
        return {}
    replay = new_game(state.game_id, players=state.num_players, seed=state.seed, rules=state.rules)
    notes: dict[int, str] = {}
    for k, move in enumerate(state.history):
        before = table_melds(replay.observation(viewer)) if state.game_id in TABLE_GAMES else []
        replay.apply(move)
        if place_table(move) is not None or state.game_id == "krass":
            notes[k] = move_note(state.game_id, move, before, replay.observation(viewer), lang)
    return notes


def move_words(move: Any, lang: str) -> str:
    """One move in plain words (``draw stock`` -> ``"vom Stapel ziehen"``; a place-move by its melds)."""
    melds = place_table(move)
    if melds is not None:
        return TABLE_MOVE_WORDS.get(lang, TABLE_MOVE_WORDS["en"]).format(melds=counted(len(melds), "meld", lang))
    return move_text(str(move), lang)


def log_lines(
    game: str,
    history: Sequence[Any],
    names: Sequence[str],
    lang: str,
    last: int = 200,
    notes: Mapping[int, str] | None = None,
) -> list[str]:
    """``"Anna: vom Stapel ziehen"`` for each of the last ``last`` moves of ``history``;
    ``notes`` (move number -> words) replace the words of moves seen as they were played."""
    out = []
    first = max(0, len(history) - last)
    for k in range(first, len(history)):
        move = history[k]
        player = getattr(move, "player", -1)
        who = names[player] if isinstance(player, int) and 0 <= player < len(names) else "—"
        words = (notes or {}).get(k) or move_words(move, lang)
        out.append(f"{who}: {words}")
    return out


@lru_cache(maxsize=512)
def _line_image(line: str, size: int, width: int) -> pygame.Surface:
    """One rendered log line, cut to ``width`` (cached: the log redraws every frame)."""
    f = font(size)
    shown = line
    while shown and f.size(shown)[0] > width:
        shown = shown[:-2] + "…" if len(shown) > 2 else ""
    return f.render(shown, True, (235, 235, 220))


@lru_cache(maxsize=512)
def wrapped(line: str, size: int, width: int) -> tuple[str, ...]:
    """``line`` broken at spaces into rows of at most ``width`` pixels (rows after the first indented)."""
    f = font(size)
    rows: list[str] = []
    current = ""
    for word in line.split(" "):
        trial = f"{current} {word}" if current else (word if not rows else f"   {word}")
        if current and f.size(trial)[0] > width:
            rows.append(current)
            current = f"   {word}"
        else:
            current = trial
    rows.append(current)
    return tuple(rows)


def draw_move_log(surface: pygame.Surface, rect: pygame.Rect, lines: Sequence[str], lang: str) -> None:
    """The log panel: a title and as many of the newest moves as fit in ``rect`` (long ones wrapped)."""
    if rect.h < 40 or rect.w < 60:
        return
    pygame.draw.rect(surface, (12, 55, 32), rect, border_radius=6)
    size = 16
    title = wrapped(TITLE.get(lang, TITLE["en"]), size, rect.w - 12)
    for k, row in enumerate(title):
        surface.blit(_line_image(row.strip(), size, rect.w - 12), (rect.x + 6, rect.y + 4 + k * size))
    top = rect.y + 8 + len(title) * size
    rows = max(0, (rect.bottom - top) // size)
    shown: list[str] = []
    for line in reversed(list(lines)):  # the newest moves, as many as fit
        parts = wrapped(line, size, rect.w - 12)
        if len(shown) + len(parts) > rows:
            break
        shown[:0] = parts
    for k, row in enumerate(shown):
        surface.blit(_line_image(row, size, rect.w - 12), (rect.x + 6, top + k * size))
