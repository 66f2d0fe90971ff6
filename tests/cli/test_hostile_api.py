"""Hostile input to every public Python entry (issue 31 items 3-6, 13, 14).

The fuzz tests call each entry of ``romme.__all__``, the :class:`~romme.GameState` methods, the
card helpers and :func:`~romme.solve_table` with values of any type (tests/helpers/hostile.py): each call
either answers or raises a :class:`~romme.RommeError` subclass, and a refused move leaves the
state as it was. The regression tests below pin each item of the issue.
"""

from __future__ import annotations

import dataclasses
import json
import math
import signal
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest
from hostile import GAME_IDS, texts, values
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import romme
from romme import (
    Card,
    DeckError,
    GameState,
    IllegalMoveError,
    InvalidNotationError,
    Rng,
    RommeError,
    RulesError,
    SolverError,
    deck,
    format_cards,
    new_game,
    parse_cards,
    parse_codes,
    solve_hand,
    solve_hands,
    solve_table,
)
from romme.rules import Rules

PLAY_GAMES = ("koenigs", "koenigs-solo", "romme", "einmaleins", "rummy", "krass")

# CI size: every fuzz test here together stays well under a minute; the slow ones dig deeper
FUZZ = settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
FUZZ_SLOW = settings(max_examples=1500, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))


#: Seconds one call may take before the test calls it a hang (the slowest real answers here,
#: table searches with a 0.05 s budget, take a fraction of that).
HANG_SECONDS = 10


class Hang(Exception):
    pass


def _hang(signum: int, frame: object) -> None:
    raise Hang(f"a call ran past {HANG_SECONDS} s")


def answers_or_refuses(call: Callable[[], Any]) -> Any:
    """Runs ``call``; a RommeError is a fine answer, any other exception (or a call running past
    :data:`HANG_SECONDS`) fails the test."""
    previous = signal.signal(signal.SIGALRM, _hang)
    signal.setitimer(signal.ITIMER_REAL, HANG_SECONDS)
    try:
        return call()
    except RommeError as exc:
        message = str(exc)
        assert message and "\n" not in message, f"a refusal is one line naming the problem: {message!r}"
        return exc
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def small_hand(game: str) -> st.SearchStrategy[list[str]]:
    """A few real tokens of the game (so the solvers get past the parsers), at most 12 cards."""
    d = deck(game)
    tokens = [t.token for t in d.types if t.copies]
    return st.lists(st.sampled_from(tokens), max_size=12)


# --- the fuzz tests -----------------------------------------------------------------------------

_KEYWORDS = st.dictionaries(
    st.sampled_from(["opening_points", "rauber", "jokers_per_deck", "bogus", "target"]), values, max_size=2
)
_SOLVER_GAMES = st.sampled_from(("koenigs", "romme", "einmaleins", "rummy", "krass"))
_TABLE_GAMES = st.sampled_from(("romme", "einmaleins", "rummy"))


def _hand(game: str) -> st.SearchStrategy[Any]:
    """Real tokens (as a list or a text) most of the time, so the solvers get past the parsers."""
    return st.one_of(small_hand(game), small_hand(game).map(" ".join), values)


def _table(game: str) -> st.SearchStrategy[Any]:
    return st.one_of(
        st.lists(small_hand(game).map(" ".join), max_size=3).map(" | ".join),
        st.lists(small_hand(game), max_size=3),
        values,
    )


def _round(game: str) -> st.SearchStrategy[int | None]:
    return st.just(3 if game == "koenigs" else None)


def call(fn: Callable[..., Any], *args: st.SearchStrategy[Any], **kwargs: st.SearchStrategy[Any]) -> Any:
    """A strategy of ``partial(fn, <drawn args>)``: one call of an entry, ready to run."""
    return st.builds(partial, st.just(fn), *args, **kwargs)


def per_game(games: st.SearchStrategy[str], make: Callable[[str], Any]) -> Any:
    """Calls whose arguments fit a drawn game (its real cards, its round)."""
    return games.flatmap(make)


_GAMES = st.sampled_from(GAME_IDS)
_ANY = st.one_of(values, texts)

#: Every public entry and a strategy of its calls: hostile arguments mixed with real ones, so each
#: argument is also reached with the others valid.
ENTRIES: dict[str, Any] = {
    "deck": call(deck, values),
    "Deck": call(romme.Deck, values),
    "Deck.parse_token": call(deck("romme").parse_token, _ANY, values),
    "Deck.token": call(deck("rummy").token, values),
    "Deck.counts": _KEYWORDS.map(lambda o: partial(deck("romme").counts, **o)),
    "Deck.full": _KEYWORDS.map(lambda o: partial(deck("romme").full, **o)),
    "parse_codes": call(parse_codes, _GAMES, _ANY),
    "parse_codes(options)": _KEYWORDS.map(lambda o: partial(parse_codes, "romme", "Kh * *", **o)),
    "parse_cards": call(parse_cards, _GAMES, _ANY, check_counts=values),
    "format_cards": call(format_cards, _GAMES, values),
    "Card": call(Card, _GAMES, values),
    "Card.parse": call(Card.parse, _ANY, values),
    "Rules.make": call(Rules.make, _GAMES, values),
    "Rules.make(options)": _KEYWORDS.map(lambda o: partial(Rules.make, "romme", None, **o)),
    "Rng": call(Rng, values),
    "Rng.below": call(Rng(1).below, values),
    "Rng.choice": call(Rng(1).choice, values),
    "Rng.shuffle": call(Rng(1).shuffle, values),
    "Rng.fork": call(Rng(1).fork, values),
    "list_games": st.just(romme.list_games),
    "new_game": call(new_game, _GAMES, players=values, seed=values, rules=values),
    "new_game(options)": _KEYWORDS.map(lambda o: partial(new_game, "romme", **o)),
    "solve_hand": per_game(_SOLVER_GAMES, lambda g: call(solve_hand, st.just(g), _hand(g), round=_round(g))),
    "solve_hand(args)": per_game(
        _SOLVER_GAMES,
        lambda g: call(
            solve_hand,
            st.just(g),
            _hand(g),
            round=st.one_of(st.integers(0, 12), values),
            objective=values,
            rules=values,
        ),
    ),
    "solve_hand(options)": per_game(
        _SOLVER_GAMES,
        lambda g: st.builds(
            lambda h, o: partial(solve_hand, g, h, round=3 if g == "koenigs" else None, **o), _hand(g), _KEYWORDS
        ),
    ),
    "solve_hand(game)": call(solve_hand, values, st.just("Kh")),
    "solve_hands": per_game(
        _SOLVER_GAMES,
        lambda g: call(solve_hands, st.just(g), st.one_of(st.lists(_hand(g), max_size=3), values), round=_round(g)),
    ),
    "solve_table": per_game(
        _TABLE_GAMES, lambda g: call(solve_table, st.just(g), _table(g), _hand(g), time_budget=st.just(0.05))
    ),
    "solve_table(args)": per_game(
        _TABLE_GAMES,
        lambda g: call(
            solve_table, st.just(g), _table(g), _hand(g), objective=values, time_budget=values, tie_break=values
        ),
    ),
    "solve_table(options)": per_game(
        _TABLE_GAMES,
        lambda g: st.builds(
            lambda t, h, o: partial(solve_table, g, t, h, time_budget=0.05, **o), _table(g), _hand(g), _KEYWORDS
        ),
    ),
    "solve_table(game)": call(solve_table, values, st.just(""), st.just("R1")),
}


@pytest.mark.parametrize("entry", ENTRIES)
@FUZZ
@given(data=st.data())
def test_public_entries_refuse_with_romme_errors(entry: str, data: st.DataObject) -> None:
    answers_or_refuses(data.draw(ENTRIES[entry]))


def _junk_move(move: romme.Move, field: str, junk: Any) -> romme.Move:
    """``move`` with one field replaced (frozen dataclasses are built, not checked, by their class)."""
    return dataclasses.replace(move, **{field: junk})


@st.composite
def _position(draw: st.DrawFn) -> GameState:
    """A game a few legal moves in."""
    state = new_game(draw(st.sampled_from(PLAY_GAMES)), seed=draw(st.integers(0, 50)))
    for _ in range(draw(st.integers(0, 6))):
        moves = state.legal_moves()
        if state.is_over or not moves:
            break
        state.apply(moves[draw(st.integers(0, len(moves) - 1))])
    return state


@FUZZ
@given(_position(), st.data())
def test_state_methods_refuse_with_romme_errors(state: GameState, data: st.DataObject) -> None:
    before = json.dumps(state.snapshot(), sort_keys=True)
    x = data.draw(st.one_of(values, texts))
    method = data.draw(st.sampled_from(["parse_move", "move_from_json", "observation", "apply", "is_legal"]))
    if method in ("apply", "is_legal") and state.legal_moves() and data.draw(st.booleans()):
        legal = data.draw(st.sampled_from(state.legal_moves()))
        fields = [f.name for f in dataclasses.fields(legal)]
        x = _junk_move(legal, data.draw(st.sampled_from(fields)), data.draw(values))
    out = answers_or_refuses(lambda: getattr(state, method)(x))
    if method == "is_legal":
        assert out is True or out is False
    if method != "apply" or isinstance(out, RommeError):
        assert json.dumps(state.snapshot(), sort_keys=True) == before, f"{method}({x!r}) changed the state"


@FUZZ
@given(_position())
def test_state_queries_answer(state: GameState) -> None:
    for query in (state.legal_moves, state.result, state.zones, state.snapshot, state.clone):
        query()
    if state.history:
        state.clone().undo()


@pytest.mark.slow
@pytest.mark.parametrize("entry", ENTRIES)
@FUZZ_SLOW
@given(data=st.data())
def test_slow_public_entries(entry: str, data: st.DataObject) -> None:
    answers_or_refuses(data.draw(ENTRIES[entry]))


@pytest.mark.slow
@FUZZ_SLOW
@given(_position(), st.data())
def test_slow_state_methods(state: GameState, data: st.DataObject) -> None:
    test_state_methods_refuse_with_romme_errors.hypothesis.inner_test(state, data)  # type: ignore[attr-defined]


# --- regression tests, one per item -------------------------------------------------------------

# item 3: only ASCII digits are card numbers


@pytest.mark.parametrize(
    "game,token",
    [
        ("romme", "²h"),
        ("romme", "١٠h"),
        ("koenigs", "١٠t"),
        ("krass", "²"),
        ("krass", "١٠"),
        ("rummy", "R١٠"),
        ("rummy", "B²"),
        ("einmaleins", "H١٢"),
    ],
)
def test_non_ascii_digits_are_no_card_numbers(game: str, token: str) -> None:
    with pytest.raises(InvalidNotationError, match="bad card token"):
        parse_codes(game, token)


@pytest.mark.parametrize(
    "game,text",
    [
        ("romme", "discard ²c"),
        ("romme", "layoff Kh to ²"),
        ("romme", "swap ١ Kh"),
        ("koenigs", "discard ²c"),
        ("krass", "play ²"),
        ("krass", "play ١"),
        ("krass", "reserve ١ at 0"),
        ("rummy", "add R7 ²"),
        ("einmaleins", "add H12 ١"),
        ("koenigs-solo", "place ² Kh"),
        ("koenigs-solo", "place ١٠ Kh"),
    ],
)
def test_move_numbers_are_ascii_digits(game: str, text: str) -> None:
    with pytest.raises(InvalidNotationError):
        new_game(game, seed=1).parse_move(text)


def test_option_values_are_ascii_digits() -> None:
    with pytest.raises(RulesError, match="digits 0-9"):
        Rules.make("romme", {"opening_points": "٤٠"})
    assert Rules.make("romme", {"opening_points": "40"}).opening_points == 40


@pytest.mark.parametrize("text", ["99999999999999", "-10000000000", "4" * 5000])
def test_an_option_value_of_too_many_digits_is_out_of_range_not_no_integer(text: str) -> None:
    """'-o target=99999999999999' said 'takes an integer (digits 0-9)' of an integer."""
    with pytest.raises(RulesError, match=r"option target must be in 1\.\.100000, got '[-0-9]{1,40}") as caught:
        Rules.make("romme", {"target": text})
    assert len(str(caught.value)) < 120


# item 4: numbers past int()'s 4,300-digit limit


@pytest.mark.parametrize(
    "game,text",
    [
        ("romme", "discard " + "1" * 5000 + "h"),
        ("romme", "layoff Kh to " + "9" * 5000),
        ("krass", "play " + "9" * 5000),
        ("krass", "play 1-2 X=" + "7" * 5000),
        ("rummy", "add R7 " + "2" * 5000),
        ("koenigs-solo", "place " + "5" * 5000 + " Kh"),
    ],
)
def test_huge_numbers_in_moves_are_refused(game: str, text: str) -> None:
    with pytest.raises(InvalidNotationError) as info:
        new_game(game, seed=1).parse_move(text)
    assert len(str(info.value)) < 400  # the message quotes the text cut short


@pytest.mark.parametrize(
    "game,token", [("romme", "1" * 5000 + "h"), ("krass", "9" * 5000), ("rummy", "R" + "7" * 5000)]
)
def test_huge_numbers_in_cards_are_refused(game: str, token: str) -> None:
    with pytest.raises(InvalidNotationError, match="bad card token"):
        solve_hand(game, [token], round=None)


def test_huge_numbers_in_options_and_json_moves_are_refused() -> None:
    with pytest.raises(RulesError):
        Rules.make("romme", {"opening_points": "4" * 5000})
    with pytest.raises(InvalidNotationError):
        new_game("romme", seed=1).move_from_json({"kind": "layoff", "player": 0, "card": "Kh", "target": "9" * 5000})


# item 5: time budgets


@pytest.mark.parametrize("budget", [math.inf, -math.inf, math.nan, 1e17, -1.0, 0, 86_401, True, "1", [1.0]])
def test_bad_time_budgets_are_refused(budget: Any) -> None:
    with pytest.raises(SolverError, match="time_budget"):
        solve_table("rummy", "R1 R2 R3", "R4", time_budget=budget)


def test_a_day_is_the_longest_time_budget() -> None:
    assert solve_table("rummy", "R1 R2 R3", "R4", time_budget=86_400).placed_count == 1


# item 6: seeds are int or text, checked at the door


@pytest.mark.parametrize("seed", [1.5, math.nan, [1], (1,), b"x", True, "\udcff", 2**64, -(2**63) - 1, "x" * 1001])
def test_bad_seeds_are_refused_by_new_game(seed: Any) -> None:
    with pytest.raises(RulesError, match="seed"):
        new_game("romme", seed=seed)


@pytest.mark.parametrize("seed", [0, -(2**63), 2**64 - 1, "abc", "²", "Zürich/7", None])
def test_good_seeds_save_and_load(seed: Any, tmp_path: Any) -> None:
    from romme import save

    state = new_game("romme", seed=seed)
    state.apply(state.legal_moves()[0])
    save.save(state, tmp_path / "g.json")
    assert save.load(tmp_path / "g.json").state.snapshot() == state.snapshot()


def test_rng_refuses_what_is_no_seed() -> None:
    with pytest.raises(RulesError):
        Rng(b"x")
    with pytest.raises(RulesError, match="1..2\\*\\*64"):
        Rng(1).below(2**64 + 1)  # looped forever: no 64-bit draw is below a rejection limit of 0


# item 13: table text


@pytest.mark.parametrize("table,meld", [("R1 R2 R3 | | B5 Y5 G5", 2), ("|", 1), ("R1 R2 R3 |", 2)])
def test_empty_table_melds_are_refused(table: str, meld: int) -> None:
    with pytest.raises(SolverError, match=f"table meld {meld} is empty"):
        solve_table("rummy", table, "R4")


def test_a_bad_table_token_names_its_meld() -> None:
    with pytest.raises(InvalidNotationError, match="table meld 2: bad card token 'Zz' at position 2"):
        solve_table("rummy", "R1 R2 R3 | B5 Zz G5", "R4")


# item 14: wrong types at every entry


@pytest.mark.parametrize("game", PLAY_GAMES)
@pytest.mark.parametrize("text", [None, 5, b"draw stock", ["draw", "stock"]])
def test_parse_move_refuses_what_is_no_text(game: str, text: Any) -> None:
    with pytest.raises(InvalidNotationError, match="a move is read from a text"):
        new_game(game, seed=1).parse_move(text)


@pytest.mark.parametrize("game", PLAY_GAMES)
@pytest.mark.parametrize("data", ["x", None, 5, ["kind", "draw"]])
def test_move_from_json_refuses_what_is_no_object(game: str, data: Any) -> None:
    with pytest.raises(InvalidNotationError, match="a move in JSON is an object"):
        new_game(game, seed=1).move_from_json(data)


@pytest.mark.parametrize("game", PLAY_GAMES)
def test_moves_with_junk_fields_are_illegal_and_change_nothing(game: str) -> None:
    state = new_game(game, seed=1)
    before = state.snapshot()
    for legal in state.legal_moves()[:5]:
        for f in dataclasses.fields(legal):
            for junk in (None, 1.5, [1], {"a": 1}, b"x", True):
                move = _junk_move(legal, f.name, junk)
                with pytest.raises(IllegalMoveError):
                    state.apply(move)
                assert state.is_legal(move) is False
    assert state.snapshot() == before


@pytest.mark.parametrize("game", PLAY_GAMES)
def test_moves_with_tuples_or_huge_ints_in_int_fields_are_illegal(game: str) -> None:
    state = new_game(game, seed=1)
    before = state.snapshot()
    for legal in state.legal_moves()[:5]:
        for f in dataclasses.fields(legal):
            if f.type == "int":  # (a tuple in an int field, or a 5,000-digit int: TypeError / ValueError before)
                for junk in ((1,), 10**5000, 2**31):
                    with pytest.raises(IllegalMoveError, match=f"field '{f.name}'"):
                        state.apply(_junk_move(legal, f.name, junk))
    assert state.snapshot() == before


def test_huge_ints_are_refused_with_a_short_message() -> None:
    with pytest.raises(RulesError, match="an integer of about 5001 digits"):  # (repr(n) raised ValueError)
        Rules.make("romme", {"opening_points": 10**5000})
    with pytest.raises(InvalidNotationError, match="an integer of about 5001 digits"):
        parse_codes("romme", [10**5000])


def test_wrong_types_raise_romme_errors() -> None:
    with pytest.raises(RulesError, match="rules are a preset name"):
        new_game("romme", rules=["standard"])
    with pytest.raises(InvalidNotationError, match="cards are a text or a list"):
        solve_hand("rummy", False)
    with pytest.raises(RulesError, match="players"):
        new_game("romme", players=True)
    with pytest.raises(RulesError, match="no seat"):
        new_game("romme").observation("0")  # type: ignore[arg-type]
    with pytest.raises(InvalidNotationError):
        format_cards("romme", [10**6])
    with pytest.raises(InvalidNotationError):
        Card("romme", 10**6)
    with pytest.raises(DeckError):
        parse_codes("romme", "Kh Kh Kh")


# extras: the joker alias


@pytest.mark.parametrize("game", ["koenigs", "romme", "rummy"])
def test_joker_is_an_alias_of_the_star(game: str) -> None:
    assert parse_codes(game, "joker JOKER Joker", check_counts=False) == parse_codes(game, "* * *", check_counts=False)


@pytest.mark.parametrize("game", ["einmaleins", "krass"])
def test_joker_is_no_card_where_the_star_is_none(game: str) -> None:
    with pytest.raises(InvalidNotationError):
        parse_codes(game, "joker")


# place moves built by hand around the parser: their cards go to the core's judge as they are


@pytest.mark.parametrize("game", ["einmaleins", "rummy"])
@pytest.mark.parametrize("meld", [((99, 99), (1, 1), (2, 2)), ((1, 200), (2, 2), (3, 3)), ((-1, 0),), ((2**70, 1),)])
def test_place_moves_with_no_card_of_the_game_are_refused(game: str, meld: tuple[tuple[int, int], ...]) -> None:
    """Codes past the deck (a 1x1 code is up to 100, a Rummy one up to 52), negative or huge: one
    IllegalMoveError, the state unchanged (Rummy's Python check once indexed the hand with them)."""
    from romme.games.einmaleins import EinmaleinsPlace
    from romme.games.rummy import RummyPlace

    s = new_game(game, seed=1)
    if s.phase == "draw":
        s.apply(s.parse_move("draw stock"))
    place = {"einmaleins": EinmaleinsPlace, "rummy": RummyPlace}[game](s.current_player, (meld,))
    before = s.snapshot()
    with pytest.raises(IllegalMoveError):
        s.apply(place)
    assert s.snapshot() == before
