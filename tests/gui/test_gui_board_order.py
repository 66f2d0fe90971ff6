"""Headless: the rebuild board shows each meld as it reads (a run in rank order, a wild where it stands).

Seen under Xvfb in Rummy and Räuber-Rommé: a card added to a run on the board was drawn at the run's end
("8 9 Jo 11 12 10"), while the log and the hint name the meld in order.
"""

from __future__ import annotations

import pytest
from gui_driver import click, drawn_cards, open_table, play_until

from romme.table import read_meld
from romme_table.card_clicks import lay_off_target
from romme_table.controller import Controller, Seat
from romme_table.editor import TableEditor


@pytest.mark.parametrize(
    ("game", "table", "card", "reads"),
    [
        ("romme", ["8h", "9h", "*", "Jh", "Qh"], "10h", ["8h", "9h", "10h", "Jh", "Qh", "*"]),
        ("rummy", ["R8", "R9", "*", "R11", "R12"], "R10", ["R8", "R9", "R10", "R11", "R12", "*"]),
        ("rummy", ["B5", "B6", "B7"], "B4", ["B4", "B5", "B6", "B7"]),
    ],
)
def test_a_card_added_on_the_board_stands_where_the_meld_reads_it(game, table, card, reads):
    editor = TableEditor(game, [table], [card], {"rauber": True} if game == "romme" else {})
    assert editor.move(("hand", 0, 0), 0)
    assert editor.melds == [reads]
    assert editor.move_text() == "place " + " ".join(reads)


def test_a_card_moved_between_melds_on_the_board_reads_in_order():
    editor = TableEditor("rummy", [["R4", "R5", "R6", "R7"], ["R3", "B3", "G3"]], [])
    assert editor.move(("meld", 1, 0), 0)
    assert editor.melds == [["R3", "R4", "R5", "R6", "R7"], ["B3", "G3"]]


def test_a_rummy_lay_off_below_a_run_is_drawn_in_rank_order(surface, monkeypatch):
    names = [Seat("You"), Seat("Bot 1", "bot", "greedy")]
    c = Controller("rummy", names, seed=3, bot_delay=0.0)
    c.run_bots_until_human()

    def below_a_run(c: Controller) -> bool:
        if c.state.phase != "play":
            return False
        for tok in c.hand():
            meld = lay_off_target(c, tok)
            if meld is not None:
                reading = read_meld("rummy", c.melds()[meld] + [tok])
                if reading is not None and [str(x) for x in reading.cards][-1] != tok:
                    return True
        return False

    assert play_until(c, below_a_run, limit=6000)
    app, scene = open_table(c, surface)
    index, tok, meld = next(
        (i, tok, m) for i, tok in enumerate(c.hand()) if (m := lay_off_target(c, tok)) is not None
        and (r := read_meld("rummy", c.melds()[m] + [tok])) is not None and str(r.cards[-1]) != tok
    )
    want = [str(x) for x in read_meld("rummy", c.melds()[meld] + [tok]).cards]
    app.draw(surface)
    at = scene.layout.hand[index].center
    click(app, at, surface)
    click(app, at, surface)
    assert c.editor is not None and want in c.editor.melds, (c.editor and c.editor.melds, want)
    drawn = [t for _, t, _ in drawn_cards(app, surface, monkeypatch)]
    assert any(drawn[i:i + len(want)] == want for i in range(len(drawn))), (drawn, want)
