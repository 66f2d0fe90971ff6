//! The first solve: the most of the objective with a given set of old melds kept whole, or
//! exactly a goal, by one value sweep ([`Sweep`] in max mode) and the rebuild of its answer.

use super::*;
use rebuild::HandGoal;
use sweep::{JokerMode, MaxMode};

/// Most hand cards (at most `cap`) with `keep` kept whole, or exactly `goal`.
/// Returns the count and its outcome, and whether the work limit cut the search.
/// Rummy first tries lazy jokers (spare jokers added at the end); if they find
/// no place, the exact joker search runs.
pub(super) fn reach_best(
    ctx: &Ctx,
    keep: u64,
    cap: u32,
    goal: Option<i32>,
    max_states: usize,
) -> (Option<(i32, Outcome)>, bool) {
    let m = model_and_cards(ctx, keep, None);
    let (r, aborted, _) = reach_best_on(ctx, &m, keep, cap, goal, max_states);
    (r, aborted)
}

/// [`reach_best`] on a built model; also returns the sweep that answered
/// (its memo serves keep mode).
pub(super) fn reach_best_on<'m>(
    ctx: &Ctx,
    m: &'m Model,
    keep: u64,
    cap: u32,
    goal: Option<i32>,
    max_states: usize,
) -> (Option<(i32, Outcome)>, bool, Sweep<'m, MaxMode>) {
    if ctx.g.game == Game::Rummy {
        let (r, aborted, sw) = reach_on(ctx, m, keep, cap, goal, max_states, JokerMode::Lazy);
        // (anchored solves of the disturbance phase do not retry)
        if r.is_some() || aborted || goal.is_some() {
            return (r, aborted, sw);
        }
    }
    reach_on(ctx, m, keep, cap, goal, max_states, JokerMode::Placed)
}

pub(super) fn reach_with(
    ctx: &Ctx,
    keep: u64,
    cap: u32,
    goal: Option<i32>,
    max_states: usize,
    jokers: JokerMode,
) -> (Option<(i32, Outcome)>, bool) {
    let m = model_and_cards(ctx, keep, None);
    let (r, aborted, _) = reach_on(ctx, &m, keep, cap, goal, max_states, jokers);
    (r, aborted)
}

/// One solve on a built model (with the melds of `keep` kept whole), with lazy jokers or not; also
/// returns its sweep. (The model's physical cards are built only to rebuild an answer: most
/// anchored solves find none.)
fn reach_on<'m>(
    ctx: &Ctx,
    m: &'m Model,
    keep: u64,
    cap: u32,
    goal: Option<i32>,
    max_states: usize,
    jokers: JokerMode,
) -> (Option<(i32, Outcome)>, bool, Sweep<'m, MaxMode>) {
    let mut sw = Sweep::plain(m, cap, &ctx.cutoff, max_states, jokers);
    if ctx.tie_break == TieBreak::Fast && ctx.g.game == Game::Rummy && switches::starts_only_bounds_on() {
        sw.bound_at_starts_only();
    }
    let (r, aborted) = reach_inner(ctx, &mut sw, m, keep, cap, goal);
    sw.charge_rest();
    ctx.spent.set(ctx.spent.get() + sw.work());
    (r, aborted, sw)
}

fn reach_inner(
    ctx: &Ctx,
    sw: &mut Sweep<MaxMode>,
    m: &Model,
    keep: u64,
    cap: u32,
    goal: Option<i32>,
) -> (Option<(i32, Outcome)>, bool) {
    let jokers = sw.jokers();
    let scored = ctx.score != Score::Cards;
    // With lazy jokers: scored objectives lay every spare hand joker, counts lay
    // them until the count is reached.
    let hand_goal = |n: i32| if scored { HandGoal::AtMost(cap) } else { HandGoal::Exactly(n as u32) };
    let mut path = Vec::new();
    let needs: Vec<i32> = match goal {
        Some(g) if scored => {
            // anchored solve of a scored objective: is `g` still reachable?
            let r = sw.max_from_root(g - 1);
            if r != g {
                return (None, sw.aborted);
            }
            let Some(decs) = sw.max_trace(g) else {
                return (None, sw.aborted);
            };
            let built = rebuild::build(&ctx.g, m, cards_of(ctx, keep, m), &decs, jokers, HandGoal::AtMost(cap));
            return (built.map(|o| (g, o)), sw.aborted);
        }
        Some(g) => vec![g],
        None => {
            // The uncapped optimum first; only a binding cap needs exact counts below it.
            // (the fast tie-break uses no memo of this sweep afterwards: its exact search may go
            // first; Rummy only: the Rommé expert's searches meet their work budget, and the work
            // spent before the cut would change)
            let ceiling = ctx.ceiling.unwrap_or(i32::MAX);
            let fast_rummy = ctx.tie_break == TieBreak::Fast && ctx.g.game == Game::Rummy;
            let best = if fast_rummy {
                sw.max_root_exact()
            } else if keep == 0 {
                super::cyclic_keep::first_solve(ctx, sw, cap, ceiling)
            } else {
                sw.max_root_below(ceiling)
            };
            if sw.aborted || best <= -1000 {
                return (None, sw.aborted);
            }
            if best == 0 && !scored && fast_rummy {
                // Nothing fits: the fast tie-break answers the table as it lies ([`search_cards`]),
                // so the arrangement placing nothing is neither traced nor rebuilt.
                return (Some((0, unchanged(ctx))), false);
            }
            if fast_rummy && !scored && keep == 0 && best as u32 <= cap && fast_shortcuts_on() {
                // The fast tie-break looks for an answer moving nothing (lay-offs and new melds) before
                // this one is traced: where it finds one, that is the answer, and the first answer,
                // which seldom moves nothing (34 of 870 in 40 expert games), is not traced or rebuilt.
                match anchored(ctx, all_melds(ctx), cap, best, ANCHORED_STATES, true) {
                    Anchored::Found(o) => return (Some((best, o)), false),
                    found => {
                        let impossible = matches!(found, Anchored::Impossible) && !table_has_jokers(ctx);
                        ctx.layoffs_looked.set(Some((cap, best, impossible)))
                    }
                }
            }
            let Some(decs) = sw.max_trace(best) else {
                return (None, sw.aborted);
            };
            if scored || best as u32 <= cap {
                let built = rebuild::build(&ctx.g, m, cards_of(ctx, keep, m), &decs, jokers, hand_goal(best));
                return (built.map(|o| (best, o)), sw.aborted);
            }
            (0..=cap as i32).rev().collect()
        }
    };
    for need in needs {
        if sw.reach_root(need, &mut path) {
            let goal = HandGoal::Exactly(need as u32);
            return (rebuild::build(&ctx.g, m, cards_of(ctx, keep, m), &path, jokers, goal).map(|o| (need, o)), false);
        }
        if sw.aborted {
            return (None, true);
        }
    }
    (None, false)
}
