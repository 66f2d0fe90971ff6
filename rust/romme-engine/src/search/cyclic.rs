//! Räuber-Rommé with `wrap_around` on the cycle of ranks (docs/SEARCH-DESIGN.md
//! §4.10): the position is turned so that the cut, a boundary between two
//! ranks that no table run crosses, falls between the last cell and the first,
//! and the sweep reads it as a cycle ([`GridShape::Cycle`]): the runs crossing
//! the cut are each suit's seam profile, chosen at position 0
//! ([`super::sweep::SeamProfiles`]). Its answers are all the position's
//! answers under `wrap_around`, so its proofs (the objective, the fewest moved
//! by keep mode) are the position's.

use super::grid::{self, GridGame};
use super::model::{GridRules, GridShape, SUITS};
use super::sweep::profile_choices;
use super::universe::seam;
use super::{Cutoff, TableObjective, TableSolution, TieBreak};
use crate::cards::Game;
use crate::options::GameRules;
use crate::romme::{Rules, JOKER};

/// Ranks on the cycle.
const RANKS: u8 = 13;

/// What the sweep on the cycle answers.
pub(super) enum Cycled {
    /// Proven on the tie-break asked: the objective, and with
    /// [`TieBreak::Exact`] the fewest moved.
    Proven(TableSolution),
    /// The objective proven, not the fewest moved.
    Optimum(TableSolution),
}

/// The answer of the sweep on the cycle where it proves at least the
/// objective; None where it does not, where the sweep does not model the
/// rules (`no_double_joker`) or where no cut is usable. `rules` are the
/// position's, `plain` the same without `wrap_around` and `no_double_joker`.
#[allow(clippy::too_many_arguments)]
pub(super) fn solve(
    table: &[Vec<u8>],
    hand: &[u8],
    objective: TableObjective,
    rules: &Rules,
    plain: &Rules,
    cutoff: &Cutoff,
    tie_break: TieBreak,
) -> Option<Cycled> {
    if rules.no_double_joker || !rules.wrap_around {
        return None;
    }
    let shape = best_cut(table, hand)?;
    let GridShape::Cycle { cut, .. } = shape else { return None };
    let turned: Vec<Vec<u8>> = table.iter().map(|m| seam::turned(m, cut)).collect();
    let grid = GameRules::Romme(*plain);
    let hand = seam::turned(hand, cut);
    let sol = super::solve_grid_shaped(&grid, shape, &turned, &hand, objective, cutoff, tie_break, false).ok()?;
    if !sol.optimal {
        return None;
    }
    let proven = sol.moved_optimal || tie_break != TieBreak::Exact;
    let sol = seam::turned_back(sol, cut, rules)?;
    Some(if proven { Cycled::Proven(sol) } else { Cycled::Optimum(sol) })
}

/// The cut with the fewest seam profiles ([`profile_choices`]) among those no
/// table run crosses, as the grid's shape (None: none).
pub(super) fn best_cut(table: &[Vec<u8>], hand: &[u8]) -> Option<GridShape> {
    let mut best: Option<(u64, GridShape)> = None;
    for cut in 0..RANKS {
        let rules = GridRules {
            npos: RANKS as usize,
            ace_high: false,
            shape: GridShape::Cycle { cut, crossing: 0 },
            no_double_joker: false,
            table_optional: false,
        };
        let g = GridGame { game: Game::Romme, rules, joker: JOKER };
        let crossed = table.iter().any(|m| grid::layout(&g, &seam::turned(m, cut)).is_none_or(|l| l.b >= rules.npos));
        if crossed {
            continue;
        }
        let mut naturals = [[0u32; 4]; SUITS];
        let mut jokers = 0;
        for &c in table.iter().flatten().chain(hand) {
            if c == JOKER {
                jokers += 1;
                continue;
            }
            let (suit, cell) = ((c / RANKS) as usize, (c % RANKS + RANKS - cut) % RANKS);
            // (the cells around the cut: the last two, the first two)
            match cell {
                11 => naturals[suit][0] += 1,
                12 => naturals[suit][1] += 1,
                0 => naturals[suit][2] += 1,
                1 => naturals[suit][3] += 1,
                _ => {}
            }
        }
        if let Some((choices, crossing)) = profile_choices(naturals, jokers) {
            if best.is_none_or(|(b, _)| choices < b) {
                best = Some((choices, GridShape::Cycle { cut, crossing }));
            }
        }
    }
    best.map(|(_, shape)| shape)
}
