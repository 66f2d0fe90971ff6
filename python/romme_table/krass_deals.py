"""Krass Kariert: the move log's line at a deal's end, with who paid a chip and why.

The log read '— deal 2 over —' and nothing more: the player had to open the score sheet to learn who lost a chip,
and it never said why (the game's deal log does: the last player with cards, one who could neither beat nor take
a reserve card, or everyone out of cards at once but the trick's winner)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

DEAL_OVER = {"en": "— deal {n} over: {what} —", "de": "— Durchgang {n} vorbei: {what} —"}
#: one loser of a deal: a chip paid, or the game lost for want of a chip to pay
PAID = {
    "en": {"chip": "{name} −1 chip", "out": "{name} loses the game (no chip left)"},
    "de": {"chip": "{name} −1 Chip", "out": "{name}: Spiel verloren (kein Chip mehr)"},
}
#: the game's reasons (romme.games.krass: ``_end_deal``) as the log says them
WHY = {
    "was the last player with cards": {"en": "the last with cards", "de": "zuletzt noch Karten auf der Hand"},
    "could neither beat nor take a reserve card": {
        "en": "could neither beat nor take a reserve card",
        "de": "konnte weder schlagen noch eine Reservekarte nehmen",
    },
    "emptied the hand in the last trick together with everyone, but did not win it": {
        "en": "out of cards with the others, the last trick not won",
        "de": "mit allen anderen blank, den letzten Stich nicht gewonnen",
    },
}


def deal_over_words(obs: Mapping[str, Any], names: Sequence[str], lang: str) -> list[str]:
    """Each deal ended so far in words, in order: who paid a chip and why ('Bot 2 −1 chip (the last with cards)');
    ``[]`` for a game without a deal log."""
    out: list[str] = []
    paid = PAID.get(lang, PAID["en"])
    for deal in obs.get("deal_log") or []:
        losers = [
            paid["out" if loser.get("lost_game") else "chip"].format(name=_name(names, loser.get("seat")))
            for loser in deal.get("losers") or []
        ]
        reason = str(deal.get("reason") or "")
        why = WHY[reason].get(lang, WHY[reason]["en"]) if reason in WHY else reason
        out.append(", ".join(losers) + (f" ({why})" if why else ""))
    return out


def deal_over_lines(obs: Mapping[str, Any], names: Sequence[str], lang: str) -> list[str]:
    """The log's line for each deal ended so far, in order (``[]`` for a game without a deal log)."""
    form = DEAL_OVER.get(lang, DEAL_OVER["en"])
    deals = obs.get("deal_log") or []
    return [
        form.format(n=deal.get("deal", k + 1), what=what)
        for k, (deal, what) in enumerate(zip(deals, deal_over_words(obs, names, lang), strict=False))
    ]


def _name(names: Sequence[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"
