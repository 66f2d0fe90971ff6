"""Recorded playthroughs (OpenSpiel-style golden files) guard against silent rule changes.

Each file in ``tests/games/data/`` is a save file (seed, rules, seats, move log, checksum) plus ``expected``:
the final scores and winners and SHA-256 digests of the state (see :func:`digest`) every 50 moves and
at the end (Krass Kariert also its deal log). If a rule change alters a deal, a reshuffle, a legality
check or a score, the replay differs. ``PYTHONPATH=python python3 tests/games/test_playthroughs.py [stem ...]``
rewrites the files: do that only when a rule change is intended.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from romme import save
from romme.engine import GameState, new_game

DATA = Path(__file__).parent / "data"


class Golden(NamedTuple):
    game: str
    players: int
    rules: Any
    levels: list[str]


#: file stem -> how the recorded game was played.
GOLDEN = {
    "koenigs-playthrough": Golden("koenigs", 3, "keep-top", ["expert", "greedy", "random"]),
    "koenigs-solo-playthrough": Golden("koenigs-solo", 1, None, ["expert"]),
    "romme-klopfen-playthrough": Golden("romme", 3, {"knocking": True, "hand_romme": True, "target": 150},
                                        ["expert", "greedy", "random"]),
    "romme-rauber-playthrough": Golden("romme", 3, {"rauber": True, "joker_declared": True, "target": 60},
                                       ["expert", "expert", "greedy"]),
    "einmaleins-playthrough": Golden("einmaleins", 3, {"target": 200}, ["expert", "greedy", "greedy"]),
    "rummy-playthrough": Golden("rummy", 2, None, ["greedy", "random"]),
    "krass-4": Golden("krass", 4, None, ["expert", "greedy", "random", "expert"]),
    "krass-5-long": Golden("krass", 5, "long", ["greedy", "expert", "random", "expert", "greedy"]),
}


def _unordered(game: str, zone: str) -> bool:
    """Zones whose melds form a multiset: any arrangement the solver picks there is equally valid."""
    if game in ("koenigs", "koenigs-solo"):
        return zone.startswith("melds")
    return game in ("einmaleins", "rummy") and zone == "table"


def digest(game: str, state: GameState) -> str:
    """SHA-256 of every zone, whose turn, the phase and the scores (Rommé: also the deal results)."""
    zones = {k: sorted(v) if _unordered(game, k) else list(v) for k, v in state.zones().items()}
    picture: dict[str, Any] = {"zones": zones, "current_player": state.current_player, "phase": state.phase,
                               "scores": list(state.result().scores)}
    if game == "romme":
        picture["deals"] = state.deal_results  # type: ignore[attr-defined]
    return hashlib.sha256(json.dumps(picture, sort_keys=True).encode()).hexdigest()


@pytest.mark.parametrize("stem", sorted(GOLDEN))
def test_playthrough(stem: str) -> None:
    game = GOLDEN[stem].game
    data = json.loads((DATA / f"{stem}.json").read_text())
    expected = data.pop("expected")
    final = save.from_json(data, game).state  # checksum and legality of every move
    assert final.is_over
    res = final.result()
    assert list(res.scores) == expected["scores"] and list(res.winners) == expected["winners"]
    if game == "krass":
        assert final.deal_log == expected["deal_log"]  # type: ignore[attr-defined]
    assert digest(game, final) == expected["final"]
    s = new_game(game, players=data["players"], seed=data["seed"], rules=data["rules"])
    for k, m in enumerate(data["moves"], 1):
        s.apply(s.move_from_json(m))
        if str(k) in expected["checkpoints"]:
            assert digest(game, s) == expected["checkpoints"][str(k)], f"state after move {k} changed"


def regenerate(stem: str) -> None:
    """Plays a recorded game again with its bots and rewrites its file (only for intended changes)."""
    from romme.bots import make_bot
    from romme.bots.common import play_out

    g = GOLDEN[stem]
    s = new_game(g.game, players=g.players, seed=2026, rules=g.rules)
    bots = [make_bot(g.game, lv, f"golden/{i}") for i, lv in enumerate(g.levels)]
    checkpoints: dict[str, str] = {}

    def on_move(st: GameState, m: Any) -> None:
        if len(st.history) % 50 == 0:
            checkpoints[str(len(st.history))] = digest(g.game, st)

    play_out(s, bots, on_move=on_move)
    data = save.to_json(s, seats=[{"name": f"seat {i}", "bot": lv} for i, lv in enumerate(g.levels)])
    res = s.result()
    data["expected"] = {"scores": list(res.scores), "winners": list(res.winners)}
    if g.game == "krass":
        data["expected"]["deal_log"] = s.deal_log  # type: ignore[attr-defined]
    data["expected"].update({"final": digest(g.game, s), "checkpoints": checkpoints})
    (DATA / f"{stem}.json").write_text(json.dumps(data, indent=1) + "\n")


if __name__ == "__main__":
    for name in sys.argv[1:] or sorted(GOLDEN):
        regenerate(name)
