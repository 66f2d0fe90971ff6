//! The answer of the 1x1 table search: the melds, cards placed and taken of
//! an optimal path, or the fallback where a budget cut the search.

use super::{shown, Table, RES_ONES, RES_WISHES};
use crate::einmaleins::listing::{hand_melds, TYPES};
use crate::einmaleins::melds::{meld_of, ones_set};
use crate::einmaleins::{card, exact_partition, hand_points, is_natural, read_meld, validate_meld, WISH};
use crate::meld::{EngineError, Meld, Objective, Options};
use crate::partition::{Res, Score, Step, TAG_LEAVE};
use crate::rummy::listing::MeldCards;
use crate::table::{TableObjective, TableSolution};

/// Naturals of a hand the fallback gives the hand solver (fast far beyond this);
/// it takes melds greedily from larger hands first.
const FALLBACK_HAND: usize = 24;

/// The solution of an optimal path.
pub(super) fn answer(
    gen: &Table,
    steps: &[Step],
    res0: Res,
    score: Score,
    optimal: bool,
) -> Result<TableSolution, EngineError> {
    let internal = |what: &str| EngineError::new(format!("internal error in the 1x1 table search: {what}"));
    let types = &gen.lines.types;
    let (mut melds, mut placed, mut taken) = (Vec::new(), Vec::new(), Vec::new());
    let mut kept = 0u32;
    let mut res = res0;
    for step in steps {
        if step.tag == TAG_LEAVE {
            if step.take & gen.hand_nat == 0 {
                taken.extend(types.codes_of(step.take));
            }
        } else {
            let wishes = res[RES_WISHES] - step.res[RES_WISHES];
            let one = res[RES_ONES] & !step.res[RES_ONES];
            melds.push(meld_of(types, step.tag, step.take, wishes, one != 0).ok_or_else(|| internal("a step"))?);
            kept += gen.kept(step.take, one, wishes).0;
            placed.extend(types.codes_of(step.take & gen.hand_nat));
            placed.extend(ones_codes(one & gen.hand_ones));
        }
        res = step.res;
    }
    let (_, sets) = gen.tail_pick(res).ok_or_else(|| internal("the tail"))?;
    let (mut laid, mut w) = (0u8, 0u8);
    for &(s, x) in sets.iter().filter(|p| p.0 != 0) {
        melds.push(ones_set(s, x).ok_or_else(|| internal("a set of 1s"))?);
        kept += gen.kept_in_ones(s, x).0;
        placed.extend(ones_codes(s & gen.hand_ones));
        laid |= s;
        w += x;
    }
    taken.extend(ones_codes(res[RES_ONES] & !laid & gen.table_ones));
    let used = (gen.wishes - res[RES_WISHES] + w) as i32 - gen.table_wishes as i32;
    placed.extend(std::iter::repeat_n(WISH, used.max(0) as usize));
    taken.extend(std::iter::repeat_n(WISH, (-used).max(0) as usize));
    if kept as i32 != score.0[1] {
        return Err(internal("the kept melds do not add up"));
    }
    // Every answer is checked with the meld predicate of the input.
    for m in &melds {
        validate_meld(&m.codes(), &Options::default())
            .map_err(|e| internal(&format!("built an invalid meld {}: {e}", shown(&m.codes()))))?;
    }
    placed.sort();
    taken.sort();
    Ok(TableSolution {
        moved: gen.table_cards - kept,
        placed_points: placed.iter().map(|&c| hand_points(c)).sum(),
        melds,
        placed,
        taken,
        optimal,
        moved_optimal: optimal,
        budget_cut: false,
        second_swap: false,
    })
}

/// Melds of `hand` taken one by one, those of naturals alone before those
/// needing a wild, while more than [`FALLBACK_HAND`] naturals are left; with
/// the cards left.
fn greedy_melds(hand: &[u8]) -> (Vec<Meld>, Vec<u8>) {
    let mut counts = [0u8; TYPES];
    for &c in hand {
        if let Some(n) = counts.get_mut(c as usize) {
            *n = n.saturating_add(1);
        }
    }
    let mut melds = Vec::new();
    let naturals = |counts: &[u8; TYPES]| {
        (0..TYPES as u8).filter(|&c| is_natural(c)).map(|c| counts[c as usize] as usize).sum::<usize>()
    };
    while naturals(&counts) > FALLBACK_HAND {
        let wilds = |m: &MeldCards| m.iter().filter(|&&(code, stands_for)| code != stands_for).count();
        let Some(pick) = hand_melds(&counts).into_iter().min_by_key(wilds) else { break };
        let codes: Vec<u8> = pick.iter().map(|&(code, _)| code).collect();
        let mut left = counts;
        let in_hand =
            codes.iter().all(|&c| left.get_mut(c as usize).and_then(|n| n.checked_sub(1).map(|m| *n = m)).is_some());
        let Some(meld) = in_hand.then(|| read_meld(&codes).ok()).flatten() else { break };
        counts = left;
        melds.push(meld);
    }
    let rest = (0..TYPES as u8).flat_map(|c| std::iter::repeat_n(c, counts[c as usize] as usize)).collect();
    (melds, rest)
}

/// The codes of the 1-cards in a symbol mask.
fn ones_codes(mask: u8) -> impl Iterator<Item = u8> {
    (0..4u8).filter(move |s| mask >> s & 1 == 1).filter_map(|s| card(s, 1))
}

/// When the budget or the work limit cut the search: the old table kept
/// whole, plus new melds from the hand alone: the hand solver's, or for a
/// hand too large for it, melds taken greedily until the rest is small enough
/// for the hand solver (a cut search still lays what obviously fits).
pub(super) fn fallback(old: &[Meld], hand: &[u8], objective: TableObjective) -> Result<TableSolution, EngineError> {
    let mut melds = old.to_vec();
    let (taken_greedily, rest) = greedy_melds(hand);
    let mut placed: Vec<u8> = taken_greedily.iter().flat_map(|m| m.codes()).collect();
    melds.extend(taken_greedily);
    let obj = if objective == TableObjective::Points { Objective::MinLeft } else { Objective::MaxCards };
    // (a rest with no meld left to take greedily, or too hard for the hand
    // solver's work limit, lays nothing more here)
    let small = rest.iter().filter(|&&c| is_natural(c)).count() <= FALLBACK_HAND;
    if let Some((new, _)) = small.then(|| exact_partition(&rest, obj).ok()).flatten() {
        placed.extend(new.iter().flat_map(|m| m.codes()));
        melds.extend(new);
    }
    placed.sort();
    Ok(TableSolution {
        melds,
        placed_points: placed.iter().map(|&c| hand_points(c)).sum(),
        placed,
        taken: Vec::new(),
        moved: 0,
        optimal: false,
        moved_optimal: false,
        budget_cut: false,
        second_swap: false,
    })
}
