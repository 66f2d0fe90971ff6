"""``romme play GAME``: one human (seat 0) against bots in the terminal.

At the prompt type a move in the game's notation (``draw stock``,
``discard Kh``, ...) or a command: ``moves`` (list the legal moves), ``hint``
(the expert's choice), ``undo`` (take back your last move and the bots'
replies), ``save FILE``, ``board``, ``help``, ``quit``.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

import click

from .. import save as savefile
from ..bots import make_bot
from ..engine import GameState, Move, new_game, replay, spec
from ..errors import RommeError, RulesError
from ..rng import seed_value
from ..rules import Rules, parse_option_pairs
from .params import SEED

HUMAN = 0
HELP = "Type a move ('moves' lists them) or: hint, undo, save FILE, board, help, quit"


def game_module(game_id: str) -> ModuleType:
    """The module ``romme.games.<id>`` (for optional render_board / describe hooks)."""
    return importlib.import_module(f"romme.games.{game_id.replace('-', '_')}")


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
    lines = [f"Game over. Scores{' (lower is better)' if lower else ''}: "
             + ", ".join(f"{'you' if p == HUMAN else f'seat {p}'} {s}" for p, s in enumerate(res.scores))]
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

    def __init__(self, state: GameState, levels: list[str], seed: str, console: Any) -> None:
        self.state = state
        self.levels = levels
        self.console = console
        self.bots = {p: make_bot(state.game_id, levels[p - 1], f"{seed}/bot{p}")
                     for p in range(1, state.num_players)}
        self.dirty = True  # the board changed since it was last shown
        self.hinter = None
        for lv in ("expert", "greedy", "random"):
            try:
                self.hinter = make_bot(state.game_id, lv, f"{seed}/hint")
                break
            except RulesError:
                continue

    def seats(self) -> list[dict[str, Any]]:
        return [{"name": "you", "bot": None}] + [{"name": f"seat {p}", "bot": self.levels[p - 1]}
                                                 for p in range(1, self.state.num_players)]

    def say(self, text: str, style: str | None = None) -> None:
        self.console.print(text, style=style, highlight=False, markup=False)

    def bot_turns(self) -> None:
        st = self.state
        while not st.is_over and st.current_player != HUMAN:
            p = st.current_player
            move = self.bots[p].choose(st)
            before = st.clone()
            st.apply(move)
            self.dirty = True
            self.say(f"seat {p} ({self.levels[p - 1]}): {move}")
            for line in describe(before, move, st, HUMAN):
                self.say(line)

    def human(self, text: str) -> bool:
        """Handles one input line; False to quit."""
        st = self.state
        words = text.strip().split(maxsplit=1)
        cmd = words[0].lower() if words else ""
        if cmd in ("quit", "exit", "q"):
            return False
        if cmd in ("help", "?", ""):
            self.say(HELP + f" (e.g. '{st.legal_moves()[0]}')")
        elif cmd == "board":
            self.console.print(render(st, HUMAN))
        elif cmd == "moves":
            self.say("Legal moves: " + ", ".join(str(m) for m in st.legal_moves()))
        elif cmd == "hint":
            if self.hinter is None:
                self.say("no hint available")
            else:
                m = self.hinter.choose(st)
                why = self.hinter.explain(st, m) if hasattr(self.hinter, "explain") else str(m)
                self.say(f"hint: {why}", style="cyan")
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
                path = savefile.save(st, words[1].strip(), seats=self.seats())
                self.say(f"saved to {path}")
        else:
            try:
                move = st.parse_move(text)
                before = st.clone()
                st.apply(move)
            except RommeError as exc:
                self.say(f"{exc}", style="red")
                self.say(HELP + f" (e.g. '{st.legal_moves()[0]}')")
                return True
            self.dirty = True
            self.say(f"you: {move}")
            for line in describe(before, move, st, HUMAN):
                self.say(line)
        return True

    def run(self) -> None:
        for line in describe_start(self.state, HUMAN):
            self.say(line)
        while True:
            self.bot_turns()
            st = self.state
            if st.is_over:
                for line in result_lines(st):
                    self.say(line, style="bold")
                return
            if self.dirty:
                self.console.print(render(st, HUMAN))
                self.dirty = False
            legal = st.legal_moves()
            choices = f" ({' | '.join(str(m) for m in legal)})" if len(legal) <= 3 else ""
            try:
                text = self.console.input(f"[bold]{st.phase}{choices}>[/bold] ")
            except EOFError:
                self.say("")
                return
            if not self.human(text):
                return


@click.command()
@click.argument("game", required=False)
@click.option("--players", "-p", type=int, default=None, help="Seats, you included.")
@click.option("--bots", "-b", default="greedy", show_default=True,
              help="Bot level per bot seat, comma separated (random, greedy, expert).")
@click.option("--seed", "-s", type=SEED, default=None, help="Seed (default: a new one each time).")
@click.option("--rules", "-r", "preset", default=None, help="Rule preset.")
@click.option("--option", "-o", "options", multiple=True, help="Rule option KEY=VALUE (repeatable).")
@click.option("--load", "load", type=click.Path(dir_okay=False), default=None, help="Continue a saved game.")
def play(game: str | None, players: int | None, bots: str, seed: str | None, preset: str | None,
         options: tuple[str, ...], load: str | None) -> None:
    """Play GAME in the terminal (you are seat 0) against bots."""
    from rich.console import Console

    console = Console(highlight=False)
    if load is not None:
        saved = savefile.load(load)
        state = saved.state
        levels = [str(s.get("bot") or "greedy") for s in saved.seats[1:state.num_players]]
        levels += ["greedy"] * (state.num_players - 1 - len(levels))
        run_seed = str(state.seed)
        console.print(f"Loaded {state.game_id} after {len(state.history)} moves from {load}")
    else:
        if game is None:
            raise click.UsageError("give a GAME (" + ", ".join(_game_ids()) + ") or --load FILE")
        n, levels = bot_levels(bots, players, game)
        if seed is None:
            import os

            seed = str(int.from_bytes(os.urandom(4), "little"))
        rules = Rules.make(game, preset, **parse_option_pairs(game, options))
        state = new_game(game, players=n, seed=seed_value(seed), rules=rules)
        run_seed = seed
        console.print(f"{spec(game).name}, {n} player{'s' if n != 1 else ''}, seed {seed}. {HELP}")
    for lv in levels:
        make_bot(state.game_id, lv, 0)  # unknown level -> RulesError before the game starts
    Session(state, levels, run_seed, console).run()


def _game_ids() -> list[str]:
    from ..engine import games

    return list(games())
