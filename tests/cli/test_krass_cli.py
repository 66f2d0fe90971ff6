"""Krass Kariert through the command line: a whole match in ``romme play``,
hints, undo, save/load, ``romme simulate`` and ``romme replay``."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner, Result

from romme import save
from romme.bots import make_bot
from romme.cli import main
from romme.engine import new_game


def run(args: list[str], input: str | None = None) -> Result:
    return CliRunner().invoke(main, args, input=input)


def test_a_whole_match_in_the_terminal() -> None:
    # Replays what `romme play krass --seed 4 --bots expert,greedy` will do and
    # types the greedy bot's choice for the human each time.
    st = new_game("krass", players=3, seed=4)
    bots = {1: make_bot("krass", "expert", "4/bot1"), 2: make_bot("krass", "greedy", "4/bot2")}
    me = make_bot("krass", "greedy", "me")
    lines = []
    while not st.is_over:
        p = st.current_player
        m = (me if p == 0 else bots[p]).choose(st)
        if p == 0:
            lines.append(str(m))
        st.apply(m)
    r = run(["play", "krass", "--seed", "4", "--bots", "expert,greedy"], input="\n".join(lines) + "\n")
    assert r.exit_code == 0, r.output
    assert "Krass Kariert" in r.output and "Game over" in r.output
    assert r.output.count("you: ") == len(lines)
    winners = st.result().winners
    assert ("Winner(s): " + ", ".join("you" if p == 0 else f"seat {p}" for p in winners)) in r.output


def test_play_hint_board_undo_save_and_load(tmp_path: Path) -> None:
    f = tmp_path / "k.json"
    r = run(["play", "krass", "--seed", "1", "--bots", "greedy"],
            input=f"hint\nboard\nplay 99\nmoves\nfoo\n{_first_move(1)}\nundo\nsave {f}\nquit\n")
    assert r.exit_code == 0, r.output
    assert "hint: " in r.output and "empties in" in r.output
    assert "Your hand: " in r.output and "reserves" in r.output
    assert "the hand has positions" in r.output
    assert "took back" in r.output
    loaded = save.load(f)
    assert loaded.state.game_id == "krass" and loaded.state.current_player == 0


def _first_move(seed: int) -> str:
    # seat 1 leads the first trick; the greedy bots move until it is the human's turn
    st = new_game("krass", players=4, seed=seed)
    bots = {p: make_bot("krass", "greedy", f"{seed}/bot{p}") for p in (1, 2, 3)}
    while st.current_player != 0:
        st.apply(bots[st.current_player].choose(st))
    return str(st.legal_moves()[0])


def test_simulate_json_and_replay(tmp_path: Path) -> None:
    r = run(["simulate", "krass", "--games", "6", "--bots", "expert,greedy,random", "--seed", "2", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["games"] == 6 and [s["bot"] for s in data["seats"]] == ["expert", "greedy", "random"]
    st = new_game("krass", players=3, seed=8)
    bots = [make_bot("krass", "expert", s) for s in range(3)]
    while not st.is_over:
        st.apply(bots[st.current_player].choose(st))
    f = tmp_path / "done.json"
    save.save(st, f, seats=[{"name": f"seat {i}", "bot": "expert"} for i in range(3)])
    r = run(["replay", str(f)])
    assert r.exit_code == 0, r.output
    assert "Deal 1:" in r.output and "Trick won by" in r.output and "lost the game" in r.output
