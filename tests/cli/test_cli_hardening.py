"""Issue 31 regressions of the bots, ``simulate``, the bare ``romme`` and ``romme games``."""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from romme.bots import make_bot
from romme.bots.common import STALL_TURNS, play_out, stuck_on_discard
from romme.commands.simulate import DEFAULT_MAX_MOVES, run
from romme.engine import new_game
from romme.rules import OPTIONS, PRESETS, Rules

DOCS = Path(__file__).resolve().parents[2] / "docs"


def schema_validator(name: str) -> jsonschema.Draft202012Validator:
    """The validator of ``docs/<name>.schema.json`` (the documented form of a command's --json output)."""
    schema = json.loads((DOCS / f"{name}.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def flat(text: str) -> str:
    """The output with rich's line wrapping undone (it wraps at the terminal width, where a long path falls)."""
    return " ".join(text.split())


def invoke(args: list[str], input: str | None = None):  # noqa: ANN201
    from romme.cli import main

    return CliRunner().invoke(main, args, input=input)


# --- item 1: bots make progress, simulate has a move cap --------------------------------------------


def test_greedy_koenigs_game_abc_2_ends() -> None:
    # every seat drew the discard Qc and threw it back for ever (romme simulate koenigs -n 3 -b greedy -s abc)
    state = new_game("koenigs", players=3, seed="abc/2")
    bots = [make_bot("koenigs", "greedy", f"abc/2/{s}") for s in range(3)]
    play_out(state, bots, max_moves=5_000)
    assert state.is_over


def test_greedy_romme_two_seats_end() -> None:
    # two greedy seats holding 2s and a joker passed 2h back and forth (seed x/2, 50,000 moves in deal 71)
    state = new_game("romme", players=2, seed="x/2")
    bots = [make_bot("romme", "greedy", f"x/2/{s}") for s in range(2)]
    play_out(state, bots, max_moves=20_000)
    assert state.is_over


def test_stuck_on_discard_reads_only_the_seats_own_turns() -> None:
    state = new_game("koenigs", players=2, seed=1)
    while len(state.history) < 4 * STALL_TURNS:  # two seats, two moves a turn
        state.apply(state.parse_move("draw discard"))
        state.apply(next(m for m in state.legal_moves() if m.kind == "discard"))
    # each seat has taken the discard STALL_TURNS times: both are stuck
    assert stuck_on_discard(state.history, 0) and stuck_on_discard(state.history, 1)
    assert not stuck_on_discard(state.history[:-4], 0)
    bot = make_bot("koenigs", "greedy", 0)
    assert str(bot.choose(state)) == "draw stock"


def test_simulate_caps_a_game_and_reports_it_as_a_draw() -> None:
    r = invoke(["simulate", "koenigs", "-n", "2", "-b", "greedy", "--max-moves", "5", "--json"])
    assert r.exit_code == 0, r.output
    summary = json.loads(r.output)
    schema_validator("simulate").validate(summary)
    assert summary["capped"] == 2 and summary["max_moves"] == 5
    assert all(seat["wins"] == 0 for seat in summary["seats"])
    table = invoke(["simulate", "koenigs", "-n", "2", "-b", "greedy", "--max-moves", "5"])
    assert "2 game(s) stopped at 5 moves, counted as draws" in table.output


def test_simulate_has_a_default_cap() -> None:
    r = invoke(["simulate", "koenigs", "-n", "3", "-b", "greedy", "-s", "abc", "--json"])
    assert r.exit_code == 0, r.output
    summary = json.loads(r.output)
    assert summary["max_moves"] == DEFAULT_MAX_MOVES and summary["capped"] == 0


# --- item 10: ranges before allocation, results stream ------------------------------------------------


def _peak_bytes(action) -> int:  # noqa: ANN001
    tracemalloc.start()
    try:
        action()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_simulate_streams_its_tasks() -> None:
    rules = Rules.make("koenigs-solo")

    def first_game() -> None:
        games = run("koenigs-solo", 1, rules, ("random",), 1_000_000, "s")
        assert next(games).moves > 0
        games.close()

    assert _peak_bytes(first_game) < 5_000_000  # a list of a million tasks took over 100 MB


def test_simulate_streams_with_worker_processes() -> None:
    rules = Rules.make("koenigs-solo")
    games = run("koenigs-solo", 1, rules, ("random",), 1_000_000, "s", jobs=2)
    try:
        first = [next(games) for _ in range(3)]
    finally:
        games.close()
    assert [o.moves for o in first] == [o.moves for o in run("koenigs-solo", 1, rules, ("random",), 3, "s")]


def test_huge_player_count_is_refused_before_any_allocation() -> None:
    for command in (["simulate", "koenigs"], ["play", "koenigs"]):
        result: list = []
        peak = _peak_bytes(lambda: result.append(invoke([*command, "--players", "200000000"], input="quit\n")))
        r = result[0]
        assert r.exit_code == 2 and "takes 2..7 players, got 200000000" in r.output
        assert peak < 20_000_000  # it built lists of 200 million seats (3.1 GB) before


def test_simulate_refuses_absurd_worker_counts() -> None:
    r = invoke(["simulate", "koenigs", "-j", "1000000000"])  # it started a pool of that many processes
    assert r.exit_code == 2 and "1000000000 is not in the range 1<=x<=256" in r.stderr and r.stderr.count("\n") == 1


# --- item 11 and romme games ----------------------------------------------------------------------------


def test_bare_romme_prints_the_help_and_exits_0() -> None:
    r = invoke([])
    assert r.exit_code == 0
    assert r.output.startswith("Usage: ") and "error" not in r.output
    assert "games" in r.output and "simulate" in r.output


def test_games_lists_every_option_with_help_and_default() -> None:
    r = invoke(["games"])
    assert r.exit_code == 0, r.output
    for game, options in OPTIONS.items():
        assert f"{game}: " in r.output
        for name, option in options.items():
            default = str(option.default).lower() if isinstance(option.default, bool) else str(option.default)
            assert f"{name} = {default}  [" in r.output and option.doc in r.output
    assert "rauber-to-hand (rauber=true, rauber_table_to_hand=true)" in r.output


def test_games_json() -> None:
    r = invoke(["games", "--json"])
    schema_validator("games").validate(json.loads(r.output))
    listing = {g["id"]: g for g in json.loads(r.output)["games"]}
    assert set(listing) == set(OPTIONS)
    rummy = listing["rummy"]
    assert rummy["players"] == {"min": 2, "max": 4, "default": 2}
    assert rummy["bots"] == ["random", "easy", "greedy", "expert", "master"]
    assert listing["koenigs-solo"]["bots"] == ["random", "greedy", "expert", "master"]  # no opponent: no Easy
    assert rummy["presets"] == PRESETS["rummy"]
    cap = next(o for o in rummy["options"] if o["name"] == "max_hand_cards_per_turn")
    assert cap == {
        "name": "max_hand_cards_per_turn",
        "type": "int",
        "default": 12,
        "min": 0,
        "max": 106,
        "help": OPTIONS["rummy"]["max_hand_cards_per_turn"].doc,
    }
    one = json.loads(invoke(["games", "krass", "--json"]).output)["games"]
    assert [g["id"] for g in one] == ["krass"]


def test_games_refuses_an_unknown_game() -> None:
    r = invoke(["games", "poker"])
    assert r.exit_code == 2 and r.output.count("\n") == 1 and "unknown game 'poker'" in r.output


# --- item 15: memo caches are bounded ---------------------------------------------------------------------

#: Caches without a bound, each keyed by a small fixed set (most entries it can ever hold)
SMALL_KEY_SPACE = {
    "cards._deck": 16,  # deck ids
    "engine._field_names": 64,  # move classes
    "solve._deck_cards": 16,  # deck ids
    "bots.master._point_table": 16,  # game ids
}


def _memo_caches() -> dict[str, object]:
    import importlib
    import pkgutil
    import sys

    import romme.bots
    import romme.games

    for package in (romme.games, romme.bots):
        for info in pkgutil.iter_modules(package.__path__):
            importlib.import_module(f"{package.__name__}.{info.name}")
    return {
        f"{name.removeprefix('romme.')}.{attr}": value
        for name, module in list(sys.modules.items())
        if name.startswith("romme.") and not name.startswith("romme.commands")
        for attr, value in vars(module).items()
        if callable(value) and hasattr(value, "cache_info") and getattr(value, "__module__", None) == name
    }


def test_memo_caches_are_bounded() -> None:
    # 4,000 Rummy games took RSS from 28 to 48 MB, still climbing (benches/bench_memory.py shows it level off)
    caches = _memo_caches()
    assert "games.rummy._resolve" in caches
    unbounded = sorted(n for n, fn in caches.items() if fn.cache_info().maxsize is None and n not in SMALL_KEY_SPACE)
    assert unbounded == []
    for game in ("rummy", "einmaleins"):
        for i in range(4):
            state = new_game(game, players=2, seed=f"memo/{i}")
            play_out(state, [make_bot(game, "random", f"memo/{i}/{s}") for s in range(2)])
    for name, fn in caches.items():
        info = fn.cache_info()
        assert info.currsize <= (info.maxsize if info.maxsize is not None else SMALL_KEY_SPACE[name]), name
    for name in ("games.rummy._resolve", "games.einmaleins.melds._resolve"):
        assert caches[name].cache_info().maxsize <= 1 << 13, name  # a few MB each at most


# --- item 2: saving in play -------------------------------------------------------------------------------


def test_save_raises_save_file_error_never_os_error(tmp_path) -> None:  # noqa: ANN001
    import pytest

    from romme import save
    from romme.errors import SaveFileError

    state = new_game("koenigs", players=2, seed=1)
    with pytest.raises(SaveFileError, match="cannot save: No such file or directory"):
        save.save(state, tmp_path / "missing" / "g.json")
    with pytest.raises(SaveFileError, match="cannot save: it is a directory"):
        save.save(state, tmp_path)
    with pytest.raises(SaveFileError, match="cannot save: File name too long"):  # found by test_hostile_play
        save.save(state, tmp_path / ("x" * 5000))
    with pytest.raises(SaveFileError, match="cannot save: embedded null byte"):
        save.save(state, tmp_path / "a\x00b")
    with pytest.raises(SaveFileError, match="cannot read: embedded null byte"):
        save.load(tmp_path / "a\x00b")
    assert list(tmp_path.iterdir()) == []


def test_a_failed_save_says_why_and_the_game_goes_on(tmp_path) -> None:  # noqa: ANN001
    good = tmp_path / "g.json"
    typed = f"save {tmp_path / 'missing' / 'g.json'}\nsave {tmp_path}\ndraw stock\nsave {good}\nquit\n"
    r = invoke(["play", "koenigs", "--seed", "3", "--players", "2"], input=typed)
    assert r.exit_code == 0, r.output
    out = flat(r.output)
    assert "not saved: " in out and "No such file or directory" in out and "it is a directory" in out
    assert "you: draw stock" in r.output and "Traceback" not in r.output
    from romme import save

    assert [str(m) for m in save.load(good).state.history][0] == "draw stock"


def _solitaire_moves(seed: int) -> list[str]:
    state = new_game("koenigs-solo", seed=seed)
    typed = []
    while not state.is_over:
        move = state.legal_moves()[-1]
        typed.append(str(move))
        state.apply(move)
    return typed


def test_a_finished_game_can_be_saved_and_replayed(tmp_path) -> None:  # noqa: ANN001
    done = tmp_path / "done.json"
    typed = _solitaire_moves(9) + ["draw stock", "hint", f"save {done}", "quit"]
    r = invoke(["play", "koenigs-solo", "--seed", "9"], input="\n".join(typed) + "\n")
    assert r.exit_code == 0, r.output
    assert "Game over" in r.output and "The game is over: save FILE" in r.output
    assert "saved to" in r.output  # (rich wraps the long path at the terminal width)
    from romme import save

    assert save.load(done).state.is_over
    replayed = invoke(["replay", str(done)])
    assert replayed.exit_code == 0 and "Game over" in replayed.output


def test_undo_after_the_end_goes_back_into_the_game() -> None:
    typed = _solitaire_moves(9) + ["undo", "moves", "quit"]
    r = invoke(["play", "koenigs-solo", "--seed", "9"], input="\n".join(typed) + "\n")
    assert r.exit_code == 0 and "took back: " in r.output and "Legal moves: " in r.output.split("took back: ")[1]


# --- item 8: nesting ----------------------------------------------------------------------------------------


def test_deeply_nested_save_is_a_save_file_error(tmp_path) -> None:  # noqa: ANN001
    import pytest

    from romme import save
    from romme.errors import SaveFileError

    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(SaveFileError, match="nested too deeply"):
        save.load(deep)
    data = save.to_json(new_game("koenigs", players=2, seed=1))
    nested: list = []
    for _ in range(100_000):
        nested = [nested]
    data["seats"] = [{"name": nested}]
    with pytest.raises(SaveFileError, match="nested too deeply"):
        save.from_json(data)
    r = invoke(["replay", str(deep)])
    assert r.exit_code == 2 and r.output.count("\n") == 1


def test_a_huge_or_endless_file_is_not_read_whole(tmp_path) -> None:  # noqa: ANN001
    import pytest

    from romme import save
    from romme.errors import SaveFileError

    with pytest.raises(SaveFileError, match="larger than 64 MiB"):
        save.load("/dev/zero")


# --- item 9: text from a file is never printed as control codes ----------------------------------------------

HOSTILE_NAME = "\x1b[2J\x1b]0;pwned\x07\x1b[31mred\u202eevil\r\n"


def test_replay_escapes_seat_names(tmp_path) -> None:  # noqa: ANN001
    from romme import save

    state = new_game("koenigs", players=2, seed=4)
    play_out(state, [make_bot("koenigs", "greedy", s) for s in range(2)], max_moves=10)
    f = save.save(
        state,
        tmp_path / "g.json",
        seats=[{"name": HOSTILE_NAME, "bot": "\x1b[5m"}, {"name": "x" * 5000}, {"name": "ghost"}],
    )
    r = invoke(["replay", str(f)])
    assert r.exit_code == 0, r.output
    assert not any(ch in r.output for ch in "\x1b\x07\u202e\r")
    assert "seat 0: \\x1b[2J\\x1b]0;pwned\\x07\\x1b[31mred\\u202eevil\\r\\n (\\x1b[5m)" in r.output
    assert "(5000 characters)" in r.output and "x" * 100 not in r.output
    assert "ghost" not in r.output  # a third seat in a two-player file


def test_play_prints_no_control_codes_of_its_arguments(tmp_path) -> None:  # noqa: ANN001
    r = invoke(["play", "koenigs", "--players", "2", "--seed", "\x1b[2J[red]x"], input="quit\n")
    assert r.exit_code == 0 and "\x1b" not in r.output and "seed \\x1b[2J[red]x." in flat(r.output)


def test_simulate_prints_the_seed_as_text() -> None:
    # "[/x]" as a seed was a rich MarkupError traceback in the table title; ESC cleared the screen
    for seed, shown in (("[/x]", "[/x]"), ("\x1b[2Jz", "\\x1b[2Jz"), ("[bold]b", "[bold]b")):
        r = invoke(["simulate", "koenigs-solo", "-n", "1", "-s", seed])
        assert r.exit_code == 0 and shown in r.output and "\x1b" not in r.output, r.output


def test_simulate_json_keeps_stderr_empty_off_a_terminal() -> None:
    r = invoke(["simulate", "koenigs", "-n", "2", "--json"])
    assert r.exit_code == 0 and r.stderr == "" and json.loads(r.stdout)["games"] == 2


# --- play --load agrees with the file; the prompt; short hints ---------------------------------------------


def test_play_load_refuses_what_contradicts_the_file(tmp_path) -> None:  # noqa: ANN001
    from romme import save

    state = new_game("romme", players=3, seed=5, rules="klopfen")
    f = save.save(state, tmp_path / "g.json", seats=[{"name": "you"}, {"bot": "greedy"}, {"bot": "random"}])
    refused = {
        ("rummy",): "the saved game is romme, not rummy",
        ("--players", "2"): "has 3 players, not 2",
        ("--seed", "6"): "has the seed 5, not '6'",
        ("--rules", "standard"): "has the rules {'knocking': True}, not standard",
        ("-o", "target=100"): "not {'target': 100}",
        ("--bots", "expert"): "has the bots greedy,random, not expert",
    }
    for extra, message in refused.items():
        r = invoke(["play", *extra, "--load", str(f)], input="quit\n")
        assert r.exit_code == 2 and message in r.output and r.output.count("\n") == 1, (extra, r.output)
    same = ["romme", "--players", "3", "--seed", "5", "--rules", "klopfen", "--bots", "greedy,random"]
    r = invoke(["play", *same, "--load", str(f)], input="quit\n")
    assert r.exit_code == 0 and "Loaded romme after 0 moves" in r.output


def test_prompt_choices_are_not_separated_by_the_meld_bar() -> None:
    from romme.commands.play import choices_text, short_move_text

    r = invoke(["play", "koenigs", "--seed", "3", "--players", "2"], input="quit\n")
    assert "draw (draw stock or draw discard)>" in r.output
    state = new_game("rummy", players=2, seed=1)
    legal = state.legal_moves()
    text = choices_text(state, [legal[0], legal[-1]])
    assert text == f"{short_move_text(state, legal[0])} or {short_move_text(state, legal[-1])}"
    assert choices_text(state, legal[:3]).count(", ") == 1


def test_table_moves_are_shown_in_the_shortest_notation_that_says_the_same() -> None:
    from collections import Counter

    from romme.commands.play import short_move_text

    verbs: Counter[str] = Counter()
    for game in ("rummy", "einmaleins"):
        for seed in range(3):
            state = new_game(game, players=2, seed=seed)
            bots = [make_bot(game, "greedy", s) for s in range(2)]
            while not state.is_over and len(state.history) < 60:
                for move in state.legal_moves()[:40]:
                    text = short_move_text(state, move)
                    verbs[text.split()[0]] += 1
                    assert len(text) <= len(str(move))
                    again = state.parse_move(text)
                    if text != str(move):
                        assert Counter(again.table) == Counter(move.table) and state.is_legal(again), text
                state.apply(bots[state.current_player].choose(state))
    assert verbs["lay"] > 0 and verbs["add"] > 0 and verbs["place"] > 0


def test_play_hints_and_lists_rummy_moves_in_the_short_notation() -> None:
    r = invoke(["play", "rummy", "-s", "2", "-b", "expert"], input="moves\nhint\nquit\n")
    assert r.exit_code == 0, r.output
    hint = next(line for line in r.output.splitlines() if "hint: " in line)
    assert hint.split("hint: ")[1].startswith("lay ") and "place" not in hint  # it was 'place <the whole table>'
    assert "Legal moves: pass, lay " in r.output


def test_help_of_an_integer_option_without_a_range_shows_no_range() -> None:
    """An integer option with no bounds showed '[x<=None]' in its help (play, simulate, solve, ladder)."""
    for command in ("solve", "play", "simulate", "ladder"):
        result = invoke([command, "--help"])
        assert result.exit_code == 0, result.output
        assert "None]" not in result.output, f"{command} --help: {result.output}"


def test_play_save_reads_a_leading_tilde_as_the_home_folder(tmp_path, monkeypatch) -> None:
    """'save ~/game.json' typed at the play prompt wrote a file named '~' in the working folder."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.chdir(tmp_path)
    result = invoke(["play", "koenigs", "-s", "1"], input="save ~/game.json\nquit\n")
    assert result.exit_code == 0, result.output
    assert (home / "game.json").is_file()
    assert not (tmp_path / "~").exists()


def test_gui_refusals_of_a_long_seed_or_game_stay_short() -> None:
    """romme gui --seed <5,000 digits> (or such a --game) repeated all of it in its one error line."""
    for option in ("--seed", "--game"):
        result = invoke(["gui", option, "9" * 5000])
        assert result.exit_code == 2, result.output
        assert len(result.stderr) < 300 and result.stderr.count("\n") == 1, result.stderr


@pytest.mark.parametrize("seed", ["18446744073709551616", "9" * 100])
def test_gui_refuses_a_number_seed_past_64_bits_before_the_window(seed: str) -> None:
    """romme gui --seed 99999999999999999999999 opened the window; its first Play raised the game's RulesError."""
    result = invoke(["gui", "--seed", seed])
    assert result.exit_code == 2, result.output
    assert "must fit 64 bits" in result.stderr and result.stderr.count("\n") == 1, result.stderr


@pytest.mark.parametrize("seed", ["", " ", "   "])
def test_gui_refuses_an_empty_or_blank_seed_before_the_window(seed: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """romme gui --seed ' ' opened the table dealing every game as the text ' ', where '' was refused and
    romme play / simulate / ladder refuse both (d6f1178); it is now their one rule, said in their words."""
    from romme.commands import gui

    def no_window() -> None:
        raise AssertionError("the window would open")

    monkeypatch.setattr(gui, "_load_frontend", no_window)
    result = invoke(["gui", "--seed", seed])
    assert result.exit_code == 2, result.output
    assert "a seed is a number or a name" in result.stderr and result.stderr.count("\n") == 1, result.stderr
