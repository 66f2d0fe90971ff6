"""Hints with a reason: the expert bot's move, explained with the exact solvers.

Reads only the viewer's observation (own hand, round, table), so a hint never
uses hidden cards.
"""

from __future__ import annotations

from typing import Any

import romme
from romme.cards import deck, tokens
from romme.errors import RommeError
from romme.rules import Rules
from romme.table import TABLE_GAMES, table_melds

from .i18n import counted, listed, move_text
from .move_log import move_note, stands_of, tells_table, words_before
from .move_reading import move_cards, named_before

#: what a Königs-Rommé stock draw's reason is about: the hand as it is, the card to come being unknown
BEFORE_DRAW = {"en": "your hand before the draw", "de": "deine Hand vor dem Ziehen"}
#: the solitaire's step in words, by what it does to the hand it goes to (steps: turned cards still needed at best)
SOLO_WHY = {
    "en": {
        "finished": "finishes hand {k}",
        "closer": "brings hand {k} closer: {left} to finish",
        "fits": "hand {k} still needs {left}; {card} fits it better than {out}",
        "none": "{card} brings no open hand closer: out of the game",
    },
    "de": {
        "finished": "Hand {k} ist damit fertig",
        "closer": "bringt Hand {k} näher: noch {left} bis fertig",
        "fits": "Hand {k} braucht noch {left}; {card} passt besser als {out}",
        "none": "{card} bringt keine offene Hand näher: aus dem Spiel",
    },
}
#: why a seat that has not opened lays nothing, the same words in both games that say it (a Rummy pass, a Räuber turn
#: without a discard pile ended): the opening the hand does not reach yet
NO_OPENING = {
    "en": "no opening of {points} points in your hand yet",
    "de": "noch kein Herauskommen mit {points} Punkten in deiner Hand",
}
#: why the Rummy expert passes (``ExpertBot.passed``, the bot's own reason), and what a pass then does
RUMMY_PASS_WHY = {
    "en": {
        "no_opening": NO_OPENING["en"],
        "nothing_fits": "none of your cards can be laid: no new meld, no lay-off, no rebuilt table takes one",
        "none_found": "no place found for a hand card",
        "draws": "passing draws a card",
    },
    "de": {
        "no_opening": NO_OPENING["de"],
        "nothing_fits": "keine deiner Karten lässt sich legen: keine neue Figur, kein Anlegen, kein umgelegter Tisch",
        "none_found": "für keine Handkarte fand sich ein Platz",
        "draws": "Passen zieht eine Karte",
    },
}
#: why the Rommé expert ends a turn without laying where there is no discard pile (``_Base.ended``, the bot's own
#: reason): a stock draw, which ends the turn, or the end after laying
ROMME_END_WHY = {
    "en": {
        "no_opening": NO_OPENING["en"],
        "hold_back": "a doubled Hand-Rommé is close: hold your cards back",
        "joker_kept": "only a joker could be laid off: keep it for a meld that needs it",
        "nothing": "nothing in your hand can be laid",
        "draws": "the card drawn ends the turn",
    },
    "de": {
        "no_opening": NO_OPENING["de"],
        "hold_back": "ein doppeltes Hand-Rommé ist nah: Karten zurückhalten",
        "joker_kept": "nur ein Joker ließe sich anlegen: behalte ihn für eine Figur, die ihn braucht",
        "nothing": "nichts in deiner Hand lässt sich legen",
        "draws": "die gezogene Karte beendet den Zug",
    },
}
#: why the expert takes a discard its hand makes no meld with (``_Base.lays_off_top``: it lays it off)
LAY_OFF_WHY = {
    "en": "the {card} can be laid off on a table meld",
    "de": "die {card} lässt sich an eine Figur des Tisches anlegen",
}
#: why the expert draws from the stock, leaving the discard pile's top card (its choice: the card does not help)
STOCK_WHY = {
    "en": "the {card} on the discard pile does not help your hand",
    "de": "die {card} auf der Ablage hilft deiner Hand nicht",
}


#: why the Rommé expert swaps a joker: the joker taken must be laid again in the same turn (RULES.md §2), so the
#: swap lays the card as a lay-off would (with 8c 3h, 'swap 8c for the joker in 7c * … Qc' then goes out)
SWAP_WHY = {
    "en": "the joker taken must be laid again this turn, so {card} leaves your hand",
    "de": "den genommenen Joker legst du in diesem Zug wieder, so verlässt {card} deine Hand",
}

#: why the hint lays the joker a swap took, while it is owed (the game lists only the moves that lay it)
OWED_WHY = {
    "en": "the joker taken must be laid again this turn",
    "de": "den genommenen Joker legst du in diesem Zug wieder",
}


#: the move kinds that lay hand cards on the table (their hint names the cards itself)
LAYING = ("meld", "layoff", "swap", "place", "out")


#: an opened seat's discard when nothing of the hand can be laid (play-test W3: 'hint: discard 9d' said no why after
#: laying out, just when a learner wonders why not lay off, or why this card; a pass, a draw and an end of the turn
#: give the bot's own reason above)
NOTHING_FITS = {
    "en": {
        "none": "no card of the hand fits the table or a new meld",
        "most": "{card} counts most ({n} points)",
        "most_but_joker": "{card} counts most after the joker ({n} points)",
        "kept_one": "{cards} counts more but is in more pairs and near runs than {card}",
        "kept_more": "{cards} count more but are in more pairs and near runs than {card}",
        "fewest": "{card} is in the fewest pairs and near runs, and the highest of those",
        "out": "that goes out: your hand is empty",
    },
    "de": {
        # short: at 640x420 the message's two rows hold the widest case (three cards named, tens)
        "none": "keine Handkarte passt an den Tisch oder in eine neue Figur",
        "most": "{card} zählt am meisten ({n} Punkte)",
        "most_but_joker": "{card} zählt nach dem Joker am meisten ({n} Punkte)",
        "kept_one": "{cards} zählt mehr, ist aber in mehr Paaren und Reihenanfängen als {card}",
        "kept_more": "{cards} zählen mehr, sind aber in mehr Paaren und Reihenanfängen als {card}",
        "fewest": "{card} ist in den wenigsten Paaren und Reihenanfängen, davon die höchste",
        "out": "damit gehst du aus: deine Hand ist leer",
    },
}
#: the Rommé joker's token in a hand (never discarded while another card can go: it counts most and fits any meld)
ROMME_JOKER = "*"


def _melds_text(solution: romme.HandSolution) -> str:
    return ", ".join(" ".join(str(c) for c in m.cards) for m in solution.melds)


def _koenigs_reason(
    hand: list[str], round_: int, de: bool, discard: str | None, lays: bool = False, kept: str | None = None
) -> str:
    """What the hand melds into and what it leaves. With the move's discard given, the hand
    is read without that card, so the reason never names another discard than the move. The melds are 'laid'
    only by a move that lays them (going out, a last turn); else they are the hand's melds: 'discard 8c — lay Jt
    Qt 4c' mid-round named a laying no button offered (melds go down only with going out). ``kept``: the card the
    hinted move takes from the discard pile, never the discard the reason names: 'draw discard Jo — with Jo:
    discard Jo' took the joker and threw it away in one line (the solver throws away the card that counts most).
    A move that lays its melds names them itself ('ausmachen und 8c abwerfen, Bc Bt Jo auslegen'), so its reason
    names only what is left: '… auslegen — lege Bc Bt Jo — bleiben 0 Punkte' said the melds twice (play-test Q12)."""
    verb = ("Figuren:" if de else "melds:") if not lays else ""
    named = None  # a discard the reason names itself (the move takes a card and discards later)
    if discard is None and len(hand) == round_ + 3:
        # the melds named are those of the hand without the discard named: the whole hand's melds beside its
        # discard named one card twice ('melds: Kt 3s 3d, discard Kt', play-test V1)
        best = romme.solve_hand("koenigs", hand, round=round_).discard
        if kept is not None and str(best) == kept:
            discard = named = _best_discard_but(hand, round_, kept)
        elif best is not None:
            discard = named = str(best)
    if discard is not None and discard in hand:
        rest = list(hand)
        rest.remove(discard)
        sol = romme.solve_hand("koenigs", rest, round=round_)
        lay = _melds_text(sol)
        left = sol.left_points
        parts = [f"{verb} {lay}"] if lay and verb else []
        if named is not None:
            parts.append(f"{'wirf' if de else 'discard'} {named}")
    else:
        sol = romme.solve_hand("koenigs", hand, round=round_)
        lay = _melds_text(sol)
        parts = [f"{verb} {lay}"] if lay and verb else []
        left = sol.left_points  # (a hand before its draw: nothing to discard yet)
    tail = f"{'bleiben' if de else 'it leaves'} {max(0, left)} {'Punkte' if de else 'points'}"
    return ", ".join(parts) + f" — {tail}" if parts else tail


def _best_discard_but(hand: list[str], round_: int, kept: str) -> str | None:
    """The discard that leaves the fewest points in a Königs-Rommé hand, among the cards other than ``kept``."""
    best: tuple[int, str] | None = None
    for card in dict.fromkeys(c for c in hand if c != kept):
        rest = list(hand)
        rest.remove(card)
        left = romme.solve_hand("koenigs", rest, round=round_).left_points
        if best is None or left < best[0]:
            best = (left, card)
    return None if best is None else best[1]


def _koenigs_top_helps(hand: list[str], obs: dict[str, Any], top: str) -> bool:
    """Whether the discard pile's ``top`` taken into the Königs-Rommé ``hand`` is in a meld of the best melding
    of the hand with it (points alone mislead: throwing away a wild card lowers them most)."""
    try:
        sol = romme.solve_hand("koenigs", [*hand, top], round=int(obs["round"]))
    except (RommeError, ValueError):
        return True  # (no claim that it does not help)
    return any(top in [str(c) for c in m.cards] for m in sol.melds)


def solo_step(move: dict[str, Any], obs: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """What the solitaire's step (``move``: its JSON, the turned card into hand ``hand``, ``card`` out) does, as a
    key of :data:`SOLO_WHY` and its fields: the hand it finishes, or how many steps that hand still needs at best
    (the expert's own measure, :func:`romme.bots.koenigs_solo.distance`), or that the turned card helps no hand."""
    from romme.bots.koenigs_solo import distance

    hands, turned, k, out = obs.get("hands") or {}, obs.get("turned"), move.get("hand"), move.get("card")
    if not isinstance(turned, str) or not isinstance(out, str) or not isinstance(k, int) or str(k) not in hands:
        return None
    if out == turned:
        return "none", {"card": turned}
    code = deck("koenigs").parse_token
    hand = [code(c) for c in hands[str(k)]]
    after = [*hand, code(turned)]
    after.remove(code(out))
    memo: dict[tuple[int, tuple[int, ...]], int] = {}
    before, left = distance(hand, k, memo), distance(after, k, memo)
    if left == 0:
        return "finished", {"k": k}
    return ("closer" if left < before else "fits"), {"k": k, "left": left, "card": turned, "out": out}


def solo_reason(move: dict[str, Any], obs: dict[str, Any], lang: str) -> str:
    """:func:`solo_step` in words ('Tipp: Hand 9: 9h abwerfen' named no reason, unlike the other games' hints:
    play-test Q11)."""
    step = solo_step(move, obs)
    if step is None:
        return ""
    kind, fields = step
    if "left" in fields:
        fields = {**fields, "left": counted(fields["left"], "step", lang)}
    return SOLO_WHY.get(lang, SOLO_WHY["en"])[kind].format(**fields)


def reason(
    game_id: str,
    obs: dict[str, Any],
    lang: str = "en",
    discard: str | None = None,
    lays: bool = False,
    kept: str | None = None,
    rules: Rules | None = None,
    laying: bool = False,
) -> str:
    """Why the solvers like the position: what to lay and what it leaves (``discard``: the
    card the hinted move throws away, if it throws one; ``kept``: a card it takes, not to be thrown away;
    ``rules``: the game's, so a house rule's opening points, wrap-around runs or joker limits count; ``laying``:
    the move lays hand cards itself, so an opened hand's melds are counted, not named: the solver's could be
    others than the move's, 'lay down * 3d 4d — 3 cards fit in melds: As 2s *')."""
    hand = obs.get("hand") or []
    de = lang == "de"
    try:
        if game_id == "koenigs" and hand and obs.get("round"):
            return _koenigs_reason(hand, int(obs["round"]), de, discard, lays, kept)
        if game_id in ("romme", "einmaleins", "rummy") and hand:
            opened = obs.get("opened")
            me = obs.get("player", 0)
            if isinstance(opened, list) and me < len(opened) and not opened[me]:
                sol = romme.solve_hand(game_id, hand, rules=rules)
                if sol.opening_points is None:
                    return "kein Herauskommen möglich" if de else "no opening in this hand yet"
                word = "Herauskommen mit" if de else "open with"
                return f"{word} {_melds_text(sol)} ({sol.opening_points} {'Punkte' if de else 'points'})"
            sol = romme.solve_hand(game_id, hand, objective="max-cards", rules=rules)
            if not sol.melds:
                return ""
            fit = f"{sol.melded_cards} {'Karten passen in Figuren' if de else 'cards fit in melds'}"
            # named ('3 cards fit in melds' left the player to find them), but never with the card the move discards
            # (a hand that is one meld must keep a card to discard: 'discard 10h — … 9h 10h Jh' read as a contradiction)
            if laying or discard is not None and any(str(c) == discard for m in sol.melds for c in m.cards):
                return fit
            return f"{fit}: {_melds_text(sol)}"
        if game_id == "krass" and hand:
            sol = romme.solve_hand("krass", hand)
            n = len(sol.plays or ())
            if n == 1:
                return "1 Zug leert die Hand" if de else "1 play empties your hand"
            return f"{n} {'Züge leeren die Hand' if de else 'plays empty your hand'}"
    except (RommeError, ValueError):
        return ""
    return ""


def _opening_reason(game_id: str, move: romme.Move, state: romme.GameState, lang: str) -> str | None:
    """The reason of a hinted opening, read from the move itself: the melds it adds to the table and their
    points, as the engine counts them on the table after the move (None: the move opens nothing). The hand
    solver's best opening named other melds than the move laid (1x1-Rommé: 'lay out: ... W=H5 K5 D5 | W=Q8 Q16
    Q24 — open with K21 W W (126 points)')."""
    player = state.current_player
    opened = state.observation(player).get("opened")
    if game_id not in TABLE_GAMES or move.to_json().get("kind") not in ("meld", "place"):
        return None
    if not isinstance(opened, list) or player >= len(opened) or opened[player]:
        return None
    before = [sorted(m) for m in table_melds(state.observation(player))]
    after = state.clone()
    try:
        after.apply(move)
    except RommeError:  # the hint's own move is legal; a refusal leaves the hand's reason
        return None
    new = []
    for meld in after.observation(player).get("table") or []:
        cards = [str(c) for c in meld["cards"]]
        if sorted(cards) in before:  # a meld that was there and stays as it was
            before.remove(sorted(cards))
        else:
            new.append((cards, int(meld["points"])))
    if not new:
        return None
    de = lang == "de"
    shown = ", ".join(" ".join(cards) for cards, _ in new)
    points = sum(p for _, p in new)
    return f"{'Herauskommen mit' if de else 'open with'} {shown} ({points} {'Punkte' if de else 'points'})"


def nothing_fits(game_id: str, state: romme.GameState, move: dict[str, Any], lang: str) -> str:
    """Why an opened seat of a table game discards (``move``: the hint's JSON) where its hand holds no meld: no legal
    move lays a hand card but the Rommé joker, which is kept (the whole-table search, tried first, found no
    rearrangement either), and the discard counts most of the hand as the game counts a card left in it (the hand
    solver's points), or most after the joker, or (Rommé) the cards that count more are kept for the pairs and near
    runs they are in (:func:`_kept_whole`). "" where a card could be laid, or the move is another: the reason must
    hold for the move, not be a guess at the bot's."""
    kind, player, card = move.get("kind"), state.current_player, move.get("card")
    obs = state.observation(player)
    opened, hand = obs.get("opened"), list(obs.get("hand") or [])
    if game_id not in TABLE_GAMES or kind != "discard" or not isinstance(card, str) or card not in hand:
        return ""
    if not isinstance(opened, list) or player >= len(opened) or not opened[player]:
        return ""
    words = NOTHING_FITS.get(lang, NOTHING_FITS["en"])
    if hand == [card]:  # the last card: its discard goes out ('H27 counts most (27 points)' missed the win: W6)
        return words["out"]
    table = table_melds(obs)
    idle = ("pass", "end", "discard", "draw", "out")
    jokers = ROMME_JOKER if game_id == "romme" else None
    laid = [set(move_cards(game_id, m, table)) for m in state.legal_moves() if m.to_json().get("kind") not in idle]
    if any(cards - {jokers} for cards in laid):
        return ""
    if any(laid):  # only the joker could go ('discard 6h' said no why): the words of the bot's own reason to end
        why = ROMME_END_WHY.get(lang, ROMME_END_WHY["en"])["joker_kept"]
        words = {**words, "none": why}
    try:
        points = {c: romme.solve_hand(game_id, [c], rules=state.rules).left_points for c in dict.fromkeys(hand)}
    except (RommeError, ValueError):
        return words["none"]
    if points[card] >= max(points.values()):
        return f"{words['none']}; {words['most'].format(card=card, n=points[card])}"
    higher = sorted((c for c in points if c != jokers and points[c] > points[card]), key=lambda c: -points[c])
    if jokers in points and not higher:
        return f"{words['none']}; {words['most_but_joker'].format(card=card, n=points[card])}"
    kept = _kept_whole(game_id, state, card, higher, points, lang)
    return f"{words['none']}; {kept}" if kept else words["none"]


#: the cards that count more than a discard named one by one up to this many; beyond, the discard's own measure
KEPT_NAMED = 3


def _kept_whole(
    game_id: str, state: romme.GameState, card: str, higher: list[str], points: dict[str, int], lang: str
) -> str:
    """Why a Rommé discard ``card`` is not one of the ``higher`` cards, which count more: each of them is in more of
    the hand's pairs and near runs (its discard leaves fewer partners among the hand's loose naturals:
    :func:`romme.games.romme.melds.discard_outlooks`, the expert's discard measure), said of the cards kept where
    they are few and of the discard where they are many; "" where that does not hold or the game is another."""
    if game_id != "romme" or not higher or not hasattr(state, "seat_view"):
        return ""
    from romme.games.romme.melds import RuleView, discard_outlooks

    hand = list(state.seat_view(state.current_player).hand)
    code = dict(zip(tokens("romme", hand), hand))
    naturals = [c for c in points if c != ROMME_JOKER]
    try:
        outlooks = discard_outlooks(RuleView.of(state.rules.options), hand, [code[c] for c in naturals])
    except (KeyError, RommeError, ValueError):
        return ""
    partial = {c: o.partial for c, o in zip(naturals, outlooks)}
    words = NOTHING_FITS.get(lang, NOTHING_FITS["en"])
    if len(higher) <= KEPT_NAMED and all(partial[h] < partial[card] for h in higher):
        return words["kept_one" if len(higher) == 1 else "kept_more"].format(cards=listed(higher, lang), card=card)
    fewest = [c for c in naturals if partial[c] == max(partial.values())]
    if card in fewest and points[card] == max(points[c] for c in fewest):
        return words["fewest"].format(card=card)
    return ""


def knock_reason(game_id: str, obs: dict[str, Any], top: str, lang: str, rules: Rules | None = None) -> str:
    """What a knock for the discard ``top`` weighs: the hand's cards that fit in melds with it and without it (by
    the game's ``rules``: a wrap-around run or a joker limit), and the penalty card a knock takes too (the game's
    rule; the hint's knock or pass is the expert's choice)."""
    hand = list(obs.get("hand") or [])
    try:
        now = romme.solve_hand(game_id, hand, objective="max-cards", rules=rules).melded_cards if hand else 0
        then = romme.solve_hand(game_id, [*hand, top], objective="max-cards", rules=rules).melded_cards
    except (RommeError, ValueError):
        return ""
    de = lang == "de"
    penalty = "Klopfen bringt eine Strafkarte dazu" if de else "a knock takes a penalty card too"
    if then <= now:
        return f"{top} passt in keine Figur der Hand; {penalty}" if de else f"{top} fits no meld of the hand; {penalty}"
    if de:
        return f"mit {top} passen {then} Karten in Figuren (ohne {now}); {penalty}"
    return f"with {top}, {then} cards fit in melds ({now} without); {penalty}"


def table_reason(placed: int, moved: int, lang: str) -> str:
    """What a whole-table hint does: the hand cards it lays and the table cards it moves."""
    if lang == "de":
        return f"legt {placed} Handkarte{'n' * (placed != 1)}, bewegt {moved} Tischkarte{'n' * (moved != 1)}"
    return f"lays {placed} hand card{'s' * (placed != 1)}, moves {moved} table card{'s' * (moved != 1)}"


def rummy_pass_reason(passed: str | None, obs: dict[str, Any], opening: int, lang: str) -> str:
    """The Rummy expert's reason to pass (``passed``, one of ``romme.bots.rummy.PASS_REASONS``) in words, with what
    the pass does (a card from the stock, while it holds one); "" for no reason given."""
    words = RUMMY_PASS_WHY.get(lang, RUMMY_PASS_WHY["en"])
    if passed not in words:
        return ""
    why = words[passed].format(points=opening)
    return f"{why}; {words['draws']}" if obs.get("stock_size") else why


def hint(game_id: str, state: romme.GameState, lang: str = "en") -> tuple[romme.Move, str]:
    """The move for the player to move, and the text to show: in a table game, once the seat has opened,
    the best rearrangement of the whole table (:mod:`romme.table_hint`); otherwise the expert's move."""
    from romme.bots import make_bot
    from romme.table_hint import best_place, kept_as_they_lie

    whole = best_place(state)
    if whole is not None:
        sol = whole.solution
        what = table_reason(len(sol.placed), whole.moved, lang)
        # what changes on the table as it lies, as the log will tell it ('lay out: 4d 5d Jo=6d · add 4h to …'): the
        # whole new table named twelve melds over two rows, three of them changed (play-test T3)
        seen = state.observation(state.current_player)
        changes = move_note(game_id, whole.move, table_melds(seen), lang, stands_of(seen))
        return whole.move, f"{changes or move_text(str(whole.move), lang)} — {what}"
    player = state.current_player
    bot = make_bot(game_id, "expert", seed="hint")
    move = kept_as_they_lie(state, bot.choose(state.clone()))  # (Q10)
    j = move.to_json()
    discard = j.get("card") if j.get("kind") in ("discard", "out") and isinstance(j.get("card"), str) else None
    obs = state.observation(player)
    why = solo_reason(j, obs, lang) if game_id == "koenigs-solo" else _opening_reason(game_id, move, state, lang)
    if why is None:
        # melds are laid going out and in the last turn after someone went out (the engine lays them then)
        lays = j.get("kind") == "out" or obs.get("out_player") is not None
        laying = j.get("kind") in LAYING
        why = reason(game_id, obs, lang, discard, lays, rules=state.rules, laying=laying)
    top = obs.get("discard_top")
    if j.get("kind") == "draw" and j.get("source") == "discard" and isinstance(top, str):
        # the hand as it will be with the taken card ('hint: draw discard' gave no reason in Rommé; Königs-Rommé's
        # named what the hand without it lays)
        taken = reason(game_id, {**obs, "hand": [*(obs.get("hand") or []), top]}, lang, kept=top, rules=state.rules)
        why = f"{'mit' if lang == 'de' else 'with'} {top}: {taken}" if taken else why
        if getattr(bot, "lays_off_top", False):  # (the card fits no meld of the hand: 'draw discard As' said no why)
            why = LAY_OFF_WHY.get(lang, LAY_OFF_WHY["en"]).format(card=top)
    elif j.get("kind") in ("knock", "pass") and state.phase == "knock" and isinstance(top, str):
        why = knock_reason(game_id, obs, top, lang, state.rules)  # ('no knock for Ad' said no why: play-test V6)
    elif j.get("kind") == "draw" and j.get("source") == "stock" and isinstance(top, str) and not why:
        # the pile's card left ('draw stock' said no why once the hand had opened and held no meld)
        why = STOCK_WHY.get(lang, STOCK_WHY["en"]).format(card=top)
    elif j.get("kind") in ("draw", "end") and game_id == "romme" and getattr(bot, "ended", None):
        # Räuber without a discard pile: 'draw stock' and 'end the turn' said no why
        words = ROMME_END_WHY.get(lang, ROMME_END_WHY["en"])
        said = words[str(getattr(bot, "ended"))].format(points=int(state.rules.opening_points))
        why = f"{said}; {words['draws']}" if j.get("kind") == "draw" else said
    elif j.get("kind") == "pass" and game_id == "rummy":
        # ('pass' said no why: the bot's reason, in the player's words)
        why = rummy_pass_reason(getattr(bot, "passed", None), obs, int(state.rules.opening_points), lang) or why
    elif j.get("kind") == "draw" and game_id == "koenigs" and why:
        # the stock card is unknown: 'draw stock — it leaves 21 points' was said of the hand before the draw; and
        # the pile's card left, where it melds with nothing (it said why the hand, not why not the card: W5)
        why = f"{BEFORE_DRAW.get(lang, BEFORE_DRAW['en'])}: {why}"
        if isinstance(top, str) and obs.get("round") and not _koenigs_top_helps(obs.get("hand") or [], obs, top):
            why = f"{why}; {STOCK_WHY.get(lang, STOCK_WHY['en']).format(card=top)}"
    elif j.get("kind") in ("layoff", "meld") and game_id == "romme" and obs.get("owed_jokers"):
        owed = OWED_WHY.get(lang, OWED_WHY["en"])
        why = f"{owed}; {why}" if why else owed
    elif j.get("kind") == "swap" and game_id == "romme" and isinstance(j.get("card"), str):
        swapped = SWAP_WHY.get(lang, SWAP_WHY["en"]).format(card=j["card"])
        why = f"{swapped}; {why}" if why else swapped
    if not why:  # an opened seat's discard with nothing to lay: why (play-test W3)
        why = nothing_fits(game_id, state, j, lang)
    # named as the buttons and the log name it: a Krass Kariert play by its cards ('Karten 2–4 spielen' counted
    # hand places from 0), Königs-Rommé's last-turn discard with the melds laid with it
    text = (words_before(game_id, move, state, lang, own=True) if named_before(game_id, move) else None) or move_text(
        str(move), lang)
    if game_id in TABLE_GAMES and tells_table(move):  # a lay-off, a swap, a place-move: by the cards that change
        # (a place-move named the whole new table, its melds kept as they lay too, as the whole-table hint did: T3)
        text = move_note(game_id, move, table_melds(obs), lang, stands_of(obs)) or text
    return move, f"{text} — {why}" if why else text
