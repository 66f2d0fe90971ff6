"""Headless: ? at the table opens the keys page; it names every letter and function key the table answers.

Played under Xvfb: D, X, M, K, P, E, R, G, F1, F11, + and -, the arrows, Space, PgUp / PgDn and Home / End
were written nowhere in the window."""

from __future__ import annotations

import pygame
from gui_driver import key, open_table, send

from romme_table import intents
from romme_table.controller import Controller, Seat
from romme_table.key_help import KeysScene, keys_page
from romme_table.move_log import TITLE
from romme_table.table_scene import TableScene


def shown_keys() -> list[str]:
    """The table's single letter and function keys as the page writes them (H, F1, ...)."""
    names = [pygame.key.name(k) for k in intents.KEYS]
    return sorted({n.upper() for n in names if len(n) == 1 and n.isalpha() or n.startswith("f")} | {"1", "0"})


def test_every_letter_and_function_key_is_on_the_page_in_both_languages():
    for lang in ("en", "de"):
        page = keys_page(lang)
        missing = [k for k in shown_keys() if f"\n- {k}:" not in page and f" {k}:" not in page
                   and f" {k} " not in page and f"- {k} " not in page]
        assert not missing, (lang, missing)
        assert "?:" in page and "?" in TITLE[lang]  # the move log's title says where the page is


def test_question_mark_opens_the_page_and_esc_closes_it(surface):
    c = Controller("romme", [Seat("You"), Seat("Bot", "bot", "greedy")], seed=3, bot_delay=0.0)
    app, scene = open_table(c, surface)
    send(app, pygame.event.Event(pygame.TEXTINPUT, text="?"), surface)
    assert isinstance(app.top, KeysScene)
    assert app.top.page_text().startswith("# Keys and mouse")
    key(app, pygame.K_ESCAPE, surface)
    assert isinstance(app.top, TableScene) and not c.state.history  # closing it played nothing


def test_the_page_says_how_to_take_a_krass_reserve_without_the_mouse(surface):
    """Krass Kariert's reserve card was taken by dragging as far as the window said ('drag into the hand'); from
    the keyboard a selected hand card lists the reserve moves beside it, which nothing told. The page's recipe
    works: Space on the first card, then a listed button takes a reserve card."""
    assert "Krass Kariert" in keys_page("en") and "reserve" in keys_page("en") and "Space" in keys_page("en")
    assert "Reservekarte" in keys_page("de") and "Leertaste" in keys_page("de")
    c = Controller("krass", [Seat("You"), Seat("Bot 1", "bot", "greedy"), Seat("Bot 2", "bot", "greedy")], seed=5,
                   bot_delay=0.0)
    app, scene = open_table(c, surface)
    c.run_bots_until_human()
    key(app, pygame.K_SPACE, surface)
    scene.compute_layout()
    takes = [m for m in scene.actions if m.to_json()["kind"] == "reserve"]
    assert takes, [c.label(m) for m in scene.actions]
    hand = len(c.hand())
    key(app, pygame.K_1 + scene.actions.index(takes[0]), surface)
    assert len(c.hand()) == hand + 1, c.message


def test_the_solitaires_page_lists_no_bots_pause():
    """The solitaire's page (? at its table, under Xvfb) listed '+ / -: the bots' pause between moves', and the
    solitaire has no bots: every other game's page keeps the line, the whole page too."""
    from romme.cards import GAME_IDS

    for lang in ("en", "de"):
        assert "+ / -" not in keys_page(lang, "koenigs-solo")
        assert "O:" in keys_page(lang, "koenigs-solo") and "S:" in keys_page(lang, "koenigs-solo")
        for game in [g for g in GAME_IDS if g != "koenigs-solo"] + [None]:
            assert "+ / -" in keys_page(lang, game), (lang, game)
