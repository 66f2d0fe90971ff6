"""Headless: the status line says what the player to move may do now, not only whose turn it is.

Seen under Xvfb at 1280x800: Königs-Rommé, Räuber-Rommé and Krass Kariert read 'You: your turn' before the
draw, after it and in the last turn alike; what to do was left to the buttons (a double-click discarding to
nobody's knowledge).
"""

from __future__ import annotations

import pytest
from gui_driver import click, drawn_fit_texts, open_table

from romme.bots import make_bot
from romme_table.controller import Controller, Seat

EXPECTED = {  # (game, phase, lang) -> words the status line holds
    ("koenigs", "draw", "en"): "draw from the stock or the discard pile",
    ("koenigs", "discard", "en"): "discard a card",
    ("romme", "draw", "en"): "draw from the stock or the discard pile",
    ("romme", "play", "en"): "discard",
    ("einmaleins", "draw", "de"): "vom Stapel oder der Ablage ziehen",
    ("einmaleins", "play", "de"): "abwerfen",
    ("rummy", "open", "en"): "or pass",
    ("rummy", "play", "de"): "oder passen",
    ("krass", "lead", "en"): "lead: 1 to 3 neighbouring cards",
    ("krass", "follow", "de"): "Stich schlagen oder Reserve nehmen",
    ("krass", "insert", "en"): "put the drawn card into a gap",
}


@pytest.mark.parametrize("game,lang", [("koenigs", "en"), ("romme", "en"), ("einmaleins", "de"), ("rummy", "en"),
                                       ("rummy", "de"), ("krass", "en"), ("krass", "de")])
def test_the_status_line_names_the_choices_of_each_phase(game, lang, surface, monkeypatch):
    you = Seat("You" if lang == "en" else "Du")
    seats = [you] + [Seat(f"Bot {i}", "bot", "greedy") for i in range(1, 3 if game == "krass" else 2)]
    c = Controller(game, seats, seed=5, bot_delay=0.0, lang=lang)
    app, scene = open_table(c, surface)
    helper = make_bot(game, "greedy", seed=2)
    seen = set()
    for _ in range(400):
        c.run_bots_until_human()
        if c.state.is_over:
            break
        words = EXPECTED.get((game, c.state.phase, lang))
        if words is not None and (game, c.state.phase) not in seen:
            seen.add((game, c.state.phase))
            status = c.status()
            assert status.startswith(("Your turn: ", "Du bist dran: ")) and words in status, status
            drawn = [s for s, *_ in drawn_fit_texts(app, surface, monkeypatch)]
            assert any(s.startswith(status) for s in drawn), drawn
        assert c.play(helper.choose(c.state.clone())), c.message
    assert seen == {(g, p) for g, p, la in EXPECTED if g == game and la == lang}


def test_a_bot_to_move_is_named_without_choices(surface):
    c = Controller("koenigs", [Seat("Bot 1", "bot", "greedy"), Seat("You")], seed=1, bot_delay=0.0)
    assert not c.is_human_turn()
    assert "draw" not in c.status() and "Bot 1" in c.status()


@pytest.mark.parametrize("game,seats,words", [
    ("koenigs-solo", 1, "no card to draw now: click a card in a hand"),
    ("romme", 2, "no card to draw now: discard a card (double-click it)"),
    ("rummy", 2, "no card to draw now: lay out or pass"),  # not opened: no rebuilding yet
])
def test_a_click_on_the_stock_when_nothing_is_drawn_says_what_to_do(game, seats, words, surface):
    """The solitaire's stock clicked under Xvfb at 800x600 answered 'select cards, then pick an action' (its
    turned card goes into a hand; there is nothing to select first); so did Rommé's stock after the draw."""
    names = [Seat("You")] + [Seat(f"Bot {i}", "bot", "greedy") for i in range(1, seats)]
    c = Controller(game, names, seed=2, bot_delay=0.0)
    c.run_bots_until_human()
    if game == "romme":
        assert c.play(next(m for m in c.state.legal_moves() if "stock" in str(m)))
    app, scene = open_table(c, surface)
    before = len(c.state.history)
    click(app, scene.compute_layout().stock.center, surface)
    assert len(c.state.history) == before and c.message.startswith(words), c.message


def test_a_click_on_the_stock_in_a_bots_turn_says_whose_turn(surface):
    c = Controller("koenigs", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=2, bot_delay=0.0)
    helper = make_bot("koenigs", "greedy", seed=1)
    while c.is_human_turn():
        assert c.play(helper.choose(c.state.clone()))
    app, scene = open_table(c, surface)
    click(app, scene.compute_layout().stock.center, surface)
    assert c.message == "it is not your turn"


@pytest.mark.parametrize(("lang", "said"), [("en", "Your turn"), ("de", "Du bist dran")])
def test_the_solitaire_speaks_to_the_player_as_the_other_games_do(lang, said):
    """The solitaire at 640x420 (German, Xvfb) read 'Du: du bist dran', a name and a colon before 'du', where the
    other games read 'Du bist dran: ...'."""
    c = Controller("koenigs-solo", [Seat("You" if lang == "en" else "Du")], seed=5, bot_delay=0.0, lang=lang)
    assert c.status().startswith(said), c.status()


@pytest.mark.parametrize(("lang", "name", "said"), [
    ("de", "Du", "Du bist dran: Stich schlagen oder Reserve nehmen"),
    ("en", "You", "Your turn: beat the trick or take a reserve card"),
    ("de", "Bea", "Bea, du bist dran: Stich schlagen oder Reserve nehmen"),
    ("de", "Bot Du", "Bot Du, du bist dran: "),
])
def test_the_default_name_is_not_said_before_your_turn(lang, name, said):
    """H6 played Krass Kariert at 1920x1080 in German: 'Du, du bist dran: Stich schlagen oder Reserve nehmen' read
    like a stutter; the default name opens the sentence once ('Du bist dran: ...'), another name is still called."""
    seats = [Seat(name), Seat("Bot 1", "bot", "greedy"), Seat("Bot 2", "bot", "greedy")]
    c = Controller("krass", seats, seed=5, bot_delay=0.0, lang=lang)
    helper = make_bot("krass", "greedy", seed=2)
    for _ in range(400):
        c.run_bots_until_human()
        assert not c.state.is_over
        if c.state.phase == "follow":
            break
        assert c.play(helper.choose(c.state.clone())), c.message
    assert c.status().startswith(said), c.status()
