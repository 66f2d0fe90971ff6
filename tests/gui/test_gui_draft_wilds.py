"""Headless: a wild in a meld being built shows what the engine reads it as before the move is played."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from gui_driver import drag, key, open_table, open_window, play_until

from romme_table import table_draw
from romme_table.controller import Controller, Seat

SMALL = (800, 600)
COLOURS = "BRGY"


@pytest.fixture(scope="module")
def surface() -> Iterator[pygame.Surface]:
    yield from open_window(SMALL)


def pair_and_joker(hand: list[str]) -> tuple[int, int, int] | None:
    """Places of two cards of one number in two colours and a joker in a Rummy hand."""
    if "*" not in hand:
        return None
    for i, a in enumerate(hand):
        for j, b in enumerate(hand):
            if i < j and a != "*" and b != "*" and a[1:] == b[1:] and a[0] != b[0]:
                return i, j, hand.index("*")
    return None


def grip(card: pygame.Rect) -> tuple[int, int]:
    """A point on a hand card that the next card of the fan does not cover."""
    return card.x + 4, card.y + 12


def drawn_tags(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    tags: list[tuple[str, str]] = []
    real = table_draw.draw_card

    def record(surface: pygame.Surface, rect: pygame.Rect, game: str, tok: str | None, **kw: object) -> None:
        tags.append((str(tok), str(kw.get("tag", ""))))
        real(surface, rect, game, tok, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(table_draw, "draw_card", record)
    return tags


@pytest.mark.parametrize("rebuilding", [False, True])
def test_a_joker_dragged_into_a_new_meld_shows_what_it_stands_for(rebuilding, surface, monkeypatch):
    """Rummy: two cards of one number in two colours and a joker dragged onto the new-meld place (laying out,
    or rebuilding the table with T); the joker reads '=' that number in a third colour at once (it showed a
    bare joker until the move was played)."""
    c = Controller("rummy", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=2, bot_delay=0.0)
    assert play_until(c, lambda c: c.state.phase in ("play", "open") and pair_and_joker(c.hand()) is not None)
    app, scene = open_table(c, surface, SMALL)
    if rebuilding:
        key(app, pygame.K_t, surface)
        assert c.editor is not None
    i, j, w = pair_and_joker(scene.hand()) or (0, 0, 0)
    pair = [scene.hand()[i], scene.hand()[j]]
    lay = scene.compute_layout()
    drag(app, grip(scene.raised(lay.hand[i], i)), lay.new_meld.center, surface)
    lay = scene.compute_layout()
    j, w = (j - 1, w - (w > i)) if rebuilding else (j, w)  # the editor's hand gives up the card laid
    drag(app, grip(scene.raised(lay.hand[j], j)), lay.melds[-1][0].center, surface)
    lay = scene.compute_layout()
    w -= 1 if rebuilding and w > j else 0
    drag(app, grip(scene.raised(lay.hand[w], w)), lay.melds[-1][0].center, surface)
    assert sorted(scene.melds()[-1]) == sorted(pair + ["*"]), c.message
    tags = drawn_tags(monkeypatch)
    app.draw(surface)
    joker_tags = [tag for tok, tag in tags if tok == "*" and tag.startswith("=")]
    number, colours = pair[0][1:], {pair[0][0], pair[1][0]}
    assert joker_tags, tags
    stands = joker_tags[-1][1:]
    assert stands[1:] == number and stands[0] in set(COLOURS) - colours, stands
