"""Headless: the cards the other seats laid since the player's last turn are outlined on the table.

Played under Xvfb: a bot laid three melds or added a card to a run between two turns, and only the move log
said which; on a full table the player had to search for them."""

from __future__ import annotations

from collections import Counter

from gui_driver import bots_one_a_frame, open_table

from romme.bots import make_bot
from romme_table.controller import Controller, Seat
from romme_table.scenes import FRESH
from romme_table.table_news import TableNews, table_cards
from romme_table.table_scene import TableScene


def turns_with_news(game: str, seed: int, surface, wanted: int = 3):  # noqa: ANN001, ANN201
    """Plays the human seat (greedy helper) against greedy bots through the table, frame by frame; at each of
    the human's turns yields (scene, the table cards new since its last turn ended)."""
    c = Controller(game, [Seat("You"), Seat("Bot 1", "bot", "greedy"), Seat("Bot 2", "bot", "greedy")],
                   seed=seed, bot_delay=0.0)
    app, scene = open_table(c, surface)
    helper = make_bot(game, "greedy", seed=5)
    left: Counter[str] | None = None
    found = 0
    for _ in range(400):
        bots_one_a_frame(app, scene, c, surface)
        if c.state.is_over:
            break
        assert c.is_human_turn()
        new = table_cards(c.melds()) - left if left is not None else Counter()
        yield c, scene, new
        found += bool(new)
        if found >= wanted:
            return
        while c.is_human_turn() and not c.state.is_over:
            assert c.play(helper.choose(c.state.clone())), c.message
            app.update(0.0)
        left = table_cards(c.melds())
        assert not any(scene.news_marks()), "the turn is over: nothing is news to the player now"
    assert found >= wanted, "the bots laid cards between the player's turns"


def test_the_cards_the_bots_laid_are_marked_during_the_players_turn(surface):
    for c, scene, new in turns_with_news("rummy", 4, surface):
        marks = scene.news_marks()
        marked = Counter(c.melds()[k][i] for k, places in enumerate(marks) for i in places)
        assert marked == new, (marked, new)
        lay = scene.layout or scene.compute_layout()
        for k, places in enumerate(marks):
            for i in places:  # its outline's left edge shows beside the next card
                r = lay.melds[k][i]
                assert tuple(surface.get_at((r.x + 1, r.centery)))[:3] == FRESH


def test_a_new_deal_of_romme_counts_from_the_empty_table(surface):
    for c, scene, new in turns_with_news("romme", 8, surface, wanted=2):
        marked = Counter(c.melds()[k][i] for k, places in enumerate(scene.news_marks()) for i in places)
        assert marked == new


def test_equal_cards_the_changed_meld_is_marked_not_the_old_one():
    news = TableNews()
    old = [["Kd", "Kh", "Ks"]]
    news.follow(1, 0, [0], old, (1,))
    news.follow(1, 1, [0], old, (1,))  # the player's turn ended on this table
    now = [["Kd", "Kh", "Ks"], ["Jd", "Qd", "Kd"]]  # a bot laid a run holding the second Kd
    news.follow(1, 0, [0], now, (1,))
    assert news.marks(0, now) == [set(), {0, 1, 2}]
    assert news.marks(1, now) == [set(), set()]  # a bot's seat: no news kept
    news.follow(2, 0, [0], now, (1,))  # another game loaded: nothing is news
    assert news.marks(0, now) == [set(), set()]


def test_no_news_on_the_first_turn_nor_in_krass_kariert(surface):
    c = Controller("romme", [Seat("You"), Seat("Bot", "bot", "greedy")], seed=1, bot_delay=0.0)
    _, scene = open_table(c, surface)
    assert scene.news_marks() == [set() for _ in c.melds()]
    k = Controller("krass", [Seat("You"), Seat("B", "bot", "greedy"), Seat("C", "bot", "greedy")], seed=1)
    assert TableScene(k).news_marks() == []


def test_equal_cards_in_two_changed_melds_each_meld_marks_what_it_gained():
    """H6 T1 (Räuber-Rommé, hot seat, two decks): a bot laid 'Jo 7h 8h' and a seat laid 7c off on '7h 7s Jo';
    the set's 7h and joker took the marks of the run's, and the run's 7h and joker went unmarked."""
    news = TableNews()
    old = [["7h", "7s", "Jo"], ["3s", "4s", "5s"]]
    news.follow(1, 0, [0], old, (1,))
    news.follow(1, 1, [0], old, (1,))  # the player's turn ended on this table
    now = [["7h", "7s", "7c", "Jo"], ["3s", "4s", "5s"], ["Jo", "7h", "8h"]]
    news.follow(1, 0, [0], now, (1,))
    assert news.marks(0, now) == [{2}, set(), {0, 1, 2}]
    # the player rebuilds: the run's joker goes to a new meld, 6h to the run; the set is as it was
    rebuilt = [["7h", "7s", "7c", "Jo"], ["3s", "4s", "5s"], ["6h", "7h", "8h"], ["Jo", "4d", "5d"]]
    assert news.marks(0, rebuilt) == [{2}, set(), {1, 2}, {0}]


def test_a_second_joker_is_marked_where_it_came_not_on_the_old_one():
    """H7 V8 (Rummy, 1366x768, game no. 777001): Bot 1 added a joker at the end of the player's run 'G1 … G4 Jo
    G6 G7' (its joker =G5); the 'new' outline sat on the old Jo=G5 and the new Jo=G8 went unmarked."""
    news = TableNews()
    old = [["G1", "G2", "G3", "G4", "Jo", "G6", "G7"], ["R6", "R7", "R8", "R9"]]
    news.follow(1, 0, [0], old, (1,))
    news.follow(1, 1, [0], old, (1,))  # the player's turn ended on this table
    now = [["G1", "G2", "G3", "G4", "Jo", "G6", "G7", "Jo"], ["Jo", "R6", "R7", "R8", "R9"]]
    news.follow(1, 0, [0], now, (1,))
    assert news.marks(0, now) == [{7}, {0}]


def test_the_bots_melds_after_the_players_first_rummy_turn_are_marked(surface):
    """H9 U2 (Rummy, game no. 903617): the player's first turn is one move that hands the turn on, so the news
    began following at the bot's turn and the bot's first melds went unmarked at the player's second turn."""
    c = Controller("rummy", [Seat("You"), Seat("Bot 1", "bot", "greedy")], seed=903617, bot_delay=0.0)
    app, scene = open_table(c, surface)
    helper = make_bot("rummy", "greedy", seed=5)
    while c.is_human_turn():
        assert c.play(helper.choose(c.state.clone())), c.message
        app.update(0.0)
    left = table_cards(c.melds())
    for _ in range(60):  # the bot's turn
        app.update(0.0)
        if c.is_human_turn():
            break
        if c._future is not None:
            c._future.result()
    assert c.is_human_turn()
    new = table_cards(c.melds()) - left
    assert new, "the bot laid cards on its first turn"
    marked = Counter(c.melds()[k][i] for k, places in enumerate(scene.news_marks()) for i in places)
    assert marked == new, (marked, new)


def _news_after(old: list[list[str]], now: list[list[str]]) -> list[set[int]]:
    """The marks seat 0 (a human) sees on ``now`` when the other seat's turn turned ``old`` into it."""
    news = TableNews()
    news.follow(1, 0, [0], old, (1,))
    news.follow(1, 1, [0], old, (1,))  # the player's turn ended on this table
    news.follow(1, 0, [0], now, (1,))
    return news.marks(0, now)


def test_a_card_laid_off_beside_an_untouched_twin_is_marked_on_the_meld_it_grew():
    """Two decks, twin melds: a bot laid the second R5 off on 'R2 R3 R4' beside the twin 'R3 R4 R5', which lay
    untouched (the new table in another order). The marks paired the melds greedily by the largest share, one
    card or more, took the grown run for the twin and marked the twin's R5; they now follow the core's pairing
    (``TableChange.goes_on_from``), the one the hint's 'moves N table cards' counts by."""
    old = [["R3", "R4", "R5"], ["R2", "R3", "R4"]]
    assert _news_after(old, [["R2", "R3", "R4", "R5"], ["R3", "R4", "R5"]]) == [{3}, set()]


def test_a_run_split_in_two_keeps_its_cards_unmarked():
    """Two decks: a bot split 'B5 … B9' in two ('B4' laid before 'B5 B6', 'B7 B8 B9' left) and laid the second
    B7 before 'B8 B9 B10'. The greedy pairing took 'B7 B8 B9 B10' for the split run and marked the old B7 of
    'B7 B8 B9'; the core pairs each part with the meld it keeps most of."""
    old = [["B5", "B6", "B7", "B8", "B9"], ["B8", "B9", "B10"]]
    now = [["B7", "B8", "B9", "B10"], ["B4", "B5", "B6"], ["B7", "B8", "B9"]]
    assert _news_after(old, now) == [{0}, {0}, set()]
