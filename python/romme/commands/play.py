"""``romme play GAME``: one human (seat 0) against bots in the terminal.

At the prompt type a move in the game's notation (``draw stock``,
``discard Kh``, ...) or a command: ``moves`` (list the legal moves), ``hint``
(the expert's choice), ``undo`` (take back your last move and the bots'
replies), ``save FILE``, ``board``, ``help``, ``quit``. After the game
ends the prompt stays for ``save FILE`` (to replay it later), ``undo``,
``board`` and ``quit``.
"""

from __future__ import annotations

import importlib
import os
from collections import Counter
from collections.abc import Sequence
from types import ModuleType
from typing import Any

import click

from .. import save as savefile
from ..bots import make_bot
from ..cards import deck, jokers_named
from ..engine import GameState, Move, new_game, replay, spec
from ..errors import RommeError, RulesError
from ..games.tablemoves import PlaceMove, table_text
from ..rng import seed_value
from ..rules import Rules, parse_option_pairs
from .params import GAME, SEED, THINK, THINK_HELP, ascii_int
from .terminal import shown

HUMAN = 0
HELP = "Type a move ('moves' lists them) or: hint, undo, save FILE, board, help, quit"
AFTER_GAME = "The game is over: save FILE keeps it for 'romme replay'; or undo, board, quit"


def short_move_text(state: GameState, move: Move) -> str:
    """The move as the shortest notation that says the same in ``state``: a place move that only lays
    new melds is ``lay M | M``, one that only lays one card off is ``add CARD N``; any other move (or a
    short form the game would read differently) is its full notation."""
    if isinstance(move, PlaceMove):
        for text in _short_place_texts(state, move):
            try:
                same = state.parse_move(text)
            except RommeError:
                continue
            if isinstance(same, PlaceMove) and Counter(same.table) == Counter(move.table):
                return text
    return str(move)


def _short_place_texts(state: GameState, move: PlaceMove) -> list[str]:
    old = list(getattr(state, "table", ()))
    new = Counter(move.table)
    if Counter(old) <= new:  # the table kept, new melds beside it
        return ["lay " + table_text(move.game, _in_order(move.table, new - Counter(old)))]
    gone = Counter(old) - new
    grown = new - Counter(old)
    if sum(gone.values()) != 1 or sum(grown.values()) != 1:
        return []
    before, after = next(iter(gone)), next(iter(grown))
    added = Counter(c for c, _ in after) - Counter(c for c, _ in before)
    if sum(added.values()) != 1 or Counter(c for c, _ in before) - Counter(c for c, _ in after):
        return []
    card = deck(move.game).token(next(iter(added)))
    return [f"add {card} {old.index(before) + 1}"]


def _in_order(table: tuple[Any, ...], wanted: Counter[Any]) -> list[Any]:
    """The melds of ``wanted`` in the order ``table`` has them."""
    left = Counter(wanted)
    picked = []
    for meld in table:
        if left[meld] > 0:
            left[meld] -= 1
            picked.append(meld)
    return picked


def choices_text(state: GameState, legal: Sequence[Move]) -> str:
    """A few legal moves for the prompt, as ``a, b or c`` ("|" is the meld separator of the table games)."""
    texts = [short_move_text(state, m) for m in legal]
    return texts[0] if len(texts) == 1 else ", ".join(texts[:-1]) + " or " + texts[-1]


def game_module(game_id: str) -> ModuleType:
    """The module of a game (for optional render_board / describe hooks): ``romme.games.<id>``, a variant
    such as ``koenigs-solo`` in its game's package (``romme.games.koenigs.solo``)."""
    return importlib.import_module("romme.games." + game_id.replace("-", "."))


def render(state: GameState, player: int) -> Any:
    """The board for ``player``: the game's ``render_board`` or a generic view of the observation."""
    mod = game_module(state.game_id)
    if hasattr(mod, "render_board"):
        return mod.render_board(state, player)
    from rich.pretty import Pretty

    return Pretty(state.observation(player))


def describe(before: GameState, move: Move, after: GameState, viewer: int | None) -> list[str]:
    mod = game_module(after.game_id)
    if hasattr(mod, "describe"):
        return list(mod.describe(before, move, after, viewer))
    return []


def describe_start(state: GameState, viewer: int | None) -> list[str]:
    mod = game_module(state.game_id)
    if hasattr(mod, "describe_start"):
        return list(mod.describe_start(state, viewer))
    return []


def result_lines(state: GameState) -> list[str]:
    res = state.result()
    lower = res.detail.get("lower_is_better", False)
    lines = [
        f"Game over. Scores{' (lower is better)' if lower else ''}: "
        + ", ".join(f"{'you' if p == HUMAN else f'seat {p}'} {s}" for p, s in enumerate(res.scores))
    ]
    if res.winners:
        lines.append("Winner(s): " + ", ".join("you" if p == HUMAN else f"seat {p}" for p in res.winners))
    else:
        lines.append("Nobody won.")
    return lines


def bot_levels(bots: str, players: int | None, game_id: str) -> tuple[int, list[str]]:
    """Players and the level of each bot seat (1..n-1); one level fills every bot seat."""
    s = spec(game_id)
    levels = [b.strip() for b in bots.split(",") if b.strip()]
    if not levels:
        raise RulesError("--bots needs at least one level (random, greedy, expert)")
    if players is None:
        players = len(levels) + 1 if len(levels) > 1 else s.default_players
    if len(levels) == 1:
        levels = levels * max(players - 1, 0)
    if len(levels) != players - 1:
        raise RulesError(f"--bots gives {len(levels)} levels for {players - 1} bot seat(s)")
    return players, levels


class Session:
    """A terminal game: the state, the bots and the console."""

    def __init__(
        self, state: GameState, levels: list[str], seed: str, console: Any, think: float | None = None
    ) -> None:
        self.state = state
        self.levels = levels
        self.console = console
        self.bots = {
            p: make_bot(state.game_id, levels[p - 1], f"{seed}/bot{p}", think=think)
            for p in range(1, state.num_players)
        }
        self.dirty = True  # the board changed since it was last shown
        self.hinter = None
        for lv in ("expert", "greedy", "random"):
            try:
                self.hinter = make_bot(state.game_id, lv, f"{seed}/hint")
                break
            except RulesError:
                continue

    def seats(self) -> list[dict[str, Any]]:
        return [{"name": "you", "bot": None}] + [
            {"name": f"seat {p}", "bot": self.levels[p - 1]} for p in range(1, self.state.num_players)
        ]

    def say(self, text: str, style: str | None = None) -> None:
        self.console.print(text, style=style, highlight=False, markup=False)

    def bot_turns(self) -> None:
        st = self.state
        while not st.is_over and st.current_player != HUMAN:
            p = st.current_player
            if self.levels[p - 1] == "master":  # seconds of search (more on a loaded machine): say it thinks
                with self.console.status(f"seat {p} (master) is thinking…"):  # (a terminal only; the line goes)
                    move = self.bots[p].choose(st)
            else:
                move = self.bots[p].choose(st)
            text = short_move_text(st, move)
            before = st.clone()
            st.apply(move)
            self.dirty = True
            self.say(f"seat {p} ({self.levels[p - 1]}): {text}")
            for line in describe(before, move, st, HUMAN):
                self.say(line)

    def hint_text(self, st: GameState) -> str:
        """The hint: in a table game, once the seat has opened, the best rearrangement of the whole table
        (:mod:`romme.table_hint`); otherwise the hint bot's move, explained where it can."""
        from ..table_hint import best_place

        whole = best_place(st)
        if whole is not None:
            sol = whole.solution
            placed = len(sol.placed)
            return (f"{short_move_text(st, whole.move)} (lays {placed} hand card{'s' * (placed != 1)}, moves"
                    f" {whole.moved} table card{'s' * (whole.moved != 1)})")
        assert self.hinter is not None
        m = self.hinter.choose(st)
        return self.hinter.explain(st, m) if hasattr(self.hinter, "explain") else short_move_text(st, m)

    def human(self, text: str) -> bool:
        """Handles one input line; False to quit."""
        st = self.state
        words = text.strip().split(maxsplit=1)
        cmd = words[0].lower() if words else ""
        if cmd in ("quit", "exit", "q"):
            return False
        if cmd in ("help", "?", ""):
            self.say(AFTER_GAME if st.is_over else HELP + f" (e.g. '{st.legal_moves()[0]}')")
        elif cmd == "board":
            self.console.print(render(st, HUMAN))
        elif cmd == "moves":
            legal = [] if st.is_over else [short_move_text(st, m) for m in st.legal_moves()]
            self.say("Legal moves: " + ", ".join(legal) if legal else AFTER_GAME)
        elif cmd == "hint":
            if st.is_over:
                self.say(AFTER_GAME)
            elif self.hinter is None:
                self.say("no hint available")
            else:
                self.say(f"hint: {self.hint_text(st)}", style="cyan")
        elif cmd == "undo":
            idx = max((i for i, m in enumerate(st.history) if m.player == HUMAN), default=None)
            if idx is None:
                self.say("nothing to undo")
            else:
                self.state = replay(st.game_id, st.num_players, st.seed, st.rules, st.history[:idx])
                replies = " and the bots' replies" if idx + 1 < len(st.history) else ""
                self.say(f"took back: {st.history[idx]}{replies}")
                self.dirty = True
        elif cmd == "save":
            if len(words) < 2:
                self.say("usage: save FILE", style="red")
            else:
                try:
                    # no shell reads this line, so '~' is expanded here
                    path = savefile.save(st, os.path.expanduser(words[1].strip()), seats=self.seats())
                except RommeError as exc:  # a missing folder, a directory, no permission: the game goes on
                    self.say(f"not saved: {exc}", style="red")
                else:
                    self.say(f"saved to {shown(path, 200)}")
        elif st.is_over:
            self.say(AFTER_GAME)
        else:
            try:
                move = st.parse_move(text)
                before = st.clone()
                st.apply(move)
            except RommeError as exc:
                self.say(jokers_named(str(exc), st.game_id), style="red")
                self.say(HELP + f" (e.g. '{st.legal_moves()[0]}')")
                return True
            self.dirty = True
            self.say(f"you: {short_move_text(before, move)}")
            for line in describe(before, move, st, HUMAN):
                self.say(line)
        return True

    def prompt(self) -> str:
        from rich.markup import escape

        st = self.state
        if st.is_over:
            return "[bold]game over>[/bold] "
        legal = st.legal_moves()
        choices = f" ({choices_text(st, legal)})" if len(legal) <= 3 else ""
        return f"[bold]{escape(st.phase + choices)}>[/bold] "

    def run(self) -> None:
        for line in describe_start(self.state, HUMAN):
            self.say(line)
        result_shown = False
        while True:
            self.bot_turns()
            st = self.state
            if st.is_over and not result_shown:  # the prompt stays: the finished game can still be saved
                for line in result_lines(st):
                    self.say(line, style="bold")
                self.say(AFTER_GAME)
            elif not st.is_over and self.dirty:
                self.console.print(render(st, HUMAN))
            result_shown = st.is_over
            self.dirty = False
            try:
                text = self.console.input(self.prompt())
            except EOFError:
                self.say("")
                return
            if not self.human(text):
                return


@click.command()
@click.argument("game", type=GAME, required=False)
@click.option("--players", "-p", type=ascii_int(), default=None, help="Seats, you included.")
@click.option(
    "--bots",
    "-b",
    default="greedy",
    show_default=True,
    help="Bot level per bot seat, comma separated (random, easy, greedy, expert, master).",
)
@click.option("--seed", "-s", type=SEED, default=None, help="Seed (default: a new one each time).")
@click.option("--rules", "-r", "preset", default=None, help="Rule preset.")
@click.option("--option", "-o", "options", multiple=True, help="Rule option KEY=VALUE (repeatable).")
@click.option("--load", "load", type=click.Path(dir_okay=False), default=None, help="Continue a saved game.")
@click.option("--think", type=THINK, default=None, help=THINK_HELP)
def play(
    game: str | None,
    players: int | None,
    bots: str,
    seed: str | None,
    preset: str | None,
    options: tuple[str, ...],
    load: str | None,
    think: float | None,
) -> None:
    """Play GAME in the terminal (you are seat 0) against bots."""
    from rich.console import Console

    console = Console(highlight=False)
    if load is not None:
        saved = savefile.load(load)
        state = saved.state
        levels = [str(s.get("bot") or "greedy") for s in saved.seats[1 : state.num_players]]
        levels += ["greedy"] * (state.num_players - 1 - len(levels))
        check_load_agrees(click.get_current_context(), state, levels, game, players, bots, seed, preset, options)
        run_seed = str(state.seed)
        console.print(f"Loaded {state.game_id} after {len(state.history)} moves from {shown(load, 200)}", markup=False)
    else:
        if game is None:
            raise click.UsageError("give a GAME (" + ", ".join(_game_ids()) + ") or --load FILE")
        if players is not None:  # before a list of seats is built from it
            check_players(game, players)
        n, levels = bot_levels(bots, players, game)
        check_players(game, n)
        if seed is None:
            import os

            seed = str(int.from_bytes(os.urandom(4), "little"))
        rules = Rules.make(game, preset, **parse_option_pairs(game, options))
        state = new_game(game, players=n, seed=seed_value(seed), rules=rules)
        run_seed = seed
        console.print(f"{spec(game).name}, {n} player{'s' if n != 1 else ''}, seed {shown(seed)}. {HELP}", markup=False)
    for lv in levels:
        make_bot(state.game_id, lv, 0)  # unknown level -> RulesError before the game starts
    Session(state, levels, run_seed, console, think).run()


def check_load_agrees(
    ctx: click.Context,
    state: GameState,
    levels: list[str],
    game: str | None,
    players: int | None,
    bots: str,
    seed: str | None,
    preset: str | None,
    options: tuple[str, ...],
) -> None:
    """``play GAME --load FILE``: a GAME, seat count, seed, rules or bots given besides the file must be the
    file's own (the saved game goes on as it was; a contradiction is refused, not silently dropped)."""
    where = "the saved game"
    if game is not None and game != state.game_id:
        raise click.UsageError(f"{where} is {state.game_id}, not {shown(game)}")
    if players is not None and players != state.num_players:
        raise click.UsageError(f"{where} has {state.num_players} players, not {players}")
    if seed is not None and seed != str(state.seed):
        raise click.UsageError(f"{where} has the seed {shown(repr(state.seed))}, not {shown(repr(seed))}")
    if preset is not None or options:
        asked = Rules.make(state.game_id, preset, **parse_option_pairs(state.game_id, options))
        if asked != state.rules:
            raise click.UsageError(
                f"{where} has the rules {state.rules.changed() or 'standard'}, not {asked.changed() or 'standard'}"
            )
    if ctx.get_parameter_source("bots") is not click.core.ParameterSource.DEFAULT:
        _, asked_levels = bot_levels(bots, state.num_players, state.game_id)
        if asked_levels != levels:
            raise click.UsageError(f"{where} has the bots {','.join(levels)}, not {shown(bots)}")


def check_players(game_id: str, players: int) -> None:
    """Refuses a seat count the game does not take (before anything is sized by it)."""
    s = spec(game_id)
    if not s.min_players <= players <= s.max_players:
        raise RulesError(f"{game_id} takes {s.min_players}..{s.max_players} players, got {players}")


def _game_ids() -> list[str]:
    from ..engine import list_games

    return list(list_games())
