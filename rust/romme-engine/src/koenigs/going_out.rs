//! Königs-Rommé's going out: whether a hand melds completely, and which discards leave such a
//! hand (the game's listed go-out moves). One DP answers each, without building the melds.

use super::{build_melds, card_points, cards_left, check_input, check_size, hand_solver, Gen, Split};
use crate::meld::{EngineError, Objective, Options};
use crate::partition::{Counts, MeldGen, Res, Score, Solver, Step, TAG_LEAVE};

/// Checks a hand of round `round` and returns its wild rank and split.
fn split_of(codes: &[u8], round: u8) -> Result<(u8, Split), EngineError> {
    let wr = check_input(codes, &Options::default(), round)?;
    check_size(codes)?;
    Ok((wr, Split::new(codes, wr)?))
}

/// Whether every card of `codes` can be laid in melds in round `round` (no penalty points left).
pub fn melds_fully(codes: &[u8], round: u8) -> Result<bool, EngineError> {
    let (wr, split) = split_of(codes, round)?;
    let gen = MeldAll(Gen { objective: Objective::MinLeft, wr });
    let mut solver = hand_solver(&gen);
    let melds = all_meld(&mut solver, &split);
    if solver.aborted() {
        return Err(crate::partition::too_hard("koenigs", codes.len()));
    }
    Ok(melds)
}

/// Whether every card of the hand split as `split` melds. Leftover wilds join a meld (L4), so a
/// hand with naturals melds fully exactly when its naturals all do: the DP without the step that
/// leaves a card in hand, where a card that cannot meld ends a branch at once instead of being
/// weighed against every other lay-down.
fn all_meld(solver: &mut Solver<'_, MeldAll>, split: &Split) -> bool {
    let w = split.wilds();
    if split.naturals == 0 {
        // wilds alone: none, or three and more (a meld of their own); 1-2 stay in hand (L4's exception)
        return !(1..=2).contains(&w);
    }
    solver.best(split.naturals, [w, 0, 0, 0, 0, 0]).is_some()
}

/// [`Gen`]'s steps less the one that leaves the card in hand: a position is feasible exactly when
/// all its naturals meld.
struct MeldAll(Gen);

impl MeldGen for MeldAll {
    fn steps(&self, c: usize, rest: Counts, res: Res, out: &mut Vec<Step>) {
        let first = out.len();
        self.0.steps(c, rest, res, out);
        if let Some(leave) = out[first..].iter().position(|s| s.tag == TAG_LEAVE) {
            out.remove(first + leave);
        }
    }

    fn tail(&self, res: Res) -> Option<Score> {
        self.0.tail(res)
    }
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
    let gen = MeldAll(Gen { objective: Objective::MinLeft, wr });
    let mut solver = hand_solver(&gen);
    let mut distinct = codes.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    let out = distinct.into_iter().filter(|&d| all_meld(&mut solver, &split.without(d, wr))).collect();
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

    /// Random hands of every round and size, wild-rich ones among them: the feasibility DP (no card
    /// left in hand) answers as the full solver's lay-down leaving the fewest points.
    #[test]
    fn melds_fully_as_the_full_solver_on_random_hands() {
        let mut rng = Rng(47);
        let deck = full_deck(Game::Koenigs);
        let mut full = 0;
        for case in 0..1500 {
            let round = 1 + (case % 11) as u8;
            let size = rng.below(15);
            let mut hand = deal(&mut rng, &deck, size);
            // a third of the hands get up to three more jokers (the joker count stays within the deck)
            let extra_jokers = if case % 3 == 0 { rng.below(4) } else { 0 };
            for _ in 0..extra_jokers {
                if hand.iter().filter(|&&c| c == super::super::JOKER).count() < 6 {
                    hand.push(super::super::JOKER);
                }
            }
            let solved = hand.is_empty()
                || super::super::solve_hand(&hand, Objective::MinLeft, &Options::default(), round)
                    .unwrap()
                    .left
                    .is_empty();
            full += usize::from(solved);
            assert_eq!(melds_fully(&hand, round).unwrap(), solved, "{hand:?} round {round}");
        }
        assert!(full > 100, "{full} hands meld fully");
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
