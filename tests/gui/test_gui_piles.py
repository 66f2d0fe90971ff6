"""Headless: the piles say what lies on them."""

from __future__ import annotations

import pygame
from gui_driver import drawn_cards, open_table, play_until

from romme.bots import make_bot
from romme_table.controller import Controller, Seat


def test_a_wild_card_on_the_discard_pile_says_so(surface, monkeypatch):
    """Königs-Rommé round 1 (wild 3) under Xvfb: 3d lay open on the discard pile as a plain card; in the hand the
    same card read 'wild'."""
    c = Controller("koenigs", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=1, bot_delay=0.0)

    def wild_on_top(c: Controller) -> bool:
        top = c.observation().get("discard_top")
        return isinstance(top, str) and c.is_wild(top)

    assert play_until(c, wild_on_top)
    app, scene = open_table(c, surface)
    pile = scene.compute_layout().discard
    tags = [kw.get("tag") for rect, tok, kw in drawn_cards(app, surface, monkeypatch) if rect == pile and tok]
    assert tags == ["wild"]


def test_cards_in_flight_land_when_a_sheet_covers_the_table(surface):
    """Krass Kariert with four seats at 1280x800 under Xvfb: the deal's score sheet came up while Bot 3's card
    was flying, and it stood frozen mid-air over the seat's name (a covered table is not updated) until the
    sheet went."""
    import time

    from romme_table.dialogs import ScoreScene

    c = Controller("koenigs", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=1, bot_delay=0.6)
    app, scene = open_table(c, surface)
    # the viewer's own draw flies from the pile into the hand
    assert c.play(next(m for m in c.state.legal_moves() if "stock" in str(m)))
    app.update(0.0)
    assert scene.anim.busy(time.monotonic())
    app.push(ScoreScene(c, book=scene.book))
    assert not scene.anim.busy(time.monotonic())


def test_krass_karierts_deal_sheet_names_who_paid_chips(surface, monkeypatch):
    """Krass Kariert with four seats at 1280x800 under Xvfb: the deal's sheet read 'Punkte nach dieser Runde' and
    nothing of how the deal ended (Rommé's names who went out); the title now names who paid ('Du −1 Chip')."""
    from gui_driver import key

    from romme_table import dialogs
    from romme_table.dialogs import ScoreScene

    seats = [Seat("You")] + [Seat(f"Bot {i}", "bot", "greedy") for i in range(1, 4)]
    for lang, chip in (("en", "chip"), ("de", "Chip")):
        c = Controller("krass", seats, seed=3, bot_delay=0.0, lang=lang)
        app, scene = open_table(c, surface)
        helper = make_bot("krass", "greedy", seed=1)
        while not isinstance(app.top, ScoreScene):
            app.update(0.0)
            if c.is_human_turn():
                assert c.play(helper.choose(c.state.clone()))
            else:
                c.run_bots_until_human()
        row = scene.book.rows[-1]
        paid = [(c.seats[i].name, -p) for i, p in enumerate(row.points) if p < 0]
        assert paid
        seen: list[str] = []
        real = dialogs.fit_text
        with monkeypatch.context() as m:
            m.setattr(dialogs, "fit_text", lambda surf, s, *a: (seen.append(s), real(surf, s, *a))[1])
            app.draw(surface)
        title = next(s for s in seen if s.startswith(dialogs.t("krass_deal_over", lang)))
        for name, n in paid:
            assert f"{name} −{n} {chip}" in title, title
        key(app, pygame.K_RETURN, surface)
