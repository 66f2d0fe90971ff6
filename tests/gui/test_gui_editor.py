"""Rearranging the table by hand: the editor and its round trip through the game."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import romme
from romme_table.controller import Controller, Seat
from romme_table.editor import TableEditor
from romme_table.move_reading import split_meld


def test_editor_moves_marks_and_writes_the_move():
    ed = TableEditor("rummy", [["R1", "R2", "R3"]], ["R4", "B5"])
    assert ed.invalid() == []
    assert ed.move(("hand", 0, 0), 0)
    assert ed.melds == [["R1", "R2", "R3", "R4"]] and ed.placed == ["R4"]
    assert ed.move(("hand", 0, 0), None)
    assert ed.invalid() == [1]  # a lone B5 is no meld: marked live
    assert not ed.back_to_hand(0, 0)  # R1 lay on the table: it stays
    assert ed.back_to_hand(1, 0)
    assert ed.move_text() == "place R1 R2 R3 R4"
    ed.reset()
    assert ed.melds == [["R1", "R2", "R3"]] and ed.hand_left == ["R4", "B5"]


def test_split_run_by_dragging_is_checked_live():
    """A table fixed only by splitting a long run: B3..B8 + B5 from the hand."""
    ed = TableEditor("rummy", [["B3", "B4", "B5", "B6", "B7", "B8"]], ["B5"])
    ed.move(("meld", 0, 5), None)  # B8 alone: marked invalid at once
    assert ed.invalid() == [1]
    ed.move(("meld", 0, 4), 1)  # B7
    ed.move(("meld", 0, 3), 1)  # B6
    assert ed.invalid() == []  # B3 B4 B5 | B6 B7 B8 (dropped in any order, read in rank order)
    ed.move(("hand", 0, 0), 1)
    assert ed.invalid() == [] and ed.placed == ["B5"]
    assert split_meld(ed.move_text()[len("place "):].split(" | ")[1]) == [
        ("B5", None), ("B6", None), ("B7", None), ("B8", None)]


def test_rearranging_through_the_controller():
    c = Controller("rummy", [Seat("A"), Seat("B", "bot", "random")], seed=5, bot_delay=0.0)
    helper = romme.bots.make_bot("rummy", "greedy", seed=1)
    done = False
    for _ in range(400):
        c.run_bots_until_human()
        if c.state.is_over:
            break
        move = helper.choose(c.state.clone())
        if not done and c.can_rearrange() and str(move).startswith("place "):
            ed = c.start_editing()
            ed.move(("hand", 0, 0), None)  # a lone card: refused, with the reason
            assert not c.finish_editing() and "not a valid meld" in c.message
            assert ed.show([[card for card, _ in split_meld(m)] for m in str(move)[len("place "):].split(" | ")])
            before = len(c.state.history)
            assert c.finish_editing(), c.message
            assert len(c.state.history) == before + 1 and c.editor is None
            done = True
            continue
        c.play(move)
    assert done


def test_hint_names_the_move_and_the_reason():
    from romme_table.hints import reason

    obs = {"hand": ["7h", "8h", "9h", "Kd"], "round": 1}
    text = reason("koenigs", obs)
    assert "7h 8h 9h" in text and "discard Kd" in text and "leaves 0 points" in text
    assert "Herauskommen" in reason("rummy", {"hand": ["R10", "R11", "R12", "B1"], "opened": [False], "player": 0},
                                    "de")


def test_drag_onto_a_meld_lays_off():
    """Rommé: a card dropped on a table meld is the table games' ``add CARD N``, which Rommé reads as
    its lay-off."""
    from romme.table import add_notation

    c = Controller("romme", [Seat("A"), Seat("B", "bot", "greedy")], seed=4, bot_delay=0.0)
    helper = romme.bots.make_bot("romme", "greedy", seed=1)
    for _ in range(3000):
        c.run_bots_until_human()
        if c.state.is_over:
            break
        layoffs = [m for m in c.state.legal_moves() if m.to_json()["kind"] == "layoff"]
        if layoffs:
            m = layoffs[0]
            j = m.to_json()
            assert c.state.parse_move(add_notation(j["card"], j["target"] - 1)) == m
            return
        c.play(helper.choose(c.state.clone()))
    raise AssertionError("no lay-off came up")
