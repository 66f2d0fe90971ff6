//! The entry of the universe search (docs/SEARCH-DESIGN.md §4.10): the options'
//! shortcuts through the sweep (`no_double_joker`'s plain answer, a closed seam,
//! the sweep on the cycle, the seams' answers) before [`super::Problem::solve`].

use super::{
    cut_answer, obeys, plain_answer, plain_rules, Asks, Biting, Floor, Mode, Problem, MAX_STATES, SEAM_SWEEPS,
};
use super::{left_out, seam};
use crate::cards::{deck_types, Game};
use crate::meld::{check_codes, EngineError, Options};
use crate::options::GameRules;
use crate::romme::{self, Rules};
use crate::search::cyclic::{solve_in_order, LookOrder};
use crate::search::{lp_kept, switches, Budget, Cutoff, TableObjective, TableSolution, TieBreak};

/// Solves a Rommé table position with `wrap_around` and/or `no_double_joker`
/// (see the module docs); the same contract as [`super::solve_table`].
pub fn solve_table(
    table: &[Vec<u8>],
    hand: &[u8],
    objective: TableObjective,
    options: &Options,
    budget: impl Into<Budget>,
) -> Result<TableSolution, EngineError> {
    solve_table_with(table, hand, objective, options, budget, TieBreak::Exact)
}

/// [`solve_table`] with a choice of [`TieBreak`]: `exact` searches for the
/// fewest moved cards (phase 2), `fast` takes the best of the answers found
/// before it (phase 1b, or the seams' answers), `none` the objective's first
/// answer (phase 1).
pub fn solve_table_with(
    table: &[Vec<u8>],
    hand: &[u8],
    objective: TableObjective,
    options: &Options,
    budget: impl Into<Budget>,
    tie_break: TieBreak,
) -> Result<TableSolution, EngineError> {
    let rules = Rules::from_options(options)?;
    solve_table_cut(table, hand, objective, &rules, &Cutoff::start(budget.into()), tie_break)
}

/// [`solve_table_with`] under a started budget.
pub(in crate::search) fn solve_table_cut(
    table: &[Vec<u8>],
    hand: &[u8],
    objective: TableObjective,
    rules: &Rules,
    cutoff: &Cutoff,
    tie_break: TieBreak,
) -> Result<TableSolution, EngineError> {
    let game = Game::Romme;
    let rules = *rules;
    check_codes(game.id(), hand, game.type_count())?;
    for m in table {
        check_codes(game.id(), m, game.type_count())?;
    }
    let rearrange = rules.rauber;
    let to_hand = rules.takes_table_cards();
    if objective == TableObjective::Net && !to_hand {
        return Err(EngineError::new("objective net needs the romme options rauber and rauber_table_to_hand"));
    }
    crate::search::check_counts(&GameRules::Romme(rules), table, hand)?;
    if table.len() > 64 {
        return Err(EngineError::new(format!("{} table melds; at most 64 are supported", table.len())));
    }
    for (i, m) in table.iter().enumerate() {
        if romme::read_meld(m, &rules).is_err() {
            let types = deck_types(game);
            let text: Vec<String> = m.iter().map(|&c| types[c as usize].token.clone()).collect();
            return Err(EngineError::new(format!(
                "table meld {} ({}) is not a valid romme meld",
                i + 1,
                text.join(" ")
            )));
        }
    }
    let mode = Mode {
        rearrange,
        table_optional: objective == TableObjective::Net,
        points: objective == TableObjective::Points,
    };
    let biting = Biting::of(&rules, table, hand);
    // (with fewer than two jokers in play no meld can break `no_double_joker`: the answers are those
    // of the rules without it, which the sweep on the cycle models)
    let rules = if rules.rauber && rules.no_double_joker && !biting.no_double_joker {
        Rules { no_double_joker: false, ..rules }
    } else {
        rules
    };
    if biting.only_no_double_joker() {
        if let Some(sol) = plain_answer(table, hand, objective, &rules, cutoff, tie_break) {
            return Ok(sol);
        }
    }
    let plain = plain_rules(&rules);
    // (under points the turned position's cells score as the cards they held before the turn)
    if biting.wrap && !biting.lay_offs {
        if let Some(s) = seam::closed_seam(table, hand, &plain) {
            let sol = seam::sweep_answer(table, hand, objective, &rules, &plain, s, cutoff, tie_break);
            // (`no_double_joker` as well: its answers are the sweep's that obey it, as above; a
            // fewest moved the sweep did not prove is left to the universe search)
            if let Some(sol) = sol.filter(|x| obeys(x, &rules) && (x.moved_optimal || tie_break != TieBreak::Exact)) {
                return Ok(sol);
            }
        }
    }
    // The sweep on the cycle of ranks: its answers are all the position's, so where it proves
    // the tie-break asked, its answer is the position's; where it proves the objective alone, its
    // answer joins the seams' (below).
    // With `no_double_joker` the cycle searches under `wrap_around` alone, whose answers hold every
    // answer under both: an optimum of it that obeys the option is the position's, and its fewest
    // moved (or its floor of them) holds among fewer answers too.
    let (cycled, moved_floor) = if biting.wrap && !biting.lay_offs {
        let wrap_only = Rules { no_double_joker: false, ..rules };
        let order = if rules.no_double_joker { LookOrder::OwnFirst } else { LookOrder::ByFirstSolve };
        match solve_in_order(table, hand, objective, &wrap_only, &plain, cutoff, tie_break, order) {
            Some(crate::search::cyclic::Cycled::Proven(sol)) if obeys(&sol, &rules) => return Ok(sol),
            Some(crate::search::cyclic::Cycled::Optimum(sol, floor)) if obeys(&sol, &rules) => (Some(sol), floor),
            _ => (None, None),
        }
    } else {
        (None, None)
    };
    let p = Problem::new(table, hand, rules, mode)?;
    // (the LP's bound of the objective in the same frame, asked once: where an answer in hand
    // reaches it, that answer is optimal without the search for one card more; asked before the
    // seams' sweeps where the cycle proved no optimum, for them to aim at and stop at)
    let objective_bound: std::cell::OnceCell<Option<i32>> = std::cell::OnceCell::new();
    let most_reached = || -> Option<i32> {
        *objective_bound.get_or_init(|| {
            if !(rearrange && switches::lp_objective_on()) {
                return None;
            }
            lp_kept::position_objective_bound_within(table, hand, objective, &rules, cutoff).0
        })
    };
    // The seams' answers: the floor of the objective (the universe search need only look above
    // it, and proves it optimal when nothing is), and the bar of the fewest moved. Each seam's
    // fewest moved is searched by the caller's tie-break: keep mode's proven fewest among the
    // answers its seam reads leaves the universe search's weak fewest-moved phase little to find.
    let mut seamed = if biting.wrap && rearrange {
        let ceiling = if cycled.is_none() { most_reached() } else { None };
        seam::answers(table, hand, objective, &rules, &plain, SEAM_SWEEPS, cutoff, tie_break, ceiling)
    } else {
        Vec::new()
    };
    let cycled_proves = cycled.is_some();
    let optimum = cycled.as_ref().map(|s| mode.value(s));
    // (the cycle's proven optimum reached moving no more than the fewest it proved: the fewest moved)
    let at_floor = |s: &TableSolution| optimum == Some(mode.value(s)) && moved_floor.is_some_and(|f| s.moved <= f);
    seamed.extend(cycled);
    let best = seamed.iter().max_by_key(|s| (mode.value(s), std::cmp::Reverse(s.moved)));
    // (the cycle's answer proves the objective: the seams' answers reach at most its value)
    let floor = best.map(|s| if cycled_proves { Floor::Optimum(s) } else { Floor::Beat(s) });
    let bar = |optimum: i32| -> Option<TableSolution> {
        if tie_break == TieBreak::None {
            return None;
        }
        seamed.iter().filter(|s| mode.value(s) == optimum).min_by_key(|s| s.moved).cloned()
    };
    if let Some(sol) = optimum.and_then(&bar).filter(|s| tie_break == TieBreak::Exact && at_floor(s)) {
        return Ok(TableSolution { optimal: true, moved_optimal: true, ..sol });
    }
    // (where the cycle proved a floor of the fewest moved at a cut no table run crosses, each of its
    // looks left unproven asked the LP there, the same program turned: its bound is within the floor)
    let asked_on_the_cycle =
        moved_floor.is_some() && crate::search::cyclic::best_cut(table, hand).is_some_and(|s| s.split().is_none());
    // (the LP's bound of the table cards kept at the proven optimum, in the position's own frame: an
    // answer keeping that many is the fewest moved, where phase 2 seldom proves one on a 60-card table)
    let most_kept = |optimum: i32| -> Option<i32> {
        if !(biting.wrap && rearrange && switches::lp_kept_on()) || asked_on_the_cycle {
            return None;
        }
        lp_kept::position_bound_within(table, hand, objective, &rules, optimum, cutoff).0
    };
    // (where the fewest-moved phase leaves it unproven, the LP's branch and bound in the same frame
    // looks for an answer keeping more and proves the fewest moved where it closes; a caller's budget
    // cuts it as any search)
    // (the moved of the answer the branch and bound last started from: from one moving no fewer
    // it asks the same question again)
    let dived_from = std::cell::Cell::new(u32::MAX);
    let dived = |sol: TableSolution| -> TableSolution {
        let asks = sol.moved < dived_from.get()
            && sol.optimal
            && !sol.moved_optimal
            && sol.moved > 0
            && tie_break == TieBreak::Exact
            && biting.wrap
            && rearrange
            && switches::lp_kept_on()
            && switches::lp_dive_on()
            && !asked_on_the_cycle
            && !cutoff.reached();
        if !asks {
            return sol;
        }
        dived_from.set(sol.moved);
        let (found, proven) = super::dive::better(table, hand, objective, &rules, &mode, &sol, cutoff);
        TableSolution { moved_optimal: proven, ..found.unwrap_or(sol) }
    };
    // (before the fewest-moved phases: an answer proven, or None)
    let dive_first = |sol: &TableSolution| Some(dived(sol.clone())).filter(|d| d.moved_optimal);
    let none_between = |low: i32, high: i32| -> bool {
        mode.points
            && rearrange
            && switches::lp_objective_on()
            && left_out::none_between(table, hand, &rules, low, high, cutoff)
    };
    let asks = Asks {
        bar: &bar,
        most_kept: &most_kept,
        dive: &dive_first,
        most_reached: &most_reached,
        none_between: &none_between,
    };
    match p.solve(MAX_STATES, cutoff, tie_break, floor, &asks) {
        Some(sol) => Ok(dived(sol)),
        // (a seam's answer is the sweep's optimum where its seam reads the position: as a rule
        // far more than the hand's own melds and lay-offs)
        None => Ok(match best {
            Some(sol) => TableSolution { optimal: cycled_proves, moved_optimal: false, ..sol.clone() },
            None => cut_answer(table, hand, objective, rules, mode, cutoff),
        }),
    }
}
