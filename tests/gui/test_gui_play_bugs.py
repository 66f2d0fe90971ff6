"""Headless: the bugs found playing the table as a new player (issue 29), each driven
through the window's own event path (pygame mouse and key events -> intents -> scenes)."""

from __future__ import annotations

import json
from typing import Any

import pygame
import pytest
from click.testing import CliRunner
from gui_driver import SIZE, click, drag, key, play_until, send

import romme
from romme.bots import make_bot
from romme.rules import Rules
from romme_table import scenes, table_draw, table_pointer
from romme_table.controller import Controller, Seat
from romme_table.dialogs import ConfirmScene, ScoreScene
from romme_table.scenes import SceneStack
from romme_table.start_screen import StartModel, StartScene
from romme_table.table_scene import TableScene


def table(c: Controller, surface: pygame.Surface, size: tuple[int, int] = SIZE) -> tuple[SceneStack, TableScene]:
    app = SceneStack(size)
    app.lang = c.lang
    scene = TableScene(c)
    app.push(scene)
    scene.draw(surface)
    return app, scene


def seats(game: str, n: int, level: str = "greedy") -> list[Seat]:
    return [Seat("A")] + [Seat(f"B{i}", "bot", level) for i in range(1, n)]


def drawn_texts(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, tuple[int, int], int]]:
    """Every text the table draws this frame: (text, position, font size)."""
    seen: list[tuple[str, tuple[int, int], int]] = []
    real = scenes.text

    def record(surface: pygame.Surface, s: str, pos: tuple[int, int], size: int = 22, colour: Any = None) -> Any:
        seen.append((s, pos, size))
        return real(surface, s, pos, size, colour or scenes.TEXT)

    monkeypatch.setattr(scenes, "text", record)  # fit_text's texts
    monkeypatch.setattr(table_draw, "text", record)  # the table's own
    return seen


# --- 1. Krass Kariert: a click selects; only a dragged reserve card is taken -----------------
def test_krass_click_selects_and_a_dragged_second_reserve_is_taken(surface):
    c = Controller("krass", seats("krass", 3, "random"), seed=3, bot_delay=0.0)

    def second_reserve_legal(c: Controller) -> bool:
        return any(m.to_json().get("kind") == "reserve" and m.to_json()["index"] == 1 for m in c.state.legal_moves())

    assert play_until(c, second_reserve_legal, level="random")
    app, scene = table(c, surface)
    lay = scene.compute_layout()
    before = len(c.state.history)
    click(app, lay.hand[2].center, surface)
    assert len(c.state.history) == before, "a click on a hand card must not take a reserve"
    assert c.selected == [2]
    # unselect again with the right button (a second left click now would be a double-click, which plays the card)
    send(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=3, pos=lay.hand[2].center), surface)
    assert c.selected == []
    reserve_card = c.own_reserves()[1]
    lay = scene.compute_layout()
    # between cards 1 and 2 where they do not touch (the marker's place), else on card 2's left edge
    x = lay.hand[1].right + 2 if lay.hand[1].right + 2 < lay.hand[2].x else lay.hand[2].x + 2
    gap = (x, lay.hand[2].centery)
    drag(app, lay.reserves[1].center, gap, surface)
    assert len(c.state.history) == before + 1
    taken = c.state.history[-1].to_json()
    assert taken["kind"] == "reserve" and taken["index"] == 1 and taken["position"] == 2
    assert c.state.observation(taken["player"])["hand"][2] == reserve_card


def test_krass_gap_between_two_cards_is_before_the_right_one():
    from romme_table.layout import table_layout

    lay = table_layout(1280, 800, 4, 2, [], 3)
    between = (lay.hand[1].right + 2, lay.hand[1].centery)
    assert lay.hand[1].right + 2 < lay.hand[2].x  # the cards do not touch here
    scene = TableScene.__new__(TableScene)
    assert table_pointer.insert_gap(scene, lay, between) == 2
    assert table_pointer.insert_gap(scene, lay, (lay.hand[0].x - 5, lay.hand[0].centery)) == 0
    assert table_pointer.insert_gap(scene, lay, (lay.hand[-1].right + 5, lay.hand[0].centery)) == 4


# --- 2. --game picks seats that fit; an unknown game is refused before any window -------------
def test_gui_refuses_an_unknown_game_before_any_window(monkeypatch):
    import romme_table
    from romme.cli import main

    def no_window(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("a window was opened")

    monkeypatch.setattr(romme_table, "run", no_window)
    result = CliRunner().invoke(main, ["gui", "--game", "bogus"])
    assert result.exit_code == 2
    lines = [ln for ln in result.output.splitlines() if ln.strip()]
    assert len(lines) == 1 and "bogus" in lines[0] and "krass" in lines[0], result.output


@pytest.mark.parametrize(
    "args",
    [["--size", "axb"], ["--size", "10x10"], ["--size", "9" * 5000 + "x5"], ["--seed", ""], ["--seed", "\x1b[2J"]],
)
def test_gui_refuses_bad_size_and_seed_before_any_window(args, monkeypatch):
    import romme_table
    from romme.cli import main

    monkeypatch.setattr(romme_table, "run", lambda *a, **kw: pytest.fail("a window was opened"))
    result = CliRunner().invoke(main, ["gui", *args])
    assert result.exit_code == 2
    lines = [ln for ln in result.output.splitlines() if ln.strip()]
    assert len(lines) == 1 and len(lines[0]) < 200 and "\x1b" not in lines[0], result.output


@pytest.mark.parametrize("game", ["krass", "koenigs-solo", "rummy"])
def test_gui_game_opens_with_seats_that_fit(game, surface):
    from romme_table.app import start_model

    app = SceneStack(SIZE)
    app.push(StartScene(start_model(game)))
    app.draw(surface)
    key(app, pygame.K_RETURN, surface)  # Start
    assert isinstance(app.top, TableScene)
    lo, hi = romme.engine.list_games()[game]["players"]
    assert lo <= len(app.top.c.seats) <= hi
    key(app, pygame.K_PLUS, surface)  # no KeyError anywhere on the way


# --- 3. a fresh deal per game, shown and saved; --seed replays it ------------------------------
def test_every_game_deals_anew_and_a_seed_replays(surface, tmp_path):
    app = SceneStack(SIZE)
    app.save_dir = tmp_path
    app.push(StartScene(StartModel()))
    hands, seeds = [], []
    for _ in range(3):
        key(app, pygame.K_RETURN, surface)
        c = app.top.c
        hands.append(c.state.observation(0)["hand"])
        seeds.append(c.seed)
        assert str(c.seed) in c.about()
        key(app, pygame.K_s, surface)
        assert json.loads((tmp_path / "romme-table-koenigs.json").read_text())["seed"] == c.seed
        key(app, pygame.K_n, surface)
        if isinstance(app.top, ConfirmScene):
            key(app, pygame.K_RETURN, surface)
        assert isinstance(app.top, StartScene)
    assert len(set(seeds)) == 3 and len({tuple(h) for h in hands}) > 1
    from romme_table.app import start_model

    replay = start_model("koenigs", seed=seeds[1]).controller("en")
    assert replay.seed == seeds[1] and replay.state.observation(0)["hand"] == hands[1]


def test_gui_seed_option_reaches_the_table(monkeypatch):
    import romme_table
    from romme.cli import main

    got: dict[str, Any] = {}
    monkeypatch.setattr(romme_table, "run", lambda *a, **kw: got.update(kw))
    assert CliRunner().invoke(main, ["gui", "--game", "rummy", "--seed", "4711"]).exit_code == 0
    assert got["seed"] == 4711 and got["game"] == "rummy"


# --- 4. Königs-Rommé: dropping the card that would go out asks "Go out?" ----------------------
def test_koenigs_dropping_the_going_out_card_asks(surface):
    def can_go_out(c: Controller) -> bool:
        return any(m.to_json()["kind"] == "out" for m in c.state.legal_moves())

    c = Controller("koenigs", seats("koenigs", 2), seed=1, bot_delay=0.0)
    assert play_until(c, can_go_out, level="expert")
    card = next(m.to_json()["card"] for m in c.state.legal_moves() if m.to_json()["kind"] == "out")
    app, scene = table(c, surface)
    lay = scene.compute_layout()
    i = c.hand().index(card)
    assert scene._buttons()[0][0].startswith("1. go out")  # going out leads the action list
    drag(app, lay.hand[i].center, lay.discard.center, surface)
    assert isinstance(app.top, ConfirmScene) and card in app.top.question
    key(app, pygame.K_RETURN, surface)
    assert c.state.history[-1].to_json() == {"kind": "out", "player": 0, "card": card}


# --- 5. Load: undo never goes back past it, no false score sheet -------------------------------
def test_undo_after_load_stops_at_the_load(surface, tmp_path):
    c = Controller("koenigs", seats("koenigs", 2), seed=2, bot_delay=0.0)
    assert play_until(c, lambda c: len(c.state.history) > 12 and c.state.phase == "draw")
    app, scene = table(c, surface)
    app.save_dir = tmp_path
    key(app, pygame.K_s, surface)
    saved = len(c.state.history)
    assert play_until(c, lambda c: c.observation()["round"] >= 2 and c.state.phase == "draw")
    app.update(0.0)
    while isinstance(app.top, ScoreScene):
        key(app, pygame.K_RETURN, surface)
    key(app, pygame.K_l, surface)
    assert isinstance(app.top, ConfirmScene)  # a running game is not replaced silently
    key(app, pygame.K_RETURN, surface)
    assert len(c.state.history) == saved
    key(app, pygame.K_u, surface)
    assert len(c.state.history) == saved, "undo went back past the load"
    app.update(0.0)
    assert app.top is scene, "loading showed a score sheet"


# --- 6. the table editor in every game that allows rearranging, checked by apply ---------------
def _layoff_through_editor(c: Controller, surface: pygame.Surface) -> None:
    app, scene = table(c, surface)
    layoff = next(m for m in c.state.legal_moves() if m.to_json()["kind"] == "layoff")
    j = layoff.to_json()
    key(app, pygame.K_t, surface)
    assert c.editor is not None, c.message
    lay = scene.compute_layout()
    src = lay.hand[c.editor.hand_left.index(j["card"])].center
    drag(app, src, lay.melds[j["target"] - 1][0].center, surface)
    before = len(c.state.history)
    key(app, pygame.K_e, surface)
    assert len(c.state.history) == before + 1 and c.editor is None, c.message
    assert c.state.history[-1].to_json()["kind"] == "place"


def test_rauber_rearranges_after_opening(surface):
    def opened_with_layoff(c: Controller) -> bool:
        opened = c.observation()["opened"]
        kinds = {m.to_json()["kind"] for m in c.state.legal_moves()}
        return c.state.phase == "play" and opened[0] and "layoff" in kinds and "place" not in kinds

    c = Controller("romme", seats("romme", 2), seed=4, bot_delay=0.0, rules=Rules.make("romme", "rauber"))
    assert play_until(c, opened_with_layoff)
    assert c.can_rearrange()
    _layoff_through_editor(c, surface)


def test_editor_refusal_gives_the_engines_reason(surface):
    c = Controller("rummy", seats("rummy", 2), seed=5, bot_delay=0.0)
    assert play_until(c, lambda c: c.state.phase in ("play", "open") and len(c.hand()) > 2)
    app, scene = table(c, surface)
    key(app, pygame.K_t, surface)
    assert c.editor is not None, c.message
    lay = scene.compute_layout()
    lone = c.editor.hand_left[0]
    drag(app, lay.hand[0].center, lay.new_meld.center, surface)
    key(app, pygame.K_e, surface)
    assert c.editor is not None and f"'{lone}' is not a valid meld" in c.message


def test_einmaleins_editor_opens_in_the_play_phase(surface):
    c = Controller("einmaleins", seats("einmaleins", 2), seed=5, bot_delay=0.0)
    assert play_until(c, lambda c: c.state.phase == "play")
    app, _ = table(c, surface)
    key(app, pygame.K_t, surface)
    assert c.editor is not None, c.message


# --- 7. action buttons tell apart, fit, and keys reach every action -----------------------------
def test_rummy_action_buttons_fit_differ_and_page(surface):
    """The first Rummy turn lists eight or nine placements that differ only in their first meld."""
    c = next(
        c
        for seed in range(1, 40)
        for c in [Controller("rummy", seats("rummy", 2), seed=seed, bot_delay=0.0)]
        if c.run_bots_until_human() is None and len(c.candidate_moves()) >= 8
    )
    app, scene = table(c, surface, (1100, 480))  # a short window: not every action fits
    lay = scene.compute_layout()
    labels = [label for label, _ in scene._buttons()]
    shown = scene.visible_actions()
    assert labels[0].startswith("Rearrange")
    visible = [scenes.fitted(label, r.w - 12)[0] for r, label in zip(lay.buttons[1:], labels[1 : 1 + len(shown)])]
    assert len(set(visible)) == len(visible), visible
    for r, label in zip(lay.buttons, labels):
        shown_text, size = scenes.fitted(label, r.w - 12)
        assert scenes.font(size).size(shown_text)[0] <= r.w - 12
    assert len(scene.actions) > scene.room >= 1
    key(app, pygame.K_PAGEDOWN, surface)
    target = scene.actions[scene.room]
    before = len(c.state.history)
    key(app, pygame.K_1, surface)
    assert c.state.history[before] == target


def test_key_zero_plays_the_tenth_action(surface):
    c = Controller("krass", seats("krass", 3, "random"), seed=3, bot_delay=0.0)
    assert play_until(c, lambda c: len(c.candidate_moves()) >= 10, level="random")
    app, scene = table(c, surface, (1100, 1000))  # ten action buttons beside the move log
    scene.compute_layout()
    tenth = scene.visible_actions()[9]
    before = len(c.state.history)
    key(app, pygame.K_0, surface)
    assert c.state.history[before] == tenth


# --- 8. Rummy editor: targets stand still during a drag; a drop beside a meld lands in it ------
def test_rummy_editor_drop_just_past_a_meld(surface):
    c = Controller("rummy", seats("rummy", 2), seed=5, bot_delay=0.0)
    assert play_until(c, lambda c: c.state.phase == "play" and len(c.melds()) >= 2)
    app, scene = table(c, surface)
    key(app, pygame.K_t, surface)
    lay = scene.compute_layout()
    meld0 = lay.melds[0]
    beside = (meld0[-1].right + 3, meld0[-1].centery)  # in the gap after the meld's last card
    assert not any(r.collidepoint(beside) for rects in lay.melds for r in rects)
    card = c.editor.hand_left[0]
    send(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=lay.hand[0].center))
    frozen = scene.layout
    send(app, pygame.event.Event(pygame.MOUSEMOTION, pos=beside, rel=(0, 0), buttons=(1, 0, 0)), surface)
    assert scene.layout is frozen
    send(app, pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=beside), surface)
    assert c.editor.melds[0][-1] == card


# --- 9. confirmations; one save slot per game ----------------------------------------------------
def test_leaving_and_quitting_ask_first(surface, tmp_path):
    app = SceneStack(SIZE)
    app.save_dir = tmp_path
    app.push(StartScene(StartModel(seats=[Seat("A"), Seat("B", "bot", "random")])))
    key(app, pygame.K_ESCAPE, surface)
    assert app.running and isinstance(app.top, ConfirmScene)
    key(app, pygame.K_ESCAPE, surface)  # No
    assert app.running and isinstance(app.top, StartScene)
    key(app, pygame.K_RETURN, surface)
    c = app.top.c
    c.run_bots_until_human()
    c.play(c.candidate_moves()[0])
    for k in (pygame.K_ESCAPE, pygame.K_n):
        key(app, k, surface)
        assert isinstance(app.top, ConfirmScene)
        key(app, pygame.K_ESCAPE, surface)
        assert isinstance(app.top, TableScene)
    key(app, pygame.K_s, surface)
    key(app, pygame.K_n, surface)
    click(app, app.top.hot[0][0].center, surface)  # Yes
    assert isinstance(app.top, StartScene)
    key(app, pygame.K_ESCAPE, surface)
    key(app, pygame.K_RETURN, surface)
    assert not app.running


def test_one_save_slot_per_game(surface, tmp_path):
    for game in ("koenigs", "rummy"):
        c = Controller(game, seats(game, 2), seed=1, bot_delay=0.0)
        app, _ = table(c, surface)
        app.save_dir = tmp_path
        key(app, pygame.K_s, surface)
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == ["romme-table-koenigs.json", "romme-table-rummy.json"]
    assert json.loads((tmp_path / "romme-table-rummy.json").read_text())["game"] == "rummy"


# --- 10. every refusal names the rule and the numbers --------------------------------------------
def _low_run(c: Controller) -> list[int] | None:
    """Hand positions of three cards of one suit in a row, worth less than the opening needs."""
    if c.state.phase != "play" or c.observation()["opened"][0]:
        return None
    hand = c.hand()
    types = c.deck.types
    codes = [c.deck.parse_token(t) for t in hand]
    for i, a in enumerate(codes):
        ta = types[a]
        if ta.rank is None or not 2 <= ta.rank <= 8:
            continue
        need = [(ta.suit, ta.rank + 1), (ta.suit, ta.rank + 2)]
        pos = [i]
        for suit, rank in need:
            k = next((k for k, b in enumerate(codes) if (types[b].suit, types[b].rank) == (suit, rank)), None)
            if k is None:
                break
            pos.append(k)
        if len(pos) == 3:
            return pos
    return None


def test_romme_opening_too_low_names_the_numbers(surface):
    for seed in range(1, 60):
        c = Controller("romme", seats("romme", 2), seed=seed, bot_delay=0.0)
        if play_until(c, lambda c: _low_run(c) is not None, limit=6):
            break
    else:
        pytest.skip("no low run came up")
    pos = _low_run(c)
    assert pos is not None
    app, scene = table(c, surface)
    lay = scene.compute_layout()
    for i in pos:
        click(app, lay.hand[i].center, surface)
    ranks = [c.deck.types[c.deck.parse_token(c.hand()[i])].rank for i in pos]
    points = sum(min(r, 10) for r in ranks)
    before = len(c.state.history)
    key(app, pygame.K_m, surface)
    assert len(c.state.history) == before
    assert "opening needs 31 points" in c.message and f"these make {points}" in c.message, c.message


def test_krass_non_adjacent_selection_says_why(surface):
    c = Controller("krass", seats("krass", 3, "random"), seed=3, bot_delay=0.0)
    assert play_until(c, lambda c: c.state.phase == "lead", level="random")
    app, scene = table(c, surface)
    lay = scene.compute_layout()
    click(app, lay.hand[0].center, surface)
    click(app, lay.hand[2].center, surface)
    assert "side by side" in c.message and "0, 2" in c.message


# --- 11. the small ones ----------------------------------------------------------------------------
def _solo_to_the_end(surface: pygame.Surface) -> tuple[Controller, SceneStack, TableScene, int]:
    c = Controller("koenigs-solo", [Seat("A")], seed=2, bot_delay=0.0)
    app, scene = table(c, surface)
    helper = make_bot("koenigs-solo", "random", seed=3)
    sheets = 0
    for _ in range(2000):
        if c.state.is_over:
            break
        c.play(helper.choose(c.state.clone()))
        app.update(0.0)
        if isinstance(app.top, ScoreScene):
            sheets += not c.state.is_over
            key(app, pygame.K_ESCAPE)
    return c, app, scene, sheets


def test_solitaire_no_sheet_per_hand_and_a_lost_game_says_lost(surface):
    c, app, scene, sheets = _solo_to_the_end(surface)
    assert c.state.is_over
    assert sheets == 0
    if not c.state.result().winners:
        assert "- won" not in c.status() and "lost" in c.status()


def test_solitaire_sort_orders_the_hands(surface):
    c = Controller("koenigs-solo", [Seat("A")], seed=2, bot_delay=0.0)
    app, scene = table(c, surface)
    before = c.melds()
    key(app, pygame.K_o, surface)
    after = c.melds()
    assert after != before and [sorted(m) for m in after] == [sorted(m) for m in before]
    suits = [[99 if (s := c.deck.types[c.deck.parse_token(t)].suit) is None else s for t in m] for m in after]
    assert all(s == sorted(s) for s in suits)


def test_koenigs_hint_names_one_discard():
    import re

    c = Controller("koenigs", seats("koenigs", 2), seed=6, bot_delay=0.0)
    checked = 0
    helper = make_bot("koenigs", "greedy", seed=1)
    for _ in range(60):
        c.run_bots_until_human()
        if c.state.is_over:
            break
        if c.state.phase != "draw":
            text = c.hint()
            named = set(re.findall(r"(?:(?<!draw )discard|go out, discarding) (\S+)", text))  # not the card drawn
            assert len(named) <= 1, text
            checked += 1
        c.play(helper.choose(c.state.clone()))
    assert checked >= 5


def test_german_table_has_no_english_or_raw_option_names(surface, monkeypatch):
    app = SceneStack(SIZE, "de")
    model = StartModel()
    app.push(StartScene(model))
    for game in ("romme", "koenigs", "rummy", "krass", "einmaleins"):
        model.set_game(game)
        labels = [label for label, _ in app.top._items()]
        joined = " | ".join(labels)
        assert "_" not in joined and " = " not in joined, joined
        for english in ("You", "greedy", "random", "expert", "Bot greedy", "True", "False", "standard"):
            assert english not in joined, (english, joined)
    model.set_game("romme")
    key(app, pygame.K_RETURN, surface)
    c = app.top.c
    assert c.seats[0].name == "Du"
    seen = drawn_texts(monkeypatch)
    app.draw(surface)
    words = " ".join(s for s, _, _ in seen)
    assert "Stapel" in words and "Stock" not in words and "You" not in words
    c.run_bots_until_human()
    c.undo_turn()
    assert c.message == "in diesem Zug gibt es nichts zurückzunehmen"


@pytest.mark.parametrize("game", ["rummy", "krass"])
def test_no_discard_pile_where_the_game_has_none(game, surface, monkeypatch):
    c = Controller(game, seats(game, 3 if game == "krass" else 2, "random"), seed=1, bot_delay=0.0)
    c.run_bots_until_human()
    app, scene = table(c, surface)
    seen = drawn_texts(monkeypatch)
    app.draw(surface)
    assert "Discard" not in [s for s, _, _ in seen]
    before = len(c.state.history)
    click(app, scene.compute_layout().discard.center, surface)
    assert len(c.state.history) == before


@pytest.mark.parametrize("game", ["romme", "krass", "koenigs"])
def test_opponent_counts_fit_at_700x480(game, surface, monkeypatch):
    n = min(5, romme.engine.list_games()[game]["players"][1])
    c = Controller(game, [Seat("A")] + [Seat(f"Opponent {i}", "bot", "random") for i in range(1, n)], seed=1)
    app, scene = table(c, surface, (700, 480))
    seen = drawn_texts(monkeypatch)
    app.draw(surface)
    lay = scene.compute_layout()
    for rect, (name, count, _) in zip(lay.opponents, scene.opponents()):
        hits = [(s, pos, size) for s, pos, size in seen if rect.collidepoint(pos) and str(count) in s]
        assert hits, (name, count)
        for s, pos, size in hits:
            assert pos[0] + scenes.font(size).size(s)[0] <= rect.right, (s, rect)


def test_koenigs_announces_the_last_turn(surface, monkeypatch):
    c = Controller(
        "koenigs", [Seat("A"), Seat("B", "bot", "expert"), Seat("C", "bot", "expert")], seed=1, bot_delay=0.0
    )
    assert play_until(c, lambda c: c.observation().get("out_player") not in (None, 0), level="random")
    app, scene = table(c, surface)
    seen = drawn_texts(monkeypatch)
    app.draw(surface)
    out = c.seats[c.observation()["out_player"]].name
    assert any("Last turn" in s and out in s for s, _, _ in seen), [s for s, _, _ in seen]
