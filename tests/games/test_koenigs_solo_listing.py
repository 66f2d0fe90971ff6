"""The solitaire's lazy move list (SoloMoves) reads as the list of its moves for every caller: length,
indices (negative too), slices, iteration, ``in``, ``index``/``count``, equality with lists and tuples,
both before and after the state moves on, in clones and after undo. The list it must read as is worked
out here from the public position alone: per unfinished hand in order, removing each distinct card of it
(ascending), then the turned card if the hand does not hold it."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

import romme
from romme.games.koenigs.solo import _PLACE, HANDS, NUM_CODES, KoenigsSoloState, Place
from romme.rng import Rng


def listed(s: KoenigsSoloState) -> list[Place]:
    if s.is_over:
        return []
    turned = s.stock[-1]
    out = []
    for k in range(1, HANDS + 1):
        if not s.finished[k]:
            out += [_PLACE[k][c] for c in sorted(set(s.hands[k]))]
            if turned not in s.hands[k]:
                out.append(_PLACE[k][turned])
    return out


def reads_as(moves: object, want: list[Place], every_place: bool) -> None:
    assert isinstance(moves, Sequence)
    assert len(moves) == len(want) and list(moves) == want and bool(moves) == bool(want)
    assert moves == want and want == moves and moves == tuple(want) and not moves != want
    for i in range(-len(want), len(want)):
        assert moves[i] is want[i]
    for part in (slice(None), slice(1, None, 2), slice(-3, None), slice(None, None, -1), slice(5, 2), slice(-99, 99)):
        assert moves[part] == want[part]
    for bad in (len(want), -len(want) - 1, 10**30):
        with pytest.raises(IndexError):
            moves[bad]
    if want:
        assert moves.index(want[-1]) == want.index(want[-1]) and moves.count(want[0]) == 1
        assert list(reversed(moves)) == want[::-1]
    assert Place(0, 1, 1.0) not in moves and "place 1 Kh" not in moves  # type: ignore[arg-type]
    if every_place:
        for k in range(1, HANDS + 1):
            for c in range(NUM_CODES):
                assert (_PLACE[k][c] in moves) == (_PLACE[k][c] in want), (k, c)


@pytest.mark.parametrize("seed", range(3))
def test_the_lazy_list_reads_as_the_list_of_moves(seed: int) -> None:
    rng = Rng(f"solo-listing/{seed}")
    s = romme.new_game("koenigs-solo", seed=seed)
    assert isinstance(s, KoenigsSoloState)
    kept: list[tuple[KoenigsSoloState, object, list[Place]]] = []
    n = 0
    while not s.is_over:
        moves, want = s.legal_moves(), listed(s)
        reads_as(moves, want, every_place=n % 8 == 0)
        if rng.below(8) == 0:
            kept.append((s.clone(), moves, want))
        move = moves[rng.below(len(moves))]
        s.apply(move)
        assert list(moves) == want  # a list of an earlier position stays that position's list
        if rng.below(16) == 0:
            assert s.undo() is move
            reads_as(s.legal_moves(), want, every_place=False)
            s.apply(move)
        n += 1
    reads_as(s.legal_moves(), [], every_place=True)
    for clone, moves, want in kept:  # clones went on from where they were made
        assert list(moves) == want
        while not clone.is_over:
            now = clone.legal_moves()
            reads_as(now, listed(clone), every_place=False)
            clone.apply(now[rng.below(len(now))])
