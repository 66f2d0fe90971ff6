"""Headless: laying melds from the hand reads 'lay down …' in English, one meld or more, the words of the 'Lay down (M)'
button.

Played under Xvfb (Räuber-Rommé + wrap_around, 1100x720): the log read 'You: lay meld 2s 3s 4s 5s | 5c 6c 7c', one
meld said for two, beside the button 'Lay down (M)' that lays them. German said 'auslegen: …' for both already.
"""

from __future__ import annotations

import pytest

from romme_table.i18n import move_text


@pytest.mark.parametrize(
    ("move", "lang", "words"),
    [
        ("meld 2s 3s 4s 5s | 5c 6c 7c", "en", "lay down 2s 3s 4s 5s | 5c 6c 7c"),
        ("meld 2s 3s 4s", "en", "lay down 2s 3s 4s"),
        ("lay 2s 3s 4s | 5c 6c 7c", "en", "lay down 2s 3s 4s | 5c 6c 7c"),
        ("meld 2s 3s 4s 5s | 5c 6c 7c", "de", "auslegen: 2s 3s 4s 5s | 5c 6c 7c"),
    ],
)
def test_melds_laid_from_the_hand_read_lay_down(move: str, lang: str, words: str) -> None:
    assert move_text(move, lang) == words
