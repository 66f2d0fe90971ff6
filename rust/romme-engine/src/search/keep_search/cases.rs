//! [`keep_search`] split into cases: where one suit holds two kept runs'
//! private jokers, a set of one natural and jokers, a table run crossing the
//! cycle's cut, and (keep mode finished short of its bound) the run holding
//! the lock of a kept jokered run in a suit whose runs cross the cut.

use super::*;

/// [`keep_search`], split where one suit holds two kept runs' private jokers
/// (no carrier can tell them apart, so any run of the suit may lay them, a
/// relaxation whose best answer may not build). The answers there either
/// break one of the two runs, and the other one's carrier is exact, or keep
/// both: three searches, each looking for more than the best so far, and a
/// fourth where the two interleave (kept, they may lie in one run: read as one
/// run, with its carrier); the best answer is proven where all are. A set of
/// one natural and jokers is searched kept as a set, then read as a run.
/// Beside the answer, what its searches prove of every answer reaching `goal`
/// (as [`keep_search`]'s `bound`: the most of all its cases', where each has one).
pub(in crate::search) fn keep_cases<'m>(
    ctx: &Ctx,
    m: &'m Model,
    cards: &Cards,
    oracle: Sweep<'m, MaxMode>,
    cap: u32,
    goal: i32,
    run: KeepRun,
) -> (Keep, Option<i32>) {
    let jokers = oracle.jokers();
    let mut bound = None;
    let Some(probe) = carriers_on().then(|| keep::KeepInfo::new(&ctx.g, &ctx.layouts, run.choice, true)) else {
        let keep = keep_search(ctx, m, cards, oracle, cap, goal, run, &mut None, &mut bound);
        return (keep, bound);
    };
    let cases = if let Some(r) = ctx.g.rules.shape.split() {
        // (a table run crossing the cycle's cut, read as two: both parts kept or neither; keep
        // mode alone would keep one without the other. Both kept first: the run kept whole is
        // the better incumbent for the other case, which took the whole limit when first and
        // left this one nothing)
        let parts = 1 << r.below | 1 << r.above;
        vec![Choice { always: parts, ..run.choice }, Choice { never: parts, ..run.choice }]
    } else if let Some((a, b)) = probe.two_private_runs() {
        let mut cases = vec![
            Choice { never: 1 << a, ..run.choice },
            Choice { never: 1 << b, ..run.choice },
            Choice { always: 1 << a | 1 << b, ..run.choice },
        ];
        if probe.tables_interleave(a, b) {
            // (interleaving runs may both stay whole in one run, which two locks cannot show:
            // read as one run, it has the carrier of a suit with one)
            cases.push(Choice { merge: 1 << a | 1 << b, always: 1 << a, ..run.choice });
        }
        cases
    } else if let Some(t) = probe.one_natural_set().filter(|&t| !high_ace_set(ctx, t)) {
        // (a set of one natural and jokers stays whole as a set or as a run of its natural)
        vec![Choice { both: 1 << t, ..run.choice }, Choice { as_run: 1 << t, ..run.choice }]
    } else {
        // (the probe is this search's model: built with carriers, as keep_search would)
        let cross = if oracle.forgotten_suits() == 0 { probe.cross_carried } else { 0 };
        let mut spare = None;
        let keep = keep_search_on(ctx, m, cards, oracle, cap, goal, run, probe, &mut spare, &mut bound);
        return cross_split(ctx, m, cards, (spare, jokers), (cap, goal), run, cross, (keep, bound));
    };
    search_cases(ctx, m, cards, (&mut Some(oracle), jokers), (cap, goal), run, cases, (None, run.kept), false)
}

/// Where keep mode finished with a best that its answer does not reach and a
/// suit is [`keep::KeepInfo::cross_carried`] (`cross`, not in the relaxations
/// that forget profiles, whose best is short of the rules for other reasons):
/// the answers split by the run holding that suit's lock, one suit at a time
/// (the others as before), into three cases ([`Choice::cross_line`],
/// [`Choice::cross_from`], [`Choice::cross_through`]), each a keep search
/// within the caller's limit of its own, looking for more than the best so
/// far. What keep mode found (`keep`, `bound`) is handed back where no split
/// runs; else the best answer, proven where a split's cases prove it, and the
/// least of the bounds (each split's the most of its cases').
#[allow(clippy::too_many_arguments)]
fn cross_split<'m>(
    ctx: &Ctx,
    m: &'m Model,
    cards: &Cards,
    (spare, jokers): (Option<Sweep<'m, MaxMode>>, JokerMode),
    (cap, goal): (u32, i32),
    run: KeepRun,
    cross: u8,
    (keep, bound): (Keep, Option<i32>),
) -> (Keep, Option<i32>) {
    let best = match keep {
        Keep::Better(o, false) => Some(o),
        Keep::Unknown if bound.is_some_and(|b| b > run.kept) => None,
        _ => return (keep, bound),
    };
    // (one such suit: with two, one split at a time proved none of the bench's, at 0.6M work each)
    if cross.count_ones() != 1 || bound.is_none() || ctx.halted() {
        return (best.map_or(Keep::Unknown, |o| Keep::Better(o, false)), bound);
    }
    let kept = best.as_ref().map_or(run.kept, |o| table_cards(ctx) as i32 - moved(ctx, o) as i32);
    let cases = vec![
        Choice { cross_line: cross, ..run.choice },
        Choice { cross_from: cross, ..run.choice },
        Choice { cross_through: cross, ..run.choice },
    ];
    let mut oracle = spare;
    let (keep, split) = search_cases(ctx, m, cards, (&mut oracle, jokers), (cap, goal), run, cases, (best, kept), true);
    // (keep mode's bound holds too: the least of the two)
    let most = split.map_or(bound, |b| bound.map(|a| a.min(b)));
    let proves = |kept: i32| most.is_some_and(|b| b <= kept);
    match keep {
        Keep::Proven(false) if proves(kept) => (Keep::Proven(true), most),
        Keep::Proven(false) => (Keep::Unknown, most),
        Keep::Better(o, false) if proves(table_cards(ctx) as i32 - moved(ctx, &o) as i32) => {
            (Keep::Better(o, true), most)
        }
        keep => (keep, most),
    }
}

/// [`keep_cases`]' search of its `cases`, each looking for more than the best
/// so far (`best`, keeping `kept`), within the caller's limit (`fresh`: each
/// case within a limit of its own): the best answer, proven where every case
/// is, and the most of the cases' bounds. Each case hands its oracle to the next.
#[allow(clippy::too_many_arguments)]
fn search_cases<'m>(
    ctx: &Ctx,
    m: &'m Model,
    cards: &Cards,
    (oracle, jokers): (&mut Option<Sweep<'m, MaxMode>>, JokerMode),
    (cap, goal): (u32, i32),
    run: KeepRun,
    cases: Vec<Choice>,
    (best, kept): (Option<Outcome>, i32),
    fresh: bool,
) -> (Keep, Option<i32>) {
    let total = table_cards(ctx) as i32;
    let (mut best, mut kept, mut exact) = (best, kept, true);
    let mut bound = None;
    // (the cases split the answers: the most any case's proves bounds them all)
    let mut most = Some(i32::MIN);
    let mut spent0 = ctx.spent.get();
    // (no answer keeps more than the LP's bound, or than its branch and bound proved at keep
    // mode's stop to ask it: an answer reaching it leaves the cases nothing to find, even the
    // first, where the search that handed `best` over reached it)
    let reaches_ceiling = |kept: i32| kept >= run.ceiling.min(cyclic_keep::lp_known());
    for choice in cases {
        if fresh {
            spent0 = ctx.spent.get();
        }
        if reaches_ceiling(kept) {
            return (best.map_or(Keep::Proven(true), |o| Keep::Better(o, true)), Some(kept));
        }
        if ctx.halted() {
            exact = false;
            most = None;
            break;
        }
        // (the first solve's oracle serves the first case, each case's the next: its memo does
        // not depend on the melds kept; one that was cut or changed joker mode is not passed on)
        let this = oracle_or_fresh(oracle.take(), m, cap, &ctx.cutoff, jokers);
        let limit = run.limit.saturating_add(granted()).saturating_sub(ctx.spent.get() - spent0);
        let run = KeepRun { kept, choice, limit, ..run };
        let keep = keep_search(ctx, m, cards, this, cap, goal, run, oracle, &mut bound);
        most = most.zip(bound).map(|(a, b)| a.max(b));
        match keep {
            Keep::Better(o, proven) => {
                kept = total - moved(ctx, &o) as i32;
                best = Some(o);
                exact &= proven;
            }
            Keep::Proven(proven) => exact &= proven,
            Keep::Unknown => exact = false,
        }
    }
    if reaches_ceiling(kept) {
        return (best.map_or(Keep::Proven(true), |o| Keep::Better(o, true)), Some(kept));
    }
    // (the cases' bounds together may prove the best where no case's own answer did)
    exact |= most.is_some_and(|b| b <= kept);
    let keep = match best {
        Some(o) => Keep::Better(o, exact),
        None => Keep::Proven(exact),
    };
    (keep, most)
}

/// Whether table meld `t` (a set of one natural and jokers) holds an ace that
/// may stand high: read as a run it could also be Q K A, which a run's cells
/// (the ace at the low end) do not show.
fn high_ace_set(ctx: &Ctx, t: usize) -> bool {
    let ace = |&(code, _): &(u8, u8)| code != ctx.g.joker && ctx.g.cell(code).is_some_and(|(_, p)| p == 0);
    ctx.g.rules.ace_high && ctx.layouts.get(t).is_some_and(|lay| lay.cards.iter().any(ace))
}
