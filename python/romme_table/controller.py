"""The table's game controller: seats, the game's state and what the screen shows of it, a human's move played.

Choosing moves is :mod:`.selection_moves`, the hint :mod:`.hint_moves`, the bots' turns off the UI thread
:mod:`.bot_turns` (mixins of :class:`Controller`); what a move holds in the table's terms :mod:`.move_reading`.
No pygame here: the scenes turn intents into calls on this object, and the
tests drive it directly. It only uses romme's public API: the engine
(``legal_moves``, ``apply``, ``observation``, ``parse_move``, ``undo``) and, for
Rommé, 1x1-Rommé and Rummy, the one table model of :mod:`romme.table` (the
observation's table shape, the place-move and its notation).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import count
from typing import TYPE_CHECKING, Any

import romme
from romme.bots import make_bot, nearest_level
from romme.cards import deck
from romme.engine import GameState, Move, new_game
from romme.errors import RommeError
from romme.table import TABLE_GAMES, place_table, table_meld_texts, table_melds

from .behind import Behind
from .board_kind import HOW_TO, REFUSAL, TURN, BoardKind, board_kind
from .bot_turns import BotTurns
from .engine_words import engine_reason
from .hand_drag import arrange, move_card
from .hint_moves import HintMoves
from .i18n import cards_named, combination_text, counted, face_rank, listed, move_text, t
from .move_log import move_note, place_words, stands_of, tells_table, trick_mark, trick_winner
from .move_reading import named_before, split_meld
from .rounds import RoundUnit, round_ended, round_marker, round_unit
from .selection_moves import SelectionMoves
from .turn_words import turn_words

if TYPE_CHECKING:
    from .editor import TableEditor


@dataclass
class Seat:
    """One seat at the table: a name, human or bot, and the bot's level."""

    name: str
    kind: str = "human"  # "human" or "bot"
    level: str = "greedy"

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"


def options_beyond(game: str, preset: str, played: Mapping[str, Any]) -> list[str]:
    """The ``played`` options that differ from ``preset``'s (none for a preset that does not exist): the house
    rules page names them, and their count is shown beside the preset's name."""
    from romme.rules import Rules

    try:
        preset_options = Rules.make(game, preset).options
    except RommeError:
        return []
    return [name for name, value in played.items() if preset_options.get(name) != value]


def house_rules_beyond(game: str, preset: str, played: Mapping[str, Any]) -> int:
    """How many of the ``played`` options differ from ``preset``'s: the count the start screen and the
    table's status line both show beside the preset's name."""
    return len(options_beyond(game, preset, played))


#: the numbers of the states put on tables (Controller.state_serial), one for every table of the process
_SERIALS = count(1)


@dataclass
class Controller(SelectionMoves, HintMoves, BotTurns):
    """Holds one game at the table and everything the screen needs of it."""

    game_id: str
    seats: list[Seat]
    seed: int | str | None = 0
    rules: Any = None
    lang: str = "en"
    preset: str = "standard"
    bot_delay: float = 0.6
    state: GameState = field(init=False)
    selected: list[int] = field(default_factory=list)
    pointer: int = 0  # the hand card under the keyboard cursor (the table scene keeps it here)
    message: str = ""
    viewer: int = 0
    sort_mode: str = "none"  # none (as dealt), suit, rank: the order under each seat's own
    # seat -> the order its player dragged the hand into, kept per seat (friends at one screen each have theirs)
    # and until the deal ends (an order of the last deal's cards means nothing to the new hand)
    hand_orders: dict[int, list[str]] = field(default_factory=dict)
    editor: TableEditor | None = None  # while the table is being rearranged
    hint_move: Move | None = None  # the last hint's move (a table game's hint is shown on the board)
    played_notes: dict[int, str] = field(default_factory=dict)  # move number -> what its notation does not say
    round_ends: set[int] = field(default_factory=set)  # the moves after which a round or deal ended (the log says so)
    trick_wins: dict[int, int] = field(default_factory=dict)  # Krass Kariert: move closing a trick -> its winner
    showing_moves: bool = False  # the table shows a move's cards flying (set by the table each frame)
    on_stock_seen: Callable[[], None] | None = None  # told after a human's move took a card from the stock
    #: which game lies on the table, a new number each time a state is put there: what the caches and the table's
    #: news key on (the state's id() may come back: a freed state's memory can hold the next one, so two loads in
    #: one frame could leave the news following the first game by the address the third took over)
    state_serial: int = field(init=False, default=0)

    def __post_init__(self) -> None:
        # a bot seat at a level the game lacks (a resumed save's Easy in the solitaire) plays and reads the nearest
        self.seats = [Seat(s.name, s.kind, nearest_level(self.game_id, s.level)) if s.is_bot else s for s in self.seats]
        self.state = new_game(self.game_id, players=len(self.seats), seed=self.seed, rules=self.rules)
        self.state_serial = next(_SERIALS)
        self._make_bots()
        self._future: Behind[Move] | None = None
        self._thinker: Any = None  # the bot whose search the future is
        self._ready_at = 0.0
        self._think_start = 0.0  # when the bot to move started thinking
        self._hint_at = -1  # the number of moves played when the last hint was given
        self._hint_future: Behind[tuple[Move, str]] | None = None  # the hint being searched (hint_moves)
        self._hint_for: Any = None  # the position it is searched for
        self._last_turn_labels: dict[tuple[int, int, str, str], str | None] = {}
        self._choices: tuple[tuple[int, int, str], str] = ((0, -1, ""), "")  # the status line's turn words, by position
        self._turn_start = 0
        self._barrier = 0
        self.viewer = self._first_human()
        self._last_player = self.state.current_player
        self._curtain_first = len(self.humans()) > 1  # hot seat: the table opens behind the curtain
        self.finished_here = False  # the game's last move was played at this table (records.py counts it)
        self._tricks_at = {0: trick_mark(self.observation())}  # moves played -> (deal, trick) then (trick_wins)
        self.record: tuple[int, int] | None = None  # the player's (won, played) of this game once counted

    # --- set-up ----------------------------------------------------------
    def _make_bots(self) -> None:
        self.bots = {
            i: make_bot(self.game_id, s.level, seed=f"{self.seed}/{i}") for i, s in enumerate(self.seats) if s.is_bot
        }

    def _first_human(self) -> int:
        cur = self.state.current_player
        if 0 <= cur < len(self.seats) and not self.seats[cur].is_bot:
            return cur
        return next((i for i, s in enumerate(self.seats) if not s.is_bot), 0)

    @property
    def deck(self) -> romme.Deck:
        return deck(self.game_id)

    # --- what the screen shows --------------------------------------------
    def observation(self) -> dict[str, Any]:
        """The viewer's observation, cached until the next move (drawing asks often)."""
        h = self.state.history
        key = (self.state_serial, len(h), id(h[-1]) if h else 0, self.viewer)
        if key != getattr(self, "_obs_key", None):
            self._obs_key, self._obs = key, self.state.observation(self.viewer)
        return self._obs

    def melds(self) -> list[list[str]]:
        """The rows drawn on the table, as token lists: the table games' melds (their one
        observation shape), Königs-Rommé's melds of every seat, the solitaire's eleven open
        hands, the plays of Krass Kariert's current trick."""
        obs = self.observation()
        if self.game_id in TABLE_GAMES:
            return table_melds(obs)
        if self.game_id == "koenigs":
            return [list(m) for seat in obs["melds"] for m in seat]
        if self.game_id == "koenigs-solo":
            return [self.sorted_tokens(list(obs["hands"][k])) for k in sorted(obs["hands"], key=int)]
        if self.game_id == "krass":
            return [[card for card, _ in split_meld(p["cards"])] for p in self._krass_shown_plays()[0]]
        return []

    def stands(self) -> list[list[str]] | None:
        """What each card of a table game's melds (:meth:`melds`) stands for (:func:`.move_log.stands_of`: the log
        tells a wild's swap by it); None for the other games."""
        return stands_of(self.observation()) if self.game_id in TABLE_GAMES else None

    def _krass_shown_plays(self) -> tuple[list[dict[str, Any]], bool]:
        """The plays the table shows, and whether they are the last trick's: the current trick's, or while it
        has none yet, the trick just closed (its closing play vanished the moment it was played)."""
        obs = self.observation()
        plays = [p for p in obs["trick"] if p["action"] == "play"]
        last = obs.get("last_trick")
        if plays or not isinstance(last, dict):
            return plays, False
        return [p for p in last.get("entries") or [] if p.get("action") == "play"], True

    def meld_texts(self) -> list[str]:
        """The table games' melds in the notation, each wild with what it stands for (``7h *=8h 9h``)."""
        return table_meld_texts(self.observation())

    def is_wild(self, token: str, row: int | None = None) -> bool:
        """Königs-Rommé: a card of the round's wild rank (per hand in the solitaire)."""
        if self.deck.game != "koenigs":
            return False
        obs = self.observation()
        wild = obs.get("wild_rank")
        if row is not None and isinstance(obs.get("wild_ranks"), dict):
            keys = sorted(obs["wild_ranks"], key=int)
            wild = obs["wild_ranks"][keys[row]] if row < len(keys) else None
        return wild is not None and token[:-1] == str(wild)

    def jokers_stand_for(self) -> list[list[str | None]]:
        """Per table meld and card: the card a wild of a table game's meld stands for (None for the
        other cards; the observation says it), so the table can show what a wild is: a joker, and 1x1-Rommé's
        1-card in a run of its symbol ('D15 D30 D1' showed no '=D45')."""
        if self.game_id not in TABLE_GAMES:
            return []
        out: list[list[str | None]] = []
        for meld in self.observation().get("table") or []:
            cards, stands = list(meld.get("cards") or []), list(meld.get("stands_for") or [])
            out.append([
                stands[i] if i < len(stands) and stands[i] != card else None for i, card in enumerate(cards)
            ])
        return out

    def meld_labels(self) -> list[str]:
        """A two-line label per meld row, drawn left of it: the solitaire's hand (number; wild
        rank and done mark), a trick's play (seat; combination)."""
        obs = self.observation()
        if self.game_id == "koenigs-solo":
            wild = obs["wild_ranks"]
            done = {str(f) for f in obs["finished"]}
            return [  # the wild rank as the faces show it ('Joker: D', not Q); a finished hand's: done (not 'OK')
                t("solo_hand_finished" if k in done else "solo_hand_label", self.lang, k=k,
                  wild=face_rank(str(wild.get(k, "")), self.game_id, self.lang))
                for k in sorted(obs["hands"], key=int)
            ]
        if self.game_id == "krass":
            plays, closed = self._krass_shown_plays()
            labels = [
                f"{self.seats[p['player']].name}\n{combination_text(p.get('combination', ''), self.lang)}"
                for p in plays
            ]
            if closed:  # on every play of it: marked on the first alone, the others read as the trick in play
                labels = [t("krass_last_trick", self.lang) + "\n" + label for label in labels]
            return labels
        return []

    def seat_notes(self) -> list[str]:
        """Public per-seat extras (Krass Kariert: chips and face-up reserves)."""
        if self.game_id != "krass":
            return ["" for _ in self.seats]
        obs = self.observation()
        return [
            t("chips", self.lang, n=obs["chips"][i]["chips"]) + "  " + self._reserve_note(obs["reserves"][i])
            for i in range(len(self.seats))
        ]

    def _reserve_note(self, cards: list[Any]) -> str:
        """A seat's face-up reserve in words ('reserve 12 N', 'no reserve'): 'R: 12 N' was a letter to guess, and
        'R:' alone once the reserve was used up."""
        if not cards:
            return t("no_reserve", self.lang)
        return t("reserve_note", self.lang, cards=" ".join(str(r) for r in cards))

    def own_reserves(self) -> list[str]:
        """Krass Kariert: the viewer's face-up reserve cards."""
        reserves = self.observation().get("reserves")
        if isinstance(reserves, list) and self.viewer < len(reserves):
            return [str(r) for r in reserves[self.viewer]]
        return []

    def turn_advice(self) -> str:
        """What the player to move must do when no button offers it: Krass Kariert's turn where nothing in the
        hand beats the trick and a reserve card must be taken (a drag; no button lists those moves). At 1400x700
        the table read only 'You: your turn' with no action button at all."""
        if self.game_id != "krass" or not self.is_human_turn():
            return ""
        kinds = {m.to_json().get("kind") for m in self.state.legal_moves()}
        return t("krass_take_reserve", self.lang) if kinds == {"reserve"} else ""

    def hand(self) -> list[str]:
        """The viewer's hand as tokens, in display order."""
        tokens = list(self.observation()["hand"])  # every game's observation: the viewer's cards as tokens
        if self.game_id == "krass":
            return tokens
        return self.sorted_tokens(tokens)

    def sorted_tokens(self, tokens: list[str]) -> list[str]:
        """Tokens in the viewer's own order where the player dragged one, the cards it does not hold (a card
        drawn since) after them in the chosen sort order (as dealt while nothing is chosen)."""
        own = self.hand_orders.get(self.viewer)
        if own is not None:
            return arrange(self._sorted(tokens), own)
        return self._sorted(tokens)

    def _sorted(self, tokens: list[str]) -> list[str]:
        if self.sort_mode == "none":
            return tokens
        types = self.deck.types

        def key(tok: str) -> tuple[int, int, int]:
            ct = types[self.deck.parse_token(tok)]
            suit = ct.suit if ct.suit is not None else 99
            if self.is_wild(tok):  # Königs-Rommé's wild rank goes last with the jokers (4d sat among the diamonds)
                return (98, ct.rank, suit)
            return (suit, ct.rank, 0) if self.sort_mode == "suit" else (ct.rank or 99, suit, 0)

        return sorted(tokens, key=key)

    def toggle_sort(self) -> None:
        if self.game_id == "krass":
            self.message = t("krass_no_sort", self.lang)
            return
        own = self.hand_orders.pop(self.viewer, None) is not None
        self.sort_mode = "suit" if own else {"none": "suit", "suit": "rank", "rank": "suit"}[self.sort_mode]
        self.selected.clear()
        self.message = t("sorted_" + self.sort_mode, self.lang)

    def move_in_hand(self, index: int, gap: int) -> None:
        """The player drags a hand card to ``gap``: from now on the hand keeps the player's order."""
        if self.game_id == "krass":  # the hand's order is part of the game there
            self.message = t("krass_no_sort", self.lang)
            return
        self.hand_orders[self.viewer] = move_card(self.hand(), index, gap)
        self.selected.clear()
        self.message = t("sorted_own", self.lang)

    def is_human_turn(self) -> bool:
        cur = self.state.current_player
        return not self.state.is_over and 0 <= cur < len(self.seats) and not self.seats[cur].is_bot

    @property
    def unit(self) -> RoundUnit:
        """What this game's parts are called: rounds, games, or none (one deal is the game)."""
        return round_unit(self.game_id, self.state.rules.options)

    def alone(self) -> bool:
        """One person at the table: what the log says for their eyes only (their hand's cards) no one else reads."""
        return len(self.humans()) == 1

    def humans(self) -> list[int]:
        """The seats played by people at this screen (more than one: a hot-seat game)."""
        return [i for i, s in enumerate(self.seats) if not s.is_bot]

    def needs_curtain(self) -> bool:
        """Hot seat: a different human is to move than the one whose hand is shown, or the table was just
        opened (a new, resumed or loaded game: whoever sits at the screen may not be the one to move)."""
        if len(self.humans()) < 2 or not self.is_human_turn():
            return False
        return self.state.current_player != self.viewer or self._curtain_first

    def curtain_for_new_deal(self) -> None:
        """Hot seat: a new round or deal opens behind the curtain, whoever moved last. Everyone gathers at the
        screen to read the scores, and the same human moving first again showed their new hand under the sheet
        and after it (H6 T5, Königs-Rommé)."""
        self._curtain_first = len(self.humans()) > 1

    def lift_curtain(self) -> None:
        self._curtain_first = False
        self.viewer = self.state.current_player
        self.selected.clear()
        self._turn_start = len(self.state.history)
        self._barrier = self._turn_start

    def about(self) -> str:
        """The "about this game" line: game, rules and the seed that replays this deal."""
        from .i18n import game_name, knock_note, preset_name

        rules = preset_name(self.game_id, self.preset, self.lang)
        changed = self.house_rules_changed()
        if changed:  # options set by hand on top of the preset: the line must not claim "standard"
            rules = t("plus_house_rules", self.lang, rules=rules, n=counted(changed, "house_rule", self.lang))
        rules += knock_note(self.game_id, self.state.rules.options, len(self.seats), self.lang, self.preset)
        return t("about", self.lang, game=game_name(self.game_id, self.lang), rules=rules, seed=self.seed)

    def house_rules_changed(self) -> int:
        """How many options of the game differ from its preset."""
        return house_rules_beyond(self.game_id, self.preset, self.state.rules.options)

    def last_turn_banner(self) -> str:
        """Königs-Rommé: after a seat went out every other seat has one last turn; say so."""
        obs = self.observation()
        out = obs.get("out_player")
        if self.state.is_over or not isinstance(out, int) or not 0 <= out < len(self.seats):
            return ""
        turns = counted(int(obs.get("last_turns_left", 0)), "turn", self.lang)
        return t("last_turn", self.lang, name=self.seats[out].name, turns=turns)

    def status(self, sheet_open: bool = False) -> str:
        """The status line; ``sheet_open``: a deal's score sheet lies over the table, and the next move waits
        until it is closed (it read 'Bot 1 is thinking…' while the bots waited for the player)."""
        if self.state.is_over:
            res = self.state.result()
            if not res.winners and self.game_id == "koenigs-solo":  # one player: how far it got, not 'nobody won'
                return t("solo_lost", self.lang, n=res.scores[0], of=len(self.observation()["hands"]))
            if not res.winners:
                return t("game_lost", self.lang)
            names = listed([self.seats[w].name for w in res.winners], self.lang)
            return t("game_over" if len(res.winners) == 1 else "game_over_shared", self.lang, winners=names)
        cur = self.state.current_player
        if 0 <= cur < len(self.seats) and sheet_open:
            seat = self.seats[cur]
            return t("bot_after_sheet" if seat.is_bot else "you_after_sheet", self.lang, name=seat.name)
        if 0 <= cur < len(self.seats):
            if self.seats[cur].is_bot:
                return self._thinking(cur) + self._out_of_deal()
            # the board open: its own moves, not 'discard'; a hint being searched: that it is (the window draws on)
            choices = t(TURN[self.board()], self.lang) if self.editor is not None else self._turn_choices()
            if self.hint_pending():
                choices = t("hint_thinking", self.lang)
            return t("your_turn_to" if choices else "your_turn", self.lang, name=self.seats[cur].name, what=choices)
        return self.state.phase

    def _out_of_deal(self) -> str:
        """Krass Kariert: ' · you are out of this deal' while the seat at the screen, its hand played out, watches
        the others play the deal on (the bots played on beside an empty hand, and nothing said why)."""
        if self.game_id != "krass":  # (the status line is drawn every frame: no observation built for it)
            return ""
        in_deal = self.observation().get("in_deal")
        if not isinstance(in_deal, list) or self.viewer >= len(in_deal):
            return ""
        return "" if in_deal[self.viewer] else " · " + t("krass_out_of_deal", self.lang)

    def _turn_choices(self) -> str:
        """What the player to move may do now in words (turn_words), kept per position: drawn every frame."""
        key = (self.state_serial, len(self.state.history), self.lang)
        if self._choices[0] != key:
            moves = [m.to_json() for m in self.state.legal_moves()]
            seen = self.observation()
            names = [s.name for s in self.seats]
            ends = bool(getattr(self.state, "with_discard", True))  # (Räuber without a pile ends a turn with E)
            self._choices = (key, turn_words(self.game_id, self.state.phase, moves, self.lang, seen, names, ends))
        return self._choices[1]

    def describe(self, move: Move) -> str:
        return move_text(str(move), self.lang)

    def label(self, move: Move) -> str:
        """A move as an action button shows it: a place-move names only what is new on the
        table (the melds that were not there), so the buttons tell apart; a joker by its face."""
        return cards_named(self._label(move), self.game_id, self.lang)

    def _label(self, move: Move) -> str:
        melds = place_table(move)
        if str(move) == "pass" and self.game_id == "rummy" and self.observation().get("stock_size"):
            return t("pass_draws", self.lang)  # Rummy's pass gives a stock card: 'pass' alone hid that
        if melds is None and named_before(self.game_id, move):
            # Königs-Rommé: a last-turn discard lays melds the button did not name; Krass Kariert: the cards a
            # play shows, as the log names them (its notation counts hand places from 0: 'Karte 0 spielen')
            named = self._words_before(move)
            if named:
                return named
        if melds is None and tells_table(move):  # Rommé's lay-off and swap: the meld by its cards, not its number
            return move_note(self.game_id, move, self.melds(), self.lang, self.stands()) or move_text(
                str(move), self.lang)
        if melds is None:
            return move_text(str(move), self.lang)
        return place_words(self.melds(), melds, self.lang, self.stands())

    def _words_before(self, move: Move) -> str | None:
        """The log's words of a move the notation leaves short (move_log.words_before): Königs-Rommé's discard
        after someone went out with the melds the engine lays with it ('discard 6h, lay 5t 5t *'), a Krass
        Kariert play by its cards. Kept per position: the buttons are drawn every frame."""
        from .move_log import words_before

        key = (self.state_serial, len(self.state.history), str(move), self.lang)
        if key not in self._last_turn_labels:
            if len(self._last_turn_labels) > 64:
                self._last_turn_labels.clear()
            self._last_turn_labels[key] = words_before(self.game_id, move, self.state, self.lang, own=True)
        return self._last_turn_labels[key]

    def play(self, move: Move | str) -> bool:
        """Applies a human's move (a Move or its notation); the message says why not."""
        words: str | None = None
        try:
            if isinstance(move, str):
                move = self.state.parse_move(move)
            stock_before = self._stock_count()
            mover = self.state.current_player
            words = self._played_words(move)
            marker = round_marker(self.observation())
            self.state.apply(move)
        except RommeError as exc:
            reason = str(exc)
            head = f"{move}: "
            if words and not isinstance(move, str) and tells_table(move) and reason.startswith(head):
                # named as the log names it: the notation's 'layoff 3s to 8' numbers a meld the table shows nowhere
                reason = f"{words}: {reason[len(head):]}"
            why = cards_named(engine_reason(reason, self.lang), self.game_id, self.lang)
            self.message = t("illegal", self.lang, why=why)
            return False
        self.message = cards_named(words or self.describe(move), self.game_id, self.lang)
        if len(self.humans()) > 1:  # hot seat: the next human reads it after the curtain, so it names the mover
            self.message = f"{self.seats[mover].name}: {self.message}"
        self.selected.clear()
        if self._stock_count() != stock_before:
            self._barrier = len(self.state.history)  # a card came from the stock: no undo past it
            if self.on_stock_seen is not None:  # nor a load of a save from before it (table_saves)
                self.on_stock_seen()
        self._after_move(marker)
        return True

    def _played_words(self, move: Move) -> str | None:
        """A move in words before it is played (None: its plain words): a place-move names the melds
        it adds to the table as it is now (not the whole new table); a Krass Kariert move the cards it
        shows (its notation names only places in a hand), a Königs-Rommé last-turn discard the melds laid
        with it; these are kept for the move log in :attr:`played_notes`. Rommé's lay-off names the meld it
        grows, as the log does (the message line read 'Bot 1: 10s an Figur 2 anlegen', a number the table
        shows nowhere)."""
        from .move_log import WORDS_BEFORE, words_before

        if place_table(move) is not None:
            return self.label(move)
        if tells_table(move):
            return move_note(self.game_id, move, self.melds(), self.lang, self.stands()) or None
        if self.game_id not in WORDS_BEFORE:
            return None
        own = self.alone() and getattr(move, "player", None) == self.viewer  # the hand's cards name a place
        words = words_before(self.game_id, move, self.state, self.lang, own=own)
        self.played_notes[len(self.state.history)] = words or ""
        return words

    def _stock_count(self) -> int:
        return int(self.observation()["stock_size"])  # a common key of every game's observation

    def _after_move(self, marker: tuple[Any, ...]) -> None:
        """After a move was applied (``marker``: the round counters before it)."""
        obs, played = self.observation(), len(self.state.history)
        if round_ended(marker, obs, was_over=False):  # a finished game takes no moves
            self.round_ends.add(played - 1)
            self.hand_orders.clear()  # the new deal comes in the chosen sort order
        before = self._tricks_at.get(played - 1)  # (kept per position: an undone move's entry is made again)
        won = trick_winner(before, obs) if before is not None else None
        self.trick_wins.pop(played - 1, None)
        if won is not None:
            self.trick_wins[played - 1] = won
        self._tricks_at[played] = trick_mark(obs)
        self.finished_here = self.state.is_over
        cur = self.state.current_player
        if cur != self._last_player:
            self._last_player = cur
            self._turn_start = len(self.state.history)
            self._barrier = self._turn_start
            if self.is_human_turn() and not self.needs_curtain():
                self.viewer = cur

    # --- rearranging the table (Räuber games) ---------------------------------
    def board(self) -> BoardKind:
        """What the table board (T) changes under this game's rules (a game without one: its hand's lays)."""
        return board_kind(self.game_id, self.state.rules.options) or BoardKind.LAY

    def can_rearrange(self) -> bool:
        """Whether the table editor opens now: a table game (Rommé, 1x1-Rommé, Rummy) in the
        phase where the player lays cards. What the new table may be is the place-move's rule
        (Rommé without ``rauber``: only new melds, lay-offs and joker swaps; an opening first):
        ``apply`` checks the finished table and gives the rule when it refuses."""
        return self._rearrange_refusal() is None

    def _rearrange_refusal(self) -> str | None:
        if self.game_id not in TABLE_GAMES:
            return t("no_table_game", self.lang)
        if not self.is_human_turn():
            return t("not_your_turn", self.lang)
        if self.state.phase not in ("play", "open"):
            return t("draw_first", self.lang)
        return None

    def start_editing(self, order: Sequence[int] | None = None) -> TableEditor | None:
        """The table editor on the table as it lies; ``order``: the table's melds in the order the player sees
        them (the engine lists them in its own order: pressing T moved every meld to another place)."""
        from .editor import TableEditor

        why = self._rearrange_refusal()
        if why is not None:
            # in the words of the board the game has (standard Rommé's lays the hand's cards: T before the draw
            # said the table cannot be rearranged, which no turn of that game does)
            kind = board_kind(self.game_id, self.state.rules.options)
            self.message = t("cannot_rearrange" if kind is None else REFUSAL[kind], self.lang, why=why)
            return None
        melds, texts = self.melds(), self.meld_texts()
        if order is not None and sorted(order) == list(range(len(melds))) and len(texts) == len(melds):
            melds, texts = [melds[k] for k in order], [texts[k] for k in order]
        editor = TableEditor(self.game_id, melds, self.hand(), dict(self.state.rules.options), texts,
                             self.viewer_has_opened())
        self.editor = editor
        self.message = t(HOW_TO[self.board()], self.lang)  # only the buttons changed: the line says what mode this is
        return editor

    def viewer_has_opened(self) -> bool:
        """Whether the seat at the screen has opened (laid its first melds) in this round."""
        opened = self.observation().get("opened")
        return isinstance(opened, list) and 0 <= self.viewer < len(opened) and bool(opened[self.viewer])

    def finish_editing(self) -> bool:
        """Plays the working table; on refusal the message gives the game's rule and editing goes on."""
        ed = getattr(self, "editor", None)
        if ed is None:
            return False
        if not ed.placed and ed.melds == ed.table:
            self.message = t("editor_unchanged", self.lang)
            return False
        if self.play(ed.move_text()):
            self.editor = None
            return True
        return False

    def cancel_editing(self) -> None:
        self.editor = None

    def can_undo(self) -> bool:
        """Whether U takes a move back now (the Undo button is greyed out otherwise)."""
        if self.editor is not None and self.editor.can_undo():
            return True
        return self.is_human_turn() and len(self.state.history) > max(self._turn_start, self._barrier)

    def undo_turn(self) -> bool:
        """Takes back the last step on the board while the table is rebuilt, else the viewer's last move of this
        turn, never past a stock draw; a move taken back closes the board (it held the hand before the undo: E
        then laid the discard pile's card taken back)."""
        before = list(self.editor.hand_left) if self.editor is not None else []
        if self.editor is not None and self.editor.undo():  # ('U again: the one before' only where there is one)
            self.keep_selection(before)
            self.message = t("board_undone" if self.editor.can_undo() else "board_opened", self.lang)
            return True
        if not self.can_undo():
            drawn = self.is_human_turn() and len(self.state.history) == self._barrier > self._turn_start
            self.message = t("stock_draw_stays" if drawn else "nothing_to_undo", self.lang)
            return False
        self.state.undo()
        if self._hint_at > len(self.state.history):
            # the hint was for the position taken back; the next move makes a new one at the same count, where
            # the old hint's cards may be laid already (1x1-Rommé: its button raised 'H32 ... is not in the hand')
            self.hint_move = None
        self.selected.clear()
        self.editor = None
        self.message = t("undone", self.lang)
        return True

    def keep_selection(self, before: list[str]) -> None:
        """The selection kept on its cards after the board's hand ``before`` changed under it (U or R put cards back
        in the hand and the places after them moved: a selected 6d read as 5d)."""
        hand = self.editor.hand_left if self.editor is not None else []
        want = Counter(before[i] for i in self.selected if 0 <= i < len(before))
        kept = []
        for i, tok in enumerate(hand):
            if want[tok] > 0:
                want[tok] -= 1
                kept.append(i)
        self.selected[:] = kept

    def replace_state(self, state: GameState) -> None:
        """A loaded game takes the table: undo starts afresh (never back past the load: the
        moves before it were stock draws and other seats' moves), no bot keeps thinking on
        the old game, and the viewer is the human to move."""
        self.state = state
        self.state_serial = next(_SERIALS)
        self._stop_thinking()  # the bots are made anew: an old search never writes into the loaded game's
        self.drop_hint()
        self._make_bots()
        self.selected.clear()
        self.hand_orders.clear()
        self.editor = None  # (the observation cache keys on state_serial, renewed above: no reset needed)
        self.hint_move = None  # a hint was for the game replaced (its outline stayed on the loaded table)
        self._turn_start = self._barrier = len(state.history)
        self._last_player = state.current_player
        from .replayed import replayed  # it reads the score book, whose module reads the controller's words

        # the scene's book and notes too
        past = replayed(state, self._first_human(), self.lang, self.alone())
        self.round_ends, self.trick_wins = past.ends, past.tricks
        self._tricks_at = {len(state.history): trick_mark(self.observation())}
        self.viewer = self._first_human()
        self._curtain_first = len(self.humans()) > 1  # the person at the screen may not be the one to move

    def close(self) -> None:
        """The table closes (a new game, the start screen, the window): no bot nor hint thinks on for it."""
        self.drop_hint()
        BotTurns.close(self)

    def reset_turn(self) -> None:
        while self.undo_turn():
            pass
