"""The hint of the table games (the CLI's ``play`` and the pygame table) is the best rearrangement of the
whole table: the place move laying what :func:`romme.solve_table` answers for the whole table and the
seat's hand, under the hint's work budget (``romme.table_hint``)."""

from __future__ import annotations

import io
from collections import Counter

import pytest
from rich.console import Console

import romme
from romme.bots import make_bot
from romme.commands.play import Session, short_move_text
from romme.engine import GameState
from romme.table_hint import HINT_WORK_BUDGET, best_place, objective_of
from romme.table_keep import cards_kept
from romme_table.hints import hint

#: The table games and their rules with a whole-table hint (Räuber-Rommé with and without table cards back to
#: the hand: the hint's objective is ``points`` or ``net``).
GAMES = {"rummy": ("rummy", {}), "einmaleins": ("einmaleins", {}), "romme": ("romme", {"rauber": True}),
         "romme-to-hand": ("romme", {"rauber": True, "rauber_table_to_hand": True})}


def positions(case: str, wanted: int) -> list[GameState]:
    """Positions of seeded expert games where seat 0 is to move, has opened and may place cards, and the
    whole-table answer is a legal move (it leaves a card where the turn ends with a discard: where it does not,
    the hint holds a card back, the test below)."""
    out: list[GameState] = []
    game, options = GAMES[case]
    for seed in range(6):
        st = romme.new_game(game, 2, seed=f"hint-{seed}", **options)
        bots = [make_bot(game, "expert", f"hint-bot-{seed}-{p}") for p in range(2)]
        for _ in range(300):
            if st.is_over or len(out) >= wanted:
                break
            if st.current_player == 0 and best_place(st) is not None and keeps_what_it_must(st):
                out.append(st.clone())
            st.apply(bots[st.current_player].choose(st))
    return out


def whole_table_answer(st: GameState) -> romme.TableSolution:
    obs = st.observation(st.current_player)
    options = dict(st.rules.options)
    return romme.solve_table(st.game_id, [m["cards"] for m in obs["table"]], obs["hand"],
                             objective_of(st.game_id, options), None, "exact", HINT_WORK_BUDGET, **options)


def keeps_what_it_must(st: GameState) -> bool:
    """Whether the whole-table answer leaves the seat the cards its turn must keep (one to discard, RULES.md)."""
    sol = whole_table_answer(st)
    left = len(st.observation(st.current_player)["hand"]) - len(sol.placed) + len(sol.taken)
    return left >= cards_kept(st)


def melds(texts: list[str]) -> Counter[tuple[str, ...]]:
    """Melds as multisets of their tokens (a set's cards in any order; a run's tokens say their places)."""
    return Counter(tuple(sorted(t.split())) for t in texts)


def laid_table(st: GameState, move: romme.Move) -> Counter[tuple[str, ...]]:
    after = st.clone()
    after.apply(move)
    return melds(romme.table.table_meld_texts(after.observation(0)))


@pytest.mark.parametrize("case", list(GAMES))
def test_the_hint_lays_the_whole_table_search_answer(case: str) -> None:
    game = GAMES[case][0]
    found = positions(case, 3)
    assert found, f"no {case} position with a place move for seat 0"
    for st in found:
        sol = whole_table_answer(st)
        assert sol.placed and sol.optimal
        move, text = hint(game, st)
        # (the table the hint lays is the search's, meld for meld; the text says what it lays)
        assert laid_table(st, move) == melds([str(m) for m in sol.table])
        assert f"lays {len(sol.placed)} hand card" in text and f"moves {best_place(st).moved} table card" in text
        out = io.StringIO()
        session = Session(st.clone(), ["expert"], "hint", Console(file=out, width=400))
        assert session.human("hint")
        assert f"hint: {short_move_text(st, move)} (lays {len(sol.placed)} hand card" in out.getvalue()


def test_no_whole_table_hint_before_opening_nor_outside_the_table_games() -> None:
    st = romme.new_game("rummy", 2, seed="hint-open")
    assert not st.observation(0)["opened"][0]
    assert best_place(st) is None
    assert best_place(romme.new_game("koenigs", 2, seed="hint-k")) is None


def test_where_the_best_rearrangement_would_empty_the_hand_the_hint_holds_back_a_card() -> None:
    """5d and 9d both fit (sets with the runs' ends) but a Räuber-Rommé hand must keep a card to discard, so the
    game refuses the place move laying both: the whole-table hint holds back the cheaper 5d and lays the 9d, the
    card the expert holds back too (one rule, ``romme.table_keep``), and the discard that follows goes out. The
    hint searched the whole hand, found the game refusing its answer, and handed over to the expert."""
    from romme_positions import position

    st = position(["5d 9d", "4c 4c 4h"], table=("5h 6h 7h 8h 9h", "5s 6s 7s 8s 9s"), rauber=True, target=1)
    found = best_place(st)
    assert found is not None and [str(c) for c in found.solution.placed] == ["9d"]
    move, text = hint("romme", st)
    assert move == found.move and st.is_legal(move)
    expert = make_bot("romme", "expert", "keep").choose(st.clone())
    for laid in (move, expert):
        after = st.clone()
        after.apply(laid)
        assert after.observation(0)["hand"] == ["5d"]
    assert "9d 9h 9s" in text and text.endswith("lays 1 hand card, moves 2 table cards"), text
    out = io.StringIO()  # (the terminal game's hint: the same answer)
    session = Session(st.clone(), ["expert"], "hint", Console(file=out, width=400))
    assert session.human("hint")
    assert f"hint: {short_move_text(st, move)} (lays 1 hand card, moves 2 table cards)" in out.getvalue()


def test_without_a_discard_pile_the_hint_may_lay_the_last_card() -> None:
    """Räuber-Rommé without a discard pile goes out by laying the last card (RULES.md §2): nothing is held back."""
    from romme_positions import position

    st = position(["5d 9d", "4c 4c 4h"], table=("5h 6h 7h 8h 9h", "5s 6s 7s 8s 9s"), rauber=True,
                  rauber_discard_pile=False, discard="", target=1)
    found = best_place(st)
    assert found is not None and sorted(str(c) for c in found.solution.placed) == ["5d", "9d"]
    assert st.is_legal(found.move)


def test_a_rebuild_that_no_listed_move_lays_is_hinted_by_what_changes() -> None:
    """Kd goes only into a rebuilt table (its joker from the aces set: '* Kd Ad', 'Jh Qh * Ah'), so the listed moves
    (a bounded choice) hold no place move. The hint asked for one among them and, finding none, gave the expert's
    rearrangement naming every meld of the table (Räuber-Rommé at 640x420, game no. 626365: 'auslegen: 2c 2d 2s |
    3s 4s 5s | 6s 7s 8s | Bd Bh Bs | Jo=Dd Kd Ad | Bh Dh Jo=Kh Ah', the two rows of the message cut before its
    end); it is the whole-table answer, in the words of what changes."""
    from romme_positions import position

    st = position(["Kd 5h 9c", "4c 4c 4h"], table=("Ad Ah *", "* Jh Qh", "2c 2d 2s", "6s 7s 8s"), rauber=True)
    assert not any(m.to_json()["kind"] == "place" for m in st.legal_moves())
    found = best_place(st)
    assert found is not None and [str(c) for c in found.solution.placed] == ["Kd"]
    move, text = hint("romme", st)
    assert move == found.move
    assert "2c 2d 2s" not in text and "6s 7s 8s" not in text, text
    # (the aces set shares one natural and the joker with '* Kd Ad': taken apart, its three cards moved)
    assert "Kd Ad" in text and text.endswith("lays 1 hand card, moves 3 table cards"), text


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_hint_leaves_the_melds_it_does_not_touch_as_they_lie(seed: int) -> None:
    """Play-test Q10 (Räuber-Rommé): Spieler 1 laid 'Jo Bs Ds', the joker a 10s; Spieler 2 played the hint (H,
    Enter), which laid only 9d 10d Bd, and the meld read 'Bs Ds Jo=Ks': the hint's place move wrote every meld
    anew and moved the joker to the other end (seed 3: '* Js Qs' became 'Js Qs *'), or re-sorted a set (seeds 1,
    2, 4). A meld whose cards a hint leaves as they were lies as it lay, its wilds standing for what they did."""
    st = romme.new_game("romme", 2, seed=seed, rauber=True)
    bot = make_bot("romme", "greedy", seed=1)
    places = 0
    for _ in range(260):
        if st.is_over:
            break
        if st.current_player == 1:
            st.apply(bot.choose(st.clone()))
            continue
        move, _ = hint("romme", st)
        before = romme.table.table_meld_texts(st.observation(0))
        st.apply(move)
        if move.to_json().get("kind") != "place":
            continue
        places += 1
        after = romme.table.table_meld_texts(st.observation(0))
        for meld in before:
            same = [m for m in after if plain(m) == plain(meld)]
            assert not same or meld in same, (meld, same, str(move))
    assert places


def plain(text: str) -> Counter[str]:
    """A meld's cards, wilds without what they stand for."""
    return Counter(token.split("=")[0] for token in text.split())
