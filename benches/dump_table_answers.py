"""Dump the table search's answers on the Rummy timing positions, to diff two builds.

    PYTHONPATH=python python3 benches/dump_table_answers.py OUT.json [--n 300] [--seed 1]

Deals the positions of ``bench_table.py`` (every size, same seeds) and writes, per
position and tie-break (``none``, ``fast``, ``exact``), the answer's ``placed``,
``moved``, ``optimal`` and ``moved_optimal``, searched on one thread (``ROMME_THREADS=1``:
the race of a position and its mirror image may end either way, and then ``none`` moves
other cards and ``exact`` places others of equal count), and for ``fast`` and ``exact`` the
race's ``placed`` count, ``moved`` and ``moved_optimal``, which the race keeps. A refactoring
must leave the file unchanged: ``diff before.json after.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_table import SIZES, deal_position
from table_positions import answer_record

from romme import _core
from romme.rng import Rng

TIE_BREAKS = ("none", "fast", "exact")
FIELDS = ("placed", "moved", "optimal", "moved_optimal")


def solve(table: list[list[int]], hand: list[int], tie_break: str) -> dict:
    return answer_record(_core.solve_table("rummy", table, hand, "cards", {"max_hand_cards_per_turn": 0}, 0, tie_break))


def answers(n: int, seed: int) -> list[dict]:
    """One record per position: its size, index and each tie-break's answer fields."""
    out = []
    for name, table_cards, hand_cards in SIZES:
        rng = Rng(f"bench-table-{seed}-{name}")
        for i in range(n):
            table, hand = deal_position(rng, table_cards, hand_cards)
            record: dict = {"size": name, "i": i}
            for tie_break in TIE_BREAKS:
                os.environ["ROMME_THREADS"] = "1"
                res = solve(table, hand, tie_break)
                os.environ.pop("ROMME_THREADS")
                record[tie_break] = {f: res[f] for f in FIELDS}
                if tie_break != "none":
                    raced = solve(table, hand, tie_break)
                    record[tie_break + " raced"] = [len(raced["placed"]), raced["moved"], raced["moved_optimal"]]
            out.append(record)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out", type=Path)
    ap.add_argument("--n", type=int, default=300, help="positions per size")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    records = answers(args.n, args.seed)
    args.out.write_text("\n".join(json.dumps(r, sort_keys=True) for r in records) + "\n")
    print(f"{len(records)} positions -> {args.out}")


if __name__ == "__main__":
    main()
