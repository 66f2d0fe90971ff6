//! Per-suit options of one sweep step: every distinct way to treat the cards
//! of one suit at one position (extend, close or start runs, with naturals or
//! jokers; the rest goes to the set stage).

/// The run classes a suit's code counts (the open runs of the suit by kind
/// and length), each in 4 bits: a class's index in the code.
pub struct RunClass;

impl RunClass {
    /// Runs of length 1 holding a natural (`n1`).
    pub const N1: usize = 0;
    /// Runs of length 2 holding a natural (`n2`).
    pub const N2: usize = 1;
    /// Runs of length 3 or more (`n3`; with lazy jokers: ending in a natural).
    pub const N3: usize = 2;
    /// Joker-only runs of length 1 (`z1`; tracked with more than two jokers).
    pub const Z1: usize = 3;
    /// Lazy jokers, which track no joker-only runs: 3+ runs ending in a joker,
    /// which must go on (`n3j`, in `z1`'s place).
    pub const N3_JOKER: usize = 3;
    /// Joker-only runs of length 2 (`z2`).
    pub const Z2: usize = 4;
    /// The classes a code counts.
    pub const ALL: usize = 5;
}

/// Bits of a class in a code, and the most runs a class counts.
const CLASS_BITS: u32 = 4;
const MAX_RUNS: u32 = 15;

/// The open runs of `class` ([`RunClass`]) in a suit's `code`.
#[inline]
pub(super) fn class_count(code: u32, class: usize) -> u32 {
    (code >> (CLASS_BITS * class as u32)) & MAX_RUNS
}

/// `code` with one more run of `class` (None: the class is full).
pub(super) fn with_run(code: u32, class: usize) -> Option<u32> {
    (class_count(code, class) < MAX_RUNS).then(|| code + (1 << (CLASS_BITS * class as u32)))
}

/// The code of the run counts by class (None: a class over [`MAX_RUNS`]).
pub(super) fn pack_code(counts: [u32; RunClass::ALL]) -> Option<u32> {
    let mut code = 0;
    for (class, &n) in counts.iter().enumerate() {
        if n > MAX_RUNS {
            return None;
        }
        code |= n << (CLASS_BITS * class as u32);
    }
    Some(code)
}

/// Runs of a code that must go on: of length 1–2, either kind (with lazy
/// jokers, 3+ runs ending in a joker in `z1`'s place).
#[inline]
pub(super) fn short(code: u32) -> u32 {
    // (a byte at a time: classes n1, n2 (nibbles 0, 1), z1 (3) and z2 (4), at most 15 each, land in
    // bytes 0-2 without a carry)
    const SHORT_CLASSES: u32 = 0xf_f0ff;
    const LOW_NIBBLES: u32 = 0x0f_0f0f;
    let c = code & SHORT_CLASSES;
    let bytes = (c & LOW_NIBBLES) + (c >> 4 & LOW_NIBBLES);
    (bytes & 0xff) + (bytes >> 8 & 0xff) + (bytes >> 16 & 0xff)
}

/// One way to treat the cards of one suit at one position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SuitOpt {
    /// The suit's code after the step.
    pub new_code: u32,
    /// Jokers used (extensions and starts).
    pub jokers: u8,
    /// Table naturals left for the set stage.
    pub table_left: u8,
    /// Hand naturals left for the set stage (or the hand).
    pub hand_left: u8,
    /// Hand naturals placed in runs.
    pub hand_in_runs: u8,
    /// Open runs absorbed by kept runs starting here, per class n1, n2, n3, z1, z2.
    pub absorbed: [u8; 5],
    /// 3+ runs extended (the others close).
    pub long_extended: u8,
    /// Joker-only runs of length 1 extended by a joker.
    pub joker_runs_extended: u8,
    /// Jokers extending runs that hold a natural.
    pub jokers_extending: u8,
    /// New runs started by a natural.
    pub natural_starts: u8,
    /// New runs started by a joker.
    pub joker_starts: u8,
    /// Lazy jokers: jokers on extended 3+ runs, on runs ending in a joker, and starting runs.
    pub lazy_jokers: [u8; 3],
    /// Keep mode ([`Carrier`]): the carrier's class + 1 after the step (0: none open).
    pub carrier_mark: CarrierMark,
    /// Keep mode: private jokers laid (by the carrier: 0 or 1; in `j` too).
    pub private_laid: u8,
    /// Keep mode: the carrier's class + 1 before the step (0: not involved); the
    /// counts above are the other runs'.
    pub carrier_from: CarrierMark,
    /// Keep mode: what the carrier did.
    pub carrier_fate: CarrierFate,
}

/// Keep mode, a suit with one kept run holding jokers (its
/// *private* jokers, [`super::keep::OldMeld::private`]): the run that must
/// hold them, the *carrier*. Below the kept run's lock the first run to lay a
/// private joker becomes the carrier and must grow into the lock (absorbed
/// where the lock starts); above the lock the run going on from it is the
/// carrier. No other run lays a private joker, so every answer gives the kept
/// run its jokers back. Runs are counted by class, so the carrier is one run
/// taken out of its class and stepped on its own ([`suit_options`]), by the
/// classes of the joker mode: lazy, or placed (joker-only runs where tracked).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Carrier {
    /// Where the step stands to the kept run's lock.
    pub mode: CarrierMode,
    /// The open carrier's class + 1 (0: none open).
    pub mark: CarrierMark,
    /// Private jokers are left (the carrier may lay one).
    pub private: bool,
    /// Below the lock with no carrier yet, at position 0 of the cycle of
    /// ranks: one of the runs crossing the cut becomes the carrier, whether
    /// or not it lays a private joker here
    /// ([`crate::search::keep::KeepInfo::cross_from`]).
    pub from_cut: bool,
}

/// [`Carrier::mode`]: where a suit step stands to the kept run's lock (a
/// memo key packs it as its discriminant).
#[repr(u8)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CarrierMode {
    /// No carrier is tracked here.
    #[default]
    Off = 0,
    /// Below the lock: the first run to lay a private joker becomes the carrier.
    Below = 1,
    /// At the lock's first cell: the open carrier is absorbed by it.
    AtLock = 2,
    /// Above the lock: the run going on from it carries.
    Above = 3,
}

/// [`SuitOpt::carrier_fate`]: what the carrier did in a suit step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CarrierFate {
    /// No carrier took part.
    #[default]
    Uninvolved,
    /// The carrier took a natural.
    TakesNatural,
    /// The carrier took a joker.
    TakesJoker,
    /// The carrier closed.
    Closes,
    /// The carrier was absorbed by the kept run's lock.
    Absorbed,
    /// A run of class `cfrom - 1` laid the first private joker and became the carrier.
    Becomes,
    /// A run started by a private joker became the carrier.
    Starts,
    /// The carrier was absorbed by another kept run's lock starting here: the run
    /// going on from the next lock of the suit to end carries (see [`CarrierMark::IN_LOCK`]).
    IntoLock,
}

/// A carrier's mark, kept in the search state per suit: none open, the open
/// carrier's run class + 1 (1..=5), or inside another kept run's lock (a
/// memo key packs it as a nibble).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CarrierMark(pub u8);

impl CarrierMark {
    /// No carrier open.
    pub const NONE: Self = Self(0);
    /// A carrier that is a 3+ run ending in a natural (the run going on from a lock).
    pub const N3: Self = Self(3);
    /// The carrier is inside another kept run's lock. It comes out where a kept
    /// lock of the suit ends (any: a relaxation where several are open, so the
    /// answer is checked as without a carrier).
    pub const IN_LOCK: Self = Self(6);

    /// The mark of an open carrier of run class `class` (0..5).
    const fn of_class(class: usize) -> Self {
        Self(class as u8 + 1)
    }

    /// The open carrier's run class (None: none open, or inside a lock).
    pub fn class(self) -> Option<usize> {
        (1..=5).contains(&self.0).then(|| self.0 as usize - 1)
    }

    /// The same mark for the *end carrier* (the flag 8): on the cycle of ranks,
    /// a run that laid a private joker above the lock after the lock's own
    /// carrier ended, which must go on to the last cell ([`crate::search::keep::KeepInfo::cross_carried`]).
    pub fn to_end(self) -> Self {
        if self == Self::NONE {
            self
        } else {
            Self(self.0 | END)
        }
    }

    /// Whether it marks an end carrier ([`Self::to_end`]).
    pub fn is_end(self) -> bool {
        self.0 & END != 0
    }

    /// The mark without the end carrier's flag.
    pub fn plain(self) -> Self {
        Self(self.0 & !END)
    }
}

/// [`CarrierMark::to_end`]'s flag.
const END: u8 = 8;

/// The carrier's part of an option: what it takes and becomes.
#[derive(Clone, Copy, Default)]
struct Part {
    from: CarrierMark,
    fate: CarrierFate,
    /// Naturals and jokers it takes (pool jokers among them: `pool`).
    reals: u32,
    jokers: u32,
    pool: u32,
    own: u8,
    /// Its class after the step, as a code increment, and + 1 as the mark.
    inc: [u32; 5],
    mark: CarrierMark,
    /// A 3+ carrier closing: no run starts (it could go on instead).
    no_start: bool,
    /// One of the locks starting here absorbs it.
    absorbed: u32,
}

/// Lazy classes after a step, by the class before it: by a natural, by a joker.
const AFTER_NAT: [usize; 4] = [RunClass::N2, RunClass::N3, RunClass::N3, RunClass::N3];
const AFTER_JOKER: [usize; 4] = [RunClass::N2, RunClass::N3, RunClass::N3_JOKER, RunClass::N3_JOKER];
/// Placed jokers' classes after a step, by the class before it (n1, n2, n3,
/// z1, z2): by a natural, by a joker (joker-only runs stay joker-only).
const PLACED_AFTER_NAT: [usize; 5] = [RunClass::N2, RunClass::N3, RunClass::N3, RunClass::N2, RunClass::N3];
const PLACED_AFTER_JOKER: [usize; 5] = [RunClass::N2, RunClass::N3, RunClass::N3, RunClass::Z2, RunClass::Z2];

/// The carrier's possible parts at a step with `n` runs per class.
fn carrier_parts(p: &SuitIn, n: [u32; 5], jl: u32) -> Vec<Part> {
    let c = p.carrier;
    let (after_nat, after_joker): (&[usize], &[usize]) =
        if p.lazy { (&AFTER_NAT, &AFTER_JOKER) } else { (&PLACED_AFTER_NAT, &PLACED_AFTER_JOKER) };
    // (a run a joker starts: lazy jokers start one only where a run must lead with it; placed
    // ones wherever a run may start, joker-only where those are tracked)
    let joker_start = if p.lazy { p.joker_start } else { p.can_start };
    let started = if !p.lazy && p.track_z { RunClass::Z1 } else { RunClass::N1 };
    let grown = |from: CarrierMark, fate: CarrierFate, to: usize| {
        let mut inc = [0; 5];
        inc[to] = 1;
        Part { from, fate, inc, mark: CarrierMark::of_class(to), ..Part::default() }
    };
    let joker = |from: CarrierMark, fate: CarrierFate, to: usize| {
        let mut x = grown(from, fate, to);
        x.jokers = 1;
        if c.private {
            x.own = 1;
        } else {
            x.pool = 1;
        }
        x
    };
    let mut out = Vec::new();
    // (another kept run's lock starting here may take the carrier in)
    let into_lock = |m: CarrierMark| Part {
        from: m,
        fate: CarrierFate::IntoLock,
        absorbed: 1,
        mark: CarrierMark::IN_LOCK,
        ..Part::default()
    };
    match (c.mode, c.mark) {
        (CarrierMode::Off, _) | (CarrierMode::AtLock, CarrierMark::NONE) | (CarrierMode::Above, CarrierMark::NONE) => {
            out.push(Part::default())
        }
        // (inside a lock: it cannot reach the kept run's lock before that lock ends)
        (CarrierMode::AtLock, CarrierMark::IN_LOCK) => {}
        (_, CarrierMark::IN_LOCK) => out.push(Part { mark: CarrierMark::IN_LOCK, ..Part::default() }),
        (CarrierMode::AtLock, m) => {
            if m.class().is_some_and(|cc| n[cc] > 0) && p.kept_starts > 0 {
                out.push(Part { from: m, fate: CarrierFate::Absorbed, absorbed: 1, ..Part::default() });
            }
        }
        (CarrierMode::Below, CarrierMark::NONE) if c.from_cut => {
            // (a run crossing the cut carries from position 0 into the lock: it takes this cell)
            for (cc, (&nat, &jok)) in after_nat.iter().zip(after_joker).enumerate() {
                if n[cc] == 0 {
                    continue;
                }
                let m = CarrierMark::of_class(cc);
                out.push(Part { reals: 1, ..grown(m, CarrierFate::TakesNatural, nat) });
                if c.private || jl > 0 {
                    out.push(joker(m, CarrierFate::TakesJoker, jok));
                }
                if p.kept_starts > 0 {
                    out.push(into_lock(m));
                }
            }
        }
        (CarrierMode::Below, CarrierMark::NONE) => {
            out.push(Part::default());
            if c.private {
                for (cc, &to) in after_joker.iter().enumerate() {
                    if n[cc] > 0 {
                        out.push(joker(CarrierMark::of_class(cc), CarrierFate::Becomes, to));
                    }
                }
                if p.can_start && joker_start {
                    out.push(joker(CarrierMark::NONE, CarrierFate::Starts, started));
                }
            }
        }
        (_, m) => {
            let Some(cc) = m.class() else { return out };
            if n[cc] == 0 {
                return out;
            }
            let (Some(&nat), Some(&jok)) = (after_nat.get(cc), after_joker.get(cc)) else { return out };
            out.push(Part { reals: 1, ..grown(m, CarrierFate::TakesNatural, nat) });
            if c.private || jl > 0 {
                out.push(joker(m, CarrierFate::TakesJoker, jok));
            }
            if c.mode == CarrierMode::Above && cc == RunClass::N3 {
                out.push(Part { from: m, fate: CarrierFate::Closes, no_start: true, ..Part::default() });
            }
            if p.kept_starts > 0 {
                out.push(into_lock(m));
            }
        }
    }
    out
}

/// Parameters of [`suit_options`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SuitIn {
    /// The suit's code before the step.
    pub code: u32,
    /// Table naturals here.
    pub table: u8,
    /// Hand naturals here.
    pub hand: u8,
    /// Jokers still free.
    pub jokers_free: u8,
    /// Runs may start here.
    pub can_start: bool,
    /// Kept runs starting here.
    pub kept_starts: u8,
    /// Kept runs ending here.
    pub kept_ends: u8,
    /// Joker-only runs tracked separately (> 2 jokers).
    pub track_z: bool,
    /// Canonical joker rule for table leftovers (see [`suit_options`]).
    pub swap_table_left: bool,
    /// Canonical joker rule for hand leftovers.
    pub swap_hand_left: bool,
    /// Lazy jokers (≤ 2 jokers): a joker is laid only where its meld needs it;
    /// spare jokers are added to finished melds at the end. Class index 3 then
    /// counts 3+ runs ending in a joker, which must go on.
    pub lazy: bool,
    /// Lazy jokers: a run may start with a joker here (only a run ending at the
    /// last position needs a leading joker; elsewhere it could trail instead).
    pub joker_start: bool,
    /// Drop options whose outcome another option dominates ([`dominates`]):
    /// not where the open runs at the end count (wrapping runs, the ace high).
    pub dominance: bool,
    /// Keep mode: the carrier of a kept run's private jokers.
    pub carrier: Carrier,
}

/// Every distinct way (by outcome) to treat one suit at one position.
pub fn suit_options(p: SuitIn) -> Vec<SuitOpt> {
    let mut out: Vec<SuitOpt> = Vec::new();
    let n: [u32; RunClass::ALL] = std::array::from_fn(|class| class_count(p.code, class));
    let (t, h, jl, ka) = (p.table as u32, p.hand as u32, p.jokers_free as u32, p.kept_starts as u32);
    // Kept runs starting here may absorb open runs of any class (the merged run
    // holds the kept run's naturals, so it is valid). The carrier, if any, steps
    // on its own; the other runs take the options.
    for part in carrier_parts(&p, n, jl) {
        let mut rest = n;
        if let Some(class) = part.from.class().filter(|_| part.fate != CarrierFate::Starts) {
            rest[class] -= 1;
        }
        let mut a = [0u32; 5];
        absorb_rec(&p, rest, 0, ka - part.absorbed, &mut a, t, h, jl - part.pool, &part, &mut out);
    }
    if p.dominance {
        // (same cards and jokers used, runs no shorter, the same carrier: the first of equals stays)
        let same = |a: &SuitOpt, b: &SuitOpt| {
            a.jokers == b.jokers
                && a.table_left == b.table_left
                && a.hand_left == b.hand_left
                && a.private_laid == b.private_laid
                && a.carrier_mark == b.carrier_mark
        };
        let beaten = |i: usize| {
            let o = &out[i];
            out.iter().enumerate().any(|(k, q)| {
                k != i && same(q, o) && dominates(q.new_code, o.new_code) && (q.new_code != o.new_code || k < i)
            })
        };
        let keep: Vec<bool> = (0..out.len()).map(|i| !beaten(i)).collect();
        let mut flags = keep.into_iter();
        out.retain(|_| flags.next().unwrap_or(true));
    }
    out
}

/// Whether the suit code `b` dominates `a`: the open runs of `a` map one to one
/// onto runs of `b` no shorter (lengths 1, 2, 3+ holding a natural), the runs of
/// `b` left over are 3+ runs, and the joker classes agree. A longer run has
/// fewer obligations and the same ways on, a 3+ run may close at once: every
/// way on from `a` is one from `b`, with the same score.
pub(super) fn dominates(b: u32, a: u32) -> bool {
    let natural =
        |code| (class_count(code, RunClass::N1), class_count(code, RunClass::N2), class_count(code, RunClass::N3));
    let ((x1, x2, x3), (y1, y2, y3)) = (natural(a), natural(b));
    let same = |class| class_count(a, class) == class_count(b, class);
    same(RunClass::Z1) && same(RunClass::Z2) && y1 <= x1 && y1 + y2 <= x1 + x2 && y1 + y2 + y3 >= x1 + x2 + x3
}

/// The codes that dominate `code` by one step ([`dominates`]): a run of
/// length 2 grown to 3+, or one of length 1 grown to 2.
pub(super) fn grown_once(code: u32) -> [Option<u32>; 2] {
    let (n1, n2, n3) =
        (class_count(code, RunClass::N1), class_count(code, RunClass::N2), class_count(code, RunClass::N3));
    let up = |from: usize| code - (1 << (CLASS_BITS * from as u32)) + (1 << (CLASS_BITS * (from as u32 + 1)));
    [(n2 > 0 && n3 < MAX_RUNS).then(|| up(RunClass::N2)), (n1 > 0 && n2 < MAX_RUNS).then(|| up(RunClass::N1))]
}

#[allow(clippy::too_many_arguments)]
fn absorb_rec(
    p: &SuitIn,
    n: [u32; 5],
    i: usize,
    left: u32,
    a: &mut [u32; 5],
    t: u32,
    h: u32,
    jl: u32,
    part: &Part,
    out: &mut Vec<SuitOpt>,
) {
    if i == 5 {
        let m = [n[0] - a[0], n[1] - a[1], n[2] - a[2], n[3] - a[3], n[4] - a[4]];
        if p.lazy {
            options_lazy(p, m, *a, t, h, jl, part, out);
        } else {
            options_after_absorb(p, m, *a, t, h, jl, part, out);
        }
        return;
    }
    for x in 0..=n[i].min(left) {
        a[i] = x;
        absorb_rec(p, n, i + 1, left - x, a, t, h, jl, part, out);
    }
    a[i] = 0;
}

#[allow(clippy::too_many_arguments)]
fn push_opt(
    p: &SuitIn,
    new: [u32; 5],
    jused: u32,
    reals: u32,
    (t, h): (u32, u32),
    absorb: [u32; 5],
    (e3, jn, rs): (u32, u32, u32),
    lazy_j: [u32; 3],
    part: &Part,
    out: &mut Vec<SuitOpt>,
) {
    let Some(new) = pack_code(new) else { return };
    for rt in reals.saturating_sub(h)..=t.min(reals) {
        let rh = reals - rt;
        let (lt, lh) = (t - rt, h - rh);
        if jused > 0 && ((p.swap_table_left && lt > 0) || (p.swap_hand_left && lh > 0)) {
            continue;
        }
        let same = |q: &SuitOpt| {
            q.new_code == new
                && q.jokers as u32 == jused
                && q.table_left as u32 == lt
                && q.hand_left as u32 == lh
                && q.private_laid == part.own
                && q.carrier_mark == part.mark
        };
        if out.iter().any(same) {
            continue;
        }
        out.push(SuitOpt {
            new_code: new,
            jokers: jused as u8,
            table_left: lt as u8,
            hand_left: lh as u8,
            hand_in_runs: rh as u8,
            absorbed: absorb.map(|x| x as u8),
            long_extended: e3 as u8,
            joker_runs_extended: 0,
            jokers_extending: jn as u8,
            natural_starts: rs as u8,
            joker_starts: 0,
            lazy_jokers: lazy_j.map(|x| x as u8),
            carrier_mark: part.mark,
            private_laid: part.own,
            carrier_from: part.from,
            carrier_fate: part.fate,
        });
    }
}

/// Options under lazy jokers (≤ 2 jokers, no joker-only classes). Classes:
/// 0 n1, 1 n2, 2 n3 (3+ ending in a natural), 3 n3j (3+ ending in a joker, must go on).
#[allow(clippy::too_many_arguments)]
fn options_lazy(
    p: &SuitIn,
    m: [u32; 5],
    absorb: [u32; 5],
    t: u32,
    h: u32,
    jl: u32,
    part: &Part,
    out: &mut Vec<SuitOpt>,
) {
    let [m1, m2, m3, m3j, _] = m;
    let inc = part.inc;
    for e3 in 0..=m3 {
        let max_start = if p.can_start && e3 == m3 && !part.no_start { t + h + jl } else { 0 };
        // jokers on: short runs (j12), extended 3+ runs (j3, they become n3j), n3j runs (jj)
        for j12 in 0..=(m1 + m2).min(jl) {
            for j3 in 0..=e3.min(jl - j12) {
                for jj in 0..=m3j.min(jl - j12 - j3) {
                    let jstart_max = if p.joker_start { jl - j12 - j3 - jj } else { 0 };
                    for rs in 0..=max_start {
                        for xj in 0..=jstart_max.min(rs) {
                            let jused = j12 + j3 + jj + xj + part.jokers;
                            let reals = (m1 + m2 - j12) + (e3 - j3) + (m3j - jj) + (rs - xj) + part.reals;
                            if reals > t + h {
                                continue;
                            }
                            // Which short runs took the jokers does not change the classes.
                            let new = [
                                rs + inc[0],
                                m1 + inc[1],
                                m2 + (e3 - j3) + (m3j - jj) + p.kept_ends as u32 + inc[2],
                                j3 + jj + inc[3],
                                0,
                            ];
                            let (counts, lazy_j) = ((e3, j12, rs), [j3, jj, xj]);
                            push_opt(p, new, jused, reals, (t, h), absorb, counts, lazy_j, part, out);
                        }
                    }
                }
            }
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn options_after_absorb(
    p: &SuitIn,
    m: [u32; 5],
    absorb: [u32; 5],
    t: u32,
    h: u32,
    jl: u32,
    part: &Part,
    out: &mut Vec<SuitOpt>,
) {
    let [m1, m2, m3, z1, z2] = m;
    let inc = part.inc;
    for e3 in 0..=m3 {
        let ext_n = m1 + m2 + e3; // runs with a natural that extend
        let max_start = if p.can_start && e3 == m3 && !part.no_start { t + h + jl } else { 0 };
        for jz1 in 0..=z1.min(jl) {
            if !p.track_z && jz1 > 0 {
                break;
            }
            // joker-only runs of length ≥ 2 may take further jokers (they still need a natural)
            let jz2_max = if p.track_z { z2.min(jl - jz1) } else { 0 };
            for jz2 in 0..=jz2_max {
                let jl = jl - jz2;
                for jn in 0..=ext_n.min(jl - jz1) {
                    for js in 0..=max_start.min(jl - jz1 - jn) {
                        if !p.track_z && js > 0 {
                            // without tracking, a joker start is counted as a plain start below
                            break;
                        }
                        for rs in 0..=(max_start - js) {
                            let jk = jz1 + jn + js + jz2;
                            // naturals needed: z1 runs not given a joker, all z2 runs, the
                            // natural-holding extensions without a joker, natural starts
                            let reals_needed = (z1 - jz1) + (z2 - jz2) + (ext_n - jn) + rs;
                            // without tracking, jokers may also start runs: rs counts starts,
                            // some of which may take a joker instead of a natural
                            let extra_j_max = if p.track_z { 0 } else { rs.min(jl + jz2 - jk) };
                            for xj in 0..=extra_j_max {
                                let reals = reals_needed - xj + part.reals;
                                if reals > t + h {
                                    continue;
                                }
                                let jused = jk + xj + part.jokers;
                                let (n1n, zn) = if p.track_z { (rs, js) } else { (rs, 0) };
                                let new = [
                                    n1n + inc[0],
                                    m1 + (z1 - jz1) + inc[1],
                                    m2 + e3 + (z2 - jz2) + p.kept_ends as u32 + inc[2],
                                    zn + inc[3],
                                    jz1 + jz2 + inc[4],
                                ];
                                let Some(new) = pack_code(new) else { continue };
                                let rt_lo = reals.saturating_sub(h);
                                for rt in rt_lo..=t.min(reals) {
                                    let rh = reals - rt;
                                    let o = SuitOpt {
                                        new_code: new,
                                        jokers: jused as u8,
                                        table_left: (t - rt) as u8,
                                        hand_left: (h - rh) as u8,
                                        hand_in_runs: rh as u8,
                                        absorbed: absorb.map(|x| x as u8),
                                        long_extended: e3 as u8,
                                        joker_runs_extended: jz1 as u8,
                                        jokers_extending: (jn + xj) as u8,
                                        natural_starts: rs as u8,
                                        joker_starts: js as u8,
                                        lazy_jokers: [jz2 as u8, 0, 0],
                                        carrier_mark: part.mark,
                                        private_laid: part.own,
                                        carrier_from: part.from,
                                        carrier_fate: part.fate,
                                    };
                                    // Swap rule: a joker in a run of this suit here while a natural of this
                                    // suit here goes to a set (or, with no table jokers, stays in the
                                    // hand) can trade places with it; so such options are never needed.
                                    if jused > 0
                                        && ((p.swap_table_left && o.table_left > 0)
                                            || (p.swap_hand_left && o.hand_left > 0))
                                    {
                                        continue;
                                    }
                                    if !out.iter().any(|q| {
                                        q.new_code == o.new_code
                                            && q.jokers == o.jokers
                                            && q.table_left == o.table_left
                                            && q.hand_left == o.hand_left
                                            && q.private_laid == o.private_laid
                                            && q.carrier_mark == o.carrier_mark
                                    }) {
                                        out.push(o);
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A step of `code` with `t` table naturals, no hand naturals and no free
    /// jokers, nothing kept, a run may start (the fields the tests vary).
    fn step(code: [u32; 5], t: u8, lazy: bool) -> SuitIn {
        SuitIn {
            code: pack_code(code).unwrap(),
            table: t,
            hand: 0,
            jokers_free: 0,
            can_start: true,
            kept_starts: 0,
            kept_ends: 0,
            track_z: false,
            swap_table_left: true,
            swap_hand_left: true,
            lazy,
            joker_start: !lazy,
            dominance: false,
            carrier: Carrier::default(),
        }
    }

    /// Runs map onto runs no shorter; spare runs must be 3+; joker classes agree.
    #[test]
    fn dominance_of_codes() {
        let code = |c| pack_code(c).unwrap();
        let a = code([1, 1, 0, 0, 0]);
        assert!(dominates(code([0, 2, 0, 0, 0]), a));
        assert!(dominates(code([0, 1, 1, 0, 0]), a));
        assert!(dominates(code([0, 0, 3, 0, 0]), a));
        assert!(dominates(a, a));
        // (a run gone, a run shorter, a spare short run, another joker class)
        assert!(!dominates(code([1, 0, 0, 0, 0]), a));
        assert!(!dominates(code([2, 0, 0, 0, 0]), a));
        assert!(!dominates(code([1, 1, 0, 0, 0]), code([0, 2, 0, 0, 0])));
        assert!(!dominates(code([1, 2, 0, 0, 0]), a));
        assert!(!dominates(code([0, 2, 0, 1, 0]), a));
        let grown: Vec<u32> = grown_once(a).into_iter().flatten().collect();
        assert_eq!(grown, vec![code([1, 0, 1, 0, 0]), code([0, 2, 0, 0, 0])]);
        assert!(grown.iter().all(|&g| dominates(g, a)));
    }

    #[test]
    fn options_cover_plain_extension() {
        // one run of length 2 must extend; one table natural here
        let o = suit_options(step([0, 1, 0, 0, 0], 1, false));
        assert_eq!(o.len(), 1);
        assert_eq!(o[0].new_code, pack_code([0, 0, 1, 0, 0]).unwrap());
    }

    /// A private joker goes to the carrier alone: with one natural, a run of
    /// two that must go on and the carrier (3+) above its kept run, the short
    /// run takes the natural and the carrier the joker, or the carrier closes.
    #[test]
    fn private_jokers_go_to_the_carrier() {
        let p = SuitIn {
            carrier: Carrier { mode: CarrierMode::Above, mark: CarrierMark::N3, private: true, from_cut: false },
            ..step([0, 1, 1, 0, 0], 1, true)
        };
        let mut o: Vec<(u32, u8, u8, CarrierFate)> =
            suit_options(p).iter().map(|o| (o.new_code, o.private_laid, o.carrier_mark.0, o.carrier_fate)).collect();
        o.sort();
        let mut want = vec![
            (pack_code([0, 0, 1, 1, 0]).unwrap(), 1, 4, CarrierFate::TakesJoker),
            (pack_code([0, 0, 1, 0, 0]).unwrap(), 0, 0, CarrierFate::Closes),
        ];
        want.sort();
        assert_eq!(o, want);
        // below its kept run, the first run to lay a private joker becomes the carrier
        let below = SuitIn {
            carrier: Carrier { mode: CarrierMode::Below, mark: CarrierMark::NONE, private: true, from_cut: false },
            ..step([0, 1, 0, 0, 0], 0, true)
        };
        let o = suit_options(below);
        assert!(
            o.iter().all(|o| o.private_laid == 1
                && o.carrier_fate == CarrierFate::Becomes
                && o.carrier_mark == CarrierMark::N3),
            "{o:?}"
        );
        assert_eq!(o.len(), 1);
    }

    #[test]
    fn short_run_without_card_has_no_option() {
        assert!(suit_options(step([1, 0, 0, 0, 0], 0, false)).is_empty());
    }
}
