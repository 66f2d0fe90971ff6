"""Recorded playthroughs (OpenSpiel-style golden files) guard against silent rule changes.

Each file in tests/data/ is a save file (seed, rules, seats, move log, checksum) plus ``expected``: the
final scores and winners and SHA-256 digests of the state snapshot every 50 moves and at the end. If a
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
    return hashlib.sha256(json.dumps(state.snapshot(), sort_keys=True).encode()).hexdigest()


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
