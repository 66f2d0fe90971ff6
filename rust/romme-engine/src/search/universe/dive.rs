//! The LP's branch and bound ([`crate::search::lp_dive`]) in the universe search
//! (docs/SEARCH-DESIGN.md §4.10, "The LP dive"): where the fewest-moved phase
//! leaves its answer unproven, the branch and bound over the LP of the kept in
//! the position's own frame (the question [`lp_kept::position_bound`] asks)
//! looks for an answer keeping more table cards, and proves the fewest moved
//! where every node closes.

use super::{finish, Mode};
use crate::meld::Meld;
use crate::romme::{self, Rules, JOKER};
use crate::search::lp_dive::{self, DiveCard, DiveMeld};
use crate::search::{lp_kept, Cutoff, TableObjective, TableSolution};

/// The branch and bound's answer where it moves fewer table cards than `sol`
/// (reaching the optimum `sol` reaches), and whether no answer moves fewer
/// than the one it leaves (that one or `sol`); its work charged to `cutoff`.
pub(super) fn better(
    table: &[Vec<u8>],
    hand: &[u8],
    objective: TableObjective,
    rules: &Rules,
    mode: &Mode,
    sol: &TableSolution,
    cutoff: &Cutoff,
) -> (Option<TableSolution>, bool) {
    let total: i32 = table.iter().map(|m| m.len() as i32).sum();
    let goal = mode.value(sol);
    let mut best: Option<TableSolution> = None;
    let searched = lp_kept::position_question(table, hand, objective, rules, goal, |q| {
        let mut take = |melds: Vec<DiveMeld>| {
            let s = answer_of(table, hand, objective, rules, &melds).filter(|s| mode.value(s) >= goal)?;
            let kept = total - s.moved as i32;
            if s.moved < best.as_ref().map_or(sol.moved, |b| b.moved) {
                best = Some(s);
            }
            Some(kept)
        };
        lp_dive::branch(q, total - sol.moved as i32, lp_dive::DIVE_LIMIT, cutoff, &mut take)
    });
    let Some(searched) = searched else { return (None, false) };
    (best, searched.proven)
}

/// A card of the position: its code and whether it lies on the table.
#[derive(Clone, Copy)]
struct Card {
    code: u8,
    on_table: bool,
}

impl DiveCard for Card {
    fn code(self) -> u8 {
        self.code
    }

    fn on_table(self) -> bool {
        self.on_table
    }
}

/// The position's cards laid into `melds` (the branch and bound's integral
/// solution, [`lp_dive::lay`]), every meld read by the rules' own predicate
/// ([`romme::read_meld`]: the LP's runs round the cycle and its jokers relax
/// `wrap_around` and `no_double_joker`). Its moved: the table cards of the
/// old melds no meld keeps. None where that is no answer (a meld the rules
/// refuse, a card short, a table card left over but under `net`).
fn answer_of(
    table: &[Vec<u8>],
    hand: &[u8],
    objective: TableObjective,
    rules: &Rules,
    melds: &[DiveMeld],
) -> Option<TableSolution> {
    let card = |on_table| move |&code: &u8| Card { code, on_table };
    let olds: Vec<Vec<Card>> = table.iter().map(|old| old.iter().map(card(true)).collect()).collect();
    let hand: Vec<Card> = hand.iter().map(card(false)).collect();
    let laying = lp_dive::lay(melds, &olds, &hand, JOKER, objective == TableObjective::Net)?;
    let placed: Vec<u8> = laying.melds.iter().flatten().filter(|(c, _)| !c.on_table).map(|(c, _)| c.code).collect();
    let read = |laid: &Vec<(Card, u8)>| romme::read_meld(&laid.iter().map(|(c, _)| c.code).collect::<Vec<u8>>(), rules);
    let built = laying.melds.iter().map(|laid| read(laid).ok()).collect::<Option<Vec<Meld>>>()?;
    let taken = laying.taken.iter().map(|c| c.code).collect();
    let olds_moved = table.iter().zip(&laying.claimed).filter(|&(_, &c)| c == usize::MAX);
    let moved: usize = olds_moved.map(|(old, _)| old.len()).sum();
    Some(TableSolution { moved_optimal: false, ..finish(built, placed, taken, moved as u32, true) })
}
