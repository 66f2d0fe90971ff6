"""What the table's fixed buttons do, said in the message line while the mouse rests on one: a newcomer met 'Rearrange
table (T)' beside the listed moves of a standard Rommé turn (played at 1280x800 under Xvfb) with nothing saying what it
opens, and 'Undo (U)' greyed with no word of what it would take back."""

from __future__ import annotations

from .i18n import t

#: by the button's label key (i18n): what a click does
BUTTON_HELP: dict[str, dict[str, str]] = {
    "hint": {
        "en": "A good move for this moment and why; Enter (or its button) plays it.",
        "de": "Ein guter Zug für jetzt und warum; Eingabe (oder sein Knopf) spielt ihn.",
    },
    "undo": {
        "en": "Takes back your last step on the table being rearranged, else your last move of this turn (not a "
        "card drawn from the stock).",
        "de": "Nimmt deinen letzten Schritt beim Umlegen zurück, sonst deinen letzten Zug in dieser Runde (keine "
        "vom Stapel gezogene Karte).",
    },
    "sort_next_rank": {
        "en": "Orders your hand by rank; drag a card to put it anywhere.",
        "de": "Ordnet deine Hand nach Wert; eine Karte ziehen legt sie an jede Stelle.",
    },
    "sort_next_suit": {
        "en": "Orders your hand by suit; drag a card to put it anywhere.",
        "de": "Ordnet deine Hand nach Farbe; eine Karte ziehen legt sie an jede Stelle.",
    },
    "save": {
        "en": "Keeps this game in a file, to go on with it later (Load).",
        "de": "Speichert dieses Spiel in einer Datei, um es später weiterzuspielen (Laden).",
    },
    "load": {
        "en": "Goes back to the game kept with Save.",
        "de": "Holt das mit Speichern gesicherte Spiel zurück.",
    },
    "new": {
        "en": "Leaves this game for the start screen (asks first).",
        "de": "Verlässt dieses Spiel zum Startbildschirm (fragt vorher).",
    },
    "rearrange": {
        "en": "Lay your cards by dragging them onto the table's melds or a new meld (or by keys: arrows, Tab, "
        "Space); End turn checks it all.",
        "de": "Karten auf die Figuren des Tischs oder eine neue Figur ziehen (oder mit Tasten: Pfeile, Tab, "
        "Leertaste); Zug beenden prüft alles.",
    },
    "lay_on_table": {
        "en": "Lay cards of your hand by dragging them onto the table's melds or a new meld (or by keys: arrows, "
        "Tab, Space); the table's cards stay in their melds. End turn checks it all.",
        "de": "Karten der Hand auf die Figuren des Tischs oder eine neue Figur ziehen (oder mit Tasten: Pfeile, "
        "Tab, Leertaste); die Karten des Tischs bleiben in ihren Figuren. Zug beenden prüft alles.",
    },
    "end_turn": {
        "en": "Plays the table as you laid it (it is checked first).",
        "de": "Spielt den Tisch, wie du ihn gelegt hast (er wird vorher geprüft).",
    },
    "reset": {
        "en": "Puts the table and your hand back as they were at the start of the turn.",
        "de": "Legt Tisch und Hand zurück, wie sie am Anfang des Zugs waren.",
    },
    "cancel": {
        "en": "Stops rearranging; nothing laid is played.",
        "de": "Hört mit dem Umlegen auf; nichts Gelegtes wird gespielt.",
    },
    "score_sheet": {"en": "The score sheet of this game again.", "de": "Das Punkteblatt dieses Spiels noch einmal."},
}


def button_help(label: str, lang: str) -> str:
    """What the fixed button labelled ``label`` does ("" for another button: a listed move says it itself)."""
    for key, words in BUTTON_HELP.items():
        if t(key, lang) == label:
            return words.get(lang, words["en"])
    return ""
