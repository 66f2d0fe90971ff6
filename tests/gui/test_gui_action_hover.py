"""Headless: pointing at an action button (or choosing it with the arrow keys) outlines the hand cards it plays.

Played under Xvfb: Krass Kariert listed 'play 12 11 (2-straight 12)' twice for a hand with two pairs of 12 and 11,
and nothing told which pair each button plays."""

from __future__ import annotations

import pygame
from gui_driver import key, open_table, send, table_with

from romme_table.action_hover import pointed_hand_cards, pointed_meld
from romme_table.controller import Controller, Seat
from romme_table.move_reading import move_cards, move_positions
from romme_table.table_draw import HINTED


def hover(app, pos, surface) -> None:  # noqa: ANN001
    send(app, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)), surface)


def test_two_krass_buttons_of_the_same_words_outline_different_cards(surface):
    c = Controller("krass", [Seat("You"), Seat("Bot 1", "bot", "greedy"), Seat("Bot 2", "bot", "greedy")],
                   seed=31, bot_delay=0.0)
    c.run_bots_until_human()
    app, scene = open_table(c, surface)
    lay = scene.layout or scene.compute_layout()
    shown = scene.visible_actions()
    labels = [c.label(m) for m in shown]
    twins = [k for k, label in enumerate(labels) if labels.count(label) > 1]
    assert len(twins) >= 2, labels  # this deal: 'play S' twice (256177's two 'play 12 11' left the same hand:
    # one button since action_list.distinct)
    outlined = []
    for k in twins:
        hover(app, lay.buttons[scene._action_offset + k].center, surface)
        places = pointed_hand_cards(scene)
        assert places == set(move_positions(shown[k]) or ())
        for i in places:
            r = lay.hand[i]
            assert tuple(surface.get_at((r.x - 1, r.centery)))[:3] == HINTED
        outlined.append(places)
    assert outlined[0] != outlined[1]
    hover(app, (lay.hand[0].centerx, lay.hand[0].y - 40), surface)  # away from the buttons: no outline
    assert pointed_hand_cards(scene) == set()


def test_the_arrow_keys_choice_outlines_its_cards_too(surface):
    c = Controller("romme", [Seat("You"), Seat("Bot", "bot", "greedy")], seed=3, bot_delay=0.0)
    c.run_bots_until_human()
    app, scene = open_table(c, surface)
    key(app, pygame.K_d, surface)  # draw: the discards are listed
    key(app, pygame.K_DOWN, surface)
    key(app, pygame.K_DOWN, surface)
    chosen = scene.visible_actions()[scene.chosen]
    card = move_cards("romme", chosen)
    assert [scene.hand()[i] for i in pointed_hand_cards(scene)] == card


def test_pointing_at_a_lay_off_outlines_the_meld_it_goes_to(surface):
    c, _ = table_with("layoff")
    app, scene = open_table(c, surface)
    lay = scene.layout or scene.compute_layout()
    while not any(m.to_json().get("kind") == "layoff" for m in scene.visible_actions()):
        key(app, pygame.K_PAGEDOWN, surface)  # the lay-offs may be on a later page of actions
        lay = scene.layout or scene.compute_layout()
    k = next(i for i, m in enumerate(scene.visible_actions()) if m.to_json().get("kind") == "layoff")
    move = scene.visible_actions()[k]
    hover(app, lay.buttons[scene._action_offset + k].center, surface)
    target = move.to_json()["target"] - 1
    assert pointed_meld(scene) == target
    rects = lay.melds[target]
    box = rects[0].unionall(rects[1:]).inflate(10, 10)
    assert tuple(surface.get_at((box.x + 1, box.centery)))[:3] == HINTED
    assert [scene.hand()[i] for i in pointed_hand_cards(scene)] == [move.to_json()["card"]]


def test_pointing_at_a_solitaire_drop_outlines_the_card_in_its_hand(surface):
    from romme_table.action_hover import pointed_table_card

    c = Controller("koenigs-solo", [Seat("You")], seed=1, bot_delay=0.0)
    app, scene = open_table(c, surface)
    key(app, pygame.K_RIGHT, surface)  # its one listed step is the card under the cursor: the hand's second
    lay = scene.layout or scene.compute_layout()
    move = scene.visible_actions()[0]
    hover(app, lay.buttons[scene._action_offset].center, surface)
    row, card = pointed_table_card(scene)
    j = move.to_json()
    assert (row + 1, card) == (j["hand"], j["card"])  # the first open hand is row 0, 'hand 1'
    i = scene.melds()[row].index(card)
    assert i == 1
    r = lay.melds[row][i]
    assert tuple(surface.get_at((r.x - 2, r.centery)))[:3] == HINTED
