//! Unit tests of the Lagrangian bound.

use super::sets::{work_out_sets, SET_CACHE};
use super::*;
use crate::search::Cutoff;

/// A remembered set outcome is the one worked out afresh, in the same order
/// (the order picks among equally priced outcomes, so the fit depends on it),
/// also after the cache was cleared.
#[test]
fn remembered_set_outcomes_are_worked_out_ones() {
    let mut seed = 11u64;
    let mut next = || {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (seed >> 33) as u8
    };
    let same = |a: &[SetOut], b: &[SetOut]| {
        a.len() == b.len()
            && a.iter().zip(b).all(|(x, y)| x.usage == y.usage && x.jokers == y.jokers && x.credit == y.credit)
    };
    let mut kinds = Vec::new();
    for _ in 0..SET_CACHE + 50 {
        let avail: [u8; SUITS] = std::array::from_fn(|_| next() % 3);
        let jokers = next() % 3;
        let olds: Vec<(u8, u8, u8)> = (0..next() % 3).map(|_| (1 + next() % 15, next() % 2, 3 + next() % 2)).collect();
        kinds.push((avail, jokers, olds));
    }
    // (the first pass fills the cache past its size, so the second finds some cleared)
    for _ in 0..2 {
        for (avail, jokers, olds) in &kinds {
            let fresh = work_out_sets(*avail, *jokers, olds);
            assert!(same(&set_outcomes(*avail, *jokers, olds), &fresh), "{avail:?} {jokers} {olds:?}");
            assert!(same(&set_outcomes(*avail, *jokers, olds), &fresh));
        }
    }
}

/// The bound on Rommé grids (the ace low or high; `net` with table cards taken
/// back) never cuts a state below what it can keep: priced from the first
/// node, every state it cuts is searched again without it, and the answers
/// (objective, fewest moved where proven) are those of the search without it.
#[test]
fn romme_bound_never_cuts_an_answer() {
    use super::super::switches::{HALFWAY_CHECKS, LAGRANGE_CHECKS};
    let mut seed = 5u64;
    LAGRANGE_CHECKS.with(|x| x.set(Some(0)));
    for i in 0..120 {
        let (table, hand) = crate::testkit::romme_position(&mut seed, 4 + i % 12, 6 + i % 11);
        assert_the_bound_changes_no_answer(&table, &hand, false);
    }
    let cuts = LAGRANGE_CHECKS.with(|x| x.take()).unwrap_or(0);
    let halfway = HALFWAY_CHECKS.with(|x| x.take());
    assert!(cuts >= 1000, "only {cuts} states cut by the bound");
    assert!(halfway >= 500, "only {halfway} states cut halfway through a position");
}

/// The bound on the cycle of ranks (`wrap_around`): a chain not yet stepped at
/// position 0 starts from the runs that may cross the cut, and short runs open
/// at the end take no padding. Priced from the first node, every state it cuts
/// is searched again without it, and the sweep on the cycle answers as it does
/// without the bound (objective, and the fewest moved where proven).
#[test]
fn cycle_bound_never_cuts_an_answer() {
    use super::super::cyclic::{solve, Cycled};
    use super::super::switches::LAGRANGE_CHECKS;
    use super::super::{TableObjective, TableSolution, TieBreak};
    use crate::romme::Rules;
    let mut seed = 7u64;
    LAGRANGE_CHECKS.with(|x| x.set(Some(0)));
    let mut cycled = 0;
    for i in 0..90 {
        let (table, hand) = crate::testkit::romme_position(&mut seed, 4 + i % 12, 6 + i % 11);
        for objective in [TableObjective::Cards, TableObjective::Points, TableObjective::Net] {
            let plain = Rules::from_options(&crate::testkit::rauber_options(objective == TableObjective::Net, false));
            let mut pairs = vec![("rauber".to_string(), 1), ("wrap_around".to_string(), 1)];
            if objective == TableObjective::Net {
                pairs.push(("rauber_table_to_hand".to_string(), 1));
            }
            let o = crate::meld::Options::from_pairs(pairs);
            let (plain, rules) = (plain.unwrap(), Rules::from_options(&o).unwrap());
            let answers = with_and_without_the_bound(|| {
                solve(&table, &hand, objective, &rules, &plain, &Cutoff::NONE, TieBreak::Exact).map(|c| match c {
                    Cycled::Proven(s) => s,
                    Cycled::Optimum(s, _) => TableSolution { moved_optimal: false, ..s },
                })
            });
            let (Some(with), Some(without)) = answers else {
                continue;
            };
            cycled += 1;
            assert_the_same_answer(&with, &without, objective, &o, &format!("{table:?} {hand:?} {objective:?}"));
        }
    }
    let cuts = LAGRANGE_CHECKS.with(|x| x.take()).unwrap_or(0);
    assert!(cycled >= 150, "only {cycled} positions answered on the cycle");
    assert!(cuts >= 500, "only {cuts} states cut by the bound on the cycle");
}

/// Solves a Räuber-Rommé position (`no_double_joker` or not) under every
/// objective, exact tie-break, with the bound priced from the first node and
/// without it, and asserts the same answers and the same proofs of the fewest moved.
pub(in crate::search) fn assert_the_bound_changes_no_answer(table: &[Vec<u8>], hand: &[u8], no_double_joker: bool) {
    use super::super::{solve_grid, TableObjective, TieBreak};
    use crate::cards::Game;
    for objective in [TableObjective::Cards, TableObjective::Points, TableObjective::Net] {
        let o = crate::testkit::rauber_options(objective == TableObjective::Net, no_double_joker);
        let rules = crate::options::GameRules::read(Game::Romme, &o).unwrap();
        let (with, without) = with_and_without_the_bound(|| {
            solve_grid(&rules, table, hand, objective, &Cutoff::NONE, TieBreak::Exact, false).unwrap()
        });
        let what = format!("{table:?} {hand:?} {objective:?}");
        assert_the_same_answer(&with, &without, objective, &o, &what);
        assert_eq!(with.moved_optimal, without.moved_optimal, "{what}");
    }
}

/// `solve` with the Lagrangian bound priced from the first node, and without
/// the bound: (with, without).
pub(in crate::search) fn with_and_without_the_bound<T>(solve: impl Fn() -> T) -> (T, T) {
    use super::super::switches::LAGRANGE_AFTER;
    let at = |after: u64| {
        LAGRANGE_AFTER.with(|x| x.set(Some(after)));
        let s = solve();
        LAGRANGE_AFTER.with(|x| x.set(None));
        s
    };
    (at(0), at(u64::MAX))
}

/// Asserts that the answer found with the bound is as good as the one found
/// without it: valid melds under `o`, the same value of `objective`, and the
/// same fewest moved where both prove it. (Answers that tie there may differ
/// in what the objective does not count: under `net` one answer may place a
/// card more and take one back, with other points.)
pub(in crate::search) fn assert_the_same_answer(
    with: &super::super::TableSolution,
    without: &super::super::TableSolution,
    objective: super::super::TableObjective,
    o: &crate::meld::Options,
    what: &str,
) {
    use super::super::TableObjective;
    let value = |s: &super::super::TableSolution| match objective {
        TableObjective::Cards => s.placed.len() as i32,
        TableObjective::Points => s.placed_points,
        TableObjective::Net => s.placed.len() as i32 - s.taken.len() as i32,
    };
    for m in &with.melds {
        assert!(crate::romme::validate_meld(&m.codes(), o).is_ok(), "invalid meld {:?}", m.codes());
    }
    assert_eq!(value(with), value(without), "{what}");
    if with.moved_optimal && without.moved_optimal {
        assert_eq!(with.moved, without.moved, "{what}");
    }
}
