//! The first sweep's look at a suit's future: whether the suit just stepped can still end, alone.
//!
//! Four in five of the first sweep's nodes lie in subtrees without a valid end, most a position
//! or two after the suit step that doomed them (docs/PERFORMANCE.md §3). A child of suit `s`
//! is dead where its suit alone cannot get from its open runs, with the jokers not yet laid,
//! through its later cells to a valid end: every option of the suit's steps (the sweep's own
//! options, with every joker free for this suit), each table natural left for a set needing
//! two cards of other suits (any of their naturals at that number) or jokers. The real
//! completions of the child are among these (the other suits only take jokers and cards
//! away), so a child cut so has no valid end either way: values, bounds and traces stay.
//!
//! The answers are kept per suit, cell, open runs and jokers left in one direct table of the
//! sweep (filled on demand: a child costs an index and a load, far under a node's work).

use super::*;
use crate::search::model::MAX_POS;

/// Open runs per class that the table tells apart ([`RunClass::N1`] to [`RunClass::N3_JOKER`],
/// 0–3 each): a code with more, or with a class past those four, is not looked at.
const CODES: usize = 256;
/// Jokers left (0–2: the lazy and placed sweeps with at most two jokers).
const JOKERS: usize = 3;
const SIZE: usize = SUITS * MAX_POS * CODES * JOKERS;

/// [`Sweep::suit_dead`]'s table: per suit, cell, code and jokers left whether the suit can still
/// end, known where an entry carries this sweep's stamp (bits 2-15; bits 0-1 [`ALIVE`] or
/// [`DEAD`]). Pooled: a new stamp a sweep instead of emptying the table.
#[derive(Default)]
pub(super) struct SuitFuture {
    known: Vec<u16>,
    stamp: u16,
}

const ALIVE: u16 = 1;
const DEAD: u16 = 2;
/// Stamps (14 bits): past the last one the table is emptied.
const STAMPS: u16 = 1 << 14;

thread_local! {
    static SUIT_FUTURES: RefCell<Vec<SuitFuture>> = const { RefCell::new(Vec::new()) };
}

impl Pooled for SuitFuture {
    const KEPT: usize = 2;

    fn pool() -> &'static LocalKey<RefCell<Vec<Self>>> {
        &SUIT_FUTURES
    }

    /// A new stamp: the entries of the sweep before are not known to the next.
    fn recycle(&mut self) -> bool {
        self.stamp += 1;
        if self.stamp == STAMPS {
            self.known.fill(0);
            self.stamp = 1;
        }
        true
    }
}

/// The table's index of a code's open runs (None: more than three runs of a class, or a
/// joker-only class).
#[inline]
fn code_index(code: u32) -> Option<usize> {
    // (bits 0-15: n1, n2, n3, n3j; each under 4 where bits 2-3 of its nibble are clear)
    (code & !0x3333 == 0).then(|| {
        let c = code as usize;
        (c & 3) | (c >> 2 & 0xc) | (c >> 4 & 0x30) | (c >> 6 & 0xc0)
    })
}

#[inline]
fn index(s: usize, w: usize, c: usize, jokers: usize) -> usize {
    ((s * MAX_POS + w) * CODES + c) * JOKERS + jokers
}

impl<'m, M: SweepMode> Sweep<'m, M> {
    /// Turns the look on (the fast tie-break's first sweep, [`Sweep::max_root_exact`]):
    /// only for a plain sweep on the line with at most two jokers and no kept melds, whose
    /// suits step alone but for the set stage.
    pub(in crate::search) fn look_at_suit_futures(&mut self) {
        let m = self.m;
        let plain = self.mode.keep_info().is_none()
            && !m.rules.shape.is_cycle()
            && !m.rules.ace_high
            && !m.rules.table_optional
            && m.jokers <= 2
            && !self.track_z
            && m.rules.npos <= MAX_POS
            && m.lock_start.iter().chain(&m.lock_end).all(|row| row.iter().all(|&x| x == 0))
            && m.lock_groups.iter().all(Vec::is_empty);
        // (the plain steps' lists made so far did not look: made again)
        self.plain = self.plain.take().map(|_| Pool::take());
        self.future = plain.then(|| {
            let mut f: Pool<SuitFuture> = Pool::take();
            if f.known.is_empty() {
                f.known = vec![0; SIZE];
                f.stamp = 1;
            }
            f
        });
    }

    /// Whether `child`, a step of suit `s` at position `v` (not the last), leaves that suit no
    /// way to end ([`SuitFuture`]); where the step laid jokers (`laid`), the other suits too:
    /// those stepped from the next position, the others from this one.
    #[inline]
    pub(super) fn suit_dead(&mut self, child: &State, s: usize, v: usize, laid: bool) -> bool {
        if self.future.is_none() {
            return false;
        }
        if self.dead_from(child, s, v + 1) {
            return true;
        }
        laid && self.other_suits_dead(child, s, v)
    }

    /// [`Self::suit_dead`]'s look at the suits other than `s` after a step of `s` at position `v`
    /// that laid jokers: those stepped from the next position, the others from this one.
    #[inline]
    pub(super) fn other_suits_dead(&mut self, child: &State, s: usize, v: usize) -> bool {
        self.future.is_some() && (0..SUITS).any(|b| b != s && self.dead_from(child, b, if b < s { v + 1 } else { v }))
    }

    /// Whether `child`, a set stage that laid jokers, leaves some suit no way to end from its
    /// next position ([`SuitFuture`]).
    #[inline]
    pub(super) fn sets_left_a_suit_dead(&mut self, child: &State) -> bool {
        let w = child.pos as usize;
        self.future.is_some() && w < self.m.rules.npos && (0..SUITS).any(|b| self.dead_from(child, b, w))
    }

    /// Whether suit `b` of `child`, entering position `w`, cannot end.
    #[inline]
    pub(super) fn dead_from(&mut self, child: &State, b: usize, w: usize) -> bool {
        let Some(c) = code_index(child.codes[b]) else {
            return false;
        };
        let jokers = (self.jokers_bound(child) as usize).min(JOKERS - 1);
        if let Some(f) = &self.future {
            let e = f.known[index(b, w, c, jokers)];
            if e >> 2 == f.stamp {
                return e & 3 == DEAD;
            }
        }
        !self.suit_can_end(b, w, c, child.codes[b], jokers)
    }

    /// Whether suit `s`, entering position `w` with open runs `code` (index `c`) and `jokers`
    /// free, can end alone.
    #[inline(never)]
    fn suit_can_end(&mut self, s: usize, w: usize, c: usize, code: u32, jokers: usize) -> bool {
        let m = self.m;
        if w >= m.rules.npos {
            return self.ends_as(code, s, 0);
        }
        let i = index(s, w, c, jokers);
        let Some(future) = &self.future else { return true };
        let e = future.known[i];
        if e >> 2 == future.stamp {
            return e & 3 == ALIVE;
        }
        let last = m.rules.npos - 1;
        let step = SuitIn {
            code,
            table: m.t[s][w],
            hand: m.h[s][w],
            jokers_free: jokers as u8,
            can_start: w + 2 <= last,
            kept_starts: 0,
            kept_ends: 0,
            track_z: self.track_z,
            swap_table_left: self.swap_table_left,
            swap_hand_left: self.swap_hand_left,
            lazy: self.lazy(),
            joker_start: w + 2 == last,
            dominance: self.dominance,
            carrier: Default::default(),
        };
        // (each other suit gives a set at most one natural of this number)
        let others: [u32; SUITS] = std::array::from_fn(|b| if b == s { 0 } else { (m.t[b][w] + m.h[b][w]) as u32 });
        let mut alive = false;
        for k in self.options(step) {
            let opt = self.steps.arena[k];
            let lt = opt.table_left as u32;
            let set_jokers = (2 * lt).saturating_sub(others.iter().map(|&n| n.min(lt)).sum());
            let used = opt.jokers as usize + set_jokers as usize;
            if used > jokers {
                continue;
            }
            let Some(next) = code_index(opt.new_code) else {
                // (not told apart: taken as alive)
                alive = true;
                break;
            };
            if self.suit_can_end(s, w + 1, next, opt.new_code, jokers - used) {
                alive = true;
                break;
            }
        }
        if let Some(future) = &mut self.future {
            future.known[i] = future.stamp << 2 | if alive { ALIVE } else { DEAD };
        }
        alive
    }
}
