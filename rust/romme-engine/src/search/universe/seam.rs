//! A `wrap_around` position read from another seam: the sweep's answers as
//! candidates for the universe search's fewest moved cards.
//!
//! With `wrap_around` the ranks form a cycle; the sweep reads them as a line
//! from one ace to the other, so its runs cannot pass the ace (K-A-2). Turning
//! every rank by the same shift moves that seam to another rank `s`: the
//! turned position's plain-rules answers, turned back, are exactly the
//! answers under `wrap_around` none of whose runs holds `s` inside (sets stay
//! sets, runs stay runs). The sweep's fewest moved among those is often far
//! below what the universe search's first answer moves, and with it as the bar
//! the universe search's fewest-moved phase has only the few answers below it
//! left to rule out ([`super`]). A seam is usable only where no table
//! run holds it inside. The turned position's cells score as the cards they
//! held before the turn ([`GridRules::turn`](super::super::model::GridRules)),
//! so under `points` its answers keep their points.

use super::super::{solve_grid, Cutoff, TableObjective, TableSolution, TieBreak};
use crate::meld::Meld;
use crate::options::GameRules;
use crate::romme::{self, Rules, JOKER};

/// Ranks on the cycle.
const RANKS: u8 = 13;

/// `code` with its rank moved `shift` places down the cycle (jokers stay).
fn turn(code: u8, shift: u8) -> u8 {
    if code == JOKER {
        return code;
    }
    let (suit, rank) = (code / RANKS, code % RANKS);
    suit * RANKS + (rank + RANKS - shift) % RANKS
}

/// The inverse of [`turn`].
fn turn_back(code: u8, shift: u8) -> u8 {
    turn(code, (RANKS - shift) % RANKS)
}

/// `codes` turned by `shift` ([`turn`]).
pub(in crate::search) fn turned(codes: &[u8], shift: u8) -> Vec<u8> {
    codes.iter().map(|&c| turn(c, shift)).collect()
}

/// The seams worth a sweep, best first, at most `most`: those where every
/// table meld, turned, is a meld under the plain rules, fewest suits first
/// that could run through the seam (the cards just below, at and above it all
/// there, a joker filling one gap).
pub(super) fn seams(table: &[Vec<u8>], hand: &[u8], plain: &Rules, most: usize) -> Vec<u8> {
    let mut have = [[0u8; RANKS as usize]; 4];
    let mut jokers = 0;
    for &c in table.iter().flatten().chain(hand) {
        if c == JOKER {
            jokers += 1;
        } else {
            have[(c / RANKS) as usize][(c % RANKS) as usize] += 1;
        }
    }
    let through = |s: u8| -> usize {
        let at = |suit: usize, d: u8| have[suit][((s + d + RANKS - 1) % RANKS) as usize] > 0;
        (0..4).filter(|&suit| (0..3).filter(|&d| !at(suit, d)).count() <= jokers.min(1)).count()
    };
    let mut usable: Vec<(usize, u8)> = (0..RANKS)
        .filter(|&s| table.iter().all(|m| romme::read_meld(&turned(m, s), plain).is_ok()))
        .map(|s| (through(s), s))
        .collect();
    usable.sort_unstable();
    usable.into_iter().take(most).map(|(_, s)| s).collect()
}

/// A seam no run of any answer can hold inside: for every suit, the cells just
/// below, at and above it lack more naturals (on the table and in the hand)
/// than there are jokers, so no run of the suit covers all three. Turned there,
/// the position's plain answers are all its answers under `wrap_around`, and
/// the sweep's proofs (the objective, the fewest moved) hold for them. (The
/// ace is such a seam exactly where `wrap_around` does not bite, and the sweep
/// answers without a turn: it is not looked at here.)
pub(super) fn closed_seam(table: &[Vec<u8>], hand: &[u8], plain: &Rules) -> Option<u8> {
    let mut have = [[false; RANKS as usize]; 4];
    let mut jokers = 0;
    for &c in table.iter().flatten().chain(hand) {
        if c == JOKER {
            jokers += 1;
        } else {
            have[(c / RANKS) as usize][(c % RANKS) as usize] = true;
        }
    }
    let closed = |s: u8| {
        (0..4).all(|suit| {
            let missing = (0..3).filter(|&d| !have[suit][((s + RANKS - 1 + d) % RANKS) as usize]).count();
            missing > jokers
        })
    };
    (1..RANKS).find(|&s| closed(s) && table.iter().all(|m| romme::read_meld(&turned(m, s), plain).is_ok()))
}

/// Work of each seam's solve in [`answers`] (its first solve, keep search and mirror image's
/// looks, several times this where a keep search is cut at its limit).
const SEAM_WORK: u64 = 40_000;

/// The sweep's answers from the best `most` [`seams`] that obey `options`
/// (`no_double_joker` may forbid a meld the plain rules allow), each proven
/// optimal among the answers its seam can read, its moved cards searched by
/// `tie_break`. Valid answers of the position, so the best of them is a floor
/// for the universe search's objective and the fewest moved among those
/// reaching the optimum a bar for its fewest-moved phase ([`super`]).
/// `ceiling` is a bound of the position's objective: each sweep's aspiration
/// aims at it, and an answer reaching it is the optimum, after which no
/// further seam is swept (its answers would only offer another bar, which the
/// LP's bound of the kept and its branch and bound seldom need).
#[allow(clippy::too_many_arguments)]
pub(super) fn answers(
    table: &[Vec<u8>],
    hand: &[u8],
    objective: TableObjective,
    rules: &Rules,
    plain: &Rules,
    most: usize,
    cutoff: &Cutoff,
    tie_break: TieBreak,
    ceiling: Option<i32>,
) -> Vec<TableSolution> {
    let mut found: Vec<TableSolution> = Vec::new();
    let mut within = true;
    for s in seams(table, hand, plain, most) {
        let solve = |cut: &Cutoff| {
            super::super::romme_mirror::with_ceiling(ceiling, || {
                sweep_answer(table, hand, objective, rules, plain, s, cut, tie_break)
            })
        };
        // (each seam's solve within its own work: its answer is only a floor and a bar, which the
        // LP's bounds and branch and bound prove or beat; where that cuts a seam's first solve, the
        // floor is worth its work (it spares the universe search's objective phase): that seam
        // and the rest are solved whole)
        let mut answer = None;
        if within {
            answer = solve(&cutoff.within(SEAM_WORK));
            within = answer.is_some();
        }
        if answer.is_none() {
            answer = solve(cutoff);
        }
        let Some(sol) = answer.filter(|x| super::obeys(x, rules)) else {
            continue;
        };
        let reached = ceiling.is_some_and(|c| sol.value(objective) >= c);
        found.push(sol);
        if reached {
            break;
        }
    }
    found
}

/// The sweep's answer (plain rules) of the position turned by `shift`, turned
/// back, if the sweep proved its objective, its moved cards searched by
/// `tie_break`. Its fewest moved is that of the position only at a
/// [`closed_seam`]; elsewhere the universe search proves the fewest.
#[allow(clippy::too_many_arguments)]
pub(super) fn sweep_answer(
    table: &[Vec<u8>],
    hand: &[u8],
    objective: TableObjective,
    rules: &Rules,
    plain: &Rules,
    shift: u8,
    cutoff: &Cutoff,
    tie_break: TieBreak,
) -> Option<TableSolution> {
    let t: Vec<Vec<u8>> = table.iter().map(|m| turned(m, shift)).collect();
    let solve = || solve_grid(&GameRules::Romme(*plain), &t, &turned(hand, shift), objective, cutoff, tie_break, false);
    let before = TURN.with(|x| x.replace(shift));
    let sol = solve();
    TURN.with(|x| x.set(before));
    turned_back(sol.ok().filter(|s| s.optimal)?, shift, rules)
}

thread_local! {
    /// The turn of the seam whose position the grid searches on this thread read (0: none).
    static TURN: std::cell::Cell<u8> = const { std::cell::Cell::new(0) };
}

/// The turn of the seam whose position the grid search starting on this thread
/// reads (its cells then score as the cards they held before the turn,
/// [`GridRules::turn`](super::super::model::GridRules)); 0 where none.
pub(in crate::search) fn values_turned() -> u8 {
    TURN.with(|x| x.get())
}

/// The answer `sol` of a position turned by `shift`, turned back: its melds read
/// under `rules` (None if one is not a meld there), its cards and points.
pub(in crate::search) fn turned_back(sol: TableSolution, shift: u8, rules: &Rules) -> Option<TableSolution> {
    // Jokers read as the sweep placed them: a run in the order laid.
    let declared = Rules { joker_declared: true, ..*rules };
    let melds: Option<Vec<Meld>> = sol
        .melds
        .iter()
        .map(|m| {
            let codes: Vec<u8> = m.cards.iter().map(|p| turn_back(p.code, shift)).collect();
            romme::read_meld(&codes, &declared).or_else(|_| romme::read_meld(&codes, rules)).ok()
        })
        .collect();
    let back = |v: &[u8]| -> Vec<u8> {
        let mut out: Vec<u8> = v.iter().map(|&c| turn_back(c, shift)).collect();
        out.sort_unstable();
        out
    };
    let placed = back(&sol.placed);
    let placed_points = placed.iter().map(|&c| romme::hand_points(c)).sum();
    Some(TableSolution { melds: melds?, placed, taken: back(&sol.taken), placed_points, ..sol })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turning_is_undone() {
        for shift in 0..RANKS {
            for c in 0..=JOKER {
                assert_eq!(turn_back(turn(c, shift), shift), c);
            }
        }
        // the king of the first suit, turned by one, is its queen's place; the ace turned by one, the king's
        assert_eq!(turn(12, 1), 11);
        assert_eq!(turn(0, 1), 12);
    }

    #[test]
    fn a_seam_inside_a_table_run_is_not_used() {
        let plain = Rules::from_options(&crate::meld::Options::default()).unwrap();
        // Qc Kc Ac 2c wraps: seams at the queen or the 2 leave it whole (turned it ends at an ace)
        let table = vec![vec![11, 12, 0, 1]];
        let s = seams(&table, &[], &plain, 13);
        assert!(!s.contains(&0) && !s.contains(&12));
        assert!(s.contains(&2) && s.contains(&11) && s.contains(&5));
    }
}
