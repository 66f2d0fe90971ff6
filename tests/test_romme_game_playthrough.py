"""Recorded Rommé matches (golden files) guard against silent rule changes.

Each file in tests/data/ is a save file (seed, rules, seats, move log, checksum) plus ``expected``:
final scores and winners and SHA-256 digests of the state every 50 moves and at the end.
``PYTHONPATH=python python3 tests/test_romme_game_playthrough.py`` rewrites the files; do that only
when a rule change is intended.
"""

import hashlib
import json
from pathlib import Path

import pytest
from romme import save
from romme.engine import new_game

DATA = Path(__file__).parent / "data"
GAMES = {  # file stem -> players, rules, bot levels
    "romme-klopfen-playthrough": (3, {"knocking": True, "hand_romme": True, "target": 150},
                                  ["expert", "greedy", "random"]),
    "romme-rauber-playthrough": (3, {"rauber": True, "joker_declared": True, "target": 60},
                                 ["expert", "expert", "greedy"]),
}


def digest(state) -> str:
    """SHA-256 of every zone, whose turn, the phase, the scores and the deal results."""
    picture = {"zones": state.zones(), "current_player": state.current_player, "phase": state.phase,
               "scores": list(state.result().scores), "deals": state.deal_results}
    return hashlib.sha256(json.dumps(picture, sort_keys=True).encode()).hexdigest()


@pytest.mark.parametrize("stem", sorted(GAMES))
def test_playthrough(stem):
    data = json.loads((DATA / f"{stem}.json").read_text())
    expected = data.pop("expected")
    final = save.from_json(data, "romme").state  # checksum and legality of every move
    assert final.is_over
    res = final.result()
    assert list(res.scores) == expected["scores"] and list(res.winners) == expected["winners"]
    assert digest(final) == expected["final"]
    s = new_game("romme", players=data["players"], seed=data["seed"], rules=data["rules"])
    for k, m in enumerate(data["moves"], 1):
        s.apply(s.move_from_json(m))
        if str(k) in expected["checkpoints"]:
            assert digest(s) == expected["checkpoints"][str(k)], f"state after move {k} changed"


def regenerate() -> None:
    from romme.bots import make_bot
    from romme.bots.common import play_out

    for stem, (n, rules, levels) in GAMES.items():
        s = new_game("romme", players=n, seed=2026, rules=rules)
        bots = [make_bot("romme", lv, f"golden/{i}") for i, lv in enumerate(levels)]
        checkpoints: dict[str, str] = {}

        def on_move(st, m, checkpoints=checkpoints):
            if len(st.history) % 50 == 0:
                checkpoints[str(len(st.history))] = digest(st)

        play_out(s, bots, on_move=on_move)
        data = save.to_json(s, seats=[{"name": f"seat {i}", "bot": lv} for i, lv in enumerate(levels)])
        res = s.result()
        data["expected"] = {"scores": list(res.scores), "winners": list(res.winners), "final": digest(s),
                            "checkpoints": checkpoints}
        (DATA / f"{stem}.json").write_text(json.dumps(data, indent=1) + "\n")


if __name__ == "__main__":
    regenerate()
