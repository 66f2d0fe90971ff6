"""The bots' turns at the table, off the UI thread: a bot thinks in a worker thread while the window keeps drawing, its
move is applied on the caller's thread once ready and the step delay has passed, and a table closed or a game
replaced stops the search under way (:meth:`.behind.Behind.stop`). A mixin of :class:`.controller.Controller`, which
holds the fields it names."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from romme.engine import GameState, Move

from .behind import Behind, run_behind
from .i18n import cards_named, t
from .rounds import round_marker

if TYPE_CHECKING:
    from .controller import Seat

#: seconds a bot thinks before the status line counts them
THINKING_SHOWN_AFTER = 0.3
#: Krass Kariert: a bot's move after a trick closed waits this many step delays more (the closed trick stays in
#: sight until the next trick's first play: a bot leading at once showed the closing play for 0.6 s, too short to
#: see what each seat played; at full speed, a step delay of 0, nothing waits)
TRICK_HOLD = 2.5


class BotTurns:
    """``poll_bots`` every frame, the status line's words while a bot thinks, and the worker's end."""

    if TYPE_CHECKING:  # fields and methods of Controller
        game_id: str
        seats: list[Seat]
        state: GameState
        lang: str
        message: str
        bot_delay: float
        showing_moves: bool
        bots: dict[int, Any]
        _future: Behind[Move] | None
        _thinker: Any
        _ready_at: float
        _think_start: float

        def is_human_turn(self) -> bool: ...
        def observation(self) -> dict[str, Any]: ...
        def describe(self, move: Move) -> str: ...
        def _krass_shown_plays(self) -> tuple[list[dict[str, Any]], bool]: ...
        def _played_words(self, move: Move) -> str | None: ...
        def _after_move(self, marker: tuple[Any, ...]) -> None: ...

    def poll_bots(self, now: float | None = None) -> bool:
        """Call every frame: starts a bot's thinking in a worker thread and applies its
        move on the caller's thread once it is ready and the step delay has passed."""
        now = time.monotonic() if now is None else now
        if self.state.is_over:
            return False
        cur = self.state.current_player
        if not (0 <= cur < len(self.seats)) or not self.seats[cur].is_bot:
            return False
        if self._future is None:
            snapshot = self.state.clone()
            self._think_start = now
            self._thinker = self.bots[cur]
            self._future = run_behind("romme-bot", self._thinker.choose, snapshot)
            closed = self.game_id == "krass" and self._krass_shown_plays()[1]
            self._ready_at = now + self.bot_delay * (1 + TRICK_HOLD if closed else 1)
            return False
        if not self._future.done() or now < self._ready_at:
            return False
        move = self._future.result()
        self._future = None
        words = self._played_words(move)
        marker = round_marker(self.observation())
        self.state.apply(move)
        self.message = f"{self.seats[cur].name}: {cards_named(words or self.describe(move), self.game_id, self.lang)}"
        self._after_move(marker)
        return True

    def run_bots_until_human(self, limit: int = 100000) -> None:
        """Plays bot moves synchronously until a human is to move (tests, fast mode)."""
        for _ in range(limit):
            if self.state.is_over or self.is_human_turn():
                return
            self.poll_bots(now=float("inf"))
            if self._future is not None:
                self._future.result()

    def _stop_thinking(self) -> None:
        """The bot's answer under way is dropped, and its search stopped: the core's table searches of its thread
        end at their next check, and a bot whose budget is a count of work (the master) is told it is spent, so its
        own loop ends at its next check (its minimum of two worlds) instead of thinking on for seconds beside the
        next game's bots. The next bot starts once it has ended."""
        future, self._future = self._future, None
        if future is None:
            return
        started = not future.cancel()  # (not started yet: it never starts)
        future.stop()
        if started:
            budget = getattr(self._thinker, "budget", None)
            if isinstance(budget, int):
                self._thinker.budget = 1  # (its least: its progress, used / budget, stays defined)

    def close(self) -> None:
        """The table closes (a new game, the start screen, the window): no bot thinks on for it."""
        self._stop_thinking()

    def _thinking(self, seat: int, now: float | None = None) -> str:
        """A bot to move: once it thinks longer than a glance, the seconds so far (and how far the master's search
        has come), so a long think reads as thinking, not as a hung window."""
        name = self.seats[seat].name
        if self._future is None:  # not started: its last move's cards still fly, or a sheet or question lies over
            return t("bot_playing" if self.showing_moves else "bot_next", self.lang, name=name)
        elapsed = (time.monotonic() if now is None else now) - self._think_start
        if self._future.done() or not elapsed >= THINKING_SHOWN_AFTER:  # (nan: never)
            return t("waiting", self.lang, name=name)
        bot = self.bots.get(seat)
        progress = getattr(bot, "progress", None)  # the master: its budget is work, not seconds (load stretches it)
        if isinstance(progress, float):
            return t("thinking_done", self.lang, name=name, s=f"{elapsed:.1f}", pct=int(100 * progress))
        think = getattr(bot, "think", None)
        if isinstance(think, (int, float)):
            return t("thinking_of", self.lang, name=name, s=f"{elapsed:.1f}", think=f"{think:g}")
        return t("thinking_for", self.lang, name=name, s=f"{elapsed:.1f}")
