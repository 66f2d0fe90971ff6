"""Headless: the table's out-of-game comforts (issue 29) driven with pygame mouse and key events:
game tiles, house rules in plain words, the rules page (F1), remembered settings that survive a
corrupt file, autosave on close with Resume, full screen (F11), sizes from 800x600 to 2560x1440."""

from __future__ import annotations

import json
from typing import Any

import pygame
import pytest
from gui_driver import SIZE, start_app
from hypothesis import given
from hypothesis import strategies as st

import romme
from romme.bots import LEVELS
from romme.rules import OPTIONS, PRESETS, Rules
from romme_table import app as table_app
from romme_table import autosave, house_rules, intents, rules_pages, scenes, settings_store
from romme_table.animations import SPEEDS
from romme_table.controller import Controller, Seat
from romme_table.dialogs import ConfirmScene
from romme_table.house_rules import HouseRulesScene
from romme_table.layout import table_layout
from romme_table.rules_pages import RulesScene
from romme_table.scenes import SceneStack
from romme_table.start_screen import StartModel, StartScene, start_layout
from romme_table.table_scene import TableScene
from romme_table.viewport import Viewport

GAMES = list(romme.engine.list_games())


@pytest.fixture(autouse=True, scope="module")
def fonts() -> None:
    """Pages drawn on a bare Surface (no window) still need pygame's fonts, whichever test runs first."""
    pygame.font.init()


def send(app: SceneStack, event: pygame.event.Event, surface: pygame.Surface) -> None:
    intent = intents.from_event(event)
    if intent is not None:
        app.handle(intent)
    if app.stack:
        app.draw(surface)


def key(app: SceneStack, k: int, surface: pygame.Surface) -> None:
    send(app, pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""), surface)


def click(app: SceneStack, pos: tuple[int, int], surface: pygame.Surface) -> None:
    send(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos), surface)
    send(app, pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos), surface)


def row(app: SceneStack, starts: str) -> tuple[int, int]:
    """The centre of the start screen row whose label starts with ``starts``."""
    scene = app.top
    assert isinstance(scene, StartScene)
    labels = [label for label, _ in scene._items()]
    hits = [i for i, label in enumerate(labels) if label.strip().startswith(starts)]
    assert hits, (starts, labels)
    return scene.hot[hits[0]][0].center


def tile(app: SceneStack, game_id: str) -> tuple[int, int]:
    return next(r.center for r, g in app.top.tile_hot if g == game_id)


def drawn_texts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the start screen renders from now on (it renders through cards_draw.font)."""
    from romme_table import start_screen

    seen: list[str] = []
    real = start_screen.font

    class Spy:
        def __init__(self, size: int) -> None:
            self.f = real(size)

        def render(self, s: str, *args: Any) -> pygame.Surface:
            seen.append(s)
            return self.f.render(s, *args)

        def __getattr__(self, name: str) -> Any:
            return getattr(self.f, name)

    monkeypatch.setattr(start_screen, "font", Spy)
    return seen


# --- game tiles --------------------------------------------------------------------------------
def test_a_click_on_a_tile_picks_that_game_with_seats_that_fit(surface, tmp_path):
    app = start_app(tmp_path, surface)
    scene = app.top
    assert [g for _, g in scene.tile_hot] == GAMES
    for rect, game_id in list(scene.tile_hot):
        click(app, rect.center, surface)
        assert scene.model.game == game_id
        lo, hi = romme.engine.list_games()[game_id]["players"]
        assert lo <= len(scene.model.seats) <= hi


def test_every_tile_shows_cards_and_a_summary_in_both_languages():
    from romme_table.start_screen import SUMMARIES, TILE_CARDS

    for game_id in GAMES:
        deck = romme.cards.deck(game_id)
        assert all(deck.parse_token(tok) is not None for tok in TILE_CARDS[game_id]), game_id
        en, de = SUMMARIES[game_id]
        assert en and de and en != de


def test_every_bot_level_has_a_name_in_both_languages():
    from romme_table.i18n import level_name

    for level in LEVELS:
        assert level_name(level, "en") != level and level_name(level, "de") != level, level


def test_seat_levels_read_easy_medium_hard_and_cycle_through_every_level(surface, tmp_path):
    app = start_app(tmp_path, surface, "de")
    seen = []
    for _ in range(len(LEVELS) + 1):
        click(app, app.top.hot[4][0].center, surface)  # the second seat's row (its name changes as a person's)
        seen.append([label for label, _ in app.top._items()][4])
    joined = " ".join(seen)
    assert "Leicht" in joined and "Schwer" in joined and "Mensch" in joined, seen
    assert app.top.model.seats[1].level in LEVELS


# --- house rules -------------------------------------------------------------------------------
def test_the_master_level_says_it_thinks_seconds_in_both_languages(surface, tmp_path):
    """It read 'Master (1 s a move)' and took 8 s a move on a loaded machine (its budget is work, not time): the
    label names no number of seconds it cannot keep."""
    for lang, want in (("en", "Master (slow)"), ("de", "Meister (langsam)")):
        app = start_app(tmp_path / lang, surface, lang)
        seen = []
        for _ in range(len(LEVELS) + 1):  # clicks on the seat cycle it through every level and the human
            click(app, app.top.hot[4][0].center, surface)  # the second seat's row
            seen.append([label for label, _ in app.top._items()][4])
        assert any(want in label for label in seen), seen


def test_every_option_is_in_a_group_and_explained_in_both_languages():
    for game_id, options in OPTIONS.items():
        grouped = [n for _, _, names in house_rules.grouped_options(game_id) for n in names]
        assert sorted(grouped) == sorted(options), game_id
        for name in options:
            en, de = house_rules.EXPLAIN[name]
            assert en and de and en != de, name


def test_house_rules_page_sets_a_preset_and_an_option_by_clicks_and_the_game_uses_them(surface, tmp_path):
    app = start_app(tmp_path, surface)
    click(app, tile(app, "romme"), surface)
    click(app, row(app, "House rules"), surface)
    page = app.top
    assert isinstance(page, HouseRulesScene)
    preset = next(r for r, kind, name in page.hot if kind == "preset" and name == "rauber")
    click(app, preset.center, surface)
    assert page.model.preset == "rauber"
    for _ in range(40):  # the wheel brings the row into view
        knocking = next(r for r, kind, name in page.hot if kind == "option" and name == "knocking")
        if page.visible.contains(knocking):
            break
        send(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1), surface)
    click(app, knocking.center, surface)
    assert page.model.value("knocking") is True and page.model.changed_options() == 1  # on top of the preset
    key(app, pygame.K_ESCAPE, surface)
    assert isinstance(app.top, StartScene)
    assert "1 changed" in " ".join(label for label, _ in app.top._items())  # on top of the preset, as the table says
    key(app, pygame.K_RETURN, surface)
    rules = app.top.c.state.rules
    assert rules == Rules.make("romme", "rauber", knocking=True)
    assert "Räuber-Rommé + 1 house rule" in app.top.c.about()  # not just "rules: Räuber-Rommé"
    app.top.c.run_bots_until_human()
    key(app, pygame.K_d, surface)
    table_app.close(app, app.stack[0].model)
    again = start_app(tmp_path, surface)
    key(again, pygame.K_l, surface)
    assert again.top.c.state.rules == rules and "Räuber-Rommé + 1 house rule" in again.top.c.about()
    again.pop()


def _house_rules_at_800x600() -> tuple[pygame.Surface, SceneStack, StartModel]:
    """Rommé's house rules page drawn on the smallest supported window."""
    small = pygame.Surface((800, 600))
    app = SceneStack((800, 600))
    model = StartModel()
    model.set_game("romme")
    app.push(HouseRulesScene(model))
    app.draw(small)
    return small, app, model


def test_house_rules_page_scrolls_to_its_last_row_with_keys_at_800x600():
    small, app, _ = _house_rules_at_800x600()
    rows = len(app.top._rows())
    for _ in range(rows - 1):
        app.handle(intents.Intent("down"))
        app.draw(small)
    back = app.top.hot[-1][0]
    assert app.top.focus == rows - 1 and small.get_rect().contains(back), back


def test_the_wheel_scrolls_the_house_rules_and_hidden_rows_take_no_clicks():
    small, app, model = _house_rules_at_800x600()
    page = app.top
    first = page.hot[0][0].copy()  # the "standard" preset
    for _ in range(30):
        send(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1), small)
    assert page.scroll > 0 and small.get_rect().contains(page.hot[-1][0])  # Back came into view
    hidden = next(r for r, kind, _ in page.hot if kind == "option" and r.bottom < page.visible.top + 5)
    before = dict(model.options)
    app.handle(intents.Intent("press", pos=(hidden.centerx, max(0, hidden.bottom - 2))))
    assert model.options == before and page.scroll > 0 and first.top >= 0


def test_preset_summary_names_what_it_changes_in_plain_words():
    for game_id, presets in PRESETS.items():
        for preset, changes in presets.items():
            for lang in ("en", "de"):
                text = house_rules.preset_summary(game_id, preset, lang)
                assert "_" not in text and text, (game_id, preset)
                assert len(text.split(";")) == max(1, len(changes))


# --- rules pages (F1) ---------------------------------------------------------------------------
def test_every_game_has_a_rules_page_in_both_languages():
    for game_id in GAMES:
        en, de = rules_pages.rules_text(game_id, "en"), rules_pages.rules_text(game_id, "de")
        assert en.startswith("# ") and de.startswith("# ") and en != de, game_id
        assert len(en.splitlines()) > 8 and len(de.splitlines()) > 8, game_id


def test_f1_opens_the_rules_of_the_chosen_game_and_of_the_game_at_the_table(surface, tmp_path):
    app = start_app(tmp_path, surface, "de")
    click(app, tile(app, "krass"), surface)
    key(app, pygame.K_F1, surface)
    assert isinstance(app.top, RulesScene) and app.top.game_id == "krass"
    key(app, pygame.K_ESCAPE, surface)
    assert isinstance(app.top, StartScene)
    key(app, pygame.K_RETURN, surface)
    assert isinstance(app.top, TableScene)
    key(app, pygame.K_F1, surface)
    assert isinstance(app.top, RulesScene) and app.top.game_id == "krass"
    key(app, pygame.K_F1, surface)  # F1 again closes it
    assert isinstance(app.top, TableScene)
    app.pop()


def test_every_rules_page_fits_800x600_and_a_smaller_window_scrolls_to_the_end_with_the_wheel():
    for game_id in GAMES:
        for lang in ("en", "de"):
            app = SceneStack((800, 600), lang)
            app.push(RulesScene(game_id))
            app.draw(pygame.Surface((800, 600)))
            assert app.top.room == app.top.total, (game_id, lang)
    small = pygame.Surface((640, 400))
    app = SceneStack((640, 400), "de")
    app.push(RulesScene("romme"))
    app.draw(small)
    page = app.top
    assert page.room < page.total  # the page is longer than the window
    for _ in range(40):
        send(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1), small)
    assert page.scroll + page.room == page.total
    assert rules_pages.body_size(600) >= 15


# --- remembered settings -----------------------------------------------------------------------
def test_the_last_settings_come_back_in_the_next_session(surface, tmp_path):
    app = start_app(tmp_path, surface)
    click(app, tile(app, "rummy"), surface)
    click(app, row(app, "Language"), surface)
    click(app, row(app, "Bot 1"), surface)  # Medium -> Hard
    key(app, pygame.K_RETURN, surface)
    app.pop()
    saved = json.loads((tmp_path / settings_store.SETTINGS_FILE).read_text())
    assert saved["game"] == "rummy" and saved["lang"] == "de"
    again = start_app(tmp_path, surface, settings_store.load(tmp_path).lang)
    model = again.top.model
    assert again.lang == "de" and model.game == "rummy" and model.seats[1].level == "expert"


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"\x00\xff\xfe garbage",
        b"[1, 2, 3]",
        b'{"game": "bogus", "seats": "x", "lang": 7}',
        b'{"game": "krass", "seats": [{"name": "A", "kind": "human", "level": "greedy"}]}',
        b'{"game": "romme", "options": {"opening_points": 99999, "nope": true}, "preset": "zzz"}',
        b"[" * 100_000,
        b'{"game": "romme", "seats": [{"name": "\\u001b[2J", "kind": "bot", "level": "greedy"}]}',
    ],
)
def test_a_corrupt_settings_file_gives_the_defaults(tmp_path, content):
    (tmp_path / settings_store.SETTINGS_FILE).write_bytes(content)
    settings = settings_store.load(tmp_path)
    check_settings(settings)
    StartModel().recall(settings)


def check_settings(s: settings_store.Settings) -> None:
    assert s.lang in ("en", "de") and s.game in GAMES and s.preset in PRESETS[s.game]
    lo, hi = romme.engine.list_games()[s.game]["players"]
    assert not s.seats or lo <= len(s.seats) <= hi
    assert all(seat.name.isprintable() and seat.level in LEVELS for seat in s.seats)
    Rules.make(s.game, s.preset, **s.options)
    assert s.anim_speed in SPEEDS
    assert s.bot_delay is None or 0 <= s.bot_delay <= settings_store.BOT_DELAY_MOST


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=20,
)
FIELDS = st.fixed_dictionaries(
    {},
    optional={
        "lang": st.sampled_from(["en", "de", "fr"]) | JSON,
        "game": st.sampled_from([*GAMES, "bogus"]) | JSON,
        "seats": st.lists(
            st.fixed_dictionaries(
                {"name": st.text(max_size=30), "kind": st.sampled_from(["human", "bot", "x"]),
                 "level": st.sampled_from([*LEVELS, "god"])}
            ) | JSON,
            max_size=9,
        ) | JSON,
        "preset": st.sampled_from(["standard", "rauber", "long", "x"]) | JSON,
        "options": st.dictionaries(st.sampled_from(["opening_points", "knocking", "target", "long_game"]), JSON),
        "fullscreen": JSON,
        "anim_speed": st.sampled_from(["off", "fast", "normal", "slow", "warp"]) | JSON,
        "bot_delay": st.floats(allow_nan=True) | JSON,
    },
)


@given(FIELDS | JSON)
def test_any_json_in_the_settings_file_gives_usable_settings(data: Any):
    check_settings(settings_store.from_json(data))


def test_an_unwritable_settings_folder_is_a_reason_not_a_crash(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    reason = settings_store.store(settings_store.Settings(), blocker / "romme")
    assert reason and "cannot save" in reason


def test_the_settings_folder_follows_xdg_config_home(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert settings_store.config_dir() == tmp_path / "romme"
    monkeypatch.setenv("XDG_CONFIG_HOME", "relative/dir")  # not absolute: ignored, as the spec says
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert settings_store.config_dir() == tmp_path / "home" / ".config" / "romme"


# --- autosave and resume -----------------------------------------------------------------------
def play_a_move(app: SceneStack, surface: pygame.Surface) -> None:
    c = app.top.c
    c.run_bots_until_human()
    key(app, pygame.K_d, surface)  # draw
    assert c.state.history


def test_closing_the_window_autosaves_and_the_start_screen_resumes(surface, tmp_path, monkeypatch):
    app = start_app(tmp_path, surface)
    app.top.model.seats = [Seat("Anna"), Seat("Bot 1", "bot", "random")]
    key(app, pygame.K_RETURN, surface)
    play_a_move(app, surface)
    c = app.top.c
    history, hand, seed = list(c.state.history), c.hand(), c.seed
    table_app.close(app, app.stack[0].model)  # what the window does when it closes
    assert settings_store.autosave_path(tmp_path / "saves", "koenigs").is_file()

    again = start_app(tmp_path, surface)
    assert any(label.startswith("Resume") for label, _ in again.top._items())
    seen = drawn_texts(monkeypatch)
    again.draw(surface)
    assert "game saved" in seen  # the tile of the game says so too
    key(again, pygame.K_l, surface)
    resumed = again.top
    assert isinstance(resumed, TableScene)
    assert resumed.c.state.history == history and resumed.c.hand() == hand and resumed.c.seed == seed
    assert [s.name for s in resumed.c.seats] == ["Anna", "Bot 1"]
    again.pop()


def test_a_game_closed_in_english_resumes_in_german_with_german_seat_names(surface, tmp_path):
    app = start_app(tmp_path, surface, "en")
    key(app, pygame.K_RETURN, surface)
    play_a_move(app, surface)
    table_app.close(app, app.stack[0].model)
    again = start_app(tmp_path, surface, "de")
    key(again, pygame.K_l, surface)
    assert [s.name for s in again.top.c.seats][0] == "Du"
    again.pop()


def test_a_finished_or_untouched_game_leaves_no_autosave(surface, tmp_path):
    app = start_app(tmp_path, surface)
    key(app, pygame.K_RETURN, surface)
    path = settings_store.autosave_path(tmp_path / "saves", "koenigs")
    path.parent.mkdir(parents=True)
    path.write_text("old")
    assert autosave.write(app) is None and not path.exists()  # nothing played yet
    app.pop()


def test_a_corrupt_autosave_is_named_on_resume_not_a_traceback(surface, tmp_path):
    path = settings_store.autosave_path(tmp_path / "saves", "koenigs")
    path.parent.mkdir(parents=True)
    path.write_text('{"format": "romme-save", "moves": [1, 2')
    app = start_app(tmp_path, surface)
    click(app, row(app, "Resume"), surface)
    assert isinstance(app.top, ConfirmScene) and "cannot resume" in app.top.question
    key(app, pygame.K_RETURN, surface)
    assert isinstance(app.top, StartScene)


def test_save_slots_are_one_file_per_game(surface, tmp_path):
    for game_id in ("koenigs", "rummy"):
        app = start_app(tmp_path, surface)
        click(app, tile(app, game_id), surface)
        key(app, pygame.K_RETURN, surface)
        play_a_move(app, surface) if game_id == "koenigs" else app.top.c.run_bots_until_human()
        key(app, pygame.K_s, surface)
        app.pop()
    names = sorted(p.name for p in (tmp_path / "saves").iterdir())
    # (Königs-Rommé's move was a stock draw, which writes the autosave at once: table_saves.note_stock_draw)
    assert names == ["autosave-koenigs.json", "romme-table-koenigs.json", "romme-table-rummy.json"]


# --- window sizes and full screen ---------------------------------------------------------------
@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (2560, 1440)])
@pytest.mark.parametrize("game_id", ["koenigs", "romme"])  # the most seats (7) and the most options
def test_start_screen_fits_and_stays_readable(size, game_id, tmp_path):
    canvas = pygame.Surface(size)
    app = SceneStack(size, "de")
    model = StartModel()
    model.set_game(game_id)
    while len(model.seats) < model.limits()[1]:
        model.add_seat()
    app.push(StartScene(model))
    app.draw(canvas)
    screen = canvas.get_rect()
    assert all(screen.contains(r) for r, _ in app.top.hot), size
    assert all(screen.contains(r) for r, _ in app.top.tile_hot), size
    lay = start_layout(*size, len(app.top._left_items()), len(app.top._right_items()))
    assert lay.size >= 14 and lay.row >= 20
    assert lay.size >= size[1] // 60  # grows with the window: big screens get big letters


def test_f11_switches_full_screen_and_back(surface):
    app = SceneStack(SIZE)
    app.push(StartScene(StartModel()))
    view = Viewport(surface)
    table_app.toggle_fullscreen(app, SIZE, view)
    assert app.fullscreen and app.size == view.size
    table_app.toggle_fullscreen(app, SIZE, view)
    assert not app.fullscreen and view.window.get_size() == SIZE == app.size
    pygame.display.set_mode(SIZE)


def test_a_big_window_lays_out_at_its_own_size_with_grown_print(surface):
    """Seen at 1920x1080: the window laid out at 1422x800 and smoothscaled the picture up, so letters and cards
    were soft. It lays out at its own size now: every rectangle of the base layout and the print grown as much
    (1.8 times at 2560x1440), clicks at the window's own pixels."""
    view = Viewport(pygame.Surface((2560, 1440)))
    assert view.scale == 1.8 and view.size == (2560, 1440) and view.surface is view.window
    assert view.to_logical(intents.Intent("press", pos=(1800, 720))).pos == (1800, 720)
    small = Viewport(pygame.Surface((800, 600)))
    assert small.surface is small.window and small.size == (800, 600)
    base, big = table_layout(1422, 800, 13, 3, [3, 4, 5], 8), table_layout(2560, 1440, 13, 3, [3, 4, 5], 8)
    assert big.size == (2560, 1440)
    for a, b in zip([base.stock, base.status, *base.hand, *base.buttons, *base.melds[2]],
                    [big.stock, big.status, *big.hand, *big.buttons, *big.melds[2]], strict=True):
        assert all(abs(v * 1.8 - w) <= 1 for v, w in zip(a, b)), (a, b)
    heights = []
    for size in ((1280, 800), (2560, 1440)):
        app = SceneStack(size)  # the print follows the window the scenes draw for
        heights.append(scenes.text_image("Deal 1", 20, (0, 0, 0)).get_height())
        table = pygame.Surface(size)
        app.push(TableScene(Controller("romme", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=3)))
        app.draw(table)
        assert table.get_rect().contains(app.top.layout.status) and app.top.layout.hand[-1].right < size[0]
    assert abs(heights[1] - 1.8 * heights[0]) <= 2, heights
    SceneStack(SIZE)


def test_keys_for_rules_full_screen_and_the_wheel():
    def intent(event: pygame.event.Event) -> Any:
        got = intents.from_event(event)
        return got and (got.name, got.value)

    assert intent(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="")) == ("rules", None)
    assert intent(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="")) == ("fullscreen", None)
    assert intent(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2)) == ("scroll", 2)



def test_the_card_speed_is_remembered_and_every_new_table_starts_with_it(surface, tmp_path):
    stored = settings_store.Settings(anim_speed="fast")
    assert settings_store.store(stored, tmp_path) is None
    app = SceneStack(SIZE)
    app.anim_speed = settings_store.load(tmp_path).anim_speed  # as run() does
    model = StartModel(seed=1)
    app.push(StartScene(model))
    key(app, pygame.K_RETURN, surface)  # Start
    table = app.top
    assert isinstance(table, TableScene) and table.anim.speed == "fast"
    key(app, pygame.K_a, surface)  # fast -> normal, for this table and the next ones
    assert table.anim.speed == app.anim_speed == "normal"
    assert model.remember(app.lang, app.fullscreen, app.anim_speed).to_json()["anim_speed"] == "normal"


def test_a_bot_seat_turned_into_a_person_is_no_longer_called_bot(surface, tmp_path):
    """A hot-seat friend was 'Bot 1' on the start screen, at the table and on the curtain ('Bot 1, click when
    ready'); under its default name the seat is now 'Player 2' ('Spieler 2'), and 'Bot 1' again as a bot."""
    app = start_app(tmp_path, surface, "en")
    model = app.top.model
    names = []
    for _ in range(len(LEVELS) + 1):
        click(app, app.top.hot[4][0].center, surface)
        names.append((model.seats[1].kind, model.seats[1].name))
    assert ("human", "Player 2") in names and all(name == "Bot 1" for kind, name in names if kind == "bot"), names
    while model.seats[1].kind != "human":
        click(app, app.top.hot[4][0].center, surface)
    model.localize("de")
    assert model.seats[1].name == "Spieler 2"
    model.rename(1, "Bea")
    while model.seats[1].kind == "human":
        click(app, app.top.hot[4][0].center, surface)
    assert model.seats[1].name == "Bea"  # a name given by hand stays


def test_a_selected_hand_card_stands_raised_in_proportion_in_a_big_window(surface):
    """At 2560x1440 everything is 1.8 times as large, the room the layout leaves over the hand too: a selected card
    stands 1.8 times as high (it rose 14 px, as in an 800 px window)."""
    from romme_table.layout import SELECTED_RAISE

    for size in ((1280, 800), (2560, 1440)):
        app = SceneStack(size)
        c = Controller("romme", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=3)
        app.push(TableScene(c))
        c.selected = [0]
        scene = app.top
        lay = scene.compute_layout()
        risen = lay.hand[0].y - scene.raised(lay.hand[0], 0).y
        assert risen == round(SELECTED_RAISE * scenes.ui_scale(size)), (size, risen)
    SceneStack(SIZE)
