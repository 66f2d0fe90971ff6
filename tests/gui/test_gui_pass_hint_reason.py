"""Headless: a hint to pass, to draw or to end the turn says why, in the player's words, from the bot's own reason.

Rummy's 'hint: pass' said no reason (the hand's reason is empty once the seat has opened and holds no meld), nor
did Rommé's 'draw stock' once the hand had opened without a meld, nor Räuber-Rommé's 'draw stock' and 'end the
turn' where there is no discard pile."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import romme
from romme.bots import make_bot
from romme.rules import Rules
from romme_table.hints import hint

#: a game of every table game with passes, draws or ends: (game, preset, seats, seed)
GAMES = [
    ("romme", None, 2, 0),
    ("romme", "rauber", 2, 1),
    ("romme", "rauber-no-discard", 2, 0),
    ("einmaleins", None, 2, 0),
    ("rummy", None, 2, 2),
    ("koenigs", None, 2, 0),
]


def hints(game: str, preset: str | None, seed: int, lang: str, moves: int = 80) -> Iterator[tuple[str, bool, str]]:
    """(the hint's move kind, whether the seat to move has opened, the hint's text) at each position of a game of two
    greedy bots, its first ``moves`` moves."""
    state = romme.new_game(game, 2, seed=seed, **({"rules": Rules.make(game, preset)} if preset else {}))
    bots = [make_bot(game, "greedy", seed=s) for s in range(2)]
    for _ in range(moves):
        if state.is_over:
            return
        move, text = hint(game, state, lang)
        opened = state.observation(state.current_player).get("opened")
        yield str(move.to_json().get("kind")), bool(opened and opened[state.current_player]), text
        state.apply(bots[state.current_player].choose(state.clone()))


def first(game: str, preset: str | None, seed: int, lang: str, kind: str, opened: bool) -> str:
    return next(text for k, o, text in hints(game, preset, seed, lang) if k == kind and o == opened)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "pass — none of your cards can be laid: no new meld, no lay-off, no rebuilt table takes one; "
               "passing draws a card"),
        ("de", "passen — keine deiner Karten lässt sich legen: keine neue Figur, kein Anlegen, kein umgelegter Tisch; "
               "Passen zieht eine Karte"),
    ],
)
def test_a_rummy_pass_hint_says_nothing_can_be_laid(lang: str, said: str) -> None:
    """Rummy, game no. 2 of two greedy bots: the opened seat's first pass hint (the expert's table search proved
    that no hand card can be placed) read 'pass' alone."""
    assert first("rummy", None, 2, lang, "pass", opened=True) == said


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "pass — no opening of 30 points in your hand yet; passing draws a card"),
        ("de", "passen — noch kein Herauskommen mit 30 Punkten in deiner Hand; Passen zieht eine Karte"),
    ],
)
def test_a_rummy_pass_hint_before_the_opening_names_the_minimum(lang: str, said: str) -> None:
    assert first("rummy", None, 5, lang, "pass", opened=False) == said


@pytest.mark.parametrize(
    ("lang", "drawn", "ended"),
    [
        ("en", "draw stock — nothing in your hand can be laid; the card drawn ends the turn",
         "end the turn — nothing in your hand can be laid"),
        ("de", "vom Stapel ziehen — nichts in deiner Hand lässt sich legen; die gezogene Karte beendet den Zug",
         "Zug beenden — nichts in deiner Hand lässt sich legen"),
    ],
)
def test_a_turn_without_a_discard_pile_says_why_it_draws_or_ends(lang: str, drawn: str, ended: str) -> None:
    """Räuber-Rommé without a discard pile, game no. 0 of two greedy bots: the opened seat's draw and end hints
    (the expert lays nothing more: the bot's reason)."""
    assert first("romme", "rauber-no-discard", 0, lang, "draw", opened=True) == drawn
    assert first("romme", "rauber-no-discard", 0, lang, "end", opened=True) == ended


@pytest.mark.parametrize(("game", "preset", "seats", "seed"), GAMES)
def test_every_pass_draw_or_end_hint_says_why(game: str, preset: str | None, seats: int, seed: int) -> None:
    """Over the first 60 positions of a game of each kind, in both languages: a hint to pass, to draw or to end the
    turn carries a reason (' — ')."""
    for lang in ("en", "de"):
        bare = [text for kind, _, text in hints(game, preset, seed, lang, 60)
                if kind in ("pass", "draw", "end") and " — " not in text]
        assert not bare, bare


def test_the_reason_no_opening_is_written_once_for_both_games() -> None:
    """A seat that has not opened passes in Rummy and draws to end a Räuber turn without a discard pile for one
    reason, said in the same words: they were written in two reason tables (RUMMY_PASS_WHY, ROMME_END_WHY), which
    could drift apart. Both read :data:`romme_table.hints.NO_OPENING`, the one place of the words."""
    import inspect

    from romme_table import hints as module

    source = inspect.getsource(module)
    for lang in ("en", "de"):
        words = module.NO_OPENING[lang]
        assert source.count(repr(words).replace("'", '"')) == 1  # (the literal, once)
        assert first("rummy", None, 5, lang, "pass", opened=False).startswith(
            f"{'passen' if lang == 'de' else 'pass'} — {words.format(points=30)}")
        assert words.format(points=31) in first("romme", "rauber-no-discard", 0, lang, "draw", opened=False)
