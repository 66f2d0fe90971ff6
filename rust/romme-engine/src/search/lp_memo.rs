//! The LP of the kept solved once per question within a position's search
//! (docs/SEARCH-DESIGN.md §4.10): keep mode's stop asks its bound
//! ([`super::lp_kept`]) and the branch and bound over it ([`super::lp_dive`])
//! starts from its optimum, often twice ([`super::lp_dive::better`] runs again
//! from a better answer), and the universe search asks the same question
//! again. Each solve built the program (its columns: every meld pattern with
//! the jokers' placements) and solved it anew; within [`with_memo`] (one
//! position's search, [`super::search_position`]) the first solve's optimum
//! serves the same question after it. Outside it nothing is kept, and a
//! search's work never depends on what an earlier search on the thread asked.

use std::cell::RefCell;
use std::rc::Rc;

use super::lp_kept::{self, Aim, Program, Question};
use super::model::Score;
use super::Cutoff;
use crate::lp::simplex::Simplex;

/// A program solved to its optimum.
pub(super) struct SolvedLp {
    pub lp: Program,
    /// An optimal basis over all of `lp`'s columns (the branch and bound's root).
    pub simplex: Simplex,
    /// Its dual prices.
    pub y: Vec<f64>,
    /// The work of the build and the solve, in the sweep's units.
    pub work: usize,
}

/// Everything [`Program::build`] reads of a question: the old melds, the hand's
/// codes with whether each is a natural and its value, the joker and its value.
#[derive(PartialEq)]
struct Key {
    aim: Aim,
    score: Score,
    goal: i32,
    olds: Vec<(Vec<u8>, usize)>,
    hand: Vec<(u8, bool, i32)>,
    joker: (u8, i32),
}

impl Key {
    fn of(q: &Question, aim: Aim) -> Key {
        let g = q.g;
        let hand = q.hand.iter().map(|&c| (c, g.cell(c).is_some(), g.card_value(c))).collect();
        Key { aim, score: q.score, goal: q.goal, olds: q.olds.clone(), hand, joker: (g.joker, g.card_value(g.joker)) }
    }
}

/// Optima a position's search keeps: its own look's and the mirror image's questions, each
/// objective's goal.
const KEPT: usize = 4;

/// The optima a position's search solved, the newest last.
type Kept = Vec<(Key, Rc<SolvedLp>)>;

thread_local! {
    /// The optima solved within [`with_memo`] on this thread (None: outside it).
    static MEMO: RefCell<Option<Kept>> = const { RefCell::new(None) };
}

/// Runs `f` (one position's search) with the optima it solves kept for its own questions.
pub(super) fn with_memo<T>(f: impl FnOnce() -> T) -> T {
    let before = MEMO.with(|m| m.replace(Some(Vec::new())));
    let r = f();
    MEMO.with(|m| *m.borrow_mut() = before);
    r
}

/// The optimum of the program `aim` builds for `q` and the work spent on it now
/// (0 where this position's search solved the same question before), charged
/// to `cutoff` as it goes, which may stop it. None where the program is not
/// built (more jokers or old melds than it takes), not solved within its
/// pivot limit, or stopped.
pub(super) fn optimum(q: &Question, aim: Aim, cutoff: &Cutoff) -> (Option<Rc<SolvedLp>>, usize) {
    if cutoff.reached() {
        return (None, 0);
    }
    let key = MEMO.with(|m| m.borrow().is_some()).then(|| Key::of(q, aim));
    if let Some(key) = &key {
        let known = MEMO.with(|m| m.borrow().iter().flatten().find(|(k, _)| k == key).map(|(_, o)| o.clone()));
        if known.is_some() {
            return (known, 0);
        }
    }
    let (solved, work) = lp_kept::solve(q, aim, cutoff);
    let Some(solved) = solved else { return (None, work) };
    let solved = Rc::new(solved);
    if let Some(key) = key {
        MEMO.with(|m| {
            if let Some(kept) = m.borrow_mut().as_mut() {
                if kept.len() == KEPT {
                    kept.remove(0);
                }
                kept.push((key, solved.clone()));
            }
        });
    }
    (Some(solved), work)
}

#[cfg(test)]
mod tests {
    use super::super::lp_kept::{position_question, Aim};
    use super::super::{Cutoff, TableObjective};
    use super::{optimum, with_memo};
    use crate::meld::Options;
    use crate::romme::Rules;

    /// The wrap bench's position 31 (`lp_kept`'s tests pin its bound, 47 kept at the whole hand).
    fn position() -> (Vec<Vec<u8>>, Vec<u8>, Rules) {
        let (table, hand) = super::super::lp_kept::tests::position_31();
        let pairs = [("rauber".to_string(), 1), ("wrap_around".to_string(), 1)];
        (table, hand.to_vec(), Rules::from_options(&Options::from_pairs(pairs)).unwrap())
    }

    /// Solves the position's LP of the kept at `goal`: the bound, the work spent now.
    fn ask(goal: i32) -> (Option<i32>, usize) {
        let (table, hand, rules) = position();
        position_question(&table, &hand, TableObjective::Cards, &rules, goal, |q| {
            let (solved, work) = optimum(q, Aim::Kept, &Cutoff::NONE);
            (solved.and_then(|s| s.lp.bound_at(&s.y, &s.lp.b)), work)
        })
        .expect("a question")
    }

    /// Within a position's search the same question is solved once (its
    /// bound as before, no work the second time); another goal is another
    /// question; outside the memo every ask solves, so a search's work does not
    /// hang on what the thread asked before.
    #[test]
    fn a_question_is_solved_once_within_the_memo() {
        let (first, again, other) = with_memo(|| (ask(13), ask(13), ask(12)));
        assert_eq!(first.0, Some(47));
        assert!(first.1 > 0);
        assert_eq!(again, (first.0, 0));
        assert!(other.1 > 0, "another goal is another program");
        assert_eq!((ask(13), ask(13)), (first, first), "outside the memo");
    }

    /// The optimum of the generated columns, its basis read over all the
    /// program's columns: no column prices above 0 under its prices (but for
    /// rounding), and the
    /// prices of that basis (its costs through its inverse) are those prices.
    #[test]
    fn the_basis_is_optimal_over_every_column() {
        let (table, hand, rules) = position();
        position_question(&table, &hand, TableObjective::Cards, &rules, 13, |q| {
            let solved = optimum(q, Aim::Kept, &Cutoff::NONE).0.expect("solved");
            let lp = &solved.lp;
            let n = lp.cols.len();
            // (up to the simplex's rounding, which the bound's sum absorbs: `Program::bound_at`)
            assert!(lp.cols.worst_of(0..n, &solved.y) <= 1e-5);
            let usable: Vec<usize> = (0..n).collect();
            let mut simplex = solved.simplex.clone();
            let y = simplex.dual_prices(&lp.cols, &usable, &lp.b, 0, f64::NEG_INFINITY).expect("prices");
            assert!(y.iter().zip(&solved.y).all(|(a, b)| (a - b).abs() < 1e-6));
            assert!(simplex.primal_feasible());
        });
    }
}
