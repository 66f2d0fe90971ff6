"""The Rommé expert's memory of settled positions never replays a stale answer: one expert asked about the
positions of a game out of order (as an undo, a loaded save or the master's sampled worlds ask it), each twice
running (its own place move's answer remembered in between), and a deep copy of it taken halfway, choose exactly
what an expert with its memory wiped before every question chooses, given the same random state."""

from __future__ import annotations

import copy

import pytest

import romme.bots.romme as romme_bots
from romme.bots import make_bot
from romme.engine import GameState, new_game
from romme.games.romme.moves import Place
from romme.rng import Rng
from romme.rules import Rules


def _positions(preset: str, seeds: range) -> list[GameState]:
    """Copies of the positions of seeded 3-seat expert games where an opened seat is to play."""
    kept: list[GameState] = []
    for seed in seeds:
        st = new_game("romme", players=3, seed=seed, rules=Rules.make("romme", preset, target=1))
        seats = [make_bot("romme", "expert", f"memory-{p}") for p in range(3)]
        while not st.is_over and len(st.history) < 2000:
            if st.phase == "play" and st.opened[st.current_player]:  # type: ignore[attr-defined]
                kept.append(st.clone())
            st.apply(seats[st.current_player].choose(st))
    return kept


def _wiped_choice(state: GameState, rng: Rng) -> object:
    fresh = make_bot("romme", "expert", "wiped")
    fresh.rng = copy.deepcopy(rng)  # type: ignore[attr-defined]
    return fresh.choose(state.clone())


@pytest.mark.parametrize(("preset", "work"), [("rauber", None), ("rauber-to-hand", None), ("rauber", 300),
                                               ("rauber-no-discard", None)])
def test_memory_asked_out_of_order_answers_as_a_wiped_one(preset, work, monkeypatch):
    if work is not None:  # a small work budget: cut searches in most moves (their answers not remembered)
        monkeypatch.setattr(romme_bots, "SEARCH_WORK_BUDGET", work)
    positions = _positions(preset, range(4, 10))
    assert len(positions) >= 40
    order = list(range(len(positions)))
    Rng(44).shuffle(order)
    travelled = make_bot("romme", "expert", "travelled")
    clone = None
    places = remembered = 0
    for n, i in enumerate(order):
        if n == len(order) // 2:
            clone = copy.deepcopy(travelled)
        for _ in range(2):  # the second time, the memory holds what the first answer left (when it placed)
            want = _wiped_choice(positions[i], travelled.rng)  # type: ignore[attr-defined]
            if clone is not None:
                clone.rng = copy.deepcopy(travelled.rng)  # type: ignore[attr-defined]
                assert clone.choose(positions[i].clone()) == want
            got = travelled.choose(positions[i].clone())
            assert got == want, (preset, i)
            places += isinstance(got, Place)
            remembered += travelled.settled is not None  # type: ignore[attr-defined]
    assert places > 0 and remembered > 0  # the memory was in play
