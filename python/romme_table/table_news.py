"""What the other seats put on the table since a player's last turn, marked on the table during that player's turn.

A bot lays three melds or adds a card to a run between two turns of the player: the move log names the cards, but
on a full table the player had to search for them. The cards on the table that were not there when the player's
last turn ended are the news of the turn now; a rearranged meld's cards that were already on the table are not.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from romme.games.tablemoves import goes_on_from

#: games whose rows are no table the seats build: Krass Kariert's trick, the solitaire's one player
NO_NEWS_GAMES = ("krass", "koenigs-solo")


def table_cards(melds: list[list[str]]) -> Counter[str]:
    return Counter(tok for meld in melds for tok in meld)


class TableNews:
    """Per human seat: the table as that seat's last turn left it, and the cards laid since (its turn's news)."""

    def __init__(self) -> None:
        self._left: dict[int, tuple[tuple[Any, ...], list[list[str]]]] = {}  # seat -> (deal, the table it left)
        self._news: dict[int, tuple[Counter[str], list[list[str]]]] = {}  # seat -> its turn's new cards, the old table
        self._to_move: int | None = None  # the seat to move when last followed
        self._game = 0  # the game state followed (a loaded game starts with no news)

    def follow(
        self, game: int, to_move: int, humans: list[int], melds: list[list[str]], deal: tuple[Any, ...]
    ) -> None:
        """After moves of ``game`` (the controller's state_serial): a human seat whose turn ended keeps the table it
        left; a human seat whose turn begins gets the cards laid since as its news (a new deal starts from the empty
        table)."""
        if game != self._game:
            self.clear()
            self._game = game
        if to_move == self._to_move:
            return
        left = self._to_move
        if left is not None and left in humans:
            self._left[left] = (deal, [list(m) for m in melds])
            self._news.pop(left, None)
        if to_move in humans and to_move in self._left:
            was_deal, before = self._left[to_move]
            before = before if was_deal == deal else []
            self._news[to_move] = (table_cards(melds) - table_cards(before), before)
        self._to_move = to_move

    def follows(self, game: int) -> bool:
        """Whether the turns of ``game`` (the controller's state_serial) are followed: a seat to move was seen in it."""
        return game == self._game and self._to_move is not None

    def marks(self, seat: int, melds: list[list[str]]) -> list[set[int]]:
        """Per meld, the places of the cards new to ``seat``. Of equal cards (two decks) the ones a meld gained
        are marked: each meld goes on from an old meld as the core pairs them (:func:`gained_places`), and only
        what it holds beyond that old meld can be new. H6 T1 (Räuber-Rommé, hot seat): marking the changed melds'
        equal cards in table order put the marks of a bot's new run 'Jo 7h 8h' on the 7h and the joker of a set
        that had only gained a 7c."""
        news, before = self._news.get(seat, (Counter(), []))
        out: list[set[int]] = [set() for _ in melds]
        if not news:
            return out
        news = Counter(news)
        gained = gained_places(melds, before)
        for k, meld in enumerate(melds):  # a meld's gained cards first, then (moved between melds) any left
            for i in sorted(gained[k]):
                if news[meld[i]] > 0:
                    news[meld[i]] -= 1
                    out[k].add(i)
        for k, meld in enumerate(melds):
            for i, tok in enumerate(meld):
                if i not in out[k] and news[tok] > 0:
                    news[tok] -= 1
                    out[k].add(i)
        return out

    def clear(self) -> None:
        """Undone or replaced moves: nothing is news until the next turn begins."""
        self._left.clear()
        self._news.clear()
        self._to_move = None


def gained_places(melds: list[list[str]], before: list[list[str]]) -> list[set[int]]:
    """Per meld, the places of the cards it holds beyond the old meld it goes on from (all of them for a new
    meld). Which old meld that is, is the core's rule (``tablemoves.goes_on_from``: kept as it lay, or the old
    meld it keeps two or more naturals of, or its one natural, one to one, the pairs keeping the most cards), the
    one the hint's 'moves N table cards' counts by: pairing greedily by the largest share of one card or more took a run
    '2h 3h 4h 5h' that got the second 5h for the twin '3h 4h 5h' lying untouched beside it, and marked the
    twin's 5h. Of equal cards the ones out of the old meld's order are the gained ones: a run 'G1 … G4 Jo G6
    G7' that got a second joker at its end marked its old joker (=G5), the first 'Jo' of the meld, and left the
    new one (=G8) unmarked (play-test V8)."""
    if not before:
        return [set(range(len(meld))) for meld in melds]
    source = goes_on_from(before, melds)
    return [set(range(len(meld))) if j is None else unaligned(meld, before[j]) for meld, j in zip(melds, source)]


def unaligned(meld: list[str], old: list[str]) -> set[int]:
    """The places of ``meld`` left out of a longest common subsequence with ``old`` (the cards in the old meld's
    order kept; of the rest, the later equal card is left out: a meld grows at its ends)."""
    n, m = len(meld), len(old)
    common = [[0] * (m + 1) for _ in range(n + 1)]  # common[i][j]: of meld[i:] and old[j:]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            same = common[i + 1][j + 1] + 1 if meld[i] == old[j] else 0
            common[i][j] = max(same, common[i + 1][j], common[i][j + 1])
    out: set[int] = set()
    i = j = 0
    while i < n:
        if j < m and meld[i] == old[j] and common[i][j] == common[i + 1][j + 1] + 1:
            i, j = i + 1, j + 1
        elif j < m and common[i][j + 1] == common[i][j]:
            j += 1
        else:
            out.add(i)
            i += 1
    return out


def board_marks(
    marks: list[set[int]], table: list[list[str]], board: list[list[str]], changed: set[int]
) -> list[set[int]]:
    """The table's news ``marks`` (per meld of ``table``) carried onto the board (T): a board meld that lies as it lay
    keeps the marks of its table meld (matched by its cards, each table meld once); a meld changed on the board
    (``changed``: the editor's new or changed melds) has none (H9 U1: the board showed no news at all)."""
    out: list[set[int]] = [set() for _ in board]
    used: set[int] = set()
    for k, meld in enumerate(board):
        if k in changed:
            continue
        j = next((j for j, m in enumerate(table) if j not in used and Counter(m) == Counter(meld)), None)
        if j is None:
            continue
        used.add(j)
        want = Counter(table[j][i] for i in (marks[j] if j < len(marks) else ()) if i < len(table[j]))
        for i, tok in enumerate(meld):
            if want[tok] > 0:
                want[tok] -= 1
                out[k].add(i)
    return out
