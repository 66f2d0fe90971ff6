"""The table's layout as a player sees it: melds evenly spaced and kept in their places, the score sheet sized
to what it says, the solitaire's cards using the room, a resumed game read in one replay (dummy SDL driver)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections import Counter
from collections.abc import Iterator

import pygame
import pytest
from gui_driver import key, open_table, open_window, play_until

from romme import save
from romme.cards import jokers_named
from romme_table import autosave, replayed, table_saves
from romme_table.controller import Controller, Seat
from romme_table.start_screen import StartModel


@pytest.fixture(scope="module")
def surface() -> Iterator[pygame.Surface]:
    yield from open_window((800, 600))


def _bots(game: str, n: int, seed: int = 5) -> Controller:
    return Controller(game, [Seat("You")] + [Seat(f"Bot {i}", "bot", "greedy") for i in range(1, n)], seed=seed,
                      bot_delay=0.0)


@pytest.mark.parametrize("game", ["koenigs", "romme"])
def test_a_resumed_or_loaded_game_is_replayed_once(
    game: str, surface: pygame.Surface, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Resuming a save near the 20,000-move cap replayed its log from the deal for the round ends, again for
    the score sheet and again for the log's notes. One replay now serves all three, on Resume
    and on L alike, and they are those of the game watched as it was played."""
    c = _bots(game, 3)
    assert play_until(c, lambda c: len(c.round_ends) >= 1 and len(c.state.history) > max(c.round_ends) + 3)
    app, scene = open_table(c, surface, (800, 600))
    app.save_dir = tmp_path
    table_saves.save_game(scene)
    path = table_saves.save_path(scene)
    assert save.load(path).state.history == c.state.history
    calls: list[int] = []
    real = replayed.new_game
    replaying = [  # every replay from the deal starts with a new game (the controller's own is the fresh table)
        m for name, m in sys.modules.items() if name.startswith("romme_table.") and name != "romme_table.controller"
    ]
    for module in replaying:
        if module.__dict__.get("new_game") is real:
            monkeypatch.setattr(module, "new_game", lambda *a, **k: calls.append(1) or real(*a, **k))
    resumed, why = autosave.resume(path, StartModel(game=game, seats=list(c.seats)), "en")
    assert resumed is not None, why
    _, scene2 = open_table(resumed, surface, (800, 600))
    assert calls == [1]
    assert resumed.round_ends == c.round_ends
    assert [r.points for r in scene2.book.rows] == [r.points for r in scene.book.rows]
    assert len(scene2.book.rows) == len(c.round_ends)
    calls.clear()
    key(app, pygame.K_l, surface)  # L on the first table loads the same save
    if app.top is not scene:
        key(app, pygame.K_RETURN, surface)  # the question whether to leave the game under way
    assert calls == [1], "L replays the loaded game once too"
    assert c.round_ends == resumed.round_ends and [r.points for r in scene.book.rows] == [
        r.points for r in scene2.book.rows
    ]


def test_the_move_log_puts_a_notation_in_words_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The log is made again after every move; a resumed game near the cap ran its 20,000 moves through the
    phrase patterns each time. A notation is put in words once: most moves repeat ('draw stock', 'discard 5h')."""
    from romme.bots import make_bot
    from romme.engine import new_game
    from romme_table import move_log

    state = new_game("romme", players=2, seed=3)
    bots = [make_bot("romme", "random", i) for i in range(2)]
    while len(state.history) < 400 and not state.is_over:
        state.apply(bots[state.current_player].choose(state))
    move_log._plain_words.cache_clear()
    calls: list[str] = []
    real = move_log.move_text
    monkeypatch.setattr(move_log, "move_text", lambda s, lang: calls.append(s) or real(s, lang))
    first = move_log.log_lines("romme", state.history, ["A", "B"], "en", 10_000)
    again = move_log.log_lines("romme", state.history, ["A", "B"], "en", 10_000)
    assert first == again and len(first) >= len(state.history)
    assert len(calls) == len(set(calls)) < len(state.history) // 2


def _sheet_after_rounds(game: str, seats: int, rounds: int, size: tuple[int, int]):  # type: ignore[no-untyped-def]
    """A game of greedy bots watched by its table until the sheet of round ``rounds`` is on top."""
    from romme_table.dialogs import ScoreScene

    c = Controller(game, [Seat(f"Bot {i}", "bot", "greedy") for i in range(seats)], seed=9, bot_delay=0.0)
    canvas = pygame.Surface(size)
    app, scene = open_table(c, canvas, size)
    sheets = 0
    for _ in range(50_000):
        app.update(0.0)
        if isinstance(app.top, ScoreScene):
            sheets += 1
            if sheets == rounds or c.state.is_over:
                return c, app, canvas
            app.pop()
        elif c._future is not None:
            c._future.result()
    raise AssertionError("no score sheet")


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_the_score_sheet_is_as_large_as_what_it_says(
    size: tuple[int, int], surface: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 1280x800 the sheet after two Königs-Rommé rounds filled the window less a 60 px margin: two rows of
    points spread over 1,100 px, two thirds of it empty. It is sized to its rows and columns, in the middle of
    the window; the newest row (this round's points) lies on a band and the seat ahead is marked on the totals."""
    from gui_driver import drawn_rects, sheet_texts

    from romme_table import score_grid
    from romme_table.scenes import PANEL

    c, app, canvas = _sheet_after_rounds("koenigs", 3, 2, size)
    book = app.top.book  # type: ignore[attr-defined]
    assert len(book.rows) == 2
    panel = max(drawn_rects(PANEL, app, canvas, monkeypatch), key=lambda r: r.w * r.h)
    assert panel.center == (size[0] // 2, size[1] // 2)
    assert panel.w * panel.h < 0.3 * size[0] * size[1], panel
    band = drawn_rects(score_grid.NEWEST, app, canvas, monkeypatch)
    assert len(band) == 1 and panel.contains(band[0])
    texts = sheet_texts(app, canvas, monkeypatch)
    totals = book.totals()
    ahead = [i for i, v in enumerate(totals) if v == min(totals)] if len(set(totals)) > 1 else []
    assert texts.count("leads") == len(ahead)
    assert "Total" in texts and "Round 2" in texts


def test_a_romme_lay_off_is_logged_with_the_meld_it_grew(surface: pygame.Surface) -> None:
    """Rommé at 1280x800 under Xvfb: the log read 'Bot 0: lay off 9d on meld 6', a number the table shows
    nowhere. It names the meld ('add 9d to 7d 8d Jo'), as watched and after a load."""
    from romme_table.move_log import log_lines, short_meld
    from romme_table.table_scene import TableScene

    c = Controller("romme", [Seat(f"Bot {i}", "bot", "greedy") for i in range(3)], seed=9, bot_delay=0.0)
    app, scene = open_table(c, surface, (800, 600))
    assert isinstance(scene, TableScene)
    layoffs: list[tuple[int, str]] = []
    for _ in range(20_000):
        before = [list(m) for m in c.melds()]
        moves = len(c.state.history)
        app.update(0.0)
        if c._future is not None:
            c._future.result()
        j = c.state.history[moves].to_json() if len(c.state.history) == moves + 1 else {}
        if j.get("kind") == "layoff":  # the meld it grew: the one the table after holds with the card added
            card = str(j["card"])
            added = Counter([card.split("=")[0]])
            grown = [m for m in before if any(Counter(m) + added == Counter(a) for a in c.melds())]
            assert len(set(map(tuple, grown))) == 1, (card, before, c.melds())
            layoffs.append((moves, jokers_named(f"add {card} to {short_meld(grown[0])}", "romme")))
        if len(layoffs) >= 3 or c.state.is_over:
            break
        if app.top is not scene:
            app.pop()
    assert len(layoffs) >= 3
    names = [s.name for s in c.seats]
    watched = log_lines("romme", c.state.history, names, "en", 10_000, scene.log_notes, c.round_ends, c.unit)
    loaded = log_lines("romme", c.state.history, names, "en", 10_000, replayed.replayed(c.state, 0, "en").notes)
    for k, words in layoffs:
        who = names[c.state.history[k].to_json()["player"]]
        assert f"{who}: {words}" in watched and f"{who}: {words}" in loaded, words


# --- the melds' places ------------------------------------------------------------------------------------
Rows = list[list[tuple[tuple[str, ...], int, int]]]  # per row of the table: (meld's cards, x, cards) left to right


def table_rows(melds: list[list[str]], rects: list[list[pygame.Rect]]) -> Rows:
    """The table's melds as the eye reads them: row by row, left to right."""
    tops = sorted({r[0].y for r in rects if r})
    rows: Rows = [[] for _ in tops]
    for meld, placed in zip(melds, rects):
        if placed:
            rows[tops.index(placed[0].y)].append((tuple(sorted(meld)), placed[0].x, len(meld)))
    return [sorted(row, key=lambda m: m[1]) for row in rows]


def _watched(game: str, size: tuple[int, int], seed: int = 4) -> Iterator[tuple[Controller, object, object]]:
    """Every frame after a move of a game of greedy seats, at ``size``: (controller, scene, layout)."""
    canvas = pygame.Surface(size)
    names = [Seat("You")] + [Seat(f"Bot {i}", "bot", "greedy") for i in (1, 2)]
    c = Controller(game, names, seed=seed, bot_delay=0.0)
    app, scene = open_table(c, canvas, size)
    from romme.bots import make_bot
    from romme_table.dialogs import ScoreScene

    helper = make_bot(game, "greedy", seed=3)
    for _ in range(400):
        app.update(0.0)
        if c._future is not None:
            c._future.result()
        if isinstance(app.top, ScoreScene):
            app.pop()
            continue
        if c.state.is_over:
            return
        app.draw(canvas)
        yield c, scene, scene.compute_layout()
        if c.is_human_turn():
            assert c.play(helper.choose(c.state.clone())), c.message
        else:
            c.run_bots_until_human()


@pytest.mark.parametrize("game", ["romme", "rummy", "einmaleins"])
@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_the_melds_lie_with_even_gaps(game: str, size: tuple[int, int], surface: pygame.Surface) -> None:
    """Rummy at 1280x800 under Xvfb: some melds kept room for one card more after them, others none, a place
    left empty beside them, so the gaps between the melds were of three widths. Each meld's place is as wide
    as the meld: on every row the gaps are one width, the layout's (empty places aside, which close up when
    the cards would be larger without them)."""
    checked = 0
    for c, scene, lay in _watched(game, size):
        table = c.melds()  # type: ignore[attr-defined]
        if None in scene.places.arrange(table) or len(table) < 3:  # type: ignore[attr-defined]
            continue
        placed = [r for r in lay.melds[: len(table)] if r]  # type: ignore[attr-defined]
        for top in {r[0].y for r in placed}:  # each row: its melds' left and right edges as drawn
            row = sorted((r[0].x, r[-1].right) for r in placed if r[0].y == top)
            gaps = {row[k + 1][0] - row[k][1] for k in range(len(row) - 1)}
            assert len(gaps) <= 1, (row, gaps)
            checked += len(row) - 1
    assert checked > 20


@pytest.mark.parametrize("game", ["romme", "rummy", "einmaleins"])
def test_melds_that_stay_on_the_table_keep_their_rows_and_order(game: str, surface: pygame.Surface) -> None:
    """Rommé at 800x600: a meld grown by a lay-off (7d 8d Jo -> 6d 7d 8d Jo) moved 'Qc Qs Jo' from the second
    row to the first; when the table filled up and the cards shrank a step, every row flowed anew; and a meld
    laid or a lay-off re-flowed the rows wherever a fresh layout had cards 15 % larger (F18: 36 melds changed
    rows in two such games). Now, frame after frame of a deal, every meld that stays keeps its row and its order
    on it, whatever the card size: the rows are never laid anew in a window of one size unless they would
    overflow the table, which these games never make them do; a meld moves along its row only when a meld before
    it there changed."""
    before: dict[tuple[str, ...], tuple[int, tuple[tuple[tuple[str, ...], int], ...], int]] = {}
    compared = resized = 0
    card = 0
    deal: object = None
    for c, scene, lay in _watched(game, (800, 600)):
        table = c.melds()  # type: ignore[attr-defined]
        if scene.places.deal != deal:  # type: ignore[attr-defined]  # a new deal's melds start from the first place
            before, deal = {}, scene.places.deal  # type: ignore[attr-defined]
        rows = table_rows(table, lay.melds[: len(table)])  # type: ignore[attr-defined]
        seen = Counter(m for row in rows for m, _, _ in row)
        now = {}
        for r, row in enumerate(rows):
            for k, (m, x, n) in enumerate(row):
                if seen[m] == 1:
                    now[m] = (r, tuple((mm, nn) for mm, _, nn in row[:k]), x)
        for m, (r, ahead, x) in now.items():
            if m in before:
                compared += 1
                was_r, was_ahead, was_x = before[m]
                assert r == was_r, (m, was_r, r)  # its row, also across a change of the card size
                # (a meld grown into a copy of another is told apart from neither: it is left out)
                staying = [a[0] for a in ahead if a[0] in before and a[0] in now]
                assert staying == [a[0] for a in was_ahead if a[0] in now and a[0] in dict(ahead)]
                if ahead == was_ahead and lay.new_meld.h == card:  # type: ignore[attr-defined]
                    assert x == was_x, (m, was_x, x)
        resized += card != 0 and lay.new_meld.h != card  # type: ignore[attr-defined]
        before, card = now, lay.new_meld.h  # type: ignore[attr-defined]
    assert scene.places.closed_up == 0  # type: ignore[attr-defined]  # never laid anew
    assert compared > 20 and resized > 0  # the cards changed size on the way


def test_a_resized_window_keeps_the_melds_rows(surface: pygame.Surface) -> None:
    """The table's melds at 1280x800, the window then made 1100x720 and 1920x1080: the cards change size, the
    melds keep their rows and their order (they flowed anew at every size)."""
    from gui_driver import send

    found = None
    for c, scene, lay in _watched("rummy", (1280, 800), seed=5):
        if len(c.melds()) >= 6 and len(table_rows(c.melds(), lay.melds[: len(c.melds())])) >= 2:  # type: ignore
            found = c, scene, lay
            break
    assert found is not None
    c, scene, lay = found
    table = c.melds()  # type: ignore[attr-defined]
    shape = [[m for m, _, _ in row] for row in table_rows(table, lay.melds[: len(table)])]  # type: ignore
    for size in [(1100, 720), (1920, 1080), (1280, 800)]:
        send(scene.app, pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))  # type: ignore
        scene.layout = None  # type: ignore[attr-defined]
        lay2 = scene.compute_layout()  # type: ignore[attr-defined]
        assert lay2.size == size
        assert [[m for m, _, _ in row] for row in table_rows(table, lay2.melds[: len(table)])] == shape, size


@pytest.mark.parametrize("size,least", [((800, 600), 55), ((1280, 800), 88), ((1100, 720), 75)])
def test_the_solitaire_cards_use_the_room(size: tuple[int, int], least: int, surface: pygame.Surface) -> None:
    """The solitaire's eleven hands at 800x600 were 45 px high cards, at 1280x800 77 px, the room under the
    piles empty: its hands now also take the room under the piles, and its cards overlap a little more (each
    shows its corner, 45% of the card). Hands, their labels and the how-to line stay apart."""
    from romme_table.demo import mid_game
    from romme_table.layout import HOWTO_ROW, label_width

    c = mid_game("koenigs-solo", lang="en")
    _, scene = open_table(c, pygame.Surface(size), size)
    lay = scene.compute_layout()
    hands = [r for r in lay.melds if r]
    assert len(hands) == 11 and all(r[0].h >= least for r in hands), [r[0].h for r in hands]
    boxes = []
    for cards in hands:
        label = pygame.Rect(cards[0].x - label_width(cards[0].h), cards[0].y, label_width(cards[0].h), cards[0].h)
        boxes.append(label.union(cards[0].unionall(cards[1:])))
    for k, box in enumerate(boxes):
        assert box.left >= 0 and box.bottom <= lay.message.y - HOWTO_ROW and box.right <= lay.buttons[0].x
        assert not box.colliderect(lay.stock) and not box.colliderect(lay.discard)
        assert not box.colliderect(pygame.Rect(lay.info.x, lay.info.y, lay.info.w, 60)), (k, box, lay.info)
        assert not any(box.colliderect(other) for other in boxes[k + 1 :]), k


def pos_above(pos: tuple[int, int], y: int) -> bool:
    return pos[1] < y


def shown(size: int, window: tuple[int, int]) -> float:
    """The print of nominal ``size`` as a window of ``window`` draws it (larger windows grow it, viewport.py)."""
    from romme_table.scenes import ui_scale

    return size * ui_scale(window)


@pytest.mark.parametrize("game", ["romme", "krass"])
@pytest.mark.parametrize("size,least", [((800, 600), 18), ((1280, 800), 22), ((1920, 1080), 24)])
def test_the_info_column_grows_with_the_cards(
    game: str, size: tuple[int, int], least: int, surface: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Laid out at 1920x1080 the piles' labels, the deal and the scores stood in 18 pt beside cards 150 px
    high (small print in a corner). They grow with the cards, one row under the other, above Krass Kariert's
    reserve (windows larger than 1280x800 grow the whole base layout, print included: viewport.py)."""
    from gui_driver import drawn_fit_texts

    from romme_table.demo import mid_game

    c = mid_game(game, lang="en")
    canvas = pygame.Surface(size)
    app, scene = open_table(c, canvas, size)
    lay = scene.compute_layout()
    drawn = [(s, pos, sz) for s, pos, _, sz in drawn_fit_texts(app, canvas, monkeypatch) if pos[0] == lay.info.x]
    column = [d for d in drawn if pos_above(d[1], lay.reserve_label.y if game == "krass" else size[1])]
    assert len(column) >= 2 and all(shown(sz, size) >= least for _, _, sz in column), column
    tops = sorted(pos[1] for _, pos, _ in column)
    assert all(b - a >= least for a, b in zip(tops, tops[1:])), tops  # rows apart
    if game == "krass":
        assert lay.reserve_label.y >= lay.info.y + 3 * least, (lay.reserve_label, lay.info)


@pytest.mark.parametrize("size,high,print_", [((800, 600), 28, 20), ((1280, 800), 28, 20), ((1920, 1080), 37, 25)])
def test_buttons_grow_in_a_tall_window(size: tuple[int, int], high: int, print_: int, surface: pygame.Surface) -> None:
    """Laid out at 1920x1080 the right column's buttons stood 28 px high in 20 pt print beside cards of 150 px; a tall
    window gives them up to 38 px and larger print (800x600 and 1280x800 keep theirs)."""
    from romme_table.layout import action_room, table_layout
    from romme_table.scenes import button_rows, use_scale

    use_scale(size)  # the print for this window
    lay = table_layout(*size, 13, 2, [3, 4], 8)
    assert all(r.h >= high for r in lay.buttons) and lay.buttons[-1].bottom < lay.message.y
    assert shown(button_rows("Hint (H)", lay.buttons[0])[1], size) >= print_
    assert action_room(size[1], 8, 30) >= (3 if size[1] < 1000 else 7)  # actions and the log still fit
    use_scale((1100, 720))


@pytest.mark.parametrize("size,print_", [((800, 600), 16), ((1280, 800), 16), ((1920, 1080), 20)])
def test_the_move_log_print_grows_with_its_column(
    size: tuple[int, int], print_: int, surface: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Laid out at 1920x1080 the move log's rows stood in 16 pt in a column 376 px wide; the print follows the column's
    width (rows one print apart, as many as fit)."""
    from romme_table import move_log
    from romme_table.demo import mid_game

    c = mid_game("romme", lang="en")
    canvas = pygame.Surface(size)
    app, _ = open_table(c, canvas, size)
    sizes: list[int] = []
    real = move_log._line_image
    monkeypatch.setattr(move_log, "_line_image", lambda line, sz, w: sizes.append(sz) or real(line, sz, w))
    app.draw(canvas)
    assert len(sizes) > 5 and all(abs(shown(sz, size) - print_) <= 2 for sz in sizes), sorted(set(sizes))


@pytest.mark.parametrize("size,wide,print_", [((800, 600), 150, 20), ((1920, 1080), 200, 24)])
def test_the_opponents_boxes_grow_with_the_cards(
    size: tuple[int, int], wide: int, print_: int, surface: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Laid out at 1920x1080 each opponent's box was 152x75 px with its name in 20 pt and its notes in 16 (Krass
    Kariert's 'chips 3', 'R: 7 3'); beside larger cards the boxes are wider and their print larger."""
    from gui_driver import drawn_fit_texts

    from romme_table.demo import mid_game

    c = mid_game("krass", lang="en")
    canvas = pygame.Surface(size)
    app, _ = open_table(c, canvas, size)
    lay = app.top.compute_layout()  # type: ignore[attr-defined]
    assert len(lay.opponents) == 3 and all(r.w >= wide for r in lay.opponents), lay.opponents
    texts = drawn_fit_texts(app, canvas, monkeypatch)
    names = [(s, sz) for s, pos, _, sz in texts if s.startswith("Bot ") and pos[1] == lay.opponents[0].y + 4]
    assert len(names) == 3 and all(shown(sz, size) >= print_ for _, sz in names), names
    notes = [t for t in texts if lay.opponents[0].collidepoint(t[1]) and t[0] != names[0][0]]
    assert notes and all(t[1][1] >= lay.opponents[0].y + print_ for t in notes)  # under the name


@pytest.mark.parametrize("seed", [5])
def test_a_new_deal_lays_its_melds_from_the_first_place(seed: int, surface: pygame.Surface) -> None:
    """Rommé at 1920x1080 under Xvfb: deal 2's third row began with an empty place. The table between two deals
    was never drawn empty (the bots played on), so the new deal's melds were matched to the last deal's places
    ('* Ad As' took the place of '* As Qs': two of three cards alike) and the others stayed as holes. A new deal
    starts from the first place; in plain Rommé no meld leaves the table within a deal, so no place is empty."""
    deals = set()
    for c, scene, _ in _watched("romme", (800, 600), seed=seed):
        deals.add(c.observation().get("deal"))  # type: ignore[attr-defined]
        assert None not in scene.places.arrange(c.melds()), [p.cards for p in scene.places.places]  # type: ignore
    assert len(deals) >= 2
