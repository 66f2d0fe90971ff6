//! The combinatorial bound of the 1x1 table search (docs/SEARCH-DESIGN.md
//! §5.3, "scarce wilds"): every hand natural that needs no wild counts in
//! full, the others compete for the wilds left (a knapsack over groups of
//! naturals that may share a meld); and the table cards the old melds not
//! yet cut can keep.

use super::{Table, RES_ONES, RES_WISHES};
use crate::einmaleins::{card, deck, hand_points};
use crate::partition::single::{has, total, types, unit};
use crate::partition::{Counts, Res};
use crate::table::TableObjective;
/// What the bound of [`Table`] needs to know of one local natural `c`.
#[derive(Clone, Debug, Default)]
pub(super) struct Reach {
    /// The other naturals of its value in the universe.
    same_value: Counts,
    /// Whether a set of its value may hold three cards (the deck has ≥ 3 such cards).
    set_ok: bool,
    /// The windows of three cells of its runs (every cell in the deck): the
    /// other cells that hold a natural of the universe, and the number of
    /// cells whose card lies outside it (always a wild).
    windows: Vec<(Counts, u8)>,
    /// The naturals a run may share with it: (local index, the cells between
    /// them that hold a natural of the universe, the number of cells between
    /// them outside the universe).
    links: Vec<(usize, Counts, u8)>,
    /// Symbol.
    symbol: u8,
    /// Its value as the first score component (1 card, or its points).
    pub(super) worth: i32,
    /// The naturals its `need` looks at (its windows' and its value's): a
    /// position holding all of them needs for it what the universe needs ...
    touch: Counts,
    /// ... and whether that is no wild (its need is then 0 whatever the
    /// wilds left, without a look at its windows).
    free_in_universe: bool,
}

/// Most wilds a position holds: three wish cards and four 1-cards.
const MAX_WILDS: u32 = 7;
/// `need` of a natural that fits in no meld.
const NO_MELD: u8 = u8::MAX;

impl Table {
    /// The fewest wilds in a meld of natural `l` made of the naturals
    /// `counts` and the wilds `res` ([`NO_MELD`] if there is none). In the DP
    /// the meld of a natural still there is made of cards still there, so this
    /// bounds what is left. Every meld holds a set or a window of three cells
    /// with `l` that needs no more wilds, so those are enough.
    pub(super) fn need(&self, l: usize, counts: Counts, res: Res) -> u8 {
        let r = &self.reach[l];
        if r.free_in_universe && r.touch & !counts == 0 {
            return 0;
        }
        self.need_by_windows(l, counts, res)
    }

    /// [`Self::need`] from the natural's sets and windows alone.
    pub(super) fn need_by_windows(&self, l: usize, counts: Counts, res: Res) -> u8 {
        let r = &self.reach[l];
        let wishes = res[RES_WISHES];
        let wilds = wishes + (res[RES_ONES] >> r.symbol & 1);
        let mut best = NO_MELD;
        if r.set_ok {
            let x = 2u8.saturating_sub(total(r.same_value & counts) as u8);
            if x <= wishes {
                best = x;
            }
        }
        for &(cells, absent) in &r.windows {
            let x = absent + total(cells & !counts) as u8;
            if x < best && x <= wilds {
                best = x;
                if x == 0 {
                    break;
                }
            }
        }
        best
    }

    /// [`Reach`] of every local natural.
    pub(super) fn reaches(&self) -> Vec<Reach> {
        let d = deck();
        let n = self.lines.types.len();
        let local = |s: u8, v: u32| card(s, v).and_then(|c| self.lines.types.index(c));
        let mut out: Vec<Reach> = vec![Reach::default(); n];
        for (l, r) in out.iter_mut().enumerate() {
            let c = self.lines.types.code(l).unwrap_or(0) as usize;
            let (s, v) = (d.symbol[c], d.value[c] as u32);
            r.symbol = s;
            r.worth = if has(self.hand_nat, l) { self.primary(1, hand_points(c as u8)) } else { 0 };
            r.set_ok = (0..4u8).filter(|&t| card(t, v).is_some()).count() >= 3;
            r.same_value = (0..4u8).filter(|&t| t != s).filter_map(|t| local(t, v)).fold(0, |m, o| m | unit(o));
            for k in (2..=v).filter(|k| v.is_multiple_of(*k)) {
                let i = v / k;
                for a in i.saturating_sub(2).max(1)..=i {
                    if (a..a + 3).all(|j| card(s, k * j).is_some()) {
                        let (mut cells, mut absent) = (0, 0u8);
                        for j in (a..a + 3).filter(|&j| j != i) {
                            match local(s, k * j) {
                                Some(o) => cells |= unit(o),
                                None => absent += 1,
                            }
                        }
                        r.windows.push((cells, absent));
                    }
                }
            }
        }
        for r in out.iter_mut() {
            // the windows without a wild first, the highest first (the DP takes
            // the lowest naturals first): `need` stops at the first of need 0
            r.windows.sort_by_key(|&(cells, absent)| (absent, std::cmp::Reverse(cells)));
            r.touch = r.windows.iter().fold(r.same_value, |t, w| t | w.0);
            r.free_in_universe = (r.set_ok && total(r.same_value) >= 2) || r.windows.iter().any(|w| w.1 == 0);
        }
        // links, found from the lower natural upwards and stored both ways
        for l in 0..n {
            let c = self.lines.types.code(l).unwrap_or(0) as usize;
            let (s, v) = (d.symbol[c], d.value[c] as u32);
            for k in (2..=v).filter(|k| v.is_multiple_of(*k)) {
                let (mut between, mut absent) = (0, 0u8);
                let mut j = v / k + 1;
                while card(s, k * j).is_some() && absent as u32 <= MAX_WILDS {
                    match local(s, k * j) {
                        Some(o) => {
                            out[l].links.push((o, between, absent));
                            out[o].links.push((l, between, absent));
                            between |= unit(o);
                        }
                        None => absent += 1,
                    }
                    j += 1;
                }
            }
        }
        out
    }

    /// The most table cards the old melds not yet cut can keep: those whose
    /// naturals and 1-cards are all left, and of those with wish cards as many
    /// as the wish cards left can serve (no new meld through their naturals
    /// is chosen yet, so the wish cards each one needs are among those left).
    pub(super) fn keepable(&self, counts: Counts, res: Res) -> u32 {
        let mut free = 0u32;
        // at most three old melds hold wish cards (the deck has three)
        let (mut wild, mut wilds) = ([(0u32, 0u32); 3], 0);
        for o in self.old.iter().filter(|o| o.ones & !res[RES_ONES] == 0 && o.nat & !counts == 0) {
            if o.wishes == 0 {
                free += o.size;
            } else if wilds < wild.len() {
                wild[wilds] = (o.wishes as u32, o.size);
                wilds += 1;
            }
        }
        let best = (0u32..1 << wilds)
            .map(|sub| {
                let pick = wild[..wilds].iter().enumerate().filter(|(j, _)| sub >> j & 1 == 1).map(|(_, &w)| w);
                pick.fold((0u32, 0u32), |(n, s), (w, size)| (n + w, s + size))
            })
            .filter(|&(need, _)| need <= res[RES_WISHES] as u32)
            .map(|(_, size)| size)
            .max()
            .unwrap_or(0);
        free + best
    }

    /// An upper bound of the first score component the hand naturals left in
    /// `counts` add (`None`: the table naturals left cannot all be placed).
    ///
    /// A natural that needs no wild (`need` 0) counts in full. The others
    /// compete for the wilds left: each lies in a meld with at least `need`
    /// wilds. Two of them share a meld only if they are linked (same value, or
    /// one run line with at most as many gaps as there are wilds), so the
    /// melds of one connected group of them use their own wilds, at least the
    /// largest `need` of the naturals placed (table naturals are always placed
    /// but under `Net`). A knapsack over the groups then bounds what the wilds
    /// can serve.
    pub(super) fn scarce(&self, counts: Counts, res: Res) -> Option<i32> {
        let net = self.objective == TableObjective::Net;
        let wilds = res[RES_WISHES] as u32 + (res[RES_ONES] & 0xF).count_ones();
        let mut free = 0i32;
        let mut needy: Counts = 0;
        let mut needs = [0u8; 128];
        for l in types(counts) {
            let hand = has(self.hand_nat, l);
            if !hand && net {
                continue;
            }
            let x = self.need(l, counts, res);
            if x == 0 {
                free += self.reach[l].worth;
            } else if x == NO_MELD {
                if !hand {
                    return None;
                }
            } else {
                needy |= unit(l);
                needs[l] = x;
            }
        }
        if needy == 0 {
            return Some(free);
        }
        // best[b]: the most worth with at most b wilds (None: the table naturals do not fit)
        let mut best: [Option<i32>; MAX_WILDS as usize + 1] = [Some(0); MAX_WILDS as usize + 1];
        let mut rest = needy;
        while rest != 0 {
            // one connected group
            let mut group = unit(rest.trailing_zeros() as usize);
            let mut todo = group;
            while todo != 0 {
                let l = todo.trailing_zeros() as usize;
                todo &= todo - 1;
                let r = &self.reach[l];
                let mut near = r.same_value & needy;
                for &(o, between, absent) in &r.links {
                    if has(needy, o) && absent as u32 + total(between & !counts) <= wilds {
                        near |= unit(o);
                    }
                }
                todo |= near & !group;
                group |= near;
            }
            rest &= !group;
            // its options: (wilds, worth) placing the hand naturals of need ≤ x
            let (mut must, mut worth) = (0u8, [0i32; 3]);
            for l in types(group) {
                if has(self.hand_nat, l) {
                    for w in worth.iter_mut().skip(needs[l] as usize) {
                        *w += self.reach[l].worth;
                    }
                } else {
                    must = must.max(needs[l]);
                }
            }
            let mut next = [None; MAX_WILDS as usize + 1];
            for (b, slot) in next.iter_mut().enumerate() {
                for x in must as usize..=2 {
                    if x <= b {
                        if let Some(v) = best[b - x] {
                            let v = v + worth[x];
                            if slot.is_none_or(|s| v > s) {
                                *slot = Some(v);
                            }
                        }
                    }
                }
            }
            best = next;
        }
        best[wilds.min(MAX_WILDS) as usize].map(|v| v + free)
    }
}
