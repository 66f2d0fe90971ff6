"""Headless: the house rules page names the options set by hand beyond the chosen preset. Räuber-Rommé chosen,
then runs round the corner and knocking switched on (played under Xvfb at 1920x1080): the page still marked
'Räuber-Rommé' as chosen and said only what the preset sets, while the table's status line read 'Räuber-Rommé +
2 house rules' with nothing on the page naming the two."""

from __future__ import annotations

import pygame
import pytest

from romme_table.house_rules import HouseRulesScene, changed_summary
from romme_table.scenes import SceneStack
from romme_table.start_screen import StartModel


@pytest.fixture(autouse=True, scope="module")
def fonts() -> None:
    pygame.font.init()


def _notes(model: StartModel, lang: str) -> list[str]:
    app = SceneStack((1920, 1080), lang)
    page = HouseRulesScene(model)
    app.push(page)
    app.draw(pygame.Surface((1920, 1080)))
    return [line for kind, _, _, note, _ in page._layout(1800, 20) if kind == "note" for line in note]


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "changed by hand: runs round the corner (Q K A 2): yes; knocking: yes"),
        ("de", "von Hand geändert:"),
    ],
)
def test_the_page_names_the_options_changed_beyond_the_preset(lang, words):
    model = StartModel()
    model.set_game("romme")
    model.choose_preset("rauber")
    assert not changed_summary(model, lang) and not any("hand" in n.lower() for n in _notes(model, lang))
    model.toggle_option("wrap_around")
    model.toggle_option("knocking")
    assert model.changed_options() == 2
    said = " ".join(_notes(model, lang))
    assert words in said, said
    model.toggle_option("knocking")  # back as the preset has it: only the corner is named
    assert "knocking" not in changed_summary(model, "en") and "corner" in changed_summary(model, "en")
