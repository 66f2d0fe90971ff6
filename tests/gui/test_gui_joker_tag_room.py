"""What a joker on the table stands for ('=H12') is printed within the part of its card the next one leaves in
sight: in 1x1-Rommé's H1 H15 H18 (1920x1080) and Rommé's 'Jo K Jo' the label ran under the next card, half hidden
(H6 F11)."""

from __future__ import annotations

import pytest

from romme_table.cards_draw import card_image


@pytest.mark.parametrize(("game", "token", "tag"), [("einmaleins", "H1", "=H12"), ("romme", "*", "=Qd")])
@pytest.mark.parametrize("h", [72, 102, 150])
def test_the_stands_for_label_stays_in_the_card_part_in_sight(surface, game, token, tag, h):
    w = int(h * 0.7)
    shown = int(w * 0.45)
    plain = card_image(game, token, w, h, shown=shown)
    tagged = card_image(game, token, w, h, tag=tag, shown=shown)
    changed = [
        x for x in range(w) for y in range(h) if plain.get_at((x, y)) != tagged.get_at((x, y))
    ]
    assert changed, "no label drawn"
    assert max(changed) < shown, (max(changed), shown)
