"""The solitaire's hint says why (play-test Q11): 'Tipp: Hand 9: 9h abwerfen' named no reason, unlike the other
games' hints. It names the hand the step finishes, or how many steps that hand still needs, or that the turned
card helps no open hand."""

from __future__ import annotations

import pytest

from romme.bots import make_bot
from romme.engine import GameState, Move, new_game
from romme_table.hints import SOLO_WHY, hint, solo_reason, solo_step


def positions(seeds: range = range(1, 6)) -> list[GameState]:
    """Solitaire positions along games played by the random bot."""
    out = []
    for seed in seeds:
        state = new_game("koenigs-solo", players=1, seed=seed)
        bot = make_bot("koenigs-solo", "random", seed=seed)
        while not state.is_over:
            out.append(state.clone())
            state.apply(bot.choose(state.clone()))
    return out


POSITIONS = positions()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_solitaire_hint_names_its_reason_and_finishing_is_true(lang):
    """Every third hint of 5 games ends with its reason; 'finishes hand k' exactly where the step finishes it."""
    seen = set()
    for state in POSITIONS[::3]:
        move, text = hint("koenigs-solo", state, lang)
        obs, j = state.observation(0), move.to_json()
        step = solo_step(j, obs)
        assert step is not None and text.endswith(" — " + solo_reason(j, obs, lang)), text
        after = state.clone()
        after.apply(move)
        assert (step[0] == "finished") == (j["hand"] in after.observation(0)["finished"]), (text, step)
        seen.add(step[0])
    assert {"finished", "closer"} <= seen, seen  # (steps that save none are the reasons of other moves)


def first_move(kind: str) -> tuple[GameState, Move]:
    """A position and a legal step whose reason is ``kind``."""
    for state in POSITIONS:
        obs = state.observation(0)
        for move in state.legal_moves():
            step = solo_step(move.to_json(), obs)
            if step is not None and step[0] == kind:
                return state, move
    raise AssertionError(f"no step of kind {kind}")


@pytest.mark.parametrize("kind", sorted(SOLO_WHY["en"]))
def test_each_reason_in_both_languages(kind):
    state, move = first_move(kind)
    obs, j = state.observation(0), move.to_json()
    en, de = solo_reason(j, obs, "en"), solo_reason(j, obs, "de")
    assert en and de and en != de
    assert str(j["hand"]) in en if kind != "none" else obs["turned"] in en
    if kind == "closer":  # the steps still needed, counted in each language
        assert en.endswith("to finish") and "bis fertig" in de, (en, de)
    if kind == "none":
        assert j["card"] == obs["turned"] and "aus dem Spiel" in de, de
