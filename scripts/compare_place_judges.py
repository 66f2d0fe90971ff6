"""Two builds of the core judge Rommé's place moves side by side: they must agree exactly.

Used to prove a rewrite of the judge changes nothing (the baseline: an older build's library, e.g.
``/tmp/s39-base.so``; the candidate: this tree's ``romme._core`` or another library). For every
play-phase position of random games across option presets it judges every listed place / meld /
lay-off / swap move (the shortcuts as their place move, ``place_of``), tables perturbed from the
position's table and from the listed ones, the same moves on a varied turn (a card fewer or more,
opened or not, a joker owed, another discard to open with) and on a hand holding only the cards
the move lays. Agreeing is the same refusal class and message, or the same hand after, new table,
jokers owed, opening and shortcuts. Exit 1 on any difference::

    python3 scripts/compare_place_judges.py /tmp/s39-base.so --games 12
"""

from __future__ import annotations

import argparse
import importlib.util
import random
from collections import Counter
from types import ModuleType
from typing import Any

from romme import _core, engine
from romme.games.romme.melds import DECLARED, JOKER
from romme.games.romme.moves import LayOff, MeldMove, Place, Swap

PRESETS: dict[str, dict[str, bool]] = {
    "plain": {},
    "rauber": {"rauber": True},
    "rauber-to-hand": {"rauber": True, "rauber_table_to_hand": True},
    "rauber-no-discard": {"rauber": True, "rauber_discard_pile": False, "rauber_table_to_hand": True},
    "wrap": {"wrap_around": True, "joker_swap_completes": True},
    "rauber-wrap": {"rauber": True, "wrap_around": True},
    "no-double-joker": {"no_double_joker": True},
    "rauber-no-double": {"rauber": True, "no_double_joker": True, "joker_declared": True},
    "strict": {"joker_declared": True, "no_double_joker": True, "opening_without_jokers": True,
               "discard_pickup_after_opening": True},
    "noopenlay-hand": {"lay_off_in_opening_turn": False, "hand_romme": True},
}
MAX_MOVES = 160
SHORTCUT_KINDS = ("place", "meld", "layoff", "swap")

Specs = list[list[int]]


def load(path: str, name: str) -> ModuleType:
    """The extension library at ``path`` as a module of its own (its name must end in ``_core``)."""
    spec = importlib.util.spec_from_file_location(f"{name}._core", path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def judge(core: ModuleType, rules: Any, turn: tuple[Any, ...], melds: Specs) -> tuple[Any, ...]:
    try:
        judged = core.romme_place_turn(rules, turn, melds)
        if not isinstance(judged, tuple):  # the one verdict of the table games' judges, as the tuple before it
            judged = (judged.hand, judged.melds, judged.jokers_owed, judged.opens, judged.judged)
        return ("ok", judged)
    except ValueError as exc:  # both must refuse with the same class and words
        return ("refused", type(exc).__name__, str(exc))


def perturbed(rng: random.Random, table: Specs, hand: list[int]) -> Specs:
    """``table`` changed by one to three random edits (hand cards laid, cards moved or taken, melds
    split, joined, doubled, reordered, jokers written otherwise, hostile specs)."""
    t = [list(m) for m in table]
    for _ in range(rng.choice([1, 1, 1, 2, 2, 3])):
        op = rng.randrange(12)
        if op == 0 and hand:  # a hand card into a meld
            c = rng.choice(hand)
            if c == JOKER and rng.random() < 0.5:
                c = DECLARED + rng.randrange(52)
            if t:
                m = rng.choice(t)
                m.insert(rng.choice([0, len(m), rng.randrange(len(m) + 1)]), c)
            else:
                t.append([c])
        elif op == 1 and hand:  # a new meld of hand cards
            k = rng.choice([2, 3, 3, 4])
            t.insert(rng.randrange(len(t) + 1), rng.sample(hand, min(k, len(hand))))
        elif op == 2 and any(t):  # a card off a meld
            m = rng.choice([m for m in t if m])
            m.pop(rng.randrange(len(m)))
            if not m:
                t.remove(m)
        elif op == 3 and len(t) >= 2 and all(t):  # a card from one meld to another
            a, b = rng.sample(range(len(t)), 2)
            c = t[a].pop(rng.randrange(len(t[a])))
            t[b].insert(rng.randrange(len(t[b]) + 1), c)
            if not t[a]:
                t.pop(a)
        elif op == 4 and len(t) >= 2:  # melds in another order
            rng.shuffle(t)
        elif op == 5 and t:  # a meld split
            m = rng.choice(t)
            if len(m) >= 2:
                i = rng.randrange(1, len(m))
                t.insert(t.index(m) + 1, m[i:])
                del m[i:]
        elif op == 6 and len(t) >= 2:  # two melds joined
            a, b = sorted(rng.sample(range(len(t)), 2))
            t[a].extend(t.pop(b))
        elif op == 7 and t:  # a meld twice
            t.append(list(rng.choice(t)))
        elif op == 8 and t:  # a meld's cards reordered
            rng.shuffle(rng.choice(t))
        elif op == 9 and t:  # a joker written otherwise (placed / declared)
            m = rng.choice(t)
            js = [i for i, s in enumerate(m) if s >= JOKER]
            if js:
                i = rng.choice(js)
                m[i] = JOKER if m[i] != JOKER else DECLARED + rng.randrange(52)
        elif op == 10 and t:  # a natural for a joker (a swap, maybe of a card not held)
            m = rng.choice(t)
            js = [i for i, s in enumerate(m) if s >= JOKER]
            if js:
                i = rng.choice(js)
                m[i] = m[i] - DECLARED if m[i] > JOKER else rng.choice(hand or [0])
            else:
                m.append(rng.randrange(52))
        elif op == 11:  # hostile: a card spec out of range, an empty meld or table
            r = rng.random()
            if r < 0.3:
                t = []
            elif r < 0.6 and t:
                t.append([])
            elif t:
                rng.choice(t).append(rng.choice([105, 120, 255, 104, 52, 53]))
    return t


def varied(rng: random.Random, turn: tuple[Any, ...]) -> tuple[Any, ...]:
    """The turn with a card fewer or more, opened or not, a joker owed, another discard to open with."""
    hand, wires, with_discard, opened, opened_before, owed, must = turn
    h = list(hand)
    if h and rng.random() < 0.6:
        h.pop(rng.randrange(len(h)))
    if rng.random() < 0.3:
        h.append(rng.choice([JOKER, rng.randrange(52)]))
        h.sort()
    return (h, wires, rng.choice([with_discard, not with_discard]), rng.choice([opened, not opened]),
            rng.choice([opened_before, False]), rng.choice([owed, 1]), rng.choice([must, None, rng.choice(h or [0])]))


def moves_to_judge(rng: random.Random, st: Any) -> list[tuple[str, Specs, tuple[Any, ...]]]:
    hand = st.hands[st.turn]
    turn = st._turn(hand)
    moves: list[tuple[str, Specs]] = []
    for mv in st.legal_moves():
        if isinstance(mv, Place):
            moves.append(("place", [list(m) for m in mv.melds]))
        elif isinstance(mv, (MeldMove, LayOff, Swap)):
            moves.append((mv.kind, [list(m) for m in st.place_of(mv).melds]))
    table = [list(m.specs()) for m in st.table]
    near = [melds for _, melds in moves]
    moves += [("perturbed", perturbed(rng, table, hand)) for _ in range(12)]
    moves += [("perturbed-listed", perturbed(rng, melds, hand)) for melds in rng.sample(near, min(len(near), 8))]
    out = [(kind, melds, turn) for kind, melds in moves]
    out += [(kind + "/turn", melds, varied(rng, turn)) for kind, melds in rng.sample(moves, min(len(moves), 10))]
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("baseline", help="the older build's extension library")
    ap.add_argument("--candidate", help="the newer build's library (default: this tree's romme._core)")
    ap.add_argument("--games", type=int, default=12, help="random games per preset")
    args = ap.parse_args()
    old_core = load(args.baseline, "baseline")
    new_core = load(args.candidate, "candidate") if args.candidate else _core
    checked, refusals = Counter[str](), Counter[str]()
    differ = games = 0
    for name, opts in PRESETS.items():
        for g in range(args.games):
            games += 1
            rng = random.Random(f"{name}/{g}")
            st = engine.new_game("romme", players=rng.choice([2, 3, 4]), seed=g, rules=opts)
            key = {k: int(v) for k, v in st.opts.key}
            old_rules, new_rules = old_core.RommeRules(key), new_core.RommeRules(key)
            for _ in range(MAX_MOVES):
                if st.is_over:
                    break
                legal = st.legal_moves()
                if st.phase == "play":
                    judged = moves_to_judge(rng, st)
                    for kind, melds, turn in judged:  # (grows: the variants below)
                        old = judge(old_core, old_rules, turn, melds)
                        new = judge(new_core, new_rules, turn, melds)
                        if old[0] == "ok" and kind in SHORTCUT_KINDS:  # the hand holding only the cards it lays
                            laid = Counter(turn[0]) - Counter(old[1][0])
                            judged.append((kind + "/all", melds, (sorted(laid.elements()), *turn[1:])))
                        checked[f"{kind}:{old[0]}"] += 1
                        if old[0] == "refused":
                            refusals[" ".join(w for w in old[2].split()[:4] if w.isalpha() or "_" in w)] += 1
                        if old != new:
                            differ += 1
                            if differ <= 10:
                                print("DIFFER", name, g, kind, melds, turn, "\n  old", old, "\n  new", new)
                table_moves = [m for m in legal if m.kind in SHORTCUT_KINDS]
                st.apply(rng.choice(table_moves) if table_moves and rng.random() < 0.7 else rng.choice(legal))
    print(f"games {games}, moves judged {sum(checked.values())}, differing {differ}")
    for k in sorted(checked):
        print(f"  {k}: {checked[k]}")
    print("refusals by their first words:")
    for k, n in refusals.most_common(25):
        print(f"  {n:7d} {k}")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
