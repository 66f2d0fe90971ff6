"""All words the table shows, in English and German (one table, no logic)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from romme.cards import jokers_named

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
    "loading": {"en": "romme — loading…", "de": "romme — lädt…"},  # the window's first frame
    "start": {"en": "Start (Enter)", "de": "Start (Eingabe)"},
    "seats": {"en": "Seats", "de": "Plätze"},
    # the seat count's two rows: 'Seats: 4 (+)' over 'Seats: 4 (−)' read as the same row twice
    "seat_add": {"en": "{seats}: {n}   + add a seat", "de": "{seats}: {n}   + Platz dazu"},
    "seat_remove": {"en": "  - take the last seat away", "de": "  - letzten Platz streichen"},
    "human": {"en": "human", "de": "Mensch"},
    "preset": {"en": "Rules", "de": "Regeln"},
    "language": {"en": "Language: English", "de": "Sprache: Deutsch"},
    "your_turn": {"en": "{name}, your turn", "de": "{name}, du bist dran"},
    "your_turn_to": {"en": "{name}, your turn: {what}", "de": "{name}, du bist dran: {what}"},
    # what the player to move may do (turn_words.py): short, they share the status line with the game's rules
    "turn_draw_both": {"en": "draw from the stock or the discard pile", "de": "vom Stapel oder der Ablage ziehen"},
    "turn_draw_stock": {"en": "draw from the stock", "de": "vom Stapel ziehen"},
    "turn_lay_or_discard": {
        "en": "lay out, lay off, then discard (double-click)",
        "de": "auslegen, anlegen, abwerfen (Doppelklick)",
    },
    "turn_discard": {"en": "discard a card (double-click it)", "de": "eine Karte abwerfen (Doppelklick)"},
    "turn_board": {  # the table board (T) is open: its moves, not the turn's listed ones
        "en": "rebuild the table (E ends the turn, Esc cancels)",
        "de": "den Tisch umlegen (E beendet den Zug, Esc bricht ab)",
    },
    "turn_board_lay": {  # the board of Rommé without Räuber: the hand's cards only
        "en": "lay on the table (E ends the turn, Esc cancels)",
        "de": "auf den Tisch legen (E beendet den Zug, Esc bricht ab)",
    },
    "turn_discard_or_out": {"en": "discard a card, or go out", "de": "abwerfen oder ausmachen"},
    "turn_rummy": {"en": "lay out, rebuild the table or pass", "de": "auslegen, Tisch umlegen oder passen"},
    "turn_rummy_open": {"en": "lay out or pass", "de": "auslegen oder passen"},
    # Räuber without a discard pile: what the hand may lay ({lays}: turn_words.LAYS), then how the turn ends
    "turn_lay_or_end": {"en": "{lays}, then end the turn (E)", "de": "{lays}, dann den Zug beenden (E)"},
    "turn_end": {"en": "end the turn (E)", "de": "den Zug beenden (E)"},
    "turn_lay_or_draw": {
        "en": "{lays}, or draw a card to end the turn",
        "de": "{lays}, oder eine Karte ziehen und den Zug beenden",
    },
    "turn_lead": {"en": "lead: 1 to 3 neighbouring cards", "de": "ausspielen: 1 bis 3 Nachbarkarten"},
    "turn_follow": {"en": "beat the trick or take a reserve card", "de": "Stich schlagen oder Reserve nehmen"},
    "turn_beat": {"en": "beat the trick (no reserve card left)", "de": "Stich schlagen (keine Reserve mehr)"},
    "turn_insert": {"en": "put the drawn card into a gap", "de": "gezogene Karte in eine Lücke stecken"},
    "waiting": {"en": "{name} is thinking…", "de": "{name} überlegt…"},
    # Krass Kariert: the seat at the screen played its hand out and watches the others play the deal on
    "krass_out_of_deal": {
        "en": "you are out of this deal (no cards left)",
        "de": "du bist in diesem Durchgang raus (keine Karten mehr)",
    },
    "bot_next": {"en": "{name} moves next", "de": "{name} ist als Nächstes dran"},  # a sheet over the table
    "bot_playing": {"en": "{name} is playing…", "de": "{name} spielt…"},  # its moves' cards in flight
    # a deal's score sheet over the table: the game goes on when it is closed
    "bot_after_sheet": {
        "en": "close the score sheet (Enter, click), then {name} moves",
        "de": "Punkteblatt schließen (Eingabe, Klick), dann ist {name} dran",
    },
    "you_after_sheet": {
        "en": "{name}, your turn: close the score sheet first (Enter, click)",
        "de": "{name}, du bist dran: erst Punkteblatt schließen (Eingabe, Klick)",
    },
    "new_meld_slot": {"en": "new meld", "de": "neue Figur"},  # the empty frame a new meld is dragged to
    # a bot thinking longer than a glance: the seconds so far, and the master's planned time a move
    "thinking_for": {"en": "{name} is thinking… {s} s", "de": "{name} überlegt… {s} s"},
    "thinking_of": {
        "en": "{name} is thinking… {s} s of about {think} s",
        "de": "{name} überlegt… {s} s von etwa {think} s",
    },
    "thinking_done": {  # the master: how far its search (a count of simulated moves) has come, under any load
        "en": "{name} is thinking… {s} s, {pct} % of its search",
        "de": "{name} überlegt… {s} s, {pct} % der Suche",
    },
    "stock": {"en": "Stock", "de": "Stapel"},
    "discard": {"en": "Discard", "de": "Ablage"},
    "turned": {"en": "Turned card", "de": "Aufgedeckt"},
    "table": {"en": "Table", "de": "Tisch"},
    "round": {"en": "Round {r} — wild {w}", "de": "Runde {r} — Joker {w}"},
    "deal_target": {"en": "Deal {n} — target {target}", "de": "Runde {n} — Ziel {target}"},  # Rommé
    "deal_no": {"en": "Deal {n}", "de": "Durchgang {n}"},  # Krass Kariert (its 'Runde' is a trick)
    "game_target": {"en": "Game {n} — ends at {target}", "de": "Spiel {n} — Schluss bei {target}"},  # 1x1-Rommé
    "scores": {"en": "Scores", "de": "Punkte"},
    "hint": {"en": "Hint (H)", "de": "Tipp (H)"},
    "play_hint": {"en": "Enter: {move}", "de": "Enter: {move}"},  # the hint's move (the message says 'hint: ...')
    "undo": {"en": "Undo (U)", "de": "Zurück (U)"},
    "save": {"en": "Save (S)", "de": "Speichern (S)"},
    "load": {"en": "Load (L)", "de": "Laden (L)"},
    "new": {"en": "New game (N)", "de": "Neues Spiel (N)"},
    "sort": {"en": "Sort (O)", "de": "Sortieren (O)"},
    "reset": {"en": "Reset turn (R)", "de": "Zug zurücksetzen (R)"},
    "curtain": {"en": "{name}, your turn", "de": "{name}, du bist dran"},
    "curtain_how": {
        "en": "The others look away · click or press Enter when ready",
        "de": "Die anderen schauen weg · klicken oder Eingabe, wenn bereit",
    },
    "game_over": {"en": "Game over — {winners} won", "de": "Spielende — {winners} gewinnt"},
    "game_over_shared": {"en": "Game over — {winners} won", "de": "Spielende — {winners} gewinnen"},
    "speed": {  # a pause, not a speed: 'Bot speed: 0.2s' read as slower than 0.6s; the keys said nowhere at the table
        "en": "the bots wait {s} between moves (+ faster, - slower; kept for the next games)",
        "de": "die Computer warten {s} zwischen ihren Zügen (+ schneller, - langsamer; bleibt für die nächsten Spiele)",
    },
    "no_moves": {"en": "select cards, then pick an action", "de": "Karten wählen, dann Aktion"},
    "no_draw_now": {"en": "no card to draw now: {what}", "de": "jetzt wird keine Karte gezogen: {what}"},
    "saved": {"en": "saved to {path}", "de": "gespeichert: {path}"},
    "loaded": {"en": "loaded {path}", "de": "geladen: {path}"},
    "illegal": {"en": "not allowed: {why}", "de": "nicht erlaubt: {why}"},
    "back": {"en": "Back (Esc)", "de": "Zurück (Esc)"},
    "name": {"en": "name", "de": "Name"},
    "round_over": {"en": "Scores after this round", "de": "Punkte nach dieser Runde"},
    "deal_over": {"en": "Scores after this deal", "de": "Punkte nach dieser Runde"},  # Rommé
    "krass_deal_over": {"en": "Scores after this deal", "de": "Punkte nach diesem Durchgang"},
    "game_part_over": {"en": "Scores after this game", "de": "Punkte nach diesem Spiel"},  # 1x1-Rommé to a target
    # the table board's button (board_kind.BUTTON): rebuilding where table cards move, else laying the hand's
    "rearrange": {"en": "Rearrange table (T)", "de": "Tisch umlegen (T)"},
    "lay_on_table": {"en": "Lay on the table (T)", "de": "Auf den Tisch legen (T)"},
    "end_turn": {"en": "End turn (E)", "de": "Zug beenden (E)"},
    "cancel": {"en": "Cancel (Esc)", "de": "Abbrechen (Esc)"},
    "continue": {"en": "Continue (Enter)", "de": "Weiter (Eingabe)"},
    "continue_watched": {"en": "Going on in {s} s (Enter: now)", "de": "Weiter in {s} s (Eingabe: sofort)"},
    "score_sheet": {"en": "Score sheet (Enter)", "de": "Punkteblatt (Eingabe)"},
    "over_continue": {
        "en": "Play again (Enter)   ·   same cards (R)   ·   start screen (N)   ·   table (Esc)",
        "de": "Noch einmal (Eingabe)   ·   gleiche Karten (R)   ·   Startseite (N)   ·   Tisch (Esc)",
    },
    "over_continue_next": {  # a fixed game number: Enter deals the next number, R the same cards again
        "en": "Next game no. {seed} (Enter)   ·   same cards (R)   ·   start screen (N)   ·   table (Esc)",
        "de": "Nächstes Spiel Nr. {seed} (Eingabe)   ·   gleiche Karten (R)   ·   Startseite (N)   ·   Tisch (Esc)",
    },
    "record": {  # the winner sheet: the player's games of this game at this computer (records.py)
        "en": "Your {game} record: {won} won of {played}",
        "de": "Deine Bilanz ({game}): {won} von {played} gewonnen",
    },
    "game": {"en": "Game", "de": "Spiel"},
    "you": {"en": "You", "de": "Du"},
    "bot_name": {"en": "Bot {n}", "de": "Bot {n}"},
    "level_random": {"en": "Random", "de": "Zufall"},  # uniformly random moves (play-test T8: it was 'Easy')
    "level_easy": {"en": "Easy", "de": "Leicht"},
    "level_greedy": {"en": "Medium", "de": "Mittel"},
    "level_expert": {"en": "Hard", "de": "Schwer"},
    # the fourth bot level says it thinks a while each move: its budget is work, so the seconds a player waits
    # depend on the computer and its load (the status line shows how far the search has come); short, so that its
    # seat row is drawn at the other rows' print ('thinks seconds a move' was shrunk to fit at 1280x800)
    "level_master": {"en": "Master (slow)", "de": "Meister (langsam)"},
    "bot_level": {"en": "computer, {level}", "de": "Computer, {level}"},
    "on": {"en": "yes", "de": "ja"},
    "off": {"en": "no", "de": "nein"},
    # the seed numbers a whole game's cards (every deal of it): 'deal 1' beside Rommé's 'Deal 2' read as a wrong count
    "seed_fixed": {
        "en": "Cards: game no. {seed} (replays its deals)",
        "de": "Karten: Spiel Nr. {seed} (wiederholt seine Blätter)",
    },
    "seed_fresh": {"en": "Cards: a new shuffle every game", "de": "Karten: jedes Spiel neu gemischt"},
    "knock_needs": {"en": " (knocking needs {n}+ seats)", "de": " (Klopfen erst ab {n} Plätzen)"},
    "knock_needs_named": {"en": " (needs {n}+ seats)", "de": " (erst ab {n} Plätzen)"},  # beside knocking's name
    "about": {  # short: it shares the status line with the turn's words
        "en": "{game} · rules: {rules} · game no. {seed}",
        "de": "{game} · Regeln: {rules} · Spiel Nr. {seed}",
    },
    "game_lost": {"en": "Game over — lost (nobody won)", "de": "Spielende — verloren (niemand gewinnt)"},
    "solo_done": {"en": "{n} of {of} hands finished", "de": "{n} von {of} Händen fertig"},
    "solo_lost": {
        "en": "Game over — lost: {n} of {of} hands finished",
        "de": "Spielende — verloren: {n} von {of} Händen fertig",
    },
    "last_turn": {
        "en": "Last turn! {name} went out — {turns} left",
        # the sheet's words ("Jeder Spieler ist noch einmal dran"): 'Letzte Runde!' read as the game's last of
        # its eleven rounds ('Runde 7 — Joker 9' above it; the sheet: 'in der elften (= letzten) Runde')
        "de": "Jeder ist noch einmal dran! {name} ist ausgegangen — noch {turns}",
    },
    "krass_last_trick": {"en": "last trick:", "de": "letzter Stich:"},  # shown until the next trick's first play
    "krass_no_sort": {
        "en": "Krass Kariert: the hand stays in the order dealt (that is the rule)",
        "de": "Krass Kariert: die Hand bleibt in der ausgeteilten Reihenfolge (so will es die Regel)",
    },
    "sorted_suit": {"en": "sorted by suit", "de": "nach Farbe sortiert"},
    "sorted_rank": {"en": "sorted by rank", "de": "nach Wert sortiert"},
    "sort_next_suit": {"en": "Sort by suit (O)", "de": "Farbe sortieren (O)"},
    "sort_next_rank": {"en": "Sort by rank (O)", "de": "Wert sortieren (O)"},
    "sorted_own": {"en": "your own order (O sorts again)", "de": "deine Reihenfolge (O sortiert wieder)"},
    "new_card": {"en": "new", "de": "neu"},
    "wild_tag": {"en": "wild", "de": "Joker"},  # on a card that is wild this round
    "no_fit": {"en": "{card} does not fit meld {meld}", "de": "{card} passt nicht an Figur {meld}"},
    "pick_action": {
        "en": "Enter plays the highlighted action: choose one with the Up/Down arrow keys (or press 1-9, or click it)",
        "de": "Eingabe spielt die markierte Aktion: mit Pfeil hoch/runter wählen (oder 1-9, oder klicken)",
    },
    "nothing_fits": {"en": "no move uses exactly {cards}", "de": "kein Zug benutzt genau {cards}"},
    "krass_too_many": {
        "en": "not allowed: a play is 1 to 3 cards side by side in the hand, {n} are selected",
        "de": "nicht erlaubt: ein Zug sind 1 bis 3 nebeneinander liegende Karten, {n} sind gewählt",
    },
    "krass_not_adjacent": {
        "en": "not allowed: a play is cards side by side in the hand; positions {pos} are not",
        "de": "nicht erlaubt: ein Zug sind nebeneinander liegende Karten; Plätze {pos} sind es nicht",
    },
    "krass_drawn": {"en": "Drawn: {n} to put in", "de": "Gezogen: noch {n} einstecken"},  # under the drawn card
    "krass_insert_first": {
        "en": "first put the drawn card into the hand (click a gap)",
        "de": "erst die gezogene Karte einstecken (Lücke anklicken)",
    },
    "krass_too_weak": {
        "en": "not allowed: {cards} does not beat {beat}; beat it or take a reserve card",
        "de": "nicht erlaubt: {cards} schlägt {beat} nicht; schlagen oder eine Reservekarte nehmen",
    },
    "reserves": {"en": "Your reserve (drag into the hand)", "de": "Deine Reserve (in die Hand ziehen)"},
    # a place in the hand named by the cards beside it (the notation counts places from 0, which the hand shows
    # nowhere: 'linke Reserve an Stelle 0 nehmen')
    "place_between": {"en": "between {left} and {right}", "de": "zwischen {left} und {right}"},
    "place_before": {"en": "before {right}", "de": "vor {right}"},
    "place_after": {"en": "after {left}", "de": "nach {left}"},
    "koenigs_melds_at_out": {
        "en": "melds go down only when you go out (every card but one in melds): select one card to discard",
        "de": "ausgelegt wird erst beim Ausmachen (alle Karten bis auf eine in Figuren): eine Karte zum Abwerfen "
        "wählen",
    },
    "krass_take_reserve": {
        "en": "nothing in your hand beats it: take a reserve card by its buttons (beside the underlined card, "
        "Left / Right move the line) or drag it into a gap of your hand",
        # (two rows of the message at 640x420, alone: beside older news it goes first, table_draw.advice_beside)
        "de": "nichts in deiner Hand schlägt das: eine Reservekarte per Knopf nehmen (neben die unterstrichene "
        "Karte, Pfeiltasten schieben den Strich) oder in eine Lücke ziehen",
    },
    "reserve_where": {
        "en": "drag a reserve card into a gap of your hand (the yellow marker)",
        "de": "Reservekarte in eine Lücke der Hand ziehen (gelbe Markierung)",
    },
    # a meld whose cards all went to other melds ('(+1 rebuilt)' said how many, not which: H6, session 57)
    "take_apart": {"en": "take apart {meld}", "de": "{meld} auflösen"},
    "add_to": {"en": "add {cards} to {meld}", "de": "{cards} an {meld} anlegen"},
    "take_from": {"en": "take {cards} from {meld}", "de": "{cards} von {meld} nehmen"},
    "take_back": {"en": "take {cards} back into the hand", "de": "{cards} zurück auf die Hand"},
    # 1x1-Rommé: the rows of the times table a card under the mouse stands in
    "rows_of": {"en": "{card}: in the {rows} times table", "de": "{card}: in der {rows}-Reihe"},
    "rows_of_many": {"en": "{card}: in the {rows} times tables", "de": "{card}: in der {rows}-Reihe"},
    "rows_one": {
        "en": "{card}: wild in a run of its own symbol, anywhere else the value 1",
        "de": "{card}: Joker in einer Reihe seines Symbols, sonst die Zahl 1",
    },
    "rows_wish": {"en": "W: the wish card, wild in any meld", "de": "W: die Wunschkarte, Joker in jeder Figur"},
    "swap_into": {"en": "swap {cards} for the joker in {meld}", "de": "{cards} gegen den Joker in {meld} tauschen"},
    # one card laid where a natural of the meld lay, that natural gone elsewhere (1x1-Rommé: a 1-card for H6)
    "put_in_place": {"en": "put {card} in place of {went} in {meld}", "de": "{card} statt {went} in {meld} legen"},
    # 1x1-Rommé: a 1-card standing as a wild in a run of its own symbol, swapped for the card it stood for
    "swap_one": {"en": "swap {cards} for {wild} in {meld}", "de": "{cards} gegen {wild} in {meld} tauschen"},
    "swap_jokers": {"en": "swap {cards} for the jokers in {meld}", "de": "{cards} gegen die Joker in {meld} tauschen"},
    "swap_wish": {
        "en": "swap {cards} for the wish card in {meld}",
        "de": "{cards} gegen die Wunschkarte in {meld} tauschen",
    },
    "swap_wishes": {
        "en": "swap {cards} for the wish cards in {meld}",
        "de": "{cards} gegen die Wunschkarten in {meld} tauschen",
    },
    "no_table_game": {"en": "this game has no table to rebuild", "de": "dieses Spiel hat keinen Tisch zum Umlegen"},
    "not_your_turn": {"en": "it is not your turn", "de": "du bist nicht dran"},
    "enter_wait": {"en": "{name} is to move: nothing to play yet", "de": "{name} ist dran: noch nichts zu spielen"},
    "hint_over": {
        "en": "The game is over: no hint. Score sheet (Enter), new game (N)",
        "de": "Das Spiel ist aus: kein Tipp. Punkte (Eingabe), neues Spiel (N)",
    },
    "hint_wait": {"en": "No hint now: {name} is to move", "de": "Kein Tipp jetzt: {name} ist dran"},
    "hint_thinking": {"en": "finding a hint…", "de": "Tipp wird gesucht…"},  # (the status line, while it is)
    "draw_first": {"en": "draw a card first", "de": "erst eine Karte ziehen"},
    "draw_first_pile": {
        "en": "draw a card first: click the stock or the discard pile",
        "de": "erst eine Karte ziehen: auf den Stapel oder die Ablage klicken",
    },
    "fits_no_meld": {"en": "{card} fits on no meld on the table", "de": "{card} passt an keine Figur auf dem Tisch"},
    "stock_draw_stays": {
        "en": "a card drawn from the stock cannot be taken back",
        "de": "eine Karte vom Stapel kann nicht zurückgelegt werden",
    },
    "cannot_rearrange": {
        "en": "the table cannot be rearranged now: {why}",
        "de": "der Tisch kann jetzt nicht umgelegt werden: {why}",
    },
    "cannot_lay_on_table": {
        "en": "nothing can be laid on the table now: {why}",
        "de": "jetzt kann nichts auf den Tisch gelegt werden: {why}",
    },
    "editing": {
        "en": "Rebuilding the table: drag cards onto melds or 'new meld' (keys: arrows, Tab, Space); End turn (E) "
        "plays it, Cancel (Esc)",
        "de": "Tisch umlegen: Karten auf Figuren oder 'neue Figur' ziehen (Tasten: Pfeile, Tab, Leertaste); Zug "
        "beenden (E) spielt ihn, Abbrechen (Esc)",
    },
    "editing_lay": {
        "en": "Laying on the table: drag cards onto melds or 'new meld' (keys: arrows, Tab, Space); End turn "
        "(E) plays it, Cancel (Esc)",
        "de": "Auf den Tisch legen: Karten auf Figuren oder 'neue Figur' ziehen (Tasten: Pfeile, Tab, "
        "Leertaste); Zug beenden (E) spielt sie, Abbrechen (Esc)",
    },
    "editor_unchanged": {
        "en": "move cards first: the table is as it was",
        "de": "erst Karten bewegen: der Tisch ist unverändert",
    },
    "nothing_to_undo": {"en": "nothing to undo in this turn", "de": "in diesem Zug gibt es nichts zurückzunehmen"},
    "undone": {"en": "undone", "de": "zurückgenommen"},
    "no_meld": {"en": "not a meld", "de": "keine Figur"},
    # a broken meld on the board, by the kind of fault the core's meld check gave it (romme._core.MELD_FAULTS)
    "fault_too_few": {"en": "too few cards", "de": "zu wenige Karten"},
    "fault_too_many": {"en": "too many cards", "de": "zu viele Karten"},
    "fault_card_twice": {"en": "{card} twice", "de": "{card} doppelt"},
    "fault_rank_twice": {"en": "a rank twice", "de": "ein Rang doppelt"},
    "fault_gap": {"en": "gap in the run", "de": "Lücke in der Reihe"},
    "fault_wilds_only": {"en": "wilds only", "de": "nur Joker"},
    "fault_double_joker": {"en": "1 card, 2 jokers", "de": "1 Karte, 2 Joker"},
    "fault_no_set_no_run": {"en": "no set, no run", "de": "weder Satz noch Reihe"},
    "board_whole": {
        "en": "every meld whole: End turn (E) plays the table",
        "de": "alle Figuren gültig: Zug beenden (E) spielt den Tisch",
    },
    "board_whole_but": {"en": "every meld whole, but: {why}", "de": "alle Figuren gültig, aber: {why}"},
    "board_fault": {"en": "meld {cards}: {why}", "de": "Figur {cards}: {why}"},
    "board_undone": {
        "en": "last step on the board taken back (U again: the one before)",
        "de": "letzter Schritt auf dem Tisch zurückgenommen (U noch einmal: der davor)",
    },
    "board_opened": {
        "en": "every step on the board taken back: the table lies as it did at T",
        "de": "alle Schritte auf dem Tisch zurückgenommen: er liegt wie bei T",
    },
    # the board by keys (board_keys.py): a table card lifted with Space, put down with Space or Enter
    "board_lifted": {
        "en": "{card} lifted: arrows or Tab to a meld, 'new meld' or the hand; Space puts it down, Esc drops it",
        "de": "{card} aufgenommen: mit Pfeilen oder Tab zu einer Figur, „neue Figur“ oder der Hand; Leertaste legt "
        "sie hin, Esc legt sie zurück",
    },
    "board_dropped": {"en": "the lifted card stays where it lay", "de": "die aufgenommene Karte bleibt, wo sie lag"},
    "board_put_back": {"en": "{card} put back where it lay", "de": "{card} zurückgelegt, wo sie lag"},
    "board_unselected": {
        "en": "selection dropped (Esc again: cancel)",
        "de": "Auswahl verworfen (noch einmal Esc: abbrechen)",
    },
    "board_nothing_held": {
        "en": "nothing to put here: lift a table card (Space) or select hand cards first",
        "de": "nichts hinzulegen: erst eine Tischkarte aufnehmen (Leertaste) oder Handkarten wählen",
    },
    "pass_draws": {"en": "pass, draw a card", "de": "passen, Karte ziehen"},  # short: it must fit a button at 800x600
    "draft_back": {
        "en": "the cards went back to the hand (Esc again leaves the game)",
        "de": "die Karten sind zurück auf der Hand (noch einmal Esc verlässt das Spiel)",
    },
    "table_fixed": {
        "en": "cards on the table stay where they lie (moved only in Räuber-Rommé): lay hand cards onto a meld or "
        "'new meld'",
        "de": "Tischkarten bleiben liegen (umgelegt nur im Räuber-Rommé): Handkarten an eine Figur oder auf "
        "„neue Figur“",
    },
    "table_stays": {
        "en": "cards that lay on the table stay on the table",
        "de": "Karten, die auf dem Tisch lagen, bleiben auf dem Tisch",
    },
    "table_stays_romme": {
        "en": "cards that lay on the table stay on the table (into the hand only with 'Räuber: table cards to hand')",
        "de": "Karten, die auf dem Tisch lagen, bleiben auf dem Tisch (auf die Hand nur mit „Räuber: Tischkarten auf "
        "die Hand“)",
    },
    "discard_selected": {"en": "Discard card (X)", "de": "Karte abwerfen (X)"},
    "discard_pick": {
        "en": "click the card to discard (or pick it with ←/→), then X or this button",
        "de": "die Karte zum Abwerfen anklicken (oder mit ←/→ wählen), dann X oder diese Taste",
    },
    "table_after_opening": {
        "en": "table cards move once you have opened: first lay new melds from your hand",
        "de": "Tischkarten umlegen erst nach dem Herauskommen: zuerst neue Figuren aus der Hand auslegen",
    },
    "go_out_q": {
        "en": "Go out with {card}? Every other card is laid down in melds.",
        "de": "Mit {card} ausmachen? Alle anderen Karten werden ausgelegt.",
    },
    "go_out_yes": {"en": "Go out (Enter)", "de": "Ausmachen (Eingabe)"},
    "go_out_no": {"en": "Just discard (D)", "de": "Nur abwerfen (D)"},
    "abandon_q": {
        "en": "Leave this game? It is lost unless saved.",
        "de": "Dieses Spiel verlassen? Ohne Speichern ist es verloren.",
    },
    "abandon_saved_q": {
        "en": "Leave this game? It is saved as it stands (L loads it again).",
        "de": "Dieses Spiel verlassen? Es ist so gespeichert (L lädt es wieder).",
    },
    "quit_q": {"en": "Quit romme?", "de": "romme beenden?"},
    "load_q": {
        "en": "Replace the running game with the saved one?",
        "de": "Das laufende Spiel durch das gespeicherte ersetzen?",
    },
    "yes": {"en": "Yes (Enter)", "de": "Ja (Eingabe)"},
    "no": {"en": "No (Esc)", "de": "Nein (Esc)"},
    "save_spent": {
        "en": "cannot load: the save is from before a stock card drawn since (a draw is never taken back); "
        "S saves anew",
        "de": "Laden geht nicht: der Spielstand ist von vor einer seither gezogenen Stapelkarte "
        "(ein Zug vom Stapel wird nie zurückgenommen); S speichert neu",
    },
    "no_save": {"en": "no saved {game} game yet ({path})", "de": "noch kein gespeichertes Spiel {game} ({path})"},
    "wrong_save": {
        "en": "{path} holds a game of {game}, not of this one",
        "de": "{path} enthält ein Spiel {game}, nicht dieses",
    },
    "more": {"en": "More… (PgDn) {a}-{b}/{n}", "de": "Mehr… (Bild ab) {a}-{b}/{n}"},
    "solo_howto": {
        "en": "Click a card in a hand (or arrow keys, Enter): the open card goes into that hand, that card leaves "
        "the game",
        "de": "Karte einer Hand anklicken (oder Pfeiltasten, Eingabe): die offene Karte kommt in diese Hand, diese "
        "scheidet aus",
    },
    # the wild rank after a colon: "Hand 1 / 3 Joker" read as three jokers
    "solo_hand_label": {"en": "Hand {k}\nwild: {wild}", "de": "Hand {k}\nJoker: {wild}"},
    "solo_hand_finished": {"en": "Hand {k}\ndone", "de": "Hand {k}\nfertig"},
    "solo_hand_done": {"en": "hand {k} finished", "de": "Hand {k} fertig"},
    "chips": {"en": "chips {n}", "de": "Chips {n}"},
    "reserve_note": {"en": "reserve {cards}", "de": "Reserve {cards}"},  # Krass Kariert: a seat's face-up reserve
    "no_reserve": {"en": "no reserve", "de": "keine Reserve"},
    # start screen, house rules, rules pages, resume
    "house_rules": {"en": "House rules… ({n} changed)", "de": "Hausregeln… ({n} geändert)"},
    "no_house_rules": {"en": "No house rules for this game", "de": "Keine Hausregeln für dieses Spiel"},
    "fixed_rules": {"en": "The rest of the rules (fixed)", "de": "Die übrigen Regeln (fest)"},
    "house_rules_title": {"en": "House rules — {game}", "de": "Hausregeln — {game}"},
    "presets": {"en": "Presets", "de": "Vorlagen"},
    "tile_saved": {"en": "game saved", "de": "Spiel gespeichert"},
    "tile_record": {"en": "you won {won} of {played}", "de": "{won} von {played} gewonnen"},  # records.py
    # the marks on a tile too narrow for them in one row (640x420: two rows each cut the blurb above them)
    "tile_saved_short": {"en": "saved", "de": "gespeichert"},
    "tile_record_short": {"en": "won {won}/{played}", "de": "{won}/{played} gewonnen"},
    "records_unread": {  # records.py: journal files no count can read
        "en": "Not in your records: {files} unreadable ({path})",
        "de": "Nicht in deiner Bilanz: {files} unlesbar ({path})",
    },
    "plus_house_rules": {"en": "{rules} + {n}", "de": "{rules} + {n}"},
    "house_rules_keys": {"en": "Esc: back · wheel, arrows: scroll", "de": "Esc: zurück · Mausrad, Pfeile: blättern"},
    "preset_as_book": {"en": "as the rule book says", "de": "wie im Regelheft"},
    "changed_by_hand": {"en": "changed by hand: {options}", "de": "von Hand geändert: {options}"},
    "back_to_start": {"en": "Back (Esc)", "de": "Zurück (Esc)"},
    "rules_page": {"en": "How to play {game} (F1)", "de": "Spielregeln: {game} (F1)"},
    "rules_in_force": {"en": "House rules of this game", "de": "Hausregeln dieser Partie"},
    "no_rules_page": {
        "en": "No rules page for this game yet.",
        "de": "Für dieses Spiel gibt es noch keine Regelseite.",
    },
    "rules_scroll": {"en": "more: arrow keys, wheel, Space", "de": "weiter: Pfeiltasten, Mausrad, Leertaste"},
    "close": {"en": "Close (Esc)", "de": "Schließen (Esc)"},
    "resume": {"en": "Resume {game} (L)", "de": "{game} fortsetzen (L)"},
    "saved_waits": {  # Start while a game of the chosen game waits to be resumed (start_screen.py)
        "en": "A saved {game} game waits. A new game replaces it.",
        "de": "Ein gespeichertes Spiel {game} wartet. Ein neues ersetzt es.",
    },
    "game_no": {"en": "game no. {seed}", "de": "Spiel Nr. {seed}"},  # the saved game's, where another was chosen
    "saved_waits_other": {  # ... and the set-up made on the start screen differs from the saved game's
        "en": "A saved {game} game waits ({saved}). N starts the game as set here and replaces it, L resumes it.",
        "de": "Ein gespeichertes Spiel {game} wartet ({saved}). N startet das Spiel wie hier eingestellt und ersetzt "
        "es, L setzt es fort.",
    },
    "resume_yes": {"en": "Resume (Enter)", "de": "Fortsetzen (Eingabe)"},
    "resume_load": {"en": "Resume (L)", "de": "Fortsetzen (L)"},
    "new_anyway": {"en": "New game (N)", "de": "Neues Spiel (N)"},
    "resume_failed": {"en": "cannot resume: {why}", "de": "Fortsetzen nicht möglich: {why}"},
    "resume_kept_as": {"en": "(kept as {name})", "de": "(aufbewahrt als {name})"},
    "ok": {"en": "OK (Enter)", "de": "OK (Eingabe)"},
}

#: level id -> the key of its word (the apps' Easy / Medium / Hard)
LEVEL_KEYS = {
    "random": "level_random",
    "easy": "level_easy",
    "greedy": "level_greedy",
    "expert": "level_expert",
    "master": "level_master",
}

#: preset id -> (English, German) name
PRESET_NAMES: dict[str, tuple[str, str]] = {
    "standard": ("standard", "Standard"),
    "keep-top": ("discard stays open", "offene Ablage bleibt"),
    "long": ("long game", "langes Spiel"),
    "40": ("opening with 40", "Herauskommen mit 40"),
    "rauber": ("Räuber-Rommé", "Räuber-Rommé"),
    # no comma in a name: the start screen's help lists the presets with commas ('…, Räuber, table cards to hand,
    # …' read as two presets, one a plain 'Räuber' that does not exist: play-test Q4)
    "rauber-no-discard": ("Räuber without discard pile", "Räuber ohne Ablagestapel"),
    "rauber-to-hand": ("Räuber: table cards to hand", "Räuber: Tischkarten auf die Hand"),
    "wrap": ("runs round the corner", "Reihen um die Ecke"),
    "klopfen": ("knocking", "Klopfen"),
    "hand-romme": ("Hand-Rommé", "Hand-Rommé"),
    "strict": ("strict", "streng"),
    "no-cap": ("no card cap per turn", "ohne Kartenlimit pro Zug"),
}

#: option name -> (English, German) label in plain words
OPTION_NAMES: dict[str, tuple[str, str]] = {
    "keep_top_discard": ("the top discard stays open", "Oberste Ablagekarte bleibt offen"),
    "jokers_per_deck": ("jokers per deck", "Joker pro Kartenspiel"),
    "joker_declared": ("say what each joker stands for", "Joker-Wert ansagen"),
    "joker_swap_completes": (
        "a joker may be swapped only from a complete meld",
        "Joker nur aus vollständiger Figur tauschen",
    ),
    "no_double_joker": ("forbid melds of one card and two jokers", "Figur aus einer Karte und zwei Jokern verboten"),
    "opening_without_jokers": ("open without jokers", "Herauskommen ohne Joker"),
    "opening_points": ("points to open", "Punkte zum Herauskommen"),
    "lay_off_in_opening_turn": ("lay off in the opening turn", "Anlegen im Zug des Herauskommens"),
    "discard_pickup_after_opening": (
        "take the discard only to open with it",
        "Ablagekarte nur zum Herauskommen nehmen",
    ),
    "wrap_around": ("runs round the corner (Q K A 2)", "Reihen um die Ecke (D K A 2)"),
    "knocking": ("knocking", "Klopfen"),
    "hand_romme": ("Hand-Rommé pays double", "Hand-Rommé zählt doppelt"),
    "rauber": ("Räuber: rebuild the table", "Räuber: Tisch umlegen"),
    "rauber_discard_pile": ("Räuber with a discard pile", "Räuber mit Ablagestapel"),
    "rauber_table_to_hand": ("Räuber: table cards may go to the hand", "Räuber: Tischkarten auf die Hand"),
    "target": ("game ends at points", "Spielende bei Punkten"),
    "max_hand_cards_per_turn": ("most hand cards laid per turn (0: any)", "Höchstens Handkarten pro Zug (0: beliebig)"),
    "long_game": ("long game (3 chips with 5 players)", "Langes Spiel (3 Chips bei 5 Spielern)"),
}


def level_name(level: str, lang: str) -> str:
    """The level as the start screen names it; the master says that it thinks a while each move (the table waits
    for each of its moves, so a player picking it should know). No number of seconds: its 1 s is a count of work
    (about 1 s of one free core), which a loaded computer stretched to 8 s of waiting at a '1 s a move' label."""
    if level == "master":
        return t("level_master", lang)
    return t(LEVEL_KEYS[level], lang) if level in LEVEL_KEYS else level


def preset_name(game_id: str, preset: str, lang: str) -> str:
    names = PRESET_NAMES.get(preset)
    return names[1 if lang == "de" else 0] if names else preset


def option_label(name: str, value: object, lang: str) -> str:
    """``keep_top_discard = False`` as the player reads it: ``the top discard stays open: no``."""
    names = OPTION_NAMES.get(name)
    label = names[1 if lang == "de" else 0] if names else name.replace("_", " ")
    shown = t("on" if value else "off", lang) if isinstance(value, bool) else str(value)
    return f"{label}: {shown}"


# Move kinds -> the games' German terms (Herauskommen, Anlegen, Joker tauschen, Klopfen …).
MOVE_WORDS: dict[str, dict[str, str]] = {
    "draw": {"en": "draw", "de": "ziehen"},
    "discard": {"en": "discard", "de": "abwerfen"},
    "meld": {"en": "lay down", "de": "auslegen"},
    "open": {"en": "open", "de": "Herauskommen"},
    "layoff": {"en": "lay off", "de": "Anlegen"},
    "swap": {"en": "swap joker", "de": "Joker tauschen"},
    "knock": {"en": "knock", "de": "Klopfen"},
    "pass": {"en": "pass", "de": "passen"},
    "go-out": {"en": "go out", "de": "ausmachen"},
    "goout": {"en": "go out", "de": "ausmachen"},
    "out": {"en": "go out, discarding", "de": "ausmachen, abwerfen:"},
    "rearrange": {"en": "rearrange", "de": "umlegen"},
    "place": {"en": "place", "de": "legen"},
    "play": {"en": "play", "de": "spielen"},
    "reserve": {"en": "take reserve", "de": "Reserve nehmen"},
    "insert": {"en": "insert", "de": "einstecken"},
    "stop": {"en": "stop", "de": "Stopp"},
}


#: the default name of the first seat in each language (renamed when the language changes)
DEFAULT_HUMAN = {"en": "You", "de": "Du"}
#: the default name of a person's seat after the first (a friend at a hot-seat game)
PLAYER_NAME = {"en": "Player {n}", "de": "Spieler {n}"}


def is_bot_name(name: str) -> bool:
    """Whether ``name`` is a computer seat's default name ('Bot 3'), renumbered as the seats change."""
    number = name.removeprefix("Bot ")
    return number != name and number.isdigit() and number.isascii()


def bot_names(kinds: Sequence[str], names: Sequence[str]) -> list[str]:
    """The seats' names with the computers' default names counted among the computers: 'Bot 1' is the first
    computer seat whatever seats come before it (human, human, computer read 'Player 1, Player 2, Bot 2', a
    'Bot 1' nowhere: play-test P5); people's and typed names as they are."""
    out, bots = [], 0
    for kind, name in zip(kinds, names):
        bots += kind == "bot"
        out.append(t("bot_name", "en", n=bots) if kind == "bot" and is_bot_name(name) else name)
    return out


def default_name_in(name: str, seat: int, lang: str) -> str:
    """Seat ``seat``'s ``name`` in ``lang`` when it is a default one ('You' is 'Du', 'Player 2' 'Spieler 2'); a
    name the user typed as it is."""
    if name in DEFAULT_HUMAN.values():
        return DEFAULT_HUMAN.get(lang, DEFAULT_HUMAN["en"])
    if name in {form.format(n=seat + 1) for form in PLAYER_NAME.values()}:
        return PLAYER_NAME.get(lang, PLAYER_NAME["en"]).format(n=seat + 1)
    return name


#: "1 meld" / "2 melds": (one, more) per language
COUNTED = {
    "en": {
        "card": ("card", "cards"),
        "meld": ("meld", "melds"),
        "turn": ("turn", "turns"),
        "house_rule": ("house rule", "house rules"),
        "chip": ("chip", "chips"),
        "file": ("file", "files"),
        "seat": ("seat", "seats"),
        "step": ("step", "steps"),
    },
    "de": {
        "card": ("Karte", "Karten"),
        "meld": ("Figur", "Figuren"),
        "turn": ("Zug", "Züge"),
        "house_rule": ("Hausregel", "Hausregeln"),
        "chip": ("Chip", "Chips"),
        "file": ("Datei", "Dateien"),
        "seat": ("Platz", "Plätze"),
        "step": ("Schritt", "Schritte"),
    },
}


def knock_note(game_id: str, options: Mapping[str, Any], seats: int, lang: str, preset: str = "") -> str:
    """' (knocking needs 3+ seats)' beside a Rommé rule set with knocking chosen for fewer seats, else "": H6 Q7 (two
    seats, 'knocking') said nothing on the start screen or the table, and nothing ever knocked. Beside the preset
    named for knocking, ' (needs 3+ seats)': 'Rules: knocking (knocking needs 3+ seats)' said it twice and was too
    long for the start screen's row at 640x420, which printed it smaller than every other row."""
    from romme.games.romme import KNOCK_LEAST_PLAYERS

    if game_id != "romme" or not options.get("knocking") or seats >= KNOCK_LEAST_PLAYERS:
        return ""
    return t("knock_needs_named" if preset == "klopfen" else "knock_needs", lang, n=KNOCK_LEAST_PLAYERS)


def counted(n: int, thing: str, lang: str) -> str:
    """``n`` things in the singular or plural ('1 Zug', '2 Züge'), not 'Zug/Züge'."""
    one, more = COUNTED.get(lang, COUNTED["en"])[thing]
    return f"{n} {one if n == 1 else more}"


def listed(names: list[str], lang: str) -> str:
    """``"Anna, Ben and Bot 1"`` (German 'und')."""
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} {'und' if lang == 'de' else 'and'} {names[-1]}"


def t(key: str, lang: str, **kw: object) -> str:
    """The text for ``key`` in ``lang`` (falls back to English, then the key)."""
    entry = STRINGS.get(key, {})
    text = entry.get(lang) or entry.get("en") or key
    return spoken_to(text.format(**kw), lang) if kw else text


#: a German seat under its default name 'Du' is spoken to: the verb after a name follows it
DU_FORMS = {"ist": "bist", "gewinnt": "gewinnst"}
#: 'Du' as a whole name opening a sentence or what follows a colon (a seat 'Bot Du', 'Ka-Du' or 'McDu' is spoken
#: of, and 'Bea und Du gewinnt' is not 'Bea und Du gewinnst')
DU_SUBJECT = re.compile(r"(?:^|(?<=[!?.:;—] ))Du (ist|gewinnt) ")
#: the default person's name opening 'your turn' is not said twice: 'Du, du bist dran' read as a stutter (Krass
#: at 1920x1080), 'You, your turn' alike; a seat of another name is still called by it ('Bea, du bist dran')
YOU_ADDRESSED = {"de": (re.compile(r"^Du, du "), "Du "), "en": (re.compile(r"^You, your "), "Your ")}


def spoken_to(text: str, lang: str) -> str:
    """``text`` with 'Du' as the subject of a sentence made for any name ('Jeder ist noch einmal dran! Du bist
    ausgegangen', not 'Du ist ausgegangen'), and the default name not said before 'your turn' ('Du bist dran',
    not 'Du, du bist dran')."""
    if lang == "de":
        text = DU_SUBJECT.sub(lambda m: f"Du {DU_FORMS[m.group(1)]} ", text)
    if lang in YOU_ADDRESSED:
        pattern, said = YOU_ADDRESSED[lang]
        text = pattern.sub(said, text)
    return text


def hand_place(hand: list[str], position: int, lang: str) -> str:
    """Hand place ``position`` (a gap counted from 0 before the first card) named by its neighbouring cards:
    'between 4 and 9', 'before 3', 'after 12' ('' for an empty hand or a place outside it)."""
    if not hand or not 0 <= position <= len(hand):
        return ""
    if position == 0:
        return t("place_before", lang, right=hand[0])
    if position == len(hand):
        return t("place_after", lang, left=hand[-1])
    return t("place_between", lang, left=hand[position - 1], right=hand[position])


def game_name(game_id: str, lang: str) -> str:
    return GAME_NAMES.get(game_id, {}).get(lang, game_id)


#: other words of move notations, for the German table
ARG_WORDS_DE = {
    "stock": "Stapel",
    "discard": "Ablage",
    "at": "an",
    "to": "an",
    "hand": "Hand",
    "joker": "Joker",
    "on": "auf",
}


#: Krass Kariert's combination names (the engine's words) in German
COMBINATIONS_DE = {
    "solo": "Einzelkarte",
    "2-straight": "2er-Straße",
    "3-straight": "3er-Straße",
    "pair": "Paar",
    "triple": "Drilling",
    "stop": "Stoppkarte",
    "draw": "Ziehkarte",
    "nothing": "nichts",
}
#: the core's one-word names of the special cards read as what to do under a seat's name ('You / draw' beside an
#: N card at 1920x1080 under Xvfb); named as the cards they are
COMBINATIONS_EN = {"stop": "stop card", "draw": "draw card"}


def combination_text(name: str, lang: str) -> str:
    """``"2-straight 7"`` in the table's language."""
    if lang != "de":
        return COMBINATIONS_EN.get(name, name)
    word, _, rest = name.partition(" ")
    return f"{COMBINATIONS_DE.get(word, word)} {rest}".strip()


#: whole German phrases where word-by-word reads wrong
DRAWS_DE = {"draw stock": "vom Stapel ziehen", "draw discard": "von der Ablage ziehen"}


#: Moves as phrases: (notation pattern, English, German); a short German phrase puts its verb last, as
#: German word order wants it ("Karten 1–2 spielen", not "spielen 1-2"). {1}, {2} are the pattern's groups.
PHRASES: list[tuple[str, str, str]] = [
    # the solitaire: the open card goes into the hand (the line under its table says so), the named card leaves
    (r"place (\d+) (\S+)", "hand {1}: drop {2}", "Hand {1}: {2} abwerfen"),
    (r"play (\d+)-(\d+)", "play cards {1}–{2}", "Karten {1}–{2} spielen"),
    (r"play (\d+)", "play card {1}", "Karte {1} spielen"),
    # the place only in the mover's words (move_log.krass_placed names it by the cards beside it)
    (r"reserve 0 at (\d+)", "take the left reserve card", "linke Reservekarte nehmen"),
    (r"reserve 1 at (\d+)", "take the right reserve card", "rechte Reservekarte nehmen"),
    (r"insert at (\d+)", "insert at place {1}", "an Stelle {1} einstecken"),
    (r"discard (\S+)", "discard {1}", "{1} abwerfen"),
    (r"out (\S+)", "go out, discarding {1}", "ausmachen und {1} abwerfen"),
    # many cards: the verb first, so that a cut-off button still says what it does
    (r"(?:meld|lay) (.+)", "lay down {1}", "auslegen: {1}"),
    (r"add (\S+) (\d+)", "lay off {1} on meld {2}", "{1} an Figur {2} anlegen"),
    (r"rearrange (.+)", "rearrange: {1}", "umlegen: {1}"),
    (r"place (.+)", "lay out: {1}", "auslegen: {1}"),
    (r"layoff (\S+) to (\d+)", "lay off {1} on meld {2}", "{1} an Figur {2} anlegen"),
    (r"swap (\d+) (\S+)", "swap the joker of meld {1} for {2}", "Joker aus Figur {1} gegen {2} tauschen"),
    (r"knock", "knock", "klopfen"),
    (r"pass", "pass", "passen"),
    (r"end", "end the turn", "Zug beenden"),
]


def _phrase(move_str: str, lang: str) -> str | None:
    """The move as a phrase of :data:`PHRASES` (a Krass play with X as 'play 3–5 (X=8)'), or None."""
    import re

    body, _, xs = move_str.partition(" X=")
    if xs:  # a Krass play with X: short, so that a narrow button still shows what X stands for
        m = re.fullmatch(r"play (\d+)(?:-(\d+))?", body)
        if m:
            where = "–".join(g for g in m.groups() if g is not None)
            return f"{where} spielen (X={xs})" if lang == "de" else f"play {where} (X={xs})"
    for pattern, en, de in PHRASES:
        m = re.fullmatch(pattern, body)
        if m:
            return (de if lang == "de" else en).format(None, *m.groups())
    return None


#: the letters a card face shows for the notation's ranks, by language (the one home of them): a German player
#: reads Bube and Dame (B, D; König and Ass are K and A in both); the notation (save files, the command line,
#: JSON, docs/RULES.md) keeps J and Q. The games of French cards only: Rummy's colours, 1x1-Rommé's symbols and
#: Krass Kariert's numbers read alike in both languages.
FACE_RANKS: dict[str, dict[str, str]] = {"de": {"J": "B", "Q": "D"}}
FACE_GAMES = ("romme", "koenigs", "koenigs-solo")

#: a Rommé / Königs-Rommé card in running text: rank J or Q and a suit letter, alone or after '=' (what a joker
#: stands for); a card is never a part of a longer word
FACE_TOKEN = re.compile(r"(?<![\w*])([JQ])([cdhst])(?!\w)")


def face_rank(rank: str, game_id: str, lang: str) -> str:
    """The rank as the card face shows it in ``lang`` ('Q' -> 'D' in German)."""
    return FACE_RANKS.get(lang, {}).get(rank, rank) if game_id in FACE_GAMES else rank


def cards_named(text: str, game_id: str, lang: str) -> str:
    """``text`` (a move's words, a log line, a button, a refusal) with every card named as its face reads in
    ``lang``: the joker as :func:`romme.cards.jokers_named` ('Jo=8c'), and in German Bube and Dame as B and D ('Qh'
    -> 'Dh'), as the faces show them."""
    text = jokers_named(text, game_id)
    ranks = FACE_RANKS.get(lang)
    if not ranks or game_id not in FACE_GAMES:
        return text
    return FACE_TOKEN.sub(lambda m: ranks.get(m[1], m[1]) + m[2], text)


def move_text(move_str: str, lang: str) -> str:
    """A move's notation in words of the chosen language (its cards as they are)."""
    if lang == "de" and move_str in DRAWS_DE:
        return DRAWS_DE[move_str]
    phrase = _phrase(move_str, lang)
    if phrase is not None:
        return phrase
    head, _, rest = move_str.partition(" ")
    word = MOVE_WORDS.get(head.lower(), {}).get(lang)
    if lang == "de":
        rest = " ".join(ARG_WORDS_DE.get(w, w) for w in rest.split(" "))
    return f"{word} {rest}".strip() if word else move_str
