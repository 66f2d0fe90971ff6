"""Headless: the flights of a bot's 'pass' and 'knock' go where the cards go.

Played under Xvfb (H6 Q8, Rommé 'knocking' at 1024x600, Rummy alike): while Bot 2 answered 'no knock' a card back
flew from its box onto the table's 'new meld' slot, where no card went; a Rummy bot's 'pass, draw a card' flew a
back from its box to the table instead of from the stock into its box (a 'pass' or 'knock' fell to the route of a
meld, seat -> table)."""

from __future__ import annotations

import pygame
from gui_driver import open_table

from romme.bots import make_bot
from romme_table import table_follow
from romme_table.animations import move_route
from romme_table.controller import Controller, Seat


def _bot_first(game: str, seats: int, rules: str | None = None) -> Controller:
    others = [Seat(f"Bot{i}", "bot", "greedy") for i in range(1, seats - 1)]
    return Controller(game, [Seat("Bot0", "bot", "greedy"), *others, Seat("You")], seed=3, rules=rules, bot_delay=0.5)


def test_a_rummy_pass_flies_from_the_stock_into_the_seat(surface: pygame.Surface) -> None:
    c = _bot_first("rummy", 2)
    app, scene = open_table(c, surface)
    lay = scene.compute_layout()
    table_follow.animate(scene, c.state.parse_move("pass"), lay, 0.0)
    assert [f.token for f in scene.anim.flights] == [None]  # the drawn card stays hidden
    flight = scene.anim.flights[0]
    assert flight.start == lay.stock and flight.end.center == lay.opponents[0].center, (flight, lay.new_meld)


def _at_a_knock_question(c: Controller) -> None:
    helper = make_bot("romme", "greedy", seed=1)
    for _ in range(2000):  # on to a seat's answer to a discard: knock or not
        kinds = {m.to_json()["kind"] for m in c.state.legal_moves()}
        if {"pass", "knock"} <= kinds:
            return
        c.state.apply(helper.choose(c.state.clone()))
    raise AssertionError("no knock decision in 2000 moves")


def test_no_knock_and_a_knock_fly_nothing(surface: pygame.Surface) -> None:
    """A knock only claims the discard: the next player may still take it (RULES.md §2), so no card moves yet
    (the discard flew into the knocker's box at the knock, and the next player then took it from the pile)."""
    c = _bot_first("romme", 4, "klopfen")
    assert c.state.rules.options["knocking"]
    _at_a_knock_question(c)
    app, scene = open_table(c, surface)
    lay = scene.compute_layout()
    moves = {m.to_json()["kind"]: m for m in c.state.legal_moves()}
    table_follow.animate(scene, moves["pass"], lay, 0.0)
    assert scene.anim.flights == []  # 'no knock': no card moves
    table_follow.animate(scene, moves["knock"], lay, 0.0)
    assert scene.anim.flights == []


def test_the_stock_draw_after_a_knock_flies_the_knockers_card_and_penalty(surface: pygame.Surface) -> None:
    c = _bot_first("romme", 4, "klopfen")
    _at_a_knock_question(c)
    app, scene = open_table(c, surface)
    top = c.observation()["discard_top"]
    knock = next(m for m in c.state.legal_moves() if m.to_json()["kind"] == "knock")
    knocker = knock.to_json()["player"]
    c.state.apply(knock)
    while c.state.phase == "knock":  # (no one after a knock is asked)
        c.state.apply(next(m for m in c.state.legal_moves() if m.to_json()["kind"] == "pass"))
    drawer = c.state.current_player
    c.state.apply(c.state.parse_move("draw stock"))
    assert c.state.observation(knocker)["hand"].count(top) >= 1
    lay = scene.compute_layout()
    scene.anim.flights.clear()
    table_follow.animate(scene, c.state.history[-1], lay, 0.0, len(c.state.history) - 1)
    flights = [(f.token, f.start, f.end.center) for f in scene.anim.flights]
    to_drawer = table_follow.seat_rect(scene, lay, drawer).center
    to_knocker = table_follow.seat_rect(scene, lay, knocker).center
    assert flights == [(None, lay.stock, to_drawer), (top, lay.discard, to_knocker), (None, lay.stock, to_knocker)]
    scene.anim.flights.clear()  # the same draw without its place in the history: the drawer's card alone
    table_follow.animate(scene, c.state.history[-1], lay, 0.0)
    assert [(f.token, f.start) for f in scene.anim.flights] == [(None, lay.stock)]


def test_routes_of_the_other_moves_stay() -> None:
    assert move_route("draw", {"source": "stock"}, "romme") == ("stock", "seat")
    assert move_route("discard", {}, "koenigs") == ("seat", "discard")
    assert move_route("meld", {}, "romme") == ("seat", "table")
    assert move_route("play", {}, "krass") == ("seat", "table")
