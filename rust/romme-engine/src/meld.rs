//! Types shared by every game's meld rules and solvers.

use std::collections::BTreeMap;
use std::fmt;

/// One card as laid in a meld: its code and the natural card it stands for
/// (a natural card stands for itself; a wild for the card it replaces).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Placed {
    /// The card's type code.
    pub code: u8,
    /// The natural code it represents (equal to `code` for a natural card).
    pub stands_for: u8,
}

/// Set (same rank) or run (same suit, consecutive).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MeldKind {
    /// Same rank/value/number.
    Set,
    /// Same suit/symbol/colour with consecutive ranks (1x1: consecutive multiples).
    Run,
}

/// A valid meld with what every wild stands for and its points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Meld {
    /// Set or run.
    pub kind: MeldKind,
    /// The cards in meld order (runs ascending).
    pub cards: Vec<Placed>,
    /// Points under the game's meld counting (Rommé opening, 1x1 opening, Rummy opening with jokers 0;
    /// Königs-Rommé: sum of the natural values represented).
    pub points: i32,
}

/// What a hand solver optimises.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Objective {
    /// Fewest points left in hand (Königs-Rommé default).
    MinLeft,
    /// Best opening: most meld points reaching the game's minimum (Rommé, 1x1, Rummy default).
    Opening,
    /// Most cards in melds.
    MaxCards,
    /// Krass Kariert: fewest plays to empty the hand.
    MinPlays,
}

impl Objective {
    /// Parses the CLI/Python name (`min-left`, `opening`, `max-cards`, `min-plays`).
    pub fn from_name(name: &str) -> Result<Objective, EngineError> {
        match name {
            "min-left" => Ok(Objective::MinLeft),
            "opening" => Ok(Objective::Opening),
            "max-cards" => Ok(Objective::MaxCards),
            "min-plays" => Ok(Objective::MinPlays),
            _ => Err(EngineError::new(format!(
                "unknown objective {name:?}; valid objectives: min-left, opening, max-cards, min-plays"
            ))),
        }
    }
}

/// The answer of a hand solver.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HandSolution {
    /// The melds of an optimal partition.
    pub melds: Vec<Meld>,
    /// Cards not melded (codes).
    pub left: Vec<u8>,
    /// Points of `left` under the game's hand counting.
    pub left_points: i32,
    /// Königs-Rommé: whether all but one card can be melded.
    pub can_go_out: Option<bool>,
    /// Königs-Rommé: the card to discard (when going out, the one left).
    pub discard: Option<u8>,
    /// Rommé, 1x1, Rummy: highest opening total reachable, `None` below the minimum.
    pub opening_points: Option<i32>,
    /// Krass Kariert: the plays in order, each `(code, value)` (value: the number an X stands for).
    pub plays: Option<Vec<Vec<(u8, u8)>>>,
}

/// A clear error for bad input; the engine never panics on input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineError(pub String);

impl EngineError {
    /// An error with a message that names what was wrong.
    pub fn new(msg: impl Into<String>) -> Self {
        EngineError(msg.into())
    }
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for EngineError {}

/// Rule options as given by Python (already validated there): name -> integer
/// (booleans as 0/1). Each game reads its own typed options from it and
/// rejects names it does not know.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options(pub BTreeMap<String, i64>);

impl Options {
    /// Options from `(name, value)` pairs.
    pub fn from_pairs<I: IntoIterator<Item = (String, i64)>>(pairs: I) -> Self {
        Options(pairs.into_iter().collect())
    }

    /// Fails naming the first option not in `known`.
    pub fn check_known(&self, game: &str, known: &[&str]) -> Result<(), EngineError> {
        for name in self.0.keys() {
            if !known.contains(&name.as_str()) {
                return Err(EngineError::new(format!(
                    "unknown option {name:?} for {game}; valid options: {}",
                    known.join(", ")
                )));
            }
        }
        Ok(())
    }

    /// A boolean option (absent: `default`).
    pub fn flag(&self, name: &str, default: bool) -> bool {
        self.0.get(name).map_or(default, |v| *v != 0)
    }

    /// An integer option (absent: `default`), checked to lie in `lo..=hi`.
    pub fn int(&self, name: &str, default: i64, lo: i64, hi: i64) -> Result<i64, EngineError> {
        let v = self.0.get(name).copied().unwrap_or(default);
        if v < lo || v > hi {
            return Err(EngineError::new(format!("option {name} must be in {lo}..{hi}, got {v}")));
        }
        Ok(v)
    }
}

/// Checks that every code is below `type_count`.
pub fn check_codes(game: &str, codes: &[u8], type_count: usize) -> Result<(), EngineError> {
    for (i, &c) in codes.iter().enumerate() {
        if c as usize >= type_count {
            return Err(EngineError::new(format!("card code {c} at position {} is not a {game} card", i + 1)));
        }
    }
    Ok(())
}
