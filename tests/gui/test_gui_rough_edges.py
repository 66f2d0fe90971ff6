"""Headless: what a player met at the table in a real window under Xvfb (800x600 and larger), each
driven through the window's own event path (pygame mouse and key events -> intents -> scenes)."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from gui_driver import (
    click,
    drag,
    drawn_cards,
    drawn_fit_texts,
    drawn_log_rows,
    drawn_rects,
    drawn_texts,
    key,
    open_table,
    open_window,
    play_until,
    send,
)

from romme.bots import make_bot
from romme_table import dialogs, move_log, scenes, score_grid, table_draw
from romme_table.controller import Controller, Seat
from romme_table.dialogs import CurtainScene, ScoreScene
from romme_table.scenes import SceneStack
from romme_table.table_scene import TableScene

SMALL = (800, 600)


@pytest.fixture(scope="module")
def surface() -> Iterator[pygame.Surface]:
    yield from open_window(SMALL)


def seats(n: int, level: str = "greedy") -> list[Seat]:
    return [Seat("You")] + [Seat(f"Bot {i}", "bot", level) for i in range(1, n)]


def selected_cards(app: SceneStack, surface: pygame.Surface, monkeypatch: pytest.MonkeyPatch) -> list[pygame.Rect]:
    """Where the cards drawn as selected (outlined) lie when the window draws once more."""
    return [rect for rect, _, kw in drawn_cards(app, surface, monkeypatch) if kw.get("selected")]


def wheel(app: SceneStack, steps: int, surface: pygame.Surface) -> None:
    for _ in range(abs(steps)):
        send(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1 if steps > 0 else -1, flipped=False), surface)


def not_opening_mid_line(rows: list[str]) -> bool:
    """The first move row under the 'older' mark starts a log line (a wrapped line's later rows are indented)."""
    at = next(i for i, row in enumerate(rows) if "older (wheel" in row)
    return not rows[at + 1].startswith(move_log.CONTINUED)


def test_the_move_log_scrolls_back_to_the_first_move_at_800x600(surface, monkeypatch):
    c = Controller("rummy", seats(3), seed=4, lang="en")
    assert play_until(c, lambda c: len(c.state.history) >= 60)
    app, scene = open_table(c, surface, SMALL)
    names = [s.name for s in c.seats]
    lines = move_log.log_lines(c.game_id, c.state.history, names, "en", 1000, scene.log_notes)
    newest = drawn_log_rows(app, surface, monkeypatch)
    assert any("older (wheel, Home)" in row for row in newest), newest  # it says moves are out of view
    assert lines[-1].split(" ")[0] in " ".join(newest) and lines[0] not in newest
    assert not_opening_mid_line(newest)
    wheel(app, 1, surface)
    older = drawn_log_rows(app, surface, monkeypatch)
    assert not_opening_mid_line(older)
    assert older != newest and any("newer (wheel, End)" in row for row in older), older
    wheel(app, 200, surface)
    oldest = drawn_log_rows(app, surface, monkeypatch)
    assert lines[0] in oldest or any(lines[0].startswith(row) for row in oldest), (lines[0], oldest)
    assert not any("older (wheel" in row for row in oldest)
    key(app, pygame.K_END, surface)
    assert drawn_log_rows(app, surface, monkeypatch) == newest
    key(app, pygame.K_HOME, surface)
    paged = drawn_log_rows(app, surface, monkeypatch)
    assert paged != newest and any("newer (wheel, End)" in row for row in paged)
    wheel(app, -200, surface)  # scrolled down to the newest rows, the log follows the game again
    assert scene.log_first is None


def drawn_sheet_texts(app: SceneStack, surface: pygame.Surface, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the score sheet writes (its title and its grid) when the window draws once more."""
    seen: list[str] = []
    real_grid, real_fit = score_grid._text, dialogs.fit_text

    def grid(surf, s, *args, **kw):  # type: ignore[no-untyped-def]
        seen.append(s)
        return real_grid(surf, s, *args, **kw)

    def fit(surf, s, *args, **kw):  # type: ignore[no-untyped-def]
        seen.append(s)
        return real_fit(surf, s, *args, **kw)

    monkeypatch.setattr(score_grid, "_text", grid)
    monkeypatch.setattr(dialogs, "fit_text", fit)
    app.draw(surface)
    monkeypatch.undo()
    return seen


def play_to_first_sheet(c: Controller, app: SceneStack, scene: TableScene) -> None:
    """Plays the human seat greedily (bots between) until the window shows a score sheet."""
    helper = make_bot(c.game_id, "greedy", seed=7)
    for _ in range(3000):
        c.run_bots_until_human()
        scene.update(0.0)
        if isinstance(app.top, ScoreScene):
            return
        assert c.play(helper.choose(c.state.clone())), c.message
        scene.update(0.0)
        if isinstance(app.top, ScoreScene):
            return
    pytest.fail("no score sheet")


@pytest.mark.parametrize(("game", "lang", "words"), [("romme", "en", "went out"), ("koenigs", "de", "ist raus")])
def test_the_score_sheet_of_a_deal_says_who_went_out(game, lang, words, surface, monkeypatch):
    c = Controller(game, seats(3), seed=3, lang=lang)
    app, scene = open_table(c, surface, SMALL)
    play_to_first_sheet(c, app, scene)
    row = scene.book.rows[-1]
    assert row.out is not None and row.how in ("out", "hand_romme")
    assert row.left is not None and row.left[row.out] == []  # the seat named is one whose hand went empty
    name = c.seats[row.out].name
    texts = drawn_sheet_texts(app, surface, monkeypatch)
    assert any(name in s and words in s for s in texts), texts  # the title: 'Scores after this round: You went out'
    assert score_grid.word(row.how, lang) in texts  # and the mark beside that seat's points


def test_a_rummy_deal_ended_by_the_stock_says_nobody_went_out(surface, monkeypatch):
    c = Controller("rummy", seats(3), seed=3, lang="en")
    app, scene = open_table(c, surface, SMALL)
    play_to_first_sheet(c, app, scene)
    assert c.state.is_over and c.state.result().detail["reason"] == "stock"
    assert "stock empty" in drawn_sheet_texts(app, surface, monkeypatch)


@pytest.mark.parametrize("game", ["rummy", "koenigs"])
def test_after_the_hot_seat_curtain_the_message_names_who_played(game, surface):
    """Bea lifted the curtain to 'pass' on the message line: whose pass? It reads 'You: pass ...' now."""
    c = Controller(game, [Seat("You"), Seat("Bea")], seed=21, bot_delay=0.0)
    app, scene = open_table(c, surface, SMALL)
    helper = make_bot(game, "greedy", seed=7)
    while c.state.current_player == 0:  # You's turn (a greedy bot's choices)
        move = helper.choose(c.state.clone())
        assert c.play(move), c.message
        app.update(0.0)
    assert isinstance(app.top, CurtainScene)
    send(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(10, 10)), surface)  # Bea lifts it
    assert c.viewer == 1 and app.top is scene
    assert c.message.startswith("You: ") and len(c.message) > len("You: "), c.message
    assert c.play(helper.choose(c.state.clone()))
    assert c.message.startswith("Bea: "), c.message


def test_a_hint_on_the_board_marks_the_melds_it_lays_and_the_hand_cards_in_them(surface, monkeypatch):
    """The hint laid out on the board showed its melds like the table's own: which were new, and which cards
    came from the hand, was left to the player to work out."""
    from romme.table import place_table

    for seed in range(1, 40):  # a deal where the hint lays new melds beside melds already on the table
        c = Controller("rummy", seats(2), seed=seed, lang="en")
        assert play_until(c, lambda c: len(c.melds()) >= 2 and c.state.phase in ("play", "open"))
        app, scene = open_table(c, surface, SMALL)
        table = [sorted(m) for m in c.melds()]
        key(app, pygame.K_h, surface)
        hinted = place_table(c.hint_move) if c.hint_move is not None else None
        if c.editor is not None and hinted is not None and any(sorted(m) in table for m in hinted):
            break
    else:
        pytest.fail("no hint beside the table's melds")
    left = [sorted(m) for m in table]
    new = []
    for meld in hinted:
        if sorted(meld) in left:
            left.remove(sorted(meld))
        else:
            new.append(sorted(meld))
    boxes: list[pygame.Rect] = []
    selected: list[str] = []
    real_mark, real_card = table_draw.mark_new_meld, table_draw.draw_card

    def mark(surf: pygame.Surface, box: pygame.Rect, lang: str) -> None:
        boxes.append(box)
        real_mark(surf, box, lang)

    monkeypatch.setattr(table_draw, "mark_new_meld", mark)

    def card(surf, rect, game, token, selected_=False, **kw):  # type: ignore[no-untyped-def]
        if kw.get("selected", selected_) and rect.y < scene.compute_layout().hand[0].y:
            selected.append(token)
        return real_card(surf, rect, game, token, **kw)

    monkeypatch.setattr(table_draw, "draw_card", card)
    app.draw(surface)
    monkeypatch.undo()
    lay = scene.compute_layout()
    boxed = [k for k, rects in enumerate(lay.melds) if rects and any(b.contains(rects[0]) for b in boxes)]
    marked = [sorted(scene.melds()[k]) for k in boxed]
    assert sorted(marked) == sorted(new) and new, (marked, new)
    assert sorted(selected) == sorted(c.editor.placed), (selected, c.editor.placed)  # the hand's cards, marked


def test_the_solitaire_hint_outlines_the_turned_card_when_it_drops_that(surface, monkeypatch):
    """'hint: place 3 Kt' keeps hand 3 as it is and takes the turned Kt out: the hint outlined nothing."""
    found = None
    for seed in range(5, 30):  # rare: deal 5 has one such hint in its first 30 steps
        c = Controller("koenigs-solo", [Seat("You")], seed=seed, bot_delay=0.0)
        app, scene = open_table(c, surface, SMALL)
        for _ in range(30):
            key(app, pygame.K_h, surface)
            hint = c.hint_move.to_json() if c.hint_move is not None else {}
            turned = c.observation().get("turned")
            row = sorted(c.observation()["hands"], key=int).index(str(hint.get("hand")))
            if hint.get("card") == turned and turned not in c.melds()[row]:
                found = (c, app, scene)
                break
            if not c.play(c.hint_move):
                break
        if found:
            break
    assert found, "no hint dropped the turned card"
    c, app, scene = found
    drawn = [(rect, token) for rect, token, kw in drawn_cards(app, surface, monkeypatch) if kw.get("selected")]
    assert drawn == [(scene.compute_layout().discard, c.observation()["turned"])], drawn


def test_a_resumed_or_loaded_hot_seat_game_opens_behind_the_curtain(surface, tmp_path):
    """Resume (L) of You and Bea's Rummy showed Bea's hand at once to whoever sat at the screen."""
    from romme_table import autosave, table_saves
    from romme_table.start_screen import StartModel

    c = Controller("rummy", [Seat("You"), Seat("Bea")], seed=11, bot_delay=0.0)
    app, scene = open_table(c, surface, SMALL)
    app.save_dir = tmp_path
    app.update(0.0)
    assert isinstance(app.top, CurtainScene)  # a new hot-seat game too: You may not be the one at the screen
    send(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(10, 10)), surface)
    assert c.play("pass")
    table_saves.save_game(scene)
    saved = table_saves.save_path(scene)
    model = StartModel(game="rummy", seats=[Seat("You"), Seat("Bea")])
    resumed, why = autosave.resume(saved, model, "en")
    assert resumed is not None, why
    app2, scene2 = open_table(resumed, surface, SMALL)
    app2.update(0.0)
    assert isinstance(app2.top, CurtainScene) and resumed.state.current_player == 1
    key(app2, pygame.K_RETURN, surface)
    assert resumed.viewer == 1 and app2.top is scene2


def test_a_card_drawn_beside_an_equal_one_is_marked_where_it_went(surface, monkeypatch):
    """Königs-Rommé, two decks: 3h held since the deal, a second 3h taken from the pile joined the hand at its
    end, and the first 3h got the 'new' mark."""
    for seed in range(1, 200):
        c = Controller("koenigs", seats(2), seed=seed, lang="en")
        c.run_bots_until_human()
        top = c.observation().get("discard_top")
        if top in c.hand() and c.state.phase == "draw":
            break
    else:
        pytest.fail("no deal with the open card in the hand")
    app, scene = open_table(c, surface, SMALL)
    lay = scene.compute_layout()
    send(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=lay.discard.center))
    send(app, pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=lay.discard.center))
    app.update(0.0)
    hand = c.hand()
    assert hand[-1] == top and hand.count(top) == 2, hand
    marks = drawn_rects(scenes.FRESH, app, surface, monkeypatch)
    lay = scene.compute_layout()
    assert [m.center for m in marks] == [lay.hand[-1].center], (marks, lay.hand[-1])


def test_x_on_a_card_that_would_go_out_asks_as_the_drop_on_the_pile_does(surface):
    """Königs-Rommé: 8s selected, X discarded it and the hand stayed, though discarding it went out (the
    buttons said '1. go out, discarding 8s'); a drop on the pile asks 'Go out with 8s?'."""
    from romme_table.dialogs import ConfirmScene

    for seed in range(1, 300):
        c = Controller("koenigs", seats(2), seed=seed, lang="en")
        c.run_bots_until_human()
        draws = [m for m in c.state.legal_moves() if str(m).startswith("draw")]
        c.play(draws[0])
        outs = [m for m in c.state.legal_moves() if m.to_json().get("kind") == "out"]
        if outs:
            break
    else:
        pytest.fail("no deal goes out in its first turn")
    app, scene = open_table(c, surface, SMALL)
    card = outs[0].to_json()["card"]
    at = scene.compute_layout().hand[c.hand().index(card)].center
    send(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=3, pos=at), surface)  # right click selects it
    assert c.selected_tokens() == [card]
    before = len(c.state.history)
    key(app, pygame.K_x, surface)
    assert isinstance(app.top, ConfirmScene) and len(c.state.history) == before, c.message
    key(app, pygame.K_RETURN, surface)
    assert c.state.history[-1] == outs[0]


def test_cards_taken_back_by_undo_are_not_marked_new(surface):
    """Räuber-Rommé: 7c drawn, 6c 7c laid with a table joker, Undo: both came back marked 'new' as if drawn."""
    from collections import Counter

    for seed in range(1, 80):
        c = Controller("romme", seats(2), seed=seed, lang="en", rules="rauber")
        c.run_bots_until_human()
        app, scene = open_table(c, surface, SMALL)
        held = Counter(c.hand())
        key(app, pygame.K_d, surface)  # draw from the stock
        app.update(0.0)
        lays = [m for m in c.state.legal_moves() if m.to_json().get("kind") not in ("discard", "draw")]
        if lays:
            break
    else:
        pytest.fail("no deal lays a meld after its first draw")
    drawn = Counter(c.hand()) - held
    assert scene.fresh == drawn
    assert c.play(lays[0])
    app.update(0.0)
    assert (held + drawn) - Counter(c.hand()) - drawn  # cards held since the deal went to the table
    key(app, pygame.K_u, surface)
    app.update(0.0)
    assert Counter(c.hand()) == held + drawn and scene.fresh == drawn, (scene.fresh, drawn)


def test_the_rebuilt_table_says_so_on_the_message_line_until_left(surface):
    """T opened the table for rebuilding with nothing but other buttons to tell (the line kept 'draw stock')."""
    c = Controller("rummy", seats(2), seed=3, lang="en")
    c.run_bots_until_human()
    app, scene = open_table(c, surface, SMALL)
    key(app, pygame.K_t, surface)
    assert c.editor is not None and c.message.startswith("Rebuilding the table"), c.message
    key(app, pygame.K_ESCAPE, surface)
    assert c.editor is None and c.message == ""


def test_a_hint_outline_does_not_outlive_a_load(surface, tmp_path):
    """Solitaire: H outlined Kt in hand 4; Load put another game of as many moves on the table and Kt stayed
    outlined there."""
    from romme.engine import new_game
    from romme_table import table_saves

    c = Controller("koenigs-solo", [Seat("You")], seed=5, bot_delay=0.0)
    app, scene = open_table(c, surface, SMALL)
    app.save_dir = tmp_path
    other = Controller("koenigs-solo", [Seat("You")], seed=6, bot_delay=0.0)
    _, other_scene = open_table(other, surface, SMALL)
    other_scene.app.save_dir = tmp_path
    table_saves.save_game(other_scene)  # the save L loads: another deal, as many moves (none)
    key(app, pygame.K_h, surface)
    assert c.hinted_table_card() is not None
    key(app, pygame.K_l, surface)  # (no move made: loaded without a question)
    assert c.state.seed == new_game("koenigs-solo", players=1, seed=6).seed and not c.state.history
    assert c.hinted_table_card() is None


def test_the_krass_reserve_label_stays_left_of_the_tricks_labels_at_800x600(surface, monkeypatch):
    """'Your reserve (drag into the hand)' ran under the trick's 'You / pair 3' label."""
    from romme_table.i18n import t

    c = Controller("krass", seats(3), seed=9, lang="en")
    c.run_bots_until_human()
    app, scene = open_table(c, surface, SMALL)
    assert c.own_reserves()
    drawn = drawn_texts(app, surface, monkeypatch)
    lay = scene.compute_layout()
    head, _, how = t("reserves", "en").partition(" (")
    rows = [d for d in drawn if d[0] in (head, f"({how}")]  # two rows over the cards
    assert len(rows) == 2, drawn
    for label, (x, _), sz in rows:
        assert x + scenes.font(sz).size(label)[0] <= lay.meld_area.x, (label, x, lay.meld_area.x)


def test_the_krass_card_to_put_into_the_hand_is_shown_to_its_drawer_only(surface, monkeypatch):
    """Krass Kariert: after a draw card the buttons said 'insert at place 0..2' but the drawn card was shown
    nowhere: it went into the hand unseen."""
    c = Controller("krass", [Seat("You"), Seat("Bot 1", "bot"), Seat("Bot 2", "bot")], seed=9, lang="en")
    assert play_until(c, lambda c: c.observation().get("phase") == "insert" and c.is_human_turn())
    card = c.observation()["drawing"]["card"]
    app, scene = open_table(c, surface, SMALL)
    drawn = [(rect, token) for rect, token, _ in drawn_cards(app, surface, monkeypatch)]
    lay = scene.compute_layout()
    assert (lay.discard, card) in drawn, drawn
    c.viewer = 1  # what another seat's screen shows of the same moment: no card there
    scene.layout = None
    drawn = [(rect, token) for rect, token, _ in drawn_cards(app, surface, monkeypatch)]
    assert not [d for d in drawn if d[0] == scene.compute_layout().discard]


@pytest.mark.parametrize("game", ["koenigs", "krass"])
def test_the_move_log_marks_where_a_round_ended_also_after_a_load(game, surface):
    """Königs-Rommé at 800x600: 'Bot 2: discard Qt, lays Jd Jh 3s' and the next round's 'Bea: draw stock' ran
    together in the log, nothing said a new round had begun."""
    from romme.engine import new_game
    from romme_table.replayed import replayed

    c = Controller(game, seats(3), seed=5, lang="en")
    assert play_until(c, lambda c: len(c.round_ends) >= 1 and len(c.state.history) > max(c.round_ends) + 2)
    app, scene = open_table(c, surface, SMALL)
    assert c.round_ends == replayed(c.state, c.viewer, "en").ends  # as a loaded game finds them
    lines = move_log.log_lines(game, c.state.history, [s.name for s in c.seats], "en", 10000, None, c.round_ends)
    at = lines.index("— round 1 over —")
    replay = new_game(game, players=3, seed=c.state.seed, rules=c.state.rules)
    marker = [replay.observation(0).get(k) for k in ("round", "deal")]
    for move in c.state.history[:at]:
        assert [replay.observation(0).get(k) for k in ("round", "deal")] == marker  # no round ended before it
        replay.apply(move)
    assert [replay.observation(0).get(k) for k in ("round", "deal")] != marker  # its move ended round 1
    rows = scene.log_rows(200)
    if game == "koenigs":  # how it ended and the points (test_gui_round_over_words)
        assert any(row.startswith("— round 1 over: ") for row in rows), rows
    else:  # Krass Kariert's deals, with who paid a chip (test_gui_krass_deal_words)
        assert any(row.startswith("— deal 1 over: ") for row in rows), rows


def test_a_draw_hint_outlines_its_pile(surface, monkeypatch):
    """Königs-Rommé: 'hint: draw discard — lay Kh Ks 3d' outlined nothing; the pile it names is outlined now."""
    seen: set[str] = set()
    for seed in range(1, 40):
        c = Controller("koenigs", seats(2), seed=seed, lang="en")
        c.run_bots_until_human()
        app, scene = open_table(c, surface, SMALL)
        key(app, pygame.K_h, surface)
        source = c.hint_move.to_json().get("source") if c.hint_move is not None else None
        if source not in ("stock", "discard") or source in seen:
            continue
        seen.add(source)
        marked = selected_cards(app, surface, monkeypatch)
        lay = scene.compute_layout()
        assert marked == [lay.stock if source == "stock" else lay.discard], (source, marked)
        key(app, pygame.K_d, surface)  # a card drawn: the mark goes
        marked = selected_cards(app, surface, monkeypatch)
        assert lay.stock not in marked and lay.discard not in marked
        if seen == {"stock", "discard"}:
            return
    pytest.fail(f"hints drew only from {seen}")


def test_a_rummy_pass_is_logged_with_the_card_it_takes(surface):
    """Rummy's log read 'Bot 1: pass' (the button says 'pass, draw a card'): a pass takes a stock card."""
    c = Controller("rummy", seats(2), seed=3, lang="en", bot_delay=0.0)
    c.run_bots_until_human()
    app, scene = open_table(c, surface, SMALL)
    assert c.play("pass")
    app.update(0.0)
    c.run_bots_until_human()
    app.update(0.0)
    names = [s.name for s in c.seats]
    lines = move_log.log_lines("rummy", c.state.history, names, "en", 1000, scene.log_notes)
    passes = [line for line, m in zip(lines, c.state.history) if str(m) == "pass"]
    assert passes and all(line.endswith("pass, draw a card") for line in passes), lines
    fresh = Controller("rummy", seats(2), seed=3, lang="en")  # a loaded game's log says the same
    fresh.replace_state(c.state.clone())
    _, loaded = open_table(fresh, surface, SMALL)
    assert move_log.log_lines("rummy", c.state.history, names, "en", 1000, loaded.log_notes) == lines


def test_the_solitaire_hint_frames_its_card_over_the_next_one(surface, monkeypatch):
    """'hint: hand 10: drop 5t' outlined 5t as a selected card, its outline half under the next card: at 800x600
    a thin yellow sliver among 83 small cards. A frame is now drawn round it over its neighbours' edges: round the
    part of it in sight (round its whole card it read as a frame round the card over it, play-test X3)."""
    from romme_table.board_keys import in_sight

    c = Controller("koenigs-solo", [Seat("You")], seed=5, bot_delay=0.0)
    app, scene = open_table(c, surface, SMALL)
    key(app, pygame.K_h, surface)
    row, card = c.hinted_table_card()  # type: ignore[misc]
    frames = drawn_rects(table_draw.HINTED, app, surface, monkeypatch)
    lay = scene.compute_layout()
    at = scene.melds()[row].index(card)
    seen = in_sight(lay.melds[row], at)
    assert frames == [seen.inflate(6, 6)], (frames, seen)


def test_behind_a_score_sheet_no_bot_is_said_to_be_thinking(surface):
    """Königs-Rommé: the sheet after round 1 lay over the table (the bots wait for it) while the status line
    under it said 'Bea is thinking…' for as long as the player read the sheet."""
    for seed in range(5, 40):  # a deal whose round 2 a bot opens
        c = Controller("koenigs", [Seat("You"), Seat("Bea", "bot"), Seat("Bot 2", "bot")], seed=seed, lang="en")
        app, scene = open_table(c, surface, SMALL)
        play_to_first_sheet(c, app, scene)
        if not c.is_human_turn():
            break
    else:
        pytest.fail("the human opened every round 2")
    for _ in range(3):
        app.update(0.0)
    assert isinstance(app.top, ScoreScene) and c.status() == f"{c.seats[c.state.current_player].name} moves next"
    moves = len(c.state.history)
    key(app, pygame.K_RETURN, surface)
    key(app, pygame.K_f, surface)  # the flights land at once: the bot starts at the next frame
    app.update(0.0)
    assert "thinking" in c.status() or len(c.state.history) > moves, c.status()


def test_a_hint_on_the_board_shows_what_its_joker_stands_for(surface, monkeypatch):
    """Rummy: 'hint: lay out: B4 G4 Y4 | B13 R13 *=G13' was laid out with a bare joker; on the table a joker
    shows '=G13'."""
    for seed in range(1, 40):
        c = Controller("rummy", seats(2), seed=seed, lang="en")
        c.run_bots_until_human()
        app, scene = open_table(c, surface, SMALL)
        key(app, pygame.K_h, surface)
        texts = c.hint_move.meld_texts() if c.editor is not None else []
        wild = [tok.split("=")[1] for text in texts for tok in text.split() if "=" in tok]
        if wild:
            break
    else:
        pytest.fail("no hint laid a joker out")
    tags = [kw.get("tag", "") for _, _, kw in drawn_cards(app, surface, monkeypatch)]
    assert sorted(tag[1:] for tag in tags if tag.startswith("=")) == sorted(wild), (tags, wild)
    moves = len(c.state.history)
    key(app, pygame.K_e, surface)  # the hinted table, declared as the hint declared it, is played
    assert len(c.state.history) == moves + 1 and str(c.state.history[-1]) == str(c.hint_move), c.message


@pytest.mark.parametrize("game", ["koenigs", "romme", "koenigs-solo"])
def test_pile_labels_stay_in_their_columns_at_the_smallest_window(game, surface, monkeypatch):
    """At 640x420 in German 'Stapel 85' ran into 'Ablage', and the solitaire's 'Aufgedeckt' into 'Hand 5'."""
    from romme_table.demo import mid_game
    from romme_table.i18n import t

    size = (640, 420)
    small = pygame.Surface(size)  # the window's picture at the smallest size
    c = mid_game(game, moves=8, lang="de")
    app, scene = open_table(c, small, size)
    drawn = drawn_fit_texts(app, small, monkeypatch)
    lay = scene.compute_layout()
    ends = {}
    for s, (x, _), width, size in drawn:
        shown, sz = scenes.fitted(s, width, size)
        ends[s.split(" ")[0]] = x + scenes.font(sz).size(shown)[0]
    pile = t("turned" if game == "koenigs-solo" else "discard", "de")
    assert ends[t("stock", "de")] <= lay.discard.x and ends[pile] <= lay.meld_area.x, (ends, lay.discard, lay.meld_area)


def test_a_click_on_the_logs_marks_turns_its_pages(surface, monkeypatch):
    """The log's 'older' and 'newer' marks looked like buttons and a click on them did nothing."""
    c = Controller("rummy", seats(3), seed=4, lang="en")
    assert play_until(c, lambda c: len(c.state.history) >= 60)
    app, scene = open_table(c, surface, SMALL)
    newest = drawn_log_rows(app, surface, monkeypatch)
    rect = table_draw.log_rect(scene, scene.compute_layout())
    assert rect is not None
    title, room = move_log.log_room(rect, "en")
    top = rect.y + 8 + len(title) * move_log.LOG_FONT
    click(app, (rect.centerx, top + 4), surface)  # the 'older' mark
    older = drawn_log_rows(app, surface, monkeypatch)
    assert older != newest and scene.log_first is not None
    shown = move_log.shown_rows(len(scene.log_rows(rect.w - 12)), room)
    click(app, (rect.centerx, top + (shown + 1) * move_log.LOG_FONT + 4), surface)  # the 'newer' mark
    assert drawn_log_rows(app, surface, monkeypatch) == newest and scene.log_first is None


def test_the_new_frame_of_a_drawn_card_stays_off_the_next_card(surface, monkeypatch):
    """1x1-Rommé at 800x600: the 'new' frame round K5 ran along the top of K8 beside it, and both read as new."""
    for seed in range(1, 60):
        c = Controller("einmaleins", seats(2), seed=seed, lang="en")
        c.run_bots_until_human()
        app, scene = open_table(c, surface, SMALL)
        key(app, pygame.K_d, surface)
        app.update(0.0)
        lay = scene.compute_layout()
        at = [i for i, tok in enumerate(c.hand()) if scene.fresh[tok]]
        if at and at[-1] + 1 < len(lay.hand) and lay.hand[at[-1] + 1].x < lay.hand[at[-1]].right:
            break
    else:
        pytest.fail("no drawn card sat under the next one")
    frames = drawn_rects(scenes.FRESH, app, surface, monkeypatch)
    i = at[-1]
    assert len(frames) == 1 and frames[0].right <= lay.hand[i + 1].x and frames[0].x < lay.hand[i].x, frames


def test_a_card_dropped_on_the_meld_whose_joker_it_is_swaps_the_joker(surface):
    """Rommé: Ad dragged onto 'Qd Kd *=Ad' was tried as a lay-off and refused ('Ad does not extend run Qd Kd
    *=Ad'); the game lists 'swap 1 Ad' for it: the joker comes to the hand."""
    c = Controller("romme", seats(3), seed=31, lang="en")
    c.run_bots_until_human()
    assert c.play("draw stock") and c.play("lay Qd Kd *"), c.message
    app, scene = open_table(c, surface, SMALL)
    lay = scene.compute_layout()
    before = len(c.state.history)
    drag(app, lay.hand[c.hand().index("Ad")].center, lay.melds[0][0].center, surface)
    assert len(c.state.history) == before + 1 and str(c.state.history[-1]) == "swap 1 Ad", c.message
    assert "*" in c.hand() and "Ad" in c.melds()[0]
