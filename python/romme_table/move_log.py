"""The move log: every move of every seat in plain words (DE/EN), newest last.

Built from the game's public history (each move names its seat), so it needs no
bookkeeping of its own and shows the same after Undo or Load. A move's text never
holds hidden cards: a draw from the stock says only that it came from the stock.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence
from functools import lru_cache
from typing import Any

import pygame

from romme.cards import deck
from romme.engine import GameState
from romme.games.tablemoves import goes_on_from
from romme.table import place_table

from .cards_draw import font, text_scale
from .i18n import cards_named, counted, move_text, t
from .rounds import RoundUnit
from .scenes import TEXT_CACHES, px

#: the log's line after the move that ended a round or deal, by what the game calls its parts
ROUND_OVER: dict[RoundUnit, dict[str, str]] = {
    RoundUnit.ROUND: {"en": "— round {n} over —", "de": "— Runde {n} vorbei —"},
    RoundUnit.DEAL: {"en": "— deal {n} over —", "de": "— Runde {n} vorbei —"},
    RoundUnit.KRASS_DEAL: {"en": "— deal {n} over —", "de": "— Durchgang {n} vorbei —"},
    RoundUnit.GAME: {"en": "— game {n} over —", "de": "— Spiel {n} vorbei —"},
    RoundUnit.SINGLE: {"en": "— game over —", "de": "— Spiel vorbei —"},
}
TITLE = {
    "en": "Moves (A: card speed, F: skip, ?: all keys)",
    "de": "Züge (A: Kartentempo, F: überspringen, ?: alle Tasten)",
}
#: the title of a panel too low for the long one and four rows of moves (at 640x420 the long title takes two rows)
SHORT_TITLE = {"en": "Moves", "de": "Züge"}
#: a panel with fewer rows than this shows the newest moves without the scroll marks' rows (the wheel still scrolls):
#: in four rows the marks would leave two for moves, and a wrapped newest line one
MARKS_LEAST = 6
#: The log, the message line and the buttons speak in one voice, the moves' own (``draw stock``, ``discard 5h``,
#: German ``vom Stapel ziehen``): the words below say what a move does in that voice, never 'plays' or 'spielt'.
#: a whole-table move names the whole table; the log says what it did instead
TABLE_MOVE_WORDS = {
    "en": "lay out and rebuild the table ({melds})",
    "de": "auslegen und den Tisch umbauen ({melds})",
}
KRASS_WORDS = {
    "en": {
        "play": "play {cards} ({combo})",
        "reserve": "take reserve card {cards} {place}",
        "insert": "put the drawn card in {place}",
    },
    "de": {
        "play": "{cards} spielen ({combo})",
        "reserve": "Reservekarte {cards} {place} nehmen",
        "insert": "gezogene Karte {place} einstecken",
    },
}
#: Krass Kariert: where a card went into a hand, as every seat sees it (the place, counted from the left; the cards
#: beside it are hidden), so a player finds it in the hand: 'take reserve card 9' names no place
KRASS_PUBLIC_PLACE = {
    "en": {"first": "at the left end", "last": "at the right end", "nth": "as the {nth} card from the left"},
    "de": {"first": "ganz links", "last": "ganz rechts", "nth": "als {n}. Karte von links"},
}


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th ... 11th, 12th, 13th ... 21st."""
    suffix = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def public_place(position: int, hand_size: int, lang: str) -> str:
    """Hand place ``position`` (a gap counted from 0 before the first card) of a hand of ``hand_size`` cards, as
    the others see it: the end it went to, else which card it is now from the left ('as the 4th card from the
    left'); '' for a place outside the hand."""
    words = KRASS_PUBLIC_PLACE.get(lang, KRASS_PUBLIC_PLACE["en"])
    if not 0 <= position <= hand_size:
        return ""
    if position == 0:
        return words["first"]
    if position == hand_size:
        return words["last"]
    return words["nth"].format(nth=ordinal(position + 1), n=position + 1)


def krass_words(move: Any, before: GameState, lang: str) -> str | None:
    """Krass Kariert: a move in words with the cards it shows, read from the position before it (the
    move names only hand positions; a play's cards and a face-up reserve are public once played, and
    a play that ends the deal leaves no trick behind to read them from). None for other moves."""
    from romme.games.krass.combos import describe, play_strength

    from .i18n import combination_text

    words = KRASS_WORDS.get(lang, KRASS_WORDS["en"])
    j = move.to_json()
    kind, player = j.get("kind"), j.get("player")
    if kind not in ("play", "reserve", "insert") or not isinstance(player, int):
        return None
    obs = before.observation(player)
    if kind in ("reserve", "insert"):
        position = j.get("position")
        place = public_place(position, len(obs["hand"]), lang) if isinstance(position, int) else ""
        if kind == "insert":
            return " ".join(words["insert"].format(place=place).split())
        reserves = obs["reserves"][player]
        index = j.get("index")
        if not isinstance(index, int) or not 0 <= index < len(reserves):
            return None
        return " ".join(words["reserve"].format(cards=reserves[index], place=place).split())
    start, length = j.get("start"), j.get("length")
    hand = list(obs["hand"])
    if not isinstance(start, int) or not isinstance(length, int) or not 0 <= start < start + length <= len(hand):
        return None
    cards = hand[start : start + length]
    d = deck("krass")
    strength = play_strength([d.parse_token(c) for c in cards], list(j.get("x") or ()))
    combo = combination_text(describe(strength), lang) if isinstance(strength, int) else ""
    return words["play"].format(cards=" ".join(cards), combo=combo)


#: Krass Kariert: a line after the move that closed a trick, naming who won it (the next lead alone told it)
TRICK_WON = {"en": "— {name}: trick won —", "de": "— {name}: Stich gewonnen —"}  # (you, Du: no verb to agree)


def trick_mark(obs: Mapping[str, Any]) -> tuple[Any, Any]:
    """Krass Kariert: (deal, trick number) of an observation, what :func:`trick_winner` compares."""
    return obs.get("deal"), obs.get("trick_no")


def trick_winner(before: tuple[Any, Any], obs: Mapping[str, Any]) -> int | None:
    """Krass Kariert: the seat that won the trick the move from ``before`` (:func:`trick_mark`) to ``obs`` closed;
    None when no trick closed within the deal (a deal's end has its own line) or for another game."""
    deal, trick = trick_mark(obs)
    if trick is None or deal != before[0] or trick == before[1]:
        return None
    winner = (obs.get("last_trick") or {}).get("winner")
    return winner if isinstance(winner, int) else None


#: Königs-Rommé: a discard in the last turns with the melds the engine laid from the rest of the hand
KOENIGS_LAID = {"en": "{move}, lay {melds}", "de": "{move}, {melds} auslegen"}


def koenigs_words(move: Any, before: GameState, lang: str) -> str | None:
    """Königs-Rommé: going out, and a discard in the last turns after someone went out, with the melds the engine
    lays from the rest of the hand (RULES.md §1; the move names only the card, and the round may end with it, so
    the melds are read from the position after it, played on a copy): the melds leave the table when the round
    ends, so the log is where they are read. None for other moves."""
    j = move.to_json()
    player, kind = j.get("player"), j.get("kind")
    if kind not in ("discard", "out") or not isinstance(player, int):
        return None
    was = before.observation(player)
    if kind == "discard" and not isinstance(was.get("out_player"), int):
        return None
    after = before.clone()
    after.apply(move)
    now = after.observation(player)
    ended = now.get("round") != was.get("round") or now.get("is_over")
    melds = (now.get("last_round") or {}).get("melds") if ended else now.get("melds")
    laid = melds[player] if isinstance(melds, list) and player < len(melds) else []
    if not laid:
        return None
    shown = " | ".join(" ".join(meld) for meld in laid)
    return KOENIGS_LAID.get(lang, KOENIGS_LAID["en"]).format(move=move_text(str(move), lang), melds=shown)


#: Rummy: a pass takes a stock card while the stock lasts ('pass' alone read as doing nothing)
RUMMY_PASS = {"en": "pass, draw a card", "de": "passen, eine Karte ziehen"}


def rummy_words(move: Any, before: GameState, lang: str) -> str | None:
    """Rummy: a pass in words, with the stock card it takes while there is one. None for other moves."""
    j = move.to_json()
    player = j.get("player")
    if j.get("kind") != "pass" or not isinstance(player, int) or not before.observation(player).get("stock_size"):
        return None
    return RUMMY_PASS.get(lang, RUMMY_PASS["en"])


#: Rommé's knocking: what was knocked for, and that a pass declines it (the notation's 'knock' and 'pass' say
#: neither: after every discard the opened seats are asked)
KNOCK_WORDS = {
    "knock": {"en": "knock for {card}", "de": "um {card} klopfen"},
    "pass": {"en": "no knock for {card}", "de": "nicht um {card} klopfen"},
}
#: the draw that settles a knock: the knocker got the card and a penalty card with no word of it in the log
KNOCK_SETTLED = {
    "stock": {
        "en": "draw stock; the knocker gets {card} and a penalty card",
        "de": "vom Stapel ziehen; wer geklopft hat, bekommt {card} und eine Strafkarte",
    },
    "discard": {
        "en": "draw discard {card} before the knocker",
        "de": "{card} von der Ablage ziehen, vor dem Klopfenden",
    },
}


def _knock_pass(words: str, lang: str) -> bool:
    """Whether a log line's words are a pass at the knock question (:data:`KNOCK_WORDS`)."""
    before, _, after = KNOCK_WORDS["pass"].get(lang, KNOCK_WORDS["pass"]["en"]).partition("{card}")
    card = words[len(before) : len(words) - len(after)]
    return words.startswith(before) and words.endswith(after) and bool(card) and " " not in card


def knock_words(move: Any, before: GameState, lang: str) -> str | None:
    """Rommé: a knock, or a pass at the knock question, with the discard it is about; the draw after a knock,
    which gives the card to the knocker (with a penalty card) or takes it first. None for other moves."""
    j = move.to_json()
    kind, player = str(j.get("kind")), j.get("player")
    if not isinstance(player, int):
        return None
    seen = before.observation(player)
    card = seen.get("discard_top") or "?"
    words = KNOCK_WORDS.get(kind) if before.phase == "knock" else None
    if kind == "draw" and isinstance(seen.get("knocker"), int):
        words = KNOCK_SETTLED.get(str(j.get("source")))
    return words.get(lang, words["en"]).format(card=card) if words else None


#: a draw from the discard pile by the card it takes, which every seat saw on the pile: the card is gone from the
#: pile by the time a player looks
DISCARD_DRAW = {"en": "draw discard {card}", "de": "{card} von der Ablage ziehen"}


def discard_draw_words(move: Any, before: GameState, lang: str) -> str | None:
    """A draw from the discard pile with the card it takes (:data:`DISCARD_DRAW`). None for other moves."""
    j = move.to_json()
    player = j.get("player")
    if j.get("kind") != "draw" or j.get("source") != "discard" or not isinstance(player, int):
        return None
    card = before.observation(player).get("discard_top")
    return DISCARD_DRAW.get(lang, DISCARD_DRAW["en"]).format(card=card) if card else None


#: the games whose notation leaves out what the log says of a move (Krass Kariert's cards, Königs-Rommé's
#: melds laid in the last turns): game id -> its words, read from the position before the move
WORDS_BEFORE: dict[str, Callable[[Any, GameState, str], str | None]] = {
    "krass": krass_words,
    "koenigs": koenigs_words,
    "rummy": rummy_words,
    "romme": knock_words,
    "einmaleins": discard_draw_words,
}


def words_before(game: str, move: Any, before: GameState, lang: str, own: bool = False) -> str | None:
    """What the log says of a move that its notation does not say (:data:`WORDS_BEFORE`), read from the
    position before it; None: its plain words. ``own``: words for the mover's eyes (a button, a hint), which
    also name where a Krass Kariert reserve or drawn card goes in the hidden hand (:func:`krass_placed`)."""
    placed = krass_placed(move, before, lang) if own and game == "krass" else None
    words = WORDS_BEFORE.get(game)
    return placed or (words(move, before, lang) if words else None) or discard_draw_words(move, before, lang)


#: Krass Kariert: a card and the place in the hand it goes to (:func:`romme_table.i18n.hand_place`), by move kind
KRASS_PLACED = {
    "reserve": {"en": "take reserve card {cards} {place}", "de": "Reservekarte {cards} {place} nehmen"},
    "insert": {"en": "put the drawn card {cards} {place}", "de": "gezogene Karte {cards} {place} einstecken"},
}


def krass_placed(move: Any, before: GameState, lang: str) -> str | None:
    """Krass Kariert: a reserve or insert move with where its card goes, by the mover's cards beside the place
    ('take reserve card S between 4 and 9', 'put the drawn card 7 before 3'; the notation counts places from
    0, which the hand shows nowhere). Only for the mover's eyes: the hand is hidden from the others, so the
    log, which every seat reads, leaves the place out. None for other moves."""
    from .i18n import hand_place

    j = move.to_json()
    kind, player, position = j.get("kind"), j.get("player"), j.get("position")
    words = KRASS_PLACED.get(str(kind))
    if words is None or not isinstance(player, int) or not isinstance(position, int):
        return None
    obs = before.observation(player)
    place = hand_place([str(c) for c in obs["hand"]], position, lang)
    if kind == "reserve":
        index, reserves = j.get("index"), obs["reserves"][player]
        if not isinstance(index, int) or not 0 <= index < len(reserves):
            return None
        card = reserves[index]
    else:
        card = (obs.get("drawing") or {}).get("card")
    if card is None or not place:
        return None
    return words.get(lang, words["en"]).format(cards=card, place=place)


def short_meld(meld: Sequence[str]) -> str:
    """A meld named short in the log: up to four cards whole, a longer one by its ends ('B4 B5 … B13')."""
    return " ".join(meld) if len(meld) <= 4 else f"{meld[0]} {meld[1]} … {meld[-1]}"


#: the notation's joker (Rommé, Rummy): the card a joker swap takes off a meld
JOKER = "*"
#: the wilds a swap takes off a meld, each with its words for one and for more: the joker, 1x1-Rommé's wish card
#: ('swap H20 for the wish card in H12 H16 W H24'). A 1x1 1-card is wild only in a run of its own symbol, which
#: the tokens alone do not tell: the cards the table's melds stand for do (:func:`stands_of`), and with them its
#: swap reads as one too (:data:`SWAPPED_OTHER`).
SWAPPED = {JOKER: ("swap_into", "swap_jokers"), "W": ("swap_wish", "swap_wishes")}
#: the words of a swap of any other wild, named by its card ('swap H48 for H1 in H36 H1 H60')
SWAPPED_OTHER = "swap_one"


def stands_of(observation: Mapping[str, Any]) -> list[list[str]] | None:
    """Per table meld of a table game's ``observation`` the card each of its cards stands for (a natural for
    itself, a wild for the card whose place it holds), in table order; None where the observation has none."""
    table = observation.get("table")
    out: list[list[str]] = []
    for meld in table if isinstance(table, list) else ():
        stands = meld.get("stands_for") if isinstance(meld, Mapping) else None
        if not isinstance(stands, list):
            return None
        out.append([str(c) for c in stands])
    return out if isinstance(table, list) else None


def _swaps(
    old: Sequence[str], stands: Sequence[str] | None, came: Counter[str], went: Counter[str]
) -> tuple[list[tuple[int, str]], Counter[str]] | None:
    """The wilds of table meld ``old`` (``stands``: what each of its cards stands for) whose places the cards
    that ``came`` took, as (place in ``old``, card), and the cards that came besides them (laid off); None unless
    every card that ``went`` is such a wild (the meld was changed otherwise, or its wilds are not known)."""
    if stands is None or len(stands) != len(old):
        return None
    left, comes = Counter(went), Counter(came)
    pairs: list[tuple[int, str]] = []
    for k, (card, stood) in enumerate(zip(old, stands)):
        if card != stood and left[card] > 0 and comes[stood] > 0:
            left[card] -= 1
            comes[stood] -= 1
            pairs.append((k, stood))
    return (pairs, +comes) if pairs and not +left else None


def _swap_words(old: Sequence[str], pairs: Sequence[tuple[int, str]], lang: str) -> list[str]:
    """:func:`_swaps`' pairs in words, one phrase per kind of wild ('swap Y6 for the joker in Y5 * Y7')."""
    out: list[str] = []
    for wild in dict.fromkeys(old[k] for k, _ in pairs):
        cards = " ".join(card for k, card in pairs if old[k] == wild)
        one, more = SWAPPED.get(wild, (SWAPPED_OTHER, SWAPPED_OTHER))
        n = sum(1 for k, _ in pairs if old[k] == wild)
        out.append(t(one if n == 1 else more, lang, cards=cards, meld=short_meld(old), wild=wild))
    return out


def _in_place(old: Sequence[str], meld: Sequence[str], came: Counter[str], went: Counter[str]) -> str | None:
    """The one card of ``old`` whose place in the meld the one card that ``came`` took, every other card staying
    where it lay ('H2 H4 H6' going on as 'H2 H4 H1'); None for any other change (a run shifted along, a set
    whose cards lie in another order, more cards)."""
    if came.total() != 1 or went.total() != 1 or len(old) != len(meld):
        return None
    gone, new = next(iter(went)), next(iter(came))
    for k, card in enumerate(old):
        if card == gone and [*old[:k], new, *old[k + 1 :]] == list(meld):
            return gone
    return None


def _left_of(meld: Sequence[str], went: Counter[str]) -> list[str]:
    """The cards of ``meld`` that stay when those that ``went`` leave it, in the meld's order."""
    gone, left = Counter(went), []
    for card in meld:
        if gone[card] > 0:
            gone[card] -= 1
        else:
            left.append(card)
    return left


def place_words(
    before: Sequence[Sequence[str]],
    melds: Sequence[Sequence[str]],
    lang: str,
    stands: Sequence[Sequence[str]] | None = None,
) -> str:
    """A place-move that turns table ``before`` into ``melds`` in words, naming the cards: each meld it takes apart
    ('take apart 5h 6h 7h', said first), the jokers it swapped ('swap 7h for the joker in 5h 6h *'), the cards it took
    off a meld ('take Jo from Kc Kd Kh Jo'), a card laid where a natural lay ('put H1 in place of H6 in H2 H4 H6'),
    the new melds it lays ('lay out: B9 R9 *'), each card laid off with the meld it grew ('add R11 to R7 R8 R9 R10')
    and the table cards it took back into the hand: a player finds each card by the meld it comes from or goes to.
    A meld changed otherwise is told as the cards taken off it and the cards added to what stays of it ('take R7
    from R7 R8 R9', 'add R10 to R8 R9'): a card added that no phrase takes off the table came from the hand.

    Which old meld a new one goes on from is the core's rule (``tablemoves.goes_on_from``), the one the table's
    'new' marks and the hint's 'moves N table cards' follow, so a meld the core pairs with a new one is never said
    to be taken apart. Of two new melds keeping as many of an old meld's cards, the core takes the first in the
    table's order (a run split in two goes on as its lower part: 'take B7 B8 B9 from B4 B5 … B9 · lay out: B7 B8
    B9').

    ``stands``: per meld of ``before`` the cards its cards stand for (:func:`stands_of`), which tell a wild's swap
    from a change where more cards came than wilds went ('swap Y6 for the joker in Y5 * Y7 · add Y8 to Y5 Y6 Y7')
    and name a 1x1-Rommé 1-card standing as a wild ('swap H48 for H1 in H36 H1 H60')."""
    source = goes_on_from(before, melds)
    laid: list[list[str]] = []
    swapped: list[str] = []  # said first: a meld whose jokers other cards took the places of is no new meld
    taken: list[str] = []  # said next: where the cards laid anew came from
    changed: list[str] = []
    extended: list[str] = []
    for meld, j in zip(melds, source):
        if j is None:
            laid.append(list(meld))
            continue
        old, kept = before[j], Counter(meld)
        came, went = kept - Counter(old), Counter(old) - kept
        wild = next(iter(went)) if len(went) == 1 else None
        if not went:
            if came:  # (the same cards in another order: the meld stayed)
                extended.append(t("add_to", lang, cards=" ".join(came.elements()), meld=short_meld(old)))
        elif not came:
            taken.append(t("take_from", lang, cards=" ".join(went.elements()), meld=short_meld(old)))
        elif (swaps := _swaps(old, stands[j] if stands and j < len(stands) else None, came, went)) is not None:
            pairs, laid_off = swaps
            swapped.extend(_swap_words(old, pairs, lang))
            if laid_off:  # named as the meld is after the swap
                now = list(old)
                for k, card in pairs:
                    now[k] = card
                extended.append(t("add_to", lang, cards=" ".join(laid_off.elements()), meld=short_meld(now)))
        elif wild in SWAPPED and wild not in came and came.total() == went.total():
            one, more = SWAPPED[wild]
            words = one if went[wild] == 1 else more
            swapped.append(t(words, lang, cards=" ".join(came.elements()), meld=short_meld(old)))
        elif (went_card := _in_place(old, meld, came, went)) is not None:
            card = next(iter(came))
            changed.append(t("put_in_place", lang, card=card, went=went_card, meld=short_meld(old)))
        else:  # what left it said with the other cards taken off melds, what came with the lay-offs
            taken.append(t("take_from", lang, cards=" ".join(went.elements()), meld=short_meld(old)))
            extended.append(t("add_to", lang, cards=" ".join(came.elements()), meld=short_meld(_left_of(old, went))))
    paired = set(source)
    apart = [t("take_apart", lang, meld=short_meld(old)) for j, old in enumerate(before) if j not in paired]
    back = Counter(c for m in before for c in m) - Counter(c for m in melds for c in m)
    if back:
        extended.append(t("take_back", lang, cards=" ".join(back.elements())))
    parts = [move_text("place " + " | ".join(" ".join(m) for m in laid), lang)] if laid else []
    return " · ".join(apart + swapped + taken + changed + parts + extended)


#: Rommé's moves onto one table meld, which their notation names by its number ('lay off 9d on meld 6', 'swap the
#: joker of meld 3 for Kc'): the table shows no numbers, so the words name the meld by its cards
MELD_MOVES = ("layoff", "swap")


def tells_table(move: Any) -> bool:
    """Whether the log tells ``move`` by the table it was played on (:func:`move_note`): a place-move, Rommé's
    lay-off and joker swap."""
    return place_table(move) is not None or move.to_json().get("kind") in MELD_MOVES


def move_note(
    game: str, move: Any, table_before: list[list[str]], lang: str, stands: Sequence[Sequence[str]] | None = None
) -> str:
    """What the log says of a move whose table before is known (``""``: its plain words): the cards a place-move
    laid and where (:func:`place_words`, ``stands`` what that table's cards stand for), the meld a lay-off grew
    ('add 9d to 7d 8d Jo') or a swap took the joker from ('swap 5d for the joker in 5c 5s *')."""
    melds = place_table(move)
    if melds is not None:
        return place_words(table_before, melds, lang, stands)
    j = move.to_json()
    target, card = j.get("target"), j.get("card")
    if j.get("kind") in MELD_MOVES and isinstance(target, int) and 1 <= target <= len(table_before) and card:
        meld = short_meld(table_before[target - 1])  # numbered from 1
        return t("add_to" if j["kind"] == "layoff" else "swap_into", lang, cards=str(card), meld=meld)
    return ""


def move_words(move: Any, lang: str) -> str:
    """One move in plain words (``draw stock`` -> ``"vom Stapel ziehen"``; a place-move by its melds)."""
    melds = place_table(move)
    if melds is not None:
        return TABLE_MOVE_WORDS.get(lang, TABLE_MOVE_WORDS["en"]).format(melds=counted(len(melds), "meld", lang))
    return _plain_words(str(move), lang)


@lru_cache(maxsize=4096)
def _plain_words(notation: str, lang: str) -> str:
    """A move's words by its notation, kept: the log is made again after every move, and most moves repeat
    ('draw stock', 'discard 5h'), so a long game's log need not go through the phrase patterns each time."""
    return move_text(notation, lang)


def log_lines(
    game: str,
    history: Sequence[Any],
    names: Sequence[str],
    lang: str,
    last: int = 200,
    notes: Mapping[int, str] | None = None,
    ends: Collection[int] = (),
    unit: RoundUnit = RoundUnit.ROUND,
    tricks: Mapping[int, int] | None = None,
    deals: Sequence[str] = (),
) -> list[str]:
    """``"Anna: vom Stapel ziehen"`` for each of the last ``last`` moves of ``history``;
    ``notes`` (move number -> words) replace the words of moves seen as they were played; after each move
    of ``ends`` a line says that round is over ('— round 2 over —'; a game of one deal: '— game over —'); after
    each move of ``tricks`` (move number -> seat) who won the trick it closed ('— Bot 2: trick won —'); ``deals``:
    the lines that replace the round-over lines in order, saying more of each (krass_deals.deal_over_lines)."""
    out: list[str] = []
    first = max(0, len(history) - last)
    passing: tuple[list[str], str] | None = None  # the seats that passed at this knock question, and its words
    for k in range(first, len(history)):
        move = history[k]
        player = getattr(move, "player", -1)
        who = names[player] if isinstance(player, int) and 0 <= player < len(names) else "—"
        words = cards_named((notes or {}).get(k) or move_words(move, lang), game, lang)
        if passing is not None and passing[1] == words:  # the seats passing at one knock question share a line
            passing[0].append(who)
            out[-1] = f"{', '.join(passing[0])}: {words}"
        else:
            out.append(f"{who}: {words}")
        passing = ([who], words) if passing is None or passing[1] != words else passing
        if not _knock_pass(words, lang) or k in ends:
            passing = None
        won = (tricks or {}).get(k)
        if won is not None and 0 <= won < len(names):
            out.append(TRICK_WON.get(lang, TRICK_WON["en"]).format(name=names[won]))
        if k in ends:
            number = sum(1 for e in ends if e <= k)
            over = ROUND_OVER[unit]
            out.append(deals[number - 1] if number <= len(deals) else over.get(lang, over["en"]).format(n=number))
    return out


@lru_cache(maxsize=512)
def _line_image(line: str, size: int, width: int) -> pygame.Surface:
    """One rendered log line, cut to ``width`` (cached: the log redraws every frame)."""
    f = font(size)
    shown = line
    while shown and f.size(shown)[0] > width:
        shown = shown[:-2] + "…" if len(shown) > 2 else ""
    return f.render(shown, True, (235, 235, 220))


CONTINUED = "   "  # the indent of a log line's rows after its first


@lru_cache(maxsize=512)
def wrapped(line: str, size: int, width: int) -> tuple[str, ...]:
    """``line`` broken at spaces into rows of at most ``width`` pixels (rows after the first indented)."""
    f = font(size)
    rows: list[str] = []
    current = ""
    for word in line.split(" "):
        trial = f"{current} {word}" if current else (word if not rows else f"{CONTINUED}{word}")
        if current and f.size(trial)[0] > width:
            rows.append(current)
            current = f"{CONTINUED}{word}"
        else:
            current = trial
    rows.append(current)
    return tuple(rows)


#: the marks over and under the log when moves are scrolled out of view (the default font has no arrows:
#: a triangle is drawn before them)
SCROLL_WORDS = {
    "en": ("{n} older (wheel, Home)", "{n} newer (wheel, End)"),
    "de": ("{n} ältere (Mausrad, Pos1)", "{n} neuere (Mausrad, Ende)"),
}
#: the smallest panel drawn (width, height): a title and a row of moves
LOG_LEAST = (60, 40)
LOG_FONT = 16  # the log's print (and row height) in a panel up to 300 px wide


def log_font(width: int) -> int:
    """The log's print for rows ``width`` pixels wide: 16, up to 20 in the wide right column of a large window,
    in proportion with the larger cards there."""
    return max(LOG_FONT, min(20, int(width / text_scale()) // 18))  # the width in the base window's pixels


TEXT_CACHES.extend([_line_image.cache_clear, wrapped.cache_clear])


def log_rows(lines: Sequence[str], width: int) -> list[str]:
    """Every log line wrapped to ``width`` pixels, oldest first: the rows the panel scrolls through."""
    return [row for line in lines for row in wrapped(line, log_font(width), width)]


def log_room(rect: pygame.Rect, lang: str) -> tuple[tuple[str, ...], int]:
    """The panel's title rows and how many rows of moves fit under them: the long title (the keys) where it leaves
    ``MARKS_LEAST`` rows, else the short one where it leaves two, else none (the moves name their seats)."""
    size = log_font(rect.w - 12)
    title: tuple[str, ...] = ()
    for words, least in ((TITLE, MARKS_LEAST), (SHORT_TITLE, 2)):
        title = wrapped(words.get(lang, words["en"]), size, rect.w - 12)
        if (rect.bottom - (rect.y + 8 + len(title) * px(size))) // px(size) >= least:
            break
    else:
        title = ()
    return title, max(0, (rect.bottom - (rect.y + 8 + len(title) * px(size))) // px(size))


def marked(total: int, room: int) -> bool:
    """Whether the panel shows scroll marks: the moves do not fit and the room holds them and two rows more."""
    return total > room >= MARKS_LEAST


def shown_rows(total: int, room: int, following: bool = False) -> int:
    """Rows of moves shown: all the room, less one row above and one below for the scroll marks when
    the moves do not fit (a panel too low for them shows the newest rows in all its room); a panel ``following``
    the game shows the newest rows, nothing newer to mark below them: that row holds a move."""
    return room - (1 if following else 2) if marked(total, room) else room


def first_shown(total: int, shown: int, first: int | None) -> int:
    """The first row in view: ``first`` kept within the rows (None: the newest rows, following the game)."""
    newest = max(0, total - shown)
    return newest if first is None else max(0, min(first, newest))


def line_start(rows: Sequence[str], start: int, back: bool = False) -> int:
    """``start`` moved to the first row of a log line (rows after a line's first are indented), forward or
    ``back``: the panel never opens on the tail of a wrapped line."""
    step = -1 if back else 1
    while 0 < start < len(rows) and rows[start].startswith(CONTINUED):
        start += step
    return start


def mark_at(rect: pygame.Rect, lang: str, total: int, pos: tuple[int, int]) -> str | None:
    """What a click at ``pos`` on the panel does: 'log_older' on the row of the mark above the moves,
    'log_newer' on the row of the mark below them (None: elsewhere, or the moves all fit)."""
    title, room = log_room(rect, lang)
    shown = shown_rows(total, room)
    if not marked(total, room) or not rect.collidepoint(pos):
        return None
    size = log_font(rect.w - 12)
    top = rect.y + 8 + len(title) * px(size)
    if top <= pos[1] < top + px(size):
        return "log_older"
    below = top + (shown + 1) * px(size)
    return "log_newer" if below <= pos[1] < below + px(size) else None


def _scroll_mark(surface: pygame.Surface, words: str, x: int, y: int, width: int, up: bool, size: int) -> None:
    """A row saying how many rows are out of view that way, after a small triangle pointing there."""
    colour = (170, 200, 170)
    tip, base = (y + 3, y + 11) if up else (y + 11, y + 3)
    pygame.draw.polygon(surface, colour, [(x, base), (x + 8, base), (x + 4, tip)])
    surface.blit(_line_image(words, size, width - 12), (x + 12, y))


def draw_move_log(
    surface: pygame.Surface, rect: pygame.Rect, rows: Sequence[str], lang: str, first: int | None = None
) -> None:
    """The log panel: a title and the rows of moves (:func:`log_rows`) from row ``first`` on as many as fit
    (None: the newest), with a mark above and below naming the rows scrolled out of view."""
    if rect.h < LOG_LEAST[1] or rect.w < LOG_LEAST[0]:
        return
    pygame.draw.rect(surface, (12, 55, 32), rect, border_radius=6)
    size = log_font(rect.w - 12)
    title, room = log_room(rect, lang)
    for k, row in enumerate(title):
        surface.blit(_line_image(row.strip(), size, rect.w - 12), (rect.x + 6, rect.y + 4 + k * px(size)))
    top = rect.y + 8 + len(title) * px(size)
    shown = shown_rows(len(rows), room, first is None)
    start = first_shown(len(rows), shown, first)
    if first is not None or marked(len(rows), room):
        # not opened on a wrapped line's tail; a small panel following the game shows one (indented) rather than
        # leave its rows empty; a line longer than the panel shows its newest rows, so some move is always shown
        moved = line_start(rows, start)
        start = moved if moved < len(rows) else start
    elif first is None and rows and len(rows) - line_start(rows, len(rows) - 1, back=True) > shown:
        # a panel too low for marks and for the newest entry shows that entry from its head, its cut end marked,
        # never its tail alone: 'Y13 | R9 R10 R11 R12 R13' would read as a stray list of cards
        start = line_start(rows, len(rows) - 1, back=True)
    older, newer = SCROLL_WORDS.get(lang, SCROLL_WORDS["en"])
    if marked(len(rows), room):  # the marks' rows: above and below the moves
        if start > 0:
            _scroll_mark(surface, older.format(n=start), rect.x + 6, top, rect.w - 6, True, size)
        hidden = len(rows) - start - shown
        if hidden > 0:
            below = top + (shown + 1) * px(size)
            _scroll_mark(surface, newer.format(n=hidden), rect.x + 6, below, rect.w - 6, False, size)
        top += px(size)
    view = list(rows[start : start + shown])
    if first is None and not marked(len(rows), room):
        view = heads_first(rows, start, view)
    for k, row in enumerate(view):
        cut = k == shown - 1 and start + shown < len(rows) and rows[start + shown].startswith(CONTINUED)
        surface.blit(_line_image(f"{row} …" if cut else row, size, rect.w - 12), (rect.x + 6, top + k * px(size)))


def heads_first(rows: Sequence[str], start: int, view: list[str]) -> list[str]:
    """The rows ``view`` (from row ``start`` on) of a small panel following the game, the wrapped tail at its top
    (an entry begun above the panel) read from that entry's head instead, its cut end marked: a tail alone
    ('   umgebaut)', 'anlegen') reads as a stray word or as a move of nobody's. The rows stay filled (a small
    panel's rows hold moves)."""
    tail = next((k for k, row in enumerate(view) if not row.startswith(CONTINUED)), len(view))
    if tail == 0 or tail == len(view):  # no tail on top, or the panel inside one entry (its own rule, above)
        return view
    head = line_start(rows, start, back=True)
    return [*rows[head : head + tail - 1], f"{rows[head + tail - 1]} …", *view[tail:]]
