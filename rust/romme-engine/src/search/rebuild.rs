//! From the sweep's decisions to concrete melds of physical cards.
//!
//! Every physical card has an id; table cards remember their old meld, so the
//! number of moved table cards can be counted, and the choices left open by
//! the DP (which run takes which copy, which run closes) prefer keeping old
//! melds together.

mod cyclic;
mod naturals;
mod private_jokers;

pub use private_jokers::place_private_jokers;

use std::rc::Rc;

use super::grid::GridGame;
use super::groups::{self, SetRules, Shape};
use super::model::{Model, MAX_POS, SUITS};
use super::options::{CarrierFate, RunClass};
use super::sweep::{Absorbed, Decision, GapFill, JokerMode, SeamProfiles, SuitOpt};

/// One physical card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tile {
    /// Card code.
    pub code: u8,
    /// Unique id.
    pub id: u16,
    /// Old table meld, or None for a hand card.
    pub src: Option<u16>,
}

/// A card laid in a new meld.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Laid {
    /// The physical card.
    pub tile: Tile,
    /// The natural it stands for.
    pub stands_for: u8,
}

/// A kept run: its laid cards, suit and span.
#[derive(Clone, Debug)]
pub struct KeptRun {
    /// Suit.
    pub suit: usize,
    /// First position.
    pub first: usize,
    /// Last position.
    pub last: usize,
    /// Cards, ascending.
    pub cards: Vec<Laid>,
    /// Keep mode: its private jokers go with a carrier ([`super::options::Carrier`]).
    pub carrier: bool,
}

/// A kept set at a position (3 cards may take a 4th).
#[derive(Clone, Debug)]
pub struct KeptSet {
    /// Position.
    pub pos: usize,
    /// Cards.
    pub cards: Vec<Laid>,
}

/// The physical cards of one solve.
#[derive(Clone, Debug, Default)]
pub struct Cards {
    /// Free table naturals per suit and (low) position.
    pub table: [[Vec<Tile>; MAX_POS]; SUITS],
    /// Hand naturals per suit and (low) position.
    pub hand: [[Vec<Tile>; MAX_POS]; SUITS],
    /// Free jokers, table ones first.
    pub jokers: Vec<Tile>,
    /// Kept runs.
    pub kept_runs: Vec<KeptRun>,
    /// Kept sets.
    pub kept_sets: Vec<KeptSet>,
    /// Hand naturals that fit no meld at all (left out of the search).
    pub unplaceable: Vec<Tile>,
}

impl Cards {
    /// Empty pools.
    pub fn new() -> Cards {
        Cards::default()
    }
}

/// A new meld: run (ascending) or set.
#[derive(Clone, Debug)]
pub struct Built {
    /// Whether it is a run.
    pub run: bool,
    /// Cards.
    pub cards: Vec<Laid>,
}

/// The concrete outcome.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    /// New melds.
    pub melds: Vec<Built>,
    /// Hand cards left in the hand.
    pub unplaced: Vec<Tile>,
    /// Table cards left for the hand (when allowed).
    pub taken: Vec<Tile>,
    /// On the cycle: a walk round it was split where it parts an old meld, which
    /// the keep search counted whole (its fewest moved is then not claimed).
    pub parted: bool,
}

/// The length class of an open run of the rebuild (the sweep's [`RunClass`]
/// plus the runs starting at the step being built).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Length {
    /// Started at this step by a natural (or a joker standing in for one), no card yet.
    New,
    /// Holding a natural, of length 1, 2, and 3 or more (with lazy jokers:
    /// ending in a natural).
    One,
    Two,
    Long,
    /// Joker-only (more than two jokers): started at this step by a joker, no
    /// card yet; of length 1; of length 2.
    NewJoker,
    JokerOne,
    JokerTwo,
    /// Lazy jokers: 3 or more ending in a joker (must go on).
    LongJokerEnd,
}

#[derive(Clone, Debug)]
struct OpenRun {
    cards: Vec<Laid>,
    class: Length,
    /// Keep mode: it carries a kept run's private jokers.
    carrier: bool,
    /// On the cycle: a run crossing the cut, entered at position 0 with this
    /// class (its part below the cut is a run open at the end: [`cyclic`]).
    crossing: Option<Length>,
}

impl OpenRun {
    fn new(class: Length) -> OpenRun {
        OpenRun { cards: Vec::new(), class, carrier: false, crossing: None }
    }
}

/// The rebuild's class of a lazy sweep class (by index: [`RunClass::N1`],
/// [`RunClass::N2`], [`RunClass::N3`], [`RunClass::N3_JOKER`]).
const LAZY_CLASS: [Length; 4] = [Length::One, Length::Two, Length::Long, Length::LongJokerEnd];
/// The rebuild's class of a placed sweep class (by index: n1, n2, n3, z1, z2).
const PLACED_CLASS: [Length; 5] = [Length::One, Length::Two, Length::Long, Length::JokerOne, Length::JokerTwo];

fn last_src(r: &OpenRun) -> Option<u16> {
    r.cards.last().and_then(|l| l.tile.src)
}

struct Builder<'a> {
    jokers: JokerMode,
    g: &'a GridGame,
    m: &'a Model,
    cards: Cards,
    // (per suit: arrays, not vectors, so that a step's hand-over allocates nothing)
    open: [Vec<OpenRun>; SUITS],
    pending: Vec<(usize, usize, OpenRun)>, // (suit, end position, run)
    keep_high: [(Vec<Tile>, Vec<Tile>); SUITS],
    /// On the cycle: the seam profiles, and per suit the crossing runs closed.
    seams: SeamProfiles,
    crossed: [Vec<OpenRun>; SUITS],
    left_t: [Vec<Tile>; SUITS],
    left_h: [Vec<Tile>; SUITS],
    out: Outcome,
}

/// The hand cards a rebuild with lazy jokers places in all: they decide how
/// many spare hand jokers it adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandGoal {
    /// Exactly this many (the cards objective's count).
    Exactly(u32),
    /// Every spare hand joker, up to this many hand cards in all (a scored
    /// objective, where each joker scores, under the per-turn cap).
    AtMost(u32),
}

/// Turns decisions into melds. Returns None if the decisions do not fit the cards
/// (an internal inconsistency; callers treat it as an error).
///
/// With lazy jokers, spare jokers are then added to finished melds: all free
/// table jokers, and hand jokers as `hand_goal` says.
pub fn build(
    g: &GridGame,
    m: &Model,
    cards: Cards,
    decs: &[Decision],
    jokers: JokerMode,
    hand_goal: HandGoal,
) -> Option<Outcome> {
    let mut b = Builder {
        jokers,
        g,
        m,
        cards,
        open: Default::default(),
        pending: Vec::new(),
        keep_high: Default::default(),
        seams: SeamProfiles::of(m, jokers, m.jokers > 2)?,
        crossed: Default::default(),
        left_t: Default::default(),
        left_h: Default::default(),
        out: Outcome::default(),
    };
    for d in decs {
        match *d {
            Decision::Suit { pos, suit, opt, aces_high, seam, gaps, .. } => {
                b.suit_step(pos as usize, suit as usize, &opt, (aces_high, seam), gaps)?
            }
            Decision::Sets { pos, outcome, absorbs } => b.set_step(pos as usize, outcome, &absorbs)?,
        }
    }
    for s in 0..SUITS {
        b.end_runs(s)?;
    }
    if !b.pending.is_empty() {
        return None;
    }
    if jokers == JokerMode::Lazy {
        let placed = b.out.melds.iter().flat_map(|m| m.cards.iter()).filter(|l| l.tile.src.is_none()).count() as u32;
        let hand_jokers = b.cards.jokers.iter().filter(|j| j.src.is_none()).count() as u32;
        let mut hand_spare = match hand_goal {
            HandGoal::Exactly(goal) => goal.saturating_sub(placed),
            HandGoal::AtMost(most) => most.saturating_sub(placed).min(hand_jokers),
        };
        let spare = std::mem::take(&mut b.cards.jokers);
        for j in spare {
            if j.src.is_none() {
                if hand_spare == 0 {
                    b.cards.jokers.push(j);
                    continue;
                }
                hand_spare -= 1;
            }
            if !absorb_joker(g, &mut b.out.melds, j) {
                return None;
            }
        }
        if hand_spare > 0 {
            return None;
        }
    }
    // Jokers not used: hand ones stay in the hand; table ones are taken.
    for j in std::mem::take(&mut b.cards.jokers) {
        if j.src.is_some() {
            b.out.taken.push(j);
        } else {
            b.out.unplaced.push(j);
        }
    }
    b.out.unplaced.append(&mut b.cards.unplaceable);
    for (t, h) in std::mem::take(&mut b.keep_high) {
        if !t.is_empty() {
            return None;
        }
        b.out.unplaced.extend(h);
    }
    b.out.melds = fit_long(g, std::mem::take(&mut b.out.melds));
    Some(b.out)
}

/// Adds a spare joker to a finished meld (a run's free end, or a set of three).
fn absorb_joker(g: &GridGame, melds: &mut [Built], j: Tile) -> bool {
    if melds.iter_mut().any(|m| m.run && run_takes_joker(g, m, j)) {
        return true;
    }
    for m in melds.iter_mut() {
        if !m.run && m.cards.len() == 3 {
            let pos = m.cards.iter().find_map(|l| g.cell(l.stands_for)).map(|x| x.1);
            if let Some(v) = pos {
                m.cards.push(Laid { tile: j, stands_for: 0 });
                fix_set_jokers(g, &mut m.cards, v);
                return true;
            }
        }
    }
    false
}

/// The position of the `i`-th card of an ascending run (Rommé: an ace after
/// the first card sits high, at the last position, while its code's cell is 0).
fn run_pos(g: &GridGame, cards: &[Laid], i: usize) -> usize {
    let p = g.cell(cards[i].stands_for).map_or(0, |c| c.1);
    if g.rules.ace_high && p == 0 && i > 0 {
        g.rules.npos - 1
    } else {
        p
    }
}

/// Adds joker `j` at a free end of the run `m` (false if it has none).
fn run_takes_joker(g: &GridGame, m: &mut Built, j: Tile) -> bool {
    let last = g.rules.npos - 1;
    let n = m.cards.len();
    // (a Rommé run of 13 cards is full: one more would hold the ace low and high)
    if n == 0 || n >= g.max_run_len() {
        return false;
    }
    let Some((s, _)) = g.cell(m.cards[0].stands_for) else {
        return false;
    };
    let (a, b) = (run_pos(g, &m.cards, 0), run_pos(g, &m.cards, n - 1));
    if g.rules.shape.is_cycle() {
        // (on the cycle every run has room above, up to 13 cards)
        m.cards.push(Laid { tile: j, stands_for: g.code_at(s, (b + 1) % g.rules.npos) });
        return true;
    }
    if b < last && b >= a {
        m.cards.push(Laid { tile: j, stands_for: g.code_at(s, b + 1) });
        return true;
    }
    if a > 0 && b >= a {
        m.cards.insert(0, Laid { tile: j, stands_for: g.code_at(s, a - 1) });
        return true;
    }
    false
}

/// Runs longer than the game allows (a Rommé run holding the ace low and
/// high) first hand jokers at their ends to other melds (A..J * * * + 6 7 *:
/// A..J * * and 6 7 * *), then are split ([`split_long`]).
pub(super) fn fit_long(g: &GridGame, mut melds: Vec<Built>) -> Vec<Built> {
    let too_long = |m: &Built| m.run && m.cards.len() > g.max_run_len();
    if !melds.iter().any(too_long) {
        return melds; // (nearly always: nothing to hand on or split)
    }
    for i in 0..melds.len() {
        if !too_long(&melds[i]) {
            continue;
        }
        let mut run = std::mem::replace(&mut melds[i], Built { run: true, cards: Vec::new() });
        while run.cards.len() > g.max_run_len() {
            let end = if run.cards.last().is_some_and(|l| l.tile.code == g.joker) {
                run.cards.len() - 1
            } else if run.cards.first().is_some_and(|l| l.tile.code == g.joker) {
                0
            } else {
                break;
            };
            let j = run.cards.remove(end);
            if !absorb_joker(g, &mut melds, j.tile) {
                run.cards.insert(end, j);
                break;
            }
        }
        melds[i] = run;
    }
    melds.into_iter().flat_map(|m| split_long(g, m)).collect()
}

/// Splits a run longer than the game allows (a Rommé run holding the ace low
/// and high) in two of at least three cards, each with a natural, where it
/// parts the fewest cards of old melds (a kept run inside it stays whole where
/// it can).
pub(super) fn split_long(g: &GridGame, m: Built) -> Vec<Built> {
    if !m.run || m.cards.len() <= g.max_run_len() {
        return vec![m];
    }
    let n = m.cards.len();
    // (cards of old melds with cards on both sides of a cut before card i)
    let parted = |i: usize| {
        let (lo, hi) = m.cards.split_at(i);
        let srcs = |side: &[Laid]| side.iter().filter_map(|l| l.tile.src).collect::<Vec<u16>>();
        let (a, b) = (srcs(lo), srcs(hi));
        a.iter().filter(|s| b.contains(s)).count() + b.iter().filter(|s| a.contains(s)).count()
    };
    // (each part needs a natural: A..J * * * splits as A..9 and 10 J * * *, not A..J and * * *)
    let natural = |l: &Laid| l.tile.code != g.joker;
    let (first, last) = (m.cards.iter().position(natural), m.cards.iter().rposition(natural));
    let both = |i: usize| first.is_some_and(|f| f < i) && last.is_some_and(|l| l >= i);
    let cuts = || (3..=n - 3).filter(|&i| both(i));
    let at = cuts().min_by_key(|&i| (parted(i), i.abs_diff(n / 2))).unwrap_or(n / 2);
    let mut cards = m.cards;
    let rest = cards.split_off(at);
    vec![Built { run: true, cards }, Built { run: true, cards: rest }]
}

/// Takes the carrier the step `o` names out of `runs` (or starts it); where
/// the step names none, no open run carries anything any more (one in a lock
/// may). None if the step does not fit the runs. `joker_runs`: the sweep
/// tracks joker-only runs (placed jokers, more than two).
fn take_carrier(runs: &mut Vec<OpenRun>, o: &SuitOpt, jokers: JokerMode, joker_runs: bool) -> Option<Option<OpenRun>> {
    if o.carrier_fate == CarrierFate::Uninvolved {
        runs.iter_mut().for_each(|r| r.carrier = false);
        return Some(None);
    }
    if o.carrier_fate == CarrierFate::Starts {
        let start = if jokers == JokerMode::Placed && joker_runs { Length::NewJoker } else { Length::New };
        return Some(Some(OpenRun { carrier: true, ..OpenRun::new(start) }));
    }
    // (the carrier, else a run of its class: the sweep's carrier out of a lock is any run
    // leaving one, and the private jokers' check follows the build)
    let classes: &[Length] = if jokers == JokerMode::Lazy { &LAZY_CLASS } else { &PLACED_CLASS };
    let class = *classes.get(o.carrier_from.class()?)?;
    let of_class = runs.iter().position(|r| r.class == class && !r.carrier);
    let i = match o.carrier_fate {
        CarrierFate::Becomes => of_class?,
        _ => runs.iter().position(|r| r.carrier && r.class == class).or(of_class)?,
    };
    let mut r = runs.remove(i);
    r.carrier = true;
    Some(Some(r))
}

impl Builder<'_> {
    /// Puts `tile` into the gap at position `v` of a kept run of suit `s` still open.
    fn fill_gap(&mut self, s: usize, v: usize, tile: Tile) -> Option<()> {
        let g = self.g;
        for (ps, b, run) in self.pending.iter_mut() {
            if *ps != s || *b <= v {
                continue;
            }
            let n = run.cards.len();
            if let Some(i) = (1..n).find(|&i| run_pos(g, &run.cards, i - 1) < v && v < run_pos(g, &run.cards, i)) {
                run.cards.insert(i, Laid { tile, stands_for: g.code_at(s, v) });
                return Some(());
            }
        }
        None
    }

    fn take_joker(&mut self) -> Option<Tile> {
        if self.cards.jokers.is_empty() {
            None
        } else {
            Some(self.cards.jokers.remove(0))
        }
    }

    /// A step of a suit with no open run at a cell without cards, nothing kept starting there
    /// and the option that does nothing (on the line, no ace high): what [`Self::suit_step`] does
    /// there, without its lists (most of a rebuild's steps: every cell of every suit is stepped).
    fn passes_empty(&mut self, v: usize, s: usize, o: &SuitOpt, gaps: GapFill) -> bool {
        let rules = &self.m.rules;
        let empty = !rules.ace_high
            && !rules.shape.is_cycle()
            && super::switches::empty_steps_on()
            && gaps.total() == 0
            && *o == SuitOpt::default()
            && self.open[s].is_empty()
            && self.cards.table[s][v].is_empty()
            && self.cards.hand[s][v].is_empty()
            && !self.cards.kept_runs.iter().any(|k| k.suit == s && k.first == v);
        if !empty {
            return false;
        }
        self.left_t[s].clear();
        self.left_h[s].clear();
        // (kept runs ending here become open 3+ runs)
        let mut i = 0;
        while i < self.pending.len() {
            if self.pending[i].0 == s && self.pending[i].1 == v {
                let run = self.pending.remove(i).2;
                self.open[s].push(run);
            } else {
                i += 1;
            }
        }
        true
    }

    /// A suit step: `choice` holds the aces kept high and the seam profile chosen (position 0).
    fn suit_step(&mut self, v: usize, s: usize, o: &SuitOpt, choice: ((u8, u8), u8), gaps: GapFill) -> Option<()> {
        if self.passes_empty(v, s, o, gaps) {
            return Some(());
        }
        let (aces_high, seam) = choice;
        let last = self.m.rules.npos - 1;
        let (mut tt, mut hh) = if self.m.rules.ace_high && v == last {
            std::mem::take(&mut self.keep_high[s])
        } else {
            (std::mem::take(&mut self.cards.table[s][v]), std::mem::take(&mut self.cards.hand[s][v]))
        };
        // Gaps of kept runs (keep mode): a table natural, a hand natural or a joker each.
        for k in 0..gaps.total() {
            let tile = if k < gaps.table {
                tt.pop()?
            } else if k < gaps.table + gaps.hand {
                hh.pop()?
            } else {
                self.take_joker()?
            };
            self.fill_gap(s, v, tile)?;
        }
        if self.m.rules.ace_high && v == 0 {
            let table_aces = tt.split_off(tt.len().checked_sub(aces_high.0 as usize)?);
            let hand_aces = hh.split_off(hh.len().checked_sub(aces_high.1 as usize)?);
            self.keep_high[s] = (table_aces, hand_aces);
        }
        // Open runs by class; the carrier, if the step names it, steps on its own.
        let mut runs = std::mem::take(&mut self.open[s]);
        if v == 0 {
            self.enter_crossing(&mut runs, s, seam);
        }
        let mut carrier = take_carrier(&mut runs, o, self.jokers, self.m.jokers > 2)?;
        // The open runs by class (n1, n2, 3+, z1, z2; a run of no class is dropped), each class
        // preferring the runs whose last card comes from a meld that has a card here (`tt` stays as
        // it is until the naturals are laid below): the classes lie side by side in this one list,
        // sorted once (stably), which then holds the step's slots and, after it, the suit's open
        // runs. (No list a class or for the slots: most steps have no run, and those lists' room
        // and drops cost more than the step's own work.)
        let z1_class = if self.jokers == JokerMode::Lazy { Length::LongJokerEnd } else { Length::JokerOne };
        let class_of = |c: Length| match c {
            Length::One => 0,
            Length::Two => 1,
            Length::Long => 2,
            // (the sweep's class in z1's place: with lazy jokers, 3+ runs ending in a joker)
            c if c == z1_class => 3,
            Length::JokerTwo => 4,
            _ => 5,
        };
        let here = |x: u16| tt.iter().any(|t| t.src == Some(x));
        let mut n = [0usize; 6];
        if !runs.is_empty() {
            runs.sort_by_key(|r| (class_of(r.class), (!last_src(r).is_some_and(here)) as u8));
            runs.iter().for_each(|r| n[class_of(r.class)] += 1);
            if n[5] > 0 {
                runs.truncate(runs.len() - n[5]);
            }
        }
        // (where class k starts in `runs`)
        let start = |n: &[usize; 6], k: usize| n[..k].iter().sum::<usize>();
        // Kept runs starting here, each absorbing one open run if decided (the last of its class).
        let mut absorbed: Vec<OpenRun> = Vec::new();
        for (class, count) in o.absorbed.iter().enumerate() {
            let k = match class {
                RunClass::N1 => 0,
                RunClass::N2 => 1,
                RunClass::N3 => 2,
                RunClass::Z1 => 3,
                _ => 4,
            };
            for _ in 0..*count {
                n[k] = n[k].checked_sub(1)?;
                absorbed.push(runs.remove(start(&n, k) + n[k]));
            }
        }
        // (read in place: a kept run's cards are copied once, into its open run)
        for i in 0..self.cards.kept_runs.len() {
            let k = &self.cards.kept_runs[i];
            if k.suit != s || k.first != v {
                continue;
            }
            let (last, kept_carrier) = (k.last, k.carrier);
            // (the carrier goes into its kept run's lock, or into another's)
            let takes_carrier =
                o.carrier_fate == if kept_carrier { CarrierFate::Absorbed } else { CarrierFate::IntoLock };
            let mut r = match carrier.take_if(|_| takes_carrier) {
                Some(c) => c,
                // (the part above the cycle's cut of a table run crossing it goes on from its part
                // below, glued at the end: [`cyclic`])
                None if self.goes_on_below(k, v) => {
                    OpenRun { crossing: Some(Length::Long), ..OpenRun::new(Length::Long) }
                }
                None => OpenRun { carrier: kept_carrier, ..absorbed.pop().unwrap_or(OpenRun::new(Length::Long)) },
            };
            r.cards.extend(self.cards.kept_runs[i].cards.iter().copied());
            r.class = Length::Long;
            self.pending.push((s, last, r));
        }
        if matches!(o.carrier_fate, CarrierFate::Absorbed | CarrierFate::IntoLock) && carrier.is_some() {
            return None;
        }
        if !absorbed.is_empty() {
            return None;
        }
        // 3+ runs: e3 extend, the rest close.
        let (long, extended) = (start(&n, 2), o.long_extended as usize);
        if n[2] < extended {
            return None;
        }
        // (no drain, nor any other list call below, where there is nothing to do: most steps)
        if n[2] > extended {
            for r in runs.drain(long + extended..long + n[2]) {
                self.close(s, r);
            }
        }
        n[2] = extended;
        let code = self.g.code_at(s, v);
        // Slots: (run, gets a joker?). Jokers on natural-holding runs (and, when
        // joker-only runs are not tracked, on new starts) go to the slots least
        // likely to continue an old meld.
        let track = self.m.jokers > 2;
        // (the slots are `runs`, those getting a joker a bit each of `jokers`: a suit has a few
        // open runs, far fewer than 63, and the carrier)
        let mut jokers = 0u64;
        let flag = |jokers: &mut u64, i: usize, on: bool| *jokers |= (on as u64) << i;
        if self.jokers == JokerMode::Lazy {
            let [j3, jj, xj] = o.lazy_jokers.map(|x| x as usize);
            let n_short = n[0] + n[1];
            // (z2 takes no slot with lazy jokers)
            if n[4] > 0 {
                runs.truncate(start(&n, 4));
            }
            if runs.len() + o.natural_starts as usize > 63 {
                return None;
            }
            for i in 0..n_short {
                flag(&mut jokers, i, i < o.jokers_extending as usize);
            }
            for i in 0..n[2] {
                flag(&mut jokers, n_short + i, i < j3);
            }
            for i in 0..n[3] {
                flag(&mut jokers, n_short + n[2] + i, i < jj);
            }
            for i in 0..o.natural_starts as usize {
                flag(&mut jokers, runs.len(), i < xj);
                runs.push(OpenRun::new(Length::New));
            }
        } else {
            let n_nat = start(&n, 3);
            let starts = o.natural_starts as usize;
            if runs.len() + starts + o.joker_starts as usize > 63 {
                return None;
            }
            runs.splice(n_nat..n_nat, (0..starts).map(|_| OpenRun::new(Length::New)));
            // (the first `jokers_extending` of the eligible slots, those not continuing a meld
            // with a card here first, each in order)
            let eligible = if track { n_nat } else { n_nat + starts };
            let mut left = o.jokers_extending as usize;
            for continues in [false, true] {
                for (i, r) in runs.iter().enumerate().take(eligible) {
                    if left > 0 && last_src(r).is_some_and(here) == continues {
                        flag(&mut jokers, i, true);
                        left -= 1;
                    }
                }
            }
            if left > 0 {
                return None;
            }
            let z1 = n_nat + starts;
            for i in 0..n[3] {
                flag(&mut jokers, z1 + i, i < o.joker_runs_extended as usize);
            }
            for i in 0..n[4] {
                flag(&mut jokers, z1 + n[3] + i, i < o.lazy_jokers[0] as usize);
            }
            for _ in 0..o.joker_starts {
                flag(&mut jokers, runs.len(), true);
                runs.push(OpenRun::new(Length::NewJoker));
            }
        }
        if let Some(c) = carrier {
            match o.carrier_fate {
                CarrierFate::Closes => self.close(s, c),
                CarrierFate::TakesNatural => runs.push(c),
                _ => {
                    flag(&mut jokers, runs.len(), true);
                    runs.push(c);
                }
            }
        }
        // Naturals: table ones first to slots continuing their meld, then the rest.
        let need_t = tt.len().checked_sub(o.table_left as usize)?;
        let need_h = hh.len().checked_sub(o.hand_left as usize)?;
        // choose which table copies to use: those whose meld a slot continues
        let joker = |i: usize| jokers >> i & 1 == 1;
        let continued =
            |t: &Tile| runs.iter().enumerate().any(|(i, r)| !joker(i) && last_src(r).is_some_and(|x| t.src == Some(x)));
        if tt.len() > 1 {
            tt.sort_by_key(|t| !continued(t) as u8);
        }
        // (the first `need_t` of `tt` and `need_h` of `hh`, read in place)
        let mut naturals = naturals::Naturals::of(&tt, need_t, &hh, need_h)?;
        for (i, r) in runs.iter_mut().enumerate() {
            let j = joker(i);
            let laid = if j {
                Laid { tile: self.take_joker()?, stands_for: code }
            } else {
                Laid { tile: naturals.next(last_src(r))?, stands_for: code }
            };
            r.cards.push(laid);
            // (the class after the card laid: a natural, or a joker where `j`)
            r.class = match (r.class, j) {
                (Length::Long | Length::LongJokerEnd, true) if self.jokers == JokerMode::Lazy => Length::LongJokerEnd,
                (Length::LongJokerEnd, false) => Length::Long,
                (Length::New, _) => Length::One,
                (Length::NewJoker, _) => Length::JokerOne,
                (Length::One, _) => Length::Two,
                (Length::Two | Length::Long, _) => Length::Long,
                (Length::JokerOne | Length::JokerTwo, true) => Length::JokerTwo,
                (Length::JokerOne, false) => Length::Two,
                (Length::JokerTwo, false) => Length::Long,
                _ => return None,
            };
        }
        if !naturals.all_laid() {
            return None;
        }
        if need_t > 0 {
            tt.drain(..need_t);
        }
        if need_h > 0 {
            hh.drain(..need_h);
        }
        self.left_t[s] = tt;
        self.left_h[s] = hh;
        // Kept runs ending here become open 3+ runs.
        let mut i = 0;
        while i < self.pending.len() {
            if self.pending[i].0 == s && self.pending[i].1 == v {
                runs.push(self.pending.remove(i).2);
            } else {
                i += 1;
            }
        }
        self.open[s] = runs;
        Some(())
    }

    fn set_step(&mut self, v: usize, go: super::groups::SetOutcome, absorbs: &[Absorbed; 8]) -> Option<()> {
        let mut lt = std::mem::take(&mut self.left_t);
        let mut lh = std::mem::take(&mut self.left_h);
        // Kept sets here.
        let mut small = 0usize;
        // (read in place: a kept set's cards are copied once, into its meld)
        for i in 0..self.cards.kept_sets.len() {
            if self.cards.kept_sets[i].pos != v {
                continue;
            }
            let mut cards = self.cards.kept_sets[i].cards.clone();
            if cards.len() < 4 {
                let absorbed = absorbs.get(small).copied().unwrap_or_default();
                small += 1;
                let have: u8 =
                    cards.iter().filter(|l| l.tile.code != self.g.joker).fold(0, |m, l| m | 1 << (l.tile.code / 13));
                let stood: u8 = cards.iter().fold(0, |m, l| m | 1 << (l.stands_for % 52 / 13));
                match absorbed {
                    Absorbed::Nothing => {}
                    Absorbed::Joker => {
                        let miss = (0..SUITS).find(|x| (have | stood) >> x & 1 == 0).unwrap_or(0);
                        cards.push(Laid { tile: self.take_joker()?, stands_for: self.g.code_at(miss, v) });
                    }
                    Absorbed::Table(suit) => {
                        let t = lt.get_mut(suit as usize)?.pop()?;
                        cards.push(Laid { tile: t, stands_for: t.code });
                    }
                    Absorbed::Hand(suit) => {
                        let t = lh.get_mut(suit as usize)?.pop()?;
                        cards.push(Laid { tile: t, stands_for: t.code });
                    }
                }
                fix_set_jokers(self.g, &mut cards, v);
            }
            self.out.melds.push(Built { run: false, cards });
        }
        let ct: [u8; SUITS] = std::array::from_fn(|s| lt[s].len() as u8);
        let ch: [u8; SUITS] = std::array::from_fn(|s| lh[s].len() as u8);
        let r = SetRules {
            jokers: go.jokers_in_sets,
            no_double_joker: self.m.rules.no_double_joker,
            table_optional: self.m.rules.table_optional,
            lazy: false,
            swap_hand: false,
        };
        let last = self.m.rules.npos - 1;
        // (no natural left at the cell: the one arrangement is no set, which the outcome must say;
        // most set steps, read without the shapes' cache)
        let nothing_left = ct.iter().chain(&ch).all(|&n| n == 0);
        let chosen: Option<Rc<[Shape]>> = if self.m.rules.ace_high && v == last {
            None
        } else if nothing_left {
            if (go.hand_in_sets, go.jokers_in_sets, go.table_left_over) != (0, 0, 0) {
                return None;
            }
            None
        } else {
            Some(groups::shapes_for(ct, ch, go, &r)?)
        };
        for sh in chosen.iter().flat_map(|c| c.iter()) {
            let mut cards = Vec::new();
            for s in 0..SUITS {
                if sh.table >> s & 1 == 1 {
                    let t = lt[s].pop()?;
                    cards.push(Laid { tile: t, stands_for: t.code });
                }
                if sh.hand >> s & 1 == 1 {
                    let t = lh[s].pop()?;
                    cards.push(Laid { tile: t, stands_for: t.code });
                }
            }
            for _ in 0..sh.jokers {
                cards.push(Laid { tile: self.take_joker()?, stands_for: 0 });
            }
            fix_set_jokers(self.g, &mut cards, v);
            self.out.melds.push(Built { run: false, cards });
        }
        for s in 0..SUITS {
            self.out.taken.append(&mut lt[s]);
            self.out.unplaced.append(&mut lh[s]);
        }
        Some(())
    }
}

/// Jokers in a set stand for the suits missing from its naturals.
fn fix_set_jokers(g: &GridGame, cards: &mut [Laid], v: usize) {
    let have: u8 = cards.iter().filter(|l| l.tile.code != g.joker).fold(0, |m, l| m | 1 << (l.tile.code / 13));
    let mut missing = (0..SUITS).filter(|s| have >> s & 1 == 0);
    for l in cards.iter_mut() {
        if l.tile.code == g.joker {
            l.stands_for = g.code_at(missing.next().unwrap_or(0), v);
        }
    }
}
