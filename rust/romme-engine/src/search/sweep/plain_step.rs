//! A plain sweep's suit steps, read from lists the sweep makes once per step.
//!
//! In a plain sweep ([`MaxMode`]) without the ace high and with at most two jokers (on the cycle
//! of ranks past position 0, where no seam profile's crossing runs enter), a suit step's options
//! depend only on the suit, the cell, the suit's open runs and the jokers free: the cell's
//! naturals and kept runs are the model's. So are two of the checks every option meets: the
//! jokers its suit's runs need at the next cells ([`Sweep::deficit`]) and, where the sweep looks
//! at the suits' futures, whether the suit can still end alone ([`Sweep::suit_dead`]). The sweep
//! works them out the first time it meets a step and keeps the options that pass, with what the
//! checks need, in a list of its own ([`PlainSteps`]): every later node of that step reads the
//! list, not the options, and builds children only of the options its own checks (the set check,
//! the jokers the suits stepped before need, the other suits' futures where the option lays
//! jokers; on the cycle the seam profile's runs) leave. The same moves in the same order as
//! [`Sweep::suit_moves`] makes them: values, bounds, traces and work stay.

use super::*;
use crate::search::model::MAX_POS;

/// Open runs per class the lists tell apart (as [`super::suit_future`]'s table: 0–3 each of the
/// classes n1, n2, n3 and n3j); a step with more goes the general way.
const CODES: usize = 256;
/// Jokers free (0–2).
const JOKERS: usize = 3;
const SIZE: usize = SUITS * MAX_POS * CODES * JOKERS;
/// Stamps (16 bits of an entry): past the last one the index is emptied.
const STAMPS: u64 = 1 << 16;
/// Options kept at most between sweeps.
const MOST_OPTIONS: usize = 1 << 16;

/// An option of a step that passes the checks of its own suit, with what the others need.
#[derive(Clone, Copy, Debug)]
pub(super) struct PlainOpt {
    /// The option's place in the step cache's arena (for the move's decision).
    opt: u32,
    new_code: u32,
    /// Table | hand naturals left for the set stage << 2.
    leftovers: u8,
    jokers: u8,
    hand_in_runs: u8,
    /// Jokers the suit's runs need at the next cells ([`Sweep::deficit`]).
    deficit: u8,
}

/// The lists of one sweep: per step (suit, cell, open runs and jokers free) where its options lie in
/// `opts` (bits 0-15 the sweep's stamp, 16-39 the first, 40-63 the end), known where an entry
/// carries the sweep's stamp. Pooled: a new stamp a sweep instead of emptying the index.
#[derive(Default)]
pub(super) struct PlainSteps {
    index: Vec<u64>,
    opts: Vec<PlainOpt>,
    stamp: u64,
}

thread_local! {
    static PLAIN_STEPS: RefCell<Vec<PlainSteps>> = const { RefCell::new(Vec::new()) };
}

#[cfg(test)]
thread_local! {
    /// Lists made on this thread (the tests' look that the lists are read).
    static LISTS_MADE: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

impl Pooled for PlainSteps {
    const KEPT: usize = 2;

    fn pool() -> &'static LocalKey<RefCell<Vec<Self>>> {
        &PLAIN_STEPS
    }

    /// A new stamp and no options: the lists are the model's.
    fn recycle(&mut self) -> bool {
        self.opts.clear();
        self.stamp += 1;
        if self.stamp == STAMPS {
            self.index.fill(0);
            self.stamp = 1;
        }
        self.opts.capacity() <= MOST_OPTIONS
    }
}

/// The lists' index of a code's open runs (None: more than three runs of a class, or a
/// joker-only class).
#[inline]
fn code_index(code: u32) -> Option<usize> {
    (code & !0x3333 == 0).then(|| {
        let c = code as usize;
        (c & 3) | (c >> 2 & 0xc) | (c >> 4 & 0x30) | (c >> 6 & 0xc0)
    })
}

/// Whether a plain sweep's suit steps on `m` may read [`PlainSteps`] lists: no ace high, at most
/// two jokers (a plain sweep's kept melds are the model's). On the cycle of ranks only past
/// position 0: there the seam profiles' crossing runs enter the step ([`Sweep::plain_suit_moves`]).
pub(super) fn plain_steps_apply(m: &Model) -> bool {
    !m.rules.ace_high && m.jokers <= 2 && m.rules.npos <= MAX_POS && crate::search::switches::plain_steps_on()
}

impl<M: SweepMode> Sweep<'_, M> {
    /// The moves of the suit step out of `st` (as [`Sweep::suit_moves`] makes them), from the
    /// step's list; false where the list does not tell the step apart (the caller goes the
    /// general way).
    #[inline]
    pub(super) fn plain_suit_moves(&mut self, st: &State, out: &mut Vec<Branch>) -> bool {
        let m = self.m;
        let v = st.pos as usize;
        let s = st.suit as usize;
        // (on the cycle, position 0's step takes each seam profile's crossing runs: the general way)
        let cycle = m.rules.shape.is_cycle();
        if cycle && v == 0 {
            return false;
        }
        let Some(c) = code_index(st.codes[s]) else {
            return false;
        };
        let jf = self.jokers_left(st);
        let i = ((s * MAX_POS + v) * CODES + c) * JOKERS + jf as usize;
        let Some(plain) = self.plain.as_deref_mut() else {
            return false;
        };
        if plain.index.is_empty() {
            plain.index = vec![0; SIZE];
            plain.stamp = 1;
        }
        let e = plain.index[i];
        let (a, b) = if e & 0xffff == plain.stamp {
            ((e >> 16 & 0xff_ffff) as usize, (e >> 40) as usize)
        } else {
            self.plain_list(st, i)
        };
        let ahead = v + 1 < m.rules.npos;
        let stepped = if ahead { st.deficit as u32 } else { 0 };
        let first = out.len();
        let mut laid = false;
        let Some(plain) = self.plain.as_deref() else {
            return false;
        };
        for p in &plain.opts[a..b] {
            if stepped + p.deficit as u32 > jf.saturating_sub(p.jokers) as u32 {
                continue;
            }
            let mut child = *st;
            child.suit += 1;
            child.codes[s] = p.new_code;
            child.leftovers[s] = p.leftovers;
            child.jokers_laid += p.jokers;
            if !self.sets_possible(&child) {
                continue;
            }
            // (on the cycle, the seam profile's runs: the state's, not the list's; read before the
            // child's deficit is set, as the general way reads it)
            if cycle && self.ends_unserved(&child, v) {
                continue;
            }
            if ahead {
                let deficit = stepped + p.deficit as u32;
                child.deficit = deficit.min(u8::MAX as u32) as u8;
            }
            laid |= p.jokers > 0;
            let hand_placed = p.hand_in_runs as u32;
            out.push(Branch {
                child,
                hand_placed,
                score: m.gain(hand_placed, v, 0),
                kept: 0,
                dec: Decision::Suit {
                    pos: st.pos,
                    suit: st.suit,
                    opt: self.steps.arena[p.opt as usize],
                    aces_high: (0, 0),
                    seam: 0,
                    kept_melds: 0,
                    gaps: GapFill::default(),
                },
            });
        }
        if laid && ahead && self.future.is_some() {
            // (where a move lays jokers, the other suits' futures with the jokers left: a look that
            // may fill the look's table, so after the moves are made)
            let mut k = first;
            while k < out.len() {
                let child = out[k].child;
                if child.jokers_laid > st.jokers_laid && self.other_suits_dead(&child, s, v) {
                    out.remove(k);
                } else {
                    k += 1;
                }
            }
        }
        true
    }

    /// Makes the list of the step out of `st` (entry `i` of the index): the options of the step
    /// that pass their own suit's checks, in their order. Returns where it lies.
    #[cold]
    fn plain_list(&mut self, st: &State, i: usize) -> (usize, usize) {
        #[cfg(test)]
        LISTS_MADE.with(|n| n.set(n.get() + 1));
        let m = self.m;
        let v = st.pos as usize;
        let s = st.suit as usize;
        let jf = self.jokers_left(st);
        let last = m.rules.npos - 1;
        let ahead = v < last;
        let cycle = m.rules.shape.is_cycle();
        let step = SuitIn {
            code: st.codes[s],
            table: m.t[s][v],
            hand: m.h[s][v],
            jokers_free: jf,
            can_start: v + 2 <= last || cycle,
            kept_starts: m.lock_start[s][v],
            kept_ends: m.lock_end[s][v],
            track_z: self.track_z,
            swap_table_left: self.swap_table_left,
            swap_hand_left: self.swap_hand_left,
            lazy: self.lazy(),
            joker_start: v + 2 == last && !cycle,
            dominance: self.dominance,
            carrier: Default::default(),
        };
        let Some(plain) = self.plain.as_deref_mut() else {
            return (0, 0);
        };
        let a = plain.opts.len();
        let mut child = *st;
        for k in self.options(step) {
            let opt = self.steps.arena[k];
            let mut deficit = 0;
            if ahead {
                // (the suit's own checks of Sweep::suit_moves: its runs' jokers at the next cells,
                // and its future with the jokers left)
                child.codes[s] = opt.new_code;
                child.jokers_laid = st.jokers_laid + opt.jokers;
                deficit = self.deficit(&child, s, v + 1);
                if deficit > self.jokers_bound(&child) as u32 {
                    continue;
                }
                if self.future.is_some() && self.dead_from(&child, s, v + 1) {
                    continue;
                }
            }
            let p = PlainOpt {
                opt: k as u32,
                new_code: opt.new_code,
                leftovers: opt.table_left | (opt.hand_left << 2),
                jokers: opt.jokers,
                hand_in_runs: opt.hand_in_runs,
                deficit: deficit as u8,
            };
            if let Some(plain) = self.plain.as_deref_mut() {
                plain.opts.push(p);
            }
        }
        let Some(plain) = self.plain.as_deref_mut() else {
            return (0, 0);
        };
        let b = plain.opts.len();
        plain.index[i] = plain.stamp | (a as u64) << 16 | (b as u64) << 40;
        (a, b)
    }
}

#[cfg(test)]
mod tests {
    use super::LISTS_MADE;
    use crate::cards::Game;
    use crate::meld::Options;
    use crate::search::{solve_table_cut, switches, Budget, Cutoff, TableObjective, TieBreak};
    use crate::testkit::romme_position;

    /// On the cycle of ranks (`wrap_around`) a plain sweep's steps past position 0 read their lists,
    /// and they are the moves the general way makes, in its order: on dealt Räuber-Rommé positions
    /// (9 to 16 melds, hand 13) the whole answer (the first solve, keep mode's oracles and profile
    /// oracles, traces, proofs) and its work are alike with the lists and without, under `cards`,
    /// `points` and `net`; and lists are made (none before the cycle read them).
    #[test]
    fn plain_steps_on_the_cycle_make_the_general_moves() {
        let mut seed = 59u64;
        let mut made = 0;
        for i in 0..12 {
            let (table, hand) = romme_position(&mut seed, 9 + i % 8, 13);
            for objective in [TableObjective::Cards, TableObjective::Points, TableObjective::Net] {
                let mut pairs = vec![("rauber".to_string(), 1), ("wrap_around".to_string(), 1)];
                if objective == TableObjective::Net {
                    pairs.push(("rauber_table_to_hand".to_string(), 1));
                }
                let options = Options::from_pairs(pairs);
                let answers = [false, true].map(|on| {
                    switches::with_plain_steps(on, || {
                        // (a work budget: no mirror race on a second thread, where this thread's switch is not set)
                        let cutoff = Cutoff::start(Budget::work(2_000_000));
                        let before = LISTS_MADE.with(|n| n.get());
                        let sol =
                            solve_table_cut(Game::Romme, &table, &hand, objective, &options, &cutoff, TieBreak::Exact);
                        made += LISTS_MADE.with(|n| n.get()) - before;
                        format!("{sol:?} work {}", cutoff.spent())
                    })
                });
                assert_eq!(answers[0], answers[1], "{table:?} {hand:?} {objective:?}");
            }
        }
        assert!(made > 0, "no plain step read its list on the cycle");
    }
}
