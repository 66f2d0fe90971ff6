//! The LP bounds of the 1x1 table search (docs/SEARCH-DESIGN.md §5.3).
//!
//! A new table is a choice of melds (the shapes the search may lay, and the
//! sets of 1s of its end) that covers every table natural once and every hand
//! natural at most once, within the wish cards and the 1-cards. Its linear
//! relaxation, solved once at the root, gives dual prices: a price per
//! natural, per wish card and per 1-card such that no meld is worth more than
//! the prices of what it holds. A position of the search then bounds what its
//! rest can still add by the prices of what it still holds (weak duality:
//! every meld the rest lays is paid for by its cards, and a hand card left out
//! has a price ≥ 0). The hand's wilds are left to [`super::Table::bound`],
//! which counts them as placed.
//!
//! Two LPs, for the first two score components:
//! - `first`: the most of the objective the naturals add;
//! - `kept`: the most table cards kept, given that the first component
//!   reaches at least the root's bound. Its price `s` ≥ 0 of that row
//!   makes it a bound for any target `T`: a rest that adds at least `T`
//!   keeps at most `prices − s·T`. Rests that add less than a position's
//!   bound on the first component lose on it anyway, so `T` is that bound.
//!
//! Unlike the combinatorial bound these see the table cards a hand card would
//! take from the melds that need them: the price of a table natural may be
//! negative (each must be placed), so a meld that strands one costs.
//!
//! A position's own LPs ([`LpModel::at`]) are the root's with the
//! right-hand side of what the position still holds; the root's optimal
//! bases stay dual feasible under it, so a few dual simplex steps solve
//! them (only the melds of the cards it holds may enter; the others are 0
//! in every solution). Their prices bound the position and every position
//! it holds (whose melds are among its own), usually far tighter than the
//! root's deep in the search; the search asks for them where its subtree
//! proves hard (`MeldGen::tighten`).

use super::conflicts::{self, CutRhs, Cuts, Holds, Rule, MAX_CUTS};
use super::parity::{self, OddRows};
use super::{Table, RES_ONES, RES_WISHES};
use crate::einmaleins::melds::ones_sets;
use crate::lp::simplex::{perturbed, Columns, Simplex, ARTIFICIAL};
use crate::partition::single::{has, types, unit};
use crate::partition::{Counts, Res};
use crate::table::TableObjective;
use std::rc::Rc;

/// Pivot limit of one LP.
const MAX_PIVOTS: usize = 5_000;
/// Pivot limit of a position's own LP (its prices bound it wherever they stop).
const MAX_NODE_PIVOTS: usize = 60;
/// Largest violation of a dual constraint accepted (far below a unit of the objective).
const SLACK: f64 = 1e-6;
/// Smallest price of the first component's row that caps the first component by the cards kept.
const MIN_PER_FIRST: f64 = 1e-3;
/// Rounds of cuts at the root, cuts added a round at most, and the
/// dual simplex steps a round may take to re-optimise.
const CUT_ROUNDS: usize = 12;
const CUTS_PER_ROUND: usize = 8;
const MAX_CUT_PIVOTS: usize = 500;
/// Least value of a column of the LP's optimum that counts in the separation, and least violation of a cut added.
const SUPPORT: f64 = 1e-6;
const MIN_VIOLATION: f64 = 1e-3;
/// A cut whose price is at most this (in absolute value) is idle at the optimum.
const IDLE: f64 = 1e-9;
/// Most columns in the rest of a position, counted by their values (each unit
/// may carry a price's slack; the surplus of the kept LP's row counts its points).
const MAX_PARTS: f64 = 4096.0;

/// Which cuts the root's first LP is solved with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum CutFamilies {
    None,
    /// Cuts of melds in conflict ([`conflicts`]) alone.
    ConflictsOnly,
    /// {0,½}-cuts ([`parity`]) and cuts of melds in conflict.
    All,
    /// The {0,½}-cuts alone (to test them on their own).
    #[cfg(test)]
    OddRowsOnly,
}

impl CutFamilies {
    /// Whether the cuts of melds in conflict are separated.
    fn with_conflicts(self) -> bool {
        matches!(self, CutFamilies::ConflictsOnly | CutFamilies::All)
    }

    /// Whether the {0,½}-cuts are separated.
    fn with_odd_rows(self) -> bool {
        !matches!(self, CutFamilies::None | CutFamilies::ConflictsOnly)
    }

    /// The families the search uses under `objective`: the {0,½}-cuts only
    /// under `Points`, where the root's bound of the first component is
    /// loose; under `Cards` and `Net` it is nearly always exact, and they
    /// only make the positions' LPs larger.
    pub(super) fn for_objective(self, objective: TableObjective) -> CutFamilies {
        match (self, objective) {
            (CutFamilies::All, TableObjective::Cards | TableObjective::Net) => CutFamilies::ConflictsOnly,
            (families, _) => families,
        }
    }
}

/// Prices of the rows: one per natural, the wish cards, per symbol its
/// 1-card (0 where it is not in the universe), and per cut (≥ 0, paid per
/// unit of its right-hand side at a position).
#[derive(Clone, Debug)]
struct Prices {
    natural: Vec<f64>,
    wish: f64,
    ones: [f64; 4],
    cut: Vec<f64>,
}

impl Prices {
    /// What the rest of a position (naturals `counts`, wilds `res`, the
    /// cuts' right-hand sides there `cuts`) pays.
    fn of(&self, counts: Counts, res: Res, cuts: &CutRhs) -> f64 {
        self.rest(types(counts).map(|l| self.natural[l]).sum(), res, cuts)
    }

    /// What a rest whose naturals pay `naturals` pays with its wilds `res` and its cuts' right-hand sides `cuts`.
    fn rest(&self, naturals: f64, res: Res, cuts: &CutRhs) -> f64 {
        let ones: f64 = (0..4).filter(|s| res[RES_ONES] >> s & 1 == 1).map(|s| self.ones[s]).sum();
        let cuts: f64 = cuts.iter().filter(|&(_, r)| r > 0).map(|(c, r)| self.cut[c] * r as f64).sum();
        naturals + self.wish * res[RES_WISHES] as f64 + ones + cuts
    }
}

/// The dual prices of the two LPs (the root's, or a position's own).
#[derive(Clone, Debug)]
pub(super) struct LpBound {
    first: Prices,
    kept: Prices,
    /// The price of the row "the first component reaches the target" (≥ 0).
    per_first: f64,
    /// Per natural its prices in both LPs, and the sums of those of the
    /// naturals from it up (one more, 0, past the last): a position of the
    /// DP holds the naturals from its lowest up but for the few its melds
    /// took, so [`Self::paid`] subtracts those few from the sum.
    pairs: Vec<(f64, f64)>,
    from: Vec<(f64, f64)>,
}

/// The two root LPs, to solve a position's own LPs from ([`Self::at`]).
#[derive(Clone, Debug)]
pub(super) struct LpModel {
    first_cols: Columns,
    kept_cols: Columns,
    /// What each column of the first LP holds ([`Rows::holds`]), to find a position's usable ones.
    holds: Vec<(Counts, u8, u8)>,
    /// The root LPs at their optimal bases.
    root: LpBases,
    rows: Rows,
    cuts: Cuts,
}

/// The two LPs at the optimal bases of a position (a position below it
/// starts from them).
#[derive(Clone, Debug)]
pub(super) struct LpBases {
    first: Simplex,
    /// (shared: a position whose kept LP is not solved keeps the basis it started from)
    kept: Rc<Simplex>,
}

/// The rows and columns of the root LP, with the first score component and
/// the table cards kept of each column.
#[derive(Clone)]
struct Model {
    cols: Columns,
    first: Vec<i32>,
    kept: Vec<i32>,
    rhs: Vec<f64>,
    /// Per row, the column to start from (a unit column).
    start: Vec<usize>,
    rows: Rows,
    /// The columns of melds (the others: a card left unused, a cut's slack).
    melds: std::ops::Range<usize>,
    /// The wish cards of the root.
    wishes: u8,
    cuts: Cuts,
}

/// The rows of the LPs: one per natural (its local index), then the wish
/// cards, then per symbol whose 1-card is in the universe its 1-card, then
/// the cuts (`Σ −a_j x_j − slack = −rhs`: its melds, each `a_j` times, at most `rhs`).
#[derive(Clone, Copy, Debug)]
struct Rows {
    naturals: usize,
    /// The row of each symbol's 1-card (`u16::MAX`: none).
    one_row: [u16; 4],
    /// The first cut's row, and the number of cuts.
    cut_base: usize,
    cuts: usize,
}

impl Rows {
    /// The right-hand side of a position's LPs: its naturals and wilds, and
    /// minus each cut's right-hand side there (`cuts`).
    fn rhs(&self, counts: Counts, res: Res, cuts: &CutRhs) -> Vec<f64> {
        let mut b: Vec<f64> = (0..self.naturals).map(|l| has(counts, l) as u8 as f64).collect();
        b.push(res[RES_WISHES] as f64);
        for (s, &r) in self.one_row.iter().enumerate() {
            if r != u16::MAX {
                b.push((res[RES_ONES] >> s & 1) as f64);
            }
        }
        b.extend((0..self.cuts).map(|c| -(cuts.of(c) as f64)));
        b
    }

    /// What a column with the entries `rows` holds: naturals, wish cards, 1-cards (a symbol mask).
    fn holds(&self, rows: &[(u16, f64)]) -> (Counts, u8, u8) {
        rows.iter().fold((0, 0, 0), |(nat, wishes, ones), &(r, v)| match r as usize {
            l if l < self.naturals => (nat | unit(l), wishes, ones),
            w if w == self.naturals => (nat, v as u8, ones),
            _ => (nat, wishes, ones | self.one_row.iter().position(|&o| o == r).map_or(0, |s| 1 << s)),
        })
    }

    /// The prices `y` of the rows, if they fail no column `js` of `cols` by
    /// more than [`SLACK`] (a cut's price, ≤ 0 up to rounding, taken as at most 0).
    fn prices(&self, cols: &Columns, js: impl IntoIterator<Item = usize>, y: &[f64]) -> Option<Prices> {
        let mut y = y.to_vec();
        let cut_rows = self.cut_base..self.cut_base + self.cuts;
        y[cut_rows.clone()].iter_mut().for_each(|v| *v = v.min(0.0));
        if cols.worst_of(js, &y) > SLACK {
            return None;
        }
        let mut ones = [0.0; 4];
        for (s, &r) in self.one_row.iter().enumerate() {
            if r != u16::MAX {
                ones[s] = y[r as usize];
            }
        }
        let cut = y[cut_rows].iter().map(|v| -v).collect();
        Some(Prices { natural: y[..self.naturals].to_vec(), wish: y[self.naturals], ones, cut })
    }
}

impl Model {
    fn new(t: &Table, all: Counts, res0: Res) -> Model {
        let n = types(all).count();
        let wish_row = n as u16;
        let ones_present = res0[RES_ONES] & 0xF;
        let mut one_row = [u16::MAX; 4];
        let mut rows = n + 1;
        for (s, r) in one_row.iter_mut().enumerate() {
            if ones_present >> s & 1 == 1 {
                *r = rows as u16;
                rows += 1;
            }
        }
        let net = t.objective == TableObjective::Net;
        let mut model = Model {
            cols: Columns::new(),
            first: Vec::new(),
            kept: Vec::new(),
            rhs: vec![1.0; rows],
            start: vec![0; rows],
            rows: Rows { naturals: n, one_row, cut_base: rows, cuts: 0 },
            melds: 0..0,
            wishes: res0[RES_WISHES],
            cuts: Cuts::default(),
        };
        // a natural left out: a hand card stays in the hand, a table card is
        // taken (under `Net`) or stands for nothing (an artificial column,
        // kept out of every optimum by its cost)
        for l in 0..n {
            let hand = has(t.hand_nat, l);
            let first = if !hand && net { -1 } else { 0 };
            let artificial = !hand && !net;
            model.start[l] = model.push([(l as u16, 1.0)], first, 0, artificial);
        }
        // wilds left unused
        model.start[n] = model.push([(wish_row, 1.0)], 0, 0, false);
        for &r in one_row.iter().filter(|&&r| r != u16::MAX) {
            model.start[r as usize] = model.push([(r, 1.0)], 0, 0, false);
        }
        let (wishes, ones) = (res0[RES_WISHES], res0[RES_ONES]);
        model.rhs[n] = wishes as f64;
        let mut melds: Vec<LpMeld> = Vec::new();
        for c in 0..n {
            t.lines.shapes(c, all, wishes, ones, |m| {
                let (kept, _) = t.kept(m.take, m.one, m.wishes);
                if kept == 0 && t.splits(&m) {
                    return;
                }
                melds.push(LpMeld { take: m.take, wishes: m.wishes, one: m.one, kept });
            });
        }
        model.melds.start = model.cols.len();
        for m in undominated(melds) {
            let first: i32 = types(m.take & t.hand_nat).map(|l| t.reach[l].worth).sum();
            let wild = (m.wishes > 0).then_some((wish_row, m.wishes as f64));
            let one = (m.one != 0).then(|| (one_row[m.one.trailing_zeros() as usize], 1.0));
            let rows = types(m.take).map(|l| (l as u16, 1.0)).chain(wild).chain(one);
            model.push(rows, first, m.kept as i32, false);
        }
        ones_sets(ones_present, wishes, |sets| {
            let (s, x) = sets[0];
            if s == 0 || sets[1].0 != 0 {
                return;
            }
            let ones = (0..4).filter(|b| s >> b & 1 == 1).map(|b| (one_row[b], 1.0));
            let wild = (x > 0).then_some((wish_row, x as f64));
            model.push(ones.chain(wild), 0, t.kept_in_ones(s, x).0 as i32, false);
        });
        model.melds.end = model.cols.len();
        model
    }

    /// What meld column `j` holds (`None`: no meld).
    fn meld_holds(&self, j: usize) -> Option<Holds> {
        let (take, wishes, ones) = self.rows.holds(self.cols.rows(j));
        self.melds.contains(&j).then_some(Holds { take, wishes, ones })
    }

    /// Adds the cuts the first LP's optimum (`lp`, prices `y`) violates,
    /// round by round ({0,½}-cuts first, then cuts of melds in conflict),
    /// each round re-optimised by dual simplex steps (the basis with each
    /// cut's slack stays dual feasible). Stops when a round finds none or
    /// after [`CUT_ROUNDS`]; a round whose steps do not reach an optimum is
    /// taken back. Returns the prices.
    fn cut(&mut self, lp: &mut Simplex, mut y: Vec<f64>, families: CutFamilies) -> Vec<f64> {
        for _ in 0..CUT_ROUNDS {
            let room = (MAX_CUTS - self.cuts.len()).min(CUTS_PER_ROUND);
            let mut found = if families.with_odd_rows() { self.parity_cuts(lp, room) } else { Vec::new() };
            if families.with_conflicts() && found.len() < room {
                // the melds closest to entering the basis first
                let mut lift: Vec<(f64, usize, Holds)> = self
                    .melds
                    .clone()
                    .filter_map(|j| self.meld_holds(j).map(|h| (self.cols.cost[j] - self.cols.price(j, &y), j, h)))
                    .collect();
                lift.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
                let lift: Vec<(usize, Holds)> = lift.into_iter().map(|(_, j, h)| (j, h)).collect();
                let conflicting = conflicts::violated(
                    lp.primal(),
                    |j| self.meld_holds(j),
                    |j| self.cols.cost[j],
                    &lift,
                    self.wishes,
                    room - found.len(),
                );
                found.extend(conflicting.into_iter().map(|cut| Rule::Conflict {
                    members: cut.columns.iter().filter_map(|&j| self.meld_holds(j)).collect(),
                    most: cut.most,
                }));
            }
            if found.is_empty() {
                break;
            }
            let (model, basis) = (self.clone(), lp.clone());
            self.add_cuts(lp, found);
            let all: Vec<usize> = (0..self.cols.len()).collect();
            match lp.dual_prices(&self.cols, &all, &perturbed(&self.rhs), MAX_CUT_PIVOTS, f64::NEG_INFINITY) {
                Some(next) if lp.primal_feasible() => y = next,
                _ => {
                    (*self, *lp) = (model, basis);
                    break;
                }
            }
        }
        y
    }

    /// This model (without cuts) with those cuts of `cut` (the same model
    /// with cuts) that its optimal prices `y` price, solved again: the
    /// same optimum with fewer rows, so that positions' LPs solve faster.
    /// `None` if every cut is priced or the simplex does not finish.
    fn with_priced_cuts(&self, cut: &Model, y: &[f64]) -> Option<(Model, Simplex, Vec<f64>)> {
        let priced: Vec<usize> = (0..cut.cuts.len()).filter(|&c| y[cut.rows.cut_base + c] < -IDLE).collect();
        if priced.len() == cut.cuts.len() {
            return None;
        }
        let mut model = self.clone();
        let mut lp = Simplex::new(&model.rhs, &model.start);
        model.add_cuts(&mut lp, priced.iter().map(|&c| cut.cuts.rule(c).clone()).collect());
        let y = lp.optimise(&model.cols, MAX_PIVOTS)?;
        Some((model, lp, y))
    }

    /// The {0,½}-cuts of the card rows the first LP's optimum `lp` violates, at most `most`.
    fn parity_cuts(&self, lp: &Simplex, most: usize) -> Vec<Rule> {
        let base_rows = self.rows.cut_base;
        if base_rows > 128 || most == 0 {
            return Vec::new();
        }
        let x: Vec<(usize, f64)> = lp.primal().filter(|&(_, v)| v > SUPPORT).collect();
        let odd = |j: usize| {
            let entries = self.cols.rows(j).iter().filter(|&&(r, v)| (r as usize) < base_rows && v as i64 % 2 != 0);
            entries.fold(0u128, |s, &(r, _)| s | 1 << r)
        };
        let b = (0..base_rows).filter(|&r| self.rhs[r] as i64 % 2 != 0).fold(0u128, |s, r| s | 1 << r);
        let (all, res0) = (self.all_naturals(), self.root_res());
        let mut out = Vec::new();
        for set in parity::violated(&x, odd, b, most) {
            let ones = (0..4).filter(|&s| self.rows.one_row[s] != u16::MAX && set >> self.rows.one_row[s] & 1 == 1);
            let rows = OddRows {
                naturals: set & all,
                wishes: set >> self.rows.naturals & 1 == 1,
                ones: ones.fold(0u8, |o, s| o | 1 << s),
            };
            // the cut at the root as the LP's optimum lays it (checked on the melds themselves)
            let laid: f64 =
                x.iter().filter_map(|&(j, v)| self.meld_holds(j).map(|h| v * rows.coefficient(&h) as f64)).sum();
            if laid > rows.rhs(all, res0) as f64 + MIN_VIOLATION {
                out.push(Rule::Parity(rows));
            }
        }
        out
    }

    /// Adds a row per cut `found` with its slack basic.
    fn add_cuts(&mut self, lp: &mut Simplex, found: Vec<Rule>) {
        let first_row = self.rhs.len();
        let rules = found.len();
        for rule in found {
            self.cuts.push(rule);
        }
        let new_cuts = self.cuts.len() - rules..self.cuts.len();
        let mut cols = Columns::new();
        let mut more: Vec<(u16, f64)> = Vec::with_capacity(rules);
        for j in 0..self.cols.len() {
            more.clear();
            if let Some(holds) = self.meld_holds(j) {
                for (i, c) in new_cuts.clone().enumerate() {
                    let a = self.cuts.column_coefficient(c, &holds);
                    if a > 0 {
                        more.push(((first_row + i) as u16, -(a as f64)));
                    }
                }
            }
            cols.push(self.cols.rows(j).iter().chain(&more).copied(), self.cols.cost[j]);
        }
        let root = self.cuts.rhs(self.all_naturals(), self.root_res());
        let mut rows = Vec::with_capacity(rules);
        for (i, c) in new_cuts.enumerate() {
            let row = (first_row + i) as u16;
            let slack = cols.push([(row, -1.0)], 0.0);
            self.first.push(0);
            self.kept.push(0);
            let rhs = root.of(c) as f64;
            self.rhs.push(-rhs);
            rows.push((row, slack, -rhs));
        }
        lp.add_rows(&cols, &rows);
        self.cols = cols;
        self.rows.cuts += rules;
    }

    /// The naturals of the root (every row's).
    fn all_naturals(&self) -> Counts {
        if self.rows.naturals >= 128 {
            Counts::MAX
        } else {
            (1u128 << self.rows.naturals) - 1
        }
    }

    /// The wilds of the root.
    fn root_res(&self) -> Res {
        let mut res: Res = Default::default();
        res[RES_WISHES] = self.wishes;
        res[RES_ONES] = (0..4).filter(|&s| self.rows.one_row[s] != u16::MAX).fold(0u8, |o, s| o | 1 << s);
        res
    }

    /// Adds a column (its cost is the first component; an artificial one's far below).
    fn push(&mut self, rows: impl IntoIterator<Item = (u16, f64)>, first: i32, kept: i32, artificial: bool) -> usize {
        self.first.push(first);
        self.kept.push(if artificial { ARTIFICIAL as i32 } else { kept });
        self.cols.push(rows, if artificial { ARTIFICIAL } else { first as f64 })
    }
}

/// A meld of the LPs: what its column holds and the table cards it keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct LpMeld {
    take: Counts,
    wishes: u8,
    /// The 1-card it uses as a wild (a symbol mask).
    one: u8,
    kept: u32,
}

impl LpMeld {
    /// Whether `self` is worth at least `o` in both LPs with no more wilds:
    /// the same naturals (so the same first component), no more wish cards,
    /// no other 1-card, at least as many table cards kept.
    fn dominates(&self, o: &LpMeld) -> bool {
        self.take == o.take && self.wishes <= o.wishes && self.one & !o.one == 0 && self.kept >= o.kept
    }
}

/// The melds no other one dominates (of equal ones, one).
///
/// A dominated meld (a set padded with wish cards, a run lengthened by wild
/// cells: about two thirds of the melds of a 50-card table) is left out of
/// the LPs, which keeps their optimum and makes them several times cheaper.
/// Prices that pay for its dominator pay for it: it holds the same naturals,
/// the same first component and at least those wilds, and a wild's price is
/// at least 0 wherever a meld holding it may be laid (the column "left
/// unused" of a wild the position holds asks for that). So the prices still
/// bound every meld the search lays.
fn undominated(mut melds: Vec<LpMeld>) -> Vec<LpMeld> {
    // each group of equal naturals, those with fewer wilds and then more kept first:
    // a meld's dominators come before it
    melds.sort_by_key(|m| (m.take, m.wishes + m.one.count_ones() as u8, std::cmp::Reverse(m.kept)));
    let mut out: Vec<LpMeld> = Vec::with_capacity(melds.len());
    let mut group = 0;
    for m in melds {
        if out.get(group).is_none_or(|g| g.take != m.take) {
            group = out.len();
        }
        if !out[group..].iter().any(|k| k.dominates(&m)) {
            out.push(m);
        }
    }
    out
}

impl LpModel {
    /// The prices of a position's own LPs (naturals `counts`, wilds `res`),
    /// by dual simplex steps from the optimal bases and prices of a position
    /// that holds it (`from`; the root's, `root`, if none): tighter than the
    /// root's for this position, and valid for every position it holds
    /// (their melds are among its own). The first LP's dual steps stop once
    /// its bound is below `pruned_below` (a first component the caller
    /// prunes whatever else the prices say; `i32::MIN`: solved). The kept LP
    /// aims at the first LP's bound, or `first_cap` if lower, and is solved
    /// only where `kept_matters` says so of that bound: elsewhere the
    /// position keeps the kept prices of `from` (valid for every position
    /// `from` holds: a kept LP's prices bound the cards kept at any first
    /// component, not only at its own aim). `None` if a check fails.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn at(
        &self,
        counts: Counts,
        res: Res,
        first_cap: i32,
        from: Option<(&LpBases, &LpBound)>,
        root: &LpBound,
        pruned_below: i32,
        kept_matters: impl FnOnce(i32) -> bool,
    ) -> Option<(LpBound, LpBases)> {
        let (from, from_prices) = from.unwrap_or((&self.root, root));
        let first_usable: Vec<usize> = (self.holds.iter().enumerate())
            .filter(|(_, &(nat, wishes, ones))| {
                nat & !counts == 0 && wishes <= res[RES_WISHES] && ones & !res[RES_ONES] == 0
            })
            .map(|(j, _)| j)
            .collect();
        let live = self.cuts.rhs(counts, res);
        let mut b = self.rows.rhs(counts, res, &live);
        let mut first_lp = from.first.clone();
        // the bound floors below `pruned_below` ([`LpBound::floor`]; a little more for the cut prices
        // that `Rows::prices` clamps)
        let stop =
            if pruned_below == i32::MIN { f64::NEG_INFINITY } else { pruned_below as f64 - MAX_PARTS * SLACK - 1e-5 };
        let y = first_lp.dual_prices(&self.first_cols, &first_usable, &b, MAX_NODE_PIVOTS, stop)?;
        let first = self.rows.prices(&self.first_cols, first_usable.iter().copied(), &y)?;
        let target = LpBound::floor(first.of(counts, res, &live)).min(first_cap);
        if !kept_matters(target) {
            let bound = LpBound::new(first, from_prices.kept.clone(), from_prices.per_first);
            return Some((bound, LpBases { first: first_lp, kept: Rc::clone(&from.kept) }));
        }
        b.push(target as f64);
        // the kept LP's columns are the first's and the surplus of its row
        let mut kept_usable = first_usable;
        kept_usable.push(self.first_cols.len());
        let mut kept_lp = Simplex::clone(&from.kept);
        let mut y = kept_lp.dual_prices(&self.kept_cols, &kept_usable, &b, MAX_NODE_PIVOTS, f64::NEG_INFINITY)?;
        let row = b.len() - 1;
        y[row] = y[row].min(0.0);
        let kept = self.rows.prices(&self.kept_cols, kept_usable.iter().copied(), &y)?;
        Some((LpBound::new(first, kept, -y[row]), LpBases { first: first_lp, kept: Rc::new(kept_lp) }))
    }

    /// Whether the LPs have cuts.
    pub(super) fn has_cuts(&self) -> bool {
        self.cuts.len() > 0
    }

    /// The cuts' right-hand sides at a position holding `counts` and `res`.
    pub(super) fn cut_rhs(&self, counts: Counts, res: Res) -> CutRhs {
        self.cuts.rhs(counts, res)
    }

    /// The number of cuts of the root's first LP.
    #[cfg(test)]
    pub(super) fn cuts(&self) -> usize {
        self.cuts.len()
    }

    /// Whether `bases` hold the root's kept LP basis itself (a position that
    /// started from the root and did not solve its kept LP).
    #[cfg(test)]
    pub(super) fn keeps_the_roots_kept_basis(&self, bases: &LpBases) -> bool {
        Rc::ptr_eq(&self.root.kept, &bases.kept)
    }
}

impl LpBound {
    /// Solves the root LPs of `t` over the naturals `all` and the wilds
    /// `res0`, the first one with the cuts its optimum violates if `cut`;
    /// `None` if a simplex did not finish or its prices fail the check.
    /// With the prices, the LPs at their optimal bases. `uncut`: the root
    /// LPs of `t` solved before without cuts, whose first LP's optimal basis
    /// is this one's start (the same LP, not solved again).
    pub(super) fn fit(
        t: &Table,
        all: Counts,
        res0: Res,
        cuts: CutFamilies,
        uncut: Option<&LpModel>,
    ) -> Option<(LpBound, LpModel)> {
        let mut model = Model::new(t, all, res0);
        let solved = uncut.filter(|u| !u.has_cuts() && u.first_cols.len() == model.cols.len());
        let mut lp = solved.map_or_else(|| Simplex::new(&model.rhs, &model.start), |u| u.root.first.clone());
        let mut y = lp.optimise(&model.cols, MAX_PIVOTS)?;
        if cuts != CutFamilies::None {
            // (the cuts of melds in conflict alone are few: the basis they end at serves)
            let uncut = cuts.with_odd_rows().then(|| model.clone());
            y = model.cut(&mut lp, y, cuts);
            if let Some((priced, priced_lp, priced_y)) = uncut.and_then(|u| u.with_priced_cuts(&model, &y)) {
                (model, lp, y) = (priced, priced_lp, priced_y);
            }
        }
        let first_lp = lp.clone();
        let first = model.rows.prices(&model.cols, 0..model.cols.len(), &y)?;
        let live = model.cuts.rhs(all, res0);
        let target = Self::floor(first.of(all, res0, &live));
        // the kept LP, from the first one's optimal basis: the new row
        // Σ first·x − surplus = target, the cards kept as the objective
        let row = model.rhs.len() as u16;
        let mut cols = Columns::new();
        for j in 0..model.cols.len() {
            let extra = (model.first[j] != 0).then_some((row, model.first[j] as f64));
            cols.push(model.cols.rows(j).iter().copied().chain(extra), model.kept[j] as f64);
        }
        let surplus = cols.push([(row, -1.0)], 0.0);
        lp.add_row(&cols, row, surplus, target as f64);
        let mut y = lp.optimise(&cols, MAX_PIVOTS)?;
        // the row's price must be ≤ 0 for the bound (it is, up to rounding)
        y[row as usize] = y[row as usize].min(0.0);
        let kept = model.rows.prices(&cols, 0..cols.len(), &y)?;
        let bound = LpBound::new(first, kept, -y[row as usize]);
        let Model { cols: first_cols, rows, cuts, .. } = model;
        let root = LpBases { first: first_lp, kept: Rc::new(lp) };
        let holds = (0..first_cols.len()).map(|j| rows.holds(first_cols.rows(j))).collect();
        Some((bound, LpModel { first_cols, kept_cols: cols, holds, root, rows, cuts }))
    }

    fn new(first: Prices, kept: Prices, per_first: f64) -> LpBound {
        let pairs: Vec<(f64, f64)> = first.natural.iter().copied().zip(kept.natural.iter().copied()).collect();
        let mut from = vec![(0.0, 0.0); pairs.len() + 1];
        for l in (0..pairs.len()).rev() {
            from[l] = (from[l + 1].0 + pairs[l].0, from[l + 1].1 + pairs[l].1);
        }
        LpBound { first, kept, per_first, pairs, from }
    }

    /// What the rest of a position (naturals `counts`, wilds `res`, the cuts'
    /// right-hand sides `live`) pays at these prices: in the first LP's and in the kept LP's.
    pub(super) fn paid(&self, counts: Counts, res: Res, live: &CutRhs) -> (f64, f64) {
        // one walk for both LPs, over the naturals held or (fewer, deeper in
        // the search) over those above the lowest held that are not
        let n = self.pairs.len();
        let low = (counts.trailing_zeros() as usize).min(n);
        let above = if n >= 128 { Counts::MAX } else { (1u128 << n) - 1 } & !unit(low).wrapping_sub(1);
        let missing = above & !counts;
        let (first, kept) = if missing.count_ones() < counts.count_ones() {
            types(missing).fold(self.from[low], |(f, k), l| (f - self.pairs[l].0, k - self.pairs[l].1))
        } else {
            types(counts).fold((0.0, 0.0), |(f, k), l| (f + self.pairs[l].0, k + self.pairs[l].1))
        };
        (self.first.rest(first, res, live), self.kept.rest(kept, res, live))
    }

    /// [`Self::paid`] by a walk over the naturals held.
    #[cfg(test)]
    pub(super) fn paid_by_walk(&self, counts: Counts, res: Res, live: &CutRhs) -> (f64, f64) {
        (self.first.of(counts, res, live), self.kept.of(counts, res, live))
    }

    /// A bound of the first score component a rest that pays `paid` adds,
    /// the hand's wilds aside (at most `first_cap`, another bound of it).
    /// `None`: the rest has no valid arrangement.
    pub(super) fn first(&self, paid: (f64, f64), first_cap: i32) -> Option<i32> {
        let (first_prices, kept_prices) = paid;
        let mut first = Self::floor(first_prices).min(first_cap);
        // every arrangement x keeps kept_prices − per_first·first(x) cards at
        // most, and no fewer than none: that caps its first component too
        if self.per_first > MIN_PER_FIRST {
            first = first.min(Self::floor((kept_prices + MAX_PARTS * SLACK) / self.per_first));
        } else if Self::floor(kept_prices) < 0 {
            return None;
        }
        Some(first)
    }

    /// A bound of the table cards kept by a rest that pays `paid` and reaches `target`.
    pub(super) fn kept_for(&self, paid: (f64, f64), target: i32) -> i32 {
        Self::floor(paid.1 - self.per_first * target as f64)
    }

    /// The most that any meld the search may lay from the naturals `counts`
    /// and the wilds `res` (every shape, the dominated ones too, and the sets
    /// of 1s) or a card it leaves unused asks beyond what these prices pay,
    /// in the first LP and in the kept LP; and how many columns were checked.
    #[cfg(test)]
    pub(super) fn worst_unpaid(&self, t: &Table, counts: Counts, res: Res) -> (f64, usize) {
        let (mut worst, mut checked) = (f64::MIN, 0);
        // a meld is paid by its cards and by the cuts that count it
        let model = t.lp_model.borrow();
        let cuts = &model.as_ref().expect("the root LPs").cuts;
        let mut check = |nat: Counts, wishes: u8, one: u8, first: i32, kept: u32| {
            let mut r = res;
            (r[RES_WISHES], r[RES_ONES]) = (wishes, one);
            let member = |p: &Prices| {
                let holds = Holds { take: nat, wishes, ones: one };
                let of_cuts = (0..cuts.len()).map(|c| p.cut[c] * cuts.coefficient(c, &holds) as f64);
                p.of(nat, r, &CutRhs::NONE) + of_cuts.sum::<f64>()
            };
            let unpaid_first = first as f64 - member(&self.first);
            let unpaid_kept = kept as f64 - (member(&self.kept) - self.per_first * first as f64);
            worst = worst.max(unpaid_first).max(unpaid_kept);
            checked += 1;
        };
        let net = t.objective == TableObjective::Net;
        for l in types(counts) {
            if has(t.hand_nat, l) || net {
                check(unit(l), 0, 0, if net && !has(t.hand_nat, l) { -1 } else { 0 }, 0);
            }
            t.lines.shapes(l, counts & !(unit(l) - 1), res[RES_WISHES], res[RES_ONES], |m| {
                let (kept, _) = t.kept(m.take, m.one, m.wishes);
                if kept > 0 || !t.splits(&m) {
                    check(m.take, m.wishes, m.one, types(m.take & t.hand_nat).map(|h| t.reach[h].worth).sum(), kept);
                }
            });
        }
        if res[RES_WISHES] > 0 {
            check(0, 1, 0, 0, 0);
        }
        for s in (0..4).filter(|s| res[RES_ONES] >> s & 1 == 1) {
            check(0, 0, 1 << s, 0, 0);
        }
        ones_sets(res[RES_ONES] & 0xF, res[RES_WISHES], |sets| {
            if let [(s, x), (0, 0)] = sets {
                if s != 0 {
                    check(0, x, s, 0, t.kept_in_ones(s, x).0);
                }
            }
        });
        (worst, checked)
    }

    /// The number of columns of the root LPs' model (the first LP's).
    #[cfg(test)]
    pub(super) fn columns(model: &LpModel) -> usize {
        model.first_cols.len()
    }

    /// Rounds a bound down to the integer it allows (every price has a slack
    /// of at most [`SLACK`] per column, and a rest uses fewer than [`MAX_PARTS`]).
    fn floor(v: f64) -> i32 {
        let v = v + MAX_PARTS * SLACK + 1e-6;
        // by the truncation (`f64::floor` is a call into libm on the baseline
        // x86-64 target, and this runs several times a position bounded)
        let t = v as i32;
        t.saturating_sub(((t as f64) > v) as i32)
    }
}
