"""Headless: the board of 'Räuber: table cards to hand' takes a table card into the hand; no Räuber board moves a
table card before its seat has opened (play-test S1).

Played under Xvfb (H7, Rommé 'Räuber: Tischkarten auf die Hand', 1024x600, German): 8d dragged from the table run
5d 6d 7d 8d down into the hand was refused, 'Karten, die auf dem Tisch lagen, bleiben auf dem Tisch', the preset's
whole point (RULES §2) not playable by hand; and before opening the board let a table card be dragged onto 'new meld'
with no word that rearranging needs an opened player.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pygame
import pytest
from gui_driver import drag, key, open_table, play_until, send

from romme.rules import Rules
from romme_table.card_clicks import lay_off_target, seat_has_opened
from romme_table.controller import Controller, Seat
from romme_table.i18n import t

SEATS = [Seat("You"), Seat("Bot 1", "bot", "greedy")]


def long_run_on_table(c: Controller) -> bool:
    """The seat has opened, has drawn, and the table holds a run of 4 or more cards without a joker."""
    kinds = {m.to_json().get("kind") for m in c.state.legal_moves()}
    runs = [m for m in c.melds() if len(m) >= 4 and "*" not in m and len({tok[-1] for tok in m}) == 1]
    return seat_has_opened(c) and "draw" not in kinds and bool(runs)


def and_a_lay_off(c: Controller) -> bool:
    """:func:`long_run_on_table`, and a hand card lays off on another meld than such a run."""
    if not long_run_on_table(c):
        return False
    melds = c.melds()
    return any(m is not None and len(melds[m]) < 4 for m in (lay_off_target(c, tok) for tok in c.hand()))


def board_with_a_run(
    preset: str, surface: pygame.Surface, found: Callable[[Controller], bool] = long_run_on_table
) -> tuple[Controller, Any, Any, int]:
    c = Controller("romme", list(SEATS), seed=4, bot_delay=0.0, rules=Rules.make("romme", preset))
    assert play_until(c, found, level="expert")
    app, scene = open_table(c, surface)
    key(app, pygame.K_t, surface)
    assert c.editor is not None
    k = next(k for k, m in enumerate(c.editor.melds) if len(m) >= 4 and "*" not in m and len({x[-1] for x in m}) == 1)
    return c, app, scene, k


@pytest.mark.parametrize("preset,taken", [("rauber-to-hand", True), ("rauber", False)])
def test_a_table_card_dragged_into_the_hand(preset, taken, surface):
    c, app, scene, k = board_with_a_run(preset, surface)
    ed = c.editor
    run, hand = list(ed.melds[k]), list(ed.hand_left)
    lay = scene.compute_layout()
    top = lay.melds[k][-1]  # the run's last card, its end: the run stays whole without it
    drag(app, top.move(3, 3).topleft, (lay.hand[0].centerx, lay.hand[0].centery), surface)
    if taken:
        assert len(ed.hand_left) == len(hand) + 1 and sorted(ed.melds[k]) == sorted(run[:-1]), (c.message, ed.melds)
        back = ed.hand_left[-1]
        assert back == run[-1] and c.message != t("table_stays_romme", "en")
        assert ed.move(("hand", len(ed.hand_left) - 1, 0), k)  # laid again: the table as it was
        assert sorted(ed.melds[k]) == sorted(run) and ed.hand_left == hand
    else:
        assert ed.hand_left == hand and sorted(ed.melds[k]) == sorted(run)
        assert c.message == t("table_stays_romme", "en")  # the preset that would let it is named


def test_end_turn_with_a_table_card_taken_keeps_it_in_the_hand(surface):
    """The run's end card into the hand and a hand card laid off elsewhere (a turn lays one, RULES §2): End turn
    plays it, the card is in the hand and the run one card shorter."""
    c, app, scene, k = board_with_a_run("rauber-to-hand", surface, and_a_lay_off)
    ed = c.editor
    run = list(ed.melds[k])
    fits = [(tok, lay_off_target(c, tok)) for tok in c.hand()]
    tok, m = next((tok, m) for tok, m in fits if m is not None and len(c.melds()[m]) < 4)
    target = next(i for i, meld in enumerate(ed.melds) if sorted(meld) == sorted(c.melds()[m]))
    assert ed.back_to_hand(k, len(run) - 1)
    assert ed.move(("hand", ed.hand_left.index(tok), 0), target)
    assert not ed.faults()
    assert c.finish_editing(), c.message
    assert Counter(c.hand()) == Counter(ed.hand) - Counter([tok]) + Counter([run[-1]]), (c.hand(), tok, run)
    assert sorted(run[:-1]) in [sorted(meld) for meld in c.melds()]


def test_no_table_card_moves_before_the_seat_has_opened(surface):
    c = Controller("romme", list(SEATS), seed=3, bot_delay=0.0, rules=Rules.make("romme", "rauber"))

    def not_opened(c: Controller) -> bool:  # drawn, a table of the other seat's melds, the seat not opened
        kinds = {m.to_json().get("kind") for m in c.state.legal_moves()}
        return bool(c.melds()) and "draw" not in kinds and not seat_has_opened(c)

    assert play_until(c, not_opened)
    app, scene = open_table(c, surface)
    lay = scene.compute_layout()
    pos = lay.melds[0][0].move(2, 2).topleft
    send(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1), surface)  # a press on a table card
    assert c.editor is None and c.message == t("table_after_opening", "en")
    key(app, pygame.K_t, surface)  # the board opens (new melds from the hand), its table cards stay
    assert c.editor is not None
    lay = scene.compute_layout()
    k, j = next((k, j) for k, meld in enumerate(c.editor.melds) for j, tok in enumerate(meld) if tok != "*")
    send(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=lay.melds[k][j].move(2, 2).topleft, button=1), surface)
    assert scene.edit_drag is None and c.message == t("table_after_opening", "en")
