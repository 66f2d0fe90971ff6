"""The Python solver API: inputs, options, errors and the typed result."""

from __future__ import annotations

import dataclasses
import json

import pytest
from click.testing import CliRunner

import romme
from romme import Card, solve_hand, solve_hands
from romme.cards import parse_cards
from romme.cli import main
from romme.errors import DeckError, InvalidNotationError, RulesError
from romme.solve import GAME_OBJECTIVES, HandSolution, Placed


def test_exported() -> None:
    assert romme.solve_hand is solve_hand and romme.solve_hands is solve_hands
    assert romme.HandSolution is HandSolution


def test_text_tokens_and_cards_agree() -> None:
    text = "5h 6h 7h 9c 9d * 4s"
    a = solve_hand("koenigs", text, round=2)
    b = solve_hand("koenigs", text.split(), round=2)
    c = solve_hand("koenigs", parse_cards("koenigs", text), round=2)
    assert a == b == c
    assert a.hand == tuple(parse_cards("koenigs", text))


def test_result_is_typed_and_frozen() -> None:
    sol = solve_hand("koenigs", "5h 7h * 9c 9d 9s Kt", round=1)
    assert isinstance(sol, HandSolution) and sol.objective == "min-left" and sol.round == 1
    assert sol.left == (Card.parse("Kt", "koenigs"),) and sol.left_points == 13
    assert sol.can_go_out is True and sol.discard == Card.parse("Kt", "koenigs")
    run = next(m for m in sol.melds if m.kind == "run")
    assert Placed(Card.parse("*", "koenigs"), Card.parse("6h", "koenigs")) in run.placed
    assert list(run.wilds.values()) == [Card.parse("6h", "koenigs")]
    assert sol.melded_cards == 6 and sol.meld_points == 18 + 27
    with pytest.raises(dataclasses.FrozenInstanceError):
        sol.left_points = 0  # type: ignore[misc]


def test_to_json_koenigs() -> None:
    sol = solve_hand("koenigs", "5h 7h * 9c 9d 9s Kt", round=1)
    j = sol.to_json()
    json.dumps(j)
    assert sorted(map(sorted, j["melds"])) == [["*", "5h", "7h"], ["9c", "9d", "9s"]]
    assert j["left"] == ["Kt"] and j["left_points"] == 13
    assert j["can_go_out"] is True and j["discard"] == "Kt" and j["round"] == 1
    assert j["opening_points"] is None and j["plays"] is None and j["mode"] == "hand"


def test_batch_matches_single() -> None:
    hands = ["5h 6h 7h 9c", "Kh Kd 3c 8s", "* 4c 4d 10t Jt", ""]
    batch = solve_hands("koenigs", hands, round=2, objective="max-cards")
    assert batch == [solve_hand("koenigs", h, round=2, objective="max-cards") for h in hands]


def test_batch_checks_every_hand_first() -> None:
    with pytest.raises(InvalidNotationError, match="'Zz'"):
        solve_hands("koenigs", ["5h 6h 7h", "Zz"], round=2)


def test_default_objectives() -> None:
    assert {g: o[0] for g, o in GAME_OBJECTIVES.items()} == {
        "koenigs": "min-left", "romme": "opening", "einmaleins": "opening", "rummy": "opening",
        "krass": "min-plays"}


@pytest.mark.parametrize("game,cards,kwargs,error,match", [
    ("poker", "Ah", {}, RulesError, "unknown game 'poker'.*koenigs"),
    ("koenigs", "Kh Zz", {"round": 3}, InvalidNotationError, r"'Zz' at position 2"),
    ("koenigs", "2h", {"round": 3}, InvalidNotationError, "2h"),
    ("einmaleins", "H13", {}, InvalidNotationError, "H13"),
    ("einmaleins", "V2", {}, InvalidNotationError, "V2"),
    ("koenigs", "Kh Kh Kh", {"round": 3}, DeckError, "3 copies of Kh"),
    ("romme", "* * * * * * *", {}, DeckError, "copies of \\*"),
    ("romme", "* *", {"jokers_per_deck": 0}, DeckError, r"\*"),
    ("koenigs", "Kh", {}, RulesError, "round 1..11"),
    ("koenigs", "Kh", {"round": 0}, RulesError, "round must be 1..11"),
    ("koenigs", "Kh", {"round": 12}, RulesError, "round must be 1..11"),
    ("koenigs", "Kh", {"round": True}, RulesError, "round must be 1..11"),
    ("romme", "Ah", {"round": 3}, RulesError, "only to koenigs"),
    ("romme", "Ah", {"bogus": 1}, RulesError, "unknown option 'bogus'.*valid options:.*opening_points"),
    ("romme", "Ah", {"opening_points": "many"}, RulesError, "opening_points takes an integer"),
    ("romme", "Ah", {"objective": "min-plays"}, RulesError, "valid objectives for romme: opening"),
    ("krass", "1", {"objective": "opening"}, RulesError, "valid objectives for krass: min-plays"),
    ("romme", "Ah", {"objective": "fast"}, RulesError, "unknown objective 'fast'"),
    ("rummy", [Card("romme", 0)], {}, DeckError, "romme card"),
    ("rummy", [3.5], {}, InvalidNotationError, "position 1"),
])
def test_bad_input(game: str, cards: object, kwargs: dict[str, object], error: type[Exception],
                   match: str) -> None:
    with pytest.raises(error, match=match):
        solve_hand(game, cards, **kwargs)  # type: ignore[arg-type]


def test_rules_presets_and_values() -> None:
    hand = "Qh Kh Ah 10c 10d 10s 2c"
    assert solve_hand("romme", hand).opening_points == 61
    assert solve_hand("romme", hand, rules="40").opening_points == 61
    assert solve_hand("romme", hand, opening_points=62).opening_points is None
    assert solve_hand("romme", hand, rules={"opening_points": 70}).opening_points is None


@pytest.mark.parametrize("game,text,field", [
    ("romme", "Qh Kh Ah 2c", "opening_points"),
    ("einmaleins", "D40 D45 D50 H2", "opening_points"),
    ("rummy", "R10 R11 R12 B1", "opening_points"),
    ("krass", "1 5 2 X", "plays"),
])
def test_to_json_per_game(game: str, text: str, field: str) -> None:
    j = solve_hand(game, text).to_json()
    json.dumps(j)
    assert field in j and j[field]
    assert {"melds", "left", "left_points"} <= set(j)
    if game == "krass":
        assert sorted(t for p in j["plays"] for t in p) == sorted(text.split())


@pytest.mark.parametrize("game", ["koenigs", "romme", "einmaleins", "rummy", "krass"])
def test_empty_hand(game: str) -> None:
    sol = solve_hand(game, [], round=1 if game == "koenigs" else None)
    assert sol.melds == () and sol.left == () and sol.left_points == 0
    if game == "koenigs":
        assert sol.can_go_out is False and sol.discard is None
    if game == "krass":
        assert sol.plays == ()
    else:
        assert sol.opening_points is None


def test_koenigs_one_card_goes_out() -> None:
    sol = solve_hand("koenigs", "Kh", round=1)
    assert sol.can_go_out is True and sol.discard == Card.parse("Kh", "koenigs") and sol.left_points == 13


def test_romme_jokers_per_deck_limits_hand() -> None:
    assert solve_hand("romme", "Qh Kh * *", jokers_per_deck=1, opening_points=1).opening_points == 41
    with pytest.raises(DeckError):
        solve_hand("romme", "Qh * * *", jokers_per_deck=1)


@pytest.mark.parametrize("game,size", [("romme", 14), ("einmaleins", 14), ("rummy", 18), ("krass", 12)])
def test_batch_matches_single_per_game(game: str, size: int) -> None:
    hands = []
    for i in range(20):
        full = romme.deck(game).full()
        romme.Rng(f"batch-{game}-{i}").shuffle(full)
        hands.append(full[:size])
    for objective in GAME_OBJECTIVES[game]:
        assert solve_hands(game, hands, objective=objective) == [
            solve_hand(game, h, objective=objective) for h in hands]


def test_core_refusal_is_a_solver_error() -> None:
    # the exact solver takes at most 36 cards (docs/RULES-NOTES.md); its ValueError
    # reaches the caller as a RommeError, so the CLI prints one line
    big = romme.deck("koenigs").full()[:37]
    with pytest.raises(romme.SolverError):
        solve_hand("koenigs", big, round=5)
    code = CliRunner().invoke(main, ["solve", "koenigs", romme.format_cards("koenigs", big), "--round", "5"])
    assert code.exit_code == 2 and code.stderr.startswith("romme: error: ")
