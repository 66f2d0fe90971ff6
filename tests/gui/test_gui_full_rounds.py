"""Headless: a whole round of every game (and the solitaire to its end) played at the table
window against bots with mouse and key events only, until the score grid shows.

The test reads the window's state to decide what to do (a greedy bot picks the move from a copy
of the position, as a player would decide), then acts only by events: a click on the stock or
the discard pile to draw, a drag to the discard pile to discard, clicks on hand cards to select
and the action's number key to play, a click into the hand to insert (Krass Kariert), a drag of
a reserve card, and the keys that answer the go-out question.
"""

from __future__ import annotations

import os
from collections import Counter

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
from gui_driver import click, drag, key

from romme.bots import make_bot
from romme.engine import Move
from romme.rng import Rng
from romme_table import cards_draw
from romme_table.controller import Controller, Seat
from romme_table.dialogs import ConfirmScene, ScoreScene
from romme_table.move_reading import move_cards, move_positions
from romme_table.scenes import SceneStack
from romme_table.table_scene import TableScene

SIZE = (1280, 800)
DIGITS = [pygame.K_1 + k for k in range(9)] + [pygame.K_0]


@pytest.fixture(scope="module")
def surface():
    pygame.display.init()
    pygame.font.init()
    cards_draw.pixel_font.cache_clear()
    surf = pygame.display.set_mode(SIZE)
    yield surf
    pygame.quit()
    cards_draw.pixel_font.cache_clear()


class Player:
    """Plays the human seat of a table window by events."""

    def __init__(self, app: SceneStack, scene: TableScene, surface: pygame.Surface) -> None:
        self.app, self.scene, self.surface = app, scene, surface
        self.c = scene.c
        self.brain = make_bot(self.c.game_id, "greedy", seed=11)
        self.rng = Rng(5)
        self.by_kind: Counter[str] = Counter()

    def decide(self) -> Move:
        """What to play: the greedy bot's move when the table lists it, else a listed move."""
        legal = self.c.state.legal_moves()
        move = self.brain.choose(self.c.state.clone())
        if move in legal:
            return move
        return legal[self.rng.below(len(legal))]

    def turn(self) -> None:
        move = self.decide()
        before = len(self.c.state.history)
        kind = str(move.to_json().get("kind", ""))
        self.by_kind[kind] += 1
        lay = self.scene.compute_layout()
        data = move.to_json()
        if kind == "draw" and data.get("source") in ("stock", "discard"):
            click(self.app, (lay.stock if data["source"] == "stock" else lay.discard).center, self.surface)
        elif kind in ("discard", "out") and self.scene.has_discard_pile():
            index = self.c.hand().index(data["card"])
            drag(self.app, lay.hand[index].center, lay.discard.center, self.surface)
            if isinstance(self.app.top, ConfirmScene):  # "Go out?": yes for out, "just discard" (D) else
                key(self.app, pygame.K_RETURN if kind == "out" else pygame.K_d, self.surface)
        elif kind == "insert":
            self.click_gap(lay, int(data["position"]))
        elif kind == "reserve":
            self.drag_reserve(lay, int(data["index"]), int(data["position"]))
        elif self.c.game_id == "koenigs-solo":
            self.steer_and_key(int(data["hand"]), str(data["card"]))
        elif self.new_melds(move) is not None:
            self.lay_by_dragging(self.new_melds(move) or [])
            assert len(self.c.state.history) == before + 1, f"{move} was not played: {self.c.message}"
            played = self.c.state.history[-1]
            assert Counter(move_cards(self.c.game_id, played)) == Counter(move_cards(self.c.game_id, move))
            return
        else:
            self.select_and_key(move)
        assert len(self.c.state.history) == before + 1, f"{move} was not played: {self.c.message}"
        assert self.c.state.history[-1] == move

    def new_melds(self, move: Move) -> list[list[str]] | None:
        """The new melds of a move that only adds melds (Rommé's meld, a place keeping the table
        in front), which a player lays by dragging; None for any other move."""
        data = move.to_json()
        if data.get("kind") == "meld":
            return [[str(c).split("=")[0] for c in m] for m in data["melds"]]
        table = [" ".join(m) for m in self.c.melds()]
        placed = [" ".join(tok.split("=")[0] for tok in str(m).split()) for m in data.get("table") or []]
        if data.get("kind") == "place" and placed[: len(table)] == table and len(placed) > len(table):
            return [m.split() for m in placed[len(table) :]]
        return None

    def lay_by_dragging(self, melds: list[list[str]]) -> None:
        """Drags each new meld's cards onto the table (the first onto the empty slot, the others
        onto it), then presses M to lay the draft."""
        used: set[int] = set()
        for meld in melds:
            for k, tok in enumerate(meld):
                index = next(i for i, h in enumerate(self.c.hand()) if h == tok and i not in used)
                used.add(index)
                lay = self.scene.compute_layout()
                target = lay.new_meld.center if k == 0 else lay.melds[-1][-1].center
                drag(self.app, lay.hand[index].center, target, self.surface)
        self.by_kind["dragged melds"] += 1
        assert len(self.scene.draft_groups()) == len(melds), self.scene.draft_groups()
        key(self.app, pygame.K_m, self.surface)

    def click_gap(self, lay, position: int) -> None:
        hand = lay.hand
        pos = hand[position].center if position < len(hand) else (hand[-1].right + 6, hand[-1].centery)
        click(self.app, pos, self.surface)

    def drag_reserve(self, lay, index: int, position: int) -> None:
        hand = lay.hand
        last = hand[-1]
        pos = (hand[position].x + 2, hand[position].centery) if position < len(hand) else (last.right + 6, last.centery)
        drag(self.app, lay.reserves[index].center, pos, self.surface)

    def select_and_key(self, move: Move) -> None:
        """Clicks the move's hand cards (or positions), then presses the action's number key."""
        for i in self.positions_of(move):
            click(self.app, self.scene.compute_layout().hand[i].center, self.surface)
        self.scene.compute_layout()
        assert move in self.scene.actions, f"{move} not listed for the selection {self.c.selected_tokens()}"
        while move not in self.scene.visible_actions():
            key(self.app, pygame.K_PAGEDOWN, self.surface)
        key(self.app, DIGITS[self.scene.visible_actions().index(move)], self.surface)

    def steer_and_key(self, hand: int, card: str) -> None:
        """The solitaire: the cursor moved by the arrow keys onto ``card`` of ``hand`` (past the hand's last card: the
        turned card), then Space, Enter or X in turn plays its step."""
        from romme_table.solo_keys import spot

        row = sorted(self.c.observation()["hands"], key=int).index(str(hand))
        cards = self.c.melds()[row]
        index = cards.index(card) if card in cards else len(cards)
        for _ in range(24):
            here = spot(self.scene)
            assert here is not None
            if here == (row, index):
                break
            way = pygame.K_DOWN if here[0] < row else pygame.K_UP if here[0] > row else None
            key(self.app, way or (pygame.K_RIGHT if here[1] < index else pygame.K_LEFT), self.surface)
        played = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_x)[sum(self.by_kind.values()) % 3]
        key(self.app, played, self.surface)

    def positions_of(self, move: Move) -> list[int]:
        positions = move_positions(move)
        if positions is not None:
            return positions
        hand = self.c.hand()
        wanted = Counter(move_cards(self.c.game_id, move, self.c.melds()))
        out = []
        for i, tok in enumerate(hand):
            if wanted[tok] > 0:
                wanted[tok] -= 1
                out.append(i)
        return out if not +wanted else []


def play_round(game: str, players: int, seed: int, surface: pygame.Surface, until_game_over: bool = False) -> Player:
    seats = [Seat("You")] + [Seat(f"Bot{i}", "bot", "greedy") for i in range(1, players)]
    c = Controller(game, seats, seed=seed, bot_delay=0.0)
    app = SceneStack(SIZE)
    scene = TableScene(c)
    app.push(scene)
    player = Player(app, scene, surface)
    for _ in range(5000):
        app.update(0.0)
        app.draw(surface)
        if isinstance(app.top, ScoreScene) and (not until_game_over or c.state.is_over):
            return player
        if isinstance(app.top, ScoreScene):
            key(app, pygame.K_RETURN, surface)  # next round
            continue
        if c._future is not None:
            c._future.result()
        elif c.is_human_turn():
            player.turn()
    raise AssertionError(f"{game}: no score grid after 5000 steps")


@pytest.mark.parametrize(
    "game,players,seed,covers",
    [
        ("koenigs", 3, 2, "out"),  # going out by dropping the last card on the pile, answering "Go out?"
        ("romme", 3, 1, "dragged melds"),
        ("einmaleins", 3, 3, "dragged melds"),
        ("rummy", 2, 4, "dragged melds"),
        ("krass", 3, 1, "insert"),  # and a dragged reserve card
    ],
)
def test_a_whole_round_by_events_ends_on_the_score_grid(game, players, seed, covers, surface):
    player = play_round(game, players, seed, surface)
    assert player.by_kind[covers] > 0, player.by_kind
    sheet = player.app.top
    assert isinstance(sheet, ScoreScene) and sheet.book is player.scene.book
    assert player.scene.book.rows, "the round's row is in the grid"
    assert sum(player.by_kind.values()) >= 2, player.by_kind
    sheet.draw(surface)


def test_the_solitaire_played_by_events_to_its_end(surface):
    """By the cursor keys (play-test V4: its steps were 87-95 buttons on ten pages)."""
    player = play_round("koenigs-solo", 1, 6, surface, until_game_over=True)
    assert player.c.state.is_over
    assert player.by_kind["place"] > 0 or player.by_kind["draw"] > 0
