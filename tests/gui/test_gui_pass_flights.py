"""Headless: the flights of a bot's 'pass' and 'knock' go where the cards go.

Played under Xvfb (H6 Q8, Rommé 'knocking' at 1024x600, Rummy alike): while Bot 2 answered 'no knock' a card back
flew from its box onto the table's 'new meld' slot, where no card went; a Rummy bot's 'pass, draw a card' flew a
back from its box to the table instead of from the stock into its box (a 'pass' or 'knock' fell to the route of a
meld, seat -> table)."""

from __future__ import annotations

import pygame
from gui_driver import open_table

from romme.bots import make_bot
from romme_table.animations import move_route
from romme_table.controller import Controller, Seat


def _bot_first(game: str, seats: int, rules: str | None = None) -> Controller:
    others = [Seat(f"Bot{i}", "bot", "greedy") for i in range(1, seats - 1)]
    return Controller(game, [Seat("Bot0", "bot", "greedy"), *others, Seat("You")], seed=3, rules=rules, bot_delay=0.5)


def test_a_rummy_pass_flies_from_the_stock_into_the_seat(surface: pygame.Surface) -> None:
    c = _bot_first("rummy", 2)
    app, scene = open_table(c, surface)
    lay = scene.compute_layout()
    scene._animate(c.state.parse_move("pass"), lay, 0.0)
    assert [f.token for f in scene.anim.flights] == [None]  # the drawn card stays hidden
    flight = scene.anim.flights[0]
    assert flight.start == lay.stock and flight.end.center == lay.opponents[0].center, (flight, lay.new_meld)


def test_no_knock_flies_nothing_and_a_knock_takes_the_discard(surface: pygame.Surface) -> None:
    c = _bot_first("romme", 4, "klopfen")
    assert c.state.rules.options["knocking"]
    helper = make_bot("romme", "greedy", seed=1)
    for _ in range(2000):  # on to a seat's answer to a discard: knock or not
        kinds = {m.to_json()["kind"] for m in c.state.legal_moves()}
        if {"pass", "knock"} <= kinds:
            break
        c.state.apply(helper.choose(c.state.clone()))
    else:
        raise AssertionError("no knock decision in 2000 moves")
    app, scene = open_table(c, surface)
    lay = scene.compute_layout()
    top = c.observation()["discard_top"]
    moves = {m.to_json()["kind"]: m for m in c.state.legal_moves()}
    scene._animate(moves["pass"], lay, 0.0)
    assert scene.anim.flights == []  # 'no knock': no card moves
    scene._animate(moves["knock"], lay, 0.0)
    assert [(f.token, f.start) for f in scene.anim.flights] == [(top, lay.discard)]


def test_routes_of_the_other_moves_stay() -> None:
    assert move_route("draw", {"source": "stock"}, "romme") == ("stock", "seat")
    assert move_route("discard", {}, "koenigs") == ("seat", "discard")
    assert move_route("meld", {}, "romme") == ("seat", "table")
    assert move_route("play", {}, "krass") == ("seat", "table")
