//! The terms of a table search shared by every engine that answers one (the
//! grid searches in [`crate::search`], 1x1-Rommé's in [`crate::einmaleins`]):
//! what it maximises, how hard it works on the tie-break, and its answer.

use crate::meld::{EngineError, Meld};

/// What the table search maximises.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableObjective {
    /// Most hand cards placed.
    Cards,
    /// Most hand points placed.
    Points,
    /// Most cards shed net: placed minus table cards taken into the hand.
    Net,
}

impl TableObjective {
    /// Parses `cards`, `points` or `net`.
    pub fn from_name(name: &str) -> Result<TableObjective, EngineError> {
        match name {
            "cards" | "max-cards" => Ok(TableObjective::Cards),
            "points" | "max-points" => Ok(TableObjective::Points),
            "net" | "shed-net" => Ok(TableObjective::Net),
            _ => {
                Err(EngineError::new(format!("unknown table objective {name:?}; valid objectives: cards, points, net")))
            }
        }
    }
}

/// The answer of the table search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableSolution {
    /// The new table.
    pub melds: Vec<Meld>,
    /// Hand cards placed (codes).
    pub placed: Vec<u8>,
    /// Table cards taken into the hand (codes; only where the rules allow it).
    pub taken: Vec<u8>,
    /// Table cards that ended in a different meld.
    pub moved: u32,
    /// Whether the objective value is proven optimal (false when the time budget or
    /// the work limit cut the search).
    pub optimal: bool,
    /// Whether `moved` is proven minimal among optimal solutions.
    pub moved_optimal: bool,
    /// Hand points placed (hand counting).
    pub placed_points: i32,
    /// Whether the caller's budget (time or work) cut the search: it ran out before
    /// the answer was proven both ways (`optimal` or `moved_optimal` is then false); a
    /// search unproven before its budget ran out (or without one) was stopped by its
    /// own work limit. A budget at least the search's work changes nothing.
    pub budget_cut: bool,
    /// Whether the answer is unproven only because the turn could swap a second table joker (Rommé
    /// without Räuber: a place-move holds one swap, the second is a move of its own once the first
    /// joker is laid, and such a turn is not searched: `search::joker_swaps`); nothing cut the search.
    pub second_swap: bool,
}

impl TableSolution {
    /// The answer's value under `objective`, the quantity the search maximises.
    pub fn value(&self, objective: TableObjective) -> i32 {
        match objective {
            TableObjective::Cards => self.placed.len() as i32,
            TableObjective::Points => self.placed_points,
            TableObjective::Net => self.placed.len() as i32 - self.taken.len() as i32,
        }
    }

    /// Whether this answer ranks above `other` among answers to one position's place-moves: the
    /// higher value under `objective`, at equal value the fewer moved table cards.
    pub(crate) fn better_than(&self, other: &TableSolution, objective: TableObjective) -> bool {
        let (now, was) = (self.value(objective), other.value(objective));
        now > was || (now == was && self.moved < other.moved)
    }
}

/// How hard the search works for the fewest moved table cards (Rummy and
/// Räuber-Rommé, with or without `wrap_around` and `no_double_joker`; 1x1-Rommé's
/// search is exact either way).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TieBreak {
    /// The keep-mode sweep ([`crate::search::keep`]): proven fewest moved where the lock model is
    /// the truth (no table run holds a joker), within a work limit.
    Exact,
    /// A bounded greedy search over which melds to keep, proven only by cheap
    /// certificates: the objective's speed, for bots.
    Fast,
    /// No tie-break: the first optimal table found (`moved_optimal` only where
    /// nothing moved). The question the peer solvers answer (most cards placed),
    /// for hints and bots that need only the count.
    None,
}

impl TieBreak {
    /// Parses `exact`, `fast` or `none`.
    pub fn from_name(name: &str) -> Result<TieBreak, EngineError> {
        match name {
            "exact" => Ok(TieBreak::Exact),
            "fast" => Ok(TieBreak::Fast),
            "none" => Ok(TieBreak::None),
            _ => Err(EngineError::new(format!("unknown tie-break {name:?}; valid: exact, fast, none"))),
        }
    }
}
