//! Königs-Rommé's going out: whether a hand melds completely, and which discards leave such a
//! hand (the game's listed go-out moves). One DP answers each, without building the melds.

use super::{build_melds, card_points, cards_left, check_input, check_size, hand_solver, points_left, Gen, Split};
use crate::meld::{EngineError, Objective, Options};

/// Checks a hand of round `round` and returns its wild rank and split.
fn split_of(codes: &[u8], round: u8) -> Result<(u8, Split), EngineError> {
    let wr = check_input(codes, &Options::default(), round)?;
    check_size(codes)?;
    Ok((wr, Split::new(codes, wr)?))
}

/// Whether every card of `codes` can be laid in melds in round `round` (no penalty points left).
pub fn melds_fully(codes: &[u8], round: u8) -> Result<bool, EngineError> {
    let (wr, split) = split_of(codes, round)?;
    let gen = Gen { objective: Objective::MinLeft, wr };
    let mut solver = hand_solver(&gen);
    let left = points_left(&mut solver, &gen, &split);
    if solver.aborted() {
        return Err(crate::partition::too_hard("koenigs", codes.len()));
    }
    Ok(left == 0)
}

/// Every distinct card of `codes` whose discard leaves a hand that melds completely, ascending
/// (the discards that go out in round `round`; the solves share one memo).
pub fn go_out_discards(codes: &[u8], round: u8) -> Result<Vec<u8>, EngineError> {
    let (wr, split) = split_of(codes, round)?;
    // If the hand without `d` melds completely, the whole hand melds all but `d`: a hand whose
    // lay-down melding most cards leaves two or more has no go-out discard (one DP, not one a card).
    let most_cards = Gen { objective: Objective::MaxCards, wr };
    let mut solver = hand_solver(&most_cards);
    let left = cards_left(&mut solver, &split, codes.len());
    if solver.aborted() {
        return Err(crate::partition::too_hard("koenigs", codes.len()));
    }
    if left >= 2 {
        return Ok(Vec::new());
    }
    let gen = Gen { objective: Objective::MinLeft, wr };
    let mut solver = hand_solver(&gen);
    let mut distinct = codes.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    let out = distinct.into_iter().filter(|&d| points_left(&mut solver, &gen, &split.without(d, wr)) == 0).collect();
    if solver.aborted() {
        return Err(crate::partition::too_hard("koenigs", codes.len()));
    }
    Ok(out)
}

/// The cards the best lay-down of `codes` leaves in round `round` under `objective` (`min-left`
/// or `max-cards`, as [`super::solve_hand`] finds it, without its discard analysis), and their points.
pub fn best_left(codes: &[u8], round: u8, objective: Objective) -> Result<(Vec<u8>, i32), EngineError> {
    if !matches!(objective, Objective::MinLeft | Objective::MaxCards) {
        return Err(EngineError::new("koenigs objectives are min-left and max-cards"));
    }
    let (wr, split) = split_of(codes, round)?;
    let gen = Gen { objective, wr };
    let mut solver = hand_solver(&gen);
    let path = solver.path(split.naturals, [split.wilds(), 0, 0, 0, 0, 0]);
    if solver.aborted() {
        return Err(crate::partition::too_hard("koenigs", codes.len()));
    }
    let left = match path {
        Some((_, steps)) => build_melds(&steps, &split, wr).1,
        None => codes.to_vec(),
    };
    let points = left.iter().map(|&c| card_points(c, wr)).sum();
    Ok((left, points))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{parse_cards, Game};
    use crate::testkit::{deal, full_deck, Rng};

    fn codes(text: &str) -> Vec<u8> {
        parse_cards(Game::Koenigs, text).unwrap()
    }

    #[test]
    fn melds_fully_agrees_with_the_solver() {
        for (text, round) in [("3h 4h 5h", 1), ("3h 4h 6h", 1), ("7h 7s 7c Kd Kd *", 5), ("5h 5s", 3), ("", 1)] {
            let hand = codes(text);
            let solved = if hand.is_empty() {
                true
            } else {
                super::super::solve_hand(&hand, Objective::MinLeft, &Options::default(), round).unwrap().left.is_empty()
            };
            assert_eq!(melds_fully(&hand, round).unwrap(), solved, "{text} round {round}");
        }
    }

    #[test]
    fn best_left_is_the_solvers_lay_down() {
        for (text, round) in [("3h 4h 5h Kd 9s", 5), ("7h 7s 7c Kd Kd *", 5), ("5h 5s 9c", 3), ("* *", 2)] {
            let hand = codes(text);
            for objective in [Objective::MinLeft, Objective::MaxCards] {
                let solved = super::super::solve_hand(&hand, objective, &Options::default(), round).unwrap();
                assert_eq!(best_left(&hand, round, objective).unwrap(), (solved.left, solved.left_points), "{text}");
            }
        }
        assert!(best_left(&codes("3h"), 1, Objective::Opening).is_err());
    }

    #[test]
    fn go_out_discards_are_the_discards_that_leave_full_melds() {
        // round 5: sevens are wild
        let hand = codes("3h 4h 5h Kd");
        assert_eq!(go_out_discards(&hand, 5).unwrap(), codes("Kd"));
        let two_ways = codes("8h 9h 10h Jh");
        assert_eq!(go_out_discards(&two_ways, 5).unwrap(), codes("8h Jh"));
        assert_eq!(go_out_discards(&codes("8h 9h 7s Kd"), 5).unwrap(), codes("Kd"), "a wild fills the run");
        assert!(go_out_discards(&codes("3h 9s Kd Qc"), 5).unwrap().is_empty());
        assert!(go_out_discards(&hand, 12).is_err());
    }

    /// Random hands of every round (most of them far from going out, which one DP refuses at once):
    /// the listed discards are exactly those whose rest melds completely.
    #[test]
    fn go_out_discards_as_melds_fully_on_random_hands() {
        let mut rng = Rng(31);
        let deck = full_deck(Game::Koenigs);
        let mut outs = 0;
        for case in 0..600 {
            let round = 1 + (case % 11) as u8;
            let size = 1 + rng.below(12);
            let hand = deal(&mut rng, &deck, size);
            let mut want: Vec<u8> = hand
                .iter()
                .copied()
                .filter(|&d| {
                    let mut rest = hand.clone();
                    rest.remove(rest.iter().position(|&c| c == d).unwrap());
                    melds_fully(&rest, round).unwrap()
                })
                .collect();
            want.sort_unstable();
            want.dedup();
            outs += usize::from(!want.is_empty());
            assert_eq!(go_out_discards(&hand, round).unwrap(), want, "{hand:?} round {round}");
        }
        assert!(outs > 30, "{outs} hands could go out");
    }
}
