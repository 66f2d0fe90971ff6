"""Without Räuber a table joker keeps what it was laid as: a lay-off never re-reads it (RULES-NOTES, Rommé
melds; sheet 001 gives re-reading jokers, "Joker verwenden und neu bestimmen", to Räuber-Rommé only). The
exact search of ``wrap_around`` / ``no_double_joker`` (search/universe.rs) once laid the Ac on ``3c 4c *=5c``
as A-2-3-4, a move the game refuses; its answers must all play in the game.
"""

from __future__ import annotations

import random

from romme_positions import place_move, position

import romme

NAMES = ["", "A", *map(str, range(2, 11)), "J", "Q", "K"]


def plays(table: list[str], hand: str, sol: romme.TableSolution, **options: bool) -> None:
    """Plays the answer in the game on its position (the hand with a 4s kept to discard after it)."""
    st = position([hand + " 4s", "4d"], table=tuple(table), discard="Ad", **options)
    st.apply(st.parse_move(place_move(sol)))


OPTIONS = ({"wrap_around": True}, {"no_double_joker": True}, {"wrap_around": True, "no_double_joker": True})


def test_a_lay_off_does_not_move_a_run_joker():
    table, hand = ["3c 4c *=5c", "Kh Qh Jh"], "Ac 9d"
    for options in OPTIONS:
        sol = romme.solve_table("romme", " | ".join(table), hand, **options)
        assert sol.placed_count == 0 and sol.optimal, (options, place_move(sol))
        assert "3c 4c *=5c" in place_move(sol), (options, place_move(sol))
        # the 2c first, beside the joker's 5c, then the Ac: both laid, the joker where it lay
        sol = romme.solve_table("romme", table[0], "Ac 2c", **options)
        assert sol.placed_count == 2 and sol.optimal, (options, place_move(sol))
        plays(table[:1], "Ac 2c", sol, **options)
        # Räuber-Rommé reads the joker afresh: the Ac goes on as A-2-3-4
        sol = romme.solve_table("romme", " | ".join(table), hand, rauber=True, **options)
        assert sol.placed_count == 1, (options, place_move(sol))
        plays(table, hand, sol, rauber=True, **options)


def test_a_set_with_two_jokers_stays_a_set():
    sol = romme.solve_table("romme", "9c * *", "10c", wrap_around=True)
    assert sol.placed_count == 0 and sol.optimal, place_move(sol)
    sol = romme.solve_table("romme", "9c * *", "9d", wrap_around=True)
    assert sol.placed_count == 1, place_move(sol)
    plays(["9c * *"], "9d", sol, wrap_around=True)


def _position(rng: random.Random) -> tuple[list[str], str]:
    """Runs with a joker near the ace or the king (where re-reading it would fit an ace), a set, a hand."""
    suits = rng.sample("cdhs", 3)
    table = []
    pool = ["*", "9d", "9h"]
    for suit in suits[:2]:
        length = rng.randint(3, 4)
        start = rng.choice([2, 3, 10, 14 - length])
        run = [f"{NAMES[start + i]}{suit}" for i in range(length)]
        hole = rng.randrange(length)
        table.append(" ".join("*=" + c if i == hole else c for i, c in enumerate(run)))
        pool += [run[hole], f"A{suit}", f"2{suit}", f"K{suit}", f"{NAMES[start - 1]}{suit}"]
        if start + length <= 13:
            pool.append(f"{NAMES[start + length]}{suit}")
    rank = rng.choice(["7", "8"])
    table.append(f"{rank}{suits[0]} {rank}{suits[1]} {rank}{suits[2]}")
    pool = sorted(set(pool) - {c for m in table for c in m.replace("*=", "").split()}) + ["*"]
    return table, " ".join(rng.sample(pool, rng.randint(2, min(6, len(pool)))))


def test_every_answer_without_rauber_plays_in_the_game():
    rng = random.Random(10)
    laid = 0
    for n in range(90):
        options = OPTIONS[n % 3]
        table, hand = _position(rng)
        objective = "points" if n % 4 == 3 else "cards"
        where = f"{table} / {hand} {options} {objective}"
        try:
            sol = romme.solve_table("romme", " | ".join(table), hand, objective=objective, **options)
        except romme.RommeError:
            # (a table meld the options forbid, e.g. a run crossing the K without wrap_around)
            continue
        where += f": {place_move(sol)}"
        # the plain rules' answer (the sweep) is a legal move under wrap_around too, and the same where
        # no_double_joker cannot bite (one joker in play)
        plain = romme.solve_table("romme", " | ".join(table), hand, objective=objective)
        value = sol.placed_points if objective == "points" else sol.placed_count
        plain_value = plain.placed_points if objective == "points" else plain.placed_count
        if options.get("wrap_around") and sol.optimal and plain.optimal:
            assert value >= plain_value, where
        jokers = " ".join(table).count("*") + hand.split().count("*")
        if not options.get("wrap_around") and jokers <= 1 and sol.optimal and plain.optimal:
            assert value == plain_value, where
        if sol.placed_count:
            plays(table, hand, sol, **options)
            laid += 1
    assert laid >= 40, laid
