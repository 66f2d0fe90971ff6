"""Brute-force reference solvers for the hand questions of issue 2.

Written from docs/RULES.md alone and sharing no code with the Rust solvers: one
recursive set-partition skeleton (:func:`partition_table`) plus, per game, a
direct predicate on a multiset of cards that tries every placement of the
wilds (:func:`meld_points`). Slow on purpose; use it on hands of up to about
nine cards. The Krass Kariert oracle searches over the remaining hand.

Decisions where docs/RULES.md is silent are module constants below (and in
docs/RULES-NOTES.md); the tests compare the Rust solvers against them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from functools import cache, lru_cache
from itertools import combinations

from romme.cards import deck
from romme.rules import Rules

# --- decisions (see docs/RULES-NOTES.md) -----------------------------------------------------

#: Rommé and Rummy melds need at least one natural card (docs/RULES.md: a joker
#: "stands for" a card of a meld; Königs-Rommé says explicitly that all-wild
#: melds are fine, the others do not).
NEEDS_NATURAL = {"romme": True, "rummy": True, "einmaleins": True}

#: Rommé: whether an opening must keep one card back for the discard. The
#: solver's contract (rust romme.rs) is "no": the caller solves the hand
#: without the card it will discard, so any number of cards may be melded.
ROMME_OPENING_KEEPS_DISCARD = False

# --- card facts, read from the deck table (code -> (suit, rank, kind)) ------------------------


@cache
def facts(game: str) -> dict[int, tuple[int | None, int, str]]:
    return {t.code: (t.suit, t.rank, t.kind) for t in deck(game).types}


def suit(game: str, code: int) -> int | None:
    return facts(game)[code][0]


def rank(game: str, code: int) -> int:
    return facts(game)[code][1]


def kind(game: str, code: int) -> str:
    return facts(game)[code][2]


@cache
def natural_code(game: str, s: int, r: int) -> int | None:
    """The code of the natural card of suit ``s`` and rank ``r`` (None if the deck lacks it)."""
    for code, (su, ra, ki) in facts(game).items():
        if ki == "natural" and su == s and ra == r and deck(game).types[code].copies > 0:
            return code
    return None


KOENIGS_SUITS = range(5)
FOUR_SUITS = range(4)


def koenigs_is_wild(code: int, round: int) -> bool:
    return kind("koenigs", code) == "joker" or rank("koenigs", code) == round + 2


def koenigs_value(r: int) -> int:
    return r  # 3..10 face, J 11, Q 12, K 13


def romme_rank_points(r: int) -> int:
    """Rommé points of a natural rank in a set (ace 11, faces 10)."""
    return 11 if r == 1 else min(r, 10)


def romme_position_points(p: int) -> int:
    """Rommé points of run position p (1 = ace low, 14 = ace high)."""
    if p == 1:
        return 1
    if p == 14:
        return 11
    return min(p, 10)


# --- hand counting ----------------------------------------------------------------------------


def hand_points(game: str, code: int, round: int = 0) -> int:
    """Points of one card left in hand under the game's counting (docs/RULES.md)."""
    k, r = kind(game, code), rank(game, code)
    if game == "koenigs":
        if k == "joker":
            return 50
        return 20 if r == round + 2 else koenigs_value(r)
    if game == "romme":
        return 20 if k == "joker" else romme_rank_points(r)
    if game == "einmaleins":
        if k == "joker":
            return 100
        return 50 if r == 1 else r
    if game == "rummy":
        return 25 if k == "joker" else r
    raise ValueError(game)


# --- meld predicates: best points of a valid meld, None if invalid ----------------------------


def meld_points(game: str, codes: Sequence[int], rules: Rules, round: int = 0, *,
                opening: bool = False) -> int | None:
    """The highest point value of ``codes`` as one meld, None if they form none.

    Tries every set rank and every run window/placement of the wilds.
    ``opening``: the meld is part of an opening (Rommé
    ``opening_without_jokers`` forbids jokers there).
    """
    key = tuple(sorted(codes))
    opts = tuple(sorted(rules.options.items()))
    return _meld_points(game, key, opts, round, opening)


@lru_cache(maxsize=200_000)
def _meld_points(game: str, codes: tuple[int, ...], opts: tuple, round: int, opening: bool) -> int | None:
    o = dict(opts)
    if len(codes) < 3:
        return None
    if game == "koenigs":
        return _koenigs_points(codes, round)
    if game == "romme":
        if opening and o["opening_without_jokers"] and any(kind(game, c) == "joker" for c in codes):
            return None
        return _romme_points(codes, o)
    if game == "rummy":
        return _rummy_points(codes)
    if game == "einmaleins":
        return _einmaleins_points(codes)
    raise ValueError(game)


def _best(values: Iterable[int | None]) -> int | None:
    vals = [v for v in values if v is not None]
    return max(vals) if vals else None


def _koenigs_points(codes: tuple[int, ...], round: int) -> int | None:
    nat = [c for c in codes if not koenigs_is_wild(c, round)]
    n = len(codes)
    found: list[int | None] = []
    # set: every natural of one rank, any suits, any size
    for r in range(3, 14):
        if all(rank("koenigs", c) == r for c in nat):
            found.append(n * koenigs_value(r))
    # run: one suit, consecutive ranks 3..K, wilds fill the gaps
    for s in KOENIGS_SUITS:
        if any(suit("koenigs", c) != s for c in nat):
            continue
        ranks = [rank("koenigs", c) for c in nat]
        if len(set(ranks)) != len(ranks):
            continue
        for a in range(3, 14 - n + 1):
            window = range(a, a + n)
            if all(r in window for r in ranks):
                found.append(sum(window))
    return _best(found)


def _romme_joker_ok(naturals: int, jokers: int, joker_cells: Sequence[int] | None, o: dict) -> bool:
    """The ``no_double_joker`` rule (sheet: "nicht gestattet, eine Figur mit nur
    einer Zahlen-/Bildkarte und zwei Jokern auszulegen; in einer Folge aus
    mindestens vier Karten dürfen jedoch auch zwei Joker unmittelbar
    aufeinanderfolgen"): no meld of one natural and two (or more) jokers; two
    jokers side by side in a run only when it has four or more cards. A set of
    two naturals and two jokers is allowed."""
    if not o["no_double_joker"]:
        return True
    if naturals == 1 and jokers >= 2:
        return False
    if joker_cells is not None and naturals + jokers < 4:
        cells = sorted(joker_cells)
        if any(b == a + 1 for a, b in zip(cells, cells[1:])):
            return False
    return True


def _romme_points(codes: tuple[int, ...], o: dict) -> int | None:
    nat = [c for c in codes if kind("romme", c) != "joker"]
    jok = len(codes) - len(nat)
    n = len(codes)
    if NEEDS_NATURAL["romme"] and not nat:
        return None
    found: list[int | None] = []
    # set: 3-4 cards of one rank, all suits different
    if n <= 4 and nat and len({rank("romme", c) for c in nat}) == 1:
        if len({suit("romme", c) for c in nat}) == len(nat) and _romme_joker_ok(len(nat), jok, None, o):
            found.append(n * romme_rank_points(rank("romme", nat[0])))
    # run: one suit; cells are positions 1..14 (14 = ace high) or, with wrap, a cycle
    for s in FOUR_SUITS:
        if any(suit("romme", c) != s for c in nat):
            continue
        need = Counter(rank("romme", c) for c in nat)
        if any(v > 1 for v in need.values()) or n > 13:
            continue
        windows: list[list[int]] = [list(range(a, a + n)) for a in range(1, 15 - n + 1)]
        if o["wrap_around"]:
            windows += [[(a - 1 + i) % 13 + 1 for i in range(n)] for a in range(1, 14)]
        for cells in windows:
            cell_rank = [1 if p == 14 else p for p in cells]
            if len(set(cell_rank)) != n:
                continue  # the ace would be low and high at once
            if not all(r in cell_rank for r in need):
                continue
            joker_cells = [i for i, r in enumerate(cell_rank) if r not in need]
            if not _romme_joker_ok(len(nat), jok, joker_cells, o):
                continue
            found.append(sum(romme_run_cell_points(cells, i) for i in range(n)))
    return _best(found)


def romme_run_cell_points(cells: Sequence[int], i: int) -> int:
    """Points of the i-th cell of a Rommé run given by positions (1..14, or
    cyclic ranks 1..13 with wrap). An ace counts 1 only as the low end of a
    run (A-2-3…); elsewhere (Q-K-A, K-A-2 with wrap) it counts 11."""
    p = cells[i]
    if p == 14:
        return 11
    if p == 1:
        return 1 if i == 0 else 11
    return min(p, 10)


def _rummy_points(codes: tuple[int, ...]) -> int | None:
    nat = [c for c in codes if kind("rummy", c) != "joker"]
    n = len(codes)
    if NEEDS_NATURAL["rummy"] and not nat:
        return None
    pts = sum(rank("rummy", c) for c in nat)  # jokers count 0
    ok = False
    if n <= 4 and len({rank("rummy", c) for c in nat}) == 1 and len({suit("rummy", c) for c in nat}) == len(nat):
        ok = True
    for s in FOUR_SUITS:
        if ok or any(suit("rummy", c) != s for c in nat):
            continue
        ranks = [rank("rummy", c) for c in nat]
        if len(set(ranks)) != len(ranks):
            continue
        if any(all(r in range(a, a + n) for r in ranks) for a in range(1, 14 - n + 1)):
            ok = True
    return pts if ok else None


@cache
def numnum_cells() -> dict[int, frozenset[int]]:
    """Symbol -> the values its number cards have."""
    out: dict[int, set[int]] = {}
    for s, r, k in facts("einmaleins").values():
        if k == "natural" and s is not None:
            out.setdefault(s, set()).add(r)
    return {s: frozenset(v) for s, v in out.items()}


def _einmaleins_points(codes: tuple[int, ...]) -> int | None:
    g = "einmaleins"
    if any(kind(g, c) not in ("joker", "natural") for c in codes):
        return None  # ban cards are not in the game
    numbers = [c for c in codes if kind(g, c) == "natural"]
    n = len(codes)
    found: list[int | None] = []
    cells = numnum_cells()
    # set: equal values; a value-1 card is a natural 1 here; wilds stand for
    # distinct existing cards of that value, so a set holds at most one card per symbol
    if numbers and len({rank(g, c) for c in numbers}) == 1:
        v = rank(g, numbers[0])
        if n <= sum(1 for s in cells if v in cells[s]):
            found.append(n * v)
    # run: one symbol, consecutive multiples k*i.. of a row k >= 2, every cell an existing card;
    # wilds are wish cards and value-1 cards of the run's symbol
    for s, values in cells.items():
        if any(suit(g, c) != s for c in numbers):
            continue
        nat = [rank(g, c) for c in numbers if rank(g, c) != 1]
        if NEEDS_NATURAL["einmaleins"] and not nat:
            continue
        if len(set(nat)) != len(nat):
            continue
        for k in range(2, max(values) + 1):
            if any(v % k for v in nat):
                continue
            for i in range(1, max(values) // k + 1):
                window = [k * j for j in range(i, i + n)]
                if all(v in values for v in window) and all(v in window for v in nat):
                    found.append(sum(window))
    return _best(found)


# --- certificate checks for returned melds ----------------------------------------------------


def placed_meld_points(game: str, kind_name: str, placed: Sequence[tuple[int, int]], rules: Rules,
                       round: int = 0) -> int | None:
    """Checks a returned meld from what each card stands for: every natural
    stands for itself, every wild for a card it may replace, and the
    represented cards form a valid meld of ``kind_name``. Returns the meld's
    points under the game's counting, None if the certificate is invalid."""
    o = dict(rules.options)
    codes = [c for c, _ in placed]
    reps = [s for _, s in placed]
    if len(placed) < 3:
        return None
    f = facts(game)
    for c, s in placed:
        if s not in f or f[s][2] != "natural" or deck(game).types[s].copies == 0:
            return None
        wild = _is_wild_in(game, c, kind_name, round)
        if not wild and s != c:
            return None
        if game == "einmaleins" and kind(game, c) == "natural" and wild and suit(game, s) != suit(game, c):
            return None  # a value-1 card is wild only in runs of its own symbol
    if NEEDS_NATURAL.get(game) and all(_is_wild_in(game, c, kind_name, round) for c in codes):
        return None
    suits = [suit(game, s) for s in reps]
    ranks = [rank(game, s) for s in reps]
    if kind_name == "set":
        if len(set(ranks)) != 1:
            return None
        if game in ("romme", "rummy"):
            if len(set(suits)) != len(suits) or len(reps) > 4:
                return None
        if game == "einmaleins" and len(set(reps)) != len(reps):
            return None
        if game == "romme":
            jok = sum(kind(game, c) == "joker" for c in codes)
            if not _romme_joker_ok(len(codes) - jok, jok, None, o):
                return None
    elif kind_name == "run":
        if len(set(suits)) != 1:
            return None
        if game == "romme":
            cells = _romme_cells(ranks, o["wrap_around"])
            if cells is None:
                return None
            jok = [i for i, c in enumerate(codes) if kind(game, c) == "joker"]
            if not _romme_joker_ok(len(codes) - len(jok), len(jok), jok, o):
                return None
            return sum(romme_run_cell_points(cells, i) for i in range(len(cells)))
        if game == "einmaleins":
            d = ranks[1] - ranks[0]
            if d < 2 or ranks[0] % d or any(b - a != d for a, b in zip(ranks, ranks[1:])):
                return None
        else:
            lo = {"koenigs": 3, "rummy": 1}[game]
            if ranks != list(range(ranks[0], ranks[0] + len(ranks))) or ranks[0] < lo or ranks[-1] > 13:
                return None
    else:
        return None
    if game == "koenigs":
        return sum(koenigs_value(r) for r in ranks)
    if game == "romme":
        return sum(romme_rank_points(r) for r in ranks)
    if game == "rummy":
        return sum(rank(game, c) for c in codes if kind(game, c) != "joker")
    return sum(ranks)


def _is_wild_in(game: str, code: int, kind_name: str, round: int) -> bool:
    if game == "koenigs":
        return koenigs_is_wild(code, round)
    if kind(game, code) == "joker":
        return True
    return game == "einmaleins" and kind_name == "run" and rank(game, code) == 1


def _romme_cells(ranks: Sequence[int], wrap: bool) -> list[int] | None:
    """Run positions of ranks given in meld order (ace = 1 low or 14 high;
    with wrap the ranks step cyclically), None if they are not a run."""
    n = len(ranks)
    if n > 13 or len(set(ranks)) != n:
        return None
    cells = [14 if (r == 1 and i == n - 1 and n > 1 and ranks[i - 1] == 13) else r for i, r in enumerate(ranks)]
    if cells == list(range(cells[0], cells[0] + n)):
        return cells
    if wrap and all((b - a) % 13 == 1 for a, b in zip(ranks, ranks[1:])):
        return list(ranks)
    return None


# --- the partition skeleton -------------------------------------------------------------------

Table = dict[int, int]  # cards melded -> best value with exactly that many melded


def partition_table(cards: Sequence[int], meld_value: Callable[[tuple[int, ...]], int | None],
                    left_value: Callable[[int], int], maximize: bool) -> Table:
    """For every number m of melded cards, the best total value (melds' values
    plus left cards' values) over all partitions of ``cards`` into valid melds
    and left cards that meld exactly m cards.

    Recursion on the lowest remaining card: it stays in hand, or forms a meld
    with any sub-multiset of the other remaining cards; memoised on the
    remaining multiset.
    """
    better = max if maximize else min

    @cache
    def go(rest: tuple[int, ...]) -> Table:
        if not rest:
            return {0: 0}
        c, others = rest[0], rest[1:]
        out: Table = {}

        def offer(m: int, v: int) -> None:
            out[m] = better(out[m], v) if m in out else v

        for m, v in go(others).items():
            offer(m, v + left_value(c))
        seen: set[tuple[int, ...]] = set()
        for size in range(2, len(others) + 1):
            for idx in combinations(range(len(others)), size):
                sub = tuple(others[i] for i in idx)
                if sub in seen:
                    continue
                seen.add(sub)
                mv = meld_value((c,) + sub)
                if mv is None:
                    continue
                remaining = list(others)
                for i in reversed(idx):
                    del remaining[i]
                for m, v in go(tuple(remaining)).items():
                    offer(m + size + 1, v + mv)
        return out

    return go(tuple(sorted(cards)))


# --- the hand questions -----------------------------------------------------------------------


def min_left_table(game: str, cards: Sequence[int], rules: Rules, round: int = 0) -> Table:
    """Melded count -> fewest points left in hand."""
    return partition_table(
        cards,
        lambda m: None if meld_points(game, m, rules, round) is None else 0,
        lambda c: hand_points(game, c, round),
        maximize=False,
    )


def min_left(game: str, cards: Sequence[int], rules: Rules, round: int = 0, cap: int | None = None) -> int:
    """Fewest points left in hand over all partitions (melding at most ``cap`` cards when given)."""
    return min(v for m, v in min_left_table(game, cards, rules, round).items() if cap is None or m <= cap)


def max_cards(game: str, cards: Sequence[int], rules: Rules, round: int = 0, cap: int | None = None) -> int:
    """Most cards in melds (at most ``cap`` when given)."""
    t = min_left_table(game, cards, rules, round)
    return max(m for m in t if cap is None or m <= cap)


def go_out_discards(cards: Sequence[int], round: int) -> set[int]:
    """Königs-Rommé: the cards whose discard leaves a hand melded completely."""
    rules = Rules("koenigs")
    out = set()
    for c in set(cards):
        rest = list(cards)
        rest.remove(c)
        if min_left("koenigs", rest, rules, round) == 0:
            out.add(c)
    return out


def best_opening_total(game: str, cards: Sequence[int], rules: Rules, *, cap: int | None = None) -> int:
    """The most meld points any partition reaches (melds allowed in an
    opening only; at most ``cap`` cards melded when given); 0 without melds."""
    t = partition_table(
        cards,
        lambda m: meld_points(game, m, rules, opening=True),
        lambda c: 0,
        maximize=True,
    )
    return max(v for m, v in t.items() if cap is None or m <= cap)


def opening_points(game: str, cards: Sequence[int], rules: Rules, *, cap: int | None = None) -> int | None:
    """The highest opening total, None if it stays below the game's minimum."""
    best = best_opening_total(game, cards, rules, cap=cap)
    return best if best >= rules.opening_points else None


# --- Krass Kariert ----------------------------------------------------------------------------


def krass_combo_ok(codes: Sequence[int], values: Sequence[int] | None = None) -> bool:
    """1–3 cards as one play: a solo (any card), or 2–3 numbers (an X takes any
    1..12, at most one X in a group) forming a pair, 2-straight, 3-straight or triple; draw and stop
    cards only alone. With ``values`` the X numbers are fixed."""
    n = len(codes)
    if not 1 <= n <= 3:
        return False
    if n == 1:
        return True
    if any(kind("krass", c) in ("draw", "stop") for c in codes):
        return False
    if sum(kind("krass", c) == "x" for c in codes) > 1:
        return False  # "die X-Karte aber nur mit benachbarten Zahlenkarten kombinieren"
    choices = []
    for i, c in enumerate(codes):
        if kind("krass", c) == "x":
            choices.append([values[i]] if values is not None else list(range(1, 13)))
        else:
            if values is not None and values[i] != rank("krass", c):
                return False
            choices.append([rank("krass", c)])
    if values is not None and any(not 1 <= v <= 12 for v in values):
        return False

    def ok(vals: Sequence[int]) -> bool:
        s = sorted(vals)
        return len(set(s)) == 1 or s == list(range(s[0], s[0] + n))

    def rec(i: int, acc: list[int]) -> bool:
        if i == n:
            return ok(acc)
        return any(rec(i + 1, acc + [v]) for v in choices[i])

    return rec(0, [])


def krass_min_plays(hand: Sequence[int]) -> int:
    """Fewest plays that empty the hand (cards keep their order; a play takes
    1–3 adjacent cards, after which their neighbours are adjacent)."""

    @cache
    def go(rest: tuple[int, ...]) -> int:
        if not rest:
            return 0
        best = len(rest)
        for i in range(len(rest)):
            for w in (1, 2, 3):
                if i + w <= len(rest) and krass_combo_ok(rest[i:i + w]):
                    best = min(best, 1 + go(rest[:i] + rest[i + w:]))
        return best

    return go(tuple(hand))


def krass_plays_ok(hand: Sequence[int], plays: Sequence[Sequence[tuple[int, int]]]) -> bool:
    """True if the plays, in order, each take adjacent cards of the hand as it
    is then, form valid combinations with the given numbers (a number card
    shows its own, an X 1..12), and empty the hand."""

    def rec(rest: tuple[int, ...], k: int) -> bool:
        if k == len(plays):
            return not rest
        play = plays[k]
        codes = [c for c, _ in play]
        for c, v in play:
            if kind("krass", c) == "natural" and v != rank("krass", c):
                return False
            if kind("krass", c) == "x" and not 1 <= v <= 12:
                return False
        values = [v if kind("krass", c) in ("x", "natural") else 0 for c, v in play]
        if not krass_combo_ok(codes, values):
            return False
        w = len(play)
        for i in range(len(rest) - w + 1):
            if Counter(rest[i:i + w]) == Counter(codes) and rec(rest[:i] + rest[i + w:], k + 1):
                return True
        return False

    return rec(tuple(hand), 0)


# --- checking a returned solution -------------------------------------------------------------


def solution_problems(sol: object, hand: Sequence[int], rules: Rules, round: int = 0) -> list[str]:
    """Everything wrong with a :class:`romme.solve.HandSolution` as a
    certificate: melds (or plays) plus left must be the hand exactly, every
    meld valid by this oracle with its points recomputed from what each card
    stands for, and ``left_points`` the hand counting of ``left``."""
    from romme.solve import HandSolution

    assert isinstance(sol, HandSolution)
    game = sol.game
    problems: list[str] = []
    if game == "krass":
        plays = [[(c.code, v) for c, v in zip(p.cards, p.values)] for p in sol.plays or ()]
        if not krass_plays_ok(hand, plays):
            problems.append(f"plays {[str(p) for p in sol.plays or ()]} do not empty the hand validly")
        if sol.left or sol.melds:
            problems.append("krass solution with melds or cards left")
        return problems
    used = Counter(c.code for m in sol.melds for c in m.cards) + Counter(c.code for c in sol.left)
    if used != Counter(hand):
        problems.append(f"melds + left {sorted(used.elements())} != hand {sorted(hand)}")
    for m in sol.melds:
        placed = [(p.card.code, p.stands_for.code) for p in m.placed]
        pts = placed_meld_points(game, m.kind, placed, rules, round)
        if pts is None:
            problems.append(f"invalid {m.kind} [{m}]")
        elif pts != m.points:
            problems.append(f"{m.kind} [{m}] reports {m.points} points, its cards make {pts}")
        if meld_points(game, [c for c, _ in placed], rules, round) is None:
            problems.append(f"the oracle finds no meld in [{m}]")
    lp = sum(hand_points(game, c.code, round) for c in sol.left)
    if lp != sol.left_points:
        problems.append(f"left_points {sol.left_points} but the left cards count {lp}")
    return problems
