//! Rummy's searched turn: the table search's answer for a seat that has opened (objective cards,
//! the fast tie-break), its melds read as the game reads a meld and the move judged by the game's
//! own judge ([`super::place::judge`]), so that the flow can apply it without judging it again.
//! The expert bot plays it; the flow takes it only for the position it was searched in.

use super::listing::MeldCards;
use super::{read_draft, DraftCard, Rules};
use crate::meld::EngineError;
use crate::options::GameRules;
use crate::search::{self, Cutoff, TableObjective, TieBreak};
use crate::table_place::{cards_of, unchanged_melds, Verdict};

/// What the search answered for a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchedTurn {
    /// The new table, legal by the judge, and the hand cards it lays (codes ascending);
    /// `proven_most`: the search proved that no table lays more.
    Place { table: Vec<MeldCards>, placed: Vec<u8>, proven_most: bool },
    /// No place move found; `proven_none`: the search proved that none is legal.
    Nothing { proven_none: bool },
}

/// The searched turn of a seat that has opened, holding `hand` (53 counts by code), on `table`
/// (melds of `(code, stands_for)`), under `rules` and the caller's `cutoff`. An answer the game
/// would read or judge otherwise than the search built it is no turn (`Nothing`, unproven).
pub fn searched_turn(
    table: &[MeldCards],
    hand: &[u8],
    rules: &Rules,
    cutoff: &Cutoff,
) -> Result<SearchedTurn, EngineError> {
    let codes: Vec<Vec<u8>> = table.iter().map(|m| m.iter().map(|&(c, _)| c).collect()).collect();
    let counts: Vec<i32> = hand.iter().map(|&n| i32::from(n)).collect();
    let grid_rules = GameRules::Rummy(*rules);
    let sol = search::solve_rules_cut(
        &grid_rules,
        &codes,
        &cards_of(&counts),
        TableObjective::Cards,
        cutoff,
        TieBreak::Fast,
    )?;
    let proven = sol.optimal && !sol.budget_cut;
    if sol.placed.is_empty() || !sol.taken.is_empty() {
        return Ok(SearchedTurn::Nothing { proven_none: sol.placed.is_empty() && proven });
    }
    let unproven = SearchedTurn::Nothing { proven_none: false };
    let mut new = Vec::with_capacity(sol.melds.len());
    let answer: Vec<Vec<u8>> = sol.melds.iter().map(|m| m.cards.iter().map(|p| p.code).collect()).collect();
    for (meld, kept) in sol.melds.iter().zip(unchanged_melds(&codes, &answer)) {
        if let Some(i) = kept {
            // a meld nobody rebuilt is laid as it lies (what its wilds stand for)
            new.push(table[i].clone());
            continue;
        }
        let mut draft: Vec<DraftCard> = meld.cards.iter().map(|p| (p.code, Some(p.stands_for))).collect();
        // (the game reads a meld from its cards in code order)
        draft.sort_unstable();
        let Some(read) = read_draft(&draft) else {
            return Ok(unproven);
        };
        new.push(read.cards.iter().map(|p| (p.code, p.stands_for)).collect());
    }
    let cap = rules.max_hand_cards_per_turn as i32;
    match super::place::judge(table, &new, hand, true, rules.opening_points, cap)? {
        Verdict::Legal(moved) => Ok(SearchedTurn::Place { table: new, placed: moved.placed, proven_most: proven }),
        Verdict::Illegal(_) => Ok(unproven),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{parse_cards, Game};
    use crate::search::Budget;

    fn meld(text: &str) -> MeldCards {
        let codes = parse_cards(Game::Rummy, text).unwrap();
        let m = crate::rummy::read_draft(&codes.iter().map(|&c| (c, None)).collect::<Vec<_>>()).unwrap();
        m.cards.iter().map(|p| (p.code, p.stands_for)).collect()
    }

    fn hand(text: &str) -> Vec<u8> {
        let mut counts = vec![0u8; 53];
        for c in parse_cards(Game::Rummy, text).unwrap() {
            counts[c as usize] += 1;
        }
        counts
    }

    const RULES: Rules = Rules { opening_points: 30, max_hand_cards_per_turn: 12 };

    fn turn(table: &[MeldCards], hand: &[u8]) -> SearchedTurn {
        searched_turn(table, hand, &RULES, &Cutoff::start(Budget::work(1_500_000))).unwrap()
    }

    #[test]
    fn a_lay_off_is_placed_and_judged() {
        let table = vec![meld("B3 B4 B5"), meld("R7 G7 Y7")];
        let SearchedTurn::Place { table: new, placed, proven_most } = turn(&table, &hand("B6 Y11")) else {
            panic!("B6 fits the run");
        };
        assert_eq!(placed, parse_cards(Game::Rummy, "B6").unwrap());
        assert!(proven_most);
        let verdict = super::super::place::judge(&table, &new, &hand("B6 Y11"), true, 30, 12).unwrap();
        assert!(matches!(verdict, Verdict::Legal(_)));
    }

    #[test]
    fn a_meld_nobody_rebuilt_keeps_what_its_joker_stands_for() {
        // G3 Y3 take the R3 of the run (the search rebuilds the table); B5 B6 with the joker as B4 or B7 and
        // R9 G9 with it as B9 or Y9 stay as they lie (the search reads each one way: B7, B9)
        let code = |t: &str| parse_cards(Game::Rummy, t).unwrap()[0];
        for (cards, stands) in [("B5 B6", "B4"), ("B5 B6", "B7"), ("R9 G9", "B9"), ("R9 G9", "Y9")] {
            let mut draft: Vec<DraftCard> = cards.split(' ').map(|t| (code(t), None)).collect();
            draft.push((crate::rummy::JOKER, Some(code(stands))));
            let read = crate::rummy::read_draft(&draft).unwrap();
            let kept: MeldCards = read.cards.iter().map(|p| (p.code, p.stands_for)).collect();
            let table = vec![kept.clone(), meld("R3 R4 R5 R6")];
            let SearchedTurn::Place { table: new, placed, .. } = turn(&table, &hand("G3 Y3")) else {
                panic!("G3 Y3 go to the table");
            };
            assert_eq!(placed.len(), 2);
            assert!(new.contains(&kept), "{kept:?} re-declared in {new:?}");
        }
    }

    #[test]
    fn nothing_fits_is_proven() {
        let table = vec![meld("B3 B4 B5")];
        assert_eq!(turn(&table, &hand("Y11 R1")), SearchedTurn::Nothing { proven_none: true });
    }

    #[test]
    fn the_cap_is_kept() {
        let table = vec![meld("B3 B4 B5")];
        let rules = Rules { opening_points: 30, max_hand_cards_per_turn: 2 };
        let cutoff = Cutoff::start(Budget::work(1_500_000));
        let SearchedTurn::Place { placed, .. } = searched_turn(&table, &hand("B6 B7 B8"), &rules, &cutoff).unwrap()
        else {
            panic!("B6 B7 fit the run");
        };
        assert_eq!(placed.len(), 2);
    }
}
