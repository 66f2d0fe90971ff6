"""All words the table shows, in English and German (one table, no logic)."""

from __future__ import annotations

GAME_NAMES = {
    "koenigs": {"en": "Königs-Rommé", "de": "Königs-Rommé"},
    "koenigs-solo": {"en": "Königs-Rommé solitaire", "de": "Königs-Rommé Patience"},
    "romme": {"en": "Rommé", "de": "Rommé"},
    "einmaleins": {"en": "1x1-Rommé", "de": "1x1-Rommé"},
    "rummy": {"en": "Rummy", "de": "Rummy"},
    "krass": {"en": "Krass Kariert", "de": "Krass Kariert"},
}

STRINGS: dict[str, dict[str, str]] = {
    "title": {"en": "romme — pick a game", "de": "romme — Spiel wählen"},
    "start": {"en": "Start (Enter)", "de": "Start (Eingabe)"},
    "seats": {"en": "Seats", "de": "Plätze"},
    "human": {"en": "human", "de": "Mensch"},
    "preset": {"en": "Rules", "de": "Regeln"},
    "language": {"en": "Language: English", "de": "Sprache: Deutsch"},
    "your_turn": {"en": "{name}: your turn", "de": "{name}: du bist dran"},
    "waiting": {"en": "{name} is thinking…", "de": "{name} überlegt…"},
    "stock": {"en": "Stock", "de": "Stapel"},
    "discard": {"en": "Discard", "de": "Ablage"},
    "table": {"en": "Table", "de": "Tisch"},
    "round": {"en": "Round {r} — wild {w}", "de": "Runde {r} — Joker {w}"},
    "scores": {"en": "Scores", "de": "Punkte"},
    "hint": {"en": "Hint (H)", "de": "Tipp (H)"},
    "undo": {"en": "Undo (U)", "de": "Zurück (U)"},
    "save": {"en": "Save (S)", "de": "Speichern (S)"},
    "load": {"en": "Load (L)", "de": "Laden (L)"},
    "new": {"en": "New game (N)", "de": "Neues Spiel (N)"},
    "sort": {"en": "Sort (O)", "de": "Sortieren (O)"},
    "reset": {"en": "Reset turn (R)", "de": "Zug zurücksetzen (R)"},
    "curtain": {"en": "{name}, click when ready", "de": "{name}, klicke wenn bereit"},
    "game_over": {"en": "Game over — {winners} won", "de": "Spielende — {winners} gewinnt"},
    "speed": {"en": "Bot speed: {s}", "de": "Bot-Tempo: {s}"},
    "no_moves": {"en": "select cards, then pick an action", "de": "Karten wählen, dann Aktion"},
    "saved": {"en": "saved to {path}", "de": "gespeichert: {path}"},
    "loaded": {"en": "loaded {path}", "de": "geladen: {path}"},
    "illegal": {"en": "not allowed: {why}", "de": "nicht erlaubt: {why}"},
    "back": {"en": "Back (Esc)", "de": "Zurück (Esc)"},
    "name": {"en": "name", "de": "Name"},
    "round_over": {"en": "Scores after this round", "de": "Punkte nach dieser Runde"},
    "rearrange": {"en": "Rearrange table (T)", "de": "Tisch umlegen (T)"},
    "end_turn": {"en": "End turn (E)", "de": "Zug beenden (E)"},
    "cancel": {"en": "Cancel (Esc)", "de": "Abbrechen (Esc)"},
    "continue": {"en": "Continue (Enter)", "de": "Weiter (Eingabe)"},
}

# Move kinds -> the games' German terms (Herauskommen, Anlegen, Joker tauschen, Klopfen …).
MOVE_WORDS: dict[str, dict[str, str]] = {
    "draw": {"en": "draw", "de": "ziehen"},
    "discard": {"en": "discard", "de": "ablegen"},
    "meld": {"en": "lay meld", "de": "auslegen"},
    "open": {"en": "open", "de": "Herauskommen"},
    "layoff": {"en": "lay off", "de": "Anlegen"},
    "swap": {"en": "swap joker", "de": "Joker tauschen"},
    "knock": {"en": "knock", "de": "Klopfen"},
    "pass": {"en": "pass", "de": "passen"},
    "go-out": {"en": "go out", "de": "ausmachen"},
    "goout": {"en": "go out", "de": "ausmachen"},
    "place": {"en": "place", "de": "legen"},
    "play": {"en": "play", "de": "spielen"},
    "reserve": {"en": "take reserve", "de": "Reserve nehmen"},
    "insert": {"en": "insert", "de": "einstecken"},
    "stop": {"en": "stop", "de": "Stopp"},
}


def t(key: str, lang: str, **kw: object) -> str:
    """The text for ``key`` in ``lang`` (falls back to English, then the key)."""
    entry = STRINGS.get(key, {})
    text = entry.get(lang) or entry.get("en") or key
    return text.format(**kw) if kw else text


def game_name(game_id: str, lang: str) -> str:
    return GAME_NAMES.get(game_id, {}).get(lang, game_id)


#: other words of move notations, for the German table
ARG_WORDS_DE = {"stock": "Stapel", "discard": "Ablage", "at": "an", "to": "an", "hand": "Hand"}


def move_text(move_str: str, lang: str) -> str:
    """A move's notation with its words (not its cards) in the chosen language."""
    head, _, rest = move_str.partition(" ")
    word = MOVE_WORDS.get(head.lower(), {}).get(lang)
    if lang == "de":
        rest = " ".join(ARG_WORDS_DE.get(w, w) for w in rest.split(" "))
    return f"{word} {rest}".strip() if word else move_str
