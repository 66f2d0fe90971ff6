"""What a move holds in the table's terms: the hand cards it lays or gives away, the hand places it covers, whether
the log's words name it, a meld's text read back into cards and declarations (no pygame, no game state here)."""

from __future__ import annotations

from romme.cards import deck
from romme.engine import Move


def split_meld(text: str) -> list[tuple[str, str | None]]:
    """``"B13 R13 *=G13"`` -> ``[("B13", None), ("R13", None), ("*", "G13")]``."""
    out: list[tuple[str, str | None]] = []
    for tok in text.replace(",", " ").split():
        card, _, stands = tok.partition("=")
        out.append((card, stands or None))
    return out


def move_cards(game: str, move: Move, table: list[list[str]] | None = None) -> list[str]:
    """The hand cards a move lays or gives away (canonical tokens), for matching a selection: the move's
    own answer (``Move.hand_cards``; a place-move's from the core's diff with ``table``, the table it is
    played on)."""
    d = deck(game)
    codes = [[d.parse_token(tok) for tok in meld] for meld in table or ()]
    return [d.token(c) for c in move.hand_cards(codes)]


def named_before(game: str, move: Move) -> bool:
    """Whether a button (and a hint) names ``move`` with the log's words (move_log.words_before): Königs-Rommé's
    moves (a last-turn discard with the melds laid with it) and a Krass Kariert play (by its cards), reserve or
    insert (by the cards beside the place), Rommé's knock and pass (by the discard they are about), and in every
    game a draw from the discard pile (by its card, as the log says it: Rommé's and 1x1-Rommé's button read 'draw
    discard' beside Königs-Rommé's 'draw discard 10t', H6 P8)."""
    j = move.to_json()
    kind = j.get("kind")
    return (
        game == "koenigs"
        or (game == "krass" and kind in ("play", "reserve", "insert"))
        or (game == "romme" and kind in ("knock", "pass"))
        or (kind == "draw" and j.get("source") == "discard")
    )


def move_positions(move: Move) -> list[int] | None:
    """Hand positions a move covers when it is given by positions (Krass Kariert windows)."""
    j = move.to_json()
    if "start" in j and "length" in j:
        return list(range(int(j["start"]), int(j["start"]) + int(j["length"])))
    return None
