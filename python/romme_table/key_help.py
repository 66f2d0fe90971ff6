"""The keys page (? at the table): every key and mouse gesture of the table on one page, laid out as the rules page.

Played under Xvfb: the buttons name H, U, O, S, L, N, T and the move log A and F, but D, X, M, K, P, E, R, G,
F1, F11, + and -, the arrow keys, Space, Enter, PgUp / PgDn and Home / End were written nowhere in the window.
"""

from __future__ import annotations

from romme.cards import GAME_IDS
from romme.table import TABLE_GAMES

from .board_kind import BUTTON, BoardKind, board_kind
from .i18n import t
from .rules_pages import RulesScene

SOLO = "koenigs-solo"
#: the page in sections, each with the games it is about (None: every game); a game's page is its sections only
#: (play-test V4: the solitaire's page said Left / Right move the hand's cursor, which it has not: its own section)
SECTIONS: list[tuple[tuple[str, ...] | None, dict[str, str]]] = [
    (
        None,
        {
            "en": """# Keys and mouse
""",
            "de": """# Tasten und Maus
""",
        },
    ),
    (
        tuple(g for g in GAME_IDS if g != SOLO),
        {
            "en": """## Your turn
- 1 … 9, 0: the action buttons in their order; PgDn / PgUp: the next or previous actions
- Up / Down: choose an action button (its cards are outlined in the hand); Enter: play it (nothing chosen: \
the move the hint showed)
- D: draw (the stock first)
- X: discard the selected card
- M: lay the selected cards, or the melds built on the table
- K: knock (Rommé's knocking house rule)
- P: pass
- Left / Right: move the hand's cursor; Space: select the card over it
- Mouse: right click selects a card, a double click plays it; drag a card onto a meld, the pile, the table or \
to its place in the hand
- H: hint · U: take back your last move · R: take back your whole turn
- Esc: drop the selection or the melds being built
""",
            "de": """## Dein Zug
- 1 … 9, 0: die Aktionsknöpfe der Reihe nach; Bild ab / Bild auf: die nächsten oder vorigen Aktionen
- Pfeil hoch / runter: einen Aktionsknopf wählen (seine Karten sind in der Hand umrandet); Eingabe: ihn \
spielen (nichts gewählt: den Zug, den der Tipp zeigte)
- D: ziehen (zuerst vom Stapel)
- X: die gewählte Karte abwerfen
- M: die gewählten Karten auslegen oder die auf dem Tisch gebauten Kombinationen
- K: klopfen (Hausregel Klopfen im Rommé)
- P: passen
- Pfeil links / rechts: den Zeiger in der Hand bewegen; Leertaste: die Karte darüber wählen
- Maus: Rechtsklick wählt eine Karte, Doppelklick spielt sie; eine Karte auf eine Kombination, den \
Ablagestapel, den Tisch oder an ihren Platz in der Hand ziehen
- H: Tipp · U: den letzten Zug zurücknehmen · R: den ganzen Zug zurücknehmen
- Esc: die Auswahl oder die gebauten Kombinationen verwerfen
""",
        },
    ),
    (
        (SOLO,),
        {
            "en": """## Your turn (Königs-Rommé solitaire)
- Left / Right: move the cursor over a hand's cards; past the last card: the turned card (the hand stays as it is)
- Up / Down, Tab / Shift+Tab: the cursor to the previous or next open hand
- Space, Enter or X: the turned card goes into the hand under the cursor, the card under the cursor leaves the \
game
- 1: the same step (its button names it) · H: hint, the cursor on its card (Enter plays it)
- Mouse: click a card in a hand: the turned card goes into that hand, the clicked card leaves the game
""",
            "de": """## Dein Zug (Königs-Rommé Patience)
- Pfeil links / rechts: den Zeiger über die Karten einer Hand bewegen; hinter der letzten Karte: die aufgedeckte \
Karte (die Hand bleibt, wie sie ist)
- Pfeil hoch / runter, Tab / Umschalt+Tab: den Zeiger zur vorigen oder nächsten offenen Hand
- Leertaste, Eingabe oder X: die aufgedeckte Karte kommt in die Hand am Zeiger, die Karte am Zeiger scheidet aus
- 1: derselbe Schritt (sein Knopf nennt ihn) · H: Tipp, der Zeiger auf seiner Karte (Eingabe spielt ihn)
- Maus: Klick auf eine Karte einer Hand: die aufgedeckte Karte kommt in diese Hand, die angeklickte scheidet aus
""",
        },
    ),
    (
        TABLE_GAMES,
        {
            "en": """{board}- E: end the turn · U: take back the last step · R: start the table over
- Arrow keys: move the cursor over the melds' cards, 'new meld' and the hand · Tab / Shift+Tab: the next or \
previous meld, 'new meld', the hand
- Space: lift the table card under the cursor (a hand card: select it, as in the hand) · Space or Enter: put the \
lifted card or the selected hand cards down on the meld, 'new meld' or hand under the cursor · M: the selected \
hand cards as a new meld
- Enter with nothing to put down: end the turn · Esc: drop the lifted card or the selection, then cancel
""",
            "de": """{board}- E: den Zug beenden · U: den letzten Schritt zurücknehmen · R: den Tisch neu beginnen
- Pfeiltasten: den Zeiger über die Karten der Figuren, „neue Figur“ und die Hand bewegen · Tab / Umschalt+Tab: \
die nächste oder vorige Figur, „neue Figur“, die Hand
- Leertaste: die Tischkarte am Zeiger aufnehmen (eine Handkarte: sie wählen, wie in der Hand) · Leertaste oder \
Eingabe: die aufgenommene Karte oder die gewählten Handkarten an der Figur, „neue Figur“ oder Hand am Zeiger \
hinlegen · M: die gewählten Handkarten als neue Figur
- Eingabe, wenn nichts hinzulegen ist: den Zug beenden · Esc: die aufgenommene Karte oder die Auswahl \
zurücklegen, dann abbrechen
""",
        },
    ),
    (
        ("krass",),
        {
            "en": """## Krass Kariert
- Take a reserve card: its buttons put it before or after the card over the cursor (Left / Right) or the selected \
card (or drag the reserve card into the hand)
""",
            "de": """## Krass Kariert
- Eine Reservekarte nehmen: ihre Knöpfe legen sie vor oder hinter die Karte am Cursor (Pfeiltasten) oder die \
gewählte Karte (oder die Reservekarte in die Hand ziehen)
""",
        },
    ),
    (
        None,
        {
            "en": """## The score sheet
- Enter or a click: go on · at the game's end: Enter plays again, R the same cards, N the start \
screen, Esc the table
""",
            "de": """## Das Punkteblatt
- Eingabe oder Klick: weiter · am Spielende: Eingabe spielt noch einmal, R mit denselben Karten, N zur \
Startseite, Esc zum Tisch
""",
        },
    ),
    (
        None,
        {
            "en": """## The table
- O: sort the hand by suit, by rank
- A: how fast the cards fly · F: land the flying cards at once
""",
            "de": """## Der Tisch
- O: die Hand nach Farbe, nach Wert sortieren
- A: wie schnell die Karten fliegen · F: fliegende Karten sofort landen lassen
""",
        },
    ),
    (  # (the solitaire has no bots: its page listed their pause)
        tuple(g for g in GAME_IDS if g != SOLO),
        {
            "en": """- + / -: the bots' pause between moves
""",
            "de": """- + / -: die Pause der Computer zwischen ihren Zügen
""",
        },
    ),
    (
        None,
        {
            "en": """- S: save · L: load · N: new game
- G: Deutsch / English · F1: the rules · F11: full screen
- Mouse wheel, Home / End: scroll the move log
- ?: this page · Esc, Enter or F1: close it
""",
            "de": """- S: speichern · L: laden · N: neues Spiel
- G: Deutsch / English · F1: die Regeln · F11: Vollbild
- Mausrad, Pos1 / Ende: die Zugliste blättern
- ?: diese Seite · Esc, Eingabe oder F1: schließen
""",
        },
    ),
]


#: what T opens, by the board's kind (its heading is the board's button, board_kind.BUTTON): who plays it, and
#: what it changes
BOARD_WORDS: dict[BoardKind, dict[str, str]] = {
    BoardKind.REBUILD: {
        "en": """## {button}: Rummy, 1x1-Rommé, Räuber-Rommé
- T: the table's cards move into other melds too (or drag a table card)
""",
        "de": """## {button}: Rummy, 1x1-Rommé, Räuber-Rommé
- T: auch die Karten des Tischs wandern in andere Figuren (oder eine Tischkarte ziehen)
""",
    },
    BoardKind.LAY: {
        "en": """## {button}: Rommé without Räuber
- T: new melds, lay-offs and joker swaps from the hand; the table's cards stay in their melds
""",
        "de": """## {button}: Rommé ohne Räuber
- T: neue Figuren, Anlegen und Jokertausch aus der Hand; die Karten des Tischs bleiben in ihren Figuren
""",
    },
}


def board_words(lang: str, board: BoardKind) -> str:
    """The keys page's heading and T line for the board of kind ``board``, headed by its button."""
    words = BOARD_WORDS[board]
    return words.get(lang, words["en"]).format(button=t(BUTTON[board], lang))


def keys_page(lang: str, game_id: str | None = None, board: BoardKind | None = None) -> str:
    """The keys page in ``lang``: the sections about ``game_id`` (None: every section, every game's keys); the
    table board's as ``board`` (None: as the game's default rules have it; no game: every kind)."""
    if board is not None:
        kinds = [board]
    elif game_id is not None and (kind := board_kind(game_id, {})) is not None:
        kinds = [kind]
    else:
        kinds = list(BoardKind)
    boards = "".join(board_words(lang, kind) for kind in kinds)
    parts = [words.get(lang, words["en"]) for games, words in SECTIONS if games is None or game_id in (None, *games)]
    return "".join(part.replace("{board}", boards) for part in parts)


class KeysScene(RulesScene):
    """The keys page over the table (of the game played there), scrolled and closed as the rules page is."""

    def __init__(self, game_id: str | None = None, board: BoardKind | None = None) -> None:
        super().__init__("")
        self.keys_of = game_id
        self.board = board

    def page_text(self) -> str:
        return keys_page(self.app.lang, self.keys_of, self.board)
