"""A draw move with a hostile source is refused in one line that names it, in every phase of every game with a
stock: the message printed the source as it was (a newline split the line; 5,000 characters came out whole)."""

from __future__ import annotations

import pytest

from romme.bots import make_bot
from romme.engine import new_game
from romme.errors import RommeError
from romme.games.einmaleins import DrawMove as EinmaleinsDraw
from romme.games.koenigs import Draw as KoenigsDraw
from romme.games.romme.moves import Draw as RommeDraw

DRAWS = {"koenigs": KoenigsDraw, "koenigs-solo": KoenigsDraw, "romme": RommeDraw, "einmaleins": EinmaleinsDraw}
HOSTILE = ["\n", "stock\nseat 1 wins", "\r", "\x1b[2J", "\u2028", "x" * 5000]


@pytest.mark.parametrize("game", sorted(DRAWS))
def test_a_hostile_draw_source_is_refused_in_one_short_line(game: str) -> None:
    players = 1 if game == "koenigs-solo" else 3
    state = new_game(game, players=players, seed=3)
    bots = [make_bot(game, "greedy", seat) for seat in range(players)]
    seen = 0
    for _ in range(12):  # the draw phase and the phases after it
        if state.is_over:
            break
        for source in HOSTILE:
            before = (len(state.history), state.observation(state.current_player))
            with pytest.raises(RommeError) as refused:
                state.apply(DRAWS[game](state.current_player, source))
            message = str(refused.value)
            assert message.isprintable() and len(message) < 300, message
            assert (len(state.history), state.observation(state.current_player)) == before  # nothing changed
            seen += 1
        state.apply(bots[state.current_player].choose(state))
    assert seen >= 6 * len(HOSTILE)
