//! A Lagrangian bound on the table cards the keep search can still keep.
//!
//! The table splits into one *chain* per suit (its runs, cell by cell) and one
//! *set stage* per position, coupled only by the naturals a suit sends to its
//! position's sets, by the jokers and by the objective. Pricing those couplings
//! (`lam` per suit and position, `nu` ≥ 0 per joker, `mu` per unit of the
//! objective, which every answer reaches exactly) and dropping them leaves
//! small independent problems whose summed optimum bounds the cards kept of
//! every answer, whatever the prices. [`Lagrange::fit`] looks for good prices
//! by subgradient steps at the root; [`Lagrange::bound`] then bounds any state
//! at a suit step: at a position's start, or halfway through one, where the
//! suits stepped go on from the next cell and send their leftovers to the
//! position's sets.
//!
//! The chains relax keep mode, never tighten it. A kept run lies in a run of
//! its own (its *carrier*) from its first natural to its last, which takes its
//! naturals and a card in each gap and goes on past it as a 3+ run. In a suit
//! where two old runs could lie in one run (spans overlapping, naturals apart)
//! carriers are not tracked: a kept run there only asks that its naturals lie
//! in runs, that some run passes each of its cells, and that as many runs go
//! on across each step as kept runs with a natural in one cell span it. A kept
//! run's jokers lie in runs of its suit: the jokers those runs lay count
//! against them, and those left over are laid at the end (the joker *debt* of
//! a chain node). Joker-only runs and the lazy "3+ run ending in a joker" count
//! as 3+ runs, and so does a kept run the state holds that no carrier stands
//! for (not spanning the cut: its lock may have begun at a joker below its
//! first natural); every joker not laid as a free one may still be laid
//! (committed ones too); a short run left open at the end is padded by jokers;
//! jokers may stay unlaid; a set is any 3 or 4 cards of distinct colours with
//! a natural, and keeps an old set whose colours and jokers it holds.
//!
//! A chain is a graph over cells (a node: open runs by class, the kept runs
//! decided and the joker debt), built once; a price change only reweights its
//! edges, one class of them a cell at a time, so a subgradient step is one pass
//! over flat arrays.

use std::rc::Rc;

use super::hasher::FxMap;
use super::keep::KeepInfo;
use super::model::{Model, MAX_POS, SUITS};
use super::options::{class_count, RunClass};
use super::state::{State, KEEP_NONE};
pub use board::{board, with_board, Board, Fitted};
use sets::{set_outcomes, SetOut};

const NONE: f64 = -1.0e9;
/// Open runs by class in a chain node: of length 1 and of length 2 at most
/// `MAX_SHORT_RUNS` each (more are read as 3+ runs, which may do more), 3+ at
/// most `MAX_LONG_RUNS` (a cell holds at most two naturals and the jokers).
const MAX_SHORT_RUNS: u8 = 3;
const MAX_LONG_RUNS: u8 = 15;
/// The table cards where the bound pays: on 80-card tables the hand seldom
/// forces much breakage (its steps left the bound at what every old meld
/// holds). From 40 cards up its long searches gain time, as one fit serves
/// both threads of the race; below, searches are seldom long enough to repay
/// a fit.
const MIN_TABLE: i32 = 40;
const MAX_TABLE: i32 = 70;
/// Where [`Lagrange::whalf`]'s table for k suits stepped starts (k = 1 to 3).
const HALF: [usize; SUITS] = [0, 0, 3, 12];
/// Most joker debt of a chain (see [`Node::y`]).
const YMAX: i8 = 7;

/// The aces a chain finds at the last cell of Rommé's ace-high grid: 0, the
/// cell's own supply (the aces of cell 0, offered at both ace cells: the
/// relaxation of a chain starting at position 0), else 1 + 3 t + h for the t
/// table and h hand aces a state kept high at position 0 (what the sweep lays
/// there).
type AceSupply = u8;

/// Exact ace supplies: t and h up to two each (two decks).
const ACE_SUPPLIES: usize = 9;

/// The ace supply of `aces_high` (a state's table | hand << 2 for a suit)
/// and of `set_aside` table aces of old runs holding an ace high (keep mode
/// sets those aside at position 0 apart from the aces it keeps high).
fn ace_supply(aces_high: u8, set_aside: u8) -> AceSupply {
    1 + 3 * ((aces_high & 3) + set_aside).min(2) + (aces_high >> 2).min(2)
}

/// [`Lagrange::best_r`]'s row for (s, v) under ace supply `a` (rows of the
/// exact supplies follow those of the cells).
fn best_r_row(s: usize, v: usize, a: AceSupply) -> usize {
    if a == 0 {
        s * MAX_POS + v
    } else {
        SUITS * MAX_POS + s * ACE_SUPPLIES + a as usize - 1
    }
}

/// An old run as the chains see it.
#[derive(Clone, Copy, Debug)]
struct ORun {
    /// Its jokers.
    jokers: u8,
    /// First and last natural.
    first: usize,
    last: usize,
    /// Cells holding one of its naturals, as bits.
    nat: u16,
    size: f64,
}

/// A chain node's open runs by class, kept runs decided, joker debt and ace supply.
type Open = ([u8; 3], u16, i8, AceSupply);

/// A chain node: cell, open runs by class.
#[derive(Clone, Copy, Debug)]
struct Node {
    v: u8,
    c: [u8; 3],
    /// Jokers laid in the suit's runs minus the jokers of its kept runs (at
    /// most `ycap`): a kept run's jokers lie in runs of its suit, laid there or
    /// added at its ends.
    y: i8,
    /// Its edges in `edges`.
    from: u32,
    to: u32,
}

/// A move out of a node: `credit` cards of the runs kept here, and its class.
#[derive(Clone, Copy, Debug)]
struct Edge {
    next: u32,
    cls: u32,
    credit: f64,
}

/// What edges of one cell have in common: `k` runs through the cell (suit
/// `s`, cell `v`) with `r` naturals in runs for some r in `rlo..=rhi` (jokers
/// = k - r). A price change reweights each class once, not each edge.
#[derive(Clone, Copy, Debug)]
struct Class {
    s: u8,
    v: u8,
    k: u8,
    rlo: u8,
    rhi: u8,
    /// The aces at the last cell ([`AceSupply`]; 0 elsewhere).
    a: u8,
}

impl Class {
    /// The class's weight under the prices: its best r's value ([`Lagrange::best_r`])
    /// less the price of its runs' jokers (`nu` each).
    fn weight(&self, best_r: &[[[(f64, u8); 5]; 5]], nu: f64) -> f64 {
        let a = best_r[best_r_row(self.s as usize, self.v as usize, self.a)][self.rlo as usize][self.rhi as usize].0;
        if a <= NONE {
            NONE
        } else {
            a - nu * self.k as f64
        }
    }
}

/// Prices.
#[derive(Clone, Debug)]
pub struct Prices {
    lam: [[f64; MAX_POS]; SUITS],
    mu: f64,
    nu: f64,
}

pub struct Lagrange {
    npos: usize,
    t: [[u8; MAX_POS]; SUITS],
    h: [[u8; MAX_POS]; SUITS],
    /// Objective per hand natural at each position, and per hand joker.
    gain: [f64; MAX_POS],
    joker_gain: f64,
    jokers: u8,
    hand_jokers: u8,
    /// Table jokers (objective `net`: each one left unlaid goes back to the hand).
    table_jokers: u8,
    /// Rommé's ace high: the aces (cell 0) may instead lie at the last cell.
    ace_high: bool,
    /// On the cycle of ranks (`wrap_around`), per suit the runs that may cross
    /// the cut into cell 0 (one cell, two cells, three or more below it): a
    /// chain not yet stepped at position 0 starts from the best of them, and a
    /// short run open at the end is glued to one, with no joker to pad it.
    entries: Option<[Vec<[u32; 3]>; SUITS]>,
    /// The objective per table card taken back into the hand (`net`), if that is allowed.
    take_gain: Option<f64>,
    runs: [Vec<ORun>; SUITS],
    /// Suits where two old runs could lie in one run at once (their spans overlap,
    /// their naturals do not): there a kept run's carrier is not tracked.
    shared: [bool; SUITS],
    /// Per suit, the jokers of its old runs (at most [`YMAX`]): a chain's joker
    /// debt above it counts as that.
    ycap: [i8; SUITS],
    /// Old meld id → its suit and the chain's bits of the table runs it keeps.
    run_of: Vec<Option<(usize, u16)>>,
    /// Per suit and cell v, its old runs spanning the step from v - 1 to v, and
    /// those with a natural at v or later (bits of `runs`).
    masks: [[(u16, u16); MAX_POS + 1]; SUITS],
    /// Per position and colour, the old sets there holding a natural of that colour (ids as bits).
    set_colour: Vec<[u64; SUITS]>,
    sets: Vec<Rc<[SetOut]>>,
    /// The set outcomes of each position without old sets to keep.
    bare_sets: Vec<Rc<[SetOut]>>,
    p: Prices,
    /// Set stages' best values from each position on.
    wsuf: [f64; MAX_POS + 1],
    /// Per position and suits stepped k (1 to 3), the best priced outcome of
    /// its set stage, without old sets to keep, using exactly u0, u1, ...
    /// naturals of the suits stepped (what the states halfway through the
    /// position send there), at HALF[k] + u0 + 3 u1 + 9 u2.
    whalf: Vec<[f64; 39]>,
    nodes: Vec<Node>,
    edges: Vec<Edge>,
    index: FxMap<u64, u32>,
    classes: Vec<Class>,
    class_index: FxMap<u64, u32>,
    /// Each class's weight under the prices (the best r's value, the jokers' price).
    class_w: Vec<f64>,
    scratch: Vec<Vec<Edge>>,
    /// Node values under the prices (NaN: not yet).
    val: Vec<f64>,
    /// Per suit and cell, under the prices: the best of (value of r naturals in runs
    /// + nu * r) over r in lo..=hi, and that r, by [lo][hi].
    best_r: Vec<[[(f64, u8); 5]; 5]>,
}

fn capped(c1: u32, c2: u32, c3: u32) -> [u8; 3] {
    let (x1, x2) = (c1.min(MAX_SHORT_RUNS as u32), c2.min(MAX_SHORT_RUNS as u32));
    [x1 as u8, x2 as u8, (c3 + c1 - x1 + c2 - x2).min(MAX_LONG_RUNS as u32) as u8]
}

impl Lagrange {
    /// The decomposition of a keep model (none for `no_double_joker`, nor for
    /// tables of fewer than [`MIN_TABLE`] or more than [`MAX_TABLE`] cards).
    ///
    /// On the cycle of ranks (`wrap_around`) a chain starts from the runs its
    /// suit's seam profiles may take across the cut ([`Self::entries`]), the
    /// best of them, and ends with no padding for short runs (they are glued
    /// to the crossing runs): both relax the rules, so the bound holds.
    ///
    /// With the ace high (Rommé) a suit's aces may lie at cell 0 or at the last
    /// cell: the chain offers them at both, and a table ace left out of the
    /// runs at either need not go to that cell's sets (it may lie at the other).
    /// That relaxes the rules (an ace may serve both cells), so the bound still
    /// holds. With optional table cards (`net`) a table card left out of the
    /// runs and sets goes back to the hand at its objective's cost.
    pub fn new(m: &Model, k: &KeepInfo) -> Option<Lagrange> {
        let npos = m.rules.npos;
        let rules = m.rules;
        if rules.no_double_joker || npos > MAX_POS || (npos > 13 && !rules.ace_high) {
            return None;
        }
        let last = npos - 1;
        let (mut t, mut h) = (m.t, m.h);
        if rules.ace_high {
            for s in 0..SUITS {
                (t[s][last], h[s][last]) = (t[s][0], h[s][0]);
            }
        }
        let cards = k.table_cards();
        // (tests that price from the first node check the bound on tables of every size)
        #[cfg(test)]
        let cards = if super::switches::lagrange_after().is_some() { MIN_TABLE } else { cards };
        if !(MIN_TABLE..=MAX_TABLE).contains(&cards) {
            return None;
        }
        // (the sets' ids are bits of a u64, as in the keep search's state)
        if k.olds.len() > 64 {
            return None;
        }
        let mut runs: [Vec<ORun>; SUITS] = Default::default();
        let mut run_of = vec![None; k.olds.len()];
        let mut set_colour = vec![[0u64; SUITS]; npos];
        let mut by_table: FxMap<usize, (usize, u16)> = FxMap::default();
        let mut set_olds: Vec<Vec<(u8, u8, u8)>> = vec![Vec::new(); npos];
        for (id, o) in k.olds.iter().enumerate() {
            if !o.run {
                set_olds[o.first].push((o.colours, o.jokers, o.size));
                for (s, bits) in set_colour[o.first].iter_mut().enumerate() {
                    *bits |= ((o.colours >> s & 1) as u64) << id;
                }
                continue;
            }
            let (mut bits, mut suit) = (0u16, o.suit);
            for tb in std::iter::once(o.table).chain(o.with) {
                if let Some(&(s, b)) = by_table.get(&tb) {
                    bits |= b;
                    suit = s;
                    continue;
                }
                // (a table run's cells and size from its own plain reading)
                let own = k.olds.iter().find(|x| x.table == tb && x.run && x.with.is_none() && !x.reading);
                let base = own.or(k.olds.iter().find(|x| x.table == tb && x.run && x.with.is_none()))?;
                let s = base.suit;
                let mut nat = (0..npos).filter(|&v| base.naturals[s][v] > 0).fold(0u16, |acc, v| acc | 1 << v);
                // (an old meld keeps its aces at cell 0; a run ending at the last cell holds its ace high)
                if rules.ace_high && base.last == last && nat & 1 == 1 {
                    nat = nat & !1 | 1 << last;
                }
                if nat == 0 || runs[s].len() >= 16 {
                    return None;
                }
                let (a, b) = (nat.trailing_zeros() as usize, 15 - nat.leading_zeros() as usize);
                let bit = 1u16 << runs[s].len();
                runs[s].push(ORun { jokers: base.jokers, first: a, last: b, nat, size: base.size as f64 });
                by_table.insert(tb, (s, bit));
                bits |= bit;
                suit = s;
            }
            run_of[id] = Some((suit, bits));
        }
        let shared = std::array::from_fn(|s| {
            let r = &runs[s];
            (0..r.len())
                .any(|i| (0..i).any(|j| r[i].first <= r[j].last && r[j].first <= r[i].last && r[i].nat & r[j].nat == 0))
        });
        let ycap = std::array::from_fn(|s| runs[s].iter().map(|r| r.jokers as i8).sum::<i8>().min(YMAX));
        let masks = std::array::from_fn(|s| {
            std::array::from_fn(|v| {
                let bits = |f: &dyn Fn(&ORun) -> bool| {
                    runs[s].iter().enumerate().filter(|(_, r)| f(r)).fold(0u16, |acc, (i, _)| acc | 1 << i)
                };
                (bits(&|r| r.first < v && v <= r.last), bits(&|r| v <= r.last))
            })
        });
        let avail = |v: usize| std::array::from_fn(|s| t[s][v] + h[s][v]);
        let sets = (0..npos).map(|v| set_outcomes(avail(v), m.jokers, &set_olds[v])).collect();
        // (halfway through a position its old sets are decided: see bound)
        let bare_sets = (0..npos).map(|v| set_outcomes(avail(v), m.jokers, &[])).collect();
        let gain = std::array::from_fn(|v| if v < npos { m.gain(1, v, 0) as f64 } else { 0.0 });
        let mut lg = Lagrange {
            npos,
            t,
            h,
            gain,
            joker_gain: m.joker_gain(1, 0) as f64,
            jokers: m.jokers,
            hand_jokers: m.jokers.saturating_sub(m.table_jokers),
            table_jokers: m.table_jokers.min(m.jokers),
            ace_high: rules.ace_high,
            entries: rules.shape.is_cycle().then(|| super::sweep::seam_entries(m)),
            take_gain: rules.table_optional.then(|| m.gain(0, 0, 1) as f64),
            runs,
            shared,
            ycap,
            run_of,
            masks,
            set_colour,
            sets,
            bare_sets,
            // (typical prices of 60-card positions: a hand card is worth about five kept
            // cards, a joker about three)
            p: Prices { lam: [[0.0; MAX_POS]; SUITS], mu: 5.0, nu: 3.0 },
            wsuf: [0.0; MAX_POS + 1],
            whalf: vec![[NONE; 39]; npos],
            nodes: Vec::new(),
            edges: Vec::new(),
            index: FxMap::with_capacity_and_hasher(4096, Default::default()),
            classes: Vec::new(),
            class_index: FxMap::with_capacity_and_hasher(512, Default::default()),
            class_w: Vec::new(),
            scratch: vec![Vec::new(); npos + 1],
            val: Vec::new(),
            best_r: vec![[[(NONE, 0); 5]; 5]; SUITS * (MAX_POS + ACE_SUPPLIES)],
        };
        lg.price();
        Some(lg)
    }

    /// Sets everything that depends on the prices (and forgets the node values);
    /// returns the best set outcome at each position.
    fn price(&mut self) -> Vec<usize> {
        let mut arg = vec![0; self.npos];
        self.wsuf[self.npos] = 0.0;
        for v in (0..self.npos).rev() {
            let mut best = (NONE, 0);
            let lam: [f64; SUITS] = std::array::from_fn(|s| self.p.lam[s][v]);
            for (i, o) in self.sets[v].iter().enumerate() {
                let mut x = o.credit - self.p.nu * o.jokers as f64;
                for (l, &u) in lam.iter().zip(&o.usage) {
                    x -= l * u as f64;
                }
                if x > best.0 {
                    best = (x, i);
                }
            }
            self.wsuf[v] = self.wsuf[v + 1] + best.0;
            arg[v] = best.1;
        }
        let last = self.npos - 1;
        let exact = if self.ace_high { ACE_SUPPLIES as AceSupply } else { 0 };
        for s in 0..SUITS {
            let rows = (0..self.npos).map(|v| (v, 0)).chain((1..=exact).map(|a| (last, a)));
            for (v, ace) in rows {
                let mut a = [NONE; 5];
                for (r, x) in a.iter_mut().enumerate() {
                    let (val, _, _) = self.nat_split(s, v, r, ace);
                    if val > NONE {
                        *x = val + self.p.nu * r as f64;
                    }
                }
                let table = &mut self.best_r[best_r_row(s, v, ace)];
                for (lo, row) in table.iter_mut().enumerate() {
                    let mut best = (NONE, lo as u8);
                    for (hi, cell) in row.iter_mut().enumerate().skip(lo) {
                        if a[hi] > best.0 {
                            best = (a[hi], hi as u8);
                        }
                        *cell = best;
                    }
                }
            }
        }
        for (w, c) in self.class_w.iter_mut().zip(&self.classes) {
            *w = c.weight(&self.best_r, self.p.nu);
        }
        self.val.fill(f64::NAN);
        arg
    }

    /// Sets [`Self::whalf`] under the prices (for the bounds halfway through a
    /// position; once the prices are fitted or adopted, not at each step of the fit).
    fn price_halfway(&mut self) {
        for v in 0..self.npos {
            let lam: [f64; SUITS] = std::array::from_fn(|s| self.p.lam[s][v]);
            let mut half = [NONE; 39];
            for o in self.bare_sets[v].iter() {
                // (the suits not stepped, from the last: priced; the stepped ones: by count)
                let mut y = -self.p.nu * o.jokers as f64;
                for k in (1..SUITS).rev() {
                    y -= lam[k] * o.usage[k] as f64;
                    let at = HALF[k] + o.usage[..k].iter().rev().fold(0, |acc, &u| acc * 3 + u as usize);
                    // (a colour gives a position's sets two naturals at most)
                    if o.usage[..k].iter().all(|&u| u <= 2) && y > half[at] {
                        half[at] = y;
                    }
                }
            }
            self.whalf[v] = half;
        }
    }

    /// The class of edges (s, v, k, rlo, rhi), new or known.
    fn class(&mut self, c: Class) -> u32 {
        let key = c.s as u64
            | (c.v as u64) << 2
            | (c.k as u64) << 6
            | (c.rlo as u64) << 14
            | (c.rhi as u64) << 18
            | (c.a as u64) << 22;
        if let Some(&i) = self.class_index.get(&key) {
            return i;
        }
        let i = self.classes.len() as u32;
        self.classes.push(c);
        self.class_w.push(c.weight(&self.best_r, self.p.nu));
        self.class_index.insert(key, i);
        i
    }

    /// The best priced split of `r` naturals in runs at (s, v): its priced
    /// value, its objective and the naturals it sends to sets (table ones not
    /// in runs, hand ones laid in sets).
    fn nat_split(&self, s: usize, v: usize, r: usize, a: AceSupply) -> (f64, f64, u8) {
        let (t, h) = self.supply(s, v, a);
        let (g, lam) = (self.p.mu * self.gain[v], self.p.lam[s][v]);
        let (tv, tobj, tsent) = self.table_left(v, lam);
        let mut best = (NONE, 0.0, 0);
        for rt in 0..=t.min(r as u8) {
            let rh = r as u8 - rt;
            if rh > h {
                continue;
            }
            // (a hand natural not in runs goes to the sets where that is worth more)
            let xh = if g + lam > 0.0 { h - rh } else { 0 };
            let tl = t - rt;
            let x = g * (rh + xh) as f64 + lam * xh as f64 + tv * tl as f64;
            if x > best.0 {
                best = (x, (rh + xh) as f64 * self.gain[v] + tobj * tl as f64, xh + if tsent { tl } else { 0 });
            }
        }
        best
    }

    /// The table and hand naturals of suit `s` at cell `v` under ace supply `a`.
    fn supply(&self, s: usize, v: usize, a: AceSupply) -> (u8, u8) {
        if a == 0 || v + 1 != self.npos {
            (self.t[s][v], self.h[s][v])
        } else {
            ((a - 1) / 3, (a - 1) % 3)
        }
    }

    /// A table natural at cell `v` left out of the runs, under the price `lam`
    /// of sending it to the sets: its priced value, its objective and whether
    /// it is sent. It goes to the sets, or (an ace with the ace high) lies at
    /// the other ace cell, or (`net`) goes back to the hand, whichever is worth
    /// the most.
    fn table_left(&self, v: usize, lam: f64) -> (f64, f64, bool) {
        let mut best = (lam, 0.0, true);
        if self.ace_high && (v == 0 || v + 1 == self.npos) && best.0 < 0.0 {
            best = (0.0, 0.0, false);
        }
        if let Some(take) = self.take_gain {
            if self.p.mu * take > best.0 {
                best = (self.p.mu * take, take, false);
            }
        }
        best
    }

    /// The priced objective of the table jokers (`net`: those left unlaid go back
    /// to the hand) at its most, and the jokers taken back there.
    fn table_jokers_taken(&self) -> (f64, f64) {
        match self.take_gain {
            Some(take) if self.p.mu * take > 0.0 => {
                let n = self.table_jokers as f64;
                (self.p.mu * take * n, take * n)
            }
            _ => (0.0, 0.0),
        }
    }

    /// The kept runs of `l` (suit `s`) spanning the step from cell v - 1 to v.
    fn spanning(&self, s: usize, v: usize, l: u16) -> u16 {
        l & self.masks[s][v].0
    }

    /// The kept runs of `l` (suit `s`) with a natural at v or later.
    fn ahead(&self, s: usize, v: usize, l: u16) -> u16 {
        l & self.masks[s][v].1
    }

    /// The runs that must go on from cell v - 1 to v where carriers are not
    /// tracked: each kept run spanning that step lies in one run from its first
    /// natural to its last, and kept runs with a natural in one cell lie in
    /// distinct runs.
    fn carriers_across(&self, s: usize, v: usize, l: u16) -> u8 {
        let mut per_cell = [0u8; 16];
        let mut any = 0;
        for (i, r) in self.runs[s].iter().enumerate() {
            if l >> i & 1 == 1 && r.first < v && v <= r.last {
                any = 1;
                for (w, n) in per_cell.iter_mut().enumerate() {
                    *n += (r.nat >> w & 1) as u8;
                }
            }
        }
        per_cell.into_iter().max().unwrap_or(0).max(any)
    }

    /// The edges of node (s, v, c, l, y) that keep the runs `sub` starting here.
    /// Where the suit's kept runs each lie in a run of their own, that run (a
    /// *carrier*, not counted in `c`) takes a card in each cell of its kept run
    /// (its natural where it has one) and, past its last natural, goes on as a
    /// 3+ run; a kept run's carrier is a new run or a short run going on into it.
    fn edges(&mut self, s: usize, v: usize, (c, l, y, a): Open, sub: u16, out: &mut Vec<Edge>) {
        let (t, h) = self.supply(s, v, a);
        let rmax = ((t + h) as usize).min(4) as u8;
        let cell_a = if v + 1 == self.npos { a } else { 0 };
        let tracked = !self.shared[s];
        let lk = l | sub;
        let (mut credit, mut owed, mut need_nat, mut need_run) = (0.0, 0i8, 0u8, 0u8);
        let (mut carriers, mut starts, mut ending, mut lnext) = (0u8, 0u8, 0u8, 0u16);
        for (i, r) in self.runs[s].iter().enumerate() {
            if sub >> i & 1 == 1 {
                credit += r.size;
                owed += r.jokers as i8;
            }
            if lk >> i & 1 == 1 {
                need_nat += (r.nat >> v & 1) as u8;
                need_run |= (r.first <= v && v <= r.last) as u8;
                lnext |= ((r.last > v) as u16) << i;
                if tracked && r.first <= v && v <= r.last {
                    carriers += 1;
                    starts += (r.first == v) as u8;
                    ending += (r.last == v) as u8;
                }
            }
        }
        let (cont_min, need_run) =
            if tracked { (0, 0) } else { (self.carriers_across(s, v, l), need_run.max(need_nat)) };
        let y = (y - owed).max(-YMAX);
        // t1 runs of length 1 and t2 of length 2 go on as carriers of kept runs starting
        // here; of the others, those of length 1 and 2 go on, q 3+ runs go on, n1 start;
        // r naturals in runs take k - r jokers (k runs here)
        for t1 in 0..=c[0].min(starts) {
            for t2 in 0..=c[1].min(starts - t1) {
                for q in 0..=c[2] {
                    let cont = c[0] - t1 + c[1] - t2 + q;
                    if cont < cont_min {
                        continue;
                    }
                    let n1_top =
                        (self.jokers + rmax).saturating_sub(cont + carriers).min(MAX_SHORT_RUNS + MAX_LONG_RUNS);
                    for n1 in 0..=n1_top {
                        let k = cont + carriers + n1;
                        let (rlo, rhi) = (need_nat.max(k.saturating_sub(self.jokers)), rmax.min(k));
                        if k < need_run || rlo > rhi {
                            continue;
                        }
                        let cn = capped(n1 as u32, (c[0] - t1) as u32, (c[1] - t2 + q + ending) as u32);
                        // (one edge for each joker debt it leaves: the jokers laid count)
                        let mut r = rhi;
                        loop {
                            let y2 = (y + (k - r) as i8).min(self.ycap[s]);
                            let lo = if y2 == self.ycap[s] { rlo } else { r };
                            let next = self.node(s, v + 1, cn, lnext, y2, a);
                            let cls = self.class(Class { s: s as u8, v: v as u8, k, rlo: lo, rhi: r, a: cell_a });
                            out.push(Edge { next, cls, credit });
                            if lo == rlo {
                                break;
                            }
                            r = lo - 1;
                        }
                    }
                }
            }
        }
    }

    /// The node of suit `s` at cell `v` with open runs `c`, the kept runs `l`
    /// decided and joker debt `y` (jokers laid in the suit's runs minus those of
    /// its kept runs), built with everything below it if new.
    fn node(&mut self, s: usize, v: usize, c: [u8; 3], l: u16, y: i8, a: AceSupply) -> u32 {
        let key = s as u64
            | (v as u64) << 2
            | (c[0] as u64) << 6
            | (c[1] as u64) << 8
            | (c[2] as u64) << 10
            | (l as u64) << 14
            | ((y + YMAX) as u64) << 30
            | (a as u64) << 34;
        if let Some(&i) = self.index.get(&key) {
            return i;
        }
        // (one edge buffer a cell: the recursion below uses the next cell's)
        let mut out = std::mem::take(&mut self.scratch[v]);
        out.clear();
        if v < self.npos {
            let starting = (0..self.runs[s].len())
                .filter(|&i| self.runs[s][i].first == v && l >> i & 1 == 0)
                .fold(0u16, |acc, i| acc | 1 << i);
            // the runs starting here kept or not: every subset of them
            let mut sub = starting;
            loop {
                self.edges(s, v, (c, l, y, a), sub, &mut out);
                if sub == 0 {
                    break;
                }
                sub = (sub - 1) & starting;
            }
        }
        // (this node's edges come right after those of the node built before it, in every
        // node's order: value_all relies on it)
        let from = self.edges.len() as u32;
        self.edges.extend_from_slice(&out);
        self.scratch[v] = out;
        let i = self.nodes.len() as u32;
        self.nodes.push(Node { v: v as u8, c, y, from, to: self.edges.len() as u32 });
        self.val.push(f64::NAN);
        self.index.insert(key, i);
        i
    }

    /// Jokers laid at the end of a chain: short runs still open padded, and the
    /// kept runs' jokers not laid in the suit's runs added at their ends.
    /// (`glued`: on the cycle, where the short runs open at the end cross the cut.)
    fn end_jokers(n: Node, glued: bool) -> i32 {
        let padding = if glued { 0 } else { (2 * n.c[0] + n.c[1]) as i32 };
        padding.max(-(n.y as i32))
    }

    /// Values every node under the prices: nodes are built children first, so
    /// one pass in their order does. (It repeats [`Self::value`]'s sum rather
    /// than share a helper: the shared one checks each edge's parts, which this
    /// hot loop need not; the best edges are found again only on the path
    /// [`Self::dual`] follows.)
    fn value_all(&mut self) {
        let (npos, nu, glued) = (self.npos, self.p.nu, self.entries.is_some());
        let (class_w, val) = (&self.class_w, &mut self.val);
        // (each node's edges follow the previous node's: see node)
        let mut rest = &self.edges[..];
        for (i, n) in self.nodes.iter().enumerate() {
            let (mine, after) = rest.split_at((n.to - n.from) as usize);
            rest = after;
            let mut best = NONE;
            if n.v as usize >= npos {
                best = -nu * Self::end_jokers(*n, glued) as f64;
            } else {
                for e in mine {
                    // (as through)
                    let y = e.credit + class_w[e.cls as usize] + val[e.next as usize];
                    if y > best {
                        best = y;
                    }
                }
            }
            val[i] = best.max(NONE);
        }
    }

    /// The valued node's value through edge `e` (its next node valued).
    #[inline]
    fn through(&self, e: &Edge) -> f64 {
        e.credit + self.class_w[e.cls as usize] + self.val[e.next as usize]
    }

    /// The edge giving node `i` its value in [`Self::value_all`] (its first best
    /// one, by the same sums), if any.
    fn best_edge(&self, i: u32) -> Option<Edge> {
        let n = self.nodes[i as usize];
        if n.v as usize >= self.npos {
            return None;
        }
        let mut best = (NONE, None);
        for &e in &self.edges[n.from as usize..n.to as usize] {
            let y = self.through(&e);
            if y > best.0 {
                best = (y, Some(e));
            }
        }
        best.1
    }

    /// The best priced value from node `i` on.
    fn value(&mut self, i: u32) -> f64 {
        let x = self.val[i as usize];
        if !x.is_nan() {
            return x;
        }
        let n = self.nodes[i as usize];
        let mut best = NONE;
        if n.v as usize >= self.npos {
            // (short runs still open: padded by jokers)
            best = -self.p.nu * Self::end_jokers(n, self.entries.is_some()) as f64;
        }
        for e in n.from..n.to {
            let Edge { next, cls, credit } = self.edges[e as usize];
            let w = self.class_w[cls as usize];
            if w <= NONE {
                continue;
            }
            let rest = self.value(next);
            if rest <= NONE {
                continue;
            }
            let y = credit + w + rest;
            if y > best {
                best = y;
            }
        }
        self.val[i as usize] = best;
        best
    }

    /// The dual value at the root and its subgradient (naturals sent minus used
    /// per suit and position; objective reached minus `need`; jokers free minus used).
    fn dual(&mut self, need: i32) -> (f64, [[f64; MAX_POS]; SUITS], f64, f64) {
        let sets = self.price();
        let mut val = self.wsuf[0];
        let mut g_lam = [[0f64; MAX_POS]; SUITS];
        let (mut reached, mut used) = (0f64, 0f64);
        // (on the cycle each suit's chain starts from the runs crossing into cell 0 that value most)
        let mut starts: [Vec<u32>; SUITS] = Default::default();
        for (s, out) in starts.iter_mut().enumerate() {
            for e in self.entries.as_ref().map_or(vec![[0; 3]], |e| e[s].clone()) {
                out.push(self.node(s, 0, capped(e[0], e[1], e[2]), 0, 0, 0));
            }
        }
        self.value_all();
        let roots: [u32; SUITS] = std::array::from_fn(|s| {
            let best = |a: &&u32, b: &&u32| self.val[**a as usize].total_cmp(&self.val[**b as usize]);
            *starts[s].iter().max_by(best).expect("a chain has a start")
        });
        for (s, &root) in roots.iter().enumerate() {
            val += self.val[root as usize];
            let mut i = root;
            while let Some(e) = self.best_edge(i) {
                let n = self.nodes[i as usize];
                let c = self.classes[e.cls as usize];
                let r = self.best_r[best_r_row(s, n.v as usize, c.a)][c.rlo as usize][c.rhi as usize].1;
                let (_, gain, sent) = self.nat_split(s, n.v as usize, r as usize, c.a);
                g_lam[s][n.v as usize] += sent as f64;
                reached += gain;
                used += (c.k - r) as f64;
                i = e.next;
            }
            used += Self::end_jokers(self.nodes[i as usize], self.entries.is_some()) as f64;
        }
        for (v, &i) in sets.iter().enumerate() {
            let o = self.sets[v][i];
            for (s, g) in g_lam.iter_mut().enumerate() {
                g[v] -= o.usage[s] as f64;
            }
            used += o.jokers as f64;
        }
        let hj = if self.p.mu > 0.0 { self.hand_jokers as f64 * self.joker_gain } else { 0.0 };
        let (tj_value, tj) = self.table_jokers_taken();
        val += self.p.mu * hj + tj_value - self.p.mu * need as f64 + self.p.nu * self.jokers as f64;
        (val, g_lam, reached + hj + tj - need as f64, self.jokers as f64 - used)
    }

    /// Prices by `steps` subgradient steps from the root (objective `need`),
    /// aiming at `target` (cards some answer keeps); keeps the best prices found
    /// and returns their bound.
    pub fn fit(&mut self, need: i32, target: i32, steps: usize) -> f64 {
        let mut best = (f64::MAX, self.p.clone());
        let (mut theta, mut since) = (3.0, 0);
        for _ in 0..steps {
            // (a stopped search takes no more steps: it ends at its next node anyway)
            if super::mirror::stopped() {
                break;
            }
            let (val, g_lam, g_mu, g_nu) = self.dual(need);
            if val < best.0 - 0.01 {
                best = (val, self.p.clone());
                since = 0;
            } else {
                since += 1;
                if since >= 2 {
                    theta *= 0.5;
                    since = 0;
                }
            }
            let norm: f64 = g_lam.iter().flatten().map(|x| x * x).sum::<f64>() + g_mu * g_mu + g_nu * g_nu;
            if norm == 0.0 || best.0 < target as f64 + 1.0 {
                break;
            }
            let step = theta * (val - target as f64).max(0.5) / norm;
            for (lam, g) in self.p.lam.iter_mut().zip(&g_lam) {
                for v in 0..self.npos {
                    lam[v] -= step * g[v];
                }
            }
            self.p.mu -= step * g_mu;
            self.p.nu = (self.p.nu - step * g_nu).max(0.0);
        }
        self.p = best.1;
        self.price();
        self.price_halfway();
        best.0
    }

    /// The prices.
    pub fn prices(&self) -> Prices {
        self.p.clone()
    }

    /// Takes prices fitted elsewhere (`mirrored`: whether they and this
    /// model read the position the other way round). The chain nodes are
    /// built as the bounds first ask for them.
    pub fn adopt(&mut self, p: &Prices, mirrored: bool) {
        self.p = p.clone();
        if mirrored {
            for lam in &mut self.p.lam {
                lam[..self.npos].reverse();
            }
        }
        self.price();
        self.price_halfway();
    }

    /// A bound on the table cards `st` (at a suit step, not the set stage)
    /// can still keep with `need` of the objective left; [`KEEP_NONE`] where
    /// no completion exists even so. `chains` holds each suit's chain value:
    /// those of the suits in `known` are given (a parent's, where `st` differs
    /// only in another suit), the others are filled in.
    pub fn bound(&mut self, st: &State, need: i32, chains: &mut [f64; SUITS], known: u8) -> i32 {
        let v = st.pos as usize;
        // (halfway through a position the suits below st.s have stepped: their runs go on from
        // the next cell, and their leftovers wait for this position's sets, the table ones all
        // of them, the hand ones where that pays; the position's old sets are decided, the kept
        // ones counted already, so its sets keep nothing more)
        let stepped = st.suit as usize;
        let sets = if stepped == 0 {
            self.wsuf[v]
        } else {
            // (the kept sets decided here hold naturals of their own, not among the leftovers)
            let (mut lo, mut hi) = ([0u8; SUITS], [0u8; SUITS]);
            // (net: a table leftover may go back to the hand instead, at its objective's cost,
            // which every table leftover counted at its best covers; one laid in a set there counts
            // as a hand natural, whose objective the take's cost and this covers too)
            let take = self.take_gain.map_or(0.0, |take| (self.p.mu * take).max(0.0));
            let mut taken = 0.0;
            for s in 0..stepped {
                let own = (st.kept & self.set_colour[v][s]).count_ones() as u8;
                let (lt, lh) = (st.leftovers[s] & 3, st.leftovers[s] >> 2);
                // (a cell holds two naturals at most)
                lo[s] = if self.take_gain.is_some() { own.min(2) } else { (lt + own).min(2) };
                hi[s] = (lt + own + lh).min(2);
                taken += take * lt as f64;
            }
            let g = self.p.mu * self.gain[v];
            let mut best = NONE;
            for u0 in lo[0]..=hi[0] {
                for u1 in lo[1]..=hi[1] {
                    for u2 in lo[2]..=hi[2] {
                        let w = self.whalf[v][HALF[stepped] + (u0 + 3 * u1 + 9 * u2) as usize];
                        // (the hand naturals among them count for the objective)
                        let hand = (u0 - lo[0] + u1 - lo[1] + u2 - lo[2]) as f64;
                        if w > NONE && w + g * hand > best {
                            best = w + g * hand;
                        }
                    }
                }
            }
            if best <= NONE {
                return KEEP_NONE;
            }
            self.wsuf[v + 1] + best + taken
        };
        // (jokers still to lay: free ones, and committed ones of kept melds that may lie
        // ahead, as a kept run's private jokers or a reading's fixed one)
        let free = self.jokers - st.jokers_laid;
        // (the hand jokers' share of the objective is counted at the end, laid or not)
        let hj = (self.p.mu * self.hand_jokers as f64 * self.joker_gain).max(0.0);
        let mut x = sets - self.p.mu * need as f64 + self.p.nu * free as f64 + hj + self.table_jokers_taken().0;
        let mut ls = [0u16; SUITS];
        let mut bits = st.kept;
        while bits != 0 {
            let id = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if let Some(Some((s, b))) = self.run_of.get(id) {
                ls[*s] |= b;
            }
        }
        for (s, &l) in ls.iter().enumerate() {
            if known >> s & 1 == 1 {
                x += chains[s];
                continue;
            }
            let v = if s < stepped { v + 1 } else { v };
            let code = st.codes[s];
            // (joker-only runs, and under lazy jokers 3+ runs ending in a joker, count as 3+
            // runs, which may do more; so do kept runs still open, whose locks may have begun
            // below their first naturals, at a joker, except where carriers are tracked: there
            // a kept run spanning the cut is its carrier, hidden from the state's runs, and one
            // starting later gets its carrier there)
            let (l, locks) = if self.shared[s] {
                (l, l.count_ones())
            } else {
                let ahead = self.ahead(s, v, l);
                (ahead, l.count_ones() - self.spanning(s, v, ahead).count_ones())
            };
            let longer = [RunClass::N3, RunClass::Z1, RunClass::Z2].iter().map(|&c| class_count(code, c)).sum::<u32>();
            let c = capped(class_count(code, RunClass::N1), class_count(code, RunClass::N2), longer + locks);
            // (the private jokers still to lay: a kept run's jokers lie in runs of its suit)
            let y = -(KeepInfo::private_of(st.private_jokers, s) as i8).min(self.ycap[s]);
            // (past position 0 the aces the state kept high are all the last cell holds)
            let a = if self.ace_high && v > 0 && v < self.npos {
                let last = self.npos - 1;
                let set_aside = self.runs[s].iter().filter(|r| r.nat >> last & 1 == 1).count() as u8;
                ace_supply(st.aces_high[s], set_aside)
            } else {
                0
            };
            let i = self.node(s, v, c, l, y, a);
            let mut val = self.value(i);
            if v == 0 {
                // (on the cycle a suit not yet stepped at position 0 takes in the runs crossing the
                // cut there: its chain starts from the best of them)
                for e in self.entries.as_ref().map_or(Vec::new(), |e| e[s].clone()) {
                    let c = capped(
                        class_count(code, RunClass::N1) + e[0],
                        class_count(code, RunClass::N2) + e[1],
                        longer + locks + e[2],
                    );
                    let i = self.node(s, v, c, l, y, a);
                    val = val.max(self.value(i));
                }
            }
            if val <= NONE {
                return KEEP_NONE;
            }
            chains[s] = val;
            x += val;
        }
        // (a margin for rounding: the bound must never fall below the truth)
        (x + 1e-6).floor() as i32
    }
}

#[path = "lagrange_board.rs"]
mod board;
#[path = "lagrange_sets.rs"]
mod sets;

#[cfg(test)]
#[path = "lagrange_tests.rs"]
pub(super) mod tests;
