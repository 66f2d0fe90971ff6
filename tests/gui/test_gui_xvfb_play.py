"""Headless: what playing the table in a real window under Xvfb found, each driven
through the window's own event path (pygame mouse and key events -> intents -> scenes)."""

from __future__ import annotations

import re
import threading
import time
from collections import Counter
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pygame
import pytest
from gui_driver import click, key, open_table, play_until, send, start_app

from romme.bots import make_bot
from romme.games.krass import PlayMove
from romme_table.cards_draw import font
from romme_table.controller import Controller, Seat
from romme_table.dialogs import CurtainScene, ScoreScene
from romme_table.house_rules import HouseRulesScene
from romme_table.i18n import t
from romme_table.move_log import log_lines
from romme_table.move_reading import move_cards, move_positions
from romme_table.scenes import SceneStack
from romme_table.start_screen import StartScene
from romme_table.table_scene import TableScene


def test_krass_deal_ending_plays_are_logged_with_their_cards(surface):
    """A play that ends the deal leaves no trick to read its cards from: the log and the message
    named it by hand positions ("play 0-1"). Every play, the last of a deal too, names its cards."""
    seats = [Seat("You")] + [Seat(f"Bot{i}", "bot", "greedy") for i in (1, 2)]
    c = Controller("krass", seats, seed=5, bot_delay=0.0)
    app, scene = open_table(c, surface)
    helper = make_bot("krass", "greedy", seed=7)
    messages = []
    while c.observation()["deal"] < 3 and len(c.state.history) < 600:
        before = len(c.state.history)
        if c.is_human_turn():
            assert c.play(helper.choose(c.state.clone())), c.message
        for _ in range(200):
            if len(c.state.history) > before:
                break
            app.update(0.0)
            if c._future is not None:
                c._future.result()
        while app.top is not scene:  # a deal's score sheet
            app.pop()
        app.update(0.0)
        messages.append(c.message)
    assert c.observation()["deal"] >= 3, "two deals must have ended"
    lines = log_lines("krass", c.state.history, [s.name for s in c.seats], "en", 1000, scene.log_notes)
    plays = [line for line, move in zip(lines, c.state.history) if isinstance(move, PlayMove)]
    assert plays and all(": play " in line and "(" in line for line in plays), plays
    assert not [m for m in messages if "play card" in m.split(": ")[-1]], messages  # 'play cards 1–2': places


def start_window(tmp_path: Path, surface: pygame.Surface) -> tuple[SceneStack, StartScene]:
    """The window ``romme gui`` opens and its start screen."""
    app = start_app(tmp_path, surface)
    assert isinstance(app.top, StartScene)
    return app, app.top


def row_labels(start: StartScene) -> list[str]:
    return [label.strip() for label, _ in start._items()]


def test_the_solitaire_start_screen_has_no_seat_count_buttons_and_its_seat_is_renamed(surface, tmp_path):
    """The solitaire has one seat: '+'/'-' rows for the seat count did nothing there."""
    app, start = start_window(tmp_path, surface)
    click(app, next(r.center for r, g in start.tile_hot if g == "koenigs-solo"), surface)
    labels = row_labels(start)
    assert not [label for label in labels if label.startswith("Seats")], labels
    key(app, pygame.K_DOWN, surface)  # the seat row follows the game row at once
    key(app, pygame.K_F2, surface)
    for ch in "Ann":
        send(app, pygame.event.Event(pygame.TEXTINPUT, text=ch), surface)
    key(app, pygame.K_RETURN, surface)
    assert start.model.seats[0].name == "Ann"
    click(app, next(r.center for r, g in start.tile_hot if g == "rummy"), surface)
    assert [label for label in row_labels(start) if label.startswith("Seats")]  # a game with 2-4 seats has them


def test_the_start_screen_and_the_status_line_count_the_same_house_rules(surface, tmp_path):
    """The start screen counted options changed from the rule book (a Räuber preset alone: '1 changed'),
    the table's status line those changed on top of the preset ('Räuber-Rommé', no house rule)."""
    app, start = start_window(tmp_path, surface)
    click(app, next(r.center for r, g in start.tile_hot if g == "romme"), surface)
    start.model.choose_preset("rauber")
    assert "House rules… (0 changed)" in row_labels(start)
    start.model.toggle_option("knocking")
    start.model.toggle_option("opening_points")
    assert "House rules… (2 changed)" in row_labels(start)
    key(app, pygame.K_RETURN, surface)
    table = app.top
    assert isinstance(table, TableScene)
    assert "Räuber-Rommé + 2 house rules" in table.c.about()


def hinted_tokens(c: Controller, move: Any) -> list[str]:
    positions = move_positions(move)
    if positions is not None:
        return [c.hand()[i] for i in positions]
    return sorted(move_cards(c.game_id, move, c.melds()))


@pytest.mark.parametrize(("game", "players"), [("koenigs", 2), ("romme", 2), ("krass", 3)])
def test_the_hint_raises_the_hand_cards_it_suggests_and_the_fitting_action_plays_them(surface, game, players):
    """The hint named its cards only in the message line (Krass Kariert by places: 'play cards 8-9'); now
    they stand raised in the hand, and the action offered for the selection is the hinted move."""
    seats = [Seat("You")] + [Seat(f"Bot{i}", "bot", "greedy") for i in range(1, players)]
    c = Controller(game, seats, seed=3, bot_delay=0.0)
    app, scene = open_table(c, surface)
    for _ in range(40):  # the hint's moves until one names hand cards
        c.run_bots_until_human()
        key(app, pygame.K_h, surface)
        move = c.hint_move
        assert move is not None, c.message
        if hinted_tokens(c, move):
            break
        assert c.play(move), c.message
    else:
        pytest.fail("no hint named hand cards")
    assert sorted(c.selected_tokens()) == sorted(hinted_tokens(c, move)), (move, c.selected_tokens())
    raised = [scene.raised(r, i) for i, r in enumerate(scene.compute_layout().hand)]
    assert [r.y for r in raised].count(min(r.y for r in raised)) == len(c.selected)
    offered = c.candidate_moves()[0]  # the same move, its melds perhaps listed in another order
    assert offered.kind == move.kind and hinted_tokens(c, offered) == hinted_tokens(c, move)


def test_a_master_bot_shows_its_thinking_time_and_the_window_answers_meanwhile(surface):
    """The status line said only 'Bot 1 is thinking…' for the whole of a master's second (and longer under
    load): now it counts the seconds against the master's planned time; keys work while it thinks."""
    c = Controller("koenigs", [Seat("You"), Seat("Bot 1", "bot", "master")], seed=3, bot_delay=0.0)
    app, scene = open_table(c, surface)
    helper = make_bot("koenigs", "greedy", seed=7)
    while c.is_human_turn():
        assert c.play(helper.choose(c.state.clone())), c.message
    master = c.bots[1]
    release = threading.Event()
    chosen = master.choose

    def slow_choose(state: Any) -> Any:
        release.wait(10)
        return chosen(state)

    c.bots[1] = SimpleNamespace(choose=slow_choose, think=master.think)
    app.update(0.0)  # the master starts thinking in its thread
    assert c.status() == "Bot 1 is thinking…"  # a glance: no count yet
    time.sleep(0.45)
    app.update(0.0)
    assert re.fullmatch(r"Bot 1 is thinking… 0\.[4-9] s of about 1 s", c.status()), c.status()
    key(app, pygame.K_o, surface)  # the window answers while the bot thinks
    assert c.sort_mode == "suit"
    release.set()
    c._future.result()
    app.update(0.0)
    assert c.state.history[-1].player == 1  # its move is played


def test_a_round_where_every_seat_scores_nothing_still_shows_its_score_sheet(surface):
    """Königs-Rommé, seed 9: both seats go out clean in round 1 (0 : 0). The sheet came only when a score
    changed, so round 2 began with no word of round 1 and the grid lacked its row."""
    c = Controller("koenigs", [Seat("A", "bot", "greedy"), Seat("B", "bot", "greedy")], seed=9, bot_delay=0.0)
    app, scene = open_table(c, surface)
    for _ in range(500):
        app.update(0.0)
        if isinstance(app.top, ScoreScene) or c.observation()["round"] > 2:
            break
        if c._future is not None:
            c._future.result()
    assert isinstance(app.top, ScoreScene) and app.top.round_over, c.observation()["round"]
    assert c.observation()["round"] == 2 and [r.points for r in scene.book.rows] == [[0, 0]]
    app.top.draw(surface)


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_empty_new_meld_frame_says_what_it_is(surface, monkeypatch, size, lang):
    """Rummy's table showed a bare frame with no word: a new player did not know it takes a new meld."""
    from romme_table import table_draw

    c = Controller("rummy", [Seat("You"), Seat("Bot", "bot", "greedy")], seed=21, bot_delay=0.0, lang=lang)
    window = pygame.Surface(size)
    app, scene = open_table(c, window, size)
    rendered: list[tuple[str, int]] = []
    real = table_draw.text_image

    def record(s: str, sz: int, colour: tuple[int, ...]) -> pygame.Surface:
        rendered.append((s, sz))
        return real(s, sz, colour)

    monkeypatch.setattr(table_draw, "text_image", record)
    app.draw(window)
    frame = scene.compute_layout().new_meld
    words = {"en": "new meld", "de": "neue Figur"}[lang]
    rows = [(s, sz) for s, sz in rendered if s and s in words]
    assert " ".join(s for s, _ in rows) == words, rendered
    assert all(font(sz).size(s)[0] <= frame.w for s, sz in rows)


def test_krass_play_buttons_name_the_cards_besides_their_places(surface):
    """'play cards 3–5' made the player count along the hand; the button names the cards (as the log does)."""
    c = Controller("krass", [Seat("You"), Seat("B1", "bot", "master"), Seat("B2", "bot", "greedy")], seed=5)
    c.bots[1] = make_bot("krass", "greedy", seed=1)
    c.run_bots_until_human()
    app, scene = open_table(c, surface)
    labels = [label for label, _ in scene._buttons()]
    hand = c.hand()
    plays = [m for m in c.state.legal_moves() if isinstance(m, PlayMove)]
    assert plays
    for move in plays[:5]:
        cards = " ".join(hand[i] for i in move_positions(move) or [])
        assert any(label.split(". ", 1)[-1].startswith(f"play {cards} (") for label in labels), (
            cards,
            labels,
        )


def test_a_closed_krass_trick_stays_on_the_table_until_the_next_play(surface):
    """The play that closed a trick vanished at once (the table showed an empty trick while the winner
    thought about the next lead); the closed trick now stays, marked, until the next trick's first play."""
    c = Controller("krass", [Seat("You"), Seat("B1", "bot", "greedy"), Seat("B2", "bot", "greedy")], seed=5)

    def trick_just_closed(c: Controller) -> bool:
        obs = c.observation()
        return not obs["trick"] and isinstance(obs.get("last_trick"), dict) and obs["trick_no"] > 1

    assert play_until(c, trick_just_closed)
    app, scene = open_table(c, surface)
    last = [e for e in c.observation()["last_trick"]["entries"] if e["action"] == "play"]
    assert scene.melds() == [e["cards"].split() for e in last]
    labels = c.meld_labels()
    assert labels[0].startswith("last trick:\n") and len(labels) == len(last)
    helper = make_bot("krass", "greedy", seed=7)
    assert c.play(helper.choose(c.state.clone()))  # the lead of the next trick
    if c.observation()["trick"]:
        assert not c.meld_labels()[0].startswith("last trick")


def test_a_krass_reserve_hint_offers_its_button(surface):
    """A hint 'take the right reserve into place 0' showed no button (a reserve is taken beside a selected
    card, and the hint selected nothing): the hint now selects the card at that place, and its button plays it."""

    def reserve_hinted(c: Controller) -> bool:
        c.hint()
        return c.hint_move is not None and c.hint_move.to_json()["kind"] == "reserve"

    c = Controller("krass", [Seat("You"), Seat("B1", "bot", "greedy"), Seat("B2", "bot", "greedy")], seed=5)
    assert play_until(c, reserve_hinted)
    app, scene = open_table(c, surface)
    key(app, pygame.K_h, surface)
    move = c.hint_move
    assert move is not None and move in c.candidate_moves(), (move, c.selected)
    scene.compute_layout()
    labels = [label for label, _ in scene._buttons()]
    assert labels[0] == t("play_hint", "en", move=c.label(move)), labels  # the hint's button, listed once
    assert not any(label.endswith(c.label(move)) for label in labels[scene._action_offset :]), labels
    key(app, pygame.K_RETURN, surface)
    assert c.state.history[-1] == move


def test_a_hinted_opening_with_jokers_gets_a_button(surface):
    """Räuber-Rommé, seed 8: the hint 'lay meld 9c 10c *=Jc | Jd Jh *=Jc' raised its six cards but no button
    played it (Rommé lists no opening with a joker, and the one-meld button covers one meld only)."""
    from romme.rules import Rules

    seats = [Seat("You"), Seat("Bea", "bot", "greedy"), Seat("Bot 2", "bot", "greedy")]
    c = Controller("romme", seats, seed=8, rules=Rules.make("romme", "rauber"), preset="rauber", bot_delay=0.0)
    app, scene = open_table(c, surface)
    key(app, pygame.K_h, surface)
    key(app, pygame.K_RETURN, surface)  # the hinted draw
    key(app, pygame.K_h, surface)
    move = c.hint_move
    assert move is not None and move.kind == "meld" and "*" in c.selected_tokens(), c.message
    scene.compute_layout()
    assert scene._buttons()[0][0] == t("play_hint", "en", move=c.label(move)) and move not in scene.actions
    key(app, pygame.K_RETURN, surface)
    assert c.state.history[-1] == move and c.observation()["opened"][0]


def test_the_solitaire_hint_outlines_the_card_it_drops(surface, monkeypatch):
    """'hint: hand 7: drop Kh' left the player to find a small Kh among 83 cards; the card is now outlined
    on its hand (as a selected card), until the next move."""
    from romme_table import table_draw

    c = Controller("koenigs-solo", [Seat("You")], seed=4, bot_delay=0.0)
    app, scene = open_table(c, surface)
    drawn: list[tuple[pygame.Rect, str | None, bool]] = []
    real = table_draw.draw_card

    def record(surface: pygame.Surface, rect: pygame.Rect, game: str, token: str | None, **kw: Any) -> None:
        drawn.append((rect, token, bool(kw.get("selected"))))
        real(surface, rect, game, token, **kw)

    monkeypatch.setattr(table_draw, "draw_card", record)
    key(app, pygame.K_h, surface)
    hint = c.hint_move.to_json()
    rows = scene.compute_layout().melds
    row = sorted(c.observation()["hands"], key=int).index(str(hint["hand"]))
    marked = [(rect, token) for rect, token, selected in drawn if selected]
    assert len(marked) == 1 and marked[0][1] == hint["card"] and marked[0][0] in rows[row], (marked, hint)
    drawn.clear()
    key(app, pygame.K_RETURN, surface)  # the hint's step played: the outline goes
    app.draw(surface)
    assert not [d for d in drawn if d[2]]


def press_action(app: SceneStack, scene: TableScene, starts: str, surface: pygame.Surface) -> None:
    """Presses the number key of the first action button whose move text starts with ``starts``."""
    shown = [str(m) for m in scene.visible_actions()]
    k = next(i for i, text in enumerate(shown, start=1) if text.startswith(starts))
    key(app, pygame.K_0 + k % 10, surface)


def test_hot_seat_each_human_finds_their_own_drawn_card_marked(surface):
    """Hot seat, Rummy: the card You drew by passing was marked 'new' until the curtain; Bea then saw You's
    mark on her own hand's equal card, and You came back to no mark at all."""
    c = Controller("rummy", [Seat("You"), Seat("Bea")], seed=21, bot_delay=0.0)
    app, scene = open_table(c, surface)
    app.update(0.0)
    click(app, (10, 10), surface)  # You lifts the curtain a hot-seat game opens behind (no hand drawn before)
    hand = Counter(c.hand())
    press_action(app, scene, "pass", surface)
    app.update(0.0)
    drawn = Counter(c.hand()) - hand
    assert sum(drawn.values()) == 1 and scene.fresh == drawn
    assert isinstance(app.top, CurtainScene)
    click(app, (10, 10), surface)  # Bea lifts the curtain
    app.update(0.0)
    assert c.viewer == 1 and not scene.fresh, scene.fresh  # nothing of Bea's is new yet
    bea = Counter(c.hand())
    press_action(app, scene, "pass", surface)
    app.update(0.0)
    assert scene.fresh == Counter(c.hand()) - bea
    click(app, (10, 10), surface)  # You again
    app.update(0.0)
    assert c.viewer == 0 and scene.fresh == drawn


def test_house_rule_labels_read_without_a_double_negative():
    """'keine Figur aus einer Karte und zwei Jokern: nein' (and 'no meld of ...: no') left the player to
    untangle two negations; German labels also began in lower case beside capitalised ones."""
    from romme.rules import OPTIONS
    from romme_table.i18n import option_label

    for game, options in OPTIONS.items():
        for name in options:
            for lang, no in (("en", "no "), ("de", "kein")):
                label = option_label(name, False, lang)
                assert not label.lower().startswith(no), (game, label)
            assert option_label(name, False, "de")[0].isupper(), option_label(name, False, "de")


def test_the_house_rules_page_opens_with_the_chosen_preset_focused(surface, tmp_path):
    """With the Räuber preset chosen the page opened with 'standard' in focus yellow beside the chosen preset's
    green: it read as if standard were picked. The focus now starts on the chosen preset."""
    app, start = start_window(tmp_path, surface)
    click(app, next(r.center for r, g in start.tile_hot if g == "romme"), surface)
    start.model.choose_preset("rauber")
    row = next(i for i, (label, _) in enumerate(start._items()) if label.startswith("House rules"))
    click(app, start.hot[row][0].center, surface)
    page = app.top
    assert isinstance(page, HouseRulesScene)
    assert page._rows()[page.focus] == ("preset", "rauber")
    key(app, pygame.K_RETURN, surface)  # the focused row acts: the preset stays chosen
    assert start.model.preset == "rauber"


def test_a_koenigs_last_turn_discard_is_logged_with_the_melds_it_laid(surface, tmp_path):
    """After Bot 1 went out, You's last discard laid 5h 5t 3c (the engine lays the rest of the hand), but
    the log said only 'discard 6s'. It now names the melds, as played and after a load."""
    c = Controller("koenigs", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=9, bot_delay=0.0)
    app, scene = open_table(c, surface)
    app.save_dir = tmp_path
    helper = make_bot("koenigs", "greedy", seed="9/0")
    while c.observation()["round"] == 1:
        before = len(c.state.history)
        if c.is_human_turn():
            assert c.play(helper.choose(c.state.clone())), c.message
        for _ in range(50):
            app.update(0.0)
            if c._future is not None:
                c._future.result()
            if len(c.state.history) > before:
                break
    while app.top is not scene:
        app.pop()
    names = [s.name for s in c.seats]
    lines = log_lines("koenigs", c.state.history, names, "en", 1000, scene.log_notes)
    assert "You: discard 6s, lay 5h 5t 3c" in lines, lines
    key(app, pygame.K_s, surface)
    fresh = Controller("koenigs", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=1, bot_delay=0.0)
    app2, scene2 = open_table(fresh, surface)
    app2.save_dir = tmp_path
    key(app2, pygame.K_l, surface)
    if app2.top is not scene2:
        key(app2, pygame.K_RETURN, surface)
    assert log_lines("koenigs", fresh.state.history, names, "en", 1000, scene2.log_notes) == lines


@pytest.mark.parametrize("lang", ["en", "de"])
def test_rummys_pass_button_is_not_cut_at_800x600(surface, monkeypatch, lang):
    """'1. pass and take a sto…': Rummy's most pressed button was cut at 800x600."""
    from romme_table import scenes, table_draw

    c = Controller("rummy", [Seat("You"), Seat("Bot", "bot", "greedy")], seed=21, bot_delay=0.0, lang=lang)
    window = pygame.Surface((800, 600))
    app, scene = open_table(c, window, (800, 600))
    drawn: list[tuple[pygame.Rect, str]] = []
    real = table_draw.button

    def record(
        surface: pygame.Surface, rect: pygame.Rect, label: str, active: bool = True, largest: int | None = None
    ) -> None:
        drawn.append((rect, label))
        real(surface, rect, label, active, largest)

    monkeypatch.setattr(table_draw, "button", record)
    app.draw(window)
    passing = [(r, label) for r, label in drawn if "pass" in label]
    assert passing, drawn
    for rect, label in passing:
        assert scenes.fitted(label, rect.w - 12, 20, scenes.BUTTON_MIN_FONT)[0] == label, (label, rect.w)
