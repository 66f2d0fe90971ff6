"""A recorded Rummy playthrough (OpenSpiel-style golden file) guards against silent rule changes.

``tests/data/rummy-playthrough.json`` is a save file (seed, rules, seats, move log, checksum) plus
``expected``: the final scores and winners and SHA-256 digests of the state every 50 moves and at the
end. If a rule change alters a deal, a legality check or a score, the replay differs.
``PYTHONPATH=python python3 tests/test_rummy_game_playthrough.py`` rewrites the file: do that only
when a rule change is intended.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from romme import save
from romme.engine import GameState, new_game

GAME = "rummy"
FILE = Path(__file__).parent / "data" / f"{GAME}-playthrough.json"


def digest(state: GameState) -> str:
    """SHA-256 of the zones (table melds as a sorted multiset), whose turn, the phase and the scores."""
    zones = {k: sorted(v) if k == "table" else list(v) for k, v in state.zones().items()}
    picture = {"zones": zones, "current_player": state.current_player, "phase": state.phase,
               "scores": list(state.result().scores)}
    return hashlib.sha256(json.dumps(picture, sort_keys=True).encode()).hexdigest()


def test_playthrough() -> None:
    data = json.loads(FILE.read_text())
    expected = data.pop("expected")
    final = save.from_json(data, GAME).state  # checksum and legality of every move
    assert final.is_over
    res = final.result()
    assert list(res.scores) == expected["scores"] and list(res.winners) == expected["winners"]
    assert digest(final) == expected["final"]
    s = new_game(GAME, players=data["players"], seed=data["seed"], rules=data["rules"])
    for k, m in enumerate(data["moves"], 1):
        s.apply(s.move_from_json(m))
        if str(k) in expected["checkpoints"]:
            assert digest(s) == expected["checkpoints"][str(k)], f"state after move {k} changed"


def regenerate() -> None:
    from romme.bots import make_bot
    from romme.bots.common import play_out

    levels = ["greedy", "random"]
    s = new_game(GAME, players=2, seed=2026, rules=None)
    bots = [make_bot(GAME, lv, f"golden/{i}") for i, lv in enumerate(levels)]
    checkpoints: dict[str, str] = {}

    def on_move(st: GameState, m: Any) -> None:
        if len(st.history) % 50 == 0:
            checkpoints[str(len(st.history))] = digest(st)

    play_out(s, bots, on_move=on_move)
    data = save.to_json(s, seats=[{"name": f"seat {i}", "bot": lv} for i, lv in enumerate(levels)])
    res = s.result()
    data["expected"] = {"scores": list(res.scores), "winners": list(res.winners), "final": digest(s),
                        "checkpoints": checkpoints}
    FILE.write_text(json.dumps(data, indent=1) + "\n")


if __name__ == "__main__":
    regenerate()
