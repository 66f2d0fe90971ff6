//! The LP's branch and bound ([`crate::search::lp_dive`]) in the universe search
//! (docs/SEARCH-DESIGN.md §4.10, "The LP dive"): where the fewest-moved phase
//! leaves its answer unproven, the branch and bound over the LP of the kept in
//! the position's own frame (the question [`lp_kept::position_bound`] asks)
//! looks for an answer keeping more table cards, and proves the fewest moved
//! where every node closes.

use super::{finish, Mode};
use crate::meld::Meld;
use crate::romme::{self, Rules, JOKER};
use crate::search::lp_dive::{self, DiveMeld};
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
        lp_dive::branch(q, total - sol.moved as i32, lp_dive::DIVE_LIMIT, &mut take)
    });
    let Some(searched) = searched else { return (None, false) };
    cutoff.spend(searched.work as u64);
    (best, searched.proven)
}

/// The position's cards laid into `melds` (the branch and bound's integral
/// solution): each old meld a meld keeps lies there whole (the first meld
/// keeping it), the other naturals from the table first, then the hand, the
/// jokers alike; what is left of the table is taken back under `net`. Every
/// meld is read by the rules' own predicate ([`romme::read_meld`]: the LP's
/// runs round the cycle and its jokers relax `wrap_around` and
/// `no_double_joker`). Its moved: the table cards of the old melds no meld
/// keeps. None where that is no answer (a meld the rules refuse, a card
/// short, a table card left over but under `net`).
fn answer_of(
    table: &[Vec<u8>],
    hand: &[u8],
    objective: TableObjective,
    rules: &Rules,
    melds: &[DiveMeld],
) -> Option<TableSolution> {
    let claimed = lp_dive::claimed_by(melds, table.len());
    // (free cards by code, the jokers' JOKER: whether each is the hand's; pushed hand first so that
    // pop takes the table's first)
    let mut free: Vec<Vec<bool>> = vec![Vec::new(); JOKER as usize + 1];
    for &c in hand {
        free[c as usize].push(true);
    }
    for (_, old) in table.iter().enumerate().filter(|&(i, _)| claimed[i] == usize::MAX) {
        for &c in old {
            free[c as usize].push(false);
        }
    }
    let (mut placed, mut built, mut unmoved) = (Vec::new(), Vec::<Meld>::with_capacity(melds.len()), 0);
    for (c, meld) in melds.iter().enumerate() {
        let cells = meld.shape.cells();
        let mut laid: Vec<Option<u8>> = vec![None; cells.len()];
        let mut own_jokers = 0usize;
        for (_, old) in table.iter().enumerate().filter(|&(i, _)| claimed[i] == c) {
            unmoved += old.len();
            for &code in old {
                if code == JOKER {
                    own_jokers += 1;
                    continue;
                }
                let free_cell = |k: &usize| laid[*k].is_none() && meld.naturals.binary_search(&code).is_ok();
                let k = (0..cells.len()).filter(|&k| cells[k] == code).find(free_cell)?;
                laid[k] = Some(code);
            }
        }
        for (k, &cell) in cells.iter().enumerate() {
            if laid[k].is_some() {
                continue;
            }
            let code = if meld.naturals.binary_search(&cell).is_ok() { cell } else { JOKER };
            if code == JOKER && own_jokers > 0 {
                own_jokers -= 1;
            } else if free[code as usize].pop()? {
                placed.push(code);
            }
            laid[k] = Some(code);
        }
        if own_jokers > 0 {
            return None;
        }
        let codes: Vec<u8> = laid.into_iter().collect::<Option<_>>()?;
        built.push(romme::read_meld(&codes, rules).ok()?);
    }
    let taken: Vec<u8> =
        free.iter().enumerate().flat_map(|(c, f)| f.iter().filter(|&&h| !h).map(move |_| c as u8)).collect();
    if !taken.is_empty() && objective != TableObjective::Net {
        return None;
    }
    let moved = table.iter().map(Vec::len).sum::<usize>() - unmoved;
    Some(TableSolution { moved_optimal: false, ..finish(built, placed, taken, moved as u32, true) })
}
