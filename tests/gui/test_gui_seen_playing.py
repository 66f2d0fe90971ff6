"""Headless: what playing each table under Xvfb showed (each test names what was seen), driven through
tests/helpers/gui_driver."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from gui_driver import key, open_table, open_window

from romme_table.controller import Controller, Seat

SMALL = (800, 600)


@pytest.fixture(scope="module")
def surface() -> Iterator[pygame.Surface]:
    yield from open_window(SMALL)


def test_a_hinted_stock_is_outlined_on_screen(surface):
    """'hint: draw stock — it leaves 10 points' (Königs-Rommé at 800x600 under Xvfb): the stock was asked to be
    drawn outlined, but a card's back drew no outline; its edge is now the selection's colour until the draw."""
    from romme_table.cards_draw import SELECT

    for seed in range(1, 40):
        c = Controller("koenigs", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=seed, bot_delay=0.0)
        c.run_bots_until_human()
        app, scene = open_table(c, surface, SMALL)
        key(app, pygame.K_h, surface)
        if c.hinted_pile() != "stock":
            continue
        lay = scene.compute_layout()
        edge = (lay.stock.x + 1, lay.stock.centery)
        assert tuple(surface.get_at(edge))[:3] == SELECT
        key(app, pygame.K_d, surface)  # the card drawn: the outline goes
        assert tuple(surface.get_at(edge))[:3] != SELECT
        return
    pytest.fail("no hint drew from the stock")


def test_a_last_turn_discard_button_names_the_melds_it_lays(surface):
    """Königs-Rommé's last turn (Bot 1 went out): the buttons read 'discard 6h' while the hint said 'discard 6h
    — lay 5t 5t *'; a discard there lays the rest of the hand, and its button now says which melds."""
    from gui_driver import play_until

    from romme_table.move_log import koenigs_words

    for seed in range(1, 30):
        c = Controller("koenigs", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=seed, bot_delay=0.0)

        def last_turn_discard(c: Controller) -> bool:
            return isinstance(c.observation().get("out_player"), int) and any(
                koenigs_words(m, c.state, "en") for m in c.state.legal_moves()
            )

        if not play_until(c, last_turn_discard):
            continue
        app, scene = open_table(c, surface, SMALL)
        labels = [label for label, _ in scene._buttons()]
        laying = [m for m in c.state.legal_moves() if koenigs_words(m, c.state, "en")]
        for m in laying:
            words = koenigs_words(m, c.state, "en")
            assert words is not None and ", lay " in words
            assert any(label.endswith(words) for label in labels), (words, labels)
        return
    pytest.fail("no last turn with a discard that lays melds")


def test_a_round_where_every_hand_was_emptied_takes_a_short_row(surface, monkeypatch):
    """Königs-Rommé's round 1 where both seats laid every card: the sheet gave 'Round 1' a 70 px row for cards
    left and drew none, a wide gap above the total (800x600 under Xvfb)."""
    from romme_table import score_grid
    from romme_table.score_grid import ROW_H, RoundRow, ScoreBook

    book = ScoreBook(last_scores=[0, 0], start=[0, 0])
    book.rows = [RoundRow([0, 0], [[], []], 1, "out"), RoundRow([5, 0], [["5t"], []], 1, "out")]
    book.last_scores = [5, 0]
    seen: dict[str, int] = {}
    real = score_grid._text

    def record(surf: pygame.Surface, s: str, pos: tuple[int, int], *a: object) -> pygame.Rect:
        seen.setdefault(s, pos[1])
        return real(surf, s, pos, *a)  # type: ignore[arg-type]

    monkeypatch.setattr(score_grid, "_text", record)
    score_grid.draw_grid(surface, pygame.Rect(0, 0, 700, 400), "koenigs", ["You", "Bot 1"], book, "en")
    # the row of a hand with cards left is tall, the round where every hand was emptied stays short beside it
    assert seen["Round 2"] - seen["Round 1"] <= ROW_H < seen["Total"] - seen["Round 2"]
    book.rows[1] = RoundRow([0, 0], [[], []], 1, "out")
    seen.clear()
    score_grid.draw_grid(surface, pygame.Rect(0, 0, 700, 400), "koenigs", ["You", "Bot 1"], book, "en")
    assert seen["Round 2"] - seen["Round 1"] <= ROW_H


def test_a_selected_card_dragged_to_new_meld_takes_the_selection_along(surface, monkeypatch):
    """Rummy at 800x600: R7 R8 R9 selected (raised) and R9 dragged onto 'new meld' put R9 alone in the draft and
    dropped the selection; the drag carries the selected cards (drawn along under the mouse) into one meld."""
    import itertools

    from gui_driver import click, drawn_cards, send

    from romme_table.meld_draft import meld_points

    c = Controller("rummy", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=21, bot_delay=0.0)
    c.run_bots_until_human()
    hand = c.hand()
    combo = next(
        list(k)
        for k in itertools.combinations(range(len(hand)), 3)
        if meld_points("rummy", [hand[i] for i in k], {}) is not None
    )
    app, scene = open_table(c, surface, SMALL)
    for i in combo:
        card = scene.compute_layout().hand[i]
        click(app, (card.x + 4, card.centery))  # the part the next card leaves in view
    assert sorted(c.selected) == combo
    lay = scene.compute_layout()
    start = (lay.hand[combo[1]].x + 4, lay.hand[combo[1]].centery - 14)  # raised
    send(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=start))
    send(app, pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 300), rel=(0, 0), buttons=(1, 0, 0)))
    under_mouse = [token for rect, token, how in drawn_cards(app, surface, monkeypatch) if rect.collidepoint(300, 300)]
    assert set(under_mouse) >= {hand[combo[1]]}
    assert len([tok for tok in under_mouse if tok in [hand[i] for i in combo]]) >= 2
    send(app, pygame.event.Event(pygame.MOUSEMOTION, pos=lay.new_meld.center, rel=(0, 0), buttons=(1, 0, 0)))
    send(app, pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=lay.new_meld.center), surface)
    assert scene.draft_groups() == [[hand[i] for i in combo]]
    assert not c.selected


@pytest.mark.parametrize("game", ["rummy", "einmaleins"])
def test_a_lay_off_is_named_as_one_not_as_a_rebuilt_meld(game):
    """Rummy at 800x600: R11 dropped on R7 R8 R9 R10 was announced 'lay out: R7 R8 R9 R10 R11 (+1 rebuilt)', as if
    five cards were laid out and a meld rebuilt; a place-move that only grows table melds reads 'add R11 to
    R7 R8 R9 R10', and one that lays a new meld beside names both."""
    from collections import Counter

    from gui_driver import play_until

    from romme.cards import jokers_named
    from romme.table import place_table
    from romme_table.move_log import short_meld

    def lay_off_listed(c: Controller) -> bool:
        return any(_grown_melds(c, m) for m in c.state.legal_moves())

    def _grown_melds(c: Controller, move: object) -> list[tuple[list[str], list[str]]]:
        """(table meld, cards added) for each meld the move grows, when that is all it does to the table."""
        new = place_table(move)
        table = c.melds()
        if new is None or len(new) != len(table):
            return []
        grown = [(old, list((Counter(m) - Counter(old)).elements())) for old, m in zip(table, new) if old != m]
        ok = all(not (Counter(old) - Counter(m)) for old, m in zip(table, new))
        return grown if ok and grown else []

    c = Controller(game, [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=4, bot_delay=0.0)
    assert play_until(c, lay_off_listed)
    move = next(m for m in c.state.legal_moves() if _grown_melds(c, m))
    expected = " · ".join(f"add {' '.join(cards)} to {short_meld(old)}" for old, cards in _grown_melds(c, move))
    assert c.label(move) == jokers_named(expected, game)
    assert "rebuilt" not in c.label(move)


@pytest.mark.parametrize(
    ("game", "seats", "rules", "line"),
    [
        ("romme", 3, None, "Deal 1 — target 500"),
        ("krass", 4, None, "Deal 1"),
        ("einmaleins", 2, {"target": 150}, "Game 1 — ends at 150"),
        ("einmaleins", 2, None, None),
        ("rummy", 2, None, None),
    ],
)
def test_the_table_says_which_deal_is_played(game, seats, rules, line, surface, monkeypatch):
    """Räuber-Rommé with three seats at 800x600: nothing at the table named the deal nor the match's target (the
    scores alone); Königs-Rommé says 'Round 1 — wild 3'. A game of one deal has no such line."""
    from gui_driver import drawn_fit_texts

    names = [Seat("You")] + [Seat(f"Bot {i}", "bot", "greedy") for i in range(1, seats)]
    c = Controller(game, names, seed=3, rules=rules, bot_delay=0.0)
    app, scene = open_table(c, surface, SMALL)
    lay = scene.compute_layout()
    texts = [d[0] for d in drawn_fit_texts(app, surface, monkeypatch) if d[1] == (lay.info.x, lay.info.y + 18)]
    if line is None:
        assert not [s for s in texts if s.startswith(("Deal", "Game"))], texts
    else:
        assert texts[0] == line


@pytest.mark.parametrize(("game", "totals"), [("einmaleins", [0, 100, 200, 300, 500, 1000, 2000]), ("romme", None)])
def test_a_total_to_play_to_steps_through_round_numbers(game, totals):
    """1x1-Rommé's house rules at 800x600: 'game ends at points' stepped 0, 5, 10, 20 (a series ending after its
    first game); a total to play to steps through round totals, and Rommé's 500 can become 1000."""
    from romme_table.start_screen import StartModel

    model = StartModel(game=game)
    seen = [model.value("target")]
    for _ in range(8):
        model.toggle_option("target")
        seen.append(model.value("target"))
    if totals is not None:
        assert seen[: len(totals) + 1] == totals + [totals[0]]
    else:
        assert 1000 in seen and 500 in seen and all(v % 100 == 0 for v in seen)
    model = StartModel(game=game)
    before = model.value("opening_points")
    model.toggle_option("opening_points")  # a small count still steps by 5 round its default
    assert model.value("opening_points") == before + 5


def test_a_1x1_one_card_in_a_run_shows_what_it_stands_for(surface, monkeypatch):
    """1x1-Rommé at 800x600 under Xvfb: 'D15 D30 D1' lay on the table with the wish card's '=H11' shown beside
    it but nothing on D1, which the run reads as D45; a 1-card standing for another card is tagged as a wild."""
    from gui_driver import drawn_cards, play_until

    def one_card_wild(c: Controller) -> bool:
        return any(
            card != stands and not card.startswith("W")
            for meld in c.observation().get("table") or []
            for card, stands in zip(meld["cards"], meld["stands_for"])
        )

    c = Controller("einmaleins", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=41, bot_delay=0.0)
    assert play_until(c, one_card_wild)
    wanted = {
        (card, f"={stands}")
        for meld in c.observation()["table"]
        for card, stands in zip(meld["cards"], meld["stands_for"])
        if card != stands and not card.startswith("W")
    }
    app, _ = open_table(c, surface, SMALL)
    drawn = {(token, how.get("tag")) for _, token, how in drawn_cards(app, surface, monkeypatch)}
    assert wanted <= drawn, (wanted, drawn)


def test_rommes_deals_are_deals_on_the_sheet_and_in_the_log(surface, tmp_path, monkeypatch):
    """The table said 'Deal 6' while Krass Kariert's sheet (5 seats, 800x600) listed 'Round 1'..'Round 6' and the
    log '— round 1 over —': Rommé's and Krass Kariert's deals are deals everywhere ('Runde' in German)."""
    from gui_driver import played_to_the_end, sheet_texts

    c, app, scene = played_to_the_end("krass", 4, 5, surface, tmp_path)
    names = [s.name for s in c.seats]
    from romme_table.move_log import log_lines

    lines = log_lines(c.game_id, c.state.history, names, "en", 10000, scene.log_notes, c.round_ends, c.unit)
    deals = len(scene.book.rows)
    assert [line for line in lines if line.endswith(" over —")] == [f"— deal {k} over —" for k in range(1, deals + 1)]
    key(app, pygame.K_RETURN, surface)
    texts = sheet_texts(app, surface, monkeypatch)
    assert [s for s in texts if s.startswith("Deal")] == [f"Deal {k}" for k in range(1, deals + 1)]


def test_krass_says_to_take_a_reserve_when_nothing_beats_the_trick(surface, monkeypatch):
    """Krass Kariert at 1400x700 under Xvfb: Bot 2 led '5 3 4 (3-straight 5)', nothing in the hand beat it, and the
    table read 'You: your turn' with no action button at all (reserve cards are taken by dragging, no button
    lists them); the message line now says what to do, and a drag of a reserve card does it."""
    from gui_driver import drag, play_until

    from romme_table import table_draw

    def only_reserves(c: Controller) -> bool:
        kinds = {m.to_json().get("kind") for m in c.state.legal_moves()}
        return c.is_human_turn() and kinds == {"reserve"}

    c = Controller("krass", [Seat("You")] + [Seat(f"Bot {i}", "bot", "greedy") for i in (1, 2)], seed=7)
    assert play_until(c, only_reserves)
    app, scene = open_table(c, surface, SMALL)
    shown: list[str] = []
    real = table_draw.text

    def record(surf: pygame.Surface, s: str, *a: object, **kw: object) -> pygame.Rect:
        shown.append(s)
        return real(surf, s, *a, **kw)  # type: ignore[arg-type]

    with monkeypatch.context() as m:
        m.setattr(table_draw, "text", record)
        app.draw(surface)
    assert "take a reserve card by its buttons" in " ".join(shown), shown
    lay = scene.compute_layout()
    before = len(c.state.history)
    drag(app, lay.reserves[0].center, (lay.hand[0].x - 2, lay.hand[0].centery), surface)
    assert len(c.state.history) == before + 1, c.message
    assert c.state.history[-1].to_json().get("kind") == "reserve"


@pytest.mark.parametrize("game", ["romme", "einmaleins"])
def test_a_hint_to_take_the_discard_says_what_the_card_is_for(game, surface):
    """Räuber-Rommé at 800x600 under Xvfb: 'hint: draw discard' with no reason (Königs-Rommé's says what it
    lays); the reason now reads the hand with the taken card ('draw discard — with Ac: open with Ac 2c 3c, ...')."""
    from romme.bots import make_bot

    for seed in range(1, 30):
        c = Controller(game, [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=seed, bot_delay=0.0)
        helper = make_bot(game, "greedy", seed=1)
        for _ in range(40):
            c.run_bots_until_human()
            if c.state.is_over:
                break
            top = c.observation().get("discard_top")
            app, _ = open_table(c, surface, SMALL)
            key(app, pygame.K_h, surface)
            if c.hint_move is not None and c.hint_move.to_json().get("source") == "discard" and " — " in c.message:
                assert c.message.startswith(f"hint: draw discard {top} — with {top}: "), c.message  # (its card, P8)
                return
            assert c.play(helper.choose(c.state.clone())), c.message
    pytest.fail("no hint took the discard")


def test_the_curtain_names_whose_turn_it_is_and_how_to_lift_it(surface, monkeypatch):
    """Hot seat at 800x600 under Xvfb: the curtain read 'Player 2, click when ready' at its left edge, though
    Enter lifts it too; it now names whose turn it is in the middle and says click or Enter."""
    from romme_table import dialogs
    from romme_table.dialogs import CurtainScene

    c = Controller("einmaleins", [Seat("You"), Seat("Bea")], seed=41, bot_delay=0.0)
    app, scene = open_table(c, surface, SMALL)
    app.update(0.0)
    assert isinstance(app.top, CurtainScene)
    shown: list[str] = []
    real = dialogs.text_image

    def record(s: str, *a: object) -> pygame.Surface:
        shown.append(s)
        return real(s, *a)  # type: ignore[arg-type]

    with monkeypatch.context() as m:
        m.setattr(dialogs, "text_image", record)
        app.draw(surface)
    assert shown == ["Your turn", "The others look away · click or press Enter when ready"]
    app.top.shown_at -= dialogs.SHEET_GRACE  # the next player sat down
    key(app, pygame.K_RETURN, surface)
    assert app.top is scene


def test_sorting_puts_konigs_wild_cards_last_with_the_jokers(surface):
    """Königs-Rommé round 2 (wild 4) at 800x600 under Xvfb: 'Sort by suit' gave 8c 4d 9h Ks 6t, the wild 4d among
    the diamonds; the wild rank's cards now go to the end, before the jokers, in both sorts."""
    from gui_driver import play_until

    c = Controller("koenigs", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=12, bot_delay=0.0)

    def wild_and_other(c: Controller) -> bool:
        hand = c.hand()
        return any(c.is_wild(tok) for tok in hand) and not all(c.is_wild(tok) for tok in hand)

    assert play_until(c, wild_and_other)
    app, _ = open_table(c, surface, SMALL)
    for mode in ("suit", "rank"):
        key(app, pygame.K_o, surface)
        assert c.sort_mode == mode
        hand = c.hand()
        jokers = [c.deck.parse_token(tok) == c.deck.joker for tok in hand]
        kinds = ["joker" if j else "wild" if c.is_wild(tok) else "plain" for tok, j in zip(hand, jokers)]
        assert kinds == sorted(kinds, key=["plain", "wild", "joker"].index), hand


def test_the_first_seat_turned_into_a_computer_is_no_longer_called_you():
    """Start screen at 800x600 under Xvfb: 'You: computer, Easy' — a bot playing as 'You' in the log and on the
    message line; it is 'Bot 1' as a computer (the first computer seat: bots are counted, P5; the next one is
    'Bot 2') and 'You' ('Du') again as a person. A name given by hand stays."""
    from romme.bots import LEVELS
    from romme_table.start_screen import StartModel

    model = StartModel(game="rummy")
    names = []
    for _ in range(len(LEVELS) + 1):
        model.cycle_seat(0)
        names.append((model.seats[0].kind, model.seats[0].name))
    assert all(name == "Bot 1" for kind, name in names if kind == "bot"), names
    assert model.seats[1].name == "Bot 1"  # (back to the first computer when the first seat is a person again)
    assert names[-1] == ("human", "You")
    model.cycle_seat(0, "de")
    for _ in range(len(LEVELS)):
        model.cycle_seat(0, "de")
    assert (model.seats[0].kind, model.seats[0].name) == ("human", "Du")
    model.rename(0, "Ann")
    model.cycle_seat(0)
    assert model.seats[0].name == "Ann"


@pytest.mark.parametrize(
    ("lang", "draw", "stop"), [("en", "draw card", "stop card"), ("de", "Ziehkarte", "Stoppkarte")]
)
def test_krass_special_cards_are_named_as_cards_on_the_trick(lang, draw, stop, surface):
    """Krass Kariert at 1920x1080 under Xvfb: an N card on the trick was labelled 'You / draw', which reads as an
    order to draw; the trick's label and the log name the special cards as cards ('draw card', 'Ziehkarte')."""
    from gui_driver import play_until

    from romme_table.i18n import combination_text
    from romme_table.move_log import log_lines

    assert combination_text("draw", lang) == draw and combination_text("stop", lang) == stop
    c = Controller("krass", [Seat("You")] + [Seat(f"Bot {i}", "bot", "greedy") for i in (1, 2)], seed=7, lang=lang)

    def special_on_trick(c: Controller) -> bool:
        return any(p.get("combination") in ("draw", "stop") for p in c.observation().get("trick") or [])

    assert play_until(c, special_on_trick)
    labels = c.meld_labels()
    assert any(label.endswith(f"\n{draw}") or label.endswith(f"\n{stop}") for label in labels), labels
    app, scene = open_table(c, surface, SMALL)
    names = [s.name for s in c.seats]
    lines = log_lines(c.game_id, c.state.history, names, lang, 10000, scene.log_notes)
    assert any(f"({draw})" in line or f"({stop})" in line for line in lines), lines
