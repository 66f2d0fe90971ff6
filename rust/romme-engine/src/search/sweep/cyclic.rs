//! The sweep on the cycle of ranks (`wrap_around`, [`super::super::model::GridShape::Cycle`];
//! docs/SEARCH-DESIGN.md §4.10).
//!
//! The grid is read from a cut between two ranks where no table run crosses.
//! The runs of an answer that cross the cut are, per suit, its *seam
//! profile*: the multiset of their parts below the cut (at the last cells) by
//! run class. The profile is chosen at position 0, as the aces kept high are
//! on the line: its runs enter the suit's code as open runs of their class
//! (the parts above the cut go on from there, the short ones must), and it
//! rides in the state to the end, where the suit's open runs must be the
//! profile's: exactly its short ones, and at least as many 3+ runs (the
//! others end at the last cell). The rebuild glues each run open at the end to
//! a crossing run of its class ([`super::super::rebuild`]).

use super::super::keep::KeepInfo;
use super::super::model::{Model, SUITS};
use super::super::options::{
    class_count, pack_code, Carrier, CarrierFate, CarrierMark, CarrierMode, RunClass, SuitOpt,
};
use super::super::state::State;
use super::{JokerMode, Sweep, SweepMode};

/// Most seam profiles of a suit (a state keeps the chosen one's index in five bits).
pub const MOST_PROFILES: usize = 32;

/// Most seam profiles of a suit at a cut taken before any cut with more
/// ([`profile_choices`]): a suit with more (two jokers beside naturals at
/// each of the cells around the cut) splits the memos by many more tuples.
pub const FEW_PROFILES: usize = 16;

/// Most runs of a suit crossing the cut (two decks: two naturals a cell, and jokers).
const MOST_CROSSING: u32 = 5;

/// The seam profiles a sweep chooses from at position 0, per suit, as codes of
/// open runs ([`super::super::options`]); index 0 is the empty profile (and on
/// the line the only one).
#[derive(Clone, Copy, Debug)]
pub struct SeamProfiles {
    codes: [[u32; MOST_PROFILES]; SUITS],
    len: [u8; SUITS],
    /// The jokers each profile needs at the second-to-last cell and the last.
    jokers: [[[u8; 2]; MOST_PROFILES]; SUITS],
    /// Suits (bits) whose runs may end with one short run more than the
    /// profile's: the part below the cut of a table run crossing it, which a
    /// keep search's oracle reads as free cards ([`Sweep::loosen_split_end`]).
    loose: u8,
    /// Suits (bits) whose profile chosen is forgotten past position 0, their
    /// runs ending as any profile of their suit's ([`Sweep::forget_profiles`]).
    free: u8,
}

/// The cards that may lie at the four cells around the cut of one suit:
/// naturals (free, in the hand, or cells of kept runs) at the last two cells
/// and the first two, and the jokers of the whole position.
#[derive(Clone, Copy, Debug)]
pub struct SeamCells {
    /// Naturals at the second-to-last, the last, the first and the second cell.
    pub naturals: [u32; 4],
    /// Jokers.
    pub jokers: u32,
}

impl SeamProfiles {
    /// The line's profiles: none cross.
    pub const LINE: SeamProfiles = SeamProfiles {
        codes: [[0; MOST_PROFILES]; SUITS],
        len: [1; SUITS],
        jokers: [[[0; 2]; MOST_PROFILES]; SUITS],
        loose: 0,
        free: 0,
    };

    /// The profiles of a sweep over `m` laying jokers as `jokers` (`track_z`:
    /// joker-only runs are tracked); None where a suit has more than
    /// [`MOST_PROFILES`].
    pub fn of(m: &Model, jokers: JokerMode, track_z: bool) -> Option<SeamProfiles> {
        if !m.rules.shape.is_cycle() {
            return Some(Self::LINE);
        }
        let classes = run_classes(jokers, track_z);
        let mut out = Self::LINE;
        for s in 0..SUITS {
            let cells = seam_cells(m, s);
            let codes = profiles(cells, classes, jokers == JokerMode::Lazy);
            if codes.len() > MOST_PROFILES {
                return None;
            }
            out.codes[s][..codes.len()].copy_from_slice(&codes);
            out.len[s] = codes.len() as u8;
            for (i, &code) in codes.iter().enumerate() {
                let counts = std::array::from_fn(|class| class_count(code, class));
                let (before, last, _) = jokers_needed(&counts, cells, jokers == JokerMode::Lazy);
                out.jokers[s][i] = [before.min(15) as u8, last.min(15) as u8];
            }
        }
        Some(out)
    }

    /// The code of profile `i` of suit `s`.
    pub fn code(&self, s: usize, i: u8) -> u32 {
        self.codes[s][i as usize]
    }

    /// How many profiles suit `s` has.
    pub fn count(&self, s: usize) -> usize {
        self.len[s] as usize
    }
}

/// The seam profiles a position's sweeps may choose from, multiplied over the
/// suits (the choices at position 0), and the suits (bits) with a profile
/// other than the empty one, from the naturals at the four cells around the
/// cut per suit ([`SeamCells::naturals`]) and the jokers; None where a
/// suit has more than [`MOST_PROFILES`] under a joker mode its sweeps may take.
pub fn profile_choices(naturals: [[u32; 4]; SUITS], jokers: u32) -> Option<(u64, u8, bool)> {
    let modes: &[(JokerMode, bool)] = if jokers <= 2 {
        &[(JokerMode::Lazy, false), (JokerMode::Placed, false)]
    } else {
        &[(JokerMode::Placed, true)]
    };
    let (mut product, mut crossing, mut many) = (1u64, 0u8, false);
    for (s, cells) in naturals.into_iter().enumerate() {
        let mut most = 0;
        for &(mode, track_z) in modes {
            let n =
                profiles(SeamCells { naturals: cells, jokers }, run_classes(mode, track_z), mode == JokerMode::Lazy)
                    .len();
            if n > MOST_PROFILES {
                return None;
            }
            most = most.max(n as u64);
        }
        product *= most;
        crossing |= ((most > 1) as u8) << s;
        many |= most > FEW_PROFILES as u64;
    }
    Some((product, crossing, many))
}

/// Whether a suit step at position 0 takes every crossing run of 3+ cells
/// (`crossing`: the profile's code) at least one cell past the cut: one that
/// ends there at once is a run ending at the last cell, which the profile
/// without it reads the same (so each answer is searched once).
pub fn crossing_goes_on(opt: &SuitOpt, crossing: u32) -> bool {
    let long = class_count(crossing, RunClass::N3);
    // (a carrier steps on its own, outside the counts: a 3+ one going on counts too)
    let carrier = opt.carrier_from.class() == Some(RunClass::N3)
        && matches!(
            opt.carrier_fate,
            CarrierFate::TakesNatural
                | CarrierFate::TakesJoker
                | CarrierFate::Becomes
                | CarrierFate::Absorbed
                | CarrierFate::IntoLock
        );
    long == 0 || opt.long_extended as u32 + opt.absorbed[RunClass::N3] as u32 + carrier as u32 >= long
}

/// The run classes a sweep's codes count under its joker mode.
pub fn run_classes(jokers: JokerMode, track_z: bool) -> &'static [usize] {
    match (jokers, track_z) {
        (JokerMode::Lazy, _) => &[RunClass::N1, RunClass::N2, RunClass::N3, RunClass::N3_JOKER],
        (JokerMode::Placed, true) => &[RunClass::N1, RunClass::N2, RunClass::N3, RunClass::Z1, RunClass::Z2],
        (JokerMode::Placed, false) => &[RunClass::N1, RunClass::N2, RunClass::N3],
    }
}

/// Per suit of `m` (on the cycle), the runs its seam profiles may take across
/// the cut under any joker mode, as counts of runs of one cell, two cells and
/// three or more below it (the Lagrangian bound's chains start from each).
pub fn seam_entries(m: &Model) -> [Vec<[u32; 3]>; SUITS] {
    std::array::from_fn(|s| {
        let cells = seam_cells(m, s);
        let mut out: Vec<[u32; 3]> = Vec::new();
        for (mode, track_z) in [(JokerMode::Lazy, false), (JokerMode::Placed, true)] {
            for code in profiles(cells, run_classes(mode, track_z), mode == JokerMode::Lazy) {
                let n = |class| class_count(code, class);
                let entry = [n(RunClass::N1), n(RunClass::N2), n(RunClass::N3) + n(RunClass::Z1) + n(RunClass::Z2)];
                if !out.contains(&entry) {
                    out.push(entry);
                }
            }
        }
        out
    })
}

/// The naturals a crossing run of suit `s` may find at the cells around the cut of `m`.
fn seam_cells(m: &Model, s: usize) -> SeamCells {
    let last = m.rules.npos - 1;
    // (a kept run over a cell fills it, with a natural or its joker)
    let locked = |x: usize| -> u32 {
        let started: u32 = m.lock_start[s][..=x].iter().map(|&n| n as u32).sum();
        let ended: u32 = m.lock_end[s][..x].iter().map(|&n| n as u32).sum();
        started.saturating_sub(ended)
    };
    let at = |x: usize| m.t[s][x] as u32 + m.h[s][x] as u32 + locked(x);
    SeamCells { naturals: [at(last - 1), at(last), at(0), at(1)], jokers: m.jokers as u32 }
}

/// The profiles of one suit: every multiset of crossing runs by class that the
/// cards around the cut can hold (a necessary test: a profile no answer takes
/// only costs its states), the empty one first.
pub fn profiles(cells: SeamCells, classes: &[usize], lazy: bool) -> Vec<u32> {
    let mut out = vec![0u32];
    let mut counts = [0u32; RunClass::ALL];
    extend(&mut out, &mut counts, classes, 0, cells, lazy);
    out
}

fn extend(
    out: &mut Vec<u32>,
    counts: &mut [u32; RunClass::ALL],
    classes: &[usize],
    from: usize,
    cells: SeamCells,
    lazy: bool,
) {
    let k: u32 = counts.iter().sum();
    if k >= MOST_CROSSING {
        return;
    }
    for (i, &class) in classes.iter().enumerate().skip(from) {
        counts[class] += 1;
        if feasible(counts, cells, lazy) {
            if let Some(code) = pack_code(*counts) {
                out.push(code);
            }
            extend(out, counts, classes, i, cells, lazy);
        }
        counts[class] -= 1;
    }
}

/// Whether crossing runs of these classes find their cards: each holds the last
/// cell and the first (N1 a natural at the last, a joker-only class jokers
/// there), those of length 2 or more the second-to-last too, jokers filling
/// what the naturals lack. Adding a run never makes an infeasible set feasible.
fn feasible(c: &[u32; RunClass::ALL], cells: SeamCells, lazy: bool) -> bool {
    let (natural_last, _) = natural_and_joker_last(c, lazy);
    if natural_last > cells.naturals[1] {
        return false;
    }
    let (before, last, first) = jokers_needed(c, cells, lazy);
    // (a run of one card below the cut takes two above it)
    let second = c[RunClass::N1].saturating_sub(cells.naturals[3]);
    before + last + first + second <= cells.jokers
}

/// The crossing runs' naturals at the last cell, and their jokers there (by class).
fn natural_and_joker_last(c: &[u32; RunClass::ALL], lazy: bool) -> (u32, u32) {
    // (lazy: a 3+ run ends in a natural, class 3 in a joker; placed: classes 3 and 4 are joker-only)
    if lazy {
        (c[RunClass::N1] + c[RunClass::N3], c[RunClass::N3_JOKER])
    } else {
        (c[RunClass::N1], c[RunClass::Z1] + c[RunClass::Z2])
    }
}

/// The jokers crossing runs of these classes need at the second-to-last cell,
/// the last and the first, beyond the naturals there.
fn jokers_needed(c: &[u32; RunClass::ALL], cells: SeamCells, lazy: bool) -> (u32, u32, u32) {
    let k: u32 = c.iter().sum();
    let [before, last, first, _] = cells.naturals;
    let (_, joker_last) = natural_and_joker_last(c, lazy);
    let joker_before = if lazy { 0 } else { c[RunClass::Z2] };
    let long = k - c[RunClass::N1] - if lazy { 0 } else { c[RunClass::Z1] };
    let j_last = k.saturating_sub(last).max(joker_last);
    let j_before = long.saturating_sub(before).max(joker_before);
    (j_before, j_last, k.saturating_sub(first))
}

impl<M: SweepMode> Sweep<'_, M> {
    /// The end carrier's situation at `st`'s suit step `s` ([`KeepInfo::past_carrier`]):
    /// the first run to lay a private joker becomes it, and it goes on (it does
    /// not close: below, a carrier's lock lies ahead).
    pub(super) fn end_carrier(st: &State, s: usize) -> Carrier {
        let (mark, left) = (st.carrier_marks[s].plain(), KeepInfo::private_of(st.private_jokers, s));
        if left == 0 && mark == CarrierMark::NONE {
            return Carrier::default();
        }
        Carrier { mode: CarrierMode::Below, mark, private: left > 0, from_cut: false }
    }

    /// The end carrier's mark after a suit step whose option left it `mark`,
    /// `kb` kept runs of the suit ending here (out of a lock it goes on as 3+).
    pub(super) fn end_mark_after(kb: u8, mark: CarrierMark) -> CarrierMark {
        if mark == CarrierMark::IN_LOCK && kb > 0 { CarrierMark::N3 } else { mark }.to_end()
    }

    /// Whether what `st` (a child of a suit step at position `v`) holds for the
    /// last cells needs more jokers than are left: on the line the aces kept
    /// high ([`Self::high_aces_unserved`]); on the cycle the parts of the
    /// crossing runs chosen below the cut (all suits' together, with the jokers
    /// the runs open now need at the next cells), a choice at position 0 cut
    /// there, not at the end.
    /// (inline: it is asked at every child of a suit step, and most answers are the cheap ones)
    #[inline]
    pub(super) fn ends_unserved(&self, st: &State, v: usize) -> bool {
        let last = self.m.rules.npos - 1;
        if self.m.rules.ace_high {
            return v + 2 < last && u32::from_le_bytes(st.aces_high) != 0 && self.high_aces_unserved(st, v);
        }
        if v == last && self.m.rules.shape.is_cycle() {
            // (the set stage keeps the codes: the suit's open runs are those at the end)
            return !self.runs_end(st, st.suit as usize - 1);
        }
        if u32::from_le_bytes(st.seam) == 0 || v + 2 >= last {
            return false;
        }
        self.seam_unserved(st, v)
    }

    /// [`Self::ends_unserved`] on the cycle below its last cells, where `st` chose crossing runs.
    #[inline(never)]
    fn seam_unserved(&self, st: &State, v: usize) -> bool {
        let last = self.m.rules.npos - 1;
        // (the deficit's cells, v + 1 and v + 2, lie before the cells counted)
        let from = if v + 3 < last { 0 } else { 1 };
        let need: u32 = (0..SUITS)
            .map(|s| self.seam.jokers[s][st.seam[s] as usize][from..].iter().map(|&j| j as u32).sum::<u32>())
            .sum();
        need + st.deficit as u32 > self.jokers_bound(st) as u32
    }

    /// Whether suit `s`'s open runs in `st`, a state past the last position,
    /// may end there: on the line none short; on the cycle exactly the seam
    /// profile's short runs and at least its 3+ ones, each glued to a crossing
    /// run of its class.
    pub(super) fn runs_end(&self, st: &State, s: usize) -> bool {
        let code = st.codes[s];
        if self.seam.free >> s & 1 == 1 {
            return (0..self.seam.len[s]).any(|i| self.ends_as(code, s, i));
        }
        self.ends_as(code, s, st.seam[s])
    }

    /// Whether suit `s`'s open runs `code` at the end are those of its seam profile `i` ([`Self::runs_end`]).
    pub(super) fn ends_as(&self, code: u32, s: usize, i: u8) -> bool {
        let profile = self.seam.code(s, i);
        // (a loose suit: one short run more than the profile's may end here)
        let mut spare = (self.seam.loose >> s & 1) as u32;
        (0..RunClass::ALL).all(|class| {
            let (open, crossing) = (class_count(code, class), class_count(profile, class));
            match class {
                RunClass::N3 => open >= crossing,
                RunClass::N1 | RunClass::N2 if open == crossing + spare => {
                    spare = 0;
                    true
                }
                _ => open == crossing,
            }
        })
    }

    /// The profile index a child of a suit step at position 0 keeps in its
    /// state: `seam`, or none where this sweep forgets the profiles.
    pub(super) fn seam_kept(&self, s: usize, seam: u8) -> u8 {
        if self.seam.free >> s & 1 == 1 {
            0
        } else {
            seam
        }
    }

    /// Makes this sweep (a keep search's oracle on the cycle) a relaxation
    /// whose states do not carry the seam profile chosen at position 0: its
    /// runs may end as any profile of their suit, so the states of all the
    /// profiles merge past position 0.
    pub(in crate::search) fn forget_profiles(&mut self) {
        self.forget_suits((1 << SUITS) - 1);
    }

    /// [`Self::forget_profiles`] for the suits `suits` (bits) alone: their
    /// runs may end as any of their profiles, the others' as chosen.
    pub(in crate::search) fn forget_suits(&mut self, suits: u8) {
        self.seam.free |= suits;
    }

    /// The suits (bits) whose profiles this sweep forgets ([`Self::forget_suits`]).
    pub(in crate::search) fn forgotten_suits(&self) -> u8 {
        self.seam.free
    }

    /// Sets the suits (bits) whose profiles this sweep forgets (keep mode's
    /// vector search forgets them while it runs, [`super::keep_mode`]).
    pub(super) fn set_forgotten(&mut self, suits: u8) {
        self.seam.free = suits;
    }

    /// Whether [`Self::loosen_split_end`] made this sweep a relaxation.
    pub(in crate::search) fn is_loose(&self) -> bool {
        self.seam.loose != 0
    }

    /// Makes this sweep, the oracle of a keep search keeping both parts of the
    /// table run crossing the cycle's cut ([`super::super::model::SplitRun`]),
    /// a relaxation of it: there the part above the cut goes on from the run
    /// holding the part below (glued by the rebuild), so that run, of any
    /// length, ends at the last cell beside the seam profile's; the oracle,
    /// forgetting the kept runs, reads the part below as free cards that may
    /// end there as one more short run.
    pub(in crate::search) fn loosen_split_end(&mut self) {
        if let Some(r) = self.m.rules.shape.split() {
            self.seam.loose |= 1 << r.suit;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(naturals: [u32; 4], jokers: u32) -> SeamCells {
        SeamCells { naturals, jokers }
    }

    #[test]
    fn no_cards_at_the_cut_no_crossing_runs() {
        let classes = run_classes(JokerMode::Placed, false);
        assert_eq!(profiles(cells([2, 0, 2, 2], 0), classes, false), vec![0]);
        assert_eq!(profiles(cells([2, 2, 0, 2], 0), classes, false), vec![0]);
    }

    #[test]
    fn two_decks_without_jokers_cross_twice_at_most() {
        let classes = run_classes(JokerMode::Placed, false);
        // two naturals at each of the three cells: any one or two runs (3 + 6 multisets)
        let p = profiles(cells([2, 2, 2, 2], 0), classes, false);
        assert_eq!(p.len(), 10);
        // one natural at the last cell: one run
        let p = profiles(cells([2, 1, 2, 2], 0), classes, false);
        assert_eq!(p.len(), 4);
        // no card before the last: only runs whose part below the cut is one card
        let p = profiles(cells([0, 1, 2, 2], 0), classes, false);
        assert_eq!(p, vec![0, pack_code([1, 0, 0, 0, 0]).unwrap()]);
    }

    /// Two jokers beside two naturals at each cell around the cut: a suit's
    /// profiles number more than 16 (a state once held 16, so such a cut was
    /// not taken); at most 32, and `profile_choices` says the suit has many.
    #[test]
    fn two_jokers_give_a_suit_more_than_sixteen_profiles() {
        let lazy = run_classes(JokerMode::Lazy, false);
        let n = profiles(cells([2, 2, 2, 2], 2), lazy, true).len();
        assert!(n > FEW_PROFILES && n <= MOST_PROFILES, "{n}");
        let few = [[0, 0, 0, 0]; SUITS];
        assert_eq!(profile_choices(few, 2).map(|c| c.2), Some(false));
        let many = [[2, 2, 2, 2], [0; 4], [0; 4], [0; 4]];
        assert_eq!(profile_choices(many, 2).map(|c| (c.1, c.2)), Some((1, true)));
    }

    /// States differing only in the seam profile of a suit (any of 32) have keys of their own.
    #[test]
    fn a_profile_past_sixteen_has_a_key_of_its_own() {
        let a = State {
            pos: 3,
            suit: 0,
            jokers_laid: 6,
            codes: [0; SUITS],
            leftovers: [0; SUITS],
            aces_high: [0; SUITS],
            seam: [0, 0, 0, 5],
            committed_jokers: 0,
            kept: 0,
            private_jokers: 0,
            carrier_marks: [Default::default(); SUITS],
            deficit: 0,
        };
        let mut keys = std::collections::HashSet::new();
        for s in 0..SUITS {
            for i in 0..MOST_PROFILES as u8 {
                let mut seam = [3, 0, 7, 5];
                seam[s] = i;
                keys.insert(State { seam, ..a }.key());
            }
        }
        assert_eq!(keys.len(), SUITS * (MOST_PROFILES - 1) + 1);
    }

    #[test]
    fn a_joker_lets_a_third_run_cross() {
        let classes = run_classes(JokerMode::Placed, false);
        // (each of the three cells lacks a natural for a third 3+ run)
        let p = profiles(cells([2, 2, 2, 2], 3), classes, false);
        assert!(p.contains(&pack_code([0, 0, 3, 0, 0]).unwrap()));
        assert!(!p.contains(&pack_code([0, 0, 4, 0, 0]).unwrap()));
        let p = profiles(cells([2, 2, 2, 2], 2), classes, false);
        assert!(!p.contains(&pack_code([0, 0, 3, 0, 0]).unwrap()));
    }
}
