"""Headless: a Rommé deal that ends without a winner says so on the score sheet and in the log.

Since 631ae81 a locked deal (every hand one card, every meld full: play-test S2) ends at once; the log then read
'— deal 1 over: You +0, Bot 1 +0 —' and the sheet's row named nothing, as if the deal had simply stopped."""

from __future__ import annotations

import pytest
from romme_positions import position

from romme.games.romme.moves import parse_move
from romme_table import score_grid
from romme_table.score_grid import RoundUnit, ScoreBook


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "nobody could go out: no winner, no points"),
    ("de", "keiner konnte ausmachen: kein Sieger, keine Punkte"),
])
def test_a_locked_deal_is_named_on_the_sheet_and_in_the_log(lang: str, words: str) -> None:
    st = position(["9c Ks 5h", "3d"], table=("10d 10h 10c 10s", "Kh Kc Kd"))
    book = ScoreBook()
    book.update(st.observation(0))
    for text in ("layoff Ks to 2", "discard 5h"):
        st.apply(parse_move(text, 0))
    assert st.deal_no == 1  # the deal ended without a winner
    assert book.update(st.observation(0))
    row = book.rows[-1]
    assert (row.out, row.how) == (None, "blocked")
    assert score_grid.ended_text(row, ["You", "Bot 1"], lang) == words
    line = score_grid.round_over_lines(book, ["You", "Bot 1"], lang, RoundUnit.DEAL)[-1]
    assert words in line


def test_a_won_deal_still_names_its_winner() -> None:
    st = position(["9c 9d 9h 5h", "3d"], table=("10d 10h 10c 10s",))
    book = ScoreBook()
    book.update(st.observation(0))
    for text in ("meld 9c 9d 9h", "discard 5h"):
        st.apply(parse_move(text, 0))
    assert book.update(st.observation(0))
    assert (book.rows[-1].out, book.rows[-1].how) == (0, "out")
