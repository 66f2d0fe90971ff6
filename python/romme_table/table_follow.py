"""What the table follows after moves: the other seats' moves (and the viewer's draws) shown as card flights, the
newly drawn cards marked, the log's notes of what each move laid, the score grid, and the cards new on the table.

The table scene calls :func:`follow_history` every frame; nothing here changes the game.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

import pygame

from .animations import knock_settled, move_route
from .layout import TableLayout
from .move_log import move_note, tells_table
from .move_reading import move_cards
from .rounds import round_marker
from .table_news import NO_NEWS_GAMES

if TYPE_CHECKING:
    from .table_scene import TableScene


def follow_history(scene: TableScene, now: float) -> None:
    """After moves: flights for the other seats' moves, the newly drawn card, the score grid."""
    history = scene.c.state.history
    if not scene.news.follows(scene.c.state_serial):  # a new or loaded game: its turns are followed from the start
        follow_news(scene)
    if len(history) == scene._seen_moves:
        return
    new_moves = history[scene._seen_moves :] if len(history) > scene._seen_moves else []
    undone = len(history) < scene._seen_moves
    scene._seen_moves = len(history)
    scene.log_notes = {k: v for k, v in scene.log_notes.items() if k < len(history) - len(new_moves)}  # undone
    lay = scene.layout or scene.compute_layout()
    for k, move in enumerate(new_moves, start=len(history) - len(new_moves)):
        kept = scene.c.played_notes.get(k)  # what the controller kept of what a move's notation omits
        if kept:
            scene.log_notes[k] = kept
        elif tells_table(move):  # a place-move, a lay-off: the table before it names its cards' meld
            scene.log_notes[k] = move_note(scene.c.game_id, move, scene._table_seen, scene.c.lang, scene._stands_seen)
        else:
            scene.log_notes[k] = ""
        if flies(scene, move):
            animate(scene, move, lay, now, k)
    hand = scene.c.hand()
    gained, left = Counter(hand) - Counter(scene._hand_seen), Counter(scene._hand_seen) - Counter(hand)
    # a new deal: the round counters moved on (a new hand holding all of the last deal's few cards, 2d left
    # over, marked the other twelve new), or cards went and several came
    deal = round_marker(scene.c.observation())
    came = sum(gained.values())
    new_deal = deal != scene._deal_seen or came >= len(hand) or (bool(left) and came > 1)
    scene._deal_seen = deal
    seen_at = (scene.c.state_serial, scene.c.viewer, len(history))
    if undone:  # cards taken back from the table are not new: the marks as they were then
        scene.fresh = Counter(scene._fresh_at.get(seen_at, Counter()))
    elif left or new_deal:
        scene.fresh = Counter()  # a card left the hand, or a new deal: nothing is new
    if gained and not new_deal and not undone:
        scene.fresh = gained
    scene._fresh_at[seen_at] = Counter(scene.fresh)
    scene._hand_seen = hand
    scene.book.update(scene.c.observation())
    follow_news(scene)
    top = scene.c.observation().get("discard_top")
    scene._discard_seen = top if isinstance(top, str) else None
    scene._table_seen, scene._stands_seen = scene.c.melds(), scene.c.stands()


def flies(scene: TableScene, move: Any) -> bool:
    """Whether a move is shown as a flight: every move of another seat, and the viewer's own draws
    (a click on a pile: the card flies into the hand; what the viewer dragged is already in place)."""
    if getattr(move, "player", scene.c.viewer) != scene.c.viewer:
        return True
    data = move.to_json()
    return str(data.get("kind", str(move).split(" ")[0])) == "draw"


def animate(scene: TableScene, move: Any, lay: TableLayout, now: float, index: int = -1) -> None:
    """Cards of a move fly between the piles, that seat's box and the table (``index``: the move's place in
    the history; a stock draw there that settles a knock also flies the knocker's two cards)."""
    if scene.c.bot_delay <= 0:  # bots at full speed (+ key down to 0 s): moves appear at once
        return
    data = move.to_json()
    route = move_route(str(data.get("kind", str(move).split(" ")[0])), data, scene.c.game_id)
    if route is None:
        return
    seat = seat_rect(scene, lay, getattr(move, "player", -1))
    places = {"stock": lay.stock, "discard": lay.discard, "table": lay.new_meld, "seat": seat}
    if route[0] == "discard":  # the taken card was the open top of the pile
        cards: list[str | None] = [scene._discard_seen]
    elif route[1] == "discard":
        card = data.get("card")
        cards = [scene.c.deck.token(card) if isinstance(card, int) else card]
    elif route[1] == "table":
        named: list[str | None] = list(move_cards(scene.c.game_id, move, scene._table_seen))
        cards = named[:4] or [None]
    else:
        cards = [None]  # a card from the stock stays hidden
    scene.anim.fly(now, cards, places[route[0]], places[route[1]])
    settled = knock_settled(scene.c.game_id, scene.c.state.history, index)
    if settled is not None:  # then the knocker takes the card knocked for and a penalty card from the stock
        knocker, card = seat_rect(scene, lay, settled[0]), settled[1]
        scene.anim.fly(now, [scene.c.deck.token(card) if isinstance(card, int) else card], lay.discard, knocker)
        scene.anim.fly(now, [None], lay.stock, knocker)


def seat_rect(scene: TableScene, lay: TableLayout, player: int) -> pygame.Rect:
    """A card-sized box on seat ``player`` (an opponent's box, or the own hand)."""
    others = [i for i in range(len(scene.c.seats)) if i != scene.c.viewer]
    r = pygame.Rect(0, 0, *lay.card)
    if player in others and others.index(player) < len(lay.opponents):
        r.center = lay.opponents[others.index(player)].center
    elif lay.hand:
        r.center = lay.hand[len(lay.hand) // 2].center
    return r


def follow_news(scene: TableScene) -> None:
    """A turn begins or ends: what is new on the table to that seat. Followed from the game's first frame, not its
    first move: a Rummy turn is one move, so the player's first turn had ended before the news saw it begin, and
    the bot's melds laid after it went unmarked (H9 U2)."""
    if scene.c.game_id not in NO_NEWS_GAMES:
        to_move, deal = scene.c.state.current_player, round_marker(scene.c.observation())
        scene.news.follow(scene.c.state_serial, to_move, scene.c.humans(), scene.c.melds(), deal)
