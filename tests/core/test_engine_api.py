"""The engine API shared by every game (romme.engine)."""

import dataclasses
import json
import types

import pytest
from playout import play_random

import romme
from romme import engine
from romme.errors import IllegalMoveError, RulesError


def test_games_lists_ids_presets_and_options():
    g = romme.list_games()
    assert {"koenigs", "koenigs-solo"} <= set(g)
    k = g["koenigs"]
    assert k["players"] == [2, 7] and k["default_players"] == 3
    assert k["presets"] == ["keep-top", "standard"]
    assert k["options"] == {"keep_top_discard": False}
    assert g["koenigs-solo"]["players"] == [1, 1] and g["koenigs-solo"]["deck"] == "koenigs"
    json.dumps(g)


def test_list_games_is_not_shadowed_by_the_games_package():
    # romme.games is the package of game modules; importing one of them must not hide the listing
    import romme.games.krass  # noqa: F401

    assert isinstance(romme.games, types.ModuleType) and not callable(romme.games)
    assert "krass" in romme.list_games()


def test_new_game_validates():
    with pytest.raises(RulesError, match="unknown game 'poker'; valid games: .*koenigs"):
        romme.new_game("poker")
    with pytest.raises(RulesError, match="takes 2..7 players, got 1"):
        romme.new_game("koenigs", players=1)
    with pytest.raises(RulesError, match="takes 2..7 players"):
        romme.new_game("koenigs", players="3")
    with pytest.raises(RulesError, match="valid options: keep_top_discard"):
        romme.new_game("koenigs", rules={"jokers": 2})
    with pytest.raises(RulesError, match="true or false"):
        romme.new_game("koenigs", keep_top_discard=7)
    s = romme.new_game("koenigs", players=2, seed=1, keep_top_discard="yes")
    assert s.rules.keep_top_discard is True
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.rules.game = "romme"
    with pytest.raises(TypeError):
        s.rules.options["keep_top_discard"] = False


def test_apply_refuses_non_moves_and_moves_after_the_end():
    s = romme.new_game("koenigs", players=2, seed=1)
    before = s.snapshot()
    for bad in (None, "draw stock", 3, {"kind": "draw"}):
        with pytest.raises(IllegalMoveError, match="not a move"):
            s.apply(bad)
    assert s.snapshot() == before
    assert not s.is_legal(s.parse_move("discard Kh"))
    assert s.is_legal(s.legal_moves()[0])
    done = play_random("koenigs-solo", 1, seed=1)
    assert done.is_over and done.current_player == -1 and done.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="over"):
        done.apply(done.history[-1])


def test_undo_and_clone():
    s = play_random("koenigs", 3, seed=5, max_moves=30)
    snap = s.snapshot()
    c = s.clone()
    c.apply(c.legal_moves()[0])
    assert s.snapshot() == snap and c.snapshot() != snap
    last = c.undo()
    assert c.snapshot() == snap and last.player == s.current_player
    fresh = romme.new_game("koenigs", players=3, seed=5)
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        fresh.undo()


def test_replay_from_json_log():
    s = play_random("koenigs", 4, seed=8, max_moves=200)
    again = engine.replay("koenigs", 4, 8, s.rules, json.loads(json.dumps([m.to_json() for m in s.history])))
    assert again.snapshot() == s.snapshot()


def test_observation_is_json_ready_with_common_keys():
    for gid in ("koenigs", "koenigs-solo"):
        s = romme.new_game(gid, seed=3)
        obs = s.observation(0)
        json.dumps(obs)
        assert {"game", "player", "current_player", "phase", "is_over", "scores", "hand", "hand_sizes",
                "stock_size"} <= set(obs)


def test_moves_have_notation_json_and_repr():
    s = romme.new_game("koenigs", players=2, seed=1)
    m = s.legal_moves()[0]
    assert str(m) == "draw stock"
    assert m.to_json() == {"kind": "draw", "player": 0, "source": "stock"}
    assert "Draw(player=0" in repr(m)
    assert "koenigs" in repr(s)


def test_apply_trusts_the_move_object_is_legal_found_legal():
    # is_legal's check is not run again by apply for that very object; an equal object, and any move after
    # the position changed, are checked in full
    s = romme.new_game("rummy", players=2, seed=3)
    calls = []
    check = s._check

    def counted(move):
        calls.append(move)
        check(move)

    s._check = counted
    first = s.parse_move("pass")
    assert s.is_legal(first) and len(calls) == 1
    s.apply(first)
    assert len(calls) == 1
    again = s.parse_move("pass")
    assert s.is_legal(again) and len(calls) == 2
    s.apply(s.parse_move("pass"))  # equal, another object
    assert len(calls) == 3
    with pytest.raises(IllegalMoveError, match="not a move"):
        s.apply(None)
    assert not s.is_legal(again)  # seat 0's pass, made for the previous position: checked, refused
    assert len(calls) == 3  # (the seat check refused it first)


@pytest.mark.parametrize("first", ["krass", "rummy", "einmaleins", "koenigs.solo"])
def test_the_games_are_listed_in_one_order_whichever_module_came_first(first: str) -> None:
    """The registry took the games in import order, so a program (or a test) importing Krass Kariert first listed it
    first, and the start screen's first tile was Krass Kariert's instead of Königs-Rommé's (a CI run's failure)."""
    import subprocess
    import sys

    code = f"import romme.games.{first}\nfrom romme import list_games\nprint(' '.join(list_games()))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["koenigs", "koenigs-solo", "krass", "romme", "einmaleins", "rummy"]
