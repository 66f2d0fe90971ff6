"""The one table model of Rommé, 1x1-Rommé and Rummy: the observation's table shape, the place-move
and its notation (docs/ARCHITECTURE.md, "The table games' table")."""

from __future__ import annotations

from collections import Counter

import pytest
from romme_positions import position

import romme
from romme.bots import make_bot
from romme.cards import deck, parse_codes
from romme.engine import GameState

TABLE_GAMES = ("romme", "einmaleins", "rummy")
KEYS = {"cards", "stands_for", "kind", "points", "owner"}


def _played(game: str, seed: int, melds: int, rules: object = None) -> GameState:
    """A game played by greedy bots until ``melds`` melds lie on the table."""
    state = romme.new_game(game, players=3 if game != "rummy" else 2, seed=seed, rules=rules)
    bots = [make_bot(game, "greedy", seed=f"{seed}/{p}") for p in range(state.num_players)]
    for _ in range(2000):
        if state.is_over or len(state.observation(0)["table"]) >= melds:
            break
        state.apply(bots[state.current_player].choose(state))
    return state


@pytest.mark.parametrize("game", TABLE_GAMES)
@pytest.mark.parametrize("seed", range(4))
def test_observed_table_has_the_one_shape(game: str, seed: int) -> None:
    """Every meld: the cards laid, what each stands for, set/run, points, owner; the cards are those on
    the table (zones), wilds stand for a natural card, naturals for themselves."""
    state = _played(game, seed, 2 + seed)
    d = deck(game)
    for seat in range(state.num_players):
        table = state.observation(seat)["table"]
        assert table, "the bots laid nothing: the test sees no meld"
        laid: Counter[int] = Counter()
        for meld in table:
            assert set(meld) == KEYS
            assert meld["kind"] in ("set", "run") and isinstance(meld["points"], int) and meld["owner"] is None
            assert len(meld["cards"]) == len(meld["stands_for"]) >= 3
            for card, stands in zip(meld["cards"], meld["stands_for"]):
                ct, st = d.types[d.parse_token(card)], d.types[d.parse_token(stands)]
                assert st.kind == "natural"
                if ct.kind == "natural" and card != stands:  # 1x1: a value-1 card is wild in a run
                    assert game == "einmaleins" and ct.rank == 1 and meld["kind"] == "run"
                laid[d.parse_token(card)] += 1
            ranks = [d.types[d.parse_token(s)].rank for s in meld["stands_for"]]
            assert (len(set(ranks)) == 1) == (meld["kind"] == "set")
        assert laid == Counter(state.zones()["table"])


@pytest.mark.parametrize("game", TABLE_GAMES)
def test_the_observed_melds_read_back_as_the_table_in_the_place_notation(game: str) -> None:
    """``romme.table.table_meld_texts``: the observation's melds in the notation (each wild with what it
    stands for) make the place-move of the table as it lies, the same in the three games."""
    from romme.games.tablemoves import TablePlace
    from romme.table import table_meld_texts

    state = _played(game, 1, 3)
    texts = table_meld_texts(state.observation(0))
    assert len(texts) >= 3 and any("=" in t for t in texts) == any(
        m["cards"] != m["stands_for"] for m in state.observation(0)["table"])
    move = state.parse_move("place " + " | ".join(texts))
    assert isinstance(move, TablePlace)  # the one place-move: one notation, one JSON form
    assert move.to_json()["table"] == move.meld_texts() == texts and str(move) == "place " + " | ".join(texts)
    table = state.table  # type: ignore[attr-defined]
    if game == "romme":
        assert move.melds == tuple(m.specs() for m in table)  # type: ignore[attr-defined]
    else:
        assert move.table == tuple(table)  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", TABLE_GAMES)
def test_observed_table_hides_nothing_and_reveals_nothing(game: str) -> None:
    """The table part of the observation is the same for every seat (it is public) and holds no card of a
    hand or of the stock beyond the table's own."""
    state = _played(game, 7, 4)
    views = [state.observation(p)["table"] for p in range(state.num_players)]
    assert all(v == views[0] for v in views)
    tokens = Counter(tok for m in views[0] for tok in m["cards"])
    d = deck(game)
    assert tokens == Counter(d.token(c) for c in state.zones()["table"])


# --- Rommé's shortcuts are place-moves -----------------------------------------------------------------

ROMME_RULES = [None, {"joker_declared": True}, {"rauber": True}, {"wrap_around": True, "lay_off_in_opening_turn": True}]


def _shortcut_positions(rules: object, seeds: range) -> list[GameState]:
    """Rommé positions in the play phase where the seat to move has table shortcuts listed."""
    from romme.games.romme.moves import LayOff, MeldMove, Swap

    out = []
    for seed in seeds:
        state = romme.new_game("romme", players=3, seed=seed, rules=rules)
        bots = [make_bot("romme", "greedy", seed=f"{seed}/{p}") for p in range(3)]
        for _ in range(400):
            if state.is_over:
                break
            if state.phase == "play" and any(isinstance(m, (MeldMove, LayOff, Swap)) for m in state.legal_moves()):
                out.append(state.clone())
            state.apply(bots[state.current_player].choose(state))
    return out


@pytest.mark.parametrize("rules", ROMME_RULES, ids=str)
def test_each_romme_shortcut_equals_its_place_move(rules: object) -> None:
    """``meld``, ``layoff`` and ``swap`` lead to the very state their place-move (the whole new table) leads
    to: hands, table, owed jokers, opening and what every seat observes."""
    from romme.games.romme.moves import LayOff, MeldMove, Place, Swap

    checked = Counter[str]()
    for state in _shortcut_positions(rules, range(3)):
        for move in state.legal_moves():
            if not isinstance(move, (MeldMove, LayOff, Swap)):
                continue
            place = state.place_of(move)  # type: ignore[attr-defined]
            assert isinstance(place, Place) and str(place).startswith("place ")
            by_shortcut, by_place = state.clone(), state.clone()
            by_shortcut.apply(move)
            by_place.apply(state.parse_move(str(place)))  # through its notation, as a player writes it
            assert by_place.zones() == by_shortcut.zones(), (str(move), str(place))
            assert by_place.owed_jokers == by_shortcut.owed_jokers  # type: ignore[attr-defined]
            assert [by_place.observation(p) for p in range(3)] == [by_shortcut.observation(p) for p in range(3)]
            assert sorted(m.kind for m in by_place.legal_moves()) == sorted(m.kind for m in by_shortcut.legal_moves())
            checked[move.kind] += 1
    assert checked["meld"] and checked["layoff"], checked


@pytest.mark.parametrize("rules", ROMME_RULES, ids=str)
def test_the_core_judges_a_shortcuts_place_move_as_that_shortcut(rules: object) -> None:
    """The core breaks the place-move of one listed shortcut back into that shortcut: the same new melds,
    the same lay-off (a joker laid off reads as declared for what it stands for) or the same swap."""
    from romme import _core
    from romme.games.romme.melds import JOKER, spec_card
    from romme.games.romme.moves import LayOff, MeldMove, Swap

    checked = Counter[str]()
    for state in _shortcut_positions(rules, range(3)):
        hand, table = state.hands[state.turn], state.table  # type: ignore[attr-defined]
        for move in state.legal_moves():
            if not isinstance(move, (MeldMove, LayOff, Swap)):
                continue
            place = state.place_of(move)  # type: ignore[attr-defined]
            core_rules, turn = state.opts.core, state._turn(hand)  # type: ignore[attr-defined]
            judged = _core.romme_place_turn(core_rules, turn, [list(m) for m in place.melds]).judged
            if isinstance(move, MeldMove):
                assert judged == [("meld", 0, 0, place.melds[len(table):])], (str(move), judged)
            elif isinstance(move, Swap):
                assert judged == [("swap", move.card, move.target, None)], (str(move), judged)
            else:
                [(kind, spec, target, melds)] = judged
                assert (kind, target, melds) == ("layoff", move.target, None), (str(move), judged)
                assert spec == move.card or (move.card == JOKER and spec_card(spec) == JOKER), (str(move), judged)
            checked[move.kind] += 1
    assert checked["meld"] and checked["layoff"], checked


def test_romme_place_without_rauber_only_does_what_the_shortcuts_do() -> None:
    """Without ``rauber`` the place-move refuses a rearranged table, naming the rule, state unchanged; with
    it the same table is a legal rearrangement."""
    from romme.errors import IllegalMoveError

    for rauber in (False, True):
        state = position(["4h 9h 10h Jh 2c", "4s"], ("5h 6h 7h 8h", "Kc Kd Ks"), rauber=rauber)
        before = state.snapshot()
        move = state.parse_move("place 4h 5h 6h 7h | 8h 9h 10h Jh | Kc Kd Ks")
        if rauber:
            state.apply(move)
            assert [m["cards"] for m in state.observation(0)["table"]][:2] == [["4h", "5h", "6h", "7h"],
                                                                              ["8h", "9h", "10h", "Jh"]]
        else:
            with pytest.raises(IllegalMoveError, match="rauber"):
                state.apply(move)
            assert state.snapshot() == before
            # the same cards as shortcuts: lay off 4h, then the new run
            state.apply(state.parse_move("place 4h 5h 6h 7h 8h | Kc Kd Ks | 9h 10h Jh"))
            assert [len(m["cards"]) for m in state.observation(0)["table"]] == [5, 3, 3]


# --- the one table-draft helper ---------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "table", "hand", "card", "grown"), [
    ("romme", ["5h *=6h 7h", "Kc Kd Ks"], "8h 2c", "8h", "5h * 7h 8h"),
    ("rummy", ["R1 *=R2 R3", "B9 G9 Y9"], "R4 B1", "R4", "R1 * R3 R4"),
    ("einmaleins", ["H6 W=H12 H18", "K4 D4 Q4"], "H24 K5", "H24", "H6 W H18 H24"),
])
def test_table_draft_writes_the_place_move_of_every_table_game(game: str, table: list[str], hand: str, card: str,
                                                               grown: str) -> None:
    """One helper for the three games: a meld keeps its wild's declaration in the place-move, also when a
    step changed it and it still reads so (it was read afresh, the wild undeclared: a card laid on and taken
    back re-placed a declared wild, which Rommé's joker_declared refuses); a table card cannot go back to the
    hand, a card laid this turn can; ``set_table`` lays out a whole table from the turn's cards."""
    from romme.errors import IllegalMoveError
    from romme.games.tablemoves import parse_draft
    from romme.table import TableDraft, meld_rules

    def codes(game: str, text: str) -> list[int]:
        return parse_codes(game, text, check_counts=False)

    d = deck(game)
    draft = TableDraft(meld_rules(game), [list(parse_draft(game, m)) for m in table], codes(game, hand))
    draft.add(d.parse_token(card), 0)
    assert draft.text() == f"place {table[0]} {card} | {table[1]}"
    assert TableDraft(meld_rules(game), [list(parse_draft(game, m)) for m in table], []).text() == \
        "place " + " | ".join(table)  # nothing changed: the wild keeps what it stands for
    assert sorted(draft.placed().elements()) == [d.parse_token(card)]
    with pytest.raises(IllegalMoveError):
        draft.back(1, codes(game, table[1])[0])  # lay on the table before this turn
    draft.back(0, d.parse_token(card))
    assert not draft.placed() and draft.hand == Counter(codes(game, hand))
    assert draft.text() == "place " + " | ".join(table)  # the wild as it was declared
    draft.set_table([codes(game, grown), codes(game, table[1])])
    assert draft.placed() == Counter([d.parse_token(card)]) and not draft.taken
    with pytest.raises(IllegalMoveError):
        draft.set_table([codes(game, grown + " " + card)])


@pytest.mark.parametrize("call", [
    lambda t: t.table_melds({"table": "5h 6h 7h"}),
    lambda t: t.table_melds(None),
    lambda t: t.table_meld_texts({"table": [{"cards": ["5h", "*"], "stands_for": ["5h"]}]}),
    lambda t: t.table_meld_texts([]),
    lambda t: t.place_notation("5h 6h 7h"),
    lambda t: t.lay_notation([[]]),
    lambda t: t.lay_notation([["5h", 6]]),
    lambda t: t.place_notation([["5h | 6h"]]),
    lambda t: t.add_notation("5h", -1),
    lambda t: t.add_notation(5, 0),
    lambda t: t.read_meld("romme", "5h Zz 7h"),
    lambda t: t.meld_fault("romme", 5),
    lambda t: t.meld_fault("chess", "5h 6h 7h"),
    lambda t: t.meld_fault("rummy", ["R5", 1.5]),
    lambda t: t.meld_rules("chess"),
    # options that are no mapping were a ValueError or TypeError of dict(), an unknown one for Rummy or 1x1-Rommé
    # was taken silently, and a float for opened was the core's TypeError (hostile probing, seed 5501)
    lambda t: t.meld_rules("romme", "romme"),
    lambda t: t.meld_rules("romme", [["7h", "8h", "9h"]]),
    lambda t: t.meld_rules("romme", True),
    lambda t: t.meld_rules("rummy", {"bogus": 1}),
    lambda t: t.meld_rules("einmaleins", 1.5),
    lambda t: t.table_to_hand("romme", "romme"),
    lambda t: t.table_to_hand("romme", [("rauber", True)]),
    lambda t: t.table_to_hand("einmaleins", None, float("nan")),
    lambda t: t.table_to_hand("romme", None, None),
])
def test_the_table_model_refuses_junk_with_one_line(call: object) -> None:
    from romme import table
    from romme.errors import RommeError

    with pytest.raises(RommeError) as err:
        call(table)  # type: ignore[operator]
    assert "\n" not in str(err.value)


def test_the_terminal_says_what_a_romme_place_move_laid() -> None:
    from romme.games.romme.view import describe

    state = position(["4h 9h 10h 2c 3d", "5c 6c"], ("5h 6h 7h 8h", "Kc Kd Ks"), rauber=True)
    before = state.clone()
    move = state.parse_move("place 4h 5h 6h 7h | 8h 9h 10h | Kc Kd Ks")
    state.apply(move)
    assert describe(before, move, state, 0) == ["  lays 4h 9h 10h; 1 table meld(s) rebuilt"]
