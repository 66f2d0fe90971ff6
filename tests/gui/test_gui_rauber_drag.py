"""Headless: in Räuber-Rommé a table card dragged away opens the board with that card under the mouse.

Played under Xvfb (Räuber-Rommé, deal 1): dragging the joker off '5c 5s *' to the new-meld place said only 'select
cards, then pick an action'; the board opened only from its button or T."""

from __future__ import annotations

from collections import Counter

import pygame
from gui_driver import drag, key, open_table, play_until

from romme.bots import make_bot
from romme.rules import Rules
from romme.table import place_table, table_melds
from romme_table.controller import Controller, Seat


def _rauber_table() -> Controller:
    """Räuber-Rommé, deal 1, the human to lay: the table holds '5c 5s *' with the joker standing for 5d."""
    c = Controller("romme", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=1, rules=Rules.make("romme", "rauber"))
    helper = make_bot("romme", "expert", seed=5)

    def rearranges(c: Controller) -> bool:  # the expert's move takes a table meld apart
        before = [sorted(m) for m in table_melds(c.observation())]
        after = place_table(helper.choose(c.state.clone()))
        return bool(before) and after is not None and any(m not in [sorted(map(str, a)) for a in after] for m in before)

    assert play_until(c, rearranges, level="expert")
    return c


def test_dragging_a_table_joker_to_a_new_meld_rebuilds_the_table(surface):
    c = _rauber_table()
    app, scene = open_table(c, surface)
    lay = scene.compute_layout()
    melds = c.melds()
    k = next(k for k, m in enumerate(melds) if sorted(m) == sorted(["*", "5c", "5s"]))
    joker = lay.melds[k][melds[k].index("*")].center
    drag(app, joker, lay.new_meld.center, surface)  # the joker off its set, by the mouse alone
    assert c.editor is not None, c.message
    assert ["*"] in c.editor.melds and sorted(["5c", "5s"]) in [sorted(m) for m in c.editor.melds]
    hand_before = Counter(c.hand())
    for card, onto in (("5d", ["5c", "5s"]), ("9d", ["*"]), ("Jd", ["*", "9d"]), ("Qd", ["*", "9d", "Jd"])):
        lay = scene.compute_layout()
        target = next(j for j, m in enumerate(c.editor.melds) if sorted(m) == sorted(onto))
        drag(app, lay.hand[c.editor.hand_left.index(card)].center, lay.melds[target][-1].center, surface)
    key(app, pygame.K_e, surface)  # End turn plays the new table
    assert c.editor is None, c.message
    table = [sorted(m) for m in c.melds()]
    assert sorted(["5c", "5d", "5s"]) in table and sorted(["9d", "*", "Jd", "Qd"]) in table
    assert hand_before - Counter(c.hand()) == Counter(["5d", "9d", "Jd", "Qd"])


def test_a_table_card_pressed_in_plain_romme_still_asks_for_a_selection(surface):
    plain = Controller("romme", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=1)
    assert play_until(plain, lambda c: bool(c.melds()) and c.state.phase == "play" and c.is_human_turn())
    app, scene = open_table(plain, surface)
    lay = scene.compute_layout()
    drag(app, lay.melds[0][0].center, lay.new_meld.center, surface)
    assert plain.editor is None and plain.message == "select cards, then pick an action"
