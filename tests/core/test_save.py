"""Save files: atomic writes, verified loads, clear errors."""

import json
import os
import stat

import pytest
from playout import play_random

import romme
from romme import save
from romme.errors import SaveFileError


@pytest.fixture
def game():
    return play_random("koenigs", 3, seed=21, max_moves=120)


def test_round_trip(tmp_path, game):
    path = save.save(game, tmp_path / "g.json", seats=[{"name": "you", "bot": None}, {"name": "b", "bot": "expert"}])
    assert os.listdir(tmp_path) == ["g.json"]
    loaded = save.load(path)
    assert loaded.state.snapshot() == game.snapshot()
    assert loaded.seats[1] == {"name": "b", "bot": "expert"}
    data = json.loads(path.read_text())
    assert data["format"] == "romme-save" and data["version"] == 1 and data["game"] == "koenigs"
    assert len(data["moves"]) == 120 and data["checksum"].startswith("sha256:")


def test_rules_and_string_seed_round_trip(tmp_path):
    g = romme.new_game("koenigs", players=2, seed="hello", rules="keep-top")
    g.apply(g.legal_moves()[0])
    loaded = save.load(save.save(g, tmp_path / "g.json"))
    assert loaded.state.rules == g.rules and loaded.state.seed == "hello"
    assert loaded.state.snapshot() == g.snapshot()


def test_overwrite_is_atomic(tmp_path, game, monkeypatch):
    path = tmp_path / "g.json"
    save.save(game, path)
    good = path.read_bytes()

    def boom(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(SaveFileError, match="cannot save: disk full"):  # issue 31: one error class, never OSError
        save.save(romme.new_game("koenigs", players=2), path)
    assert path.read_bytes() == good, "a failed save must leave the old file intact"
    assert os.listdir(tmp_path) == ["g.json"], "no temporary file may remain"


def _write(path, data):
    path.write_text(json.dumps(data))
    return path


def test_tampered_move_is_refused(tmp_path, game):
    data = save.to_json(game)
    data["moves"][5]["source"] = "discard" if data["moves"][5].get("source") == "stock" else "stock"
    with pytest.raises(SaveFileError, match="checksum"):
        save.load(_write(tmp_path / "t.json", data))


def test_illegal_log_with_valid_checksum_names_the_move(tmp_path, game):
    data = save.to_json(game)
    data["moves"][3] = dict(data["moves"][3], player=(data["moves"][3]["player"] + 1) % 3)
    data["checksum"] = save.checksum(data)
    with pytest.raises(SaveFileError, match="move 4 .* does not replay"):
        save.load(_write(tmp_path / "t.json", data))


@pytest.mark.parametrize("mutate,message", [
    (lambda d: d.pop("moves"), "missing field"),
    (lambda d: d.update(format="chess"), "format"),
    (lambda d: d.update(version=99), "version"),
    (lambda d: d.update(version=True), "version True is not supported"),  # was read as version 1
    (lambda d: d.update(version=1.0), "version 1.0 is not supported"),
    (lambda d: d.update(players=3.0), "players"),
    (lambda d: d.update(game="poker"), "unknown game"),
    (lambda d: d.update(players=9), "players"),
    (lambda d: d.update(rules={"bogus": 1}), "unknown option"),
    (lambda d: d.update(seed=[1]), "seed"),
    (lambda d: d.update(moves="x"), "must be lists"),
    (lambda d: d["moves"].append(5), "not an object"),
    (lambda d: d["moves"].append({"kind": "fly", "player": 0}), "does not replay"),
])
def test_bad_content(tmp_path, game, mutate, message):
    data = save.to_json(game)
    mutate(data)
    if "checksum" in data and message != "checksum":
        try:
            data["checksum"] = save.checksum(data)
        except KeyError:
            pass
    with pytest.raises(SaveFileError, match=message):
        save.load(_write(tmp_path / "t.json", data))


def test_corrupt_files(tmp_path, game):
    path = save.save(game, tmp_path / "g.json")
    raw = path.read_bytes()
    path.write_bytes(raw[: len(raw) // 2])
    with pytest.raises(SaveFileError, match="not valid JSON"):
        save.load(path)
    path.write_bytes(b"\xff\xfe garbage")
    with pytest.raises(SaveFileError, match="not valid JSON"):
        save.load(path)
    path.write_text("[1, 2]")
    with pytest.raises(SaveFileError, match="not a romme save"):
        save.load(path)
    with pytest.raises(SaveFileError, match="cannot read"):
        save.load(tmp_path / "missing.json")


def test_solitaire_round_trip(tmp_path):
    g = play_random("koenigs-solo", 1, seed=3)
    assert save.load(save.save(g, tmp_path / "s.json")).state.snapshot() == g.snapshot()


def test_any_single_byte_change_is_refused_or_harmless(tmp_path):
    from hypothesis import given, settings
    from hypothesis import strategies as st

    game = play_random("koenigs", 2, seed=4, max_moves=40)
    path = save.save(game, tmp_path / "g.json")
    raw = path.read_bytes()
    snap = game.snapshot()

    @settings(max_examples=150)
    @given(st.integers(0, len(raw) - 1), st.integers(0, 255))
    def flip(pos, byte):
        bad = bytearray(raw)
        bad[pos] = byte
        p = tmp_path / "x.json"
        p.write_bytes(bytes(bad))
        try:
            loaded = save.load(p)
        except SaveFileError:
            return
        assert loaded.state.snapshot() == snap  # e.g. a changed space between tokens

    flip()


def test_save_onto_a_pipe_is_refused_and_the_pipe_stays(tmp_path):
    """save() replaced whatever stood at the path: run as root, 'save /dev/null' in romme play turned the
    device into a regular file (found by the hostile campaign). Only a regular file (or nothing) is replaced."""
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    with pytest.raises(SaveFileError, match="not a regular file"):
        save.save(romme.new_game("koenigs", seed=1), pipe)
    assert stat.S_ISFIFO(os.lstat(pipe).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]  # no temp file left behind


def test_load_of_a_pipe_without_a_writer_does_not_wait(tmp_path):
    """'romme replay PIPE' (and play --load PIPE) waited for ever in open() for a writer (found by the hostile
    campaign); a pipe no one writes to is read as empty."""
    import signal

    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)

    def hang(signum, frame):
        raise AssertionError("load() of a pipe without a writer waited for 10 s")

    previous = signal.signal(signal.SIGALRM, hang)
    signal.alarm(10)
    try:
        with pytest.raises(SaveFileError, match="not valid JSON"):
            save.load(pipe)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def test_a_save_error_names_a_long_path_cut_short(tmp_path):
    """A 5,000-character file name was repeated whole in the one line of 'not saved: ...' in romme play."""
    with pytest.raises(SaveFileError) as info:
        save.save(romme.new_game("koenigs", seed=1), tmp_path / ("a" * 5000))
    assert "File name too long" in str(info.value) and len(str(info.value)) < 400
    with pytest.raises(SaveFileError) as info:
        save.load(tmp_path / ("a" * 5000))
    assert len(str(info.value)) < 400


@pytest.mark.parametrize("path", [12, None, b"/tmp/g.json"])
def test_save_to_or_load_from_a_path_that_is_no_path_is_refused(tmp_path, path):
    """save(state, 12) and load(12) raised Python's TypeError from Path(), not a RommeError."""
    with pytest.raises(SaveFileError, match="a save path is a str or os.PathLike"):
        save.save(romme.new_game("koenigs", seed=1), path)
    with pytest.raises(SaveFileError, match="a save path is a str or os.PathLike"):
        save.load(path)


@pytest.mark.parametrize("seats", [[{"name": object()}], "x", [1], [{"bot": float("nan")}]])
def test_seats_that_are_no_json_are_refused_and_nothing_is_written(tmp_path, seats):
    """Seats holding an object, a string, numbers or NaN raised TypeError / ValueError from json.dumps or dict()
    (NaN was written as the non-JSON token NaN)."""
    with pytest.raises(SaveFileError, match="seats are a list of mappings"):
        save.save(romme.new_game("koenigs", seed=1), tmp_path / "g.json", seats=seats)
    assert list(tmp_path.iterdir()) == []


def test_save_of_something_that_is_no_game_is_refused(tmp_path):
    with pytest.raises(SaveFileError, match="writes a GameState"):
        save.save("koenigs", tmp_path / "g.json")  # type: ignore[arg-type]


@pytest.mark.parametrize("call", ["load", "save"])
def test_an_empty_save_path_is_refused_as_empty(call):
    """An unset --load "$FILE" (romme play / replay '') was told '.: cannot read: Is a directory' (Path('') is '.')."""
    args = ("",) if call == "load" else (romme.new_game("rummy", players=2), "")
    with pytest.raises(SaveFileError, match=r"^a save path is empty: name the file$"):
        getattr(save, call)(*args)


def test_a_move_log_past_the_cap_is_refused_before_its_replay(tmp_path, game):
    """A save holds at most MAX_SAVE_MOVES moves: 64 MiB hold about a million Rommé moves, which loaded for minutes
    (the log past the cap was replayed move by move, here until its first move that does not replay)."""
    data = save.to_json(game)
    data["moves"] = data["moves"] * (save.MAX_SAVE_MOVES // len(data["moves"]) + 1)
    data["checksum"] = save.checksum(data)
    message = rf"t\.json: {len(data['moves']):,} moves, more than a save holds \(100,000\)$"
    with pytest.raises(SaveFileError, match=message):
        save.load(_write(tmp_path / "t.json", data))


def test_a_move_log_at_the_cap_loads(tmp_path, game, monkeypatch):
    path = _write(tmp_path / "t.json", save.to_json(game))
    monkeypatch.setattr(save, "MAX_SAVE_MOVES", len(game.history))
    assert save.load(path).state.snapshot() == game.snapshot()
    monkeypatch.setattr(save, "MAX_SAVE_MOVES", len(game.history) - 1)
    with pytest.raises(SaveFileError, match="more than a save holds"):
        save.load(path)


def _endless_seats():
    for _ in range(200_000):
        yield {"name": "x"}
    raise AssertionError("read past every cap")


def _endless_fields():
    for i in range(200_000):
        yield f"f{i}", 1
    raise AssertionError("read past every cap")


class EndlessSeat(dict):
    def items(self):
        return _endless_fields()


@pytest.mark.parametrize("seats,message", [
    (_endless_seats, "a save holds at most 100 seats, got more"),
    (lambda: [EndlessSeat()], "a seat holds at most 100 fields, got more"),
    (lambda: [[("name", "x")]], "a seat is a mapping, got"),
])
def test_seats_past_the_bound_are_refused_after_a_bounded_read(tmp_path, seats, message):
    """Seats given as a generator that never ends (or a seat whose items never end) were read for ever, the list
    growing without bound; now SaveFileError after at most 101 of them, nothing written."""
    with pytest.raises(SaveFileError, match=f"seats are a list of mappings .*{message}"):
        save.save(romme.new_game("rummy", seed=1), tmp_path / "g.json", seats=seats())
    assert list(tmp_path.iterdir()) == []


def test_seats_given_by_any_iterable_of_mappings_are_written(tmp_path):
    seats = ({"name": f"s{i}", "bot": None} for i in range(3))
    path = save.save(romme.new_game("romme", seed=1), tmp_path / "g.json", seats=seats)  # type: ignore[arg-type]
    assert save.load(path).seats == [{"name": f"s{i}", "bot": None} for i in range(3)]
