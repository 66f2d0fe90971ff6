"""romme play / simulate / replay through the click CLI."""

import json

from click.testing import CliRunner

from romme import save
from romme.cli import main


def run(args, input=None):
    r = CliRunner().invoke(main, args, input=input)
    return r


def test_play_commands_hint_undo_save_quit(tmp_path):
    f = tmp_path / "g.json"
    r = run(["play", "koenigs", "--seed", "3", "--bots", "expert,greedy"],
            input=f"help\nhint\ndraw discard\nmoves\nfoo\ndiscard Zz\nundo\ndraw stock\nsave {f}\nquit\n")
    assert r.exit_code == 0, r.output
    out = r.output
    assert "Round 1/11" in out and "wild rank 3" in out
    assert "hint:" in out
    assert "you: draw discard" in out
    assert "Legal moves: discard" in out
    assert "cannot read move 'foo'" in out
    assert "bad card token 'Zz'" in out
    assert "took back: draw discard" in out
    assert "you: draw stock" in out
    loaded = save.load(f)
    assert [str(m) for m in loaded.state.history] == ["draw stock"]
    assert [s["bot"] for s in loaded.seats] == [None, "expert", "greedy"]
    r2 = run(["play", "--load", str(f)], input="moves\nquit\n")
    assert r2.exit_code == 0 and "after 1 moves" in r2.output and "Legal moves: discard" in r2.output


def test_play_to_the_end_with_piped_moves():
    # the solitaire played by typing the first legal move each time until the game ends
    from romme.engine import new_game

    s = new_game("koenigs-solo", seed=9)
    lines = []
    while not s.is_over:
        m = s.legal_moves()[-1]
        lines.append(str(m))
        s.apply(m)
    r = run(["play", "koenigs-solo", "--seed", "9"], input="\n".join(lines) + "\n")
    assert r.exit_code == 0, r.output
    assert "Game over" in r.output
    assert ("You won" in r.output) == s.won


def test_play_errors():
    assert run(["play"]).exit_code != 0
    r = run(["play", "koenigs", "--players", "9"])
    assert r.exit_code == 2 or "2..7" in r.output
    r = run(["play", "koenigs", "--bots", "genius"], input="quit\n")
    assert r.exit_code != 0


def test_simulate_json_and_jobs_are_deterministic():
    args = ["simulate", "koenigs", "--games", "4", "--bots", "greedy,random", "--seed", "5", "--json"]
    r1 = run(args)
    assert r1.exit_code == 0, r1.output
    a = json.loads(r1.output)
    assert a["games"] == 4 and a["players"] == 2 and a["games_per_second"] > 0
    assert [s["bot"] for s in a["seats"]] == ["greedy", "random"]
    assert sum(s["wins"] for s in a["seats"]) >= 4
    assert {"wins", "mean_score", "bot"} <= set(a["seats"][0])
    b = json.loads(run(args + ["--jobs", "2"]).output)
    assert [s["mean_score"] for s in b["seats"]] == [s["mean_score"] for s in a["seats"]]
    assert b["mean_length"] == a["mean_length"]


def test_simulate_table():
    r = run(["simulate", "koenigs-solo", "--games", "3", "--bots", "greedy"])
    assert r.exit_code == 0, r.output
    assert "mean length" in r.output and "games/s" in r.output and "greedy" in r.output


def test_simulate_errors():
    assert run(["simulate", "koenigs", "--bots", "a,b,c", "--players", "2"]).exit_code != 0
    assert run(["simulate", "koenigs", "--option", "bogus=1"]).exit_code != 0


def test_replay(tmp_path):
    from romme.bots import make_bot
    from romme.bots.common import play_out
    from romme.engine import new_game

    s = new_game("koenigs", players=2, seed=4)
    play_out(s, [make_bot("koenigs", "expert", i) for i in range(2)])
    f = save.save(s, tmp_path / "g.json")
    r = run(["replay", str(f)])
    assert r.exit_code == 0, r.output
    assert "Round 1: wild rank 3" in r.output and "seat 0 holds" in r.output
    assert f"{len(s.history):5d}. seat" in r.output
    assert "Game over" in r.output and "Round 11 over" in r.output
    hidden = run(["replay", str(f), "--hide-hands"])
    assert "holds" not in hidden.output and " drew " not in hidden.output
    (tmp_path / "bad.json").write_text("{")
    bad = run(["replay", str(tmp_path / "bad.json")])
    assert bad.exit_code != 0


def test_full_koenigs_match_in_the_terminal():
    # the bots of `romme play` are seeded "<seed>/bot<seat>": replay the same match outside to know
    # what the human (here: an expert bot) will type, then pipe those moves in
    from romme.bots import make_bot
    from romme.engine import new_game

    s = new_game("koenigs", players=2, seed=77)
    bots = {0: make_bot("koenigs", "expert", "me"), 1: make_bot("koenigs", "greedy", "77/bot1")}
    typed = []
    while not s.is_over:
        m = bots[s.current_player].choose(s)
        if s.current_player == 0:
            typed.append(str(m))
        s.apply(m)
    r = run(["play", "koenigs", "--players", "2", "--bots", "greedy", "--seed", "77"], input="\n".join(typed) + "\n")
    assert r.exit_code == 0, r.output[-2000:]
    assert "Round 11 over" in r.output and "Game over" in r.output
    assert f"you {s.scores[0]}, seat 1 {s.scores[1]}" in r.output


def test_undo_takes_back_the_bots_replies_too(tmp_path):
    from romme.engine import new_game

    s = new_game("koenigs", players=3, seed=3)
    s.apply(s.parse_move("draw stock"))
    card = s.legal_moves()[0]
    f = tmp_path / "u.json"
    r = run(["play", "koenigs", "--seed", "3", "--bots", "greedy"],
            input=f"draw stock\n{card}\nundo\nsave {f}\nquit\n")
    assert r.exit_code == 0, r.output
    assert "seat 1 (greedy): draw" in r.output and "and the bots' replies" in r.output
    loaded = save.load(f).state
    assert [str(m) for m in loaded.history] == ["draw stock"]
    assert loaded.current_player == 0 and loaded.phase == "discard"


def test_the_terminal_names_a_joker_standing_for_a_card_as_a_player_reads_it():
    # the refusal as the window says it ('Jo=8c', romme.cards.jokers_named), not the notation's '*=8c'; the move typed
    # stays as the player typed it
    import io

    from rich.console import Console
    from romme_positions import position

    from romme.commands.play import Session

    st = position(["Kc 3h 5d *", "4c 4c 4h"], ("Kh Kd *", "7c * 9c 10c", "2s 3s 4s"), opened=(True, True),
                  joker_swap_completes=True)
    out = io.StringIO()
    session = Session(st, ["expert"], "1", Console(file=out, width=400))
    assert session.human("swap 1 3h") and session.human("layoff Kc to 2")
    said = out.getvalue()
    assert "swap 1 3h: 3h cannot replace a joker in Kh Kd Jo=Kc\n" in said, said
    assert "layoff Kc to 2: Kc does not extend run 7c Jo=8c 9c 10c\n" in said, said
    assert "*=" not in said and st.history == []
