"""Headless: a double-click on a hand card plays it (the mouse alone plays a turn, as in a card app).

Seen under Xvfb at 1280x800: two quick clicks on a card in Königs-Rommé and Rommé only raised it and put it
down again; discarding took a drag onto the pile or a button, a lay-off a drag onto the meld.
"""

from __future__ import annotations

from collections import Counter

import pygame
import pytest
from gui_driver import click, drag, key, open_table, play_until

from romme_table import card_clicks
from romme_table.card_clicks import lay_off_target
from romme_table.controller import Controller, Seat


def _controller(game: str, seats: int = 2, seed: int = 1) -> Controller:
    names = [Seat("You")] + [Seat(f"Bot {i}", "bot", "greedy") for i in range(1, seats)]
    c = Controller(game, names, seed=seed, bot_delay=0.0)
    c.run_bots_until_human()
    return c


def _kinds(c: Controller) -> set[str]:
    return {str(m.to_json().get("kind")) for m in c.state.legal_moves()}


def _double_click(app, scene, surface, index: int) -> None:
    app.draw(surface)
    at = scene.layout.hand[index].center
    click(app, at, surface)
    click(app, at, surface)


def test_a_double_click_discards_a_card_that_fits_nowhere(surface):
    c = _controller("romme")
    assert play_until(c, lambda c: "discard" in _kinds(c) and not c.melds())
    app, scene = open_table(c, surface)
    token = c.hand()[0]
    before = len(c.state.history)
    _double_click(app, scene, surface, 0)
    data = c.state.history[before].to_json()
    assert data.get("kind") == "discard" and data["card"] == token, c.message


@pytest.mark.parametrize("game", ["romme", "einmaleins", "rummy"])
def test_a_double_click_lays_a_card_off_on_the_meld_that_takes_it(game, surface):
    """Rommé and 1x1-Rommé lay the card off at once (the turn goes on to its discard); in Rummy one place-move is
    the whole turn, so the board opens with the card added and End turn plays it."""
    c = _controller(game, seats=3 if game == "romme" else 2)

    def layable(c: Controller) -> bool:
        return c.state.phase == "play" and any(lay_off_target(c, tok) is not None for tok in c.hand())

    assert play_until(c, layable)
    app, scene = open_table(c, surface)
    index = next(i for i, tok in enumerate(c.hand()) if lay_off_target(c, tok) is not None)
    token, table = c.hand()[index], sum((Counter(m) for m in c.melds()), Counter())
    _double_click(app, scene, surface, index)
    if game == "rummy":
        assert c.editor is not None and token in {t for m in c.editor.melds for t in m}, c.message
        key(app, pygame.K_e, surface)
    after = sum((Counter(m) for m in c.melds()), Counter())
    assert c.editor is None and after - table == Counter([token]), c.message


def test_a_double_click_in_koenigs_romme_discards(surface):
    c = _controller("koenigs")
    assert play_until(c, lambda c: c.state.phase == "discard" and "out" not in _kinds(c))
    app, scene = open_table(c, surface)
    token = c.hand()[1]
    before = len(c.state.history)
    _double_click(app, scene, surface, 1)
    data = c.state.history[before].to_json()
    assert data.get("kind") == "discard" and data["card"] == token


def test_a_double_click_before_drawing_says_to_draw(surface):
    c = _controller("koenigs")
    assert c.state.phase == "draw"
    app, scene = open_table(c, surface)
    before = len(c.state.history)
    _double_click(app, scene, surface, 0)
    assert len(c.state.history) == before and not c.selected
    assert "stock" in c.message and "discard pile" in c.message


def test_two_slow_clicks_select_and_put_back(surface, monkeypatch):
    c = _controller("koenigs")
    assert play_until(c, lambda c: c.state.phase == "discard")
    app, scene = open_table(c, surface)
    monkeypatch.setattr(card_clicks, "DOUBLE_CLICK_SECONDS", -1.0)
    before = len(c.state.history)
    app.draw(surface)
    at = scene.layout.hand[0].center
    click(app, at, surface)
    assert c.selected == [0]
    click(app, at, surface)
    assert len(c.state.history) == before and c.selected == []


def test_a_double_click_in_krass_kariert_plays_the_card_alone(surface):
    c = _controller("krass", seats=3)

    def single_play(c: Controller) -> bool:
        return any(m.to_json().get("kind") == "play" and m.to_json().get("length") == 1 for m in c.state.legal_moves())

    assert play_until(c, single_play)
    app, scene = open_table(c, surface)
    move = next(m for m in c.state.legal_moves() if m.to_json().get("kind") == "play" and m.to_json()["length"] == 1)
    before = len(c.state.history)
    _double_click(app, scene, surface, int(move.to_json()["start"]))
    assert c.state.history[before] == move


def test_undo_after_a_stock_draw_says_why_not(surface):
    c = _controller("koenigs")
    app, scene = open_table(c, surface)
    stock = next(m for m in c.state.legal_moves() if "stock" in str(m))
    assert c.play(stock)
    key(app, pygame.K_u, surface)
    assert "stock" in c.message and "cannot be taken back" in c.message



def test_a_rummy_lay_off_leaves_the_turn_open_for_more(surface):
    """Rummy at 1280x800 under Xvfb: G11 dropped on G7 G8 G9 G10 was played at once and passed the turn with G12
    still in the hand (one place-move is the whole turn). Now the board opens with G11 added and the melds being
    built carried along; a second card joins another meld; End turn plays both."""
    c = _controller("rummy")

    def two_lay_offs(c: Controller) -> bool:
        found = [(i, lay_off_target(c, tok)) for i, tok in enumerate(c.hand())]
        return c.state.phase == "play" and len({m for _, m in found if m is not None}) >= 2 and len(c.hand()) >= 3

    assert play_until(c, two_lay_offs)
    app, scene = open_table(c, surface)
    table, hand = c.melds(), c.hand()
    targets = [(i, lay_off_target(c, tok)) for i, tok in enumerate(hand)]
    (first, m1), (second, m2) = next(
        (a, b) for a in targets for b in targets if a[1] is not None and b[1] is not None and a[1] != b[1]
    )
    spare = next(i for i in range(len(hand)) if i not in (first, second))
    lay = scene.compute_layout()
    drag(app, lay.hand[spare].center, lay.new_meld.center, surface)  # a meld begun on the table
    assert scene.draft_groups() == [[hand[spare]]]
    lay = scene.compute_layout()
    before = len(c.state.history)
    drag(app, lay.hand[first].center, lay.melds[m1][0].center, surface)
    ed = c.editor
    assert ed is not None and len(c.state.history) == before, c.message
    assert [hand[spare]] in ed.melds and not scene.draft_groups()
    grown = next(j for j, m in enumerate(ed.melds) if Counter(m) == Counter(table[m1]) + Counter([hand[first]]))
    other = next(j for j, m in enumerate(ed.melds) if Counter(m) == Counter(table[m2]))
    assert grown != other
    lay = scene.compute_layout()
    drag(app, lay.hand[ed.hand_left.index(hand[second])].center, lay.melds[other][0].center, surface)
    assert Counter(ed.melds[other]) == Counter(table[m2]) + Counter([hand[second]])
    lay = scene.compute_layout()  # the begun meld is no meld yet: its card goes back to the hand
    drag(app, lay.melds[ed.melds.index([hand[spare]])][0].center, lay.hand[0].center, surface)
    assert [hand[spare]] not in ed.melds
    key(app, pygame.K_e, surface)
    assert len(c.state.history) == before + 1 and c.editor is None, c.message
    laid = sum((Counter(m) for m in c.melds()), Counter()) - sum((Counter(m) for m in table), Counter())
    assert laid == Counter([hand[first], hand[second]])
