"""The core answers rules and decks with typed frozen objects (named fields, nothing settable), not tuples."""

from __future__ import annotations

import pytest

from romme import _core, rules
from romme.cards import deck
from romme.games import einmaleins


@pytest.mark.parametrize("game", ["koenigs", "romme", "einmaleins", "rummy", "krass"])
def test_deck_types_are_frozen_named_objects(game: str) -> None:
    types = _core.deck_types(game)
    assert [t.code for t in types] == list(range(len(types)))
    assert [t.token for t in types] == [t.token for t in deck(game).types]
    first = types[0]
    assert isinstance(first, _core.CardType) and first.kind in {"natural", "joker", "x", "draw", "stop", "ban"}
    for field in ("code", "token", "suit", "rank", "kind", "copies"):
        with pytest.raises(AttributeError):
            setattr(first, field, getattr(first, field))


@pytest.mark.parametrize("game", sorted(rules.OPTIONS))
def test_option_specs_are_frozen_named_objects(game: str) -> None:
    specs = _core.game_options(game)
    assert [s.name for s in specs] == list(rules.OPTIONS[game])
    for spec in specs:
        assert isinstance(spec, _core.OptionSpec) and spec.lo <= spec.default <= spec.hi and spec.help
        assert not spec.is_flag or (spec.lo, spec.hi) == (0, 1)
        with pytest.raises(AttributeError):
            spec.default = spec.hi  # type: ignore[misc]


def test_romme_turn_outcomes_and_meld_targets_are_frozen_named_objects() -> None:
    core = _core.RommeRules({})
    qh, kh, ah, jh, joker = (deck("romme").parse_token(t, 1) for t in ("Qh", "Kh", "Ah", "Jh", "*"))
    # an opened seat: hand, table wires, with_discard, opened, opened_before, owed jokers, must_open_with
    laid = _core.romme_meld_turn(core, ([qh, kh, ah, jh, joker], [], True, True, True, 0, None), [[qh, kh, ah]])
    assert isinstance(laid, _core.TurnOutcome)
    assert (sorted(laid.hand), laid.changed, laid.jokers_owed, laid.opens) == (sorted([jh, joker]), None, 0, False)
    (row,) = laid.melds
    wire = row[-1]
    targets = _core.romme_meld_targets(core, wire)
    assert isinstance(targets, _core.MeldTargets) and jh in targets.lay_offs and targets.joker_fits
    assert targets.swaps == []
    turn = ([jh, joker], [wire], True, True, True, 0, None)
    added = _core.romme_lay_off_turn(core, turn, jh, 1)
    assert (added.hand, added.changed, len(added.melds)) == ([joker], 0, 1)
    for answer, field in [(laid, "hand"), (laid, "melds"), (added, "changed"), (targets, "joker_fits")]:
        with pytest.raises(AttributeError):
            setattr(answer, field, None)


def test_krass_plays_and_koenigs_round_cards_are_frozen_named_objects() -> None:
    play = _core.krass_classify([(7, 8), (9, 10), (8, 9)])
    assert isinstance(play, _core.KrassPlay) and (play.kind, play.rank) == ("3-straight", 10)
    assert play == _core.krass_combination([(8, 9), (7, 8), (9, 10)])
    cards = _core.koenigs_round_cards(1)
    assert isinstance(cards, _core.RoundCards) and len(cards.wild) == len(cards.points) == 56
    assert cards.wild[deck("koenigs").joker or 0] and sum(cards.wild) > 1
    for answer, field in [(play, "kind"), (play, "rank"), (cards, "wild_rank"), (cards, "points")]:
        with pytest.raises(AttributeError):
            setattr(answer, field, None)


def test_krass_listing_is_a_frozen_object_giving_one_named_play_at_a_time() -> None:
    # the codes 0..11 are the numbers 1..12, 12 the X card: "1 2 3" and "X" on its own
    plays = _core.krass_plays([0, 1, 2, 12], -1)
    assert isinstance(plays, _core.KrassPlays)
    listed = [plays.play(i) for i in range(len(plays))]
    assert all(isinstance(p, _core.ListedKrassPlay) for p in listed)
    by_window = {(p.start, p.length, p.xs): p.strength for p in listed}
    assert by_window[(0, 3, ())] == _core.krass_play_strength([0, 1, 2], [])
    assert {p.xs for p in listed if (p.start, p.length) == (3, 1)} == {(x,) for x in range(1, 13)}
    assert [(p.start, p.length) for p in listed] == sorted((p.start, p.length) for p in listed)
    with pytest.raises(IndexError):
        plays.play(len(plays))
    assert len(_core.krass_plays([0, 1, 2, 12], 200)) == 0
    for answer, field in [(plays, "packed"), (listed[0], "start"), (listed[0], "xs"), (listed[0], "strength")]:
        with pytest.raises(AttributeError):
            setattr(answer, field, None)


def test_table_listings_are_frozen_objects_giving_one_named_move_at_a_time() -> None:
    tokens = [t.token for t in deck("rummy").types]
    hand = [0] * len(tokens)
    for token in ("B7", "R7", "Y7", "B1", "B2", "B3"):
        hand[tokens.index(token)] += 1
    listing = _core.rummy_placements(b"", hand, True, 0, 12)
    assert isinstance(listing, _core.RummyListing) and len(listing) > 0
    melds = set()
    for i in range(len(listing)):
        move = listing.placement(i)
        assert isinstance(move, _core.ListedPlacement) and move.replaces is None and move.taken == b""
        laid = sorted(code for meld in move.melds for code, _ in meld)
        assert sorted(move.placed) == laid
        melds |= {tuple(tokens[c] for c, _ in meld) for meld in move.melds}
    assert {("B7", "R7", "Y7"), ("B1", "B2", "B3")} <= melds
    with pytest.raises(IndexError):
        listing.placement(len(listing))
    one = _core.einmaleins_placements(b"", bytes(einmaleins.TYPES), True, 0)
    assert isinstance(one, _core.EinmaleinsListing) and len(one) == 0
    with pytest.raises(IndexError):
        one.placement(0)
    for field in ("replaces", "melds", "placed", "taken"):
        with pytest.raises(AttributeError):
            setattr(listing.placement(0), field, None)


def test_romme_listing_is_a_frozen_object_giving_one_named_move_at_a_time() -> None:
    core = _core.RommeRules({})
    qh, kh, ah, jh, five = (deck("romme").parse_token(t, 1) for t in ("Qh", "Kh", "Ah", "Jh", "5c"))
    meld = _core.romme_meld_turn(core, ([qh, kh, ah, jh, five], [], True, True, True, 0, None), [[qh, kh, ah]])
    wire = meld.melds[0][-1]
    # an opened seat with the discard pile: Jh lays off on Qh Kh Ah, either card may be discarded
    listing = _core.romme_listed_moves(core, [jh, five], [wire], True, True, True, False, 0, None, False)
    assert isinstance(listing, _core.RommeListing)
    listed = [listing.listed(i) for i in range(len(listing))]
    assert all(isinstance(m, _core.ListedRommeMove) for m in listed)
    fields = {(m.kind, m.card, m.target, m.melds) for m in listed}
    assert {("discard", jh, 0, None), ("discard", five, 0, None), ("layoff", jh, 1, None)} <= fields
    assert not any(m.kind == "layoff" and m.card == five for m in listed)
    with pytest.raises(IndexError):
        listing.listed(len(listing))
    for field in ("kind", "card", "target", "melds"):
        with pytest.raises(AttributeError):
            setattr(listed[0], field, None)


def test_koenigs_measures_are_frozen_named_objects() -> None:
    five, six, seven, nine = (deck("koenigs").parse_token(t, 1) for t in ("5h", "6h", "7h", "9c"))
    hand = [five, six, seven, nine]
    best = _core.koenigs_best_left(hand, 1, "min-left")
    assert isinstance(best, _core.BestLeft)
    assert (best.left, best.points) == ([nine], 9)  # 5h 6h 7h is a run; round 1's wild rank is 3
    measures = _core.koenigs_discard_measures(hand, 1, 5)
    assert all(isinstance(m, _core.DiscardMeasure) for m in measures)
    by_card = {m.card: (m.distance, m.points) for m in measures}
    assert by_card[nine] == (0, 0)  # the run is left: out at once
    assert by_card[five] == (1, 6 + 7 + 9)  # 6h 7h 9c wait for one wild card
    assert all(m.distance is None for m in _core.koenigs_discard_measures(hand, 1))
    distances = _core.koenigs_discard_distances(hand, 1, 5)
    assert all(isinstance(d, _core.DiscardDistance) for d in distances)
    assert [(d.card, d.distance) for d in distances] == [(m.card, m.distance) for m in measures]
    for answer, fields in ((best, ("left", "points")), (measures[0], ("card", "distance", "points")),
                           (distances[0], ("card", "distance"))):
        for field in fields:
            with pytest.raises(AttributeError):
                setattr(answer, field, None)


def test_krass_expert_answers_frozen_named_objects() -> None:
    expert = _core.KrassExpert()
    hand = [1, 2, 3, 7]
    measure = expert.measure(hand)
    assert isinstance(measure, _core.HandMeasure)
    assert measure.plays == 2  # the straight 1 2 3, then the 7
    assert measure.power == _core.krass_hand_power(hand)
    choice = expert.play_choice(hand, [], _core.KRASS_FREE, True, 0, [(5, False)], (20, 2))
    assert isinstance(choice, _core.PlayChoice)
    assert choice.listed == len(_core.krass_plays(hand, _core.KRASS_FREE)) and 0 <= choice.index < choice.listed
    for answer, fields in ((measure, ("plays", "power")), (choice, ("index", "listed"))):
        for field in fields:
            with pytest.raises(AttributeError):
                setattr(answer, field, 0)


def test_romme_hand_search_answers_frozen_named_objects() -> None:
    core = _core.RommeRules({})
    qh, kh, ah, c5, d5, s5, c9 = (deck("romme").parse_token(t, 1) for t in ("Qh", "Kh", "Ah", "5c", "5d", "5s", "9c"))
    hand = [qh, kh, ah, c5, d5, s5, c9]
    opening = _core.romme_best_opening(core, hand)
    assert isinstance(opening, _core.ChosenMelds)
    assert opening.total == 15 + 31  # 5 5 5, then Q K A (the ace high: 11)
    melds = {m.naturals: (m.specs, m.jokers, m.points) for m in opening.melds}
    assert all(isinstance(m, _core.HandCandidate) for m in opening.melds)
    assert melds == {(c5, d5, s5): ((c5, d5, s5), 0, 15), (qh, kh, ah): ((qh, kh, ah), 0, 31)}
    assert _core.romme_best_melds(core, hand, "cards").total == 6
    assert sorted(m.naturals for m in _core.romme_quick_melds(core, hand)) == sorted(melds)
    all_but_one = _core.romme_meld_all_but_one(core, hand)
    assert all_but_one is not None and sorted(m.naturals for m in all_but_one) == sorted(melds)
    after_9c, after_qh = _core.romme_discard_outlooks(core, hand, [c9, qh])
    assert isinstance(after_9c, _core.DiscardOutlook)
    assert (after_9c.melded, after_9c.partial) == (6, 0)
    assert (after_qh.melded, after_qh.partial) == (3, 2)  # the 5s meld; Kh and Ah partner each other
    for answer, fields in ((opening, ("total", "melds")), (opening.melds[0], ("specs", "naturals", "jokers", "points")),
                           (after_9c, ("melded", "partial"))):
        for field in fields:
            with pytest.raises(AttributeError):
                setattr(answer, field, 0)


def test_krass_readings_are_frozen_named_objects() -> None:
    six, x = (deck("krass").parse_token(t) for t in ("6", "X"))
    readings = _core.krass_readings_table(2)[six * 15 + x]  # the 6 beside an X: a pair of 6s or a 2-straight
    assert readings and all(isinstance(r, _core.KrassReading) for r in readings)
    assert [r.strength for r in readings] == sorted((r.strength for r in readings), reverse=True)
    assert {r.xs for r in readings} == {(5,), (6,), (7,)}  # 5-6, 6-6 and 6-7
    for field in ("strength", "xs"):
        with pytest.raises(AttributeError):
            setattr(readings[0], field, 0)
