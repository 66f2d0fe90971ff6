"""Headless: on the German table the cards read as a German player names them: Bube B, Dame D (König K and Ass A as
in English), on the faces, in the log, the buttons, the seat boxes and the messages; the notation stays English.

Played under Xvfb (H6 F2, F9, F15): the German Rommé and Königs-Rommé tables showed J and Q on the faces and
'Qh' in the log and on the buttons.
"""

from __future__ import annotations

import re
from typing import Any

import pygame
import pytest
from gui_driver import open_table

from romme.bots import make_bot
from romme_table import cards_draw
from romme_table.controller import Controller, Seat
from romme_table.dialogs import ScoreScene
from romme_table.i18n import cards_named, face_rank
from romme_table.scenes import TEXT_CACHES

#: a card of Rommé or Königs-Rommé with the English letters, in running text or alone on a face
ENGLISH = re.compile(r"(?<![\w*])[JQ][cdhst](?!\w)")
GERMAN = re.compile(r"(?<![\w*])[BD][cdhst](?!\w)")


def printed(game: str, lang: str, monkeypatch: pytest.MonkeyPatch, moves: int = 160) -> list[str]:
    """Every text the window prints over ``moves`` moves of a game of greedy seats at 1280x800 in ``lang`` (the
    labels of every page of buttons too, and a hint at every turn of the human seat)."""
    texts: list[str] = []

    class Recording(pygame.font.Font):
        def render(self, text: Any, *args: Any, **kwargs: Any) -> pygame.Surface:
            texts.append(str(text))
            return super().render(text, *args, **kwargs)

    def forget() -> None:  # fonts and printed texts kept from before are made anew (and recorded)
        cards_draw.pixel_font.cache_clear()
        cards_draw.card_image.cache_clear()
        for drop in TEXT_CACHES:
            drop()

    size = (1280, 800)
    canvas = pygame.Surface(size)
    names = [Seat("Du" if lang == "de" else "You")] + [Seat(f"Bot {i}", "bot", "greedy") for i in (1, 2)]
    c = Controller(game, names, seed=4, bot_delay=0.0, lang=lang)
    helper = make_bot(game, "greedy", seed=3)
    with monkeypatch.context() as m:
        m.setattr(pygame.font, "Font", Recording)
        forget()
        app, scene = open_table(c, canvas, size)
        for _ in range(moves):
            app.update(0.0)
            if isinstance(app.top, ScoreScene):
                app.draw(canvas)
                app.pop()
                continue
            if c.state.is_over:
                break
            app.draw(canvas)
            if c.is_human_turn():
                texts.extend(label for label, _ in scene._buttons())
                c.hint()  # its words, on the message line
                app.draw(canvas)
                assert c.play(helper.choose(c.state.clone())), c.message
            else:
                c.run_bots_until_human()
    forget()
    return texts


@pytest.mark.parametrize("game", ["romme", "koenigs"])
def test_the_german_table_prints_bube_and_dame(game: str, surface: pygame.Surface, monkeypatch) -> None:
    german = printed(game, "de", monkeypatch)
    english = [s for s in german if ENGLISH.search(s) or s in ("J", "Q")]
    assert not english, english[:5]
    assert any(GERMAN.search(s) for s in german)  # in the log and on the buttons
    assert {"B", "D"} <= set(german)  # the faces' corners
    shown = printed(game, "en", monkeypatch)  # the English table as before
    assert any(ENGLISH.search(s) for s in shown) and {"J", "Q"} <= set(shown)


def test_one_home_decides_the_letters() -> None:
    assert [face_rank(r, "romme", "de") for r in ("A", "J", "Q", "K", "10")] == ["A", "B", "D", "K", "10"]
    assert face_rank("Q", "romme", "en") == "Q" and face_rank("J", "koenigs", "de") == "B"
    assert cards_named("lay Jc Qc Kc | * Jd Jh", "romme", "de") == "lay Bc Dc Kc | Jo Bd Bh"
    assert cards_named("hint: discard 8c — lay Jt Qt 4c", "koenigs", "de") == "hint: discard 8c — lay Bt Dt 4c"
    assert cards_named("Jo=Qd, *=Jh", "romme", "de") == "Jo=Dd, Jo=Bh"
    # the games of other cards keep their letters: 1x1-Rommé's square Q, Rummy's colours, Krass's numbers
    assert cards_named("lege Q18 Q27 Q36", "einmaleins", "de") == "lege Q18 Q27 Q36"
    assert cards_named("lege B13 R13 Y13", "rummy", "de") == "lege B13 R13 Y13"
    assert cards_named("Qs Jack Quiz JQ", "romme", "de") == "Ds Jack Quiz JQ"


def test_the_face_letter_and_the_joker_label(surface: pygame.Surface) -> None:
    """A German Dame of hearts' face differs from the English one only by its letter; a joker standing for Qd
    reads '=Dd'."""
    en = cards_draw.card_image("romme", "Qh", 70, 100, lang="en")
    de = cards_draw.card_image("romme", "Qh", 70, 100, lang="de")
    assert pygame.image.tobytes(en, "RGBA") != pygame.image.tobytes(de, "RGBA")
    assert cards_draw.card_image("romme", "Kh", 70, 100, lang="en") is not None
    same = [cards_draw.card_image("romme", "Kh", 70, 100, lang=lang) for lang in ("en", "de")]
    assert pygame.image.tobytes(same[0], "RGBA") == pygame.image.tobytes(same[1], "RGBA")
    tags = [cards_draw.card_image("romme", "*", 70, 100, tag="=Qd", lang=lang) for lang in ("en", "de")]
    assert pygame.image.tobytes(tags[0], "RGBA") != pygame.image.tobytes(tags[1], "RGBA")
