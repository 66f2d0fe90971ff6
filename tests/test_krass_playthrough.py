"""Recorded Krass Kariert playthroughs (golden files) guard against silent rule changes.

Each ``tests/data/krass-*.json`` is a save file (seed, rules, seats, move log,
checksum) plus ``expected``: the final scores, winners and deal log, and
SHA-256 digests of the state every 50 moves and at the end. Any change to
dealing, legality, trick flow, drawing or chips makes the replay differ.
``python3 tests/test_krass_playthrough.py`` rewrites the files: only for an
intended rule change.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from romme import save
from romme.engine import GameState, new_game

DATA = Path(__file__).parent / "data"
GAMES = {  # file name -> players, rules, bot levels
    "krass-4": (4, None, ["expert", "greedy", "random", "expert"]),
    "krass-5-long": (5, "long", ["greedy", "expert", "random", "expert", "greedy"]),
}


def digest(state: GameState) -> str:
    """SHA-256 of every zone, whose turn, the phase and the scores."""
    picture = {"zones": state.zones(), "current_player": state.current_player, "phase": state.phase,
               "scores": list(state.result().scores)}
    return hashlib.sha256(json.dumps(picture, sort_keys=True).encode()).hexdigest()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_playthrough(name: str) -> None:
    data = json.loads((DATA / f"{name}.json").read_text())
    expected = data.pop("expected")
    final = save.from_json(data, "krass").state  # checksum and legality of every move
    assert final.is_over
    res = final.result()
    assert list(res.scores) == expected["scores"] and list(res.winners) == expected["winners"]
    assert final.deal_log == expected["deal_log"]  # type: ignore[attr-defined]
    assert digest(final) == expected["final"]
    s = new_game("krass", players=data["players"], seed=data["seed"], rules=data["rules"])
    for k, m in enumerate(data["moves"], 1):
        s.apply(s.move_from_json(m))
        if str(k) in expected["checkpoints"]:
            assert digest(s) == expected["checkpoints"][str(k)], f"state after move {k} changed"


def regenerate() -> None:
    """Plays the recorded games again with the bots and rewrites the files."""
    from romme.bots import make_bot
    from romme.bots.common import play_out

    for name, (n, rules, levels) in GAMES.items():
        s = new_game("krass", players=n, seed=2026, rules=rules)
        bots = [make_bot("krass", lv, f"golden/{i}") for i, lv in enumerate(levels)]
        checkpoints: dict[str, str] = {}

        def on_move(st: GameState, m: Any, checkpoints: dict[str, str] = checkpoints) -> None:
            if len(st.history) % 50 == 0:
                checkpoints[str(len(st.history))] = digest(st)

        play_out(s, bots, on_move=on_move)
        data = save.to_json(s, seats=[{"name": f"seat {i}", "bot": lv} for i, lv in enumerate(levels)])
        res = s.result()
        data["expected"] = {"scores": list(res.scores), "winners": list(res.winners),
                            "deal_log": s.deal_log,  # type: ignore[attr-defined]
                            "final": digest(s), "checkpoints": checkpoints}
        (DATA / f"{name}.json").write_text(json.dumps(data, indent=1) + "\n")


if __name__ == "__main__":
    regenerate()
