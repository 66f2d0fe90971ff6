//! The set stage of the sweep: after the four suit steps of a position, the
//! naturals left there form sets (with jokers), and kept sets of three may
//! take a fourth card.

use super::*;
use crate::search::groups::{self, SetRules};
use crate::search::keep::KeepInfo;

impl<M: SweepMode> Sweep<'_, M> {
    /// The set stage's moves out of `st` (all four suits stepped).
    pub(super) fn set_moves(&mut self, st: &State, out: &mut Vec<Branch>) {
        let m = self.m;
        let v = st.pos as usize;
        let mut lt = [0u8; SUITS];
        let mut lh = [0u8; SUITS];
        for s in 0..SUITS {
            lt[s] = st.leftovers[s] & 3;
            lh[s] = st.leftovers[s] >> 2;
        }
        let mut next = *st;
        next.pos += 1;
        next.suit = 0;
        next.leftovers = [0; SUITS];
        next.deficit = 0;
        let mut absorbs = [0u8; 8];
        let jl = self.jokers_left(st);
        match self.mode.keep_info().cloned() {
            None => self.absorb_rec(st, &m.lock_groups[v], 0, lt, lh, jl, 0, &mut absorbs, next, out),
            Some(k) => {
                next.kept &= !k.sets_at[v];
                let (locked, n) = k.locked_groups(v, st.kept);
                self.absorb_rec(st, &locked[..n], 0, lt, lh, jl, 0, &mut absorbs, next, out);
            }
        }
    }

    fn set_rules(&self, jl: u8, v: usize) -> SetRules {
        let _ = v;
        SetRules {
            jokers: jl,
            no_double_joker: self.m.rules.no_double_joker,
            table_optional: self.m.rules.table_optional,
            lazy: self.lazy(),
            swap_hand: self.swap_hand_left,
        }
    }

    fn set_outcomes(&mut self, lt: [u8; SUITS], lh: [u8; SUITS], jl: u8, v: usize) -> Rc<[SetOutcome]> {
        let key = groups::pack(lt, lh) as u32 | (jl as u32) << 16;
        if let Some(o) = self.sets.get(&key) {
            return o.clone();
        }
        let o = groups::cached(lt, lh, &self.set_rules(jl, v));
        self.sets.insert(key, o.clone());
        o
    }

    /// The set stage's moves: each kept set of three in `locked` from `i` on
    /// absorbs nothing, a joker or a natural left here (`absorbs` records the
    /// choices, `extra_h` the hand naturals they placed), then the naturals
    /// still left form sets.
    #[allow(clippy::too_many_arguments)]
    fn absorb_rec(
        &mut self,
        st: &State,
        locked: &[crate::search::model::LockedGroup],
        i: usize,
        mut lt: [u8; SUITS],
        mut lh: [u8; SUITS],
        jl: u8,
        extra_h: u32,
        absorbs: &mut [u8; 8],
        next: State,
        out: &mut Vec<Branch>,
    ) {
        let m = self.m;
        let v = st.pos as usize;
        if i < locked.len().min(8) {
            let g = &locked[i];
            let size = g.colours.count_ones() as u8 + g.jokers;
            absorbs[i] = 0;
            self.absorb_rec(st, locked, i + 1, lt, lh, jl, extra_h, absorbs, next, out);
            if size >= 4 {
                return;
            }
            if jl > 0 && !(m.rules.no_double_joker && g.jokers >= 1 && g.colours.count_ones() < 2) {
                absorbs[i] = 1;
                self.absorb_rec(st, locked, i + 1, lt, lh, jl - 1, extra_h, absorbs, next, out);
            }
            for s in 0..SUITS {
                if g.colours >> s & 1 == 1 {
                    continue;
                }
                if lt[s] > 0 {
                    lt[s] -= 1;
                    absorbs[i] = 2 + s as u8;
                    self.absorb_rec(st, locked, i + 1, lt, lh, jl, extra_h, absorbs, next, out);
                    lt[s] += 1;
                }
                if lh[s] > 0 {
                    lh[s] -= 1;
                    absorbs[i] = 6 + s as u8;
                    self.absorb_rec(st, locked, i + 1, lt, lh, jl, extra_h + 1, absorbs, next, out);
                    lh[s] += 1;
                }
            }
            absorbs[i] = 0;
            return;
        }
        let used_j = self.jokers_left(st) - jl;
        let last = m.rules.npos - 1;
        let outcomes: Rc<[SetOutcome]> = if m.rules.ace_high && v == last {
            // high aces never form sets (sets of aces are made at position 0)
            let table_left_over: u8 = lt.iter().sum();
            if table_left_over > 0 && !m.rules.table_optional {
                return;
            }
            Rc::from(vec![SetOutcome { hand_in_sets: 0, jokers_in_sets: 0, table_left_over }])
        } else {
            self.set_outcomes(lt, lh, jl, v)
        };
        // (the next position's summed deficit: every suit is stepped)
        let deficit: u32 = if (next.pos as usize) < m.rules.npos { st.deficit as u32 } else { 0 };
        // (runs may also use their suits' private jokers, sets may not)
        let private = KeepInfo::private_total(st.private_jokers) as u32;
        for g in outcomes.iter() {
            if deficit + g.jokers_in_sets as u32 > jl as u32 + private {
                continue;
            }
            let mut c = next;
            c.jokers_laid += used_j + g.jokers_in_sets;
            let hand_placed = g.hand_in_sets as u32 + extra_h;
            out.push(Branch {
                child: c,
                hand_placed,
                score: m.gain(hand_placed, v, g.table_left_over as u32),
                kept: 0,
                dec: Decision::Sets { v: st.pos, g: *g, absorbs: *absorbs },
            });
        }
    }
}
