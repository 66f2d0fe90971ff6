"""Table input reads declared wilds (``*=Jh``, ``*=R11``, ``W=H30``), the notation the table search's
answers print, so that an answer pasted back as ``--table`` is read; a wrong declaration is refused in
one line naming the meld (docs/RULES.md, notation)."""

from __future__ import annotations

from typing import Any

import pytest
from click.testing import CliRunner

from romme import Card
from romme.cli import main
from romme.errors import InvalidNotationError, SolverError
from romme.table import parse_table, solve_table

#: (game, options, table, hand, a card the answer's table cannot take): each answer lays a wild.
POSITIONS = [
    ("romme", ["-o", "rauber=true"], "5h 6h 7h 8h 9h | Kc Kd Ks", "5c 5d * 2c", "2d"),
    ("romme", [], "8h 9h 10h", "* Jh", "2c"),
    ("rummy", [], "R8 R9 R10", "* R12", "B2"),
    ("einmaleins", [], "H12 H18 H24", "W", "D40"),
]


def _solve(game: str, opts: list[str], table: str, hand: str) -> list[str]:
    out = CliRunner().invoke(main, ["solve", game, *opts, "--table", table, *hand.split()])
    assert out.exit_code == 0, out.output
    return out.output.splitlines()


@pytest.mark.parametrize(("game", "opts", "table", "hand", "stray"), POSITIONS)
def test_an_answer_pasted_back_as_the_table_is_read_as_it_was_printed(
    game: str, opts: list[str], table: str, hand: str, stray: str
) -> None:
    lines = _solve(game, opts, table, hand)
    melds = [line.split(None, 1)[1] for line in lines[:-1]]
    assert any("=" in m for m in melds), lines  # (the answer declares a wild)
    again = _solve(game, opts, " | ".join(melds), stray)
    assert again[:-1] == lines[:-1]
    assert again[-1].startswith("placed 0: -") and "moved 0 table cards" in again[-1]


def test_a_declared_table_wild_is_the_card_it_stands_for_where_the_rules_keep_it() -> None:
    # Rommé with joker_declared and no Räuber: the joker stays the 7h declared, wherever it is written,
    # so the hand's 10h goes on the run's end (read as 8h 9h *, the joker would be the 10h).
    tables: list[Any] = ["*=7h 8h 9h", "8h 9h *=7h", [["8h", "9h", "*=7h"]]]
    for table in tables:
        sol = solve_table("romme", table, "10h", joker_declared=True)
        assert [str(m) for m in sol.table] == ["*=7h 8h 9h 10h"], table
        assert sol.placed_count == 1


@pytest.mark.parametrize(("game", "table", "words"), [
    ("romme", "*=Kc 8h 9h", "table meld 1 '*=Kc 8h 9h' is not a valid meld with its wilds as declared: "
                            "the cards make a meld, but not with * standing for Kc"),
    ("romme", "Kc Kd Ks | 7h=8h 9h 10h", "table meld 2 '7h=8h 9h 10h': 7h is not a wild"),
    ("romme", "7h=7h 8h 9h", "table meld 1 '7h=7h 8h 9h': 7h is not a wild"),
    ("rummy", "*=B3 R8 R9", "table meld 1 '*=B3 R8 R9' is not a valid meld with its wilds as declared"),
    ("einmaleins", "W=H7 H12 H24", "table meld 1 'W=H7 H12 H24' is not a valid meld with its wilds as declared: "
                                   "the cards make a meld, but not with W standing for H7"),
    ("romme", "*=7h 9h Kc", "table meld 1 '*=7h 9h Kc' is not a valid meld with its wilds as declared: "),
])
def test_a_wrong_declaration_is_refused_in_one_line(game: str, table: str, words: str) -> None:
    with pytest.raises(SolverError) as exc:
        parse_table(game, table)
    assert str(exc.value).startswith(words) and "\n" not in str(exc.value)
    out = CliRunner().invoke(main, ["solve", game, "--table", table, "2c" if game == "romme" else "B2"
                                    if game == "rummy" else "D40"])
    assert out.exit_code == 2 and words in out.output and len(out.output.strip().splitlines()) == 1


def test_a_wild_declared_for_a_card_not_in_the_deck_is_refused() -> None:
    with pytest.raises(InvalidNotationError, match=r"^table meld 1: bad card token 'H200'"):
        parse_table("einmaleins", "W=H200 H12 H24")
    with pytest.raises(InvalidNotationError, match=r"^table meld 1: bad card token 'R14'"):
        parse_table("rummy", "*=R14 R12 R13")


@pytest.mark.parametrize(("meld", "named"), [
    (["*=7h", None, "9h"], "None at position 2"),
    (["*=7h", 52, "9h"], "52 at position 2"),
    ([Card.parse("7h", "romme"), "*=8h", "9h"], "Card.parse('7h', 'romme') at position 1"),
])
def test_a_declared_meld_given_as_a_list_names_the_item_that_is_no_token(meld: list[Any], named: str) -> None:
    # a code or Card beside a declared wild sent the meld to the codes reader, which named the good '*=7h' as
    # the bad card ("bad card token '*=7h' at position 1")
    with pytest.raises(InvalidNotationError) as exc:
        parse_table("romme", [meld])
    assert str(exc.value) == f"table meld 1: a meld that gives a wild its card is written in tokens, got {named}"
