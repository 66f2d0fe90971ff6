//! The set stage of the sweep: after the four suit steps of a position, the
//! naturals left there form sets (with jokers), and kept sets of three may
//! take a fourth card; and the check at each suit step that the table naturals
//! left for it can still form sets.

use super::*;
use crate::search::groups::{self, SetRules};
use crate::search::keep::KeepInfo;

/// Set outcomes a thread keeps at most ([`OUTCOMES`]; past it they are made again).
const MOST_OUTCOMES: usize = 1 << 16;

thread_local! {
    /// The set outcomes this thread made, by [`Sweep::set_outcomes`]'s key (they depend on it alone).
    static OUTCOMES: RefCell<FxMap<u32, Rc<[SetOutcome]>>> = RefCell::new(FxMap::default());
}

impl<M: SweepMode> Sweep<'_, M> {
    /// The set stage's moves out of `st` (all four suits stepped).
    pub(super) fn set_moves(&mut self, st: &State, out: &mut Vec<Branch>) {
        let m = self.m;
        let v = st.pos as usize;
        let table_left = st.leftovers.map(|l| l & 3);
        let hand_left = st.leftovers.map(|l| l >> 2);
        let mut next = *st;
        next.pos += 1;
        next.suit = 0;
        next.leftovers = [0; SUITS];
        next.deficit = 0;
        let mut absorbs = [Absorbed::Nothing; 8];
        let (jokers, absorbs) = (self.jokers_left(st), &mut absorbs);
        match self.mode.keep_info().cloned() {
            None => self.absorb_rec(st, &m.lock_groups[v], 0, table_left, hand_left, jokers, 0, absorbs, next, out),
            Some(k) => {
                next.kept &= !k.sets_at[v];
                let (locked, n) = k.locked_groups(v, st.kept);
                self.absorb_rec(st, &locked[..n], 0, table_left, hand_left, jokers, 0, absorbs, next, out);
            }
        }
    }

    /// The set rules of this sweep with `jokers` free.
    fn set_rules(&self, jokers: u8) -> SetRules {
        SetRules {
            jokers,
            no_double_joker: self.m.rules.no_double_joker,
            table_optional: self.m.rules.table_optional,
            lazy: self.lazy(),
            swap_hand: self.swap_hand_left,
        }
    }

    /// The ways to lay sets with the naturals left (by suit) and `jokers` free.
    fn set_outcomes(&mut self, table_left: [u8; SUITS], hand_left: [u8; SUITS], jokers: u8) -> Rc<[SetOutcome]> {
        let r = self.set_rules(jokers);
        // (the rules in the key too: the thread keeps these outcomes from one sweep to the next)
        let rules = r.no_double_joker as u32
            | (r.table_optional as u32) << 1
            | (r.lazy as u32) << 2
            | (r.swap_hand as u32) << 3;
        let key = groups::pack(table_left, hand_left) as u32 | (jokers as u32) << 16 | rules << 24;
        if let Some(o) = self.steps.sets.get(&key) {
            return o.clone();
        }
        // (then the thread's: a sweep's step cache may be new, or another sweep's, where the
        // thread made these outcomes before; their enumeration costs some 20,000 instructions)
        let o = OUTCOMES.with(|known| {
            let mut known = known.borrow_mut();
            if let Some(o) = known.get(&key) {
                return o.clone();
            }
            if known.len() >= MOST_OUTCOMES {
                known.clear();
            }
            let o: Rc<[SetOutcome]> = groups::outcomes(table_left, hand_left, &r).into();
            known.insert(key, o.clone());
            o
        });
        self.steps.sets.insert(key, o.clone());
        o
    }

    /// The set stage's moves: each kept set of three in `locked` from `i` on
    /// absorbs nothing, a joker or a natural left here (`absorbs` records the
    /// choices, `hand_absorbed` the hand naturals they placed), then the
    /// naturals still left (`table_left`, `hand_left` by suit) form sets with
    /// the `jokers_free`.
    #[allow(clippy::too_many_arguments)]
    fn absorb_rec(
        &mut self,
        st: &State,
        locked: &[crate::search::model::LockedGroup],
        i: usize,
        mut table_left: [u8; SUITS],
        mut hand_left: [u8; SUITS],
        jokers_free: u8,
        hand_absorbed: u32,
        absorbs: &mut [Absorbed; 8],
        next: State,
        out: &mut Vec<Branch>,
    ) {
        let m = self.m;
        let v = st.pos as usize;
        if i < locked.len().min(8) {
            let set = &locked[i];
            let size = set.colours.count_ones() as u8 + set.jokers;
            absorbs[i] = Absorbed::Nothing;
            self.absorb_rec(st, locked, i + 1, table_left, hand_left, jokers_free, hand_absorbed, absorbs, next, out);
            if size >= 4 {
                return;
            }
            if jokers_free > 0 && !(m.rules.no_double_joker && set.jokers >= 1 && set.colours.count_ones() < 2) {
                absorbs[i] = Absorbed::Joker;
                let jokers = jokers_free - 1;
                self.absorb_rec(st, locked, i + 1, table_left, hand_left, jokers, hand_absorbed, absorbs, next, out);
            }
            for s in 0..SUITS {
                if set.colours >> s & 1 == 1 {
                    continue;
                }
                if table_left[s] > 0 {
                    table_left[s] -= 1;
                    absorbs[i] = Absorbed::Table(s as u8);
                    let (tl, hl) = (table_left, hand_left);
                    self.absorb_rec(st, locked, i + 1, tl, hl, jokers_free, hand_absorbed, absorbs, next, out);
                    table_left[s] += 1;
                }
                if hand_left[s] > 0 {
                    hand_left[s] -= 1;
                    absorbs[i] = Absorbed::Hand(s as u8);
                    let (tl, hl) = (table_left, hand_left);
                    self.absorb_rec(st, locked, i + 1, tl, hl, jokers_free, hand_absorbed + 1, absorbs, next, out);
                    hand_left[s] += 1;
                }
            }
            absorbs[i] = Absorbed::Nothing;
            return;
        }
        let absorbed_jokers = self.jokers_left(st) - jokers_free;
        let last = m.rules.npos - 1;
        let outcomes: Rc<[SetOutcome]> = if m.rules.ace_high && v == last {
            // high aces never form sets (sets of aces are made at position 0)
            let table_left_over: u8 = table_left.iter().sum();
            if table_left_over > 0 && !m.rules.table_optional {
                return;
            }
            Rc::from(vec![SetOutcome { hand_in_sets: 0, jokers_in_sets: 0, table_left_over }])
        } else {
            self.set_outcomes(table_left, hand_left, jokers_free)
        };
        // (the next position's summed deficit: every suit is stepped)
        let deficit: u32 = if (next.pos as usize) < m.rules.npos { st.deficit as u32 } else { 0 };
        // (runs may also use their suits' private jokers, sets may not)
        let private = KeepInfo::private_total(st.private_jokers) as u32;
        for outcome in outcomes.iter() {
            if deficit + outcome.jokers_in_sets as u32 > jokers_free as u32 + private {
                continue;
            }
            let mut child = next;
            child.jokers_laid += absorbed_jokers + outcome.jokers_in_sets;
            if outcome.jokers_in_sets > 0 && self.sets_left_a_suit_dead(&child) {
                continue;
            }
            let hand_placed = outcome.hand_in_sets as u32 + hand_absorbed;
            out.push(Branch {
                child,
                hand_placed,
                score: m.gain(hand_placed, v, outcome.table_left_over as u32),
                kept: 0,
                dec: Decision::Sets { pos: st.pos, outcome: *outcome, absorbs: *absorbs },
            });
        }
    }
}

impl<M: SweepMode> Sweep<'_, M> {
    /// Cheap necessary condition for the set stage after suit step `st.s - 1`:
    /// each table natural left for it needs a set with two more cards, each of
    /// another suit (at most one per set) or a joker. Suits not yet stepped
    /// count with all their cards here that no kept meld holds. Cuts dead ends
    /// before the set stage.
    /// (the two cheap answers inline, at every child of a suit step; the count out of line)
    #[inline]
    pub(super) fn sets_possible(&self, st: &State) -> bool {
        let m = self.m;
        // (no table natural left: the cheapest test first)
        let stepped = st.suit as usize;
        // (the table leftovers of the suits stepped: bits 0-1 of their bytes)
        let stepped_table = 0x0303_0303u32 & (((1u64 << (8 * stepped)) - 1) as u32);
        if u32::from_le_bytes(st.leftovers) & stepped_table == 0 {
            return true;
        }
        // (kept sets of three take leftovers; high aces and optional table cards follow other rules)
        if m.rules.table_optional || m.rules.ace_high || self.groups_at(st, st.pos as usize) {
            return true;
        }
        self.sets_counted(st)
    }

    /// [`Self::sets_possible`] where table naturals are left and no kept set of three may take them.
    #[inline(never)]
    pub(super) fn sets_counted(&self, st: &State) -> bool {
        let m = self.m;
        let v = st.pos as usize;
        let stepped = st.suit as usize;
        // (plain loops over the four suits: this check runs for most children of the first sweep)
        let mut avail = [0u32; SUITS];
        let mut jl = self.jokers_left(st) as u32;
        if self.count_owed {
            // The first sweep counts what the suits not yet stepped must give their own runs: each run
            // of theirs that must go on here (L5) takes a natural of its cell or a joker, and the
            // jokers the stepped suits' runs need at the next position are not free for sets either.
            let mut debt = st.deficit as u32;
            for (b, a) in avail.iter_mut().enumerate() {
                if b < stepped {
                    let l = st.leftovers[b] as u32;
                    *a = (l & 3) + (l >> 2);
                } else {
                    let here = (self.table_free(st, b, v) + m.h[b][v]) as u32;
                    let must = short(st.codes[b]).saturating_sub(self.locks_from(b, v) as u32);
                    *a = here.saturating_sub(must);
                    debt += must.saturating_sub(here);
                }
            }
            if debt > jl {
                return false;
            }
            jl -= debt;
        } else {
            for (b, a) in avail.iter_mut().enumerate() {
                *a = if b < stepped {
                    let l = st.leftovers[b] as u32;
                    (l & 3) + (l >> 2)
                } else {
                    (self.table_free(st, b, v) + m.h[b][v]) as u32
                };
            }
        }
        for c in 0..stepped {
            let lt = (st.leftovers[c] & 3) as u32;
            if lt == 0 {
                continue;
            }
            let mut have = jl;
            for (b, &a) in avail.iter().enumerate() {
                if b != c {
                    have += a.min(lt);
                }
            }
            if have < 2 * lt {
                return false;
            }
        }
        true
    }
}
