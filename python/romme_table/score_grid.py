"""The score grid: one row per finished round with every seat's points and the cards
left in each hand (where the game shows them at the round's end), a total row, and
the winner screen at the end of the game.

:class:`ScoreBook` is fed the observation after every move and keeps the rows; the
drawing reads only the book.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

import pygame

from romme.cards import hand_points_by_token
from romme.errors import RommeError

from .cards_draw import draw_card, font
from .i18n import listed, spoken_to
from .rounds import RoundUnit, round_marker
from .scenes import fitted_rows, px

DARK = (25, 25, 25)
GOLD = (200, 150, 20)
OUT = (20, 110, 50)  # the mark of the seat that went out
GIVEN = (95, 95, 95)  # a hand's points that went to the seat that went out
ROW_H = 26  # a round's row of points
MIN_ROW_H = 22  # rows of points closed up to fit every round
CARD_ROW_H = 70  # a round's row with the cards left in each hand under the points
HEADER_H = 28  # the names over the columns
START_H = 26  # the row of the scores the book began at
TOTAL_H = 40  # the line and the total under the rows
COLUMN_W = (130, 260)  # a seat's column: narrowest and widest (it fits the names, points and cards left)
NEWEST = (222, 214, 170)  # the band behind the newest row: this round's points
LOST = (160, 40, 40)  # the words under a Krass Kariert seat that had no chip left to give up
MINI_CARDS_SHOWN = 8  # cards left a column makes room for (more overlap)
WORDS = {
    "en": {
        "round": "Round {n}",
        "rounds": "Rounds {first}–{last}",
        "deal": "Deal {n}",
        "deals": "Deals {first}–{last}",
        "krass_deal": "Deal {n}",
        "krass_deals": "Deals {first}–{last}",
        "game_no": "Game {n}",
        "games": "Games {first}–{last}",
        "single": "Game",
        "total": "Total",
        "left": "cards left",
        "winner": "{names} won the game!",
        "winners": "{names} won the game!",
        "start": "Start",
        "out": "out",
        "hand_romme": "hand rommé",
        "stock": "stock empty",
        "ended_out": "{name} went out",
        "ended_hand_romme": "{name} went out at once (hand rommé)",
        "ended_stock": "the stock ran out, nobody went out",
        "blocked": "no winner",
        "ended_blocked": "nobody could go out: no winner, no points",
        "leads": "leads",
        "no_chip": "lost: no chip left",
        "credited": "{points} to {name}",
    },
    "de": {
        "round": "Runde {n}",
        "rounds": "Runden {first}–{last}",
        "deal": "Runde {n}",
        "deals": "Runden {first}–{last}",
        "krass_deal": "Durchgang {n}",
        "krass_deals": "Durchgänge {first}–{last}",
        "game_no": "Spiel {n}",
        "games": "Spiele {first}–{last}",
        "single": "Spiel",
        "total": "Summe",
        "left": "Restkarten",
        "winner": "{names} gewinnt das Spiel!",
        "winners": "{names} gewinnen das Spiel!",
        "start": "Anfang",
        "out": "raus",
        "hand_romme": "Handrommé",
        "stock": "Stapel leer",
        "ended_out": "{name} ist raus",
        "ended_hand_romme": "{name} ist auf einmal raus (Handrommé)",
        "ended_stock": "der Stapel ist leer, keiner ist raus",
        "blocked": "kein Sieger",
        "ended_blocked": "keiner konnte ausmachen: kein Sieger, keine Punkte",
        "leads": "vorn",
        "no_chip": "verloren: kein Chip mehr",
        "credited": "{points} an {name}",
    },
}


#: how a round ends that nobody ended by going out (no seat to name beside its points)
NOBODY_OUT = ("stock", "blocked")


def word(key: str, lang: str) -> str:
    return WORDS.get(lang, WORDS["en"])[key]


ROW_WORDS = {
    RoundUnit.ROUND: "round",
    RoundUnit.DEAL: "deal",
    RoundUnit.KRASS_DEAL: "krass_deal",
    RoundUnit.GAME: "game_no",
    RoundUnit.SINGLE: "single",
}


def row_label(unit: RoundUnit, n: int, lang: str) -> str:
    """A row's name on the sheet: 'Round 3', 'Game 2' (1x1-Rommé to a target), or 'Game' where one deal is the
    whole game (a single game has no rounds)."""
    return word(ROW_WORDS[unit], lang).format(n=n)


def rows_label(unit: RoundUnit, first: int, last: int, lang: str) -> str:
    """The row that sums rounds out of view ('Rounds 1–47')."""
    key = {RoundUnit.GAME: "games", RoundUnit.DEAL: "deals", RoundUnit.KRASS_DEAL: "krass_deals"}.get(unit, "rounds")
    return word(key, lang).format(first=first, last=last)


@dataclass
class RoundRow:
    """One finished round: the points it gave each seat and the cards left in each hand."""

    points: list[int]
    left: list[list[str]] | None = None
    out: int | None = None  # the seat that went out (None: nobody, or the game does not say)
    how: str = ""  # how it ended: 'out', 'hand_romme', 'stock', 'blocked' ('': the game does not say)


@dataclass
class ScoreBook:
    """The rounds of one game, recorded as the scores change."""

    rows: list[RoundRow] = field(default_factory=list)
    last_scores: list[int] | None = None
    start: list[int] | None = None  # the scores the book began at (Krass Kariert's chips, a loaded game's)
    last_round: tuple[Any, ...] = ()  # the observation's round counters when last read
    finished: bool = False  # the game's end was read (its last round is a row even when it scored nothing)

    def update(self, obs: dict[str, Any]) -> bool:
        """Reads an observation; True when a round ended: the scores changed, or the round counter moved
        on (a Königs-Rommé round where every seat scored 0 changes no score)."""
        scores = _ints(obs.get("scores"))
        if scores is None:
            return False
        marker = round_marker(obs)
        ended = obs.get("is_over") is True and not self.finished
        self.finished = self.finished or ended
        if self.last_scores is None:
            self.last_scores, self.start, self.last_round = scores, list(scores), marker
            return False
        moved_on, self.last_round = marker != self.last_round and any(v is not None for v in marker), marker
        if scores == self.last_scores and not moved_on and not ended:  # Königs-Rommé's last round can score 0 all
            return False
        before = self.last_scores + [0] * (len(scores) - len(self.last_scores))
        out, how = round_end(obs)
        points = [a - b for a, b in zip(scores, before)]
        self.rows.append(RoundRow(points, _left_cards(obs, len(scores)), out, how))
        self.last_scores = scores
        return True

    def totals(self) -> list[int]:
        return list(self.last_scores or [])


def _ints(value: Any) -> list[int] | None:
    if isinstance(value, list) and all(isinstance(v, int) for v in value):
        return list(value)
    return None


def round_end(obs: dict[str, Any]) -> tuple[int | None, str]:
    """Who ended the round just over and how, from the observation's public record of it: (seat, 'out' or
    'hand_romme'), (None, 'stock') when the stock ran out, (None, 'blocked') when a Rommé deal ended without a
    winner, (None, '') where the game names nobody (Krass Kariert: a deal is lost, not won by going out)."""
    block = obs.get("last_round")  # Königs-Rommé
    if isinstance(block, dict) and isinstance(block.get("out_player"), int):
        return block["out_player"], "out"
    deal = obs.get("last_deal")  # Rommé
    if isinstance(deal, dict) and isinstance(deal.get("winner"), int):
        return deal["winner"], "hand_romme" if deal.get("hand_romme") else "out"
    if isinstance(deal, dict) and "winner" in deal and deal["winner"] is None:
        return None, "blocked"  # (a locked deal, or the stock not to be refilled again: RULES-NOTES "Rommé game")
    result = obs.get("result")
    if not isinstance(result, dict):
        return None, ""
    games = result.get("games")  # 1x1-Rommé: each game's record
    if isinstance(games, list) and games and isinstance(games[-1], dict) and isinstance(games[-1].get("out"), int):
        return games[-1]["out"], "hand_romme" if games[-1].get("hand_romme") else "out"
    reason, winners = result.get("reason"), result.get("winners")  # Rummy: its one deal
    if reason == "out" and isinstance(winners, list) and len(winners) == 1:
        return winners[0], "out"
    return (None, "stock") if reason == "stock" else (None, "")


#: the move log's line at a round's end, saying how it ended and what each seat scored (krass_deals: Krass's)
ROUND_OVER_WHY: dict[RoundUnit, dict[str, str]] = {
    RoundUnit.ROUND: {"en": "— round {n} over: {what} —", "de": "— Runde {n} vorbei: {what} —"},
    RoundUnit.DEAL: {"en": "— deal {n} over: {what} —", "de": "— Runde {n} vorbei: {what} —"},
    RoundUnit.KRASS_DEAL: {"en": "— deal {n} over: {what} —", "de": "— Durchgang {n} vorbei: {what} —"},
    RoundUnit.GAME: {"en": "— game {n} over: {what} —", "de": "— Spiel {n} vorbei: {what} —"},
    RoundUnit.SINGLE: {"en": "— game over: {what} —", "de": "— Spiel vorbei: {what} —"},
}


def round_over_lines(book: ScoreBook, names: list[str], lang: str, unit: RoundUnit) -> list[str]:
    """The log's line for each round of ``book``, in order: how it ended and the points each seat got ('— deal 1
    over: Bot 1 went out · You +0, Bot 1 +2 —'); the log said '— deal 1 over —', the sheet that said more being
    put away by the next key."""
    form = ROUND_OVER_WHY[unit].get(lang, ROUND_OVER_WHY[unit]["en"])
    out = []
    for n, row in enumerate(book.rows, start=1):
        points = ", ".join(f"{name} {p:+d}" for name, p in zip(names, row.points, strict=False))
        ended = ended_text(row, names, lang)
        out.append(form.format(n=n, what=f"{ended} · {points}" if ended else points))
    return out


def ended_text(row: RoundRow, names: list[str], lang: str) -> str:
    """How a round ended in words ('Bot 1 went out'; '' where the game does not say)."""
    if row.how in NOBODY_OUT:
        return word(f"ended_{row.how}", lang)
    if row.out is None or not 0 <= row.out < len(names) or not row.how:
        return ""
    return spoken_to(word(f"ended_{row.how}", lang).format(name=names[row.out]), lang)


def _left_cards(obs: dict[str, Any], seats: int) -> list[list[str]] | None:
    """The cards left in every hand at the round's end, where the game makes them public."""
    shown = obs.get("round_left")  # Rommé, Rummy, Krass Kariert: the hands laid open at the round's end
    if isinstance(shown, list) and len(shown) == seats and all(isinstance(h, list) for h in shown):
        return [[str(c) for c in hand] for hand in shown]
    block = obs.get("last_round")  # Königs-Rommé
    left = block.get("left") if isinstance(block, dict) else None
    if isinstance(left, list) and len(left) == seats:
        return [[str(c) for c in hand] for hand in left]
    result = obs.get("result")  # 1x1-Rommé: each game's hands as card strings
    games = result.get("games") if isinstance(result, dict) else None
    hands = games[-1].get("hands") if isinstance(games, list) and games and isinstance(games[-1], dict) else None
    if isinstance(hands, list) and len(hands) == seats:
        return [str(h).split() for h in hands]
    return None


@cache
def _card_points(game: str) -> dict[str, int]:
    """The points each card costs left in hand, by token (empty for a game whose hands are not counted so)."""
    try:
        return hand_points_by_token(game)
    except RommeError:
        return {}


def credited(game: str, row: RoundRow) -> list[int | None]:
    """By seat, the points of the cards left in a hand that the round gave to the seat that went out (Rommé: the
    winner scores the others' hands, doubled by a hand rommé, and their own points stay 0, which read as a bug
    on the sheet beside their cards); None for a seat whose points are its own, and for every seat where the
    figures do not add up to the winner's points (another game's scoring)."""
    nobody: list[int | None] = [None] * len(row.points)
    out, left = row.out, row.left
    if out is None or not left or len(left) != len(row.points) or not 0 <= out < len(row.points):
        return nobody
    if row.points[out] <= 0 or any(p for i, p in enumerate(row.points) if i != out):
        return nobody
    values = _card_points(game)
    if not values or any(c not in values for hand in left for c in hand):
        return nobody
    factor = 2 if row.how == "hand_romme" else 1
    shares: list[int | None] = [
        None if i == out else factor * sum(values[c] for c in hand) for i, hand in enumerate(left)
    ]
    return shares if sum(v or 0 for v in shares) == row.points[out] else nobody


def leaders(totals: list[int], lower_is_better: bool) -> tuple[int, ...]:
    """The seats ahead on the totals (the fewest points where points count against); none while all are equal."""
    if len(set(totals)) < 2:
        return ()
    best = min(totals) if lower_is_better else max(totals)
    return tuple(i for i, v in enumerate(totals) if v == best)


def _shows_cards(book: ScoreBook) -> bool:
    return any(_has_cards(r) for r in book.rows)


def _has_cards(row: RoundRow) -> bool:
    return bool(row.left) and any(row.left or ())


def _card_rows_height(book: ScoreBook) -> int:
    """The rows' height with the cards left under the points (a round where every hand was emptied: a short row)."""
    return sum(px(CARD_ROW_H) if _has_cards(r) else px(ROW_H) for r in book.rows)


def rows_with_cards(book: ScoreBook, room: int) -> set[int]:
    """The rows that show the cards left under their points in ``room`` pixels: all where they fit, else the newest
    ones that fit beside the others at a row's height (the winner sheet of eleven rounds dropped every card and
    left half of a 1920x1080 sheet empty); none where the rows fit only closed up."""
    carded = [k for k, row in enumerate(book.rows) if _has_cards(row)]
    if _card_rows_height(book) <= room:
        return set(carded)
    spare = room - len(book.rows) * px(ROW_H)
    kept: set[int] = set()
    for k in reversed(carded):
        if spare < px(CARD_ROW_H) - px(ROW_H):
            break
        kept.add(k)
        spare -= px(CARD_ROW_H) - px(ROW_H)
    return kept


def label_column(book: ScoreBook, unit: RoundUnit, lang: str) -> int:
    """The width of the rows' names ('Round 11', 'Rounds 1–47', 'Total')."""
    n = max(1, len(book.rows))
    names = [row_label(unit, n, lang), rows_label(unit, 1, n, lang), word("start", lang)]
    widths = [font(20).size(x)[0] for x in names] + [font(26).size(word("total", lang))[0]]
    return max(px(90), max(widths) + px(12))


def column_width(names: list[str], book: ScoreBook, lang: str) -> int:
    """A seat's column: its name, its points with an 'out' beside them, its total with 'leads', the cards left
    (up to :data:`MINI_CARDS_SHOWN` side by side), within :data:`COLUMN_W`."""
    need = [font(22).size(name)[0] for name in names]
    need.append(
        font(26).size(str(max(book.totals() or [0], key=lambda v: len(str(v)))))[0]
        + px(12)
        + font(18).size(word("leads", lang))[0]
    )
    out = max((font(18).size(word(r.how, lang))[0] for r in book.rows if r.how in ("out", "hand_romme")), default=0)
    need.append(font(20).size("+999")[0] + px(8) + out)
    if _shows_cards(book):
        most = max((len(hand) for r in book.rows if r.left for hand in r.left), default=0)
        shown = min(most, MINI_CARDS_SHOWN)
        need.append(px(30 + 32 * max(0, shown - 1)))
    return max(px(COLUMN_W[0]), min(px(COLUMN_W[1]), max(need) + px(16)))


def grid_size(names: list[str], book: ScoreBook, unit: RoundUnit, lang: str) -> tuple[int, int]:
    """The room the grid takes with every row at its full height (with the cards left where the game shows
    them); :func:`draw_grid` closes the rows up in less."""
    n = max(1, len(names))
    start = px(START_H) if book.start and any(book.start) else 0
    rows = _card_rows_height(book)
    width = label_column(book, unit, lang) + n * column_width(names, book, lang) + px(20)
    return width, px(HEADER_H) + start + rows + px(TOTAL_H)


def draw_grid(
    surface: pygame.Surface,
    panel: pygame.Rect,
    game: str,
    names: list[str],
    book: ScoreBook,
    lang: str,
    winners: tuple[int, ...] = (),
    unit: RoundUnit = RoundUnit.ROUND,
    ahead: tuple[int, ...] = (),
) -> None:
    """The grid inside ``panel``: names across, rounds down (newest rows when they do not all fit), each row
    named as ``unit`` calls the game's parts; the newest row on a band (this round's points), the totals
    large, the winners' (or while the game goes on the seats ``ahead``, marked 'leads') in gold."""
    n = max(1, len(names))
    label_w = label_column(book, unit, lang)
    col_w = min(px(COLUMN_W[1]), (panel.w - label_w - px(20)) // n)
    y = panel.y
    for i, name in enumerate(names):
        colour = GOLD if i in winners else DARK
        _text(surface, name, (panel.x + label_w + i * col_w, y), 22, colour, col_w - 6)
    y += px(HEADER_H)
    if book.start and any(book.start):  # the sum counts from there: a row says so
        _text(surface, word("start", lang), (panel.x, y), 20, DARK, label_w - 4)
        for i, pts in enumerate(book.start):
            _text(surface, str(pts), (panel.x + label_w + i * col_w, y), 20, DARK, col_w - 6)
        y += px(START_H)
    # every round in view matters more than the cards left: rows drop their cards when not all fit with them,
    # and rounds that fit in no way are summed on one row ('Rounds 1–47') so the columns still add up to the total
    below = px(34)  # the total's line and print
    carded = rows_with_cards(book, panel.bottom - y - below)
    row_h = px(ROW_H)
    if not carded and book.rows:  # rows close up to MIN_ROW_H before any is summed (11 rounds at 800x600)
        row_h = max(px(MIN_ROW_H), min(px(ROW_H), (panel.bottom - y - below) // len(book.rows)))
    room = max(2, (panel.bottom - y - below) // row_h)
    first = 0 if len(book.rows) <= room else len(book.rows) - room + 1
    if first:
        label = rows_label(unit, 1, first, lang)
        _text(surface, label, (panel.x, y), 20, DARK, label_w - 4)
        for i in range(n):
            pts = sum(row.points[i] for row in book.rows[:first] if i < len(row.points))
            _text(surface, f"{pts:+d}" if pts else "0", (panel.x + label_w + i * col_w, y), 20, DARK, col_w - 6)
        y += row_h
    for r, row in enumerate(book.rows[first:], start=first + 1):
        this_h = px(CARD_ROW_H) if r - 1 in carded else row_h
        if r == len(book.rows):  # this round's points, found at a glance
            band = pygame.Rect(panel.x - px(6), y - px(3), label_w + n * col_w, this_h - px(2))
            pygame.draw.rect(surface, NEWEST, band, border_radius=4)
        _text(surface, row_label(unit, r, lang), (panel.x, y), 20, DARK, label_w - 4)
        if row.how in NOBODY_OUT:
            right = panel.x + label_w + n * col_w - px(8)
            under = this_h == px(CARD_ROW_H)  # under the row's name, or at the row's right end
            beside = (right - font(18).size(word(row.how, lang))[0], y + px(2))
            mark = (panel.x, y + px(22)) if under else beside
            _text(surface, word(row.how, lang), mark, 18, OUT, label_w - 4 if under else panel.w)
        given = credited(game, row)
        for i, pts in enumerate(row.points):
            x = panel.x + label_w + i * col_w
            shown = f"{pts:+d}" if pts else "0"
            _text(surface, shown, (x, y), 20, DARK, col_w - 6)
            room = col_w - 14 - font(20).size(shown)[0]
            if row.out == i and row.how:  # the seat that ended the round, beside its points
                _text(surface, word(row.how, lang), (x + col_w - 6 - room, y + px(2)), 18, OUT, room)
            elif given[i] and row.out is not None and row.out < len(names):  # why a hand of cards scored 0 here
                why = word("credited", lang).format(points=given[i], name=names[row.out])
                clip = surface.get_clip()
                surface.set_clip(pygame.Rect(x, y, col_w - 6, this_h).clip(clip))  # a long name stays in its cell
                _text(surface, why, (x + col_w - 6 - room, y + px(2)), 18, GIVEN, room)
                surface.set_clip(clip)
            if r - 1 in carded and row.left and i < len(row.left):
                _mini_cards(surface, game, row.left[i], pygame.Rect(x, y + px(22), col_w - 8, px(44)))
        y += this_h
    pygame.draw.line(surface, DARK, (panel.x, y + px(2)), (panel.x + label_w + n * col_w, y + px(2)), 2)
    _text(surface, word("total", lang), (panel.x, y + px(6)), 26, DARK, label_w - 4)
    for i, total in enumerate(book.totals()):
        x = panel.x + label_w + i * col_w
        colour = GOLD if i in winners or (not winners and i in ahead) else DARK
        # Krass Kariert's score -1 is the engine's mark of the seat that had no chip to give up (RULES §5): its
        # total read '-1' beside a seat box saying 'chips 0'
        lost = game == "krass" and total < 0
        drawn = _text(surface, "0" if lost else str(total), (x, y + px(6)), 26, colour, col_w - 6)
        if lost:
            _note_beside(surface, word("no_chip", lang), drawn, x + col_w - 6, LOST)
        elif not winners and i in ahead:
            room = x + col_w - 6 - drawn.right - 8
            _text(surface, word("leads", lang), (drawn.right + 8, y + px(11)), 18, GOLD, room)


def _mini_cards(surface: pygame.Surface, game: str, tokens: list[str], box: pygame.Rect) -> None:
    """Small faces of the cards left in a hand, overlapping to fit the cell."""
    if not tokens:
        return
    h = box.h
    w = int(h * 0.7)
    step = min(w + 2, max(6, (box.w - w) // max(1, len(tokens) - 1)))
    for k, tok in enumerate(tokens):
        draw_card(surface, pygame.Rect(box.x + k * step, box.y, w, h), game, tok)


def _note_beside(
    surface: pygame.Surface, note: str, total: pygame.Rect, right: int, colour: tuple[int, int, int]
) -> None:
    """A total's note (Krass Kariert's 'lost: no chip left') beside the ``total`` drawn, in up to two rows that end
    at ``right``, its own column's edge. In one row it shrank only to 12 and ran on under the next seat's total at
    640x420 ('kein Chip m0r', H7 S7)."""
    left = total.right + px(6)
    rows, size = fitted_rows(note, max(1, right - left), 2, 18, 12)
    step = font(size).get_linesize()
    top = total.centery - step * len(rows) // 2
    clip = surface.get_clip()  # a row still too wide (a very narrow column) is cut at the column's edge
    surface.set_clip(pygame.Rect(left, top, max(0, right - left), step * len(rows)).clip(clip))
    for k, row in enumerate(rows):
        _text(surface, row, (left, top + k * step), size, colour, right - left)
    surface.set_clip(clip)


def _text(
    surface: pygame.Surface, s: str, pos: tuple[int, int], size: int, colour: tuple[int, int, int], width: int
) -> pygame.Rect:
    f = font(size)
    while size > 12 and f.size(s)[0] > width:
        size -= 1
        f = font(size)
    return surface.blit(f.render(s, True, colour), pos)


def draw_winner_banner(surface: pygame.Surface, panel: pygame.Rect, names: list[str], lang: str, lost: str) -> None:
    """The winner screen's headline: a gold band with the winners' names (grey with ``lost`` when
    nobody won, as a lost solitaire)."""
    band = pygame.Rect(panel.x, panel.y, panel.w, px(56))
    pygame.draw.rect(surface, GOLD if names else (150, 150, 150), band, border_radius=10)
    said = word("winner" if len(names) == 1 else "winners", lang).format(names=listed(names, lang))
    line = spoken_to(said, lang) if names else lost
    _text(surface, line, (band.x + 20, band.y + px(12)), 34, DARK, band.w - 40)
