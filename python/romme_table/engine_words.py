"""The engine's refusals in the table's language: its most frequent reasons (a move refused, cards read as no
meld) in German, the refused move named in words at the front; the rest stay as the engine says them."""

from __future__ import annotations

import re

from .i18n import MOVE_WORDS, move_text

#: the engine's most frequent refusals, in German (the rest stay as the engine says them)
ENGINE_REASONS_DE: list[tuple[str, str]] = [
    # Rommé's and the board games' (table_place.rs: 'the opening needs N points from <what counts>, these make
    # M'); Rummy's words for what counts came in English after the German head (play-test V2)
    (
        r"(?:the )?opening needs (\d+) points from new melds, these make (\d+)",
        r"Herauskommen braucht \1 Punkte aus neuen Figuren, diese ergeben \2",
    ),
    (
        r"(?:the )?opening needs (\d+) points from the player's own new melds \(jokers count 0\), these make (\d+)",
        r"Herauskommen braucht \1 Punkte aus den eigenen neuen Figuren (Joker zählen 0), diese ergeben \2",
    ),
    (
        r"'([^']*)' is not a valid meld \(every table meld must be a valid set or run\)",
        r"'\1' ist keine gültige Figur (jede Figur auf dem Tisch muss ein Satz oder eine Reihe sein)",
    ),
    (r"meld ([^:]*): (.*)", r"Figur \1: \2"),
    (r"(\w+): (\S+) is not in the hand \(or not that often\)", r"\2 ist nicht (so oft) auf der Hand"),
    (
        r"(.*) only after opening \(the first laying down of (\d+)\+ points\)",
        r"erst nach dem Herauskommen (dem ersten Auslegen von \2+ Punkten)",
    ),
    (
        r"going out is only by discarding the last card: keep one card to discard",
        "ausmachen nur durch Abwerfen der letzten Karte: eine Karte zum Abwerfen behalten",
    ),
    (
        r"a rearrangement must place at least one more hand card than it takes",
        "beim Umlegen muss mindestens eine Handkarte mehr auf den Tisch, als zurückgenommen wird",
    ),
    # the less common ones (the move at the front, 'discard Kh: ...', is put in words by engine_reason)
    (
        r"rule 3: at most (\d+) hand cards may be placed per turn, this places (\d+)",
        r"Regel 3: höchstens \1 Handkarten pro Zug, dieser Zug legt \2",
    ),
    (r"the player has drawn already this turn; play or discard", "schon gezogen: auslegen oder abwerfen"),
    (r"already drawn this turn", "in diesem Zug schon gezogen"),
    (
        r"seat \d+ has drawn already; now discard a card \(or go out\)",
        "schon gezogen: jetzt eine Karte abwerfen (oder ausmachen)",
    ),
    (r"seat \d+ must draw a card first", "zuerst eine Karte ziehen"),
    (
        r"a turn starts with a draw from the stock or the discard pile",
        "ein Zug beginnt mit Ziehen vom Stapel oder von der Ablage",
    ),
    (r"the turn starts with draw stock or draw discard", "ein Zug beginnt mit Ziehen vom Stapel oder von der Ablage"),
    (r"draw discard: the discard pile is empty", "von der Ablage ziehen: die Ablage ist leer"),
    (r"the discard pile is empty", "die Ablage ist leer"),
    (
        r"draw stock: the stock is empty and cannot be refilled",
        "vom Stapel ziehen: der Stapel ist leer und kann nicht neu gemischt werden",
    ),
    (r"the stock is empty: pass", "der Stapel ist leer: passen"),
    (r"the stock is empty", "der Stapel ist leer"),
    (
        r"the joker won by a swap must be laid in this turn before discarding",
        "der eingetauschte Joker muss in diesem Zug vor dem Abwerfen ausgelegt werden",
    ),
    (r"the joker won by a swap must be laid first", "der eingetauschte Joker muss zuerst ausgelegt werden"),
    (
        r"lay the joker won by the last swap before swapping another",
        "erst den eingetauschten Joker auslegen, dann weiter tauschen",
    ),
    (r"swap: give the natural card that replaces the joker", "Joker tauschen: die Karte nennen, die den Joker ersetzt"),
    (r"no (?:joker|wild) in meld (\d+) stands for (\S+)", r"kein Joker in Figur \1 steht für \2"),
    (
        r"a table move must leave one card in the hand: the turn ends with a discard",
        "eine Karte muss auf der Hand bleiben: der Zug endet mit dem Abwerfen",
    ),
    (
        r"a (?:table move|rearrangement|place move|place) must lay at least one hand card.*",
        "mindestens eine Handkarte muss auf den Tisch",
    ),
    (
        r"without the rauber option a place only adds melds, lays off and swaps jokers.*",
        "ohne Räuber-Regel nur neue Figuren, Anlegen und Joker tauschen: jede Figur bleibt ganz an ihrem Platz",
    ),
    (
        r"the opening lays new melds from the hand only; the table must stay as it is",
        "beim Herauskommen nur neue Figuren aus der Hand; der Tisch bleibt, wie er ist",
    ),
    (r"opening_without_jokers: the opening melds contain no joker", "das Herauskommen ist ohne Joker (Hausregel)"),
    (
        r"discard_pickup_after_opening: the taken discard must be used to open this turn",
        "die genommene Ablagekarte muss in diesem Zug beim Herauskommen liegen (Hausregel)",
    ),
    (
        r"lay_off_in_opening_turn is off: no .* in the turn of the opening",
        "im Zug des Herauskommens kein Anlegen (Hausregel)",
    ),
    (r"Räuber-Rommé without discard pile: no discards", "Räuber-Rommé ohne Ablage: kein Abwerfen"),
    (r"Räuber-Rommé without discard pile: only draw stock", "Räuber-Rommé ohne Ablage: nur vom Stapel ziehen"),
    (r"(\S+) is placed but is not in the hand", r"\1 wird gelegt, ist aber nicht auf der Hand"),
    (r"(\S+) may not go to the hand: it still fits meld (.+)", r"\1 darf nicht auf die Hand: passt noch an \2"),
    (
        r"(.+) may not go to the hand: they form a meld of their own",
        r"\1 dürfen nicht auf die Hand: sie bilden eine eigene Figur",
    ),
    (
        r"hand (\d+) is finished; cards go only to unfinished hands",
        r"Hand \1 ist fertig; Karten nur in unfertige Hände",
    ),
    (r"the leader of a trick must play a combination", "wer den Stich eröffnet, muss eine Kombination spielen"),
    (r"a combination is 1 to 3 adjacent cards", "eine Kombination sind 1 bis 3 benachbarte Karten"),
    (r"seat \d+ has no reserve cards left", "keine Reservekarten mehr"),
    (r"seat \d+ must first insert the drawn card \((\S+)\)", r"zuerst die gezogene Karte (\1) einstecken"),
    (r"nothing to undo", "nichts zurückzunehmen"),
    (r"(?:the card is|that card is) not in (?:the|seat \d+'s) hand", "die Karte ist nicht auf der Hand"),
    (r"discard (\S+): not in the hand", r"\1 ist nicht auf der Hand"),
    (r"(\S+) is neither in hand (\d+) nor the turned card", r"\1 ist weder in Hand \2 noch die offene Karte"),
    (r"(\S+) is not in meld (\d+)", r"\1 liegt nicht in Figur \2"),
    (r"no meld (\d+) on the table \((?:there are|melds 1\.\.)(\d+)\)", r"keine Figur \1 auf dem Tisch (es sind \2)"),
    (
        r"drawing ends a turn without laying; cards were laid: end the turn",
        "Ziehen beendet nur einen Zug ohne Auslegen; es wurden Karten gelegt: Zug beenden",
    ),
    (r"end: lay cards first, or draw stock", "Zug beenden: erst Karten legen oder vom Stapel ziehen"),
    (r"end: the turn ends with a discard", "Zug beenden: der Zug endet mit dem Abwerfen"),
]


def _move_in_words(reason: str) -> str:
    """'discard Kh: die Ablage ist leer' -> 'Kh abwerfen: die Ablage ist leer' (the refused move named
    at the front of an engine message, in German words)."""
    head, sep, rest = reason.partition(": ")
    if sep and head.split(" ")[0] in MOVE_WORDS and head.split(" ")[0] != rest.split(" ")[0]:
        return f"{move_text(head, 'de')}: {rest}"
    return reason


#: why the engine reads cards as no meld, in German (also after 'meld 7h 8h 9c: ', which names the meld)
MELD_REASONS_DE: list[tuple[str, str]] = [
    (
        r"the cards form neither a set \(one rank, different suits\) nor a run \(one suit\)",
        "die Karten bilden weder einen Satz (ein Rang, verschiedene Farben) noch eine Reihe (eine Farbe)",
    ),
    (r"the cards do not form a run \(ranks must be consecutive\)", "keine Reihe (die Ränge müssen aufeinander folgen)"),
    (r"a run holds at least 3 cards, got (\d+)", r"eine Reihe braucht mindestens 3 Karten, hier \1"),
    (r"a run holds every rank at most once", "eine Reihe hat jeden Rang höchstens einmal"),
    (r"a set holds 3 or 4 cards, got (\d+)", r"ein Satz hat 3 oder 4 Karten, hier \1"),
    (r"a set needs different suits; (\S+) twice", r"ein Satz braucht verschiedene Farben; \1 doppelt"),
    (r"a meld needs at least one natural card", "eine Figur braucht mindestens eine echte Karte"),
    # a Rommé lay-off or swap the meld does not take (table_meld.rs)
    (r"(\S+) does not extend run (.+)$", r"\1 verlängert die Reihe \2 nicht"),
    (r"(?:card )?(\S+) does not fit a set of \S+s$", r"\1 passt nicht in diesen Satz"),
    (r"run (.+) is full$", r"die Reihe \1 ist voll"),
    (r"set (.+) is full$", r"der Satz \1 ist voll"),
    (r"(\S+) cannot replace a joker in (.+)$", r"\1 kann in \2 keinen Joker ersetzen"),
    (r"no joker in (.+) stands for (\S+)$", r"kein Joker in \1 steht für \2"),
    (r"meld (.+) holds no joker$", r"in \1 liegt kein Joker"),
    (
        r"swap a joker for a natural card, not for another joker",
        "ein Joker wird nur gegen eine echte Karte getauscht, nicht gegen einen Joker",
    ),
    (
        r"joker_swap_completes: a joker leaves a set only when the set then holds all four suits",
        "ein Joker verlässt einen Satz nur, wenn der Satz dann alle vier Farben hat (Hausregel)",
    ),
    (
        r"a joker won by a swap must be laid in the same turn; this move leaves no way to lay it",
        "ein eingetauschter Joker muss im selben Zug ausgelegt werden; nach diesem Zug geht das nicht mehr",
    ),
    (
        r"no_double_joker: a meld may not hold one natural card and two jokers",
        "eine Figur darf nicht aus einer Karte und zwei Jokern bestehen",
    ),
]


def engine_reason(reason: str, lang: str) -> str:
    """An engine refusal in the table's language (known patterns; others as given), its cards in the notation (the
    caller names them as the faces read: :func:`.i18n.cards_named`)."""
    if lang != "de":
        return reason
    for pattern, german in MELD_REASONS_DE:
        reason = re.sub(pattern, german, reason)
    for pattern, german in ENGINE_REASONS_DE:
        out, n = re.subn(pattern, german, reason)
        if n:
            return _move_in_words(out)
    return reason
