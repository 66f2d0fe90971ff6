"""Headless: a Königs-Rommé hint says 'lay' only for a move that lays melds (going out, a last turn's discard).

Played at 1366x768: mid-round H said 'hint: discard 8c — lay Jt Qt 4c — it leaves 3 points' though nothing can be
laid before someone goes out, and no button offered it; the hand's melds are now named as melds ('melds: ...')."""

from __future__ import annotations

from romme.bots import make_bot
from romme.engine import new_game
from romme_table.hints import hint


def _hints(seeds: range, lang: str) -> list[tuple[dict, str, bool]]:
    seen = []
    for seed in seeds:
        state = new_game("koenigs", players=2, seed=seed)
        while not state.is_over and state.observation(0)["round"] <= 3:
            if state.current_player == 0:
                move, text = hint("koenigs", state, lang)
                last_turn = state.observation(0).get("out_player") is not None  # the engine lays melds then
                seen.append((move.to_json(), text, last_turn))
            state.apply(make_bot("koenigs", "expert", seed="x").choose(state.clone()))
    return seen


def test_only_a_move_that_lays_says_lay():
    seen = _hints(range(6), "en")
    plain = [text for j, text, last in seen if j["kind"] == "discard" and not last]
    laying = [text for j, text, last in seen if j["kind"] == "out" or (j["kind"] == "discard" and last)]
    assert any("melds:" in text for text in plain), plain  # the hand's melds are still named
    assert not any(" lay " in text for text in plain), [t for t in plain if " lay " in t]
    assert laying and not any("melds:" in text for text in laying), laying  # these do lay their melds
    # ... and name them once, in the move's words: the reason says only what is left (play-test Q12: 'ausmachen und
    # 8c abwerfen, Bc Bt Jo auslegen — lege Bc Bt Jo — bleiben 0 Punkte' said the melds twice)
    assert all(" lay " not in f" {text.split(' — ', 1)[-1]}" for text in laying), laying
    assert any(" lay " in f" {text.split(' — ', 1)[0]}" for text in laying), laying


def test_german_words_alike():
    seen = _hints(range(3), "de")
    plain = [text for j, text, last in seen if j["kind"] == "discard" and not last]
    assert any("Figuren:" in text for text in plain) and not any(" lege " in text for text in plain), plain
    laying = [text for j, text, last in seen if j["kind"] == "out" or (j["kind"] == "discard" and last)]
    assert laying and all(" lege " not in text and "Figuren:" not in text for text in laying), laying
    assert any("auslegen" in text.split(" — ", 1)[0] for text in laying), laying
