//! Keep mode of the sweep: whether each old table meld stays whole becomes a
//! decision of the DP itself, so the fewest-moved tie-break is exact.
//!
//! A kept set is modelled as in an anchored solve (a set of three may take a
//! fourth card, its jokers stay in it); a kept run is an opaque lock from its
//! first to its last natural that may be extended or merged at its ends. A
//! run's jokers are not fixed in the lock: each gap between its naturals takes
//! a natural or a joker when the sweep passes it, and the run's jokers become
//! *private* jokers of its suit (2 bits a suit in the state), which only runs of
//! that suit may lay, at any cell (hand naturals may extend the run first, so
//! its jokers may end far below or above its naturals); what is left of them
//! is added to the run afterwards ([`super::rebuild::place_private_jokers`]).
//! So a kept run re-reads its jokers as a player may (R2 R3 R4 J + R5 =
//! R2..R5 J=R6, nothing moved). Which run may lay them: in a suit with one
//! such run, only its *carrier*
//! ([`super::options::Carrier`]: the run that grows into the lock from below,
//! or goes on from it above), which is the rules. Otherwise any run of the suit: a freedom beyond the
//! rules, so the answer built from the decisions is checked, and one that
//! cannot give every run its jokers back is not claimed minimal. The decision
//! for a meld is made at the first suit step that touches one of its cells (a
//! set: the first suit step of its position; a run with jokers: its suit's
//! step at position 0, so its private jokers may serve the run below its
//! naturals, except a carrier's run, decided at its first cell or earlier
//! where its carrier lays the first private joker, since until then keeping it
//! changes nothing; another run: its suit's step at its first cell, position 0
//! for a run holding a high ace); the state carries the kept bits only of melds
//! decided and not yet finished. The objective is fixed at the optimum the
//! first solve found; each kept meld adds its size to what the sweep maximises.
//!
//! [`KeepInfo::exact`] says when the model is the truth or a relaxation of it
//! (not with a set of one natural and two jokers, which could also be read as
//! a run, unless another search reads it so, [`Choice::both`]; nor with
//! readings, nor with two runs that interleave, [`Choice::merge`]).

use super::grid::{GridGame, Layout};
use super::model::{LockedGroup, MAX_POS, SUITS};
use super::options::CarrierMark;
use crate::meld::MeldKind;

/// An old table meld as keep mode sees it.
#[derive(Clone, Debug)]
pub struct OldMeld {
    /// A run (else a set).
    pub run: bool,
    /// Run: suit.
    pub suit: usize,
    /// Run: first position; set: its position.
    pub first: usize,
    /// Run: last position; set: its position.
    pub last: usize,
    /// Its naturals per cell (aces at position 0).
    pub naturals: [[u8; MAX_POS]; SUITS],
    /// Its jokers.
    pub jokers: u8,
    /// Run: the positions of its jokers, as bits (none for a re-readable run).
    pub joker_at: u16,
    /// A run with jokers (at most 3 in its suit's runs): it is kept as the lock
    /// from its first to its last natural, each gap between them taking a natural
    /// or a joker, and its jokers go with it as *private* jokers of its suit (the
    /// run through the lock must hold them: in its gaps, in gaps of its
    /// extensions, or added at its ends), so a kept run may re-read its jokers
    /// exactly as a player may.
    pub private: bool,
    /// Set: the colours of its naturals.
    pub colours: u8,
    /// Its cards.
    pub size: u8,
    /// The table meld it keeps (several readings may keep one).
    pub table: usize,
    /// The second table meld it keeps: two interleaving runs read as one
    /// ([`Choice::merge`]).
    pub with: Option<usize>,
    /// One *reading* of a run with one joker ([`KeepInfo::new`]'s `readings`):
    /// the joker fixed at one cell, the lock from there to the far natural, the
    /// cells between taking a natural or a joker. A meld's readings are decided
    /// together: at most one of them is kept.
    pub reading: bool,
}

/// Everything keep mode needs about the old melds (at most 64).
#[derive(Clone, Debug)]
pub struct KeepInfo {
    /// The old melds, by table index.
    pub olds: Vec<OldMeld>,
    /// Melds decided at each suit step (index `v * 5 + s`), alone.
    pub step_plain: Vec<Vec<u8>>,
    /// The readings decided at each suit step, those of one meld a group.
    pub step_readings: Vec<Vec<Vec<u8>>>,
    /// Cards of the melds decided at or after each step, by the jokers still free
    /// (the bound on what is still to keep, see [`Self::rest`]).
    rest: Vec<[i32; FREE_JOKERS + 1]>,
    /// Old runs starting at (suit, position): the most locks that can start there.
    pub pot_start: [[u8; MAX_POS]; SUITS],
    /// Old melds with a natural at (suit, position), as bits.
    pub cover: [[u64; MAX_POS]; SUITS],
    /// Old runs starting at (suit, position), as bits.
    pub run_start: [[u64; MAX_POS]; SUITS],
    /// Old runs ending at (suit, position), as bits.
    pub run_end: [[u64; MAX_POS]; SUITS],
    /// Old sets at each position, as bits.
    pub sets_at: [u64; MAX_POS],
    /// Re-readable runs with a gap (a joker between naturals) at (suit, position), as bits:
    /// kept, the gap takes a natural or a joker there.
    pub gaps: [[u64; MAX_POS]; SUITS],
    /// Old runs of each suit, as bits.
    pub runs_of: [u64; SUITS],
    /// Per suit, the one private run whose jokers a carrier tracks
    /// ([`super::options::Carrier`]), as an index into `olds` (None: none;
    /// there any run of the suit may lay them, checked afterwards).
    pub carrier: [Option<u8>; SUITS],
    /// Suits (bits) whose carrier's run holds an ace high: it is decided at
    /// position 0, where its ace is kept back, never early below its lock.
    pub carried_high: u8,
    /// On the cycle of ranks, suits (bits) whose runs may cross the cut, with
    /// one private run: the run holding its lock may cross the cut too, its
    /// part past the cut below the lock (at the first cells: the run goes on
    /// from the lock across the cut) or above it (at the last cells: the run
    /// comes from across the cut into the lock). So below the lock any run
    /// lays the private jokers (the run is decided at position 0, never
    /// early); from the lock on the carrier lays them, as on the line; once it
    /// has ended, the first run to lay one becomes the *end carrier*, which
    /// lays the rest and goes on to the last cell. A relaxation of the rules.
    pub cross_carried: u8,
    /// Of [`Self::cross_carried`], suits searched as the case where the run
    /// holding the lock crosses no cut ([`Choice::cross_line`]): the
    /// carrier is the line's, and no end carrier lays a joker.
    pub cross_line: u8,
    /// Of [`Self::cross_carried`], suits searched as the case where the run
    /// holding the lock comes from across the cut into it
    /// ([`Choice::cross_from`]): below the lock the carrier is the line's,
    /// one of the runs crossing the cut from position 0 on; past it the end
    /// carrier.
    pub cross_from: u8,
    /// Of [`Self::cross_carried`], suits searched as the case where the run
    /// holding the lock goes on from it across the cut
    /// ([`Choice::cross_through`]): from the lock on its carrier does not end
    /// before the last cell, and no end carrier lays a joker.
    pub cross_through: u8,
    /// The old melds every answer keeps ([`Choice::always`]), as bits.
    pub always: u64,
    /// Cards of the table melds left out ([`Choice::never`]).
    left_out: i32,
    /// The sets whose reading as a run another search covers ([`Choice::both`]), as bits.
    both: u64,
}

/// Which table melds keep mode treats how (bits by table index).
#[derive(Clone, Copy, Debug, Default)]
pub struct Choice {
    /// Runs that keep their jokers where they lie (never private).
    pub fixed: u64,
    /// Runs holding one joker read every way it may end ([`KeepInfo::new`]).
    pub readings: u64,
    /// Melds never kept (left out of keep mode: their cards are free).
    pub never: u64,
    /// Melds every answer keeps.
    pub always: u64,
    /// Two interleaving runs read as one run (kept together, in one run).
    pub merge: u64,
    /// Sets of one natural and jokers read as runs of the natural's suit.
    pub as_run: u64,
    /// Sets of one natural and jokers whose reading as a run another search
    /// covers (so the model is exact about them).
    pub both: u64,
    /// Suits (bits) of [`KeepInfo::cross_carried`] searched as the case where
    /// the run holding the lock crosses no cut: the line's carrier lays the
    /// private jokers (below the lock the first run to lay one, which must
    /// grow into the lock; from the lock on the run going on from it), and
    /// no other run.
    pub cross_line: u8,
    /// Suits (bits) of [`KeepInfo::cross_carried`] searched as the case where
    /// the run holding the lock comes from across the cut into it: one of
    /// the runs crossing the cut at position 0 carries from there into the
    /// lock (a lock starting at position 0 is read as [`Self::cross_line`]'s
    /// carrier), the run going on from the lock carries, and once it ended
    /// the end carrier (its part at the last cells).
    pub cross_from: u8,
    /// Suits (bits) of [`KeepInfo::cross_carried`] searched as the case where
    /// the run holding the lock goes on from it across the cut: it does not
    /// end before the last cell and carries every private joker laid from the
    /// lock on (below it any run lays them). With [`Self::cross_line`] and
    /// [`Self::cross_from`] the three cases hold every answer.
    pub cross_through: u8,
}

/// The cards of a layout with their cells (a run's cell; a set's position plus its index).
fn cells(l: &Layout) -> impl Iterator<Item = (usize, u8)> + '_ {
    l.cards.iter().enumerate().map(move |(j, &(code, _))| (l.a + j, code))
}

/// The most old melds with which [`KeepInfo::new`] tracks carriers (the
/// state's key packs their marks above the kept bits).
pub const MAX_CARRIED_MELDS: usize = 44;

/// The most old melds with which [`KeepInfo::new`] tracks the end carriers of
/// [`KeepInfo::cross_carried`] suits (the key packs their flags below the marks).
pub const MAX_END_CARRIED_MELDS: usize = 40;

/// [`KeepInfo::rest`]: free jokers told apart (this many or more: any meld may be kept).
const FREE_JOKERS: usize = 7;

impl KeepInfo {
    /// Keep-mode data of the table `layouts` (at most 64 melds); the runs in
    /// `fixed` keep their jokers where they lie (never private); the runs in
    /// `readings` holding one joker (no ace high) become one old meld for each
    /// cell their joker may end on (exact where private jokers are a
    /// relaxation: a private joker may be laid by another run of its suit).
    /// With `carriers` a suit with one private run tracks the run that carries
    /// its jokers, which is exact (a run holding an ace high is decided at
    /// position 0, where its ace is kept; not with more than
    /// [`MAX_CARRIED_MELDS`] old melds, whose bits the state's key packs below
    /// the carriers' marks). The melds in
    /// `never` are left out; those in `always` must be kept.
    pub fn new(g: &GridGame, layouts: &[Layout], choice: Choice, carriers: bool) -> KeepInfo {
        let Choice { fixed, readings, never, always, merge, as_run, both, cross_line, cross_from, cross_through } =
            choice;
        // (two runs read as one: the second one's cards join the first one's meld)
        let pair =
            (merge.count_ones() == 2).then(|| (merge.trailing_zeros() as usize, 63 - merge.leading_zeros() as usize));
        let steps = MAX_POS * 5 + 1;
        let mut k = KeepInfo {
            olds: Vec::with_capacity(layouts.len()),
            step_plain: vec![Vec::new(); steps],
            step_readings: vec![Vec::new(); steps],
            rest: vec![[0; FREE_JOKERS + 1]; steps],
            pot_start: [[0; MAX_POS]; SUITS],
            cover: [[0; MAX_POS]; SUITS],
            run_start: [[0; MAX_POS]; SUITS],
            run_end: [[0; MAX_POS]; SUITS],
            sets_at: [0; MAX_POS],
            gaps: [[0; MAX_POS]; SUITS],
            runs_of: [0; SUITS],
            carrier: [None; SUITS],
            carried_high: 0,
            cross_carried: 0,
            cross_line: 0,
            cross_from: 0,
            cross_through: 0,
            always: 0,
            left_out: 0,
            both: 0,
        };
        // (private jokers of a suit share a 2-bit counter: more than 3 and that suit's runs keep a fixed lock)
        let mut private_jokers = [0usize; SUITS];
        let read = |i: usize| readings >> i & 1 == 1;
        let left_out = |i: usize| never >> i & 1 == 1;
        // (a set of one natural read as a run: a run of its natural's suit)
        let as_run = |i: usize, lay: &Layout| {
            let natural = lay.cards.iter().find_map(|&(c, _)| g.cell(c).filter(|_| c != g.joker));
            natural.filter(|_| as_run >> i & 1 == 1 && lay.kind == MeldKind::Set).map(|(s, _)| s)
        };
        for (i, lay) in layouts.iter().enumerate() {
            if (lay.kind == MeldKind::Run || as_run(i, lay).is_some()) && !read(i) && !left_out(i) {
                let suit = as_run(i, lay).unwrap_or(lay.suit);
                private_jokers[suit] += lay.cards.iter().filter(|&&(c, _)| c == g.joker).count();
            }
        }
        for (i, lay) in layouts.iter().enumerate().take(64) {
            if left_out(i) {
                k.left_out += lay.cards.len() as i32;
                continue;
            }
            if pair.is_some_and(|(_, second)| second == i) {
                continue;
            }
            if read(i) && k.add_readings(g, lay, i) {
                continue;
            }
            let idx = k.olds.len();
            if idx >= 64 {
                break;
            }
            let bit = 1u64 << idx;
            let mut per_cell = [[0u8; MAX_POS]; SUITS];
            let mut jokers = 0;
            let mut colours = 0u8;
            let mut first = lay.a;
            let mut joker_at = 0u16;
            let (mut na, mut nb) = (usize::MAX, 0);
            let with = pair.filter(|&(first, _)| first == i).map(|(_, second)| second);
            let mut size = lay.cards.len();
            let partner = with.map(|w| &layouts[w]);
            for (cell, code) in cells(lay).chain(partner.into_iter().flat_map(cells)) {
                match g.cell(code) {
                    Some((s, p)) if code != g.joker => {
                        per_cell[s][p] += 1;
                        colours |= 1 << s;
                        k.cover[s][p] |= bit;
                        first = first.min(p);
                        // (a run's cell: its ace may stand high; a set read as a run: its natural's)
                        let c = if lay.kind == MeldKind::Run { cell } else { p };
                        (na, nb) = (na.min(c), nb.max(c));
                    }
                    _ => {
                        jokers += 1;
                        joker_at |= 1 << cell.min(15);
                    }
                }
            }
            size += partner.map_or(0, |l| l.cards.len());
            // (at most 3 private jokers a suit, the state's counter; a set read as a run only so)
            let re_read = as_run(i, lay).filter(|&s| private_jokers[s] <= 3 && fixed >> i & 1 == 0);
            let (run, suit) = match re_read {
                Some(s) => (true, s),
                None => (lay.kind == MeldKind::Run, lay.suit),
            };
            let private = run && jokers > 0 && private_jokers[suit] <= 3 && na <= nb && fixed >> i & 1 == 0;
            let (a, b) = if private { (na, nb) } else { (lay.a, lay.b) };
            if private {
                // (the cells between its naturals hold its jokers: two runs read as one may have none)
                for (p, _) in per_cell[suit].iter().enumerate().take(nb).skip(na + 1).filter(|&(_, &n)| n == 0) {
                    k.gaps[suit][p] |= bit;
                }
                joker_at = 0;
            }
            let step = if run {
                k.add_run(suit, a, b, bit);
                // (a re-readable run is decided at its suit's first cell: its private jokers
                // may serve the run below its naturals)
                if private {
                    suit
                } else {
                    first.min(a) * 5 + suit
                }
            } else {
                k.sets_at[lay.a] |= bit;
                lay.a * 5
            };
            k.step_plain[step].push(idx as u8);
            if always >> i & 1 == 1 {
                k.always |= bit;
            }
            if both >> i & 1 == 1 {
                k.both |= bit;
            }
            k.olds.push(OldMeld {
                run,
                suit,
                first: a,
                last: b,
                naturals: per_cell,
                jokers,
                joker_at,
                private,
                colours,
                size: size as u8,
                table: i,
                with,
                reading: false,
            });
        }
        if carriers && k.olds.len() <= MAX_CARRIED_MELDS {
            let last = g.rules.npos - 1;
            for s in 0..SUITS {
                let mut private = k.olds.iter().enumerate().filter(|(_, o)| o.private && o.suit == s);
                if let (Some((i, o)), None) = (private.next(), private.next()) {
                    let high = g.rules.ace_high && o.last == last;
                    k.carrier[s] = Some(i as u8);
                    if g.rules.shape.crosses(s) {
                        // (on the cycle of ranks the run holding the lock may cross the cut, and its
                        // part past the cut lay the jokers, below the lock or at the last cells:
                        // KeepInfo::cross_carried; with no room for the end carrier's flag, any run
                        // of the suit lays them, a relaxation)
                        if k.olds.len() > MAX_END_CARRIED_MELDS {
                            k.carrier[s] = None;
                        } else {
                            k.cross_carried |= 1 << s;
                        }
                        continue;
                    }
                    if high {
                        // (its ace is kept back at position 0, where it is decided)
                        k.carried_high |= 1 << s;
                        continue;
                    }
                    // (its decision waits for its lock, or for the carrier to lay its first
                    // private joker: below the lock the other branch has nothing to tell apart)
                    let lock = k.olds[i].first;
                    k.step_plain[s].retain(|&x| x as usize != i);
                    k.step_plain[lock * 5 + s].push(i as u8);
                }
            }
        }
        k.cross_line = cross_line & k.cross_carried;
        k.cross_from = cross_from & k.cross_carried & !k.cross_line;
        k.cross_through = cross_through & k.cross_carried & !k.cross_line & !k.cross_from;
        for step in (0..steps - 1).rev() {
            // (the cards of the melds decided at `step` holding at most `free` jokers, any in the
            // last column; a meld's readings count once)
            for free in 0..=FREE_JOKERS {
                let size = |i: u8| {
                    let o = &k.olds[i as usize];
                    if free == FREE_JOKERS || (o.jokers as usize) <= free {
                        o.size as i32
                    } else {
                        0
                    }
                };
                let here = k.step_plain[step].iter().map(|&i| size(i)).sum::<i32>()
                    + k.step_readings[step].iter().map(|r| size(r[0])).sum::<i32>();
                k.rest[step][free] = k.rest[step + 1][free] + here;
            }
        }
        k
    }

    /// The readings of the run `lay` (table meld `i`, one joker, no ace high):
    /// one old meld for each cell its joker may end on, decided at its suit's
    /// step at position 0. False (nothing added) where it does not qualify.
    fn add_readings(&mut self, g: &GridGame, lay: &Layout, i: usize) -> bool {
        let npos = g.rules.npos;
        if !Self::readable(g, lay) {
            return false;
        }
        let mut per_cell = [[0u8; MAX_POS]; SUITS];
        for &(code, _) in &lay.cards {
            if let Some((s, p)) = g.cell(code).filter(|_| code != g.joker) {
                per_cell[s][p] += 1;
            }
        }
        let s = lay.suit;
        let naturals: Vec<usize> = (0..npos).filter(|&p| per_cell[s][p] > 0).collect();
        let (Some(&na), Some(&nb)) = (naturals.first(), naturals.last()) else {
            return false;
        };
        let cells: Vec<usize> = (0..npos).filter(|&c| per_cell[s][c] == 0).collect();
        if cells.is_empty() || self.olds.len() + cells.len() > 56 {
            return false;
        }
        let mut group = Vec::new();
        for c in cells {
            let idx = self.olds.len();
            let bit = 1u64 << idx;
            let (a, b) = (c.min(na), c.max(nb));
            // (the cells between the joker and the naturals: each takes a natural or a joker)
            for (p, &n) in per_cell[s].iter().enumerate().take(b + 1).skip(a) {
                if p != c && n == 0 {
                    self.gaps[s][p] |= bit;
                }
            }
            for &p in &naturals {
                self.cover[s][p] |= bit;
            }
            self.add_run(s, a, b, bit);
            group.push(idx as u8);
            self.olds.push(OldMeld {
                run: true,
                suit: s,
                first: a,
                last: b,
                naturals: per_cell,
                jokers: 1,
                joker_at: 1 << c,
                private: false,
                colours: 1 << s,
                size: lay.cards.len() as u8,
                table: i,
                with: None,
                reading: true,
            });
        }
        self.step_readings[s].push(group);
        true
    }

    /// Whether [`Self::new`] can read the table meld `lay` every way: a run
    /// with one joker, on a grid without ace high.
    pub fn readable(g: &GridGame, lay: &Layout) -> bool {
        let jokers = lay.cards.iter().filter(|&&(c, _)| c == g.joker).count();
        lay.kind == MeldKind::Run && jokers == 1 && !g.rules.ace_high
    }

    /// An old run `bit` of suit `s` kept as a lock from `a` to `b`.
    fn add_run(&mut self, s: usize, a: usize, b: usize, bit: u64) {
        self.pot_start[s][a] += 1;
        self.run_start[s][a] |= bit;
        self.run_end[s][b] |= bit;
        self.runs_of[s] |= bit;
    }

    /// The most table cards the melds decided at or after `step` can still keep
    /// with `free` jokers free: those holding more jokers can no longer be kept
    /// (free jokers never come back: laid and committed ones stay so).
    #[inline]
    pub fn rest(&self, step: usize, free: u8) -> i32 {
        self.rest[step][(free as usize).min(FREE_JOKERS)]
    }

    /// Cards of all the old melds (what keep mode can keep at most).
    pub fn total(&self) -> i32 {
        self.rest[0][FREE_JOKERS]
    }

    /// Cards of the old melds and of the table melds left out (every table card
    /// unless more than 64 melds lie there).
    pub fn table_cards(&self) -> i32 {
        self.total() + self.left_out
    }

    /// The two private runs of the one suit that has two, as table indices
    /// (no carrier can tell their jokers apart there; see [`Self::new`]).
    pub fn two_private_runs(&self) -> Option<(usize, usize)> {
        let mut pairs = (0..SUITS).filter_map(|s| {
            let mut runs = self.olds.iter().filter(|o| o.private && o.suit == s);
            match (runs.next(), runs.next(), runs.next()) {
                (Some(a), Some(b), None) => Some((a.table, b.table)),
                _ => None,
            }
        });
        match (pairs.next(), pairs.next()) {
            (Some(pair), None) => Some(pair),
            _ => None,
        }
    }

    /// The carrier's run of suit `s` while it may be kept early: at a suit step
    /// at `v` below its lock, not kept yet in `kept` ([`Self::new`] decides it
    /// at its lock, or where its carrier lays the first private joker).
    pub fn early(&self, s: usize, v: usize, kept: u64) -> Option<u8> {
        let i = self.carrier[s].filter(|_| (self.carried_high | self.cross_carried) >> s & 1 == 0)?;
        self.olds.get(i as usize).filter(|o| v < o.first && kept >> i & 1 == 0).map(|_| i)
    }

    /// The private run of suit `s` a carrier tracks, if any.
    #[inline]
    pub fn carrier_of(&self, s: usize) -> Option<&OldMeld> {
        self.carrier[s].and_then(|i| self.olds.get(i as usize))
    }

    /// The private run of suit `s` a carrier tracks at a suit step at `v`, if
    /// any: none below the lock of a [`Self::cross_carried`] suit (unless it is
    /// searched as [`Self::cross_line`]'s case).
    #[inline]
    pub fn carrier_at_cell(&self, s: usize, v: usize) -> Option<&OldMeld> {
        let loose_below = (self.cross_carried & !self.cross_line & !self.cross_from) >> s & 1 == 1;
        self.carrier_of(s).filter(|o| !loose_below || v >= o.first)
    }

    /// Whether suit `s` is searched as [`Self::cross_through`]'s case.
    #[inline]
    pub fn through(&self, s: usize) -> bool {
        self.cross_through >> s & 1 == 1
    }

    /// Whether suit `s` is searched as [`Self::cross_from`]'s case.
    #[inline]
    pub fn from_cut(&self, s: usize) -> bool {
        self.cross_from >> s & 1 == 1
    }

    /// Whether the old runs keep mode tracks are rebuilt loose of their
    /// carrier in suit `s`: a [`Self::cross_carried`] suit where any run
    /// lays the private jokers below the lock.
    #[inline]
    pub fn loose(&self, s: usize) -> bool {
        (self.cross_carried & !self.cross_line & !self.cross_from) >> s & 1 == 1
    }

    /// Whether a suit step at `v` of suit `s`, the carrier's mark there `mark`,
    /// is past the carrier of an [`Self::cross_carried`] suit: where an end
    /// carrier may lay the private jokers left.
    #[inline]
    pub fn past_carrier(&self, s: usize, v: usize, mark: CarrierMark) -> bool {
        (self.cross_carried & !self.cross_through & !self.cross_line) >> s & 1 == 1
            && self.carrier_of(s).is_some_and(|o| v > o.last)
            && (mark == CarrierMark::NONE || mark.is_end())
    }

    /// The most private jokers of suit `s` the gaps at `v` may take (the
    /// carrier's mark there `mark`): with a carrier, only its kept run's own
    /// gap (if `kept` holds it); else any (and past the carrier of an
    /// [`Self::cross_carried`] suit).
    #[inline]
    pub fn private_gaps(&self, s: usize, v: usize, kept: u64, mark: CarrierMark) -> u8 {
        match self.carrier[s] {
            Some(i) if self.carrier_at_cell(s, v).is_some() && !self.past_carrier(s, v, mark) => {
                ((kept & self.gaps[s][v]) >> i & 1) as u8
            }
            _ => u8::MAX,
        }
    }

    /// Free table naturals at (s, p): all of them minus those in kept melds.
    #[inline]
    pub fn free(&self, all: u8, s: usize, p: usize, kept: u64) -> u8 {
        let mut bits = kept & self.cover[s][p];
        let mut n = all;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            n -= self.olds[i].naturals[s][p];
            bits &= bits - 1;
        }
        n
    }

    /// The sets of three at position `v` that `kept` holds (they may take a fourth card).
    fn threes(&self, v: usize, kept: u64) -> impl Iterator<Item = &OldMeld> + '_ {
        super::set_bits(kept & self.sets_at[v]).map(|i| &self.olds[i]).filter(|o| o.size < 4)
    }

    /// Whether `kept` holds a set of three at position `v`.
    #[inline]
    pub fn kept_threes(&self, kept: u64, v: usize) -> bool {
        self.threes(v, kept).next().is_some()
    }

    /// The kept sets of three at position `v`: the first `n` of the array (at
    /// most 8, as the set stage takes). No allocation: the set stage asks at
    /// every node.
    pub fn locked_groups(&self, v: usize, kept: u64) -> ([LockedGroup; 8], usize) {
        let mut out = [LockedGroup::default(); 8];
        let mut n = 0;
        for (slot, o) in out.iter_mut().zip(self.threes(v, kept)) {
            *slot = LockedGroup { pos: v, colours: o.colours, jokers: o.jokers };
            n += 1;
        }
        (out, n)
    }

    /// Whether the lock model is the truth, or a relaxation of it (its bound
    /// is a bound): every run with jokers is re-readable ([`OldMeld::private`])
    /// and every set with a joker holds two naturals (one natural and two
    /// jokers could also be read as a run), unless a search of that reading
    /// covers it ([`Choice::both`]). Not with readings: a reading locks
    /// the cells between its joker and its naturals, where another kept run
    /// could grow into it. Nor with two runs that interleave.
    pub fn exact(&self) -> bool {
        let covered = |i: usize| self.both >> i & 1 == 1;
        self.olds
            .iter()
            .enumerate()
            .all(|(i, o)| o.jokers == 0 || o.private || (!o.run && (o.colours.count_ones() >= 2 || covered(i))))
            && !self.interleaving_runs()
    }

    /// The one set of a single natural and jokers (it could also be read as a
    /// run), as a table index.
    pub fn one_natural_set(&self) -> Option<usize> {
        let mut sets = self.olds.iter().filter(|o| !o.run && o.jokers > 0 && o.size == o.jokers + 1);
        match (sets.next(), sets.next()) {
            (Some(o), None) => Some(o.table),
            _ => None,
        }
    }

    /// Whether two runs of one suit interleave: their locks overlap but no cell
    /// holds a natural of both (R4 \* R6 and R5 \* R7). Kept, they may lie in one
    /// run (R4 R5 R6 R7 \* \*), which two locks cannot show.
    /// Not where both must be kept: [`Choice::always`] comes with a search of
    /// them read as one ([`Choice::merge`]).
    fn interleaving_runs(&self) -> bool {
        let runs: Vec<(usize, &OldMeld)> = self.olds.iter().enumerate().filter(|(_, o)| o.run && !o.reading).collect();
        runs.iter().enumerate().any(|(n, &(i, x))| {
            runs[n + 1..].iter().any(|&(j, y)| {
                let both_kept = self.always >> i & 1 == 1 && self.always >> j & 1 == 1;
                !both_kept && Self::interleave(x, y)
            })
        })
    }

    /// Whether runs `x` and `y` interleave ([`Self::interleaving_runs`]).
    fn interleave(x: &OldMeld, y: &OldMeld) -> bool {
        let s = x.suit;
        y.suit == s
            && x.first <= y.last
            && y.first <= x.last
            && (0..MAX_POS).all(|p| x.naturals[s][p] == 0 || y.naturals[s][p] == 0)
    }

    /// Whether the old melds of the table melds `a` and `b` are runs that interleave.
    pub fn tables_interleave(&self, a: usize, b: usize) -> bool {
        let of = |t: usize| self.olds.iter().find(|o| o.table == t && !o.reading);
        matches!((of(a), of(b)), (Some(x), Some(y)) if x.run && y.run && Self::interleave(x, y))
    }

    /// Private jokers of suit `s` in the packed counters `pj` (2 bits a suit).
    #[inline]
    pub fn private_of(pj: u8, s: usize) -> u8 {
        pj >> (2 * s) & 3
    }

    /// All private jokers in the packed counters `pj`.
    #[inline]
    pub fn private_total(pj: u8) -> u8 {
        (0..SUITS).map(|s| Self::private_of(pj, s)).sum()
    }
}
