"""Headless: what the table showed cut or worded wrong when played in a real window under Xvfb (the
message line at 800x600, the move log beside a long Rummy list, a loaded game's log), each driven
through the window's own event path (pygame mouse and key events -> intents -> scenes)."""

from __future__ import annotations

import pygame
import pytest
from gui_driver import drawn_log_rows, key, open_table, play_until

from romme.bots import make_bot
from romme_table import cards_draw, move_log, scenes, score_grid, table_draw
from romme_table.controller import Controller, Seat
from romme_table.scenes import SceneStack
from romme_table.table_scene import TableScene


def drawn_card_tags(
    app: SceneStack, surface: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> list[tuple[str | None, str]]:
    """Every card the window draws once more, as (token, the tag word drawn on it)."""
    drawn: list[tuple[str | None, str]] = []
    real = cards_draw.card_image

    def record(game, token, w, h, selected=False, tag="", invalid=False, shown=0, lang="en"):  # type: ignore
        drawn.append((token, tag))
        return real(game, token, w, h, selected, tag, invalid, shown, lang)

    monkeypatch.setattr(cards_draw, "card_image", record)
    app.draw(surface)
    return drawn


def drawn_score_texts(app: SceneStack, surface: pygame.Surface, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the score sheet writes when the window draws once more."""
    lines: list[str] = []
    real = score_grid._text

    def record(surf, s, *args, **kw):  # type: ignore[no-untyped-def]
        lines.append(s)
        return real(surf, s, *args, **kw)

    monkeypatch.setattr(score_grid, "_text", record)
    app.draw(surface)
    return lines


def seats(n: int, level: str = "greedy") -> list[Seat]:
    return [Seat("Du")] + [Seat(f"Bot {i}", "bot", level) for i in range(1, n)]


def message_rows(
    app: SceneStack, scene: TableScene, surface: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> list[tuple[str, int, int]]:
    """The rows drawn in the message line this frame: (text, font size, y)."""
    lay = scene.compute_layout()
    drawn: list[tuple[str, int, int]] = []
    real = table_draw.text

    def record(surf, s, pos, size=22, colour=scenes.TEXT):  # type: ignore[no-untyped-def]
        if pos[0] == lay.message.x and lay.message.top <= pos[1] < lay.message.bottom:
            drawn.append((s, size, pos[1]))
        return real(surf, s, pos, size, colour)

    monkeypatch.setattr(table_draw, "text", record)
    app.draw(surface)
    monkeypatch.setattr(table_draw, "text", real)
    return drawn


# --- a long German message at 800x600 wraps onto two readable rows instead of shrinking and being cut ------
def test_a_long_german_message_is_shown_whole_at_800x600(surface, monkeypatch):
    import shutil
    from pathlib import Path

    small = pygame.Surface((800, 600))
    c = Controller("rummy", seats(2), seed=3, bot_delay=0.0, lang="de")
    c.run_bots_until_human()
    app, scene = open_table(c, small, (800, 600))
    home = Path("/tmp/romme-gui-test")  # a path of fixed width (tmp_path's varies: longer under xdist)
    app.save_dir = home / "anna-maria-mustermann" / ".config" / "romme" / "gespeicherte-spiele"
    key(app, pygame.K_s, small)
    shutil.rmtree(home)
    assert c.message.startswith("gespeichert: ")
    assert scenes.font(17).size(c.message)[0] > scene.compute_layout().message.w, "a message longer than a row"
    rows = message_rows(app, scene, small, monkeypatch)
    assert "".join(s for s, _, _ in rows).replace(" ", "") == c.message.replace(" ", ""), "the message is cut"
    lay = scene.compute_layout()
    for s, size, _ in rows:
        assert size >= 17, f"shrunk to an unreadable {size}"
        assert scenes.font(size).size(s)[0] <= lay.message.w
    assert len({y for _, _, y in rows}) == len(rows) == 2
    assert all(y + 20 <= lay.status.y for _, _, y in rows), "a row lies on the status line"
    assert all(y >= max(r.bottom for r in lay.hand) for _, _, y in rows), "a row lies on the hand"


def test_a_short_message_keeps_one_row_beside_the_status_line(surface, monkeypatch):
    c = Controller("rummy", seats(2), seed=3, bot_delay=0.0, lang="de")
    c.run_bots_until_human()
    app, scene = open_table(c, surface)
    key(app, pygame.K_o, surface)  # sorting says so in a few words
    rows = message_rows(app, scene, surface, monkeypatch)
    assert [s for s, _, _ in rows] == [c.message] and rows[0][1] == 20
    assert rows[0][2] + 22 == scene.compute_layout().message.bottom


# --- the move log keeps its place beside a long list of Rummy actions ----------------------------------------
def test_the_move_log_shows_several_moves_beside_a_long_rummy_list(surface, monkeypatch):
    c = Controller("rummy", seats(3), seed=4, bot_delay=0.0)
    laid = lambda c: sum(move_log.place_table(m) is not None for m in c.state.history)  # noqa: E731
    assert play_until(c, lambda c: laid(c) >= 3 and len(c.candidate_moves(grow=True)) >= 11)
    app, scene = open_table(c, surface)
    scene.compute_layout()
    assert len(scene.actions) > scene.room, "the list needs pages"
    rows = drawn_log_rows(app, surface, monkeypatch)
    names = tuple(f"{s.name}: " for s in c.seats)
    entries = [r for r in rows if r.startswith(names)]
    assert len(entries) >= 4, rows  # two before: ten actions, 'More…', rearrange and six fixed buttons


# --- a loaded game's log says what each table move laid, as it did while the moves were played ------------
@pytest.mark.parametrize("game", ["rummy", "einmaleins", "krass"])
def test_a_loaded_game_logs_its_moves_as_they_were_seen(surface, tmp_path, game):
    n = 3 if game == "krass" else 2
    c = Controller(game, seats(n), seed=5, bot_delay=0.0)
    app, scene = open_table(c, surface)
    app.save_dir = tmp_path
    helper = make_bot(game, "greedy", seed=7)
    placed = lambda c: sum(move_log.place_table(m) is not None for m in c.state.history)  # noqa: E731
    while (placed(c) < 3 if game != "krass" else len(c.state.history) < 16) and len(c.state.history) < 400:
        before = len(c.state.history)  # one move at a time, each seen by the scene as in the window
        if c.is_human_turn():
            assert c.play(helper.choose(c.state.clone())), c.message
        for _ in range(200):
            if len(c.state.history) > before:
                break
            while app.top is not scene:  # a round's score sheet
                app.pop()
            app.update(0.0)
            if c._future is not None:
                c._future.result()
        app.update(0.0)
    # the loaded seats are the save's, its default names in the table's language ('Du' is 'You' at an English
    # table, as Resume names them)
    seen = move_log.log_lines(
        game, c.state.history, ["You", *(s.name for s in c.seats[1:])], "en", notes=scene.log_notes
    )
    key(app, pygame.K_s, surface)
    fresh = Controller(game, seats(n), seed=99, bot_delay=0.0)
    app2, scene2 = open_table(fresh, surface)
    app2.save_dir = tmp_path
    key(app2, pygame.K_l, surface)
    if app2.top is not scene2:
        key(app2, pygame.K_RETURN, surface)  # replace the running game
    assert not c.state.is_over and len(fresh.state.history) == len(c.state.history), fresh.message
    loaded = move_log.log_lines(game, fresh.state.history, [s.name for s in fresh.seats], "en", notes=scene2.log_notes)
    assert loaded == seen
    assert not [line for line in loaded if "rebuilds" in line or "play card" in line], loaded


# --- a wild card's corner word is in the table's language ('Joker' at a German table, as the info line says) --
def test_a_wild_card_says_joker_at_a_german_table(surface, monkeypatch):
    c = next(
        c
        for seed in range(1, 60)
        for c in [Controller("koenigs", seats(2), seed=seed, bot_delay=0.0, lang="de")]
        if c.run_bots_until_human() is None and any(c.is_wild(tok) for tok in c.hand())
    )
    app, _ = open_table(c, surface)
    tags = drawn_card_tags(app, surface, monkeypatch)
    wild_cards = [tok for tok in c.hand() if c.is_wild(tok)]
    assert {wild for tok, wild in tags if tok in wild_cards} == {"Joker"}
    assert all(not wild for tok, wild in tags if tok not in wild_cards)


# --- counts in the singular or plural ('noch 1 Zug', '1 house rule'), not 'Zug/Züge' or 'house rule(s)' -------
def test_the_last_turn_banner_counts_its_turns(surface):
    for lang, one, more in (("de", "noch 1 Zug", "Züge"), ("en", "1 turn left", "turns left")):
        c = Controller("koenigs", seats(3), seed=2, bot_delay=0.0, lang=lang)
        assert play_until(c, lambda c: c.observation().get("out_player") is not None)
        left = c.observation()["last_turns_left"]
        app, _ = open_table(c, surface)
        banner = c.last_turn_banner()
        assert "/" not in banner and "(s)" not in banner, banner
        assert banner.endswith(one if left == 1 else f"{left} {more}"), banner


def test_the_status_line_counts_house_rules(surface):
    from romme.rules import Rules

    c = Controller("romme", seats(3), seed=2, bot_delay=0.0, rules=Rules.make("romme", "standard", knocking=True))
    assert "standard + 1 house rule ·" in c.about(), c.about()
    c.lang = "de"
    assert "Standard + 1 Hausregel ·" in c.about(), c.about()


# --- the solitaire has no hand row: its eleven hands take that place too (33 px cards at 800x600 before) ------
def test_the_solitaire_hands_use_the_hand_rows_place(surface):
    c = Controller("koenigs-solo", [Seat("Du")], seed=3, bot_delay=0.0, lang="de")
    small = pygame.Surface((800, 600))
    app, scene = open_table(c, small, (800, 600))
    lay = scene.compute_layout()
    assert len(lay.melds) == 11 and lay.melds[0][0].h >= 36, lay.melds[0][0]
    lowest = max(r.bottom for meld in lay.melds for r in meld)
    assert lowest <= lay.message.y - 20, "a hand lies on the how-to line"
    assert lowest > lay.message.y - 200, "the hands stop where a hand row would begin"


# --- a joker on the table says what it stands for ('=B5'); the hint said 'W=Q81', the card showed only 'W' ---
@pytest.mark.parametrize("game", ["rummy", "einmaleins"])
def test_a_joker_on_the_table_shows_what_it_stands_for(surface, monkeypatch, game):
    c = Controller(game, seats(2), seed=3, bot_delay=0.0)
    joker = c.deck.token(c.deck.joker)

    def jokers_on_table(c: Controller) -> list[str]:
        return [s for m in c.observation()["table"] for card, s in zip(m["cards"], m["stands_for"]) if card == joker]

    assert play_until(c, lambda c: bool(jokers_on_table(c)))
    app, _ = open_table(c, surface)
    drawn = drawn_card_tags(app, surface, monkeypatch)
    on_table = sorted(tag for token, tag in drawn if token == joker and tag)
    assert on_table == sorted(f"={s}" for s in jokers_on_table(c)), drawn
    assert all(s != joker for s in jokers_on_table(c))


# --- Krass Kariert has no sort button: its hand keeps the dealt order, the button only ever said so -----------
def test_krass_shows_no_sort_button_and_o_still_names_the_rule(surface):
    c = Controller("krass", seats(3), seed=2, bot_delay=0.0)
    c.run_bots_until_human()
    app, scene = open_table(c, surface)
    labels = [label for label, _ in scene._buttons()]
    assert not [label for label in labels if "Sort" in label or "sortieren" in label], labels
    assert "Hint (H)" in labels and "Save (S)" in labels
    before = c.hand()
    key(app, pygame.K_o, surface)
    assert c.hand() == before and "order dealt" in c.message


# --- Krass Kariert: no hand position numbers on the cards ----------------------------------------------------
def test_krass_hand_cards_carry_no_position_numbers(surface, monkeypatch):
    """The hand's cards showed the notation's places counted from 0 ('0', '1', … in their corners), which no
    button, hint or log line uses any more (they name places by the cards beside them): a developer's aid."""
    from gui_driver import click

    c = Controller("krass", seats(3), seed=2, bot_delay=0.0)
    c.run_bots_until_human()
    app, scene = open_table(c, surface)
    lay = scene.compute_layout()
    click(app, lay.hand[2].center, surface)
    assert c.selected == [2]
    numbers: list[tuple[str, tuple[int, int]]] = []
    real = table_draw.text

    def record(surf, s, pos, size=22, colour=scenes.TEXT):  # type: ignore[no-untyped-def]
        if s.isdigit():
            numbers.append((s, pos))
        return real(surf, s, pos, size, colour)

    monkeypatch.setattr(table_draw, "text", record)
    app.draw(surface)
    cards = [r.move(0, -14) if i == 2 else r for i, r in enumerate(lay.hand)]  # a selected card stands higher
    on_cards = [(s, pos) for s, pos in numbers if any(card.collidepoint(pos) for card in cards)]
    assert not on_cards, on_cards


# --- shared wins read 'Du und Bot 1 gewinnen' (was 'Du, Bot 1 gewinnt': a list with a singular verb) ---------
def test_shared_winners_are_named_with_and_and_a_plural_verb(surface, monkeypatch):
    c = Controller("krass", seats(3), seed=3, bot_delay=0.0, lang="de")  # this deal ends with two winners
    app, scene = open_table(c, surface)
    assert not play_until(c, lambda c: False) and c.state.is_over
    winners = [c.seats[w].name for w in c.state.result().winners]
    assert len(winners) == 2
    app.update(0.0)
    lines = drawn_score_texts(app, surface, monkeypatch)
    assert f"{winners[0]} und {winners[1]} gewinnen das Spiel!" in lines, lines
    assert c.status() == f"Spielende — {winners[0]} und {winners[1]} gewinnen"


# --- a sheet whose scores do not start at 0 (Krass Kariert's chips) has a start row, so the sum adds up -------
def test_krass_score_sheet_starts_with_the_chips(surface, monkeypatch):
    c = Controller("krass", seats(3), seed=3, bot_delay=0.0, lang="de")
    app, scene = open_table(c, surface)
    chips = list(c.observation()["scores"])
    assert any(chips)
    assert not play_until(c, lambda c: False) and c.state.is_over
    app.update(0.0)
    lines = drawn_score_texts(app, surface, monkeypatch)
    at = lines.index("Anfang")
    assert lines[at + 1 : at + 4] == [str(n) for n in chips]
    rounds = [row.points for row in scene.book.rows]
    assert [a + sum(r[i] for r in rounds) for i, a in enumerate(chips)] == scene.book.totals()


# --- a rules page that fits a large window is printed larger (it sat in small print above an empty half) -----
@pytest.mark.parametrize("game", ["romme", "krass", "koenigs-solo"])
def test_a_rules_page_grows_into_a_large_window(surface, monkeypatch, game):
    from romme_table import rules_pages

    big = pygame.Surface((1280, 800))
    app = SceneStack((1280, 800), "de")
    page = rules_pages.RulesScene(game)
    app.push(page)
    sizes: list[int] = []
    real = rules_pages.font

    def record(size: int) -> pygame.font.Font:
        sizes.append(size)
        return real(size)

    app.draw(big)
    monkeypatch.setattr(rules_pages, "font", record)
    app.draw(big)
    assert page.room == page.total, "the page fits without scrolling"
    body = max(set(sizes), key=sizes.count)  # the size most lines are drawn at
    assert body > rules_pages.body_size(800), sizes


# --- Esc takes back a draft or a selection first; only then does it ask to leave the game ---------------------
def test_escape_takes_back_the_draft_before_asking_to_leave(surface):
    from gui_driver import click, drag

    from romme_table.dialogs import ConfirmScene

    c = Controller("romme", seats(2), seed=4, bot_delay=0.0)
    c.run_bots_until_human()
    app, scene = open_table(c, surface)
    click(app, scene.compute_layout().stock.center, surface)  # draw: now there is a game to lose
    hand = c.hand()
    lay = scene.compute_layout()
    drag(app, lay.hand[0].center, lay.new_meld.center, surface)
    assert scene.draft_groups(), "a card on the table in the draft"
    key(app, pygame.K_ESCAPE, surface)
    assert app.top is scene and not scene.draft_groups() and c.hand() == hand
    click(app, scene.compute_layout().hand[1].center, surface)
    assert c.selected
    key(app, pygame.K_ESCAPE, surface)
    assert app.top is scene and not c.selected
    key(app, pygame.K_ESCAPE, surface)
    assert isinstance(app.top, ConfirmScene)


# --- a new deal marks no card as new, also when it shares a card with the old hand (two decks) -------------------
def test_a_new_deal_marks_no_card_new(surface):
    c = Controller("romme", seats(4), seed=5, bot_delay=0.0, lang="de")
    app, scene = open_table(c, surface)
    old = list(c.hand())
    assert play_until(c, lambda c: any(c.observation()["scores"]) and c.is_human_turn())
    shared = set(old) & set(c.hand())
    assert shared, "this deal shares a card with the first hand"
    app.update(0.0)
    assert not scene.fresh, scene.fresh
    click_stock = scene.compute_layout().stock.center
    while app.top is not scene:
        app.pop()
    from gui_driver import click

    before = list(c.hand())
    click(app, click_stock, surface)  # a draw still marks its card
    app.update(0.0)
    assert sum(scene.fresh.values()) == 1 and len(c.hand()) == len(before) + 1


# --- Rummy's pass button says that it takes a stock card ('1. passen' read as doing nothing) ------------------
def test_rummy_pass_button_says_it_draws(surface):
    c = Controller("rummy", seats(2), seed=1, bot_delay=0.0, lang="de")
    c.run_bots_until_human()
    app, scene = open_table(c, surface)
    scene.compute_layout()
    labels = [label for label, _ in scene._buttons()]
    passing = [label for label in labels if "passen" in label]
    assert passing and all("Karte ziehen" in label for label in passing), labels
    played = len(c.state.history)
    key(app, pygame.K_1 + scene.visible_actions().index(next(m for m in scene.actions if str(m) == "pass")), surface)
    assert c.state.history[played].to_json()["kind"] == "pass"
