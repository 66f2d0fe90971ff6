"""Headless: Krass Kariert's card put in at a place of the player's choosing (a reserve card, a drawn card), as
found in play (session 45, H7 under Xvfb): the 'new' mark sits on that card, not on an equal card elsewhere."""

from __future__ import annotations

import pytest
from gui_driver import drawn_rects, open_table, play_until

from romme.bots import make_bot
from romme_table.controller import Controller, Seat
from romme_table.scenes import FRESH


def _reserve_beside_its_twin(c: Controller) -> bool:
    """The human's turn with a reserve move that puts a card before an equal card already in the hand."""
    if not c.is_human_turn():
        return False
    hand = [str(card) for card in c.hand()]
    reserves = c.state.observation(c.viewer)["reserves"][c.viewer]
    for move in c.state.legal_moves():
        j = move.to_json()
        if j["kind"] == "reserve" and reserves[j["index"]] in hand[j["position"] :]:
            return True
    return False


def test_krass_marks_the_reserve_card_where_it_went_not_its_twin_further_on(surface, monkeypatch):
    """A reserve 9 put between 10 and 8 had the hand's other 9, further right, marked 'new' (H7 under Xvfb): the
    mark is on the card at the place the move names."""
    for seed in range(1, 60):
        c = Controller(
            "krass",
            [Seat("You"), Seat("Bot 1", "bot", "greedy"), Seat("Bot 2", "bot", "greedy")],
            seed=seed,
            bot_delay=0.0,
        )
        if play_until(c, _reserve_beside_its_twin, limit=400):
            break
    else:
        pytest.skip("no deal with a reserve card put before its twin")
    app, scene = open_table(c, surface)
    hand = [str(card) for card in c.hand()]
    reserves = c.state.observation(c.viewer)["reserves"][c.viewer]
    move = next(
        m
        for m in c.state.legal_moves()
        if m.to_json()["kind"] == "reserve" and reserves[m.to_json()["index"]] in hand[m.to_json()["position"] :]
    )
    position = move.to_json()["position"]
    assert c.play(move), c.message
    app.update(0.0)
    lay = scene.compute_layout()
    frames = drawn_rects(FRESH, app, surface, monkeypatch)
    marked = [i for i, card in enumerate(lay.hand) if any(f.colliderect(card) and f.x < card.x + 4 for f in frames)]
    assert position in marked and len([i for i in marked if c.hand()[i] == c.hand()[position]]) == 1, (
        position,
        marked,
        [str(card) for card in c.hand()],
    )


class _Put:
    """A move of seat ``player`` putting a card in at hand place ``position`` (as Krass Kariert's moves read)."""

    def __init__(self, player: int, kind: str, position: int) -> None:
        self.player, self.kind, self.position = player, kind, position

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "player": self.player, "position": self.position}


def test_two_cards_put_in_are_marked_where_they_are_now():
    """Two drawn 9s put in, the second before the first: both marks follow the places (the first moved one on);
    the hand's 9 held before stays unmarked. Another seat's moves in between change nothing."""
    from collections import Counter

    from romme_table.table_draw import new_positions

    hand = ["9", "10", "9", "8", "9"]  # the 9 at 4 held before; put in: a 9 at place 1, then a 9 at place 0
    moves = [_Put(0, "play", 0), _Put(0, "insert", 1), _Put(1, "reserve", 3), _Put(0, "insert", 0)]
    assert new_positions(hand, Counter({"9": 2}), moves, 0) == {0, 2}
    assert new_positions(hand, Counter({"9": 2})) == {2, 4}  # without the moves: the last equal cards
    assert new_positions(hand, Counter({"9": 1}), moves, 0) == {0}  # only the newest is new
    assert new_positions(hand, Counter({"8": 1}), [_Put(0, "play", 0)], 0) == {3}  # no put-in move: by the card


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ("at the left end", "at the right end", "card from the left")),
        ("de", ("ganz links", "ganz rechts", "Karte von links")),
    ],
)
def test_the_log_says_where_a_reserve_or_drawn_card_went(lang, words):
    """The log read 'take reserve card 9' and the player looked for it in the hand (H7 under Xvfb): each reserve
    and insert move says which card of the hand it became, counted from the left, for every seat to read (the
    cards beside it stay hidden)."""
    from romme.engine import new_game
    from romme_table.move_log import krass_words, log_lines

    seen, moves = [], 0
    for seed in range(1, 8):
        state = new_game("krass", players=3, seed=seed)
        bot = make_bot("krass", "greedy", seed=seed)
        notes: dict[int, str] = {}
        while not state.is_over:
            move = bot.choose(state.clone())
            j = move.to_json()
            if j["kind"] in ("reserve", "insert"):
                hand = [str(card) for card in state.observation(j["player"])["hand"]]
                said = krass_words(move, state, lang)
                assert said is not None
                place = j["position"]
                want = words[0] if place == 0 else words[1] if place == len(hand) else f"{place + 1}"
                assert want in said and (place in (0, len(hand)) or words[2] in said), (said, place, hand)
                if j["kind"] == "insert":  # the drawn card stays hidden from the others
                    drawn = state.observation(j["player"])["drawing"]["card"]
                    assert f" {drawn} " not in f" {said} ", (said, drawn)
                notes[len(state.history)] = said
                moves += 1
            state.apply(move)
        names = ["You", "Bot 1", "Bot 2"]
        seen += [line for line in log_lines("krass", state.history, names, lang, 10_000, notes) if words[2] in line]
    assert moves > 20 and seen, moves
