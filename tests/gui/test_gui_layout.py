"""Pure layout geometry of the table, for small and large windows."""

import os
import sys
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from romme_table.layout import MIN_H, MIN_W, hit, table_layout


@pytest.mark.parametrize("size", [(640, 420), (800, 600), (1100, 720), (1920, 1080), (3840, 2160), (300, 200)])
@pytest.mark.parametrize("hand", [0, 3, 14, 22])
def test_everything_inside_the_window(size, hand):
    lay = table_layout(*size, hand, 3, [3, 4, 5, 3, 13, 4] * 3, 12)
    w, h = max(size[0], MIN_W), max(size[1], MIN_H)
    rects = [*lay.hand, *lay.opponents, lay.stock, lay.discard, lay.status, lay.message]
    for r in rects:
        assert 0 <= r.left and r.right <= w and 0 <= r.top and r.bottom <= h, (r, size)
    assert len(lay.hand) == hand
    # hand cards stay in order left to right
    assert [r.x for r in lay.hand] == sorted(r.x for r in lay.hand)


def test_melds_never_overlap_each_other_and_fit():
    sizes = [3, 4, 5, 3, 13, 4, 3, 3, 6, 7, 3, 4, 5, 3, 4, 3, 3, 3, 4]  # 83 cards: a full Rummy table
    lay = table_layout(1100, 720, 14, 1, sizes, 10)
    assert [len(m) for m in lay.melds] == sizes
    boxes = [m[0].unionall(m[1:]) for m in lay.melds]
    for i, a in enumerate(boxes):
        assert lay.meld_area.contains(a)
        for b in boxes[i + 1:]:
            assert not a.colliderect(b)


def test_cards_grow_with_the_window():
    small = table_layout(640, 420, 10, 2, [3], 5)
    large = table_layout(1920, 1080, 10, 2, [3], 5)
    assert large.card[1] > small.card[1]


def test_hit_prefers_topmost():
    lay = table_layout(800, 600, 20, 1, [], 4)
    r = lay.hand[5]
    assert hit(lay.hand, (r.x + 1, r.centery)) == 5
    assert hit(lay.hand, (lay.hand[-1].right - 1, r.centery)) == 19
    assert hit(lay.hand, (-5, -5)) is None


def test_import_romme_does_not_import_pygame():
    import subprocess

    code = "import sys, romme, romme.engine, romme.cli; print('pygame' in sys.modules)"
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1] / "python")}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.strip() == "False"
