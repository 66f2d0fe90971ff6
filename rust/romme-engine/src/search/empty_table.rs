//! An empty Rummy table under the objective `cards`: the hand's best melds from the hand solver's DP,
//! the answer read as the table search's.

use super::{answer, grid_game, TableObjective, TableSolution};
use crate::meld::{EngineError, MeldKind};
use crate::options::GameRules;

/// Hands up to this size meet an empty Rummy table through the hand solver's
/// DP ([`crate::rummy::empty_table_melds`], several times faster on a hand of
/// 14 cards); on larger hands the sweep is the faster.
pub(super) const EMPTY_TABLE_DP: usize = 24;

/// An empty Rummy table, objective cards: the best melds of the hand alone
/// (nothing moves; the same tie-break order: a joker stays in the hand where a
/// natural does as well).
pub(super) fn empty_rummy_table(hand: &[u8], rules: &crate::rummy::Rules) -> Result<TableSolution, EngineError> {
    let (g, cap, _) = grid_game(&GameRules::Rummy(*rules), TableObjective::Cards)?;
    let cap = if cap as usize >= hand.len() { 0 } else { cap as u8 };
    let mut melds = crate::rummy::empty_table_melds(hand, cap)?;
    let mut placed = Vec::new();
    for m in &mut melds {
        // (the table's counting: a joker counts what it stands for)
        m.points = answer::points_of(&g, m.kind == MeldKind::Run, &m.cards);
        placed.extend(m.cards.iter().map(|p| p.code));
    }
    placed.sort();
    let placed_points = placed.iter().map(|&c| g.card_value(c)).sum();
    Ok(TableSolution {
        melds,
        placed,
        taken: Vec::new(),
        moved: 0,
        optimal: true,
        moved_optimal: true,
        placed_points,
        budget_cut: false,
        second_swap: false,
    })
}
