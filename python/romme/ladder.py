"""A ladder: every pairing of a set of bots plays games, and a Bradley–Terry (Elo) fit rates them.

Games
    For bots ``b_0 .. b_{k-1}`` every pairing ``(i, j)``, ``i < j``, plays ``games`` games. Game ``g`` of the
    ladder (pairings in order, then games in order) is dealt with the seed ``"<seed>/<g>"``, and the seat bots
    get ``"<seed>/<g>/<seat>"``: a game's outcome depends only on the ladder seed and its index, whatever runs
    it (one process, worker processes or Ray tasks). The seats of a game are filled alternately with the two
    bots of the pairing, starting with the first one in even games and the second one in odd games (seats
    rotated); in a game of more seats than two (Krass Kariert takes 3..5) the alternating line turns one seat a
    game and the bots swap every ``players`` games: each bot sits on every seat equally often (:func:`lineup`).
    In the solitaire both bots of a pairing play the same deal alone (duplicate play): the higher score wins.

Deals (:class:`Deals`)
    ``FRESH`` (the default): every game is dealt afresh, as above. ``DUPLICATE``: the games of a pairing go in
    groups that play one deal, as in duplicate bridge, so that the luck of the deal cancels within the group:
    the group's first game ``g`` deals ``"<seed>/<g>"`` as a fresh ladder would, and the other games of the group
    replay that deal with the bots moved on as :func:`lineup` moves them; a seat's bot keeps the seed of its
    seat, ``"<seed>/<g>/<seat>"`` (so two equal bots play the same game in every game of the group). A group is
    the lineup's cycle in which each bot sits on every seat equally often (:func:`games_per_deal`): two games
    with two seats (or four: the seats swapped), ``2 * players`` with three or five seats; the solitaire is
    duplicate already (one game a deal). ``games`` must be a whole number of groups.

Outcome of a game for the pairing
    The share of the winners that are seats of the first bot (1, 0, or a split on a tie); a game with no winner
    (stopped by the move cap) is a draw (½).

Rating fit
    Bradley–Terry: the first bot's expected share against the second is ``1 / (1 + 10 ** ((R_j - R_i) / 400))``
    (the Elo scale). The ratings maximise the likelihood of the observed shares (draws count half a win each),
    plus one virtual draw of every bot against a bot of rating 0 (a weak prior that keeps a bot that won or lost
    everything finite), by Newton's method. The ratings are then shifted to mean 0. The 95 % intervals are
    ±1.96 standard errors from the inverse of the observed information (the Hessian of the negative
    log-likelihood with the prior) — a Wald interval of each rating against the fixed virtual opponent.
"""

from __future__ import annotations

import enum
import importlib
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import RommeError, RulesError, quote

#: Elo points per natural-log unit of odds
ELO = 400.0 / math.log(10.0)
#: virtual draws of each bot against a rating-0 bot (the prior)
PRIOR_DRAWS = 1.0
Z95 = 1.959963984540054


class Deals(enum.Enum):
    """How a ladder deals its games (see the module docstring)."""

    FRESH = "fresh"  # every game its own deal
    DUPLICATE = "duplicate"  # a group of games replays one deal with the seats moved on


@dataclass(frozen=True)
class LadderGame:
    """Game ``index`` of a ladder: the two bots of its pairing, who sits where, and the index whose deal it plays
    (``deal == index`` but in the later games of a duplicate group)."""

    index: int
    first: int  # index of the pairing's first bot
    second: int
    seats: tuple[int, ...]  # bot index per seat (one seat in the solitaire: two games are played)
    deal: int


@dataclass(frozen=True)
class PairResult:
    """The outcome of one ladder game for its pairing: the first bot's share (0..1)."""

    index: int
    first: int
    second: int
    share: float
    moves: int
    finished: bool = True


def pairings(bots: int) -> list[tuple[int, int]]:
    """Every pair of bot indices ``(i, j)`` with ``i < j``."""
    return [(i, j) for i in range(bots) for j in range(i + 1, bots)]


def lineup(first: int, second: int, k: int, players: int) -> tuple[int, ...]:
    """Who sits where in game ``k`` of a pairing: the two bots on alternate seats, the first one starting in even
    games (two seats). With more seats the alternating line is turned one seat further each game and the two bots
    swap after every ``players`` games, so over ``2 * players`` games each bot sits on every seat equally often
    and holds the larger share of the seats (3 or 5 seats) as often as the smaller one."""
    if players <= 2:
        order = (first, second) if k % 2 == 0 else (second, first)
        return tuple(order[s % 2] for s in range(players))
    order = (first, second) if (k // players) % 2 == 0 else (second, first)
    return tuple(order[((s + k) % players) % 2] for s in range(players))


def games_per_deal(players: int, deals: Deals) -> int:
    """How many games of a pairing play one deal: 1 with fresh deals and in the solitaire (its two bots play the
    same deal already); with duplicate deals the cycle of :func:`lineup` in which each bot sits on every seat
    equally often: 2 with an even number of seats, ``2 * players`` with an odd one (3 or 5)."""
    if deals is Deals.FRESH or players <= 1:
        return 1
    return 2 if players % 2 == 0 else 2 * players


def check_deal_games(games: int, players: int, deals: Deals) -> None:
    """Refuses a duplicate ladder whose pairings would end inside a deal's group of games."""
    group = games_per_deal(players, deals)
    if games % group:
        raise RulesError(f"duplicate deals play each deal in {group} games with {players} seats (each bot on every "
                         f"seat equally often), so --games must be a multiple of {group}, got {games}")


def schedule(bots: int, games: int, players: int, deals: Deals = Deals.FRESH) -> list[LadderGame]:
    """The games of a ladder, in index order (pairings, then games; seats rotated each game, see :func:`lineup`;
    with duplicate deals each group of :func:`games_per_deal` games plays the deal of its first game)."""
    check_deal_games(games, players, deals)
    group = games_per_deal(players, deals)
    out: list[LadderGame] = []
    for i, j in pairings(bots):
        for k in range(games):
            index = len(out)
            out.append(LadderGame(index, i, j, lineup(i, j, k, players), index - k % group))
    return out


def share_of_first(game: LadderGame, winners: Sequence[int]) -> float:
    """The first bot's share of the winners of a game (a draw without winners)."""
    if not winners:
        return 0.5
    return sum(1 for seat in winners if game.seats[seat] == game.first) / len(winners)


# --- bots named on the command line -----------------------------------------------------------------------------
def check_bot_name(game_id: str, name: str) -> None:
    """Refuses a bot that is neither a level of ``game_id`` nor a loadable ``module:Class``."""
    load_bot(game_id, name, 0, None)


def load_bot(game_id: str, name: str, seed: int | str, think: float | None) -> Any:
    """The bot called ``name``: a level (``expert``, ``master``, …) or ``module:Class``.

    A ``module:Class`` bot is built as ``Class(game_id, seed)`` if it takes two arguments, else ``Class()``; it
    must have a ``choose(state)`` method (the bot protocol of :mod:`romme.bots`).
    """
    from .bots import make_bot

    if ":" not in name:
        return make_bot(game_id, name, seed, think=think)
    module, _, attr = name.partition(":")
    if not module or not attr:
        raise RulesError(f"a bot class is given as module:Class, got {name!r}")
    try:
        cls = getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError, ValueError) as exc:
        raise RulesError(f"cannot load bot {name!r}: {exc}") from None
    if not isinstance(cls, type):  # a function would be called with (game_id, seed): shutil:rmtree removed ./rummy
        raise RulesError(f"bot {name!r} is not a class but a {type(cls).__name__}")
    bot = _construct(cls, name, game_id, seed)
    if not callable(getattr(bot, "choose", None)):
        raise RulesError(f"bot {name!r} has no choose(state) method")
    return _UserBot(name, bot)


class _UserBot:
    """A ``module:Class`` bot whose own errors end the ladder in one line naming it: a KeyError raised by its
    ``choose`` was a traceback (exit 1), a ``sys.exit(0)`` in it ended the ladder with exit 0 and no table."""

    def __init__(self, name: str, bot: Any) -> None:
        self.name = name
        self.bot = bot

    def __getattr__(self, attr: str) -> Any:  # the bot's own attributes (``level``, …) as before
        if "bot" not in self.__dict__:  # while unpickling
            raise AttributeError(attr)
        return getattr(self.__dict__["bot"], attr)

    def choose(self, state: Any) -> Any:
        # the bot reads a copy: one that applied moves to the state it was given played the other seats' turns
        # in the ladder's game; its answer is checked here, so that a wrong one is named as this bot's
        try:
            move = self.bot.choose(state.clone())
        except RommeError:
            raise
        except (Exception, SystemExit) as exc:
            raise RulesError(f"bot {self.name!r} failed to choose a move: {quote(exc, 80)}") from None
        try:
            legal = state.is_legal(move)
        except Exception as exc:  # a hostile move object's own code
            raise RulesError(f"bot {self.name!r} chose {quote(move, 80)}: {quote(exc, 80)}") from None
        if not legal:
            try:
                state.clone().apply(move)
                reason = "not a legal move"
            except RommeError as exc:
                reason = " ".join(str(exc).split())
            raise RulesError(f"bot {self.name!r} chose {quote(move, 80)}: {reason[:200]}")
        return move


def _construct(cls: Any, name: str, game_id: str, seed: int | str) -> Any:
    # any error of the class's own code is the bot's: one line, not a traceback (``builtins:int`` raised a
    # ValueError on int("rummy", 0)); quoted, as a message of several lines or a failing __str__ is the bot's too
    try:
        return cls(game_id, seed)
    except TypeError:
        pass
    except (Exception, SystemExit) as exc:
        raise RulesError(f"bot {name!r} failed to build as Class(game_id, seed): {quote(exc, 80)}") from None
    try:
        return cls()
    except (Exception, SystemExit) as exc:
        raise RulesError(f"bot {name!r} is built as Class(game_id, seed) or Class(): {quote(exc, 80)}") from None


# --- the rating fit ----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Rating:
    bot: str
    elo: float
    low: float
    high: float
    games: int

    def to_json(self) -> dict[str, Any]:
        return {"bot": self.bot, "elo": round(self.elo, 1) + 0.0, "low": round(self.low, 1) + 0.0,
                "high": round(self.high, 1) + 0.0,
                "games": self.games}


def _solve(matrix: list[list[float]], rhs: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the matrices here are small and positive definite)."""
    n = len(rhs)
    a = [row[:] + [rhs[r]] for r, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(col + 1, n):
            f = a[r][col] / a[col][col]
            for c in range(col, n + 1):
                a[r][c] -= f * a[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (a[r][n] - sum(a[r][c] * x[c] for c in range(r + 1, n))) / a[r][r]
    return x


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    n = len(matrix)
    cols = [_solve(matrix, [1.0 if r == c else 0.0 for r in range(n)]) for c in range(n)]
    return [[cols[c][r] for c in range(n)] for r in range(n)]


def _pair_totals(bots: int, results: Iterable[PairResult]) -> dict[tuple[int, int], tuple[float, float]]:
    """(games, first bot's total share) per pairing."""
    totals: dict[tuple[int, int], tuple[float, float]] = {}
    for r in results:
        n, w = totals.get((r.first, r.second), (0.0, 0.0))
        totals[(r.first, r.second)] = (n + 1, w + r.share)
    return totals


def _gradient_hessian(theta: list[float], totals: dict[tuple[int, int], tuple[float, float]]
                      ) -> tuple[list[float], list[list[float]]]:
    """Gradient of the log-likelihood and the observed information (negative Hessian), prior included."""
    k = len(theta)
    grad = [0.0] * k
    info = [[0.0] * k for _ in range(k)]
    for i in range(k):  # the prior: PRIOR_DRAWS draws against a rating-0 bot
        p = 1.0 / (1.0 + math.exp(-theta[i]))
        grad[i] += PRIOR_DRAWS * (0.5 - p)
        info[i][i] += PRIOR_DRAWS * p * (1 - p)
    for (i, j), (n, w) in totals.items():
        p = 1.0 / (1.0 + math.exp(theta[j] - theta[i]))
        g = w - n * p
        grad[i] += g
        grad[j] -= g
        h = n * p * (1 - p)
        info[i][i] += h
        info[j][j] += h
        info[i][j] -= h
        info[j][i] -= h
    return grad, info


def _centred_variance(cov: list[list[float]], i: int) -> float:
    """Variance of ``theta_i - mean(theta)`` (the rating as shown, shifted to mean 0)."""
    k = len(cov)
    row = sum(cov[i]) / k
    total = sum(map(sum, cov)) / (k * k)
    return cov[i][i] - 2 * row + total


def fit_ratings(names: Sequence[str], results: Iterable[PairResult]) -> list[Rating]:
    """Bradley–Terry maximum likelihood (Elo scale) with 95 % Wald intervals; see the module docstring."""
    results = list(results)
    k = len(names)
    totals = _pair_totals(k, results)
    theta = [0.0] * k
    for _ in range(100):
        grad, info = _gradient_hessian(theta, totals)
        step = _solve(info, grad)
        theta = [t + s for t, s in zip(theta, step)]
        if max(abs(s) for s in step) < 1e-10:
            break
    _, info = _gradient_hessian(theta, totals)
    cov = _inverse(info)
    mean = sum(theta) / k
    games = [0] * k
    for r in results:
        games[r.first] += 1
        games[r.second] += 1
    out = []
    for i, name in enumerate(names):
        elo = (theta[i] - mean) * ELO
        half = Z95 * math.sqrt(max(_centred_variance(cov, i), 0.0)) * ELO
        out.append(Rating(name, elo, elo - half, elo + half, games[i]))
    return out


def pair_table(names: Sequence[str], results: Iterable[PairResult]) -> list[dict[str, Any]]:
    """Per pairing: games, the first bot's score (wins + draws / 2) and its share."""
    rows = []
    for (i, j), (n, w) in sorted(_pair_totals(len(names), results).items()):
        rows.append({"first": names[i], "second": names[j], "games": int(n), "first_score": round(w, 2),
                     "first_share": round(w / n, 4) if n else 0.0})
    return rows


# --- playing one ladder game ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class LadderSetup:
    """What every game of a ladder shares (sent to each worker / Ray task)."""

    game_id: str
    rules: Any  # romme.rules.Rules
    names: tuple[str, ...]
    players: int
    seed: str
    think: float | None
    max_moves: int
    deals: Deals = Deals.FRESH


def play_game(setup: LadderSetup, game: LadderGame) -> PairResult:
    """Plays ladder game ``game`` on the deal of its ``deal`` index (both bots alone on the same deal in the
    solitaire); each seat's bot gets the deal's seed for its seat."""
    from .bots.common import play_out
    from .engine import new_game

    deal_seed = f"{setup.seed}/{game.deal}"
    if setup.players == 1:
        scores, moves, finished = [], 0, True
        for k, bot_index in enumerate((game.first, game.second)):
            state = new_game(setup.game_id, players=1, seed=deal_seed, rules=setup.rules)
            bot = load_bot(setup.game_id, setup.names[bot_index], f"{deal_seed}/{k}", setup.think)
            moves += play_out(state, [bot], max_moves=setup.max_moves)
            finished = finished and state.is_over
            scores.append(state.result().scores[0])
        share = 0.5 if scores[0] == scores[1] else float(scores[0] > scores[1])
        return PairResult(game.index, game.first, game.second, share, moves, finished)
    state = new_game(setup.game_id, players=setup.players, seed=deal_seed, rules=setup.rules)
    bots = [load_bot(setup.game_id, setup.names[b], f"{deal_seed}/{s}", setup.think) for s, b in enumerate(game.seats)]
    moves = play_out(state, bots, max_moves=setup.max_moves)
    winners = state.result().winners if state.is_over else ()
    return PairResult(game.index, game.first, game.second, share_of_first(game, winners), moves, state.is_over)
