//! Keep mode's Lagrangian bound (docs/SEARCH-DESIGN.md §4.8): when it is priced, whether it
//! helps, and the bound at a state with the chain values its children reuse.

use super::*;
use crate::search::lagrange::{Fitted, Lagrange};
use crate::search::model::GridRules;

/// Whether a Lagrangian bound of `root` at the root helps the keep search of
/// `k` over `m`: on Rummy's grid one no lower than what every old meld holds
/// cuts next to nothing (the search then goes on without it). On Rommé's (the
/// ace high) it is kept whatever its root: there the fit's root is often no
/// lower than the table's size while the bound still cuts states deeper in the
/// search, and dropping it left answers unproven that it proves.
fn helps(root: f64, k: &KeepInfo, m: &Model) -> bool {
    m.rules.ace_high || root < k.total() as f64 - 1.0
}

#[cfg(test)]
thread_local! {
    /// Tests: whether the bound this thread fitted last has a root no lower
    /// than the table's size, and the states such bounds cut (each checked).
    static WEAK_ROOT: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    static WEAK_ROOT_CUTS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Keep-search nodes before the Lagrangian bound is priced (most searches end
/// sooner), with 25 subgradient steps (each a pass over the chains, so the fit
/// waits until a search shows it is a long one).
/// `ROMME_LAGRANGE_AFTER` in the environment sets it (tests: 0).
const LAGRANGE_AFTER: u64 = 3000;
/// The same on Rommé's ace-high grid, where a keep search of a few thousand
/// nodes is typical and the bound cuts from the first nodes on (docs/PERFORMANCE.md §4).
const LAGRANGE_AFTER_ACE_HIGH: u64 = 1000;
/// The same on the cycle of ranks (`wrap_around`), where the keep search's
/// profile oracle makes each node dear and the bound cuts from the first
/// nodes on (docs/PERFORMANCE.md §4).
const LAGRANGE_AFTER_CYCLE: u64 = 300;

const LAGRANGE_STEPS: usize = 25;

pub(super) fn lagrange_after(rules: &GridRules) -> u64 {
    if let Some(n) = switches::lagrange_after() {
        return n;
    }
    static N: std::sync::OnceLock<Option<u64>> = std::sync::OnceLock::new();
    let set = *N.get_or_init(|| std::env::var("ROMME_LAGRANGE_AFTER").ok().and_then(|x| x.parse().ok()));
    set.unwrap_or(if rules.shape.is_cycle() {
        LAGRANGE_AFTER_CYCLE
    } else if rules.ace_high {
        LAGRANGE_AFTER_ACE_HIGH
    } else {
        LAGRANGE_AFTER
    })
}

impl<'m> Sweep<'m, KeepMode<'m>> {
    /// Keep mode: the Lagrangian bound at `st` on reaching `need`, None at the set stage or
    /// before it is priced (at a position's start once due: `lagrange_at`, or the board fitted);
    /// with the path's depth and the suits' chain values, which the children reuse.
    pub(super) fn lagrange_bound(
        &mut self,
        st: &State,
        need: i32,
        k: &KeepInfo,
    ) -> Option<(i32, (usize, [f64; SUITS]))> {
        if st.suit == 0
            && self.mode.lagrange_at != u64::MAX
            && (self.work >= self.mode.lagrange_at || self.board_ready())
        {
            self.price_lagrange(k);
        }
        // (at every suit step, not at the set stage: halfway through a position it cuts much that
        // the bound at the position's start misses, while at the set stage, which has the most
        // nodes, it costs more than it cuts)
        if st.suit >= SUITS as u8 {
            return None;
        }
        let lg = self.mode.lagrange.as_mut()?;
        // (each step on the path is one suit step or the set stage, which changes no suit's
        // runs: a suit step changes one suit's chain, the others are the parent's; at a
        // position's start all but the last suit's are as before the last suit step; the tests
        // assert the bound is the one computed afresh)
        let depth = self.mode.path.len();
        let all = (1u8 << SUITS) - 1;
        let (mut values, known) = match self.mode.chains.last() {
            Some(&(d, c)) if st.suit > 0 && d + 1 == depth => (c, all & !(1 << (st.suit - 1))),
            Some(&(d, c)) if st.suit == 0 && d + 2 == depth => (c, all >> 1),
            _ => ([0.0; SUITS], 0),
        };
        let b = lg.bound(st, need, &mut values, known);
        #[cfg(test)]
        if known != 0 {
            assert_eq!(b, lg.bound(st, need, &mut [0.0; SUITS], 0), "the parent's chains changed the bound");
        }
        Some((b, (depth, values)))
    }

    /// Keep mode: prices the Lagrangian bound, aiming at the best answer so far
    /// (once: later rounds, 10 steps each time the search had grown threefold,
    /// cost more than they cut), or takes the prices another keep search of the
    /// solve fitted ([`Board`]).
    fn price_lagrange(&mut self, k: &KeepInfo) {
        let m = self.m;
        let keep = &mut self.mode;
        let Some(goal) = keep.lagrange_goal else {
            keep.lagrange_at = u64::MAX;
            return;
        };
        // (no clone of the board: the other thread's search reads it too)
        if let Some((board, mirrored)) = &keep.board {
            if let Some(fitted) = board.fitted() {
                // (prices another search fitted: no fit here)
                keep.lagrange_at = u64::MAX;
                keep.lagrange = fitted.as_ref().filter(|f| helps(f.root, k, m)).and_then(|f| {
                    let mut lg = Lagrange::new(m, k)?;
                    lg.adopt(&f.prices, f.mirrored != *mirrored);
                    Some(Box::new(lg))
                });
                return;
            }
            if !board.claim() {
                // (another search is fitting: this one goes on and looks again at its next position)
                return;
            }
        }
        keep.lagrange_at = u64::MAX;
        keep.lagrange = Lagrange::new(m, k).map(Box::new);
        let target = keep.incumbent.as_ref().map_or(0, |inc| inc.0);
        let root = keep.lagrange.as_mut().map(|lg| lg.fit(goal, target, LAGRANGE_STEPS));
        if !root.is_some_and(|root| helps(root, k, m)) {
            keep.lagrange = None;
        }
        #[cfg(test)]
        WEAK_ROOT.with(|w| w.set(keep.lagrange.is_some() && root.is_some_and(|root| root >= k.total() as f64 - 1.0)));
        if let Some((board, mirrored)) = &keep.board {
            let fitted = keep.lagrange.as_ref().zip(root).map(|(lg, root)| Fitted {
                prices: lg.prices(),
                mirrored: *mirrored,
                root,
            });
            board.publish(fitted);
        }
    }

    /// Whether another keep search of this solve has published its prices.
    #[inline]
    fn board_ready(&self) -> bool {
        self.mode.board.as_ref().is_some_and(|(b, _)| b.fitted().is_some())
    }

    /// Tests: a state the Lagrangian bound cut keeps no more than the bound.
    #[cfg(test)]
    pub(super) fn check_lagrange_cut(&mut self, st: State, need: i32, b: i32) {
        if !switches::lagrange_checks_on() {
            return;
        }
        // (searched with no bound; the bound is priced once, so no pricing either)
        let lg = self.mode.lagrange.take();
        let truth = self.keep_value(st, need, b);
        self.mode.lagrange = lg;
        assert!(truth <= b, "the Lagrangian bound {b} cut a state keeping {truth}: {st:?}");
        if WEAK_ROOT.with(|w| w.get()) {
            WEAK_ROOT_CUTS.with(|n| n.set(n.get() + 1));
        }
        switches::count_lagrange_check(st.suit > 0);
    }
}

#[cfg(test)]
mod tests {
    use super::{lagrange_after, LAGRANGE_AFTER, LAGRANGE_AFTER_ACE_HIGH, LAGRANGE_AFTER_CYCLE, WEAK_ROOT_CUTS};
    use crate::search::lagrange::tests::assert_the_bound_changes_no_answer;
    use crate::search::switches::LAGRANGE_CHECKS;

    /// On Rommé's grid a fitted Lagrangian bound whose root is no lower than
    /// the table's size is kept: priced from the first node, such bounds cut
    /// states, every state they cut is searched again without the bound and
    /// keeps no more than it (the check asserts), and the answers (objective,
    /// fewest moved and its proof) are those of the search without the bound.
    #[test]
    fn a_romme_bound_with_a_weak_root_is_kept_and_never_cuts_an_answer() {
        let mut seed = 23u64;
        LAGRANGE_CHECKS.with(|x| x.set(Some(0)));
        WEAK_ROOT_CUTS.with(|n| n.set(0));
        for i in 0..60 {
            let (table, hand) = crate::testkit::romme_position(&mut seed, 5 + i % 10, 6 + i % 9);
            assert_the_bound_changes_no_answer(&table, &hand, i % 4 == 0);
        }
        LAGRANGE_CHECKS.with(|x| x.set(None));
        let cuts = WEAK_ROOT_CUTS.with(|n| n.take());
        assert!(cuts >= 100, "only {cuts} states cut by bounds whose root is the table's size or more");
    }

    /// The keep search prices its Lagrangian bound after 1,000 nodes on
    /// Rommé's ace-high grid, after 3,000 on Rummy's (where earlier pricing
    /// cost the 45-card tables more than it saved), after 300 on the cycle of
    /// ranks (`wrap_around`).
    #[test]
    fn the_bound_is_priced_sooner_on_the_ace_high_grid_and_the_cycle() {
        use crate::search::model::{GridRules, GridShape};
        let romme = GridRules { npos: 14, ace_high: true, ..GridRules::RUMMY };
        let cycle = GridRules { shape: GridShape::Cycle { cut: 0, crossing: 0, split: None }, ..GridRules::RUMMY };
        assert_eq!(
            (lagrange_after(&romme), lagrange_after(&GridRules::RUMMY), lagrange_after(&cycle)),
            (LAGRANGE_AFTER_ACE_HIGH, LAGRANGE_AFTER, LAGRANGE_AFTER_CYCLE)
        );
    }
}
