"""The Rummy expert's table searches, recorded once and replayed by two builds of the core.

``record OUT.pkl``: plays seeded expert games (``--games``, ``--players``) with this tree and keeps
the arguments of every ``rummy_searched_turn`` call the expert makes. ``time IN.pkl SO [SO ...]``:
each build (an extension module's file) replays every recorded search in its own process, the
builds taking turns ``--rounds`` times; per build it prints the sum over the searches of each
search's least thread CPU time, their median and p99, the share of the time the dearest 1 %, 5 %
and 10 % of the searches take, a hash of the answers (equal hashes:
the builds answered every search alike), the hand cards the answers lay and the table cards they move (a
table card moves where its meld does not stay whole). Under ``valgrind --tool=callgrind
--toggle-collect='*searched_turn*'`` the worker (``replay IN.pkl SO``) counts the search's
instructions alone. Example::

    PYTHONPATH=python python3 benches/replay_rummy_searches.py record /tmp/rec40.pkl --games 40
    python3 benches/replay_rummy_searches.py time /tmp/rec40.pkl /tmp/base.so python/romme/_core.abi3.so
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import pickle
import statistics
import subprocess
import sys
import time
from typing import Any

Call = tuple[bytes, bytes, dict[str, Any], int]


def record(out: str, games: int, players: int) -> None:
    import romme
    import romme.games.rummy as rummy_game
    from romme.bots import make_bot

    calls: list[Call] = []
    searched = rummy_game._core.rummy_searched_turn

    def keep(flat: bytes, hand: bytes, options: dict[str, Any], budget: int) -> Any:
        calls.append((flat, hand, options, budget))
        return searched(flat, hand, options, budget)

    rummy_game._core.rummy_searched_turn = keep  # type: ignore[attr-defined]
    moves = 0
    for g in range(games):
        state = romme.new_game("rummy", players=players, seed=g)
        bots = [make_bot("rummy", "expert", f"{g}/{s}") for s in range(players)]
        while not state.is_over:
            state.apply(bots[state.current_player].choose(state))
        moves += len(state.history)
    with open(out, "wb") as f:
        pickle.dump(calls, f)
    print(f"{len(calls)} searches in {moves} moves of {games} games")


def moved_cards(flat: bytes, table: Any) -> int:
    """The table cards of ``flat`` whose meld is not in ``table`` as it lies (``rummy::searched`` lays a meld
    nobody rebuilt as it lies)."""
    left = list(table or ())
    moved, i = 0, 0
    while i < len(flat):
        n = flat[i]
        meld = tuple(zip(flat[i + 1 : i + 1 + 2 * n : 2], flat[i + 2 : i + 2 + 2 * n : 2], strict=True))
        if table is not None and meld in left:
            left.remove(meld)
        elif table is not None:
            moved += n
        i += 1 + 2 * n
    return moved


def replay(path: str, so: str) -> None:
    """The worker: each search's thread CPU seconds on one line, then '|', the answers' hash, the hand cards
    laid and the table cards moved over all searches."""
    spec = importlib.util.spec_from_file_location("_core", so)
    assert spec is not None and spec.loader is not None
    core = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(core)
    with open(path, "rb") as f:
        calls: list[Call] = pickle.load(f)
    seconds, answers = [], []
    laid = moved = 0
    for flat, hand, options, budget in calls:
        t0 = time.thread_time()
        res = core.rummy_searched_turn(flat, hand, options, budget)
        seconds.append(time.thread_time() - t0)
        placed = None if res.placed is None else bytes(res.placed)
        answers.append(repr((res.table, placed, res.proven_none, res.proven_most)))
        laid += len(placed or b"")
        moved += moved_cards(flat, res.table)
    digest = hashlib.sha1("\n".join(answers).encode()).hexdigest()[:12]
    print(" ".join(f"{s:.7f}" for s in seconds), "|", digest, laid, moved)


def time_builds(path: str, builds: list[str], rounds: int) -> None:
    best: dict[str, list[float]] = {}
    digests: dict[str, str] = {}
    for r in range(rounds):
        for so in builds if r % 2 == 0 else builds[::-1]:
            line = subprocess.run([sys.executable, __file__, "replay", path, so], check=True,
                                  capture_output=True, text=True).stdout
            times_text, digest = line.rsplit("|", 1)
            times = [float(x) for x in times_text.split()]
            best[so] = [min(a, b) for a, b in zip(best[so], times, strict=True)] if so in best else times
            digest, laid, moved = digest.split()
            digests[so] = f"{digest}, laid {laid}, moved {moved}"
    for so in builds:
        t = sorted(best[so])
        # (how the time spreads: the dearest 1 %, 5 %, 10 % of the searches' share of it)
        shares = ", ".join(f"{f:.0%} {sum(t[-max(1, int(len(t) * f)):]) / sum(t):.1%}" for f in (0.01, 0.05, 0.10))
        print(f"{so}: {sum(t) * 1e3:.1f} ms over {len(t)} searches, median {statistics.median(t) * 1e6:.1f} us, "
              f"p99 {t[int(len(t) * 0.99)] * 1e6:.0f} us, dearest {shares}, answers {digests[so]}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("out")
    rec.add_argument("--games", type=int, default=40)
    rec.add_argument("--players", type=int, default=2)
    rep = sub.add_parser("replay")
    rep.add_argument("path")
    rep.add_argument("so")
    tim = sub.add_parser("time")
    tim.add_argument("path")
    tim.add_argument("builds", nargs="+")
    tim.add_argument("--rounds", type=int, default=3)
    a = ap.parse_args()
    if a.cmd == "record":
        record(a.out, a.games, a.players)
    elif a.cmd == "replay":
        replay(a.path, a.so)
    else:
        time_builds(a.path, a.builds, a.rounds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
