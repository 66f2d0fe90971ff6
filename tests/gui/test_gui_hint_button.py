"""Headless: the hint's move is one click or one key away (a button over the listed actions, Enter)."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from gui_driver import click, key, open_table, open_window

from romme_table.controller import Controller, Seat
from romme_table.i18n import t
from romme_table.meld_draft import word

SMALL = (800, 600)


@pytest.fixture(scope="module")
def surface() -> Iterator[pygame.Surface]:
    yield from open_window(SMALL)


def hint_button(scene, move) -> int | None:
    """The place of the button that plays ``move`` as the hint's ('Enter: hand 9: drop 7h')."""
    labels = [label for label, _ in scene._buttons()]
    want = t("play_hint", "en", move=scene.c.label(move))
    return labels.index(want) if want in labels else None


@pytest.mark.parametrize("seed", [3, 8])
def test_the_solitaires_hinted_move_is_a_button_and_enter_plays_it(seed, surface):
    """Königs-Rommé solitaire: H named a move ('hand 9: drop 7h') that no listed button played; the button
    'Enter: <the move>' plays it with one click, then Enter plays the next hint's move."""
    c = Controller("koenigs-solo", [Seat("You")], seed=seed, bot_delay=0.0)
    app, scene = open_table(c, surface, SMALL)
    key(app, pygame.K_h, surface)
    hinted = c.hint_move
    assert hinted is not None, c.message
    b = hint_button(scene, hinted)
    assert b is not None, [label for label, _ in scene._buttons()]
    before = len(c.state.history)
    click(app, scene.compute_layout().buttons[b].center, surface)
    assert len(c.state.history) == before + 1 and c.state.history[-1] == hinted, c.message
    assert hint_button(scene, hinted) is None  # the hint was for the position before: no button now
    key(app, pygame.K_h, surface)
    second = c.hint_move
    assert second is not None and not c.state.is_over
    key(app, pygame.K_RETURN, surface)
    assert len(c.state.history) == before + 2 and c.state.history[-1] == second, c.message


def test_a_hinted_meld_the_list_holds_already_is_not_listed_twice(surface):
    """Räuber-Rommé, game 648750 after drawing: the hint 'lay Jc Qc Jo=Kc Ac' selected its cards, and the actions
    listed it as '1. lay meld Jc Qc Jo=Kc Ac' above '2. lay meld Jc Qc Jo Ac', the same meld (the joker can only
    be Kc): a new player reads two choices where there is one."""
    c = Controller("romme", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=648750, preset="rauber")
    app, scene = open_table(c, surface, SMALL)
    assert c.play(next(m for m in c.state.legal_moves() if m.to_json().get("source") == "stock"))
    key(app, pygame.K_h, surface)
    assert c.hint_move is not None and c.hint_move.to_json()["melds"] == [["Jc", "Qc", "*=Kc", "Ac"]], c.message
    scene.compute_layout()
    labels = [label for label, _ in scene._buttons()]
    # one button for the meld: the hint's own ('Lay down (M)' and '1. lay down Jc Qc Jo Ac' played it too)
    assert [label for label in labels if "Jc Qc" in label or label == word("lay", "en")] == [
        "Enter: lay down Jc Qc Jo=Kc Ac"
    ], labels
    hinted = c.hint_move
    key(app, pygame.K_RETURN, surface)  # the hint's own button plays it
    assert c.state.history[-1] == hinted, c.message


@pytest.mark.parametrize("hint", [False, True])
def test_m_lays_the_selection_when_its_button_is_gone(hint, surface):
    """The selection's 'Lay down (M)' button is left out when a listed action or the hint's button lays the same
    meld; M lays it still."""
    c = Controller("romme", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=648750, preset="rauber")
    app, scene = open_table(c, surface, SMALL)
    assert c.play(next(m for m in c.state.legal_moves() if m.to_json().get("source") == "stock"))
    if hint:
        key(app, pygame.K_h, surface)
    else:
        hand = c.hand()
        c.selected = [hand.index(card) for card in ("Jc", "Qc", "*", "Ac")]
    scene.compute_layout()
    assert scene.selection_meld is None and word("lay", "en") not in [label for label, _ in scene._buttons()]
    key(app, pygame.K_m, surface)
    assert c.state.history[-1].to_json().get("kind") == "meld" and c.observation()["opened"][0], c.message
