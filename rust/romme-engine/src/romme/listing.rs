//! The moves `legal_moves()` lists for a Rommé position in the play phase (after the draw; the
//! draw and the knock window list the flow's choices): draw/pass/end without a discard pile,
//! discards, lay-offs (natural cards and a joker the engine places), joker swaps, a bounded set of
//! new melds and a few Räuber rearrangements.
//!
//! Listed completely: the draw or pass, end, discards, lay-offs of a natural card or an
//! undeclared joker, and joker swaps. Listed boundedly: new melds (the quick one-pass melds; an
//! opening as the one greedy choice of them that reaches the minimum, or the searched opening
//! with the discard just taken; with a joker owed, every candidate meld holding a joker) and
//! rearrangements (at most four steals of a spare table card into a new trio). Not listed:
//! lay-offs of a declared joker (`*=Kh`) and other melds or rearrangements, which the game
//! still accepts.
//!
//! Every listed move is legal: swaps and rearrangements (and every move while a joker is owed or
//! the opening must use the discard taken) are listed only when [`super::turn`] accepts them.

use super::hand_search::{self, Candidate};
use super::table_meld::{joker_fits, read_meld, swappable_cards, wanted_cards, Shape, TableMeld};
use super::turn::Turn;
use super::{Rules, JOKER, L};

/// What the game flow knows of the play-phase position of the seat to move.
#[derive(Clone, Copy, Debug)]
pub struct Position<'a> {
    /// The hand, sorted.
    pub hand: &'a [u8],
    pub table: &'a [TableMeld],
    /// The game has a discard pile (not Räuber-Rommé without one).
    pub with_discard: bool,
    /// The seat to move has opened.
    pub opened: bool,
    /// ... before this turn.
    pub opened_before: bool,
    /// Cards were laid this turn.
    pub laid: bool,
    /// Jokers won by swaps this turn, still to be laid.
    pub owed_jokers: u8,
    /// The discard taken this turn that the opening must use.
    pub must_open_with: Option<u8>,
    /// Without a discard pile: the stock has a card to draw (else the turn may pass).
    pub can_draw_stock: bool,
}

/// One listed move (meld numbers 1-based, as the table is shown).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Listed {
    DrawStock,
    Pass,
    End,
    Discard(u8),
    Meld(Vec<Vec<u8>>),
    LayOff { card: u8, target: usize },
    Swap { target: usize, card: u8 },
    Rearrange(Vec<Vec<u8>>),
}

/// Whether every listed move needs the caller's full check: a joker is owed, or the opening
/// must use the discard just taken.
fn all_need_check(pos: &Position) -> bool {
    pos.owed_jokers > 0 || pos.must_open_with.is_some()
}

/// The listed moves of `pos`, in the order `legal_moves()` shows them.
pub fn play_moves(pos: &Position, rules: &Rules) -> Vec<Listed> {
    let check_all = all_need_check(pos);
    candidates(pos, rules)
        .into_iter()
        .filter(|m| !(check_all || matches!(m, Listed::Swap { .. })) || legal(pos, m, rules))
        .collect()
}

/// Whether the turn rules accept a listed candidate (a swap's freed joker must fit somewhere; while
/// a joker is owed every move must leave a way to lay it, and the opening must use the discard
/// taken). Rearrangements are checked where they are made.
fn legal(pos: &Position, m: &Listed, rules: &Rules) -> bool {
    let turn = turn_of(pos);
    match m {
        Listed::Meld(melds) => turn.meld(melds, rules).is_ok(),
        Listed::LayOff { card, target } => turn.lay_off(*card, *target as i64, rules).is_ok(),
        Listed::Swap { target, card } => turn.swap(*target as i64, *card, rules).is_ok(),
        // checked where they are made, on the table as the game reads it (`steals`)
        Listed::Rearrange(_) => true,
        // the flow's own moves: listed only when the turn allows them
        Listed::DrawStock | Listed::Pass | Listed::End | Listed::Discard(_) => true,
    }
}

/// The turn rules' view of `pos`.
fn turn_of<'a>(pos: &Position<'a>) -> Turn<'a> {
    Turn {
        hand: pos.hand,
        table: pos.table,
        with_discard: pos.with_discard,
        opened: pos.opened,
        opened_before: pos.opened_before,
        owed_jokers: pos.owed_jokers,
        must_open_with: pos.must_open_with,
    }
}

fn candidates(pos: &Position, rules: &Rules) -> Vec<Listed> {
    let hand = pos.hand;
    let mut out = Vec::with_capacity(hand.len() + 2 * pos.table.len() + 4); // (the discards and a few more)
    let owed = pos.owed_jokers > 0;
    if !pos.with_discard {
        if !pos.laid {
            out.push(if pos.can_draw_stock { Listed::DrawStock } else { Listed::Pass });
        } else if !owed {
            out.push(Listed::End);
        }
    } else if !owed && (pos.must_open_with.is_none() || pos.opened) {
        let mut last = None;
        for &c in hand {
            if last != Some(c) {
                out.push(Listed::Discard(c));
                last = Some(c);
            }
        }
    }
    let keep = usize::from(pos.with_discard);
    for melds in quick_meld_moves(pos, rules, keep) {
        out.push(Listed::Meld(melds));
    }
    if owed {
        // the freed joker must be laid: list new melds with it (the quick search may miss them)
        for cand in hand_search::candidates(hand, rules, true) {
            if cand.jokers > 0 && hand.len() >= cand.specs.len() + keep {
                let m = Listed::Meld(vec![cand.specs]);
                if !out.contains(&m) {
                    out.push(m);
                }
            }
        }
    }
    let table_ok = pos.opened && (pos.opened_before || rules.lay_off_in_opening_turn);
    if table_ok && hand.len() > keep {
        let has_joker = hand.contains(&JOKER);
        for (i, meld) in pos.table.iter().enumerate() {
            let target = i + 1;
            for c in wanted_cards(meld, rules) {
                if hand.contains(&c) {
                    out.push(Listed::LayOff { card: c, target });
                }
            }
            if has_joker && joker_fits(meld, rules) {
                out.push(Listed::LayOff { card: JOKER, target });
            }
            for c in swappable_cards(meld, rules) {
                if hand.contains(&c) {
                    out.push(Listed::Swap { target, card: c });
                }
            }
        }
    }
    if rules.rauber && table_ok && hand.len() >= keep + 2 {
        out.extend(steals(pos, rules).into_iter().map(Listed::Rearrange));
    }
    out
}

/// A few meld moves found fast: the quick melds one by one once opened; before opening the one
/// greedy choice of them (highest points first) that reaches the minimum; with the discard just
/// taken, the searched opening that uses it.
fn quick_meld_moves(pos: &Position, rules: &Rules, keep: usize) -> Vec<Vec<Vec<u8>>> {
    let hand = pos.hand;
    if let (Some(must), false) = (pos.must_open_with, pos.opened) {
        return vec![opening_with(hand, must, rules)];
    }
    let mut found = hand_search::quick_melds(hand, rules, pos.opened || !rules.opening_without_jokers);
    if pos.opened {
        return found.into_iter().filter(|m| hand.len() >= m.specs.len() + keep).map(|m| vec![m.specs]).collect();
    }
    if found.iter().map(|m| m.points).sum::<i32>() < rules.opening_points {
        return Vec::new(); // not even all of them together would open
    }
    found.sort_by_key(|m| -m.points); // stable: ties keep the search's order
    let mut have = [0u8; 53];
    for &c in hand {
        if let Some(n) = have.get_mut(c as usize) {
            *n += 1;
        }
    }
    let mut chosen: Vec<&Candidate> = Vec::new();
    let (mut total, mut used) = (0, 0);
    for m in &found {
        let mut need = [0u8; 53];
        for &c in &m.specs {
            need[c as usize] += 1;
        }
        if (0..53).all(|c| need[c] <= have[c]) && hand.len() >= used + m.specs.len() + keep {
            for c in 0..53 {
                have[c] -= need[c];
            }
            chosen.push(m);
            total += m.points;
            used += m.specs.len();
        }
    }
    if total < rules.opening_points {
        return Vec::new();
    }
    vec![chosen.into_iter().map(|m| m.specs.clone()).collect()]
}

/// The opening that uses the taken discard (the pickup was allowed because one exists): the best
/// by points, or with `hand_romme` the melds of all cards but one.
fn opening_with(hand: &[u8], must: u8, rules: &Rules) -> Vec<Vec<u8>> {
    let use_jokers = !rules.opening_without_jokers;
    let (points, mut melds) = hand_search::best_opening(hand, rules, use_jokers, Some(must));
    if points < rules.opening_points {
        melds = hand_search::meld_all_but_one(hand, rules, use_jokers).unwrap_or_default();
    }
    melds.into_iter().map(|m| m.specs).collect()
}

/// Räuber-Rommé: a few rearrangements where a card its meld can spare (the end of a run of 4+, a
/// card of a full set) joins two hand cards in a new natural trio (at most four tried, one per card),
/// those the turn rules accept.
///
/// Each is checked on its new table made of the old melds but the one it shortens and the trio (each
/// read by the meld rules), as the game reads a placed table (`Turn::read_table`): reading the
/// whole table afresh for every steal cost most of a listing on a full table.
fn steals(pos: &Position, rules: &Rules) -> Vec<Vec<Vec<u8>>> {
    let (table, hand) = (pos.table, pos.hand);
    let turn = turn_of(pos);
    let mut out = Vec::new();
    let mut tried = 0;
    for (i, m) in table.iter().enumerate() {
        let len = m.cards.len();
        let spare: &[usize] = match m.shape {
            Shape::Set { .. } if len == 4 => &[0, 1, 2, 3],
            Shape::Run { .. } if len >= 4 => &[0, len - 1],
            _ => continue,
        };
        for &k in spare {
            let x = m.cards[k].0;
            if x == JOKER {
                continue;
            }
            if let Some((trio, _, _)) = trios(x).find(|(_, a, b)| hand.contains(a) && hand.contains(b)) {
                tried += 1;
                let mut shortened = m.specs();
                shortened.remove(k);
                if steal_legal(&turn, i, &shortened, &trio, rules) {
                    let mut melds: Vec<Vec<u8>> = table.iter().map(TableMeld::specs).collect();
                    melds[i] = shortened;
                    melds.push(trio.to_vec());
                    out.push(melds);
                }
            }
            if tried >= 4 {
                return out;
            }
        }
    }
    out
}

/// Whether the turn rules accept the table with meld `i` (0-based) replaced by `shortened` and
/// `trio` added.
fn steal_legal(turn: &Turn, i: usize, shortened: &[u8], trio: &[u8; 3], rules: &Rules) -> bool {
    let (Ok(short), Ok(new_meld)) = (read_meld(shortened, rules), read_meld(trio, rules)) else {
        return false;
    };
    let mut new = turn.table.to_vec();
    new[i] = short;
    new.push(new_meld);
    turn.rearranged(&new, rules).is_ok()
}

/// The natural trios card `x` could start (sets of its rank, then runs of its suit), each with the
/// two hand cards it needs.
fn trios(x: u8) -> impl Iterator<Item = ([u8; 3], u8, u8)> {
    let (r, s) = (L.rank(x), L.suit(x));
    let mut others = [0u8; 3];
    for (o, t) in others.iter_mut().zip((0..4u8).filter(|&t| t != s)) {
        *o = L.code(t, r);
    }
    let sets =
        [(0, 1), (0, 2), (1, 2)].into_iter().map(move |(j, k)| ([x, others[j], others[k]], others[j], others[k]));
    let runs =
        [r as i32 - 2, r as i32 - 1, r as i32].into_iter().filter(|&lo| lo >= 1 && lo + 2 <= 13).map(move |lo| {
            let trio = [0, 1, 2].map(|q| L.code(s, (lo + q) as u8));
            let mut partners = trio.into_iter().filter(|&c| c != x);
            let (a, b) = (partners.next().unwrap_or(x), partners.next().unwrap_or(x));
            (trio, a, b)
        });
    sets.chain(runs)
}

/// Whether a joker in `hand` can still be laid this turn (a lay-off or a new meld), keeping
/// `keep` cards (one to discard): a joker won by a swap must be.
pub fn joker_usable(hand: &[u8], table: &[TableMeld], keep: usize, rules: &Rules) -> bool {
    if !hand.contains(&JOKER) {
        return false;
    }
    if hand.len() > keep && table.iter().any(|m| joker_fits(m, rules)) {
        return true;
    }
    hand_search::candidates(hand, rules, true).iter().any(|c| c.jokers > 0 && hand.len() >= c.specs.len() + keep)
}
