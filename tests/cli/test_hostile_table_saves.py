"""Hostile saves at the table: a save of a legal but endless-looking game (1x1-Rommé played to 100,000,
random seats: a million moves fit in the 64 MiB a save may hold) is shown from its loaded position on, not
replayed from its deal for the score sheet, the round ends and the log notes: the observation grows with the
games played, so each replay cost the square of the log (200,000 moves: 22 s per replay, three of them; a
full-size save froze the window for minutes)."""

from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pytest

from romme import save
from romme.bots import make_bot
from romme.engine import GameState, new_game
from romme_table import replayed, rounds, score_grid


def long_game(moves: int) -> GameState:
    s = new_game("einmaleins", players=4, seed=7, rules={"target": 100000})
    bots = [make_bot("einmaleins", "random", i) for i in range(4)]
    while len(s.history) < moves:
        s.apply(bots[s.current_player].choose(s))
    assert not s.is_over
    return s


@pytest.fixture(scope="module")
def loaded(tmp_path_factory: pytest.TempPathFactory) -> GameState:
    path = tmp_path_factory.mktemp("saves") / "long.json"
    save.save(long_game(rounds.REPLAYED_MOVES_CAP + 1), path)
    return save.load(path).state


def test_a_log_past_the_cap_is_not_replayed(loaded: GameState, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_replay(*args: object, **kwargs: object) -> GameState:
        raise AssertionError("replayed from the deal")

    monkeypatch.setattr(replayed, "new_game", no_replay)
    started = time.process_time()
    past = replayed.replayed(loaded, 0, "en")
    book = past.book
    assert past.ends == set()
    assert past.notes == {}
    assert time.process_time() - started < 2.0
    # the sheet starts at the loaded scores, as a game watched from here on
    fresh = score_grid.ScoreBook()
    fresh.update(loaded.observation(0))
    assert book.rows == fresh.rows


def test_a_log_within_the_cap_is_replayed(monkeypatch: pytest.MonkeyPatch) -> None:
    short = long_game(2000)
    ends = replayed.replayed(short, 0, "en").ends
    assert ends and max(ends) < len(short.history)  # 1x1-Rommé games ended in 2,000 random moves
    calls = []
    real = replayed.new_game
    monkeypatch.setattr(replayed, "new_game", lambda *a, **k: calls.append(1) or real(*a, **k))
    short.apply(make_bot("einmaleins", "random", 0).choose(short))  # one move more: not the position replayed
    assert calls == [] and replayed.replayed(short, 0, "en").ends >= ends
    assert calls == [1]
