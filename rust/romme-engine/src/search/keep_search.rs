//! The keep search: which old melds stay whole. It runs the keep-mode sweep
//! ([`super::sweep`]) on each case of the table (re-readable runs kept or not,
//! carriers of private jokers), hands its oracle from case to case, rebuilds
//! the answer from the decisions ([`keep_outcome`]) and certifies the fewest
//! moved cards ([`anchored`], [`fewest_broken`]).

use super::cyclic_keep::{AskDive, Step};
use super::*;

mod cases;
pub(super) use cases::keep_cases;

/// Work limit of the keep-mode sweep: nodes expanded by it and its oracle
/// (about 0.15 µs each: 30 ms). A caller's budget only cuts it (docs/SEARCH-DESIGN.md
/// §4.11: a budget at least the search's work changes nothing).
pub(super) const KEEP_STATES: usize = 200_000;

/// The first (whole-table) sweep's work limit on this thread ([`with_first_limit`]).
pub(super) fn first_limit() -> usize {
    FIRST_LIMIT.with(|l| l.get())
}

/// Whether a first solve of `ctx` runs under a look's first-solve limit
/// ([`with_first_limit`] below [`MAX_STATES`]): where that limit cuts it, the
/// look hands the position to the other look.
pub(super) fn first_solve_limited() -> bool {
    FIRST_LIMIT.with(|l| l.get()) < MAX_STATES
}

/// The keep-mode sweep's work limit on this thread: [`KEEP_STATES`], or the
/// limit [`with_keep_limit`] set.
pub(super) fn keep_limit() -> usize {
    KEEP_LIMIT.with(|l| l.get())
}

thread_local! {
    /// The keep search's work limit on this thread.
    static KEEP_LIMIT: std::cell::Cell<usize> = const { std::cell::Cell::new(KEEP_STATES) };
    /// The first solve's work limit on this thread.
    static FIRST_LIMIT: std::cell::Cell<usize> = const { std::cell::Cell::new(MAX_STATES) };
}

/// Runs `f` with the keep search's work limit `limit` on this thread (the
/// looks of [`super::romme_mirror`] share [`KEEP_STATES`]).
pub(super) fn with_keep_limit<T>(limit: usize, f: impl FnOnce() -> T) -> T {
    let before = KEEP_LIMIT.with(|l| l.replace(limit));
    let r = f();
    KEEP_LIMIT.with(|l| l.set(before));
    r
}

/// Runs `f` with the first solves' work limit `limit` (at most [`MAX_STATES`])
/// on this thread ([`super::romme_mirror`]'s own look tries a small one first).
pub(super) fn with_first_limit<T>(limit: usize, f: impl FnOnce() -> T) -> T {
    let before = FIRST_LIMIT.with(|l| l.replace(limit.min(MAX_STATES)));
    let r = f();
    FIRST_LIMIT.with(|l| l.set(before));
    r
}

/// What a look runs where its keep search is first cut by its limit
/// ([`super::romme_mirror`]: the mirror image's look), given the look's first
/// answer (its objective proven): the work the cut keep search then goes on
/// with on its memo (0: it ends cut).
pub(super) type Between = Box<dyn FnOnce(&TableSolution) -> usize>;

/// The look [`Between`] a cut keep search and its going on, on this thread.
enum BetweenSlot {
    /// Not run yet; the first answer of the search whose keep search may be cut
    /// (None: no keep search, or its objective is not proven).
    Waiting(Between, Option<Outcome>),
    /// Run: the work the keep search went on with.
    Ran(usize),
}

/// How far a keep search looks ahead ([`Sweep::foresee`]): once it has spent
/// `after` work, it is cut where it foresees more than `most` in all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Foresight {
    pub(super) after: usize,
    pub(super) most: usize,
}

/// A keep search with a look [`Between`] waiting: its foresight, and the work
/// it may take before that look (where that is more than its limit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Ahead {
    pub(super) foresight: Foresight,
    pub(super) most: usize,
}

thread_local! {
    static BETWEEN: RefCell<Option<BetweenSlot>> = const { RefCell::new(None) };
    /// The [`Ahead`] of the keep searches with the look between waiting, on this thread.
    static AHEAD: std::cell::Cell<Option<Ahead>> = const { std::cell::Cell::new(None) };
    /// The foresight of the keep searches of the look running, on this thread ([`with_foresight`]).
    static FORESIGHT: std::cell::Cell<Option<Foresight>> = const { std::cell::Cell::new(None) };
}

/// Runs `f` (a look's solve) with `between` to run where its keep search is
/// first cut, that keep search looking `ahead`; whether it ran.
pub(super) fn with_between<T>(between: Between, ahead: Ahead, f: impl FnOnce() -> T) -> (T, bool) {
    let before = BETWEEN.with(|b| b.replace(Some(BetweenSlot::Waiting(between, None))));
    let ahead_before = AHEAD.with(|a| a.replace(Some(ahead)));
    let r = f();
    AHEAD.with(|a| a.set(ahead_before));
    let ran = BETWEEN.with(|b| std::mem::replace(&mut *b.borrow_mut(), before));
    (r, matches!(ran, Some(BetweenSlot::Ran(_))))
}

/// Runs `f` (a look's solve) with its keep searches looking ahead by `foresight`.
pub(super) fn with_foresight<T>(foresight: Foresight, f: impl FnOnce() -> T) -> T {
    let before = FORESIGHT.with(|x| x.replace(Some(foresight)));
    let r = f();
    FORESIGHT.with(|x| x.set(before));
    r
}

/// The foresight of a keep search on this thread and the work its sweep may take
/// (`limit`, or more where a look between waits, armed: [`Ahead`]).
fn looking_ahead(limit: usize) -> (Option<Foresight>, usize) {
    let waits = BETWEEN.with(|b| matches!(b.borrow().as_ref(), Some(BetweenSlot::Waiting(_, Some(_)))));
    match AHEAD.with(|a| a.get()).filter(|_| waits) {
        Some(ahead) => (Some(ahead.foresight), limit.max(ahead.most)),
        None => (FORESIGHT.with(|x| x.get()), limit),
    }
}

/// Before a keep search: the first answer it beats, where the solve proved its
/// objective (`first`; None: a look between would aim at no proven optimum).
pub(super) fn arm_between(first: Option<&Outcome>) {
    BETWEEN.with(|b| {
        if let Some(BetweenSlot::Waiting(_, armed)) = b.borrow_mut().as_mut() {
            *armed = first.cloned();
        }
    });
}

/// Runs the look [`Between`] where it waits, armed, and the caller's budget
/// is not spent: the work a keep search its limit cut goes on with (0: none).
fn between(ctx: &Ctx) -> usize {
    if ctx.halted() {
        return 0;
    }
    let taken = BETWEEN.with(|b| {
        let mut b = b.borrow_mut();
        match b.take() {
            Some(BetweenSlot::Waiting(go, Some(first))) => Some((go, first)),
            other => {
                *b = other;
                None
            }
        }
    });
    let Some((go, first)) = taken else { return 0 };
    // (the look runs with this thread's other search state its own: it starts a solve of its own)
    let more = match finish(ctx, Some(first), true, false) {
        Ok(first) => go(&first),
        Err(_) => 0,
    };
    BETWEEN.with(|b| *b.borrow_mut() = Some(BetweenSlot::Ran(more)));
    more
}

/// The work a keep search went on with after the look [`Between`] (0: none
/// ran): the cases after the one it went on in get it too ([`keep_cases`]).
fn granted() -> usize {
    BETWEEN.with(|b| match b.borrow().as_ref() {
        Some(BetweenSlot::Ran(more)) => *more,
        _ => 0,
    })
}

/// One keep-mode search: beat `kept` table cards kept whole, the runs in
/// `fixed` keep their jokers where they lie, those in `readings` are read
/// every way their joker may end ([`keep::KeepInfo::new`]), at most `limit`
/// work (shared by the searches that follow it).
#[derive(Clone, Copy)]
pub(super) struct KeepRun {
    pub(super) kept: i32,
    pub(super) choice: Choice,
    pub(super) limit: usize,
    /// No answer keeps more table cards whole (the LP's bound on the cycle;
    /// `i32::MAX`: none known): the search stops at one keeping that many.
    pub(super) ceiling: i32,
}

/// What the keep-mode sweep found (`exact`: see [`keep::KeepInfo::exact`]).
pub(super) enum Keep {
    /// An answer keeping more table cards whole; whether it is the fewest moved.
    Better(Outcome, bool),
    /// No answer keeps more; whether that proves the fewest moved.
    Proven(bool),
    /// The work limit, the deadline or a binding hand-card cap cut it.
    Unknown,
}

/// The keep-mode sweep ([`keep`]): among the answers reaching `goal`, one
/// keeping more than `run.kept` table cards whole, or the proof that none does.
/// Its `oracle` ends in `spare` (unless it was cut) for the next search over
/// the same model.
///
/// `bound` becomes what the search proves of every answer reaching `goal`
/// where its model is the rules or a relaxation of them
/// ([`keep::KeepInfo::exact`]) and it finished: none keeps more table cards
/// whole (None: no such proof).
#[allow(clippy::too_many_arguments)]
pub(super) fn keep_search<'m>(
    ctx: &Ctx,
    m: &'m Model,
    cards: &Cards,
    oracle: Sweep<'m, MaxMode>,
    cap: u32,
    goal: i32,
    run: KeepRun,
    spare: &mut Option<Sweep<'m, MaxMode>>,
    bound: &mut Option<i32>,
) -> Keep {
    let info = keep::KeepInfo::new(&ctx.g, &ctx.layouts, run.choice, carriers_on());
    // (both parts of a table run crossing the cycle's cut kept: an oracle of its own, whose end
    // lets that run's part below end as free cards, [`Sweep::loosen_split_end`])
    let split = ctx.g.rules.shape.split().map_or(0, |r| 1u64 << r.below | 1 << r.above);
    let oracle = if split != 0 && run.choice.always & split == split && !oracle.is_loose() {
        let mut loose = fresh_oracle(m, cap, &ctx.cutoff, oracle.jokers());
        loose.loosen_split_end();
        loose.forget_suits(oracle.forgotten_suits());
        loose
    } else {
        oracle
    };
    keep_search_on(ctx, m, cards, oracle, cap, goal, run, info, spare, bound)
}

/// [`keep_search`] with its model `info` built (for `run.choice`).
#[allow(clippy::too_many_arguments)]
pub(super) fn keep_search_on<'m>(
    ctx: &Ctx,
    m: &'m Model,
    cards: &Cards,
    oracle: Sweep<'m, MaxMode>,
    cap: u32,
    goal: i32,
    run: KeepRun,
    info: keep::KeepInfo,
    spare: &mut Option<Sweep<'m, MaxMode>>,
    bound: &mut Option<i32>,
) -> Keep {
    let KeepRun { kept, limit, .. } = run;
    let mut run = run;
    let info = Rc::new(info);
    *bound = None;
    if info.olds.len() > 56 {
        *spare = Some(oracle);
        return Keep::Unknown; // (the state packs its private jokers above 56 kept bits)
    }
    // (lazy jokers where the first solve found the goal with them, as the oracle; a search that
    // looks ahead is cut where it foresees a long search, and may then run past its limit)
    let (foresight, most) = looking_ahead(limit);
    let mut sw = Sweep::keep(m, cap, &ctx.cutoff, most, info.clone(), oracle);
    sw.position_spent(ctx.position_spent());
    if let Some(f) = foresight {
        sw.foresee(f.after, f.most);
    }
    sw.stop_at(run.ceiling.min(cyclic_keep::lp_known()));
    if cyclic_keep::lp_due() {
        sw.ask_ceiling_at(cyclic_keep::LP_AFTER);
    }
    let (mut best, mut reached) = sw.keep_anytime(goal, kept);
    // (the branch and bound's answer at the ask where it proved none: the incumbent from there on)
    let mut dived: Option<Outcome> = None;
    // (the most kept by an answer in hand: keep mode looks above it)
    let mut alpha = kept;
    if sw.wants_ceiling() {
        // (a long search: the LP's bound asked, where the answer in hand reaches it the search
        // ends, else it goes on on its memo and stops at an answer reaching it)
        let ceiling = cyclic_keep::ask_lp(ctx, cap, goal);
        sw.resume();
        let most = reached.as_ref().map_or(kept, |r| r.0.max(kept));
        let mut proven_at = |keep: Keep, proven: i32, sw: &mut Sweep<'m, KeepMode<'m>>| {
            // (no answer keeps more than `proven`: the rest of this search would be the proof)
            ctx.spent.set(ctx.spent.get() + sw.work());
            *bound = Some(proven);
            *spare = sw.take_oracle();
            keep
        };
        match cyclic_keep::dive_at_the_ask(ctx, goal, kept, most, ceiling) {
            AskDive::Proven(keep, proven) => return proven_at(keep, proven, &mut sw),
            AskDive::Found(o, k) => (dived, alpha, reached) = (Some(o), k, None),
            AskDive::Nothing => {}
        }
        let top = ceiling.unwrap_or(i32::MAX).min(run.ceiling);
        let mut settled = matches!(ceiling, Some(c) if most.max(alpha) >= c);
        if settled {
            best = most.max(alpha);
        } else if dived.is_some() {
            match cyclic_keep::step_past(ctx, &mut sw, goal, alpha, top) {
                Step::Proven(keep, proven) => return proven_at(keep, proven, &mut sw),
                Step::Most(f) => (best, reached, settled) = (f.0, Some(f), true),
                Step::Found(o, k) => (dived, alpha) = (Some(o), k),
                Step::Reached(f) => (alpha, reached) = (f.0, Some(f)),
                Step::Nothing => {}
            }
        }
        if !settled {
            sw.stop_at(top);
            let (again, found) = sw.keep_anytime(goal, alpha);
            if found.as_ref().map(|f| f.0) >= reached.as_ref().map(|r| r.0) {
                reached = found;
            }
            best = again.max(alpha);
        }
    }
    // (cut at its limit or by its foresight: the look between runs, then this search goes on on
    // its memo, which costs far less than searching again: [`super::romme_mirror`]'s last look)
    let more = if sw.aborted && !ctx.halted() { between(ctx) } else { 0 };
    if more > 0 {
        sw.go_on(more);
        run.limit = limit.saturating_add(more);
        let (again, found) = sw.keep_anytime(goal, alpha);
        // (the answer it reached before the cut, where the search going on reached none better)
        if found.as_ref().map(|f| f.0) >= reached.as_ref().map(|r| r.0) {
            reached = found;
        }
        best = again.max(alpha);
    }
    ctx.spent.set(ctx.spent.get() + sw.work());
    // (finished, the root's value is the model's most kept where it beats `alpha`, else no answer beats it)
    if !sw.aborted && info.exact() {
        *bound = Some(best.max(alpha));
    }
    let floor = dived.as_ref().map_or(kept, |o| info.table_cards() - moved(ctx, o) as i32);
    let keep = keep_answer(ctx, m, cards, &mut sw, &info, KeepRun { kept: floor, ..run }, (best, reached), (cap, goal));
    // (none found keeping more than the branch and bound's answer: that answer, proven where
    // keep mode proved that none keeps more)
    let keep = match (keep, dived) {
        (Keep::Proven(exact), Some(o)) => Keep::Better(o, exact),
        (Keep::Unknown, Some(o)) => Keep::Better(o, false),
        (keep, _) => keep,
    };
    #[cfg(test)]
    limit_check::note(&sw);
    #[cfg(test)]
    resume_check::check(ctx, m, cap, (goal, kept), &info, &mut sw);
    // (the oracle's memo serves the next search over the same model: its values do not
    // depend on the melds kept)
    *spare = sw.take_oracle();
    keep
}

/// [`keep_search_on`]'s answer from its finished sweep `sw`: the best it
/// reached or traced, built and checked, or searched again where it cannot
/// give the kept runs their jokers back.
#[allow(clippy::too_many_arguments)]
pub(super) fn keep_answer<'m>(
    ctx: &Ctx,
    m: &'m Model,
    cards: &Cards,
    sw: &mut Sweep<'m, KeepMode<'m>>,
    info: &keep::KeepInfo,
    run: KeepRun,
    (best, reached): (i32, Option<(i32, Vec<sweep::Decision>)>),
    (cap, goal): (u32, i32),
) -> Keep {
    if mirror::unwanted() {
        return Keep::Unknown;
    }
    let KeepRun { kept, choice, limit, .. } = run;
    let Choice { fixed, readings, .. } = choice;
    let (jokers, exact) = (sw.jokers(), info.exact());
    let total = info.table_cards();
    if sw.aborted {
        // (the best solution reached before the cut, if it keeps more than the first solve's)
        let Some((more, decs)) = reached else {
            return Keep::Unknown;
        };
        return match keep_outcome(ctx, m, cards.clone(), info, &decs, jokers, (cap, goal)) {
            Ok(o) if (moved(ctx, &o) as i32) <= total - more => Keep::Better(o, false),
            _ => Keep::Unknown,
        };
    }
    if best <= kept {
        return Keep::Proven(exact);
    }
    // (the best solution the search reached is the optimum's when it keeps as much;
    // else the optimum stands for a memo entry and is traced)
    let decs = match reached {
        Some((more, decs)) if more == best => decs,
        _ => match sw.keep_trace(goal, best) {
            Some(decs) => decs,
            None => return Keep::Unknown,
        },
    };
    // (the answer must keep what the sweep kept: its private jokers may fail to find their runs)
    let built = keep_outcome(ctx, m, cards.clone(), info, &decs, jokers, (cap, goal));
    if built.is_err() {
        if let Some((keep, _)) = cyclic_keep::dive_where_unbuilt(ctx, goal, kept, best) {
            return keep;
        }
    }
    match built {
        Ok(o) if moved(ctx, &o) as i32 <= total - best => Keep::Better(o, exact),
        // (an answer that keeps less than the sweep's bound but more than the caller's: no proof)
        Ok(o) if (moved(ctx, &o) as i32) < total - kept => Keep::Better(o, false),
        // (lazy jokers assume a spare joker finds a free end; where none has one, the exact joker search
        // decides; private jokers laid by another run of their suit fail there too, so no retry for them)
        Err(KeepFail::Build) if jokers == JokerMode::Lazy => {
            let rest = KeepRun { limit: limit.saturating_sub(sw.work()), ..run };
            let oracle = fresh_oracle(m, cap, &ctx.cutoff, JokerMode::Placed);
            keep_search(ctx, m, cards, oracle, cap, goal, rest, &mut None, &mut None)
        }
        // The runs to blame with one joker are then read every way their joker may end, other
        // runs to blame keep their jokers where they lie: stricter than the rules where another
        // kept run would grow into a reading's cells, so its answers are real, and one keeping as
        // much as this search's bound is the optimum.
        // (not with two runs read as one, nor a set read as a run: readings know neither)
        Err(KeepFail::Jokers(blamed))
            if blamed != 0
                && choice.merge | choice.as_run == 0
                && (blamed & readable(ctx) & !readings != 0 || fixed == 0) =>
        {
            let oracle = reuse_oracle(sw, m, cap, &ctx.cutoff, jokers);
            let limit = limit.saturating_sub(sw.work());
            let choice = if blamed & readable(ctx) & !readings != 0 {
                Choice { readings: readings | blamed & readable(ctx), ..choice }
            } else {
                Choice { fixed: blamed, ..choice }
            };
            let rest = KeepRun { choice, limit, ..run };
            match keep_search(ctx, m, cards, oracle, cap, goal, rest, &mut None, &mut None) {
                Keep::Better(o, _) => {
                    // (or it keeps as much as the LP's bound on the cycle, which that search may have
                    // asked and its branch and bound proved: no answer keeps more)
                    let keeps = total - moved(ctx, &o) as i32;
                    let proven = exact && keeps == best || keeps >= cyclic_keep::lp_known();
                    Keep::Better(o, proven)
                }
                _ => Keep::Unknown,
            }
        }
        _ => Keep::Unknown,
    }
}

/// The oracle of a finished keep search, for the next one in the same joker
/// mode (its memo of the plain sweep stays true), else a new one.
pub(super) fn reuse_oracle<'m>(
    sw: &mut Sweep<'m, KeepMode<'m>>,
    m: &'m Model,
    cap: u32,
    cutoff: &Cutoff,
    jokers: JokerMode,
) -> Sweep<'m, MaxMode> {
    oracle_or_fresh(sw.take_oracle(), m, cap, cutoff, jokers)
}

/// `oracle` if it is in the joker mode `lazy`, else a fresh one.
pub(super) fn oracle_or_fresh<'m>(
    oracle: Option<Sweep<'m, MaxMode>>,
    m: &'m Model,
    cap: u32,
    cutoff: &Cutoff,
    jokers: JokerMode,
) -> Sweep<'m, MaxMode> {
    oracle.filter(|o| o.jokers() == jokers).unwrap_or_else(|| fresh_oracle(m, cap, cutoff, jokers))
}

/// An oracle for a keep search, with an empty memo, in the joker mode `lazy`.
pub(super) fn fresh_oracle<'m>(m: &'m Model, cap: u32, cutoff: &Cutoff, jokers: JokerMode) -> Sweep<'m, MaxMode> {
    Sweep::plain(m, cap, cutoff, MAX_STATES, jokers)
}

/// Cards on the table.
pub(super) fn table_cards(ctx: &Ctx) -> u32 {
    ctx.layouts.iter().map(|l| l.cards.len() as u32).sum()
}

/// The table melds [`keep::KeepInfo::new`] can read every way, as bits.
pub(super) fn readable(ctx: &Ctx) -> u64 {
    let bits = ctx.layouts.iter().enumerate().take(64);
    bits.fold(0, |acc, (i, l)| acc | (keep::KeepInfo::readable(&ctx.g, l) as u64) << i)
}

/// The old melds keep mode's decisions keep whole.
pub(super) fn kept_bits(decs: &[sweep::Decision]) -> u64 {
    decs.iter().fold(0u64, |acc, d| match d {
        sweep::Decision::Suit { kept_melds, .. } => acc | kept_melds,
        _ => acc,
    })
}

/// Why keep mode's decisions gave no answer.
pub(super) enum KeepFail {
    /// The decisions could not be built (lazy jokers found no free end).
    Build,
    /// These kept re-readable runs' private jokers could not be given back to them.
    Jokers(u64),
}

/// Keep mode's answer from its decisions: the melds they keep stay whole (a
/// re-readable run as the lock of its naturals, its jokers placed afterwards,
/// see [`rebuild::place_private_jokers`]). `cards`: every table card free.
pub(super) fn keep_outcome(
    ctx: &Ctx,
    m: &Model,
    mut cards: Cards,
    info: &keep::KeepInfo,
    decs: &[sweep::Decision],
    jokers: JokerMode,
    (cap, goal): (u32, i32),
) -> Result<Outcome, KeepFail> {
    let kept = kept_bits(decs);
    let mut owners = Vec::new();
    let mut meld_of_owner = Vec::new();
    // (melds kept with their jokers: all kept ones but the re-readable runs, whose jokers are the owners')
    let mut whole = 0u64;
    let tiles = table_tiles(ctx);
    for (o, i) in set_bits(kept).map(|x| (&info.olds[x], info.olds[x].table)) {
        let (lay, mut laid) = (&ctx.layouts[i], tiles[i].clone());
        let src = Some(i as u16);
        // (two runs read as one: both melds' cards)
        if let Some(j) = o.with {
            laid.extend(tiles[j].iter().copied());
        }
        let mine = |t: &Tile| t.src.is_some_and(|x| x as usize == i || Some(x as usize) == o.with);
        cards.table.iter_mut().flatten().for_each(|pool| pool.retain(|t| !mine(t)));
        if o.reading {
            // (its joker stands where this reading puts it; the cells between fill as gaps)
            let cell = o.joker_at.trailing_zeros() as usize;
            let mut run: Vec<Laid> =
                laid.into_iter()
                    .map(|l| {
                        if l.tile.code == ctx.g.joker {
                            Laid { stands_for: ctx.g.code_at(o.suit, cell), ..l }
                        } else {
                            l
                        }
                    })
                    .collect();
            run.sort_by_key(|l| place_in_run(&ctx.g, l.stands_for, o));
            cards.jokers.retain(|t| t.src != src);
            whole |= 1 << i;
            cards.kept_runs.push(KeptRun { suit: o.suit, first: o.first, last: o.last, cards: run, carrier: false });
            continue;
        }
        if o.private {
            // (its jokers stay free: the sweep laid them as the suit's private jokers)
            let (mut nat, jok): (Vec<Laid>, Vec<Laid>) = laid.into_iter().partition(|l| l.tile.code != ctx.g.joker);
            nat.sort_by_key(|l| place_in_run(&ctx.g, l.tile.code, o));
            owners.push((nat.first().ok_or(KeepFail::Build)?.tile.id, jok.iter().map(|l| l.tile).collect()));
            meld_of_owner.push(i);
            // (the rebuild hands the run its carrier, where the sweep tracked one)
            let loose = info.loose(o.suit);
            let carrier = info.carrier_of(o.suit).is_some_and(|c| c.table == i) && !loose;
            cards.kept_runs.push(KeptRun { suit: o.suit, first: o.first, last: o.last, cards: nat, carrier });
            continue;
        }
        cards.jokers.retain(|t| t.src != src);
        whole |= 1 << i;
        match lay.kind {
            MeldKind::Run => {
                cards.kept_runs.push(KeptRun { suit: lay.suit, first: lay.a, last: lay.b, cards: laid, carrier: false })
            }
            MeldKind::Set => cards.kept_sets.push(KeptSet { pos: lay.a, cards: laid }),
        }
    }
    // (a scored objective lays every spare hand joker the cap allows)
    let hand_goal = if ctx.score == Score::Cards { HandGoal::Exactly(goal as u32) } else { HandGoal::AtMost(cap) };
    let mut out = rebuild::build(&ctx.g, m, cards, decs, jokers, hand_goal).ok_or(KeepFail::Build)?;
    if owners.is_empty() {
        return Ok(out);
    }
    match rebuild::place_private_jokers(&ctx.g, &mut out, &owners, whole) {
        Ok(()) => Ok(out),
        Err(blame) => {
            // (the old melds whose first natural is blamed)
            let bits = owners.iter().zip(&meld_of_owner).filter(|((n, _), _)| blame.contains(n));
            Err(KeepFail::Jokers(bits.fold(0, |acc, (_, &i)| acc | 1u64 << i)))
        }
    }
}

/// Where a natural code stands in the kept run `o`: an ace counts high in a run
/// that ends at the ace high (its first natural owns the run's private jokers).
pub(super) fn place_in_run(g: &GridGame, code: u8, o: &keep::OldMeld) -> usize {
    grid::pos_of(g, code, o.last >= 13)
}

/// The indices of the set bits of `x`, lowest first.
pub(super) fn set_bits(mut x: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let i = (x != 0).then(|| x.trailing_zeros() as usize)?;
        x &= x - 1;
        Some(i)
    })
}

/// Every table meld, as bits (kept whole: lay-offs only).
pub(super) fn all_melds(ctx: &Ctx) -> u64 {
    if ctx.layouts.len() >= 64 {
        u64::MAX
    } else {
        (1u64 << ctx.layouts.len()) - 1
    }
}

/// Whether some table meld holds a joker.
pub(super) fn table_has_jokers(ctx: &Ctx) -> bool {
    ctx.layouts.iter().any(|l| l.cards.iter().any(|&(code, _)| code == ctx.g.joker))
}

/// Whether the goal is reachable with some melds kept whole.
pub(super) enum Anchored {
    Found(Outcome),
    Impossible,
    /// The work limit or the deadline cut the search.
    Unknown,
}

/// An anchored solve that also proves the negative: lazy jokers first if
/// `find` (fast to find), then the exact joker search, which alone can rule a
/// goal out.
pub(super) fn anchored(ctx: &Ctx, keep: u64, cap: u32, goal: i32, max_states: usize, find: bool) -> Anchored {
    let mut cut = false;
    for jokers in [JokerMode::Lazy, JokerMode::Placed] {
        if jokers == JokerMode::Lazy && (!find || ctx.g.game != Game::Rummy) {
            continue;
        }
        let (r, aborted) = reach_with(ctx, keep, cap, Some(goal), max_states, jokers);
        if let Some((_, o)) = r {
            return Anchored::Found(o);
        }
        cut |= aborted;
    }
    if cut {
        Anchored::Unknown
    } else {
        Anchored::Impossible
    }
}

/// Checks and work of the proof that no lighter set of melds can be broken.
/// (each check costs about as much as the lay-off check; the proofs without
/// checks, when every meld is at least as large as `moved`, come free)
pub(super) const CERT_CHECKS: usize = 2;
pub(super) const CERT_STATES: usize = 10_000;

/// Proves `moved` minimal: tries the sets of melds to break in order of their
/// size (table cards) below `best_moved`, keeping all others whole (keeping
/// all was already ruled out). The first that reaches the goal is optimal;
/// none means `best_moved` is. Returns the proven minimum (`Some(better)` with
/// a better outcome if one was found), or None when the budget ran out.
pub(super) fn fewest_broken(ctx: &Ctx, all_kept: u64, cap: u32, goal: i32, best_moved: u32) -> Option<Option<Outcome>> {
    let weights: Vec<u32> = ctx.layouts.iter().map(|l| l.cards.len() as u32).collect();
    let mut order: Vec<usize> = (0..weights.len()).collect();
    order.sort_by_key(|&i| weights[i]);
    // Subsets by total weight: from {first}, each (set, last index i) leads to
    // set + next and set - order[i] + next.
    let mut heap: BinaryHeap<Reverse<(u32, usize, u64)>> = BinaryHeap::new();
    if let Some(&first) = order.first() {
        heap.push(Reverse((weights[first], 0, 1u64 << first)));
    }
    let spent0 = ctx.spent.get();
    let mut checks = 0;
    while let Some(Reverse((w, i, set))) = heap.pop() {
        if w >= best_moved {
            return Some(None);
        }
        if checks >= CERT_CHECKS || ctx.spent.get() - spent0 >= CERT_STATES || ctx.halted() {
            return None;
        }
        if let Some(&nx) = order.get(i + 1) {
            heap.push(Reverse((w + weights[nx], i + 1, set | 1 << nx)));
            heap.push(Reverse((w - weights[order[i]] + weights[nx], i + 1, (set & !(1 << order[i])) | 1 << nx)));
        }
        checks += 1;
        // (mostly ruled out: the exact search alone)
        match anchored(ctx, all_kept & !set, cap, goal, ANCHORED_STATES, false) {
            Anchored::Found(o) => return Some(Some(o)),
            Anchored::Impossible => {}
            Anchored::Unknown => return None,
        }
    }
    Some(None)
}

/// When the budget cut the search: lay-offs and new melds only (under a small work limit, within
/// what is left of the solve's work account), or else the table as it was (the cheap answers,
/// `cheap.rs`, then lay the hand's own melds and lay-offs).
pub(super) fn fallback(ctx: &Ctx, cap: u32) -> Outcome {
    let all_kept = all_melds(ctx);
    // (a capped points search falls back to the most cards within the cap: a scored reach has no cap)
    let score = if ctx.score != Score::Cards && cap < 127 { Score::Cards } else { ctx.score };
    let free = Ctx { score, ..ctx.clone() };
    if let (Some((_, o)), false) = reach_best(&free, all_kept, cap, None, 20_000) {
        return o;
    }
    unchanged(ctx)
}

/// The table as it lies, every hand card left in the hand.
///
/// As [`build_model`]'s cards with every meld kept would have it (the runs, then the sets, each in
/// table order; the hand's naturals by cell, then its jokers), without building them: 692 of the
/// Rummy expert's 1,562 recorded searches answer this (nothing fits).
pub(super) fn unchanged(ctx: &Ctx) -> Outcome {
    let mut tiles = table_tiles(ctx);
    let mut out = Outcome::default();
    for run in [true, false] {
        for (lay, cards) in ctx.layouts.iter().zip(tiles.iter_mut()) {
            if (lay.kind == MeldKind::Run) == run {
                out.melds.push(rebuild::Built { run, cards: std::mem::take(cards) });
            }
        }
    }
    let g = &ctx.g;
    // (hand cards are numbered after the table's)
    let first = ctx.layouts.iter().map(|l| l.cards.len() as u16).sum::<u16>() + 1;
    let mut naturals: Vec<(usize, rebuild::Tile)> = Vec::with_capacity(ctx.hand.len());
    let mut jokers = Vec::new();
    for (id, &code) in (first..).zip(&ctx.hand) {
        let tile = rebuild::Tile { code, id, src: None };
        if code == g.joker {
            jokers.push(tile);
        } else if let Some((s, p)) = g.cell(code) {
            naturals.push((s * model::MAX_POS + p, tile));
        }
    }
    // (stable: a cell's copies in hand order)
    naturals.sort_by_key(|&(cell, _)| cell);
    out.unplaced = naturals.into_iter().map(|(_, t)| t).chain(jokers).collect();
    out
}

/// [`unchanged`] as it was built: from the model's cards with every meld kept (its test's reference).
#[cfg(test)]
pub(super) fn unchanged_by_model(ctx: &Ctx) -> Outcome {
    let (_, cards) = build_model(ctx, all_melds(ctx));
    let mut out = Outcome::default();
    for k in &cards.kept_runs {
        out.melds.push(rebuild::Built { run: true, cards: k.cards.clone() });
    }
    for k in &cards.kept_sets {
        out.melds.push(rebuild::Built { run: false, cards: k.cards.clone() });
    }
    out.unplaced = cards.hand.iter().flatten().flatten().copied().collect();
    out.unplaced.extend(cards.jokers.iter().filter(|j| j.src.is_none()));
    out
}

/// A test's check that a keep search cut at its limit leaves its memo sound.
#[cfg(test)]
pub(super) mod resume_check {
    use std::cell::Cell;
    use std::rc::Rc;

    use super::{fresh_oracle, keep, Ctx, KeepMode, Model, Sweep};

    thread_local! {
        /// While on: the cut keep searches checked on this thread.
        pub(in crate::search) static RESUMED: Cell<Option<u32>> = const { Cell::new(None) };
    }

    /// While [`RESUMED`] is on, a keep search `sw` that its limit cut goes on
    /// unlimited on its memo: it must find what a fresh unlimited search
    /// finds (an entry the cut left says more or less than its state reaches).
    pub(super) fn check<'m>(
        ctx: &Ctx,
        m: &'m Model,
        cap: u32,
        (goal, kept): (i32, i32),
        info: &Rc<keep::KeepInfo>,
        sw: &mut Sweep<'m, KeepMode<'m>>,
    ) {
        let Some(n) = RESUMED.with(|r| r.get()) else { return };
        if !sw.aborted || ctx.cutoff.is_bounded() {
            return;
        }
        let mut oracle = fresh_oracle(m, cap, &ctx.cutoff, sw.jokers());
        if sw.oracle_is_loose() {
            oracle.loosen_split_end();
        }
        oracle.forget_suits(sw.forgotten_suits());
        let mut fresh = Sweep::keep(m, cap, &ctx.cutoff, 20_000_000, info.clone(), oracle);
        let (want, _) = fresh.keep_anytime(goal, kept);
        if fresh.aborted {
            return;
        }
        // (the whole search: no ceiling to stop at, which the fresh one has not)
        sw.stop_at(i32::MAX);
        sw.go_on(usize::MAX / 4);
        let (got, _) = sw.keep_anytime(goal, kept);
        assert!(!sw.aborted, "the resumed keep search was cut");
        assert_eq!(got.max(kept), want.max(kept), "resumed on a cut keep search's memo");
        RESUMED.with(|r| r.set(Some(n + 1)));
    }

    /// Runs `solve` over dealt positions with the keep search cut at small
    /// limits and each cut one checked ([`check`]): the number checked.
    fn cut_and_resumed(mut solve: impl FnMut(&[Vec<u8>], &[u8]), tables: (usize, usize)) -> u32 {
        let mut seed = 11u64;
        RESUMED.with(|r| r.set(Some(0)));
        for i in 0..tables.0 {
            let (table, hand) = crate::testkit::romme_position(&mut seed, tables.1 + i % 6, 6 + i % 6);
            for limit in [300, 3_000] {
                super::with_keep_limit(limit, || solve(&table, &hand));
            }
        }
        RESUMED.with(|r| r.take()).unwrap_or(0)
    }

    /// A keep search cut at its limit, gone on unlimited on its memo, finds
    /// what a fresh search finds, on the line: a node the cut stopped stored
    /// its best so far as exact, and a state whose oracle call the cut stopped
    /// as an exact dead end (the cut trace reads that memo).
    #[test]
    fn a_keep_search_cut_at_its_limit_leaves_its_memo_sound() {
        use crate::search::{solve_grid, Cutoff, TableObjective, TieBreak};
        let o = crate::testkit::rauber_options(false, false);
        let rules = crate::options::GameRules::read(crate::cards::Game::Romme, &o).unwrap();
        let checked = cut_and_resumed(
            |table, hand| {
                solve_grid(&rules, table, hand, TableObjective::Cards, &Cutoff::NONE, TieBreak::Exact, false).unwrap();
            },
            (30, 10),
        );
        assert!(checked >= 20, "only {checked} keep searches were cut");
    }

    /// [`a_keep_search_cut_at_its_limit_leaves_its_memo_sound`] on the cycle
    /// of ranks (`wrap_around`), where keep mode shares its entries among the
    /// seam-profile tuples past position 0.
    #[test]
    fn a_keep_search_on_the_cycle_cut_at_its_limit_leaves_its_memo_sound() {
        let checked = cut_and_resumed(
            |table, hand| {
                crate::search::cyclic::tests::solve_cards(table, hand);
            },
            (30, 10),
        );
        assert!(checked >= 20, "only {checked} keep searches were cut");
    }
}

/// A test's check that a keep search's work limit holds, its oracle's calls within it.
#[cfg(test)]
mod limit_check {
    use std::cell::Cell;

    use super::{KeepMode, Sweep};
    use crate::search::sweep::WITHIN_SLACK;

    thread_local! {
        /// While on: the keep searches the limit cut on this thread, and the most any ran past it.
        static CUT: Cell<Option<(u32, usize)>> = const { Cell::new(None) };
    }

    /// Notes a keep search `sw` its limit cut ([`CUT`], while on).
    pub(super) fn note(sw: &Sweep<'_, KeepMode<'_>>) {
        let Some((n, most)) = CUT.with(|c| c.get()) else { return };
        if sw.aborted {
            let (spent, limit) = sw.limit_spent();
            CUT.with(|c| c.set(Some((n + 1, most.max(spent.saturating_sub(limit))))));
        }
    }

    /// A keep search cut at its limit stops within it, but for the work between
    /// two looks at the limit: its own 256 nodes, and an oracle call's
    /// [`WITHIN_SLACK`]. Both count in the keep search's units: an oracle call
    /// measured in its own (memo states plus nodes / 8) could run on up to eight
    /// times past what was left.
    #[test]
    fn a_keep_search_stops_within_its_limit_its_oracle_too() {
        use crate::search::{solve_grid, Cutoff, TableObjective, TieBreak};
        let o = crate::testkit::rauber_options(false, false);
        let rules = crate::options::GameRules::read(crate::cards::Game::Romme, &o).unwrap();
        let mut seed = 23u64;
        CUT.with(|c| c.set(Some((0, 0))));
        for i in 0..60 {
            let (table, hand) = crate::testkit::romme_position(&mut seed, 10 + i % 6, 6 + i % 6);
            for limit in [1_000, 3_000, 20_000] {
                super::with_keep_limit(limit, || {
                    let (t, h) = (&table[..], &hand[..]);
                    solve_grid(&rules, t, h, TableObjective::Cards, &Cutoff::NONE, TieBreak::Exact, false).unwrap();
                });
            }
        }
        let (cut, most) = CUT.with(|c| c.take()).unwrap_or((0, 0));
        assert!(cut >= 20, "only {cut} keep searches were cut");
        assert!(most <= WITHIN_SLACK + 256, "a cut keep search ran {most} past its limit");
    }

    /// A look ahead that never cuts and runs no search past its limit.
    const BLIND: super::Ahead = super::Ahead { foresight: super::Foresight { after: usize::MAX, most: 0 }, most: 0 };

    /// A keep search cut at its limit (or by its foresight) that goes on on its
    /// memo after the look between ([`super::with_between`]) stops within its new
    /// limit (the first and the work it goes on with), but for the same slack as a
    /// search cut once; and it answers as one search does: the same objective, and
    /// where both prove the fewest moved the same, never fewer than a proven one.
    #[test]
    fn a_keep_search_going_on_stops_within_its_new_limit_and_answers_alike() {
        use crate::search::{solve_grid, Cutoff, TableObjective, TableSolution, TieBreak};
        let o = crate::testkit::rauber_options(false, false);
        let rules = crate::options::GameRules::read(crate::cards::Game::Romme, &o).unwrap();
        let mut seed = 29u64;
        let (mut went_on, mut proven) = (0, 0);
        CUT.with(|c| c.set(Some((0, 0))));
        for i in 0..60 {
            let (table, hand) = crate::testkit::romme_position(&mut seed, 10 + i % 6, 6 + i % 6);
            let (t, h) = (&table[..], &hand[..]);
            let solve = || solve_grid(&rules, t, h, TableObjective::Cards, &Cutoff::NONE, TieBreak::Exact, false);
            let whole = solve().unwrap();
            // (the last one cut early by its foresight, which going on ends)
            let early = super::Ahead { foresight: super::Foresight { after: 300, most: 600 }, most: 3_000 };
            for (limit, more, ahead) in [(1_000, 2_000, BLIND), (3_000, 30_000, BLIND), (3_000, 30_000, early)] {
                let between: super::Between = Box::new(move |_: &TableSolution| more);
                let (s, ran) = super::with_between(between, ahead, || super::with_keep_limit(limit, solve));
                let s = s.unwrap();
                went_on += ran as u32;
                proven += (ran && s.moved_optimal) as u32;
                assert_eq!(s.placed.len(), whole.placed.len(), "{table:?} {hand:?}");
                if s.moved_optimal && whole.moved_optimal {
                    assert_eq!(s.moved, whole.moved, "{table:?} {hand:?}");
                }
                assert!(!whole.moved_optimal || s.moved >= whole.moved, "{table:?} {hand:?}");
            }
        }
        let (cut, most) = CUT.with(|c| c.take()).unwrap_or((0, 0));
        assert!(went_on >= 20 && proven >= 5, "{went_on} keep searches went on, {proven} then proved");
        assert!(cut >= 10, "only {cut} keep searches were cut after going on");
        assert!(most <= WITHIN_SLACK + 256, "a keep search ran {most} past its new limit");
    }
}
