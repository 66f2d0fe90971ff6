"""Headless: the table's in-game comforts of issue 29 (hand, melding by drag, bot turns shown,
score grid), each driven through the window's own event path."""

from __future__ import annotations

import itertools
import time
from collections import Counter

import pygame
import pytest
from gui_driver import click, drag, key, open_table

import romme
from romme_table import scenes, score_grid, table_follow
from romme_table.animations import Animator
from romme_table.controller import Controller, Seat
from romme_table.dialogs import ScoreScene
from romme_table.hand_drag import arrange, move_card
from romme_table.meld_draft import meld_points
from romme_table.move_log import log_lines
from romme_table.scenes import SceneStack
from romme_table.table_scene import TableScene


def human_first(game: str, n: int, seed: int = 1, delay: float = 0.0, lang: str = "en") -> Controller:
    seats = [Seat("You")] + [Seat(f"Bot{i}", "bot", "greedy") for i in range(1, n)]
    c = Controller(game, seats, seed=seed, bot_delay=delay, lang=lang)
    c.run_bots_until_human()
    return c


# --- Enter plays only a highlighted action ---------------------------------------------------
def test_enter_without_a_highlighted_action_plays_nothing_and_says_how(surface):
    c = human_first("koenigs", 2)
    app, scene = open_table(c, surface)
    before = len(c.state.history)
    key(app, pygame.K_RETURN, surface)
    assert len(c.state.history) == before, "Enter must not play the first listed action"
    assert "Up/Down" in c.message
    key(app, pygame.K_DOWN, surface)
    assert scene.chosen == 0
    chosen = scene.visible_actions()[0]
    key(app, pygame.K_RETURN, surface)
    assert len(c.state.history) == before + 1 and c.state.history[-1] == chosen


@pytest.mark.parametrize("lang", ["en", "de"])
def test_enter_while_a_bot_is_to_move_says_whose_turn_it_is(surface, lang):
    """Pressed while a bot was thinking, Enter answered 'choose one with the Up/Down arrow keys' with no action to
    choose (played under Xvfb): it names the seat to move instead, and plays nothing."""
    c = Controller("koenigs", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=1, bot_delay=5.0, lang=lang)
    app, scene = open_table(c, surface)
    if c.is_human_turn():
        c.play(c.state.legal_moves()[0])
    while c.is_human_turn():  # (a draw: the turn goes on with a discard)
        c.play(c.state.legal_moves()[0])
    before = len(c.state.history)
    key(app, pygame.K_RETURN, surface)
    assert len(c.state.history) == before
    assert "Bot 1" in c.message and "Up/Down" not in c.message and "Pfeil" not in c.message, c.message


def test_arrow_up_highlights_the_last_action_and_wraps(surface):
    c = human_first("koenigs", 2)
    app, scene = open_table(c, surface)
    shown = scene.visible_actions()
    key(app, pygame.K_UP, surface)
    assert scene.chosen == len(shown) - 1
    key(app, pygame.K_DOWN, surface)
    assert scene.chosen == 0


# --- the hand: reorder by dragging, the newly drawn card marked, sort keys ------------------------
def test_arrange_keeps_the_players_order_and_puts_new_cards_last():
    assert arrange(["5h", "7c", "2d", "5h"], ["2d", "5h", "7c"]) == ["2d", "5h", "7c", "5h"]
    assert move_card(["a", "b", "c", "d"], 0, 3) == ["b", "c", "a", "d"]
    assert move_card(["a", "b", "c", "d"], 3, 0) == ["d", "a", "b", "c"]


def test_a_hand_card_dragged_to_another_place_stays_there(surface):
    c = human_first("romme", 2)
    app, scene = open_table(c, surface)
    lay = scene.compute_layout()
    before = c.hand()
    drag(app, lay.hand[0].center, lay.hand[4].center, surface)
    after = c.hand()
    assert after == move_card(before, 0, 4) and after != before
    assert c.selected == []
    click(app, lay.stock.center, surface)  # draw: the order stays, the new card comes last
    app.update(0.0)
    hand = c.hand()
    assert hand[: len(after)] == after


def test_the_newly_drawn_card_is_marked_until_a_card_leaves(surface):
    c = human_first("koenigs", 2)
    app, scene = open_table(c, surface)
    app.update(0.0)
    before = Counter(c.hand())
    lay = scene.compute_layout()
    click(app, lay.stock.center, surface)
    app.update(0.0)
    new = Counter(c.hand()) - before
    assert sum(new.values()) == 1 and scene.fresh == new
    lay = scene.compute_layout()
    drawn = next(iter(new))
    keep = next(i for i, tok in enumerate(c.hand()) if tok != drawn)
    drag(app, lay.hand[keep].center, lay.discard.center, surface)
    if not isinstance(app.top, TableScene):  # the go-out question: just discard
        key(app, pygame.K_d, surface)
    app.update(0.0)
    assert not scene.fresh


def test_sort_key_sorts_by_suit_then_by_rank(surface):
    c = human_first("romme", 2)
    app, _ = open_table(c, surface)
    key(app, pygame.K_o, surface)
    types = c.deck.types
    suits = [types[c.deck.parse_token(t)].suit for t in c.hand()]
    assert [s for s in suits if s is not None] == sorted(s for s in suits if s is not None)
    key(app, pygame.K_o, surface)
    ranks = [types[c.deck.parse_token(t)].rank for t in c.hand() if types[c.deck.parse_token(t)].suit is not None]
    assert ranks == sorted(ranks)


# --- melding by drag ------------------------------------------------------------------------------
def _a_meld_in_hand(c: Controller, need: int = 0) -> list[int] | None:
    hand = c.hand()
    opts = dict(c.state.rules.options) if c.deck.game == "romme" else {}
    for combo in itertools.combinations(range(len(hand)), 3):
        pts = meld_points(c.game_id, [hand[i] for i in combo], opts)
        if pts is not None and pts >= need:
            return list(combo)
    return None


def test_cards_dragged_onto_the_table_form_a_draft_with_outline_and_opening_counter(surface):
    for seed in range(1, 60):
        c = human_first("romme", 2, seed=seed)
        app, scene = open_table(c, surface)
        click(app, scene.compute_layout().stock.center, surface)  # draw first
        app.update(0.0)
        combo = _a_meld_in_hand(c)
        if combo is not None:
            break
    assert combo is not None
    hand = c.hand()
    cards = [hand[i] for i in combo]
    pts = meld_points("romme", cards, dict(c.state.rules.options))
    for k, i in enumerate(combo):
        lay = scene.compute_layout()
        target = lay.new_meld.center if k == 0 else lay.melds[-1][-1].center
        drag(app, lay.hand[i].center, target, surface)
    assert scene.draft_groups() == [cards]
    assert scene.draft_counter() == (f"opening {pts} / 31", pts >= 31)
    # a card that does not fit turns the outline red (asked of the engine)
    odd = next(i for i in range(len(hand)) if i not in combo and meld_points("romme", cards + [hand[i]], {}) is None)
    lay = scene.compute_layout()
    drag(app, lay.hand[odd].center, lay.melds[-1][-1].center, surface)
    assert scene.draft_counter() is not None and scene.draft_counter()[1] is False
    # a click on the drafted card puts it back into the hand
    lay = scene.compute_layout()
    click(app, lay.melds[-1][-1].center, surface)
    assert scene.draft_groups() == [cards]
    before = len(c.state.history)
    key(app, pygame.K_m, surface)  # lay the draft
    if pts < 31:  # refused with the engine's numbers; the draft stays
        assert len(c.state.history) == before and "31" in c.message and str(pts) in c.message
        assert scene.draft_groups() == [cards]
    else:
        assert len(c.state.history) == before + 1 and not scene.draft


def _rummy_opening_drafted(surface: pygame.Surface) -> tuple[Controller, list[str], SceneStack, TableScene]:
    """A rummy table whose human hand held a meld worth the opening, dragged into a draft (with its cards)."""
    for seed in range(1, 80):
        c = human_first("rummy", 2, seed=seed)
        combo = _a_meld_in_hand(c, need=30)
        if combo is not None:
            break
    assert combo is not None
    app, scene = open_table(c, surface)
    cards = [c.hand()[i] for i in combo]
    for k, i in enumerate(combo):
        lay = scene.compute_layout()
        target = lay.new_meld.center if k == 0 else lay.melds[-1][-1].center
        drag(app, lay.hand[i].center, target, surface)
    return c, cards, app, scene


def test_rummy_draft_laid_by_its_button_opens(surface):
    c, cards, app, scene = _rummy_opening_drafted(surface)
    label, _ = scene._buttons()[0]
    assert label.startswith("Lay down")
    counter = scene.draft_counter()
    assert counter is not None and counter[0].startswith("opening ") and counter[1]
    before = len(c.state.history)
    click(app, scene.compute_layout().buttons[0].center, surface)
    assert len(c.state.history) == before + 1, c.message
    assert sorted(cards) in [sorted(m) for m in c.melds()]


# --- bot turns shown -------------------------------------------------------------------------------
def test_bot_moves_fly_and_the_next_bot_waits_until_they_land_or_f_skips(surface):
    seats = [Seat("You")] + [Seat(f"Bot{i}", "bot", "greedy") for i in (1, 2)]
    c = Controller("koenigs", seats, seed=2, bot_delay=0.01)
    app, scene = open_table(c, surface)
    lay = scene.compute_layout()
    click(app, lay.stock.center, surface)
    app.update(0.0)
    lay = scene.compute_layout()
    drag(app, lay.hand[0].center, lay.discard.center, surface)
    if not isinstance(app.top, TableScene):
        key(app, pygame.K_d, surface)
    moved = len(c.state.history)
    for _ in range(400):  # the first bot's move (thinking in a worker thread, then 10 ms delay)
        app.update(0.0)
        if len(c.state.history) > moved:
            break
        if c._future is not None:
            c._future.result()
        time.sleep(0.005)
    assert len(c.state.history) == moved + 1
    assert scene.anim.flights, "a bot's move is shown as a flying card"
    drawn = c.state.history[-1].to_json()
    if drawn.get("source") == "stock":
        assert scene.anim.flights[0].token is None, "a card drawn from the stock stays hidden"
    else:
        assert scene.anim.flights[0].token == c.state.history[-2].to_json()["card"]
    app.update(0.0)
    assert len(c.state.history) == moved + 1, "the next bot move waits for the flight"
    key(app, pygame.K_f, surface)
    assert not scene.anim.flights
    key(app, pygame.K_a, surface)
    assert scene.anim.speed == "slow" and "slow" in c.message
    key(app, pygame.K_a, surface)
    assert scene.anim.speed == "off"


def test_the_own_draw_flies_from_the_pile_into_the_hand(surface):
    c = human_first("koenigs", 2, delay=0.01)
    app, scene = open_table(c, surface)
    lay = scene.compute_layout()
    click(app, lay.stock.center, surface)  # draw from the stock
    app.update(0.0)
    assert c.state.history[-1].to_json()["kind"] == "draw"
    assert len(scene.anim.flights) == 1
    flight = scene.anim.flights[0]
    assert flight.start == lay.stock and flight.token is None
    hand = scene.compute_layout().hand
    assert flight.end.center == hand[len(hand) // 2].center  # lands in the middle of the own hand


def test_animator_flight_lands_on_its_end():
    a = Animator("normal")
    start, end = pygame.Rect(0, 0, 10, 14), pygame.Rect(100, 50, 10, 14)
    a.fly(0.0, ["5h"], start, end)
    f = a.flights[0]
    assert f.rect_at(0.0).topleft == (0, 0) and f.rect_at(10.0).topleft == (100, 50)
    assert a.busy(0.1) and not a.busy(10.0)
    off = Animator("off")
    off.fly(0.0, ["5h"], start, end)
    assert not off.flights


def test_move_log_names_every_seat_in_the_tables_language(surface):
    c = human_first("koenigs", 3, lang="de")
    lines = log_lines(c.game_id, c.state.history, [s.name for s in c.seats], "de")
    assert len(lines) == len(c.state.history)
    if lines:
        assert lines[0].startswith("Bot") and "ziehen" in lines[0]
    app, scene = open_table(c, surface)
    click(app, scene.compute_layout().stock.center, surface)
    app.update(0.0)
    lines = log_lines(c.game_id, c.state.history, [s.name for s in c.seats], "de")
    assert lines[-1] == "You: vom Stapel ziehen"


def test_move_log_says_what_a_whole_table_move_did():
    from romme_table.move_log import move_words

    state = romme.new_game("rummy", players=2, seed=1)
    place = state.parse_move("place B13 R13 *=G13 | B4 G4 Y4")
    assert move_words(place, "en") == "lay out and rebuild the table (2 melds)"
    assert move_words(state.parse_move("pass"), "de") == "passen"


def test_move_log_names_the_cards_a_table_move_laid_and_where():
    """The log read 'lay 3 cards, the table has 4 melds': which cards, on which meld? It names them: the new
    melds in the table notation, each lay-off with the meld it grew, a meld rebuilt by the cards taken off it and
    the cards added to what stays of it."""
    from romme_table.move_log import move_note, place_words

    state = romme.new_game("rummy", players=2, seed=1)
    one = state.parse_move("place B4 G4 Y4")
    assert move_note("rummy", one, [], "en") == "lay out: B4 G4 Y4"
    grown = state.parse_move("place B13 R13 *=G13 | B4 G4 Y4 R4")
    assert move_note("rummy", grown, [["B4", "G4", "Y4"]], "en") == "lay out: B13 R13 * · add R4 to B4 G4 Y4"
    assert move_note("rummy", grown, [["B4", "G4", "Y4"]], "de") == (
        "auslegen: B13 R13 * · R4 an B4 G4 Y4 anlegen"
    )
    rebuilt = [["R7", "R8", "R9"], ["B7", "G7", "Y7", "R7"]]
    assert place_words(rebuilt, [["R8", "R9", "R10"], ["B7", "G7", "Y7", "R7"], ["R7", "R7", "B7"]], "en") == (
        "take R7 from R7 R8 R9 · lay out: R7 R7 B7 · add R10 to R8 R9"  # (H9 U3: '(+1 rebuilt)' named no meld)
    )
    run = [f"B{n}" for n in range(4, 14)]
    assert place_words([run], [["B3", *run]], "en") == "add B3 to B4 B5 … B13"  # a long meld by its ends


# --- scores ------------------------------------------------------------------------------------------
def _bots_until(c: Controller, app: SceneStack, done) -> None:
    for _ in range(20000):
        app.update(0.0)
        if done():
            return
        if c._future is not None:
            c._future.result()


def test_round_end_shows_the_grid_with_everyones_cards_left(surface):
    c = Controller("koenigs", [Seat("A", "bot", "random"), Seat("B", "bot", "random")], seed=9, bot_delay=0.0)
    app, scene = open_table(c, surface)
    _bots_until(c, app, lambda: isinstance(app.top, ScoreScene))
    sheet = app.top
    assert isinstance(sheet, ScoreScene) and sheet.book is scene.book
    row = scene.book.rows[0]
    assert row.points == scene.book.totals()
    assert row.left is not None and len(row.left) == 2
    last = c.observation()["last_round"]
    assert row.left == [list(h) for h in last["left"]]
    sheet.draw(surface)


@pytest.mark.parametrize("game, players", [("romme", 2), ("rummy", 2), ("krass", 3)])
def test_games_that_lay_the_hands_open_show_them_in_the_grid(game, players, surface):
    # Rommé, Rummy and Krass Kariert show every hand only once the round ended (observation 'round_left')
    seats = [Seat(f"S{i}", "bot", "random") for i in range(players)]
    c = Controller(game, seats, seed=3, bot_delay=0.0)
    app, scene = open_table(c, surface)
    _bots_until(c, app, lambda: isinstance(app.top, ScoreScene))
    row = scene.book.rows[0]
    shown = c.observation()["round_left"]
    assert row.left is not None and row.left == shown and any(row.left)
    app.top.draw(surface)


def test_game_end_shows_the_winner_banner(surface, monkeypatch):
    c = Controller("rummy", [Seat("A", "bot", "greedy"), Seat("B", "bot", "greedy")], seed=1, bot_delay=0.0)
    app, scene = open_table(c, surface)
    _bots_until(c, app, lambda: c.state.is_over and isinstance(app.top, ScoreScene))
    assert c.state.is_over and isinstance(app.top, ScoreScene)
    banners = []
    monkeypatch.setattr(score_grid, "draw_winner_banner", lambda *a: banners.append(a[2]))
    app.top.draw(surface)
    winners = [c.seats[w].name for w in c.state.result().winners]
    assert banners == [winners]
    assert scene.book.totals() == list(c.observation()["scores"])


def rummy_hint_on_the_board(surface: pygame.Surface) -> tuple[Controller, SceneStack, TableScene]:
    """The first Rummy deal whose hint (H) lays a whole-table rearrangement out on the board (the editor open),
    or the last one tried."""
    for seed in range(1, 40):
        c = human_first("rummy", 2, seed=seed)
        app, scene = open_table(c, surface)
        key(app, pygame.K_h, surface)
        if c.editor is not None:
            break
    return c, app, scene


# --- hints of table games on the board ------------------------------------------------------------
def test_a_rummy_hint_lays_the_hinted_table_out_on_the_board_and_e_plays_it(surface):
    from romme.table import place_table

    c, app, scene = rummy_hint_on_the_board(surface)
    assert c.editor is not None, "no seed gave a whole-table hint"
    hinted = place_table(c.hint_move)
    assert scene.melds() == hinted and c.message.startswith("Hint on the table")
    assert Counter(c.editor.hand_left) + Counter(c.editor.placed) == Counter(c.hand())
    before = len(c.state.history)
    key(app, pygame.K_e, surface)
    assert len(c.state.history) == before + 1 and c.editor is None, c.message
    assert sorted(map(sorted, c.melds())) == sorted(map(sorted, hinted))


@pytest.mark.parametrize("leave", ["escape", "cancel button"])
def test_leaving_a_hint_on_the_board_keeps_the_hint_without_the_board_instructions(surface, leave):
    c, app, scene = rummy_hint_on_the_board(surface)
    assert c.editor is not None and c.message.startswith("Hint on the table"), "no seed gave a whole-table hint"
    if leave == "escape":
        key(app, pygame.K_ESCAPE, surface)
    else:
        at = next(i for i, (label, _) in enumerate(scene._buttons()) if label == "Cancel (Esc)")
        click(app, scene.compute_layout().buttons[at].center, surface)
    assert c.editor is None
    assert c.message.startswith("hint: ") and "End turn" not in c.message, c.message


def test_a_koenigs_hint_stays_a_line(surface):
    c = human_first("koenigs", 2)
    app, _ = open_table(c, surface)
    key(app, pygame.K_h, surface)
    assert c.editor is None and c.message.startswith("hint: ")


def test_a_bots_draw_from_the_discard_pile_flies_face_up_and_a_stock_draw_face_down(surface):
    c = Controller("koenigs", [Seat("Bot", "bot", "greedy"), Seat("You")], seed=3, bot_delay=0.5)
    app, scene = open_table(c, surface)
    assert c.state.current_player == 0 and c.viewer == 1
    top = c.observation()["discard_top"]
    lay = scene.compute_layout()
    table_follow.animate(scene, c.state.parse_move("draw discard"), lay, 0.0)
    table_follow.animate(scene, c.state.parse_move("draw stock"), lay, 0.0)
    assert [f.token for f in scene.anim.flights] == [top, None]
    assert scene.anim.flights[0].start == lay.discard


def test_a_1x1_round_row_shows_the_hands_left():
    from romme_table.score_grid import ScoreBook

    book = ScoreBook()
    book.update({"scores": [0, 0, 0]})
    ended = {"scores": [2, 0, 9], "result": {"games": [{"hands": ["H2", "", "K4 D2 Q3"]}]}}
    assert book.update(ended)
    assert book.rows[0].points == [2, 0, 9] and book.rows[0].left == [["H2"], [], ["K4", "D2", "Q3"]]
    assert not book.update(ended)


def test_the_log_names_the_cards_a_rummy_table_move_laid(surface):
    c, cards, app, scene = _rummy_opening_drafted(surface)
    before = len(c.state.history)
    key(app, pygame.K_m, surface)
    app.update(0.0)
    n = len(c.melds())
    lines = log_lines("rummy", c.state.history, ["You", "Bot1"], "en", notes=scene.log_notes)
    assert n == 1 and f"You: lay out: {' '.join(c.melds()[0])}" in lines, lines
    assert sorted(c.melds()[0]) == sorted(cards)
    assert before in scene.log_notes


def test_sort_button_names_what_it_does_next(surface):
    c = human_first("romme", 2)
    app, scene = open_table(c, surface)
    labels = [label for label, _ in scene._buttons()]
    assert "Sort by suit (O)" in labels
    key(app, pygame.K_o, surface)
    assert "Sort by rank (O)" in [label for label, _ in scene._buttons()]


def test_reordering_the_hand_keeps_the_draft(surface):
    c = human_first("rummy", 2, seed=3)
    app, scene = open_table(c, surface)
    lay = scene.compute_layout()
    hand = c.hand()
    drag(app, lay.hand[2].center, lay.new_meld.center, surface)
    lay = scene.compute_layout()
    drag(app, lay.hand[3].center, lay.melds[-1][-1].center, surface)
    assert scene.draft_groups() == [[hand[2], hand[3]]]
    lay = scene.compute_layout()
    drag(app, lay.hand[0].center, lay.hand[6].center, surface)  # reorder: card 0 to gap 6
    assert c.hand() != hand
    assert scene.draft_groups() == [[hand[2], hand[3]]]


def test_krass_log_names_the_cards_played_not_hand_positions(surface):
    seats = [Seat("You")] + [Seat(f"Bot{i}", "bot", "greedy") for i in (1, 2)]
    c = Controller("krass", seats, seed=1, bot_delay=0.0, lang="de")
    app, scene = open_table(c, surface)
    for _ in range(200):
        app.update(0.0)
        if c._future is not None:
            c._future.result()
        if len(c.state.history) >= 3:
            break
    lines = log_lines("krass", c.state.history, [s.name for s in c.seats], "de", notes=scene.log_notes)
    played = [line for line in lines if " spielen (" in line]
    assert played, lines
    assert all("(" in line and "-" not in line.split(": ", 1)[1].split(" (")[0] for line in played)


def test_a_lost_solitaire_ends_on_a_lost_banner_not_a_nameless_winner(surface, monkeypatch):
    from romme_table.score_grid import ScoreBook

    for seed in range(1, 30):
        c = Controller("koenigs-solo", [Seat("You", "bot", "greedy")], seed=seed, bot_delay=0.0)
        c.run_bots_until_human()
        if not c.state.result().winners:
            break
    assert c.state.is_over and not c.state.result().winners
    app, scene = open_table(c, surface)
    sheet = ScoreScene(c, book=ScoreBook())
    app.push(sheet)
    seen: list[str] = []
    real = score_grid._text
    monkeypatch.setattr(score_grid, "_text", lambda surf, s, *a: (seen.append(s), real(surf, s, *a))[1])
    sheet.draw(surface)
    finished = c.state.result().scores[0]
    assert f"Game over — lost: {finished} of 11 hands finished" in seen  # not 'nobody won' for one player
    assert not any("won the game" in s or s.startswith("Round") for s in seen)  # no grid of finished hands


def test_a_card_dragged_onto_a_meld_before_opening_is_refused_with_the_engines_rule(surface):
    from romme.bots import make_bot

    c = human_first("romme", 3, seed=4, lang="de")
    helper = make_bot("romme", "random", seed=3)
    for _ in range(400):
        c.run_bots_until_human()
        opened = c.observation().get("opened") or []
        if c.melds() and not opened[c.viewer] and c.state.phase != "draw":
            break
        legal = c.state.legal_moves()
        move = helper.choose(c.state.clone())
        if move.to_json().get("kind") == "meld":
            move = next(m for m in legal if m.to_json().get("kind") == "discard")
        c.play(move)
    assert c.melds() and c.state.phase != "draw"
    app, scene = open_table(c, surface)
    lay = scene.compute_layout()
    before = len(c.state.history)
    drag(app, lay.hand[0].center, lay.melds[0][0].center, surface)
    assert len(c.state.history) == before
    assert "Herauskommen" in c.message, c.message


def test_long_log_lines_wrap_instead_of_being_cut(surface):
    from romme_table.move_log import wrapped

    line = "Bot 1: lay out: B9 R9 * | R12 G12 Y12 · add R4 to B4 G4 Y4"
    rows = wrapped(line, 16, 150)
    assert len(rows) >= 2
    assert " ".join(r.strip() for r in rows) == line
    assert all(scenes.font(16).size(r)[0] <= 150 for r in rows)


def test_taking_a_card_back_from_the_draft_updates_the_message_line(surface):
    c, cards, app, scene = _rummy_opening_drafted(surface)
    assert c.message == scene.draft_counter()[0]  # type: ignore[index]
    while scene.draft_groups():
        last = scene.compute_layout().melds[-1]
        click(app, last[-1].center, surface)  # a click on a drafted card takes it back to the hand
        counter = scene.draft_counter()
        assert c.message == (counter[0] if counter else ""), (c.message, counter)
    assert c.message == "" and all(card in c.hand() for card in cards)


# --- a selection the engine lays though no listed move does gets a button ----------------------
def test_a_joker_opening_selected_in_romme_gets_a_lay_button(surface):
    """Rommé lists no opening with a joker (RULES-NOTES), yet M lays one: selecting its cards shows a
    'Lay down (M)' button that plays it (the selection looked dead before: no button, no message)."""
    c = human_first("romme", 3, seed=42)
    c.play("draw stock")
    hand = c.hand()
    for token in ("7d", "9d", "10d", "*"):
        c.toggle(hand.index(token))
    assert not c.candidate_moves()  # no listed move lays these cards
    app, scene = open_table(c, surface)
    scene.compute_layout()
    labels = [label for label, _ in scene._buttons()]
    assert labels[0] == "Lay down (M)"
    before = len(c.hand())
    scene._buttons()[0][1]()
    assert len(c.hand()) == before - 4 and c.state.opened[0]
    c.selected.clear()
    scene.layout = None
    scene.compute_layout()
    assert "Lay down (M)" not in [label for label, _ in scene._buttons()]


def test_no_lay_button_for_a_selection_that_is_no_meld_or_is_listed(surface):
    c = human_first("romme", 3, seed=42)
    c.play("draw stock")
    hand = c.hand()
    for token in ("2c", "6c", "Kc"):  # no meld
        c.toggle(hand.index(token))
    assert c.selection_meld() is None
    c.selected.clear()
    c.toggle(hand.index("7d"))  # fewer than three cards
    assert c.selection_meld() is None
