//! Hand measures the Königs-Rommé expert decides by: how far a hand is from going out, the points
//! its best lay-down leaves, and both for every discard of a hand. The DPs of one question share
//! their memo (adding wilds or taking one card out leaves most sub-hands the same).

use super::{build_melds, card_points, check_input, check_size, Gen, Split, JOKER, JOKER_COPIES, L, NATURAL_COPIES};
use crate::meld::{EngineError, Objective, Options};
use crate::partition::{too_hard, Solver, HAND_STEPS};

/// A solver per objective, shared by the questions of one call.
struct Measures {
    wr: u8,
    max_cards: Gen,
    min_left: Gen,
}

impl Measures {
    fn new(round: u8) -> Result<Measures, EngineError> {
        let wr = check_input(&[], &Options::default(), round)?;
        Ok(Measures {
            wr,
            max_cards: Gen { objective: Objective::MaxCards, wr },
            min_left: Gen { objective: Objective::MinLeft, wr },
        })
    }

    /// The cards the best lay-down of `codes` leaves under `solver`'s objective.
    fn left(&self, solver: &mut Solver<'_, Gen>, codes: &[u8]) -> Result<Vec<u8>, EngineError> {
        let split = Split::new(codes, self.wr)?;
        let path = solver.path(split.naturals, [split.wilds(), 0, 0, 0, 0, 0]);
        if solver.aborted() {
            return Err(too_hard("koenigs", codes.len()));
        }
        Ok(match path {
            Some((_, steps)) => build_melds(&steps, &split, self.wr).1,
            None => codes.to_vec(),
        })
    }

    /// Points the best lay-down (fewest points left) of `codes` leaves.
    fn points(&self, solver: &mut Solver<'_, Gen>, codes: &[u8]) -> Result<i32, EngineError> {
        Ok(self.left(solver, codes)?.iter().map(|&c| card_points(c, self.wr)).sum())
    }

    /// The least `j` (at most `most`, and at most the wild cards still in the deck) such that
    /// `codes` plus `j` wild cards (jokers first, then the wild rank by suit) leaves at most `j`
    /// cards unmelded: the good draws the hand still needs, each followed by a discard. `None` when
    /// no such `j` is.
    fn distance(&self, solver: &mut Solver<'_, Gen>, codes: &[u8], most: usize) -> Result<Option<usize>, EngineError> {
        let mut spare: Vec<u8> = vec![JOKER; JOKER_COPIES as usize];
        for suit in 0..L.suits {
            spare.extend(std::iter::repeat_n(L.code(suit, self.wr), NATURAL_COPIES as usize));
        }
        let mut sorted = codes.to_vec();
        sorted.sort_unstable();
        for c in &sorted {
            if let Some(i) = spare.iter().position(|s| s == c) {
                spare.remove(i);
            }
        }
        for j in 0..=most.min(spare.len()) {
            let with: Vec<u8> = sorted.iter().chain(&spare[..j]).copied().collect();
            if self.left(solver, &with)?.len() <= j {
                return Ok(Some(j));
            }
        }
        Ok(None)
    }
}

/// Checks a hand (codes, copies, size) for round `round`.
fn check_hand(codes: &[u8], round: u8) -> Result<(), EngineError> {
    check_input(codes, &Options::default(), round)?;
    check_size(codes)
}

/// Most draws a distance looks ahead (the work limit counts this many DPs a distance).
const MOST_DRAWS: usize = 36;

/// How many more good draws `codes` needs before it can go out in round `round`, looking at most
/// `most` draws ahead (see [`Measures::distance`]); `None` when it needs more.
pub fn distance(codes: &[u8], round: u8, most: usize) -> Result<Option<usize>, EngineError> {
    check_hand(codes, round)?;
    let m = Measures::new(round)?;
    let most = most.min(MOST_DRAWS);
    let mut solver = Solver::new(&m.max_cards).limit_steps(HAND_STEPS * (most + 1));
    m.distance(&mut solver, codes, most)
}

/// One discard's measures: the card, the distance of the hand without it (when asked for) and the
/// points the best lay-down of the hand without it leaves.
pub type DiscardMeasure = (u8, Option<usize>, i32);

/// For each distinct card of `hand` (ascending), its [`DiscardMeasure`]; distances (looking at most
/// `most_draws` ahead) only when `most_draws` is given.
pub fn discard_measures(hand: &[u8], round: u8, most_draws: Option<usize>) -> Result<Vec<DiscardMeasure>, EngineError> {
    check_hand(hand, round)?;
    let m = Measures::new(round)?;
    let mut distinct = hand.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    // the shared solvers' work limit: each question's own, summed
    let most = most_draws.map(|d| d.min(MOST_DRAWS));
    let per_distance = most.map_or(0, |d| d + 1);
    let mut far = Solver::new(&m.max_cards).limit_steps(HAND_STEPS * per_distance * distinct.len());
    let mut left = Solver::new(&m.min_left).limit_steps(HAND_STEPS * distinct.len());
    let mut out = Vec::with_capacity(distinct.len());
    for d in distinct {
        let mut rest = hand.to_vec();
        let at = rest.iter().position(|&c| c == d).unwrap_or(0);
        rest.remove(at);
        let dist = match most {
            Some(most) => m.distance(&mut far, &rest, most)?,
            None => None,
        };
        out.push((d, dist, m.points(&mut left, &rest)?));
    }
    Ok(out)
}

/// For each distinct card of `hand` (ascending): the card and the distance (looking at most `most`
/// draws ahead) of the hand without it; the distances share one memo.
pub fn discard_distances(hand: &[u8], round: u8, most: usize) -> Result<Vec<(u8, Option<usize>)>, EngineError> {
    check_hand(hand, round)?;
    let m = Measures::new(round)?;
    let most = most.min(MOST_DRAWS);
    let mut distinct = hand.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    let mut far = Solver::new(&m.max_cards).limit_steps(HAND_STEPS * (most + 1) * distinct.len());
    let mut out = Vec::with_capacity(distinct.len());
    for d in distinct {
        let mut rest = hand.to_vec();
        let at = rest.iter().position(|&c| c == d).unwrap_or(0);
        rest.remove(at);
        out.push((d, m.distance(&mut far, &rest, most)?));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{parse_cards, Game};
    use crate::koenigs::going_out::best_left;

    fn codes(text: &str) -> Vec<u8> {
        parse_cards(Game::Koenigs, text).unwrap()
    }

    /// The definition, one solve per step (at most 5 draws).
    fn distance_by_definition(hand: &[u8], round: u8) -> Option<usize> {
        let wr = round + 2;
        let mut spare: Vec<u8> = vec![JOKER; 6];
        for suit in 0..5 {
            spare.extend([L.code(suit, wr); 2]);
        }
        for c in hand {
            if let Some(i) = spare.iter().position(|s| s == c) {
                spare.remove(i);
            }
        }
        (0..=5).find(|&j| {
            let with: Vec<u8> = hand.iter().chain(&spare[..j]).copied().collect();
            best_left(&with, round, Objective::MaxCards).unwrap().0.len() <= j
        })
    }

    #[test]
    fn distances_and_points_of_discards() {
        let hand = codes("3h 4h 5h Kd 9s Qc 10t");
        let measures = discard_measures(&hand, 5, Some(5)).unwrap();
        assert_eq!(measures.len(), 7);
        for &(d, dist, points) in &measures {
            let mut rest = hand.clone();
            rest.remove(rest.iter().position(|&c| c == d).unwrap());
            assert_eq!(dist, distance_by_definition(&rest, 5));
            assert_eq!(points, best_left(&rest, 5, Objective::MinLeft).unwrap().1);
        }
        assert_eq!(distance(&codes("3h 4h 5h"), 5, 5).unwrap(), Some(0));
        assert_eq!(distance(&codes("3h 4h 9s"), 5, 5).unwrap(), distance_by_definition(&codes("3h 4h 9s"), 5));
        assert_eq!(distance(&codes("3h 9s Kd Qc"), 5, 0).unwrap(), None, "needs draws, none allowed");
        assert!(discard_measures(&hand, 0, Some(5)).is_err());
        assert!(discard_measures(&hand, 5, None).unwrap().iter().all(|m| m.1.is_none()));
        let distances = discard_distances(&hand, 5, 5).unwrap();
        assert_eq!(distances, measures.iter().map(|m| (m.0, m.1)).collect::<Vec<_>>());
    }
}
