//! Rommé's declared table jokers in the table searches.
//!
//! A Rommé table meld given to [`super::solve_table`] may write a joker as the card it stands for
//! (the spec `DECLARED + card` of [`crate::romme::table_meld`]). Where the declaration binds, under
//! `joker_declared` without `rauber` (a laid joker is one exact card and only that card replaces it;
//! a table meld keeps its cards), a table set's joker holds its suit: the set `7h 7d *=7c` takes 7s
//! but never a natural 7c. The searches read a set's jokers afresh (any suit the set lacks), so here
//! such a joker goes into the search as the natural card it stands for, and back into the answer's
//! meld as the joker. A run's joker keeps its cell in the searches already (a kept run is read in its
//! order), so runs go in as codes. Elsewhere a declaration does not bind the search: without
//! `joker_declared` the engine places set jokers, and under `rauber` a rearrangement may declare a
//! joker anew (docs/RULES-NOTES.md, Rommé melds).

use super::check_counts;
use crate::meld::{check_codes, EngineError};
use crate::options::GameRules;
use crate::romme::table_meld::{lay_off, read_meld, Shape, DECLARED};
use crate::romme::{Rules, JOKER};
use crate::table::TableSolution;

/// The table as the searches read it: codes, a binding declared set joker as its card.
pub(super) struct StoodIn {
    /// The table melds the searches get.
    pub(super) table: Vec<Vec<u8>>,
    /// Per table meld (as given), the cards its declared set jokers stand for (empty where none stood in).
    cards: Vec<Vec<u8>>,
    /// Per table meld, its codes with the stand-ins.
    kept: Vec<Vec<u8>>,
    /// Table sets left out of the search: a stand-in there would be a third copy of its card in play.
    left_out: Vec<bool>,
    rules: Rules,
}

/// The search's table for `table` (melds of codes, Rommé's also of declared joker specs).
pub(super) fn stand_in(rules: &GameRules, table: &[Vec<u8>], hand: &[u8]) -> Result<Option<StoodIn>, EngineError> {
    let GameRules::Romme(r) = rules else {
        // (another game's codes are checked by the search: a spec there is no card of its deck)
        return Ok(None);
    };
    if !table.iter().flatten().any(|&s| s >= DECLARED) {
        return Ok(None);
    }
    let game = rules.game();
    check_codes(game.id(), hand, game.type_count())?;
    let codes: Vec<Vec<u8>> =
        table.iter().map(|m| m.iter().map(|&s| if s >= DECLARED { JOKER } else { s }).collect()).collect();
    let n = table.len();
    let mut out = StoodIn {
        table: Vec::new(),
        cards: vec![Vec::new(); n],
        kept: codes.clone(),
        left_out: vec![false; n],
        rules: *r,
    };
    let binds = rules.set_declarations_bind();
    for (i, m) in table.iter().enumerate() {
        if !m.iter().any(|&s| s >= DECLARED) {
            check_codes(game.id(), m, game.type_count())?;
            continue;
        }
        let meld = read_meld(m, r).map_err(|e| EngineError::new(format!("table meld {}: {}", i + 1, e.0)))?;
        if binds && matches!(meld.shape, Shape::Set { .. }) {
            out.cards[i] = meld.cards.iter().filter(|&&(c, _)| c == JOKER).map(|&(_, s)| s).collect();
            out.kept[i] = meld.cards.iter().map(|&(_, s)| s).collect();
        }
    }
    // the position as given (its jokers as jokers) holds no more copies than the deck
    check_counts(rules, &codes, hand)?;
    // the deck holds two of each card: a stand-in beside both other copies of its card would be a
    // third, which the searches do not model, so that set stays out of the search as it lies
    let mut count = [0u32; 53];
    for &c in out.kept.iter().flatten().chain(hand) {
        count[c as usize] += 1;
    }
    for i in 0..n {
        out.left_out[i] = out.cards[i].iter().any(|&s| count[s as usize] > 2);
    }
    out.table = (0..n).filter(|&i| !out.left_out[i]).map(|i| out.kept[i].clone()).collect();
    Ok(Some(out))
}

/// The lay-offs a set left out of the search may take, which the search cannot lay there: per such set
/// with room (three cards: a fourth, the natural of the suit it lacks or a joker declared as that card),
/// each distinct hand card it takes, with the set's specs after it (`table` as given). The rest of a
/// left-out set's fate is fixed: it stays whole, and a swap out of it ([`super::joker_swaps`]) leaves it no
/// stand-in. So the best of the search without a lay-off there and of the searches after each of these
/// (the set then full) is the position's.
pub(super) fn left_out_lay_offs(stood: &StoodIn, table: &[Vec<u8>], hand: &[u8]) -> Vec<(usize, u8, Vec<u8>)> {
    let mut cards = hand.to_vec();
    cards.sort_unstable();
    cards.dedup();
    let mut out = Vec::new();
    for (i, _) in stood.left_out.iter().enumerate().filter(|(i, &o)| o && stood.kept[*i].len() < 4) {
        let Ok(set) = read_meld(&table[i], &stood.rules) else { continue };
        for &c in &cards {
            if let Ok(grown) = lay_off(&set, c, &stood.rules) {
                out.push((i, c, grown.specs()));
            }
        }
    }
    out
}

/// The search's answer with each stood-in card its joker again, in the meld that kept its table set
/// (a set left out of the search added with what the hand's cards left over lay off on it; this answer
/// alone is not proven optimal: the caller searches each lay-off there by [`left_out_lay_offs`]).
pub(super) fn restore(stood: &StoodIn, hand: &[u8], mut found: TableSolution) -> Result<TableSolution, EngineError> {
    let mut left = hand.to_vec();
    for c in &found.placed {
        if let Some(k) = left.iter().position(|x| x == c) {
            left.swap_remove(k);
        }
    }
    // naturals first, so that a joker goes only where no natural fits
    left.sort_unstable_by_key(|&c| (c == JOKER, c));
    for (i, &out) in stood.left_out.iter().enumerate() {
        if out {
            let meld = lay_off_on_set(stood, &stood.kept[i], &mut left, &mut found)?;
            found.melds.push(meld);
            found.optimal = false;
            found.moved_optimal = false;
        }
    }
    let mut used = vec![false; found.melds.len()];
    for (old, cards) in stood.kept.iter().zip(&stood.cards) {
        if cards.is_empty() {
            continue;
        }
        // (without rauber a table meld stays whole: one meld of the answer holds all its cards)
        let holds = |codes: Vec<u8>| {
            let mut left = codes;
            old.iter().all(|c| match left.iter().position(|x| x == c) {
                Some(k) => {
                    left.swap_remove(k);
                    true
                }
                None => false,
            })
        };
        let Some(k) = (0..found.melds.len()).find(|&k| !used[k] && holds(found.melds[k].codes())) else {
            return Err(EngineError::new("internal error: a kept table set is not in the table search's answer"));
        };
        used[k] = true;
        for &s in cards {
            match found.melds[k].cards.iter_mut().find(|p| p.code == s && p.stands_for == s) {
                Some(p) => p.code = JOKER,
                None => return Err(EngineError::new("internal error: a declared joker's card left its set")),
            }
        }
    }
    Ok(found)
}

/// A table set left out of the search (its cards with the stand-in) with each of the hand's cards `left` that
/// lays off on it, one at a time: a set kept whole takes what the meld check takes, and an answer that left
/// these off placed less than keeping the table whole and laying off (the least every answer places).
fn lay_off_on_set(
    stood: &StoodIn,
    set: &[u8],
    left: &mut Vec<u8>,
    found: &mut TableSolution,
) -> Result<crate::meld::Meld, EngineError> {
    let mut codes = set.to_vec();
    let mut k = 0;
    while k < left.len() {
        codes.push(left[k]);
        if crate::romme::read_meld(&codes, &stood.rules).is_ok() {
            let card = left.remove(k);
            found.placed.push(card);
            found.placed_points += crate::romme::hand_points(card);
        } else {
            codes.pop();
            k += 1;
        }
    }
    found.placed.sort_unstable();
    crate::romme::read_meld(&codes, &stood.rules)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{parse_cards, Game};
    use crate::meld::Options;
    use crate::search::solve_table;
    use crate::table::TableObjective;

    fn cards(text: &str) -> Vec<u8> {
        parse_cards(Game::Romme, text).unwrap()
    }

    /// `7h 7d *=7c` as specs.
    fn declared_set() -> Vec<u8> {
        let mut m = cards("7h 7d");
        m.push(DECLARED + cards("7c")[0]);
        m
    }

    fn solve(table: &[Vec<u8>], hand: &str, pairs: &[(&str, i64)]) -> TableSolution {
        let options = Options::from_pairs(pairs.iter().map(|&(k, v)| (k.to_string(), v)));
        solve_table(Game::Romme, table, &cards(hand), TableObjective::Cards, &options, 0).unwrap()
    }

    #[test]
    fn a_declared_set_joker_holds_its_suit_without_rauber() {
        // (beside a full set: a joker won by a swap has one place to go, its own set)
        let table = vec![declared_set(), cards("Kc Kd Kh Ks")];
        let sol = solve(&table, "7c 7s", &[("joker_declared", 1)]);
        assert_eq!(sol.placed, cards("7s"));
        let set = sol.melds.iter().find(|m| m.codes().contains(&JOKER)).unwrap();
        let joker = set.cards.iter().find(|p| p.code == JOKER).unwrap();
        assert_eq!(joker.stands_for, cards("7c")[0]);
        // the 7c of the hand goes on the set only by the swap, its joker laid back as the 7s
        let sol = solve(&table, "7c", &[("joker_declared", 1)]);
        assert!(sol.placed == cards("7c") && sol.optimal && sol.moved == 0);
        let set = sol.melds.iter().find(|m| m.codes().contains(&JOKER)).unwrap();
        assert!(set.cards.iter().any(|p| p.code == JOKER && p.stands_for == cards("7s")[0]));
    }

    #[test]
    fn hostile_codes_beside_a_declared_joker_are_refused_in_words() {
        let options = Options::from_pairs([("joker_declared".to_string(), 1)]);
        for (table, hand) in [(vec![declared_set()], vec![200]), (vec![declared_set(), vec![7, 200]], cards("7s"))] {
            let got = solve_table(Game::Romme, &table, &hand, TableObjective::Cards, &options, 0);
            assert!(got.is_err(), "{table:?} {hand:?}");
        }
        let got = solve_table(Game::Romme, &[vec![3, 16, 255]], &cards("7s"), TableObjective::Cards, &options, 0);
        assert!(got.is_err());
    }

    #[test]
    fn the_declaration_binds_only_under_joker_declared_without_rauber() {
        let table = vec![declared_set()];
        for pairs in [vec![], vec![("joker_declared", 1), ("rauber", 1)]] {
            // the engine places the set's joker (or a rearrangement declares it anew): 7c and 7s both go on it
            // as far as the set holds four
            let sol = solve(&table, "7c", &pairs);
            assert_eq!(sol.placed, cards("7c"), "{pairs:?}");
        }
    }

    #[test]
    fn a_set_left_out_of_the_search_takes_the_hands_lay_offs() {
        // two sets declaring 7c and a 7c in the hand: both sets stay out of the search (three 7c in play), and
        // the answer placed nothing where laying 7s and a joker off on them places both (hostile campaign,
        // seed 5501: at least the obvious answer). The hand's 7c may also swap out a joker (joker_swaps), laid
        // again as a 7s (or with the other 7c and a 7s); two 7c could swap twice in a turn, which one answer does
        // not hold (not proven)
        let table = vec![declared_set(), declared_set()];
        for (hand, placed) in [("7c 7s", "7c 7s"), ("7c *", "7c *"), ("7c 7s 7s 7c", "7c 7c 7s 7s"), ("7c", "7c")] {
            let sol = solve(&table, hand, &[("joker_declared", 1)]);
            assert_eq!(
                sol.placed,
                {
                    let mut p = cards(placed);
                    p.sort_unstable();
                    p
                },
                "{hand}"
            );
            assert_eq!(sol.optimal, hand != "7c 7s 7s 7c", "{hand}");
            assert_eq!(sol.second_swap, !sol.optimal, "{hand}: unproven for the second swap alone");
            let held: usize = sol.melds.iter().map(|m| m.cards.len()).sum();
            assert_eq!(held, 6 + sol.placed.len(), "{hand}");
            // no set holds a natural 7c beside its joker declared as 7c
            for m in &sol.melds {
                let declared = m.cards.iter().any(|p| p.code == JOKER && p.stands_for == cards("7c")[0]);
                assert!(!(declared && m.codes().contains(&cards("7c")[0])), "{hand}");
                assert!(m.cards.len() <= 4, "{hand}");
            }
        }
    }

    #[test]
    fn a_set_beside_both_copies_of_its_jokers_card_takes_its_fourth_card() {
        // both other 7c on the table: a stand-in would be a third, so the search leaves the set out, and
        // the one card it may still take (7s, or a joker as 7s) is searched laid there
        let table = vec![declared_set(), cards("5c 6c 7c"), cards("7c 8c 9c")];
        let sol = solve(&table, "7s 2d", &[("joker_declared", 1)]);
        assert!(sol.placed == cards("7s") && sol.optimal);
        let set = sol.melds.iter().find(|m| m.codes().contains(&JOKER)).unwrap();
        assert_eq!(set.cards.len(), 4);
        assert!(set.cards.iter().any(|p| p.code == JOKER && p.stands_for == cards("7c")[0]));
        // nothing fits there: the set as it lies, proven
        let sol = solve(&table, "2d Kh", &[("joker_declared", 1)]);
        assert!(sol.placed.is_empty() && sol.optimal);
        // points: the 7s on the set, the joker on a run (both cards, 27 points)
        let options = Options::from_pairs([("joker_declared".to_string(), 1)]);
        let sol = solve_table(Game::Romme, &table, &cards("7s * 2d"), TableObjective::Points, &options, 0).unwrap();
        assert!(sol.placed_points == 27 && sol.optimal);
    }
}
