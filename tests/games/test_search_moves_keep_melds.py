"""A move built from a table search's answer keeps every meld it did not rebuild as that meld lies on the
table: its card order and what its wilds stand for (play-test Q10). The search writes every meld in its own
reading (Räuber-Rommé's untouched "* Js Qs", the joker as 10s, came back as "Js Qs *=Ks"; sets re-sorted);
``tablemoves.unchanged_melds`` (the core's ``table_place::unchanged_melds``) matches the answer's melds with
the table's, and the hint (``table_hint.kept_as_they_lie``), the expert and master bots and ``romme solve``
lay the matched ones as they lie."""

from __future__ import annotations

from collections import Counter

import pytest

import romme
from romme.bots import make_bot
from romme.engine import Move
from romme.games.tablemoves import unchanged_melds
from romme.table import table_meld_texts
from romme_table.hints import hint


def cards(text: str) -> tuple[str, ...]:
    """A meld's cards as a multiset (a wild without what it stands for)."""
    return tuple(sorted(tok.split("=")[0] for tok in text.split()))


def rebound(before: list[str], after: list[str]) -> list[str]:
    """The melds of ``after`` that hold the cards of a meld of ``before`` (one to one) but lie otherwise."""
    out = []
    for key in {cards(t) for t in after}:
        old = Counter(t for t in before if cards(t) == key)
        new = Counter(t for t in after if cards(t) == key)
        if sum((old & new).values()) < min(sum(old.values()), sum(new.values())):
            out += [t for t in new if t not in old]
    return out


def test_unchanged_melds_are_matched_one_to_one_in_table_order() -> None:
    assert unchanged_melds([[9, 1, 2], [3, 4, 5], [3, 4, 5]], [[5, 4, 3], [1, 2, 9], [1, 2], [3, 5, 4], [4, 5, 3]]) \
        == [1, 0, None, 2, None]


def test_the_hint_keeps_an_untouched_joker_where_it_lies() -> None:
    # Q10's reproducer: Räuber-Rommé, seat 0 playing the hint, seat 1 greedy; at move 205 the hint rebuilt
    # the table and laid the untouched "*=10s Js Qs" as "Js Qs *=Ks"
    st = romme.new_game("romme", 2, seed=3, rules="rauber")
    greedy = make_bot("romme", "greedy", seed="g3")
    for _ in range(205):
        st.apply(hint("romme", st)[0] if st.current_player == 0 else greedy.choose(st.clone()))
    before = table_meld_texts(st.observation(0))
    assert "*=10s Js Qs" in before and st.current_player == 0
    move, _ = hint("romme", st)
    assert move.to_json()["kind"] == "place"
    st.apply(move)
    after = table_meld_texts(st.observation(0))
    assert "*=10s Js Qs" in after
    assert rebound(before, after) == []


def test_romme_solve_gives_an_untouched_meld_as_written() -> None:
    sol = romme.solve_table("romme", "* Js Qs | 6c 6d 6s 6h | 5h 6h 7h", "9d 10d Jd 8h", rauber=True)
    assert sol.placed_count == 4 and sol.moved == 0
    assert {"*=10s Js Qs", "6c 6d 6s 6h"} <= {str(m) for m in sol.table}
    # a wild declared in the table given (86853fa) keeps its declaration where the answer keeps its meld
    sol = romme.solve_table("rummy", "R9 G9 *=Y9 | R3 R4 R5 R6", "G3 Y3")
    assert sol.placed_count == 2 and "R9 G9 *=Y9" in {str(m) for m in sol.table}


def test_a_table_given_as_an_iterator_is_read_once() -> None:
    """solve_table read the table a second time for the melds it keeps as written, and a table given as an
    iterator (its melds read once) was empty then: IndexError out of solve_table."""
    melds = ["R9 G9 *=Y9", "R3 R4 R5 R6"]
    sol = romme.solve_table("rummy", iter(melds), "G3 Y3")
    # (in any order: a Rummy search races its mirror image, and either may answer first)
    assert sorted(str(m) for m in sol.table) == ["R3 G3 Y3", "R4 R5 R6", "R9 G9 *=Y9"]
    assert sol.placed_count == 2


#: The table games whose moves are built from search answers: the hint's and the expert bots' (the master bots
#: build theirs with the experts' functions) in Räuber-Rommé with and without table cards back to the hand,
#: 1x1-Rommé and Rummy.
GAMES = [("romme", {"rauber": True}), ("romme", {"rauber": True, "rauber_table_to_hand": True}),
         ("einmaleins", {}), ("rummy", {})]


def play(game: str, options: dict[str, object], seed: int, players: list[str], moves: int) -> int:
    """Plays a seeded game; after every place move, no meld whose cards are unchanged lies otherwise.
    The place moves checked."""
    st = romme.new_game(game, len(players), seed=seed, **options)
    bots = [None if kind == "hint" else make_bot(game, kind, seed=f"keep-{seed}-{p}") for p, kind in enumerate(players)]
    checked = 0
    for _ in range(moves):
        if st.is_over:
            break
        bot = bots[st.current_player]
        move: Move = hint(game, st)[0] if bot is None else bot.choose(st.clone())
        before = table_meld_texts(st.observation(0))
        st.apply(move)
        if move.to_json().get("kind") == "place":
            checked += 1
            after = table_meld_texts(st.observation(0))
            assert rebound(before, after) == [], f"{game} seed {seed}: {move}"
    return checked


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_search_built_moves_keep_the_melds_they_do_not_touch(game: str, options: dict[str, object]) -> None:
    checked = sum(play(game, options, seed, ["hint", "expert"], 160) for seed in range(3))
    assert checked >= 10
