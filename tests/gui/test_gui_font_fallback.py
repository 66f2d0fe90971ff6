"""The table's print when its shipped font file is damaged: pygame's own font stands in, as for a missing file.

A damaged DejaVuSans-Bold.ttf (garbage, empty, cut in half) raised pygame.error out of the first line of text drawn,
or a ValueError when the font was made; its line height crashed pygame (a segmentation fault)."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from romme_table import cards_draw
from romme_table.scenes import TEXT_CACHES, text_image

SHIPPED = cards_draw.FONT_FILE


@pytest.fixture
def fresh_fonts() -> Iterator[None]:
    """Fonts and rendered lines made with the damaged file are forgotten before and after."""
    pygame.font.init()
    for forget in (cards_draw.pixel_font.cache_clear, *TEXT_CACHES):
        forget()
    yield
    for forget in (cards_draw.pixel_font.cache_clear, *TEXT_CACHES):
        forget()


def _damaged() -> dict[str, bytes]:
    whole = SHIPPED.read_bytes()
    return {"garbage": b"not a font " * 100, "empty": b"", "cut": whole[: len(whole) // 2]}


@pytest.mark.parametrize("damage", ["garbage", "empty", "cut"])
def test_a_damaged_font_file_prints_with_pygames_font(damage, tmp_path, monkeypatch, fresh_fonts):
    broken = tmp_path / "DejaVuSans-Bold.ttf"
    broken.write_bytes(_damaged()[damage])
    monkeypatch.setattr(cards_draw, "FONT_FILE", broken)
    stand_in = cards_draw.pixel_font(20)
    words = "Königs-Rommé"
    assert stand_in.get_linesize() > 0 and stand_in.size(words) == pygame.font.Font(None, 20).size(words)
    assert text_image(words, 20, (0, 0, 0)).get_width() > 0  # the table's lines print


def test_the_shipped_font_is_used_when_whole(fresh_fonts):
    words = "Königs-Rommé"
    own = pygame.font.Font(SHIPPED, round(20 * cards_draw.FONT_SCALE)).size(words)
    assert cards_draw.pixel_font(20).size(words) == own != pygame.font.Font(None, 20).size(words)
