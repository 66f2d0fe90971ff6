//! Rommé without Räuber: a joker swapped out of a table meld in the table search.
//!
//! After opening a player may take a table joker by putting the card it stands for in its place, and
//! must lay that joker again in the same turn (docs/RULES.md §2). The searches keep every table meld
//! whole, with its jokers where they lie, so a swap is searched here, one position a swap: the table
//! with the natural in the joker's place ([`swap_joker`], the game's own rule, `joker_declared` and
//! `joker_swap_completes` included) and the hand with the joker for the natural. An answer there that
//! lays a joker is an answer of the position (jokers are alike: the one laid stands for the one won):
//! it places as many hand cards, and as many points less the joker's 20 plus the natural's. An answer
//! that lays none is no move, but then the swap gains nothing: its cards go on the table as it was
//! (the joker holds the natural's place, which takes the same lay-offs), the natural kept in the hand,
//! so the position's own answer places at least as much; and an answer laying a joker there places no
//! more cards, and fewer points (a joker's 20 against a natural's at most 11). So the best of the
//! position's own answer and its swaps' is the best place-move, which holds at most one swap: the game
//! takes a second swap only once the first joker is laid, in a move of its own. Where a turn could swap
//! twice (two table jokers, two hand cards replacing them) the answer is therefore not claimed optimal.
//! The swaps' searches draw on the solve's one work account and deadline (docs/SEARCH-DESIGN.md §4.11):
//! once it is spent no further swap is searched, and the answer is unproven.

use crate::meld::EngineError;
use crate::romme::table_meld::{read_meld, swap_joker, TableMeld};
use crate::romme::{hand_points, Rules, JOKER};
use crate::search::Cutoff;
use crate::table::{TableObjective, TableSolution};

/// One swap: the hand's natural `card` in the place of a joker of table meld `meld`, which then is `after`.
struct Swap {
    meld: usize,
    card: u8,
    after: TableMeld,
}

/// The best place-move of a Rommé position without Räuber, one joker swap included: `found` is the
/// position's own answer, `search` answers a swap's position (table melds as specs, the hand) with every
/// table meld kept whole, within `cutoff`, the solve's account.
pub(super) fn solve(
    rules: &Rules,
    table: &[Vec<u8>],
    hand: &[u8],
    objective: TableObjective,
    cutoff: &Cutoff,
    found: TableSolution,
    search: impl Fn(&[Vec<u8>], &[u8]) -> Result<TableSolution, EngineError>,
) -> Result<TableSolution, EngineError> {
    // (the position's search checked the table and the hand: what is read below is a valid position)
    let mut best = found;
    let Ok(melds) = table.iter().map(|m| read_meld(m, rules)).collect::<Result<Vec<_>, _>>() else {
        return Ok(best);
    };
    let swaps = swaps(&melds, hand, rules);
    if swaps.is_empty() {
        return Ok(best);
    }
    // (every search proven: the answer is then unproven only where a second swap could follow)
    let mut searched = best.optimal;
    let mut budget_cut = best.budget_cut;
    for swap in &swaps {
        if cutoff.reached() {
            // (the swaps left unsearched: the answer is the best of those searched, unproven)
            searched = false;
            budget_cut |= cutoff.is_bounded();
            break;
        }
        let mut t = table.to_vec();
        t[swap.meld] = swap.after.specs();
        let mut h = hand.to_vec();
        if let Some(k) = h.iter().position(|&c| c == swap.card) {
            h[k] = JOKER;
        }
        let found = search(&t, &h)?;
        searched &= found.optimal;
        budget_cut |= found.budget_cut;
        let Some(found) = as_swap(found, swap, &melds) else {
            continue;
        };
        if found.better_than(&best, objective) {
            best = found;
        }
    }
    let second_swap = searched && twice(&melds, hand, &swaps, rules);
    Ok(TableSolution { optimal: searched && !second_swap, budget_cut, second_swap, ..best })
}

/// Every swap the hand can make on the table, one a table meld and hand card.
fn swaps(melds: &[TableMeld], hand: &[u8], rules: &Rules) -> Vec<Swap> {
    let mut cards: Vec<u8> = hand.iter().copied().filter(|&c| c < JOKER).collect();
    cards.sort_unstable();
    cards.dedup();
    let mut out = Vec::new();
    for (meld, m) in melds.iter().enumerate().filter(|(_, m)| m.jokers() > 0) {
        for &card in &cards {
            if let Ok(after) = swap_joker(m, card, rules) {
                out.push(Swap { meld, card, after });
            }
        }
    }
    out
}

/// Whether the hand could swap twice: after one swap another joker on the table, by another hand card.
fn twice(melds: &[TableMeld], hand: &[u8], swaps: &[Swap], rules: &Rules) -> bool {
    swaps.iter().any(|s| {
        let mut table = melds.to_vec();
        table[s.meld] = s.after.clone();
        let mut left = hand.to_vec();
        if let Some(k) = left.iter().position(|&c| c == s.card) {
            left.swap_remove(k);
        }
        !self::swaps(&table, &left, rules).is_empty()
    })
}

/// The answer of a swap's position as one of the position: None where it lays no joker (no move).
fn as_swap(found: TableSolution, swap: &Swap, melds: &[TableMeld]) -> Option<TableSolution> {
    let k = found.placed.iter().position(|&c| c == JOKER)?;
    let mut placed = found.placed.clone();
    placed[k] = swap.card;
    placed.sort_unstable();
    let placed_points = found.placed_points - hand_points(JOKER) + hand_points(swap.card);
    // the old meld lost its joker: it moved unless the answer reads with its joker laid back on it
    let whole = laid_back(&found, melds, swap);
    let moved = found.moved + if whole { 0 } else { melds[swap.meld].cards.len() as u32 };
    // (the fewest moved is proven only where nothing moves: the swaps' answers are not searched for it)
    Some(TableSolution { placed, placed_points, moved, moved_optimal: moved == 0, ..found })
}

/// Whether the swap's answer reads with the swapped meld whole again: every table meld of the swap's
/// position (each stays whole without Räuber) in a meld of its own of the answer, the swapped one's
/// holding its joker beside the natural. Asking only whether some meld holds the old meld's cards took
/// an equal table meld kept as it lay ('5h 6h * | 5h 6h *', the first swapped) for the swapped one.
fn laid_back(found: &TableSolution, melds: &[TableMeld], swap: &Swap) -> bool {
    let answer: Vec<Vec<u8>> = found.melds.iter().map(|m| m.codes()).collect();
    let table: Vec<Vec<u8>> = melds
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let m = if i == swap.meld { &swap.after } else { m };
            m.cards.iter().map(|&(c, _)| c).collect()
        })
        .collect();
    let mut back = table[swap.meld].clone();
    back.push(JOKER);
    (0..answer.len()).filter(|&a| holds(&answer[a], &back)).any(|a| {
        let mut owner: Vec<Option<usize>> = vec![None; answer.len()];
        owner[a] = Some(swap.meld);
        (0..table.len()).filter(|&j| j != swap.meld).all(|j| {
            let mut seen = vec![false; answer.len()];
            seen[a] = true; // (the swapped meld's: never taken from it)
            match_meld(j, &table, &answer, &mut seen, &mut owner)
        })
    })
}

/// Kuhn's augmenting path: table meld `j` into an answer meld holding it, moving others where they can go.
fn match_meld(j: usize, table: &[Vec<u8>], answer: &[Vec<u8>], seen: &mut [bool], owner: &mut [Option<usize>]) -> bool {
    for a in 0..answer.len() {
        if seen[a] || !holds(&answer[a], &table[j]) {
            continue;
        }
        seen[a] = true;
        if owner[a].is_none_or(|o| match_meld(o, table, answer, seen, owner)) {
            owner[a] = Some(j);
            return true;
        }
    }
    false
}

/// Whether `meld` holds every card of `cards` (as many times).
fn holds(meld: &[u8], cards: &[u8]) -> bool {
    let mut left = meld.to_vec();
    cards.iter().all(|c| match left.iter().position(|x| x == c) {
        Some(i) => {
            left.swap_remove(i);
            true
        }
        None => false,
    })
}

#[cfg(test)]
mod tests {
    use crate::cards::{parse_cards, Game};
    use crate::meld::Options;
    use crate::search::solve_table;
    use crate::table::{TableObjective, TableSolution};

    fn cards(text: &str) -> Vec<u8> {
        parse_cards(Game::Romme, text).unwrap()
    }

    fn solve(table: &[&str], hand: &str, objective: TableObjective, pairs: &[(&str, i64)]) -> TableSolution {
        let options = Options::from_pairs(pairs.iter().map(|&(k, v)| (k.to_string(), v)));
        let table: Vec<Vec<u8>> = table.iter().map(|m| cards(m)).collect();
        solve_table(Game::Romme, &table, &cards(hand), objective, &options, 0).unwrap()
    }

    #[test]
    fn a_swapped_joker_is_laid_again_in_a_new_meld() {
        // 7h in the joker's place, the joker with 9s 9d: three cards where lay-offs place none
        let sol = solve(&["5h 6h *"], "7h 9s 9d", TableObjective::Cards, &[]);
        assert_eq!(sol.placed, cards("9d 7h 9s"));
        assert!(sol.optimal && sol.moved == 3 && !sol.moved_optimal);
        let sol = solve(&["5h 6h *"], "7h 9s 9d", TableObjective::Points, &[]);
        assert_eq!(sol.placed_points, 25);
        // Räuber-Rommé rearranges the table anyway: no swap is searched there, the same three go
        let sol = solve(&["5h 6h *"], "7h 9s 9d", TableObjective::Cards, &[("rauber", 1)]);
        assert_eq!(sol.placed.len(), 3);
    }

    #[test]
    fn a_swap_that_leaves_its_joker_nowhere_is_no_answer() {
        // the 7h frees a joker that no meld takes (the run then holds 13 cards): nothing is placed, proven
        let run = "Ah 2h 3h 4h 5h 6h * 8h 9h 10h Jh Qh Kh";
        let sol = solve(&[run, "Kc Kd Kh Ks"], "7h 2c", TableObjective::Cards, &[]);
        assert!(sol.placed.is_empty() && sol.optimal);
    }

    #[test]
    fn the_joker_laid_back_on_its_meld_moves_nothing() {
        // 7h swapped in, the joker laid off as 8h: the meld holds all its cards again
        let sol = solve(&["5h 6h *"], "7h", TableObjective::Cards, &[]);
        assert_eq!(sol.placed, cards("7h"));
        assert!(sol.optimal && sol.moved == 0 && sol.moved_optimal);
    }

    #[test]
    fn a_swapped_meld_beside_an_equal_one_counts_as_moved() {
        // the first '5h 6h *' takes the 7h and its joker goes with 9s 9d; the second stays as it lay. The
        // answer said moved 0, moved_optimal (the kept twin read as the swapped meld whole again)
        for table in [&["5h 6h *", "5h 6h *"][..], &["5h 6h *", "5h 6h 7h *"]] {
            let sol = solve(table, "7h 9s 9d", TableObjective::Cards, &[]);
            assert_eq!(sol.placed, cards("9d 7h 9s"), "{table:?}");
            assert!(sol.optimal && sol.moved == 3 && !sol.moved_optimal, "{table:?}: {sol:?}");
        }
        // laid back on its own meld beside its twin: nothing moved
        let sol = solve(&["5h 6h *", "5h 6h *"], "7h", TableObjective::Cards, &[]);
        assert!(sol.placed == cards("7h") && sol.moved == 0 && sol.moved_optimal, "{sol:?}");
    }

    #[test]
    fn a_second_swap_leaves_the_answer_unproven() {
        let sol = solve(&["5h 6h *", "Qs Qd *"], "7h Qc 9s 9d", TableObjective::Cards, &[]);
        assert_eq!(sol.placed.len(), 4);
        assert!(!sol.optimal);
        // unproven for the second swap alone, which nothing cut (was read as the search's work limit)
        assert!(sol.second_swap && !sol.budget_cut);
        // one swap only: proven, no second swap to flag
        let sol = solve(&["5h 6h *"], "7h 9s 9d", TableObjective::Cards, &[]);
        assert!(sol.optimal && !sol.second_swap);
    }
}
