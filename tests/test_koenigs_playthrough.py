"""Recorded playthroughs (OpenSpiel-style golden files) guard against silent rule changes.

Each file in tests/data/ is a save file (seed, rules, seats, move log, checksum) plus ``expected``: the
final scores and winners and SHA-256 digests of the state (see :func:`digest`) every 50 moves and at the
end. ``python3 tests/test_koenigs_playthrough.py`` rewrites the files. If a
rule change alters any deal, reshuffle, legality or score, replaying differs. Regenerate deliberately
(see the git history of this file) only when a rule change is intended.
"""

import hashlib
import json
from pathlib import Path

import pytest
from romme import save
from romme.engine import new_game

DATA = Path(__file__).parent / "data"


def digest(state):
    """SHA-256 of what the rules decide: every zone (laid melds as a sorted multiset, since any
    arrangement the solver picks is equally valid), whose turn, the phase and the scores."""
    zones = {k: sorted(v) if k.startswith("melds") else list(v) for k, v in state.zones().items()}
    picture = {"zones": zones, "current_player": state.current_player, "phase": state.phase,
               "scores": list(state.result().scores)}
    return hashlib.sha256(json.dumps(picture, sort_keys=True).encode()).hexdigest()


@pytest.mark.parametrize("game", ["koenigs", "koenigs-solo"])
def test_playthrough(game):
    data = json.loads((DATA / f"{game}-playthrough.json").read_text())
    expected = data.pop("expected")
    loaded = save.from_json(data, game)  # checksum and legality of every move
    final = loaded.state
    assert final.is_over
    res = final.result()
    assert list(res.scores) == expected["scores"] and list(res.winners) == expected["winners"]
    assert digest(final) == expected["final"]
    s = new_game(game, players=data["players"], seed=data["seed"], rules=data["rules"])
    for k, m in enumerate(data["moves"], 1):
        s.apply(s.move_from_json(m))
        if str(k) in expected["checkpoints"]:
            assert digest(s) == expected["checkpoints"][str(k)], f"state after move {k} changed"


def regenerate() -> None:
    """Plays the recorded games again with the bots and rewrites tests/data/ (only for intended changes)."""
    from romme.bots import make_bot
    from romme.bots.common import play_out

    for game, n, rules, levels in (("koenigs", 3, "keep-top", ["expert", "greedy", "random"]),
                                   ("koenigs-solo", 1, None, ["expert"])):
        s = new_game(game, players=n, seed=2026, rules=rules)
        bots = [make_bot(game, lv, f"golden/{i}") for i, lv in enumerate(levels)]
        checkpoints: dict[str, str] = {}

        def on_move(st, m, checkpoints=checkpoints):
            if len(st.history) % 50 == 0:
                checkpoints[str(len(st.history))] = digest(st)

        play_out(s, bots, on_move=on_move)
        data = save.to_json(s, seats=[{"name": f"seat {i}", "bot": lv} for i, lv in enumerate(levels)])
        res = s.result()
        data["expected"] = {"scores": list(res.scores), "winners": list(res.winners), "final": digest(s),
                            "checkpoints": checkpoints}
        (DATA / f"{game}-playthrough.json").write_text(json.dumps(data, indent=1) + "\n")


if __name__ == "__main__":
    regenerate()
