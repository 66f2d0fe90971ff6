"""Headless: polish found playing the table in a real window (issue 29, last round), each driven
through the window's own event path (pygame mouse and key events -> intents -> scenes)."""

from __future__ import annotations

import pygame
import pytest
from gui_driver import click, key, open_table, play_until

from romme_table import scenes, table_draw
from romme_table.button_help import button_help
from romme_table.controller import Controller, Seat
from romme_table.move_reading import move_cards
from romme_table.scenes import SceneStack
from romme_table.table_scene import TableScene


def seats(n: int, level: str = "random") -> list[Seat]:
    return [Seat("A")] + [Seat(f"B{i}", "bot", level) for i in range(1, n)]


def rummy_turn_with_many_moves() -> Controller:
    """A German Rummy game at the human's first turn with at least eight candidate moves (long button labels)."""
    return next(
        c
        for seed in range(1, 40)
        for c in [Controller("rummy", seats(2, "greedy"), seed=seed, bot_delay=0.0, lang="de")]
        if c.run_bots_until_human() is None and len(c.candidate_moves()) >= 8
    )


def kind(move: object) -> str:
    return str(move.to_json().get("kind"))  # type: ignore[attr-defined]


# --- Krass Kariert: the reserves are taken by drag; the keyboard way lists two places per reserve ------------
def test_krass_lists_reserve_actions_only_beside_the_cursor_or_a_selected_card(surface):
    c = Controller("krass", seats(3), seed=3, bot_delay=0.0)
    assert play_until(c, lambda c: sum(kind(m) == "reserve" for m in c.state.legal_moves()) > 4, level="random")
    app, scene = open_table(c, surface)
    # without a selection, beside the cursor's card (the first): not every 'take reserve i at j'
    assert {m.to_json()["position"] for m in scene.actions if kind(m) == "reserve"} == {0, 1}
    lay = scene.compute_layout()
    click(app, lay.hand[2].center, surface)  # select card 2: the reserves may go before or after it
    reserves = [m for m in scene.actions if kind(m) == "reserve"]
    assert reserves and len(reserves) <= 4
    assert {m.to_json()["position"] for m in reserves} <= {2, 3}
    before = len(c.state.history)
    key(app, pygame.K_1 + scene.actions.index(reserves[0]), surface)  # and a key takes one
    assert c.state.history[before].to_json()["kind"] == "reserve"


# --- a partial selection shows the actions that use it ------------------------------------------------------
def test_a_partial_selection_shows_the_actions_that_use_the_selected_card(surface):
    c = Controller("romme", seats(2, "greedy"), seed=4, bot_delay=0.0)

    def can_meld(c: Controller) -> bool:
        return c.state.phase == "play" and any(kind(m) == "meld" for m in c.state.legal_moves())

    assert play_until(c, can_meld, level="greedy")
    meld = next(m for m in c.state.legal_moves() if kind(m) == "meld")
    card = move_cards("romme", meld)[0]
    app, scene = open_table(c, surface)
    lay = scene.compute_layout()
    click(app, lay.hand[c.hand().index(card)].center, surface)
    assert c.selected_tokens() == [card]
    using = [m for m in scene.actions if len(move_cards("romme", m, c.melds())) > 1]
    assert using, "one selected card of a meld shows that meld's action"
    assert all(card in move_cards("romme", m, c.melds()) for m in using)


# --- F1 over a question: the rules page lies over the question and its table, nothing stale ----------------
def test_rules_over_a_question_leave_no_old_pixels(surface):
    from romme_table.dialogs import ConfirmScene
    from romme_table.rules_pages import RulesScene

    c = Controller("koenigs", seats(2), seed=1, bot_delay=0.0)
    c.run_bots_until_human()
    app, scene = open_table(c, surface)
    click(app, scene.compute_layout().stock.center, surface)  # a move: leaving now asks first
    key(app, pygame.K_ESCAPE)  # leave the game? (a yes/no question)
    assert isinstance(app.top, ConfirmScene)
    surface.fill((255, 0, 255))  # an old frame's pixels
    key(app, pygame.K_F1, surface)
    assert isinstance(app.top, RulesScene)
    w, h = surface.get_size()
    for corner in [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1), (w // 2, 1)]:
        assert surface.get_at(corner)[:3] != (255, 0, 255), corner


# --- German: refusals of the engine and the moves in proper German ---------------------------------------
ENGLISH = ("must", "the ", "draw", "discard", "seat", "first", "turn", "starts")


@pytest.mark.parametrize("game", ["koenigs", "romme", "einmaleins"])
def test_a_discard_before_the_draw_is_refused_in_german(game, surface):
    from gui_driver import drag

    c = Controller(game, [Seat("Du"), Seat("B", "bot", "random")], seed=1, bot_delay=0.0, lang="de")
    c.run_bots_until_human()
    app, scene = open_table(c, surface)
    before = len(c.state.history)
    lay = scene.compute_layout()
    drag(app, lay.hand[0].center, lay.discard.center, surface)
    assert len(c.state.history) == before and c.message.startswith("nicht erlaubt")
    assert "abwerfen" in c.message and "ziehen" in c.message.lower(), c.message
    assert not [w for w in ENGLISH if w in c.message], c.message


def test_moves_read_as_german_phrases():
    from romme_table.engine_words import engine_reason
    from romme_table.i18n import move_text

    assert move_text("play 1-2 X=8", "de") == "1–2 spielen (X=8)"  # short: a narrow button keeps the X
    assert move_text("play 0-2 X=4,6", "en") == "play 0–2 (X=4,6)"
    assert move_text("play 1-2", "de") == "Karten 1–2 spielen"
    assert move_text("reserve 0 at 3", "de") == "linke Reservekarte nehmen"  # the place: krass_placed
    assert move_text("reserve 1 at 3", "en") == "take the right reserve card"
    assert move_text("insert at 4", "de") == "an Stelle 4 einstecken"
    assert move_text("place 1 10h", "de") == "Hand 1: 10h abwerfen"  # the buttons differ before any cut
    assert move_text("discard Kh", "de") == "Kh abwerfen"
    assert move_text("layoff Kh to 2", "de") == "Kh an Figur 2 anlegen"
    assert move_text("meld 3h 4h 5h", "de") == "auslegen: 3h 4h 5h"
    said = engine_reason("place 3 Kh: hand 3 is finished; cards go only to unfinished hands", "de")
    assert said == "Hand 3: Kh abwerfen: Hand 3 ist fertig; Karten nur in unfertige Hände"


# --- labels beside their meld, no empty 'new meld' box where nothing is laid out ---------------------------
@pytest.mark.parametrize("game, n", [("koenigs-solo", 1), ("krass", 3)])
@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_meld_labels_lie_beside_the_cards_not_on_them(game, n, size, surface):
    c = Controller(game, seats(n), seed=3, bot_delay=0.0)
    assert play_until(c, lambda c: bool(c.meld_labels()), level="random")
    app, scene = open_table(c, surface, size)
    blits: list[pygame.Rect] = []

    class Spy(pygame.Surface):
        def blit(self, source, dest, *a, **k):  # type: ignore[override]
            drawn = super().blit(source, dest, *a, **k)
            blits.append(drawn)
            return drawn

    lay = scene.compute_layout()
    table_draw.draw_melds(scene, Spy(size), lay)
    cards = [r for row in lay.melds for r in row]
    labels = [r for r in blits if r.w and not any(r == card for card in cards)]
    assert len(labels) >= len(c.meld_labels()), "each meld row has a label"
    for r in labels:
        assert not any(r.colliderect(card) for card in cards), r
        assert r.h >= scenes.font(scenes.LABEL_FONT - 2).get_height() - 1, "a label too small to read"


@pytest.mark.parametrize("game, n", [("koenigs", 2), ("krass", 3), ("koenigs-solo", 1)])
def test_no_new_meld_box_where_the_game_lays_no_melds(game, n, surface):
    c = Controller(game, seats(n), seed=3, bot_delay=0.0)
    c.run_bots_until_human()
    app, scene = open_table(c, surface)
    lay = scene.compute_layout()
    surface.fill((0, 0, 0))
    app.draw(surface)
    edge = surface.get_at((lay.new_meld.x, lay.new_meld.centery))[:3]
    assert edge != (60, 130, 80), "an empty 'new meld' box is drawn"


def test_the_solitaire_says_what_a_step_does(surface, monkeypatch):
    c = Controller("koenigs-solo", [Seat("A")], seed=2, bot_delay=0.0, lang="de")
    app, scene = open_table(c, surface)
    seen: list[str] = []
    real = table_draw.fit_text
    monkeypatch.setattr(table_draw, "fit_text", lambda surf, s, *a, **k: (seen.append(s), real(surf, s, *a, **k))[1])
    app.draw(surface)
    assert any("offene Karte" in s for s in seen), seen
    assert all("legen 1" not in label for label, _ in scene._buttons())


# --- 800x600: a long action button takes two rows, not unreadable letters; one cut is shown whole on hover ---
def test_long_rummy_buttons_keep_a_readable_size_at_800x600(surface, monkeypatch):
    from gui_driver import send

    c = rummy_turn_with_many_moves()
    app, scene = open_table(c, surface, (800, 600))
    lay = scene.compute_layout()
    sizes: list[tuple[str, int]] = []
    real = scenes.fitted

    def record(s: str, width: int, size: int = 20, smallest: int = 12) -> tuple[str, int]:
        got = real(s, width, size, smallest)
        if width == lay.buttons[0].w - 12:
            sizes.append(got)
        return got

    monkeypatch.setattr(scenes, "fitted", record)
    app.draw(surface)
    assert sizes and min(size for _, size in sizes) >= scenes.BUTTON_MIN_FONT, sizes
    # a label too long for one row takes two, in a font no smaller than 14, and is shown whole (no hover needed)
    shown = [scenes.button_rows(label, lay.buttons[i]) for i, (label, _) in enumerate(scene._buttons())]
    assert [rows for rows, _ in shown if len(rows) == 2] and min(size for _, size in shown) >= 14
    assert [" ".join(rows) for rows, _ in shown] == [label for label, _ in scene._buttons()]
    melds = [rows for rows, _ in shown if len(rows) == 2 and " | " in " ".join(rows)]  # break between melds
    assert melds and all(rows[0].endswith(" |") or rows[1].startswith("| ") for rows in melds), melds
    for rect, (label, _) in zip(lay.buttons, scene._buttons(), strict=False):
        send(app, pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
        assert scene.tooltip == button_help(label, scene.c.lang)  # no cut label; a fixed button's help


def test_the_solitaire_buttons_differ_as_shown_at_800x600(surface, monkeypatch):
    from romme_table import solo_keys

    monkeypatch.setattr(solo_keys, "listed", lambda scene, moves: None)  # its steps listed unfolded: like labels
    c = Controller("koenigs-solo", [Seat("A")], seed=2, bot_delay=0.0, lang="de")
    app, scene = open_table(c, surface, (800, 600))
    lay = scene.compute_layout()
    shown = scene.visible_actions()
    labels = [label for label, _ in scene._buttons()][scene._action_offset : scene._action_offset + len(shown)]
    rects = lay.buttons[scene._action_offset : scene._action_offset + len(shown)]
    visible = [scenes.fitted(label, r.w - 12, 20, scenes.BUTTON_MIN_FONT)[0] for r, label in zip(rects, labels)]
    assert len(shown) > 1 and len(set(visible)) == len(visible), visible


def test_a_krass_bot_play_is_told_by_its_cards_not_by_hand_places(surface):
    c = Controller("krass", [Seat(f"B{i}", "bot", "random") for i in range(3)], seed=3, bot_delay=0.0)
    app, scene = open_table(c, surface)
    for _ in range(2000):
        app.update(0.0)
        if c._future is not None:
            c._future.result()
        last = c.state.history[-1].to_json() if c.state.history else {}
        if last.get("kind") == "play" and c.message:
            break
    assert last.get("kind") == "play"
    assert "play " in c.message and "(" in c.message and "cards" not in c.message, c.message


# --- the message line: a resting mouse over a button whose label fits leaves the message in view, and a cut
# label shown whole is the one of the button under the mouse now (not the one it rested on before a move) ----
def message_line(app: SceneStack, scene: TableScene, surface: pygame.Surface, monkeypatch) -> str:
    lay = scene.compute_layout()
    drawn: list[str] = []
    real = table_draw.text

    def record(surf, s, pos, size=22, colour=scenes.TEXT):  # type: ignore[no-untyped-def]
        if pos[0] == lay.message.x and lay.message.top <= pos[1] < lay.message.bottom:
            drawn.append(s)
        return real(surf, s, pos, size, colour)

    monkeypatch.setattr(table_draw, "text", record)
    app.draw(surface)
    monkeypatch.setattr(table_draw, "text", real)
    assert 1 <= len(drawn) <= 2, drawn
    return " ".join(drawn)


def test_clicking_the_hint_button_shows_the_hint_under_the_resting_mouse(surface, monkeypatch):
    c = Controller("koenigs", seats(2), seed=42, bot_delay=0.0)
    c.run_bots_until_human()
    app, scene = open_table(c, surface)
    lay = scene.compute_layout()
    at = next(i for i, (label, _) in enumerate(scene._buttons()) if label == "Hint (H)")
    send_motion(app, lay.buttons[at].center)
    click(app, lay.buttons[at].center, surface)
    assert c.message.startswith("hint: ")
    assert message_line(app, scene, surface, monkeypatch) == c.message


def test_a_cut_label_shown_whole_follows_the_buttons_after_a_move(surface, monkeypatch):
    from romme_table import table_scene

    def one_row(label: str, rect: pygame.Rect) -> tuple[list[str], int]:  # labels cut in one row, as once drawn
        return [scenes.fitted(label, rect.w - 12, 20, scenes.BUTTON_MIN_FONT)[0]], scenes.BUTTON_MIN_FONT

    monkeypatch.setattr(scenes, "button_rows", one_row)
    monkeypatch.setattr(table_scene, "button_rows", one_row)
    c = rummy_turn_with_many_moves()
    app, scene = open_table(c, surface, (800, 600))
    lay = scene.compute_layout()
    cut = next(
        i
        for i, (label, _) in enumerate(scene._buttons())
        if scenes.fitted(label, lay.buttons[i].w - 12, 20, scenes.BUTTON_MIN_FONT)[0] != label
    )
    before = scene._buttons()[cut][0]
    send_motion(app, lay.buttons[cut].center)
    assert message_line(app, scene, surface, monkeypatch) == before
    click(app, lay.buttons[cut].center, surface)  # plays that move: the buttons are others now
    lay = scene.compute_layout()
    now = scene._buttons()[cut][0] if cut < len(scene._buttons()) else ""
    cut_now = bool(now) and scenes.fitted(now, lay.buttons[cut].w - 12, 20, scenes.BUTTON_MIN_FONT)[0] != now
    assert message_line(app, scene, surface, monkeypatch) == (now if cut_now else c.message)
    assert now != before


def send_motion(app: SceneStack, pos: tuple[int, int]) -> None:
    from gui_driver import send

    send(app, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
