"""Headless: the table's controller and scenes play whole games against bots."""

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

import romme
from romme_table.controller import Controller, Seat
from romme_table.demo import mid_game, seats_for
from romme_table.dialogs import CurtainScene
from romme_table.intents import Intent
from romme_table.scenes import SceneStack
from romme_table.start_screen import StartModel, StartScene
from romme_table.table_scene import TableScene

GAMES = list(romme.engine.list_games())


@pytest.fixture(scope="module")
def surface():
    pygame.display.init()
    pygame.font.init()
    surf = pygame.display.set_mode((1000, 700))
    yield surf
    pygame.quit()


@pytest.mark.parametrize("game_id", GAMES)
def test_one_complete_game_through_the_table(game_id, surface):
    """A human seat (played by a greedy bot's choices) and bots, to the end, drawing every frame."""
    c = Controller(game_id, seats_for(game_id), seed=11, bot_delay=0.0)
    app = SceneStack((1000, 700))
    scene = TableScene(c)
    app.push(scene)
    helper = romme.bots.make_bot(game_id, "greedy", seed=5)
    for _ in range(20000):
        if c.state.is_over:
            break
        c.run_bots_until_human()
        if c.state.is_over:
            break
        scene.draw(surface)
        moves = c.candidate_moves()
        if not moves and game_id == "krass":  # only reserves to take: dragged, or listed beside a selected card
            c.toggle(0)
            moves = c.candidate_moves()
            c.selected.clear()
            assert moves and all(m.to_json()["kind"] == "reserve" for m in moves)
        assert moves, "a human to move must see at least one action"
        assert c.play(helper.choose(c.state.clone())), c.message
    assert c.state.is_over
    scene.draw(surface)
    app.pop()


@pytest.mark.parametrize("game_id", GAMES)
def test_intents_select_and_act(game_id, surface):
    c = mid_game(game_id, moves=3)
    app = SceneStack((1000, 700))
    scene = TableScene(c)
    app.push(scene)
    scene.draw(surface)
    if c.state.is_over or not c.is_human_turn():
        return
    before = len(c.state.history)
    scene.handle(Intent("action", value=0))  # key 1: the first listed action
    assert len(c.state.history) > before or c.message
    scene.handle(Intent("right"))
    scene.handle(Intent("toggle"))
    scene.draw(surface)
    scene.handle(Intent("sort"))
    scene.handle(Intent("hint"))
    scene.draw(surface)


def test_undo_never_crosses_a_stock_draw():
    c = Controller("koenigs", [Seat("A"), Seat("B", "bot", "random")], seed=3, bot_delay=0.0)
    c.run_bots_until_human()
    draws = [m for m in c.candidate_moves() if str(m) == "draw stock"]
    assert draws
    assert c.play(draws[0])
    assert not c.undo_turn()  # the drawn card is seen: no taking it back


def test_hot_seat_curtain_hides_the_next_hand(surface):
    c = Controller("koenigs", [Seat("A"), Seat("B")], seed=4, bot_delay=0.0)
    app = SceneStack((900, 600))
    app.push(TableScene(c))
    first = c.state.current_player
    c.viewer = first
    helper = romme.bots.make_bot("koenigs", "random", seed=1)
    while c.state.current_player == first:
        c.play(helper.choose(c.state.clone()))
    assert c.needs_curtain()
    app.update(0.0)
    assert isinstance(app.top, CurtainScene)
    assert c.viewer == first  # still the old hand until the click
    app.handle(Intent("press", pos=(10, 10)))
    assert c.viewer == c.state.current_player and not isinstance(app.top, CurtainScene)


def test_start_screen_builds_every_game(surface):
    app = SceneStack((1000, 700))
    model = StartModel()
    app.push(StartScene(model))
    seen = set()
    for _ in range(len(GAMES)):
        app.top.draw(surface)
        seen.add(model.game)
        lo, hi = model.limits()
        assert lo <= len(model.seats) <= hi
        model.cycle_game()
    assert seen == set(GAMES)
    app.handle(Intent("language"))
    assert app.lang == "de"
    app.handle(Intent("confirm"))
    assert isinstance(app.top, TableScene)
    app.top.draw(surface)
    app.pop()


def test_bot_thinks_off_the_ui_thread():
    c = Controller("koenigs", [Seat("B1", "bot", "random"), Seat("B2", "bot", "random")], seed=2, bot_delay=0.0)
    assert not c.poll_bots(now=0.0)  # first call only starts the worker
    c._future.result()
    assert c.poll_bots(now=1.0)
    assert len(c.state.history) == 1


def test_seat_names_are_typed_on_the_start_screen(surface):
    app = SceneStack((1000, 700))
    model = StartModel()
    scene = StartScene(model)
    app.push(scene)
    scene.draw(surface)
    scene.focus = 3  # the first seat row
    scene.handle(Intent("rename"))
    for ch in "Anna":
        scene.handle(Intent("text", value=ch))
    scene.handle(Intent("backspace"))
    scene.handle(Intent("text", value="a"))
    scene.handle(Intent("confirm"))
    assert model.seats[0].name == "Anna" and app.lang == "en"  # 'g' etc. were text, not shortcuts
    scene.handle(Intent("toggle"))
    assert model.seats[0].is_bot and model.seats[0].level == "random"


def test_round_score_sheet_appears_when_scores_change(surface):
    from romme_table.dialogs import SHEET_GRACE, ScoreScene

    c = Controller("koenigs", [Seat("A", "bot", "random"), Seat("B", "bot", "random")], seed=9, bot_delay=0.0)
    app = SceneStack((900, 600))
    scene = TableScene(c)
    app.push(scene)
    for _ in range(5000):
        app.update(0.0)
        if isinstance(app.top, ScoreScene):
            break
        if c._future is not None:
            c._future.result()
    assert isinstance(app.top, ScoreScene) and app.top.round_over
    app.top.draw(surface)
    app.top.shown_at -= SHEET_GRACE  # read: a key closes it now
    app.handle(Intent("confirm"))
    assert app.top is scene


def test_krass_insertion_preview_and_click(surface):
    """A drawn card: hovering shows where it goes, a click puts it there."""
    c = Controller("krass", [Seat("A"), Seat("B", "bot", "random"), Seat("C", "bot", "random")],
                   seed=3, bot_delay=0.0)
    app = SceneStack((1000, 700))
    scene = TableScene(c)
    app.push(scene)
    helper = romme.bots.make_bot("krass", "random", seed=2)
    for _ in range(3000):
        c.run_bots_until_human()
        if c.state.is_over:
            break
        if c.insert_moves(0):
            lay = scene.compute_layout()
            target = lay.hand[1].center if len(lay.hand) > 1 else lay.hand[0].center
            scene.handle(Intent("hover", pos=target))
            scene.draw(surface)
            before = len(c.state.history)
            scene.handle(Intent("press", pos=target))
            assert len(c.state.history) == before + 1
            assert c.state.history[-1].to_json()["position"] == (1 if len(lay.hand) > 1 else 0)
            return
        c.play(helper.choose(c.state.clone()))
    raise AssertionError("no card to insert came up")
