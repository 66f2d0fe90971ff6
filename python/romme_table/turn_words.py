"""What the player to move may do now, in a few words for the status line ('Your turn: draw from the stock
or the discard pile'): the line read 'You: your turn' in every phase, so a new player had to guess from the
buttons whether to draw, lay out or discard, and that a double-click discards.

The words follow the legal moves the engine lists (their kinds and, for a draw, its piles), not a copy of the
rules: a Räuber-Rommé table without a discard pile offers only the stock, a Königs-Rommé seat that may go out is
told so.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .i18n import t

#: the choices the status line names, each in :data:`.i18n.STRINGS` as ``"turn_" + choice``
CHOICES = "draw_both draw_stock lay_or_discard discard discard_or_out rummy lead follow beat insert".split()


#: Rommé's steps the status line read only as 'You: your turn' (seen under Xvfb, four seats with knocking): the
#: knock question after another seat's discard, offered as bare 'knock' and 'pass' buttons, and the turn after a
#: joker swap, which offers no discard until the joker taken is laid again
ROMME_STEPS = {
    "knock": {
        "en": "knock (K) for the {card} just discarded, with a penalty card, or pass (P)",
        "de": "um die abgeworfene {card} klopfen (K), mit Strafkarte, oder passen (P)",
    },
    "owed_joker": {
        "en": "lay out the joker you took (meld or lay-off), then discard",
        "de": "erst den genommenen Joker auslegen (Figur oder anlegen), dann abwerfen",
    },
    # the same where the turn ends with E, not a discard (Räuber without a discard pile: 'then discard' was read
    # at a table that has no pile)
    "owed_joker_end": {
        "en": "lay out the joker you took (meld or lay-off), then end the turn (E)",
        "de": "erst den genommenen Joker auslegen (Figur oder anlegen), dann den Zug beenden (E)",
    },
    "must_open_with": {
        "en": "open with the {card} you took, then discard",
        "de": "mit der genommenen {card} auslegen, dann abwerfen",
    },
    # the draw after another seat knocked: the pile's top card is the player's unless they draw from the stock
    "knocked": {
        "en": "{name} knocked: take the {card} yourself, or draw stock and {name} gets it",
        "de": "{name} hat geklopft: {card} selbst nehmen, oder vom Stapel ziehen, dann bekommt {name} sie",
    },
}


#: what the hand may lay in a turn that ends with E or a draw (Räuber without a discard pile), by the moves listed: a
#: table with only a joker swap to play read 'lay out, then end the turn (E)' beside the one button 'swap 9d for the
#: joker in 7d 8d Jo'
LAYS = {
    "out": {"en": "lay out", "de": "auslegen"},
    "off": {"en": "lay off", "de": "anlegen"},
    "swap": {"en": "swap a joker", "de": "einen Joker tauschen"},
}
#: the move kinds of each of :data:`LAYS`
LAY_KINDS = {"out": ("meld", "place"), "off": ("layoff",), "swap": ("swap",)}
OR = {"en": "or", "de": "oder"}


def lays_words(kinds: set[str], lang: str) -> str:
    """What the hand may lay by the move ``kinds`` listed ('lay out, lay off or swap a joker'; a lay-off only once
    opened, a swap only where a table joker's card is in the hand): the choices :data:`LAYS` names, in its order."""
    said = [words.get(lang, words["en"]) for choice, words in LAYS.items() if kinds.intersection(LAY_KINDS[choice])]
    if len(said) < 2:
        return said[0] if said else LAYS["out"].get(lang, LAYS["out"]["en"])
    return f"{', '.join(said[:-1])} {OR.get(lang, OR['en'])} {said[-1]}"


def turn_words(
    game: str,
    phase: str,
    moves: Iterable[dict[str, Any]],
    lang: str,
    seen: dict[str, Any] | None = None,
    names: Sequence[str] = (),
    with_discard: bool = True,
) -> str:
    """The player's choices in words, read from the phase and the legal moves (their ``to_json`` forms); ""
    when the table explains the step itself (the solitaire's how-to line) or nothing fits. ``seen``: the mover's
    observation, for Rommé's steps (:data:`ROMME_STEPS`: the card a knock asks for, a joker owed, who knocked,
    named by ``names``, the seats' names); ``with_discard``: whether the game's turn ends with a discard (the
    game's own ``with_discard``: Räuber without a discard pile ends it with E), which a step's moves do not tell."""
    data = list(moves)
    kinds = {str(m.get("kind")) for m in data}
    key: str | None
    seen = seen or {}
    step = _romme_step(kinds, seen)
    if step:
        words = ROMME_STEPS[step[0] if with_discard or step[0] != "owed_joker" else "owed_joker_end"]
        knocker = seen.get("knocker")
        name = names[knocker] if isinstance(knocker, int) and 0 <= knocker < len(names) else "?"
        return words.get(lang, words["en"]).format(card=step[1], name=name)
    if game == "koenigs-solo" or not kinds:
        key = None
    elif kinds == {"draw"}:
        key = "draw_both" if any(m.get("source") == "discard" for m in data) else "draw_stock"
    elif game == "krass":
        key = phase if phase in ("lead", "follow", "insert") else None
        if key == "follow" and "reserve" not in kinds:  # 'or take a reserve card' was read with none left
            key = "beat"
    elif game == "rummy":  # before the opening the table may not be rebuilt (RULES.md, Rummy: the opening)
        key = "rummy_open" if phase == "open" else "rummy"
    elif "out" in kinds:
        key = "discard_or_out"
    elif kinds == {"discard"}:
        key = "discard"
    elif "discard" in kinds:
        key = "lay_or_discard"
    elif kinds == {"end"}:  # (nothing left to lay: 'lay out, lay off, or end' offered what the hand cannot do)
        key = "end"
    elif "end" in kinds:  # Räuber without discard pile: the turn ends with E, not a discard (play-test V10)
        key = "lay_or_end"
    elif "draw" in kinds:  # (the same variant at the start of a turn: lay, or draw and end it)
        key = "lay_or_draw"
    else:
        key = None
    if key in ("lay_or_end", "lay_or_draw"):
        return t(f"turn_{key}", lang, lays=lays_words(kinds, lang))
    return t(f"turn_{key}", lang) if key else ""


def _romme_step(kinds: set[str], seen: dict[str, Any]) -> tuple[str, str] | None:
    """Rommé's step that its moves alone do not tell (:data:`ROMME_STEPS`) and the card it names; None when the
    turn is an ordinary one (a discard among the moves ends it)."""
    if "knock" in kinds:
        return "knock", str(seen.get("discard_top") or "?")
    if kinds == {"draw"} and isinstance(seen.get("knocker"), int):
        return "knocked", str(seen.get("discard_top") or "?")
    if not kinds or kinds & {"draw", "discard", "out", "pass"}:
        return None
    if seen.get("owed_jokers"):
        return "owed_joker", ""
    if seen.get("must_open_with"):
        return "must_open_with", str(seen["must_open_with"])
    return None
