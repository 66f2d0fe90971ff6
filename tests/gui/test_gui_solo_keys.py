"""Headless: the solitaire played by keys, a cursor over its open hands (play-test V4).

Played under Xvfb (1366x768 and 640x420, German, game no. 464400): the solitaire's steps were 87-95 buttons
'Hand k: <card> abwerfen' on ten pages ('Mehr… (Bild ab) 1-1/95' at 640x420), Left / Right moved nothing, and the
keys page said they move the hand's cursor. Now Left / Right move a cursor over a hand's cards (past the last card:
the turned card), Up / Down and Tab / Shift+Tab between the open hands, Space, Enter or X plays the step of the card
under it, the one listed move is that step, and H puts the cursor on the hinted card. The keys page of each game
says what its keys do, checked here by pressing them.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from gui_driver import key, open_table, open_window, play_until, send

from romme_table import intents, solo_keys
from romme_table.board_keys import CURSOR
from romme_table.controller import Controller, Seat
from romme_table.key_help import keys_page
from romme_table.scenes import SceneStack
from romme_table.table_scene import TableScene

SMALL = (640, 420)
SOLO = "koenigs-solo"


@pytest.fixture(scope="module")
def surface() -> Iterator[pygame.Surface]:
    yield from open_window((1366, 768))


def solo_table(
    surface: pygame.Surface, size: tuple[int, int] = SMALL, lang: str = "de", seed: int = 464400
) -> tuple[Controller, SceneStack, TableScene]:
    c = Controller(SOLO, [Seat("Du")], seed=seed, bot_delay=0.0, lang=lang)
    app, scene = open_table(c, surface, size)
    return c, app, scene


def shift_tab(app: SceneStack, surface: pygame.Surface) -> None:
    send(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_SHIFT, unicode=""), surface)


def step_of(c: Controller, row: int, index: int) -> tuple[int, str]:
    """(hand number, card) of the step at ``row`` and ``index`` (past the last card: the turned card)."""
    cards = c.melds()[row]
    return row + 1, cards[index] if index < len(cards) else c.observation()["turned"]


def listed(scene: TableScene) -> list[tuple[int, str]]:
    scene.compute_layout()
    return [(m.to_json()["hand"], m.to_json()["card"]) for m in scene.actions]


def test_the_arrow_keys_and_tab_move_the_cursor_and_the_listed_step_follows(surface):
    c, app, scene = solo_table(surface)
    assert solo_keys.spot(scene) == (0, 0) and listed(scene) == [step_of(c, 0, 0)]
    key(app, pygame.K_RIGHT, surface)
    assert solo_keys.spot(scene) == (0, 1) and listed(scene) == [step_of(c, 0, 1)]
    for _ in range(6):  # hand 1 holds 3 cards: past them the turned card, then the cursor stays
        key(app, pygame.K_RIGHT, surface)
    assert solo_keys.spot(scene) == (0, 3) and listed(scene) == [(1, c.observation()["turned"])]
    key(app, pygame.K_DOWN, surface)
    assert solo_keys.spot(scene) == (1, 3) and listed(scene) == [step_of(c, 1, 3)]
    key(app, pygame.K_TAB, surface)
    assert solo_keys.spot(scene)[0] == 2
    shift_tab(app, surface)
    key(app, pygame.K_UP, surface)
    assert solo_keys.spot(scene)[0] == 0
    key(app, pygame.K_UP, surface)  # round to the last hand
    assert solo_keys.spot(scene)[0] == 10
    key(app, pygame.K_LEFT, surface)
    assert solo_keys.spot(scene) == (10, 2) and not c.state.history  # moving the cursor plays nothing


@pytest.mark.parametrize("k", [pygame.K_SPACE, pygame.K_RETURN, pygame.K_x, pygame.K_1])
def test_space_enter_x_and_its_button_play_the_step_under_the_cursor(surface, k):
    c, app, scene = solo_table(surface)
    key(app, pygame.K_DOWN, surface)
    key(app, pygame.K_RIGHT, surface)
    hand, card = step_of(c, 1, 1)
    key(app, k, surface)
    played = c.state.history[-1].to_json()
    assert len(c.state.history) == 1 and (played["hand"], played["card"]) == (hand, card)


def test_past_the_last_card_the_turned_card_is_thrown_out_and_the_hand_stays(surface):
    c, app, scene = solo_table(surface)
    before, turned = list(c.melds()[0]), c.observation()["turned"]
    for _ in range(3):
        key(app, pygame.K_RIGHT, surface)
    lay = scene.compute_layout()
    app.draw(surface)
    frame = lay.discard.inflate(6, 6)  # the cursor's frame round the turned card
    assert tuple(surface.get_at((frame.x + 1, frame.centery)))[:3] == CURSOR
    key(app, pygame.K_RETURN, surface)
    assert c.state.history[-1].to_json() == {"kind": "place", "player": 0, "hand": 1, "card": turned}
    assert sorted(c.melds()[0]) == sorted(before)


def test_the_cursor_is_drawn_round_its_card(surface):
    c, app, scene = solo_table(surface, (1366, 768))
    key(app, pygame.K_DOWN, surface)
    key(app, pygame.K_RIGHT, surface)
    lay = scene.compute_layout()
    app.draw(surface)
    r = lay.melds[1][1]
    assert tuple(surface.get_at((r.x - 4, r.centery)))[:3] == CURSOR
    other = lay.melds[1][2]
    assert tuple(surface.get_at((other.right + 4, other.centery)))[:3] != CURSOR


def test_the_hint_puts_the_cursor_on_its_card_and_enter_plays_it(surface):
    c, app, scene = solo_table(surface, lang="en", seed=4)
    key(app, pygame.K_h, surface)
    row, card = c.hinted_table_card()
    cards = c.melds()[row]
    assert solo_keys.spot(scene) == (row, cards.index(card) if card in cards else len(cards))
    hinted = c.hint_move
    key(app, pygame.K_RETURN, surface)
    assert c.state.history == [hinted]


def test_the_hints_enter_button_shows_only_while_enter_plays_the_hint(surface):
    """The hint's button says 'Enter: <the hinted step>', and in the solitaire Enter plays the step under the cursor:
    with the cursor moved off the hinted card the button stayed, and Enter played another step than it named."""
    c, app, scene = solo_table(surface, lang="en", seed=4)
    key(app, pygame.K_h, surface)
    hinted = c.hint_move.to_json()
    button = f"Enter: {c.label(c.hint_move)}"

    def labels() -> list[str]:
        scene.compute_layout()
        return [label for label, _ in scene._buttons()]

    assert button in labels()
    key(app, pygame.K_DOWN, surface)  # the cursor on the next hand: Enter plays its step, not the hint
    row, index = solo_keys.spot(scene)
    assert button not in labels() and not any(label.startswith("Enter:") for label in labels())
    key(app, pygame.K_UP, surface)
    assert button in labels()  # back on the hinted card
    key(app, pygame.K_DOWN, surface)
    under = step_of(c, row, index)
    key(app, pygame.K_RETURN, surface)
    played = c.state.history[-1].to_json()
    assert (played["hand"], played["card"]) == under != (hinted["hand"], hinted["card"])


def test_at_640x420_one_step_is_listed_and_nothing_is_paged(surface):
    c, app, scene = solo_table(surface, SMALL)
    lay = scene.compute_layout()
    labels = [label for label, _ in scene._buttons()]
    assert not any(label.startswith(("Mehr", "More")) for label in labels), labels
    assert len(scene.actions) == 1 and labels[0] == "1. Hand 1: 8c abwerfen", labels
    screen = pygame.Rect((0, 0), SMALL)
    assert all(screen.contains(r) and r.bottom <= lay.message.y for r in lay.buttons)


def test_a_finished_hand_is_passed_over(surface):
    c = Controller(SOLO, [Seat("You")], seed=6, bot_delay=0.0)
    assert play_until(c, lambda c: len(c.observation()["finished"]) >= 2, level="expert")
    app, scene = open_table(c, surface)
    done = {str(f) for f in c.observation()["finished"]}
    rows = [r for r, k in enumerate(sorted(c.observation()["hands"], key=int)) if k not in done]
    seen = set()
    for _ in range(len(rows)):
        seen.add(solo_keys.spot(scene)[0])
        key(app, pygame.K_TAB, surface)
    assert seen == set(rows) and solo_keys.spot(scene)[0] == rows[0]


# -- the keys page, read and pressed: what each line says its keys do, they do

#: the key names the page writes, as pressed (a (key, mod) pair)
NAMES = {
    "Left": (pygame.K_LEFT, 0),
    "Right": (pygame.K_RIGHT, 0),
    "Up": (pygame.K_UP, 0),
    "Down": (pygame.K_DOWN, 0),
    "Pfeil links": (pygame.K_LEFT, 0),
    "rechts": (pygame.K_RIGHT, 0),
    "Pfeil hoch": (pygame.K_UP, 0),
    "runter": (pygame.K_DOWN, 0),
    "Tab": (pygame.K_TAB, 0),
    "Shift+Tab": (pygame.K_TAB, pygame.KMOD_SHIFT),
    "Umschalt+Tab": (pygame.K_TAB, pygame.KMOD_SHIFT),
    "Space": (pygame.K_SPACE, 0),
    "Leertaste": (pygame.K_SPACE, 0),
    "Enter": (pygame.K_RETURN, 0),
    "Eingabe": (pygame.K_RETURN, 0),
    "X": (pygame.K_x, 0),
    "1": (pygame.K_1, 0),
    "H": (pygame.K_h, 0),
}
#: what a key did, and the words a line claiming it says
EFFECT_WORDS = {
    "en": {
        "card": ("a hand's cards",),
        "hand": ("open hand",),
        "step": ("leaves the game", "the same step"),
        "hint": ("hint, the cursor on its card",),
    },
    "de": {
        "card": ("Karten einer Hand",),
        "hand": ("offenen Hand",),
        "step": ("scheidet aus", "derselbe Schritt"),
        "hint": ("Tipp, der Zeiger auf seiner Karte",),
    },
}


def claims(page: str) -> list[tuple[list[str], str]]:
    """The page's claims about keys it names: (key names, what it says they do), one per '·'-part of a line."""
    out = []
    for line in page.splitlines():
        for part in line.removeprefix("- ").split(" · "):
            head, _, says = part.partition(": ")
            names = [
                n for g in head.split(" / ") for o in g.split(", ") for n in o.replace(" oder ", " or ").split(" or ")
            ]
            if says and all(n in NAMES for n in names):
                out.append((names, says))
    return out


def effect(surface: pygame.Surface, name: str, lang: str) -> str:
    """What pressing ``name`` does at a fresh solitaire table with the cursor on hand 2's second card."""
    c, app, scene = solo_table(surface, lang=lang)
    key(app, pygame.K_DOWN, surface)
    key(app, pygame.K_RIGHT, surface)
    assert solo_keys.spot(scene) == (1, 1)
    under = step_of(c, 1, 1)
    k, mod = NAMES[name]
    send(app, pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""), surface)
    spot = solo_keys.spot(scene)
    if c.state.history:
        played = c.state.history[-1].to_json()
        return "step" if len(c.state.history) == 1 and (played["hand"], played["card"]) == under else "other step"
    hinted = c.hinted_table_card()
    if hinted is not None:  # the hint's card, and whether the cursor went onto it
        cards = c.melds()[hinted[0]]
        on = (hinted[0], cards.index(hinted[1]) if hinted[1] in cards else len(cards))
        return "hint" if spot == on else "hint, cursor elsewhere"
    return "hand" if spot is not None and spot[0] != 1 else "card" if spot != (1, 1) else "nothing"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_solitaire_page_says_what_its_keys_do(surface, lang):
    said = claims(keys_page(lang, SOLO))
    named = {n for names, _ in said for n in names}
    pressed = {NAMES[n] for n in named}
    # every key the solitaire's cursor answers is on its page
    answered = {(k, 0) for k, n in intents.KEYS.items() if n in solo_keys.KEYS} | {(pygame.K_TAB, pygame.KMOD_SHIFT)}
    assert answered - {(pygame.K_KP_ENTER, 0)} <= pressed, answered - pressed
    for names, says in said:
        for name in names:
            did = effect(surface, name, lang)
            assert any(w in says for w in EFFECT_WORDS[lang].get(did, ())), (lang, name, did, says)


@pytest.mark.parametrize("game", ["koenigs", "romme", "einmaleins", "rummy", "krass"])
def test_every_other_games_page_says_left_right_move_the_hand_cursor_and_space_selects(surface, game):
    """The hand's cursor of the other games, as their page says ('Left / Right: move the hand's cursor; Space:
    select the card over it'): pressed at their table."""
    page = keys_page("en", game)
    assert "Left / Right: move the hand's cursor; Space: select the card over it" in page
    assert "(Königs-Rommé solitaire)" not in page and "(Königs-Rommé solitaire)" in keys_page("en", SOLO)
    assert "move the hand's cursor" not in keys_page("en", SOLO)
    bots = [Seat(f"Bot {i}", "bot", "greedy") for i in range(1, 3 if game == "krass" else 2)]  # Krass: 3 to 5
    c = Controller(game, [Seat("You"), *bots], seed=3, bot_delay=0.0)
    c.run_bots_until_human()
    app, scene = open_table(c, surface)
    key(app, pygame.K_RIGHT, surface)
    assert scene.cursor == 1
    key(app, pygame.K_SPACE, surface)
    assert c.selected == [1]
