"""A move object with a field its game does not read is refused (a save is romme's own format).

Every game's decoder read the fields it knew and dropped the rest: a save whose move 3 said
``{"kind": "draw", "player": 0, "source": "stock", "card": "Kh"}`` loaded as the plain draw, so a damaged or
foreign file replayed as something it did not say. ``GameState.move_from_json`` (the one home, which
``save.load`` asks for every move) now refuses a field the game's decoder did not read, naming it; the save
names the move's index.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playout import play_random

from romme import save
from romme.errors import InvalidNotationError, SaveFileError

GAMES = [("koenigs", 2), ("koenigs-solo", 1), ("romme", 2), ("einmaleins", 2), ("rummy", 2), ("krass", 3)]
GOLDEN = Path(__file__).parent / "data" / "saves-c3b3735"


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_a_save_move_with_an_unknown_field_is_refused_naming_it_and_the_move(
    tmp_path: Path, game_id: str, players: int
) -> None:
    state = play_random(game_id, players, seed=5301, max_moves=6)
    path = save.save(state, tmp_path / "g.json")
    data = json.loads(path.read_text())
    assert len(data["moves"]) >= 3
    data["moves"][2]["colour"] = "blue"
    data["checksum"] = save.checksum(data)  # a consistent file: only the field is wrong
    path.write_text(json.dumps(data))
    with pytest.raises(SaveFileError) as caught:
        save.load(path)
    message = str(caught.value)
    assert "move 3 " in message and "'colour'" in message and "\n" not in message, message


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_move_from_json_refuses_an_unknown_field_and_reads_its_own(game_id: str, players: int) -> None:
    state = play_random(game_id, players, seed=5302, max_moves=4)
    before = state.snapshot()
    move = state.legal_moves()[0]
    own = move.to_json()
    assert state.move_from_json(own) == move
    with pytest.raises(InvalidNotationError, match="no field 'extra'"):
        state.move_from_json({**own, "extra": 1})
    assert state.snapshot() == before


def test_a_romme_rearrange_move_of_old_saves_still_reads() -> None:
    """Rommé's decoder reads the old kind 'rearrange' with its 'melds' field: read fields are the game's own,
    whatever the kind (not only those ``to_json`` writes today)."""
    state = play_random("romme", 2, seed=5303, max_moves=0)
    move = state.move_from_json({"kind": "rearrange", "player": 0, "melds": [["Kh", "Kd", "Ks"]]})
    assert move.to_json()["kind"] == "place"


def test_every_golden_save_still_loads() -> None:
    for path in sorted(GOLDEN.glob("*-*.json")):
        save.load(path)


def test_a_save_with_an_unknown_top_field_is_refused(tmp_path: Path) -> None:
    """A field beside the save's own was outside the checksum and passed unseen."""
    path = save.save(play_random("koenigs", 2, seed=5304, max_moves=3), tmp_path / "g.json")
    data = json.loads(path.read_text())
    data["comment"] = "edited"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveFileError, match="unknown field 'comment'"):
        save.load(path)


@pytest.mark.parametrize("game_id", ["rummy", "einmaleins"])
def test_a_refused_move_is_quoted_as_given(game_id: str) -> None:
    """The decoders quote the move they refuse: d8d3ccd handed them a wrapper, quoted as
    '<romme.engine._ReadFields object at 0x7f…>'."""
    state = play_random(game_id, 2, seed=5305, max_moves=0)
    with pytest.raises(InvalidNotationError, match=r"\{'kind': 'pass', 'player': 'x'\}"):
        state.move_from_json({"kind": "pass", "player": "x"})
