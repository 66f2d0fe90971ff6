"""Headless: the status line keeps a readable print at 800x600 in German and English.

Seen under Xvfb at 800x600: the German status line shrank to 15 pt ('Du, du bist dran: auslegen oder anlegen, dann
abwerfen (Doppelklick auf eine Karte)   —   Königs-Rommé · Regeln: Standard · Blatt Nummer 123456').
"""

from __future__ import annotations

import itertools

import pytest
from gui_driver import open_table

from romme.errors import RommeError
from romme.rules import PRESETS, Rules
from romme_table import turn_words
from romme_table.controller import Controller, Seat
from romme_table.i18n import preset_name, t
from romme_table.scenes import fitted
from romme_table.table_draw import about_shortened, status_line, status_text

SEATS = {"koenigs": 3, "romme": 3, "einmaleins": 2, "rummy": 2, "krass": 3}


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("game", sorted(SEATS))
def test_every_turn_line_fits_at_19_pt_or_more_at_800x600(surface, game, lang):
    seats = [Seat("Du" if lang == "de" else "You")] + [Seat(f"Bot {i}", "bot", "greedy") for i in range(1, SEATS[game])]
    c = Controller(game, seats, seed=999_999, bot_delay=0.0, lang=lang)  # the longest fresh deal number
    c.run_bots_until_human()
    app, scene = open_table(c, surface, (800, 600))
    width = scene.compute_layout().status.w
    about = c.about()
    lines = [status_line(c.status(), about), status_line(c.status(sheet_open=True), about)]
    for choice in turn_words.CHOICES:  # every turn's words, as the seat to move reads them
        words = t(f"turn_{choice}", lang)
        lines.append(status_line(t("your_turn_to", lang, name=seats[0].name, what=words), about))
    for line in lines:
        shown, size = fitted(line, width, 22)
        assert shown == line and size >= 19, (size, line)


def house_rules(game: str, preset: str) -> Rules:
    """The preset with two of its options changed (the first pair the rules accept; one where it has one)."""
    base = dict(Rules.make(game, preset).options)
    turned = {name: (not v if isinstance(v, bool) else v + 1) for name, v in base.items() if isinstance(v, int)}
    for pair in [*itertools.combinations(turned, 2), *((name,) for name in turned)]:
        try:
            return Rules.make(game, {**base, **{name: turned[name] for name in pair}})
        except RommeError:
            continue
    raise AssertionError(f"no house rule for {game} {preset}")


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("game", ["romme", "koenigs", "einmaleins", "rummy"])
def test_the_status_line_with_house_rules_keeps_19_pt_and_the_turn_words_at_800x600(surface, game, lang):
    """Seen at 800x600: with house rules the German status line ('Du, du bist dran: erst Punkteblatt schließen
    (Eingabe, Klick)  —  Rommé · Regeln: Räuber, Tischkarten auf die Hand + 2 Hausregeln · Blatt 999999') was drawn
    in 15 pt. The line keeps 19 pt or more and the turn's words whole, its 'about' part shortened (the 'rules:' label
    goes first, then the rules' name is cut, the game number stays: test_gui_status_number.py), naming the rules
    whole wherever they fit beside the words, the game and its number."""
    for preset in PRESETS[game]:
        seats = [Seat("Du" if lang == "de" else "You"), Seat("Bot 1", "bot", "greedy"), Seat("Bot 2", "bot", "greedy")]
        rules = house_rules(game, preset)
        c = Controller(game, seats, seed=999_999, bot_delay=0.0, lang=lang, rules=rules, preset=preset)
        assert c.house_rules_changed() == min(2, len(c.state.rules.options))
        c.run_bots_until_human()
        app, scene = open_table(c, surface, (800, 600))
        width = scene.compute_layout().status.w
        about, named = c.about(), preset_name(game, preset, lang)
        turns = [c.status(), c.status(sheet_open=True)]
        turns += [t("your_turn_to", lang, name=seats[0].name, what=t(f"turn_{w}", lang)) for w in turn_words.CHOICES]
        for words in turns:
            shown, size = status_text(words, about, lang, width)
            assert size >= 19 and shown.startswith(words), (size, shown)
            assert fitted(shown, width, size, size)[0] == shown, (size, shown)  # not cut
            whole = about_shortened(about, lang)[1]  # the game, its rules and number, no 'rules:' label
            if fitted(status_line(words, whole), width, 19, 19)[0] == status_line(words, whole):
                assert named in shown, shown  # the rules are named where they fit
