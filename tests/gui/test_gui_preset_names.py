"""The start screen's help on the rules row lists a game's presets with commas and 'and' ('und'): a preset name
holding a comma read as two presets (Rommé's '…, Räuber, table cards to hand, …': a plain 'Räuber' that does not
exist; play-test Q4). Every preset name stays one item of that list."""

from __future__ import annotations

import pytest

from romme.rules import PRESETS
from romme_table.i18n import preset_name
from romme_table.start_help import help_text


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", sorted(PRESETS))
def test_each_preset_is_one_item_of_the_listed_presets(game, lang):
    names = [preset_name(game, p, lang) for p in PRESETS[game]]
    joiner = " und " if lang == "de" else " and "
    for name in names:
        assert "," not in name and joiner not in name, name
    shown = help_text("preset", lang, game="x", presets=list(PRESETS[game]), game_id=game)
    listed = shown.split(" — ", 1)[1].rsplit(" (", 1)[0]  # 'Click: the next rule set of x — {presets} (…).'
    items = [item for part in listed.split(", ") for item in part.split(joiner)]
    assert items == names, (shown, names)
