//! The 1x1 meld generator shared by the hand solver and the table search.
//!
//! Given the lowest remaining natural `c` (value ≥ 2), the remaining naturals
//! and the wilds left (wish cards as a count, 1-cards as a symbol mask), it
//! enumerates every meld of which `c` is the lowest natural as a [`Shape`]:
//! the naturals it takes and the wilds it uses. Each caller scores the shapes
//! its own way (the hand solver by meld points or cards, the table search by
//! hand cards placed and table melds kept whole).
//!
//! Keys are 1 bit per card ([`crate::partition::single`]): every number card
//! exists once, and a table universe holds up to 96 naturals, more than the
//! 64 types of the 2-bit layout.

use super::{card, deck, WISH};
use crate::meld::{Meld, MeldKind, Placed};
use crate::partition::single::{has, total, unit};
use crate::partition::{Counts, LocalTypes, TAG_RUN, TAG_SET};

/// One meld through the lowest natural.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Shape {
    /// The naturals it takes (the lowest one included).
    pub take: Counts,
    /// Wish cards it uses.
    pub wishes: u8,
    /// The 1-card it uses as a wild, as a symbol mask (0 or `1 << symbol`).
    pub one: u8,
    /// The meld's description for [`meld_of`].
    pub tag: u64,
    /// Meld points (wilds count as the card they stand for).
    pub points: i32,
    /// Number of cards.
    pub cards: u32,
}

/// Packs a meld description into a step tag: kind, set value or run symbol/row/first cell/length.
fn tag(kind: u64, v: u32, symbol: u8, k: u32, a: u32, len: u32) -> u64 {
    kind | (v as u64) << 4 | (symbol as u64) << 12 | (k as u64) << 16 | (a as u64) << 24 | (len as u64) << 32
}

/// The meld generator over one universe of naturals.
#[derive(Clone)]
pub(crate) struct Lines {
    /// Local natural types (value ≥ 2), ascending by value then symbol.
    pub types: LocalTypes,
    /// Enumerate runs of every length. The hand solver leaves this off: a run
    /// of 6+ cells splits into two runs with the same cards and points. The
    /// table search needs them whole, since keeping a long table run intact
    /// counts as moving nothing.
    pub long_runs: bool,
}

impl Lines {
    /// The local type of a card, if the deck has it and the universe holds it.
    fn local_of(&self, code: Option<u8>) -> Option<usize> {
        self.types.index(code?)
    }

    /// Calls `emit` with every meld whose lowest natural is `c` (in `rest`),
    /// using at most `wishes` wish cards and the 1-cards in the mask `ones`.
    pub fn shapes(&self, c: usize, rest: Counts, wishes: u8, ones: u8, mut emit: impl FnMut(Shape)) {
        let d = deck();
        let Some(code) = self.types.code(c) else { return };
        let (sym, v) = (d.symbol[code as usize], d.value[code as usize] as u32);
        let rest = rest & !unit(c);
        // Sets of value v: c, any other symbols' v still there, wish cards for missing symbols.
        let others: Vec<usize> = (0..4u8)
            .filter(|&s| s != sym)
            .filter_map(|s| self.local_of(card(s, v)))
            .filter(|&l| has(rest, l))
            .collect();
        let slots = (0..4u8).filter(|&s| card(s, v).is_some()).count() as u8;
        for sub in 0u32..(1 << others.len()) {
            let take =
                others.iter().enumerate().filter(|(j, _)| sub >> j & 1 == 1).fold(unit(c), |t, (_, &l)| t | unit(l));
            let n = total(take) as u8;
            for w in 0..=wishes.min(slots.saturating_sub(n)) {
                if n + w >= 3 {
                    let size = (n + w) as u32;
                    let points = v as i32 * size as i32;
                    emit(Shape { take, wishes: w, one: 0, tag: tag(TAG_SET, v, 0, 0, 0, size), points, cards: size });
                }
            }
        }
        // Runs of symbol `sym` with c as lowest natural: cells below c hold wilds.
        let one = ones >> sym & 1 == 1;
        let budget = wishes as u32 + one as u32;
        for k in 2..=v {
            if !v.is_multiple_of(k) {
                continue;
            }
            let i = v / k;
            for a in (1..=i).rev() {
                if i - a > budget || card(sym, k * a).is_none() {
                    break;
                }
                // Remaining naturals on cells above i, with their offsets in the window.
                let mut naturals: Vec<Counts> = Vec::new();
                let mut offsets: Vec<u32> = Vec::new();
                let mut b = i;
                loop {
                    let len = b - a + 1;
                    if len >= 3 {
                        let must_wild = len - 1 - naturals.len() as u32;
                        let all: Counts = naturals.iter().fold(0, |x, &u| x | u);
                        let mut drops = Vec::new();
                        subsets_up_to(&naturals, (budget - must_wild) as usize, 0, 0, &mut drops);
                        for dropped in drops {
                            if !self.long_runs && len >= 6 && splittable(i - a, &naturals, &offsets, dropped, len) {
                                continue;
                            }
                            let take = unit(c) | (all & !dropped);
                            let wild = must_wild + total(dropped);
                            let points = (k * (a + b) * len / 2) as i32;
                            let t = tag(TAG_RUN, 0, sym, k, a, len);
                            // The wild cells go to the 1-card of `sym` and/or wish cards.
                            if wild <= wishes as u32 {
                                emit(Shape { take, wishes: wild as u8, one: 0, tag: t, points, cards: len });
                            }
                            if one && wild >= 1 && wild - 1 <= wishes as u32 {
                                let w = (wild - 1) as u8;
                                emit(Shape { take, wishes: w, one: 1 << sym, tag: t, points, cards: len });
                            }
                        }
                    }
                    b += 1;
                    // Runs longer than 5 split into two runs with the same cards and points
                    // unless all naturals sit in the first or last three cells (≥ len-3 wilds).
                    if !self.long_runs && b - a + 1 > 5 && b - a + 1 > budget + 3 {
                        break;
                    }
                    let Some(next) = card(sym, k * b) else { break };
                    if let Some(l) = self.local_of(Some(next)).filter(|&l| has(rest, l)) {
                        naturals.push(unit(l));
                        offsets.push(b - a);
                    }
                    if b - a - naturals.len() as u32 > budget {
                        break;
                    }
                }
            }
        }
    }
}

/// Whether a run of `len` ≥ 6 cells with naturals at offset `low` and at the
/// `offsets` of the `naturals` not in `dropped` splits into two runs of ≥ 3
/// cells that each hold a natural (then the two runs are enumerated instead;
/// same cards, same points). It does unless all naturals lie in the first or
/// in the last three cells.
fn splittable(low: u32, naturals: &[Counts], offsets: &[u32], dropped: Counts, len: u32) -> bool {
    let kept = naturals.iter().zip(offsets).filter(|(&u, _)| dropped & u == 0).map(|(_, &o)| o);
    let (lo, hi) = kept.fold((low, low), |(lo, hi), o| (lo.min(o), hi.max(o)));
    hi >= 3 && lo < len - 3
}

/// Pushes every union of at most `r` of `items[from..]` (added to `acc`) onto `out`.
fn subsets_up_to(items: &[Counts], r: usize, from: usize, acc: Counts, out: &mut Vec<Counts>) {
    out.push(acc);
    if r == 0 {
        return;
    }
    for j in from..items.len() {
        subsets_up_to(items, r - 1, j + 1, acc | items[j], out);
    }
}

/// The meld of a shape: naturals `take`, `wishes` wish cards and the 1-card
/// of the run's symbol when `one` is set, with what each wild stands for.
pub(crate) fn meld_of(types: &LocalTypes, tag: u64, take: Counts, wishes: u8, one: bool) -> Option<Meld> {
    let kind = tag & 0xF;
    let field = |shift: u32, bits: u32| ((tag >> shift) & ((1 << bits) - 1)) as u32;
    let (v, symbol, k, a, len) = (field(4, 8), field(12, 4) as u8, field(16, 8), field(24, 8), field(32, 8));
    let naturals = types.codes_of(take);
    let mut wilds: Vec<u8> = Vec::new();
    if one {
        wilds.push(card(symbol, 1)?);
    }
    wilds.extend(std::iter::repeat_n(WISH, wishes as usize));
    match kind {
        TAG_SET => {
            let mut cards: Vec<Placed> = naturals.iter().map(|&c| Placed { code: c, stands_for: c }).collect();
            let mut missing = (0..4u8).filter_map(|s| card(s, v)).filter(|c| !naturals.contains(c));
            for w in wilds {
                cards.push(Placed { code: w, stands_for: missing.next()? });
            }
            Some(Meld { kind: MeldKind::Set, points: v as i32 * cards.len() as i32, cards })
        }
        TAG_RUN => {
            let mut wilds = wilds.into_iter();
            let mut cards = Vec::with_capacity(len as usize);
            let mut points = 0;
            for j in a..a + len {
                let cell = card(symbol, k * j)?;
                let code = if naturals.contains(&cell) { cell } else { wilds.next()? };
                cards.push(Placed { code, stands_for: cell });
                points += (k * j) as i32;
            }
            Some(Meld { kind: MeldKind::Run, cards, points })
        }
        _ => None,
    }
}

/// Sets of 1s at the end: per set its 1-cards (a symbol mask; 0 for no set)
/// and its wish cards. Two at most: a third would need 9 cards, and there are
/// only four 1-cards and three wish cards.
pub(crate) type OnesSets = [(u8, u8); 2];

/// Calls `f` with every way to lay some of the 1-cards `ones` and at most
/// `wishes` wish cards as sets of 1s (each ≥ 3 cards, ≥ 1 natural, ≤ 4 cards).
pub(crate) fn ones_sets(ones: u8, wishes: u8, mut f: impl FnMut(OnesSets)) {
    f([(0, 0); 2]);
    let sizes = |sub: u8, w_max: u8| {
        let n = sub.count_ones() as u8;
        (0..=w_max.min(4 - n)).filter(move |&w| n + w >= 3)
    };
    for a in (1..16u8).filter(|a| a & !ones == 0) {
        for wa in sizes(a, wishes) {
            f([(a, wa), (0, 0)]);
            // the second set holds 1-cards above the lowest of the first only (each pair once)
            for b in (1..16u8).filter(|b| b & !ones == 0 && b & a == 0 && b.trailing_zeros() > a.trailing_zeros()) {
                for wb in sizes(b, wishes - wa) {
                    f([(a, wa), (b, wb)]);
                }
            }
        }
    }
}

/// A set of 1-cards (the symbols in `ones`, as naturals) and `wishes` wish cards.
pub(crate) fn ones_set(ones: u8, wishes: u8) -> Option<Meld> {
    let mut cards: Vec<Placed> = (0..4u8)
        .filter(|s| ones >> s & 1 == 1)
        .filter_map(|s| card(s, 1))
        .map(|c| Placed { code: c, stands_for: c })
        .collect();
    let mut missing = (0..4u8).filter(|s| ones >> s & 1 == 0).filter_map(|s| card(s, 1));
    for _ in 0..wishes {
        cards.push(Placed { code: WISH, stands_for: missing.next()? });
    }
    Some(Meld { kind: MeldKind::Set, points: cards.len() as i32, cards })
}
