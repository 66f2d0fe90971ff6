//! Types shared by every game's meld rules and solvers.

use std::collections::BTreeMap;
use std::fmt;

use crate::partition::Score;

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

impl Meld {
    /// The codes of the cards laid, in meld order.
    pub fn codes(&self) -> Vec<u8> {
        self.cards.iter().map(|p| p.code).collect()
    }

    /// The natural cards represented, in meld order.
    pub fn stands_for(&self) -> Vec<u8> {
        self.cards.iter().map(|p| p.stands_for).collect()
    }
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
    /// Whether the answer is proven optimal. `false` when the exact solve
    /// reached its work limit ([`crate::partition::HAND_STEPS`]): every field is
    /// then the best found (a valid partition, maybe not optimal).
    pub proven: bool,
}

impl HandSolution {
    /// The answer of an opening game (1x1-Rommé, Rummy): one optimal
    /// partition for `objective` from `partition`, the cards left counted by
    /// `hand_points`, and the best opening total (the meld points of an
    /// optimal `opening` partition, solved again unless that is the
    /// objective), reported only when it reaches `minimum`.
    pub fn with_opening(
        objective: Objective,
        minimum: i32,
        hand_points: impl Fn(u8) -> i32,
        partition: impl Fn(Objective) -> Result<(Vec<Meld>, Vec<u8>, bool), EngineError>,
    ) -> Result<HandSolution, EngineError> {
        let (melds, left, mut proven) = partition(objective)?;
        let meld_points = |melds: &[Meld]| melds.iter().map(|m| m.points).sum::<i32>();
        let best_opening = if objective == Objective::Opening {
            meld_points(&melds)
        } else {
            let (opening, _, opening_proven) = partition(Objective::Opening)?;
            proven &= opening_proven;
            meld_points(&opening)
        };
        Ok(HandSolution {
            proven,
            left_points: left.iter().map(|&c| hand_points(c)).sum(),
            left,
            opening_points: (best_opening >= minimum).then_some(best_opening),
            melds,
            ..HandSolution::default()
        })
    }
}

/// The DP score of leaving a card worth `hand_points` in hand, in the score
/// layout of the opening games (1x1-Rommé, Rummy): `opening` ignores it,
/// `max-cards` breaks ties by it, `min-left` ranks it first.
pub fn left_score(objective: Objective, hand_points: i32) -> Score {
    match objective {
        Objective::Opening => Score::ZERO,
        Objective::MaxCards => Score([0, -hand_points, 0]),
        _ => Score([-hand_points, 0, 0]),
    }
}

/// The DP score of a meld worth `points` with `cards` cards, in the layout of
/// [`left_score`]: `opening` ranks points then cards, `max-cards` cards,
/// `min-left` breaks ties by `min_left_tie` (the game's choice: Rummy counts
/// cards, 1x1-Rommé points).
pub fn meld_score(objective: Objective, points: i32, cards: u32, min_left_tie: i32) -> Score {
    match objective {
        Objective::Opening => Score([points, cards as i32, 0]),
        Objective::MaxCards => Score([cards as i32, 0, 0]),
        _ => Score([0, min_left_tie, 0]),
    }
}

/// Merges runs that `continues(a, b)` says go on from one another (`b`
/// starts where `a` ends) into one, until none is left to merge: the solvers
/// build short runs; players lay them as one.
pub fn merge_runs(melds: &mut Vec<Meld>, continues: impl Fn(&Meld, &Meld) -> bool) {
    let mut i = 0;
    while i < melds.len() {
        let partner = (0..melds.len()).find(|&j| {
            j != i
                && melds[i].kind == MeldKind::Run
                && melds[j].kind == MeldKind::Run
                && continues(&melds[i], &melds[j])
        });
        match partner {
            Some(j) => {
                let tail = melds.remove(j);
                let at = if j < i { i - 1 } else { i };
                melds[at].points += tail.points;
                melds[at].cards.extend(tail.cards);
            }
            None => i += 1,
        }
    }
}

/// A clear error for bad input; the engine never panics on input. A meld check's refusal also says what kind
/// of fault the cards have (the table names it in the player's words by that kind, not by the message).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineError(pub String, pub Option<MeldFault>);

impl EngineError {
    /// An error with a message that names what was wrong.
    pub fn new(msg: impl Into<String>) -> Self {
        EngineError(msg.into(), None)
    }

    /// A meld check's refusal: the message and the kind of fault.
    pub fn meld(fault: MeldFault, msg: impl Into<String>) -> Self {
        EngineError(msg.into(), Some(fault))
    }
}

/// What is wrong with cards that a meld check refuses as one meld, decided where the check refuses them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MeldFault {
    /// Fewer cards than a meld holds.
    TooFew,
    /// More cards than the meld may hold.
    TooMany,
    /// The card (its code) twice where the meld holds it once: a set's suit, a 1x1 card (the deck has one).
    CardTwice(u8),
    /// A run holding a rank twice.
    RankTwice,
    /// One suit, but the ranks leave a gap no wild fills (or, declared, are out of order).
    Gap,
    /// No natural card: wilds only.
    WildsOnly,
    /// `no_double_joker`: one natural card with two jokers.
    DoubleJoker,
    /// Neither one rank in different suits nor one suit.
    NoSetNoRun,
}

impl MeldFault {
    /// Every kind's name, as [`MeldFault::name`] gives it (the binding lists them for the table's words).
    pub const NAMES: [&'static str; 8] =
        ["too_few", "too_many", "card_twice", "rank_twice", "gap", "wilds_only", "double_joker", "no_set_no_run"];

    /// The kind's name (`too_few`, ..., `no_set_no_run`).
    pub fn name(self) -> &'static str {
        match self {
            MeldFault::TooFew => Self::NAMES[0],
            MeldFault::TooMany => Self::NAMES[1],
            MeldFault::CardTwice(_) => Self::NAMES[2],
            MeldFault::RankTwice => Self::NAMES[3],
            MeldFault::Gap => Self::NAMES[4],
            MeldFault::WildsOnly => Self::NAMES[5],
            MeldFault::DoubleJoker => Self::NAMES[6],
            MeldFault::NoSetNoRun => Self::NAMES[7],
        }
    }

    /// The card the fault names (its code), if it names one.
    pub fn card(self) -> Option<u8> {
        match self {
            MeldFault::CardTwice(code) => Some(code),
            _ => None,
        }
    }
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for EngineError {}

/// Rule options as given by Python: name -> integer (booleans as 0/1). Each game reads its
/// typed rules from it once ([`crate::options::GameRules`]), rejecting names it does not know
/// and values out of range.
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

    /// An integer option (absent: `default`), checked to lie in `lo..=hi`: read only by
    /// [`crate::options`] (the core takes a game's typed rules, [`crate::options::GameRules`]).
    pub(crate) fn int(&self, name: &str, default: i64, lo: i64, hi: i64) -> Result<i64, EngineError> {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn run(codes: &[u8]) -> Meld {
        let cards = codes.iter().map(|&c| Placed { code: c, stands_for: c }).collect();
        Meld { kind: MeldKind::Run, cards, points: codes.iter().map(|&c| c as i32).sum() }
    }

    #[test]
    fn merge_runs_joins_chains_in_any_order() {
        let set = Meld { kind: MeldKind::Set, ..run(&[9, 9, 9]) };
        let mut melds = vec![run(&[7, 8, 9]), set.clone(), run(&[1, 2, 3]), run(&[4, 5, 6])];
        merge_runs(&mut melds, |a, b| a.cards.last().unwrap().stands_for + 1 == b.cards[0].stands_for);
        // The set stays; the run that gains a continuation grows where it stands.
        assert_eq!(melds.len(), 2);
        assert_eq!(melds[0], set);
        assert_eq!((melds[1].stands_for(), melds[1].points), ((1..=9).collect::<Vec<u8>>(), 45));
    }

    #[test]
    fn opening_total_is_reported_from_the_minimum_on() {
        let partition = |obj: Objective| {
            Ok(if obj == Objective::Opening {
                (vec![run(&[10, 11, 12])], vec![1], false)
            } else {
                (vec![], vec![1, 10, 11, 12], true)
            })
        };
        let s = HandSolution::with_opening(Objective::MinLeft, 33, |c| c as i32, partition).unwrap();
        assert_eq!((s.left_points, s.opening_points, s.melds.len()), (34, Some(33), 0));
        // (a cut opening solve makes the whole answer not proven)
        assert!(!s.proven);
        let s = HandSolution::with_opening(Objective::Opening, 34, |c| c as i32, partition).unwrap();
        assert_eq!((s.left_points, s.opening_points, s.melds.len(), s.proven), (1, None, 1, false));
    }
}
