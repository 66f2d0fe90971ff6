//! The fewest moved on the cycle of ranks (`wrap_around`, docs/SEARCH-DESIGN.md
//! §4.10) proven by relaxations that forget seam profiles.
//!
//! Keep mode on the cycle carries each suit's seam profile, chosen at
//! position 0, in its states to the end, where the suit's open runs must be
//! that profile's ([`super::sweep::SeamProfiles`]): its memo is split by the
//! profile tuples, and where its work limit cuts it the proof is lost. A keep
//! search whose states forget the profile of some suits
//! ([`Sweep::forget_suits`]: those suits' runs may end as any of their
//! profiles, whichever they started with) searches a relaxation of the rules:
//! every answer is one of it, so where it finds no answer keeping more table
//! cards than the incumbent, the incumbent is the fewest moved, and an answer
//! it finds that builds (a valid arrangement keeping as much as its bound) is
//! the fewest moved too. Forgetting every suit merges the tuples' states (on
//! the bench's unproven 60-card positions 2,000 to 110,000 work where keep
//! mode took its whole limit); its best keeps more than the rules allow where
//! a suit's runs end as another profile than they started with, and then
//! remembering one suit (the others forgotten) often closes the gap.

use std::cell::Cell;

use super::keep::Choice;
use super::keep_search::{fresh_oracle, keep_cases, table_cards, Keep, KeepRun};
use super::lp_dive;
use super::lp_kept::{self, Question};
use super::model::Score;
use super::rebuild::{Cards, Outcome};
use super::sweep::{Decision, JokerMode, KeepMode, MaxMode, Sweep};
use super::switches;
use super::{answer::moved, Ctx, Model};

/// The relaxations tried in order: suits (bits) whose profiles are forgotten;
/// all of them first (the cheapest), then all but one.
const FORGOTTEN: [u8; 5] = [0b1111, 0b0111, 0b1011, 0b1101, 0b1110];

/// The work all the relaxations together may take after keep mode on the
/// cycle was cut (a relaxation that forgets three suits takes 8,000 to
/// 200,000 on the bench's unproven positions), in a position's own look.
pub(super) const RELAXED_LIMIT: usize = 240_000;
/// [`RELAXED_LIMIT`] in the mirror image's look ([`with_relaxed_limit`]),
/// which often has the own look's floor already.
pub(super) const MIRROR_RELAXED_LIMIT: usize = 120_000;

/// Where keep mode on the cycle left the fewest moved unproven with an
/// answer moving `moved_now` table cards: the relaxations of
/// [`FORGOTTEN`] in turn, within [`RELAXED_LIMIT`] work. `Keep::Proven(true)`:
/// no answer moves fewer; `Keep::Better(o, proven)`: `o` moves fewer (the
/// fewest where `proven`); else `Keep::Unknown`. Beside it, the most table
/// cards any answer reaching `goal` keeps as the relaxations that finished
/// prove it (the least of their bounds; None: none finished): an answer found
/// elsewhere (the mirror image's look, the seams) that keeps that many is the
/// fewest moved ([`note_floor`]). `lp`: the LP's bound on the table cards
/// kept ([`lp_kept`]), where known: an answer of a relaxation reaching it is
/// the fewest moved.
#[allow(clippy::too_many_arguments)]
pub(super) fn prove_on_the_cycle(
    ctx: &Ctx,
    m: &Model,
    cards: &Cards,
    cap: u32,
    goal: i32,
    moved_now: u32,
    lp: Option<i32>,
) -> (Keep, Option<i32>) {
    let (spent0, total) = (ctx.spent.get(), table_cards(ctx) as i32);
    let mut better = None;
    let mut kept = total - moved_now as i32;
    let mut most: Option<i32> = lp;
    for suits in FORGOTTEN {
        let left = LIMIT.with(|l| l.get()).saturating_sub(ctx.spent.get() - spent0);
        if left == 0 || ctx.halted() {
            break;
        }
        let mut oracle = fresh_oracle(m, cap, &ctx.cutoff, JokerMode::Placed);
        oracle.forget_suits(suits);
        let run = KeepRun { kept, choice: Choice::default(), limit: left, ceiling: lp.unwrap_or(i32::MAX) };
        let (keep, bound) = keep_cases(ctx, m, cards, oracle, cap, goal, run);
        most = match (most, bound) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        match keep {
            Keep::Proven(true) => return (better.map_or(Keep::Proven(true), |o| Keep::Better(o, true)), Some(kept)),
            Keep::Better(o, true) => {
                let kept = total - moved(ctx, &o) as i32;
                return (Keep::Better(o, true), Some(kept));
            }
            // (a valid answer keeping more than the incumbent, short of the relaxation's bound)
            Keep::Better(o, false) => {
                kept = total - moved(ctx, &o) as i32;
                better = Some(o);
            }
            Keep::Proven(false) | Keep::Unknown => {}
        }
        if most.is_some_and(|b| b <= kept) {
            // (the relaxations' bounds together prove the answer in hand)
            return (better.map_or(Keep::Proven(true), |o| Keep::Better(o, true)), Some(kept));
        }
    }
    (better.map_or(Keep::Unknown, |o| Keep::Better(o, false)), most)
}

/// The LP's bound on the table cards kept whole by any answer reaching
/// `goal` on the cycle ([`lp_kept::kept_bound`]; its old melds are the
/// table's melds, [`lp_olds`]), its work
/// counted in `ctx.spent` and charged to the caller's cutoff. None where it is not built or solved, or under a
/// binding hand-card cap (which it does not model).
pub(super) fn lp_kept(ctx: &Ctx, cap: u32, goal: i32) -> Option<i32> {
    if (cap as usize) < ctx.hand.len() || !switches::lp_kept_on() {
        return None;
    }
    let (bound, work) = lp_kept::kept_bound_within(&question(ctx, goal), &ctx.cutoff);
    ctx.spent.set(ctx.spent.get() + work);
    bound
}

/// The LP's question of the kept on the cycle: the table's melds as its old
/// melds ([`lp_olds`]).
pub(super) fn question(ctx: &Ctx, goal: i32) -> Question<'_> {
    let joker = ctx.g.joker;
    let codes = ctx.layouts.iter().map(|l| l.cards.iter().map(|c| c.0).collect()).collect();
    let olds = lp_olds(ctx, codes)
        .into_iter()
        .map(|cards: Vec<u8>| {
            let naturals: Vec<u8> = cards.iter().copied().filter(|&c| c != joker).collect();
            let jokers = cards.len() - naturals.len();
            (naturals, jokers)
        })
        .collect();
    Question { g: &ctx.g, olds, hand: &ctx.hand, score: ctx.score, goal }
}

/// The LP's old melds from the layouts' cards (`per_layout`, in layout
/// order): the layouts, but a table run the cycle's cut parts
/// ([`super::model::SplitRun`]) is one old meld again, its part above the cut
/// joined to its part below. An answer keeps that run only where one meld
/// holds both parts ([`super::answer`]): read as two, the LP would keep each
/// part on its own, its bound looser than the answers' and its branch and
/// bound's answers keeping less than it counts.
pub(super) fn lp_olds<T>(ctx: &Ctx, mut per_layout: Vec<Vec<T>>) -> Vec<Vec<T>> {
    if let Some(r) = ctx.g.rules.shape.split() {
        let above = std::mem::take(&mut per_layout[r.above as usize]);
        per_layout[r.below as usize].extend(above);
        per_layout.remove(r.above as usize);
    }
    per_layout
}

/// The profile oracle's work after which the first solve on the cycle stops
/// to ask the LP's bound of the objective ([`first_solve`]): most first solves
/// end before it, and that LP costs about what a median position's whole
/// search does.
const FIRST_LP_AFTER: usize = 50_000;

/// The first solve `sw` of a position on the cycle (its
/// [`Sweep::max_root_below`] under `ceiling`): where its profile oracle has
/// searched [`FIRST_LP_AFTER`], the LP's bound of the objective
/// ([`lp_kept::objective_bound_within`]) becomes its ceiling and it goes on
/// on the oracle's memo. Its exact look stops at the first answer reaching the
/// ceiling: where the LP's bound is the optimum (the whole hand less one
/// card, where the sweep's bound counts every card), the rest of the look, a
/// proof that no answer scores more, is left out. Off the cycle, under a
/// binding hand-card cap (which the LP does not model) and on a cut search,
/// the plain first solve.
pub(super) fn first_solve(ctx: &Ctx, sw: &mut Sweep<MaxMode>, cap: u32, ceiling: i32) -> i32 {
    let asks = ctx.g.rules.shape.is_cycle() && cap as usize >= ctx.hand.len() && switches::lp_objective_on();
    if asks {
        sw.root_ceiling_at(FIRST_LP_AFTER);
    }
    let best = sw.max_root_below(ceiling);
    if !sw.root_paused() {
        return best;
    }
    let (bound, work) = lp_kept::objective_bound_within(&question(ctx, 0), &ctx.cutoff);
    ctx.spent.set(ctx.spent.get() + work);
    let whole = ctx.hand.len() as i32;
    if ctx.score == Score::Cards && bound == Some(whole) && ceiling >= whole && WHOLE.with(|w| w.get()) {
        // (the LP's branch and bound at the whole hand: an answer placing it, proven the fewest moved
        // where every node closes, answers the position without the rest of the look)
        let (found, proven) = lp_dive::better(ctx, whole, table_cards(ctx));
        if let (Some(o), true) = (found, proven) {
            DIVED.with(|d| *d.borrow_mut() = Some(o));
            sw.aborted = true;
            return NEG_ROOT;
        }
    }
    sw.max_root_below(ceiling.min(bound.unwrap_or(i32::MAX)))
}

/// What a first solve's root gives where it ends without a value of its own ([`first_solve`]).
const NEG_ROOT: i32 = -1000;

/// Runs `f` (the first solve of a look's search for the fewest moved) where the first solve on
/// the cycle, at its stop to ask the LP's bound of the objective, may run the LP's branch and
/// bound ([`lp_dive::better`]) at the whole hand: the answer it found and proved the fewest
/// moved, if it did (the first solve then ends cut, its answer this one). Where not `on`, `f` as it is.
pub(super) fn with_whole_dive<T>(on: bool, f: impl FnOnce() -> T) -> (T, Option<Outcome>) {
    if !on {
        return (f(), None);
    }
    let before = WHOLE.with(|w| w.replace(switches::lp_dive_on()));
    let r = f();
    WHOLE.with(|w| w.set(before));
    (r, DIVED.with(|d| d.borrow_mut().take()))
}

/// The work after which keep mode on the cycle stops to ask the LP's bound
/// ([`with_lp`]): most positions' keep searches end before it, and the LP
/// costs more than a median position's whole keep search.
pub(super) const LP_AFTER: usize = 50_000;

/// The LP's bound for the keep searches of one look on the cycle.
#[derive(Clone, Copy)]
enum Lp {
    /// To be asked once a keep search has spent [`LP_AFTER`].
    Due,
    /// Asked: its bound (None: not built or not solved).
    Asked(Option<i32>),
    /// Asked, and its branch and bound ran ([`dive_at_the_ask`],
    /// [`dive_where_unbuilt`]): from the same answer in hand it would
    /// search the same nodes again.
    Dived(Option<i32>),
}

/// Runs `f` (keep mode on the cycle) with the LP's bound to be asked where
/// `due` ([`ask_lp`]); returns what `f` gives and what the LP answered, where
/// it was asked (None: not asked).
pub(super) fn with_lp<T>(due: bool, f: impl FnOnce() -> T) -> (T, Option<Option<i32>>) {
    let before = LP.with(|l| l.replace(due.then_some(Lp::Due)));
    let r = f();
    let asked = match LP.with(|l| l.replace(before)) {
        Some(Lp::Asked(b) | Lp::Dived(b)) => Some(b),
        _ => None,
    };
    (r, asked)
}

/// Whether a keep search on this thread is to ask the LP ([`with_lp`]).
pub(super) fn lp_due() -> bool {
    LP.with(|l| matches!(l.get(), Some(Lp::Due)))
}

/// The LP's bound of the kept asked on this thread's look ([`with_lp`]);
/// `i32::MAX`: none.
pub(super) fn lp_known() -> i32 {
    LP.with(|l| match l.get() {
        Some(Lp::Asked(Some(b)) | Lp::Dived(Some(b))) => b,
        _ => i32::MAX,
    })
}

/// The LP's bound of the kept ([`lp_kept`]) where it is due on this thread
/// ([`with_lp`]), asked once.
pub(super) fn ask_lp(ctx: &Ctx, cap: u32, goal: i32) -> Option<i32> {
    if !lp_due() {
        return (lp_known() < i32::MAX).then(lp_known);
    }
    let b = lp_kept(ctx, cap, goal);
    LP.with(|l| l.set(Some(Lp::Asked(b))));
    b
}

/// At keep mode's stop to ask the LP ([`ask_lp`]), the LP's branch and bound
/// ([`lp_dive::better`]) at once, where the LP's bound `lp` lies above what
/// the answer in hand keeps (`kept`) and is not keep mode's own best so far
/// (`most`): above that best, the rest of keep mode's work would be the proof
/// of the gap; below it, keep mode's model relaxes the rules there and its
/// best does not build, and keep mode's answer then searches again, where
/// the branch and bound proves the fewest moved in a fraction of that work.
/// Where every node closes: keep mode's answer (the one
/// found, or the answer in hand proven) and the most any answer keeps, which
/// becomes the LP's known bound (the cases left are not searched). Where it
/// leaves nodes open but found an answer keeping more than `most`: that
/// answer, keep mode's incumbent as it goes on (its bound then cuts every
/// state that cannot beat it; from the answer in hand alone it cut few, and
/// keep mode ran to its limit where the branch and bound had the answer).
/// Else keep mode goes on as it would (the branch and bound runs again
/// after it, from the better answer it leaves).
pub(super) fn dive_at_the_ask(ctx: &Ctx, goal: i32, kept: i32, most: i32, lp: Option<i32>) -> AskDive {
    if lp.filter(|&b| b > kept && b != most).is_none() {
        return AskDive::Nothing;
    }
    dive_once(ctx, goal, kept, most)
}

/// Where keep mode on the cycle finished at the LP's bound asked at its stop
/// ([`ask_lp`]: its `best` reaches it) but its answer there does not build
/// (its model relaxes the rules: a kept run's joker not given back to it), the
/// LP's branch and bound ([`lp_dive::better`]) from the answer in hand
/// (`kept`): no answer keeps more than the bound, so only one that the branch
/// and bound finds can reach it, where keep mode would search again with the
/// jokers read every way and split its answers by the lock's run, each a
/// search as long as the first. Where every node closes: keep mode's answer
/// and the most any answer keeps, as [`dive_at_the_ask`]; else None.
pub(super) fn dive_where_unbuilt(ctx: &Ctx, goal: i32, kept: i32, best: i32) -> Option<(Keep, i32)> {
    let lp = lp_known();
    if best < lp || lp <= kept || lp == i32::MAX {
        return None;
    }
    // keep mode has finished: an unproven answer has no search left to be the incumbent of
    match dive_once(ctx, goal, kept, i32::MAX) {
        AskDive::Proven(keep, most) => Some((keep, most)),
        AskDive::Found(..) | AskDive::Nothing => None,
    }
}

/// The LP's branch and bound for more than `kept` where it did not run in
/// this look yet ([`Lp::Dived`]): as [`dive_at_the_ask`] says, an unproven
/// answer counting only where it keeps more than `most`.
fn dive_once(ctx: &Ctx, goal: i32, kept: i32, most: i32) -> AskDive {
    let Some(Lp::Asked(b)) = LP.with(|l| l.get()).filter(|_| switches::lp_dive_on()) else {
        return AskDive::Nothing;
    };
    LP.with(|l| l.set(Some(Lp::Dived(b))));
    let total = table_cards(ctx) as i32;
    let (found, proven) = lp_dive::better(ctx, goal, (total - kept).max(0) as u32);
    let keeps = |o: &Outcome| total - moved(ctx, o) as i32;
    if !proven {
        return match found {
            Some(o) if keeps(&o) > most => {
                let k = keeps(&o);
                AskDive::Found(o, k)
            }
            _ => AskDive::Nothing,
        };
    }
    let best = found.as_ref().map_or(kept, keeps).max(kept);
    LP.with(|l| l.set(Some(Lp::Dived(Some(best)))));
    AskDive::Proven(found.map_or(Keep::Proven(true), |o| Keep::Better(o, true)), best)
}

/// After the branch and bound at the ask found an answer keeping `alpha`
/// without proving it the most: keep mode, its incumbent `alpha`, stops at
/// the first answer keeping more, and the branch and bound runs from that
/// one, where few nodes stay open (its line lies one below the LP's bound,
/// or near it); keep mode's own proof of that answer runs through every
/// state the bound does not cut. `top`: keep mode's ceiling.
pub(super) fn step_past<'m>(ctx: &Ctx, sw: &mut Sweep<'m, KeepMode<'m>>, goal: i32, alpha: i32, top: i32) -> Step {
    if alpha + 1 >= top {
        return Step::Nothing;
    }
    sw.stop_at(alpha + 1);
    let (_, found) = sw.keep_anytime(goal, alpha);
    let Some(reached) = found.filter(|f| f.0 > alpha) else { return Step::Nothing };
    if sw.aborted {
        return Step::Reached(reached);
    }
    let total = table_cards(ctx) as i32;
    let (better, proven) = lp_dive::better(ctx, goal, (total - reached.0).max(0) as u32);
    match (better, proven) {
        (Some(o), true) => {
            let k = total - moved(ctx, &o) as i32;
            LP.with(|l| l.set(Some(Lp::Dived(Some(k)))));
            Step::Proven(Keep::Better(o, true), k)
        }
        (None, true) => {
            LP.with(|l| l.set(Some(Lp::Dived(Some(reached.0)))));
            Step::Most(reached)
        }
        (Some(o), false) => {
            let k = total - moved(ctx, &o) as i32;
            Step::Found(o, k)
        }
        (None, false) => Step::Reached(reached),
    }
}

/// What [`step_past`] ended with.
pub(super) enum Step {
    /// The branch and bound proved its answer: keep mode's answer and the most any answer keeps.
    Proven(Keep, i32),
    /// Keep mode's answer, which the branch and bound proved the most any answer keeps.
    Most((i32, Vec<Decision>)),
    /// The branch and bound's better answer (unproven) and what it keeps.
    Found(Outcome, i32),
    /// Keep mode's better answer, unproven.
    Reached((i32, Vec<Decision>)),
    /// None better reached (or none asked).
    Nothing,
}

/// What the branch and bound at keep mode's ask ended with ([`dive_at_the_ask`]).
pub(super) enum AskDive {
    /// Every node closed: keep mode's answer and the most any answer keeps.
    Proven(Keep, i32),
    /// Nodes left open, and an answer keeping this many table cards, more
    /// than keep mode's best so far.
    Found(Outcome, i32),
    /// Not run, or nothing better found.
    Nothing,
}

thread_local! {
    /// The LP's bound for this thread's look on the cycle ([`with_lp`]).
    static LP: Cell<Option<Lp>> = const { Cell::new(None) };
    /// Whether the first solve on the cycle may dive at the whole hand ([`with_whole_dive`]).
    static WHOLE: Cell<bool> = const { Cell::new(false) };
    /// The answer of that dive, proven the fewest moved.
    static DIVED: std::cell::RefCell<Option<Outcome>> = const { std::cell::RefCell::new(None) };
    /// The relaxations' work limit on this thread ([`with_relaxed_limit`]).
    static LIMIT: Cell<usize> = const { Cell::new(RELAXED_LIMIT) };
    /// While [`floor_of`] runs on this thread: the fewest table cards any
    /// answer reaching the objective moves, as a search on the cycle proved it.
    static FLOOR: Cell<Option<Option<u32>>> = const { Cell::new(None) };
}

/// Runs `f` (a look on the cycle) with the relaxations' work limit `limit`
/// on this thread.
pub(super) fn with_relaxed_limit<T>(limit: usize, f: impl FnOnce() -> T) -> T {
    let before = LIMIT.with(|l| l.replace(limit));
    let r = f();
    LIMIT.with(|l| l.set(before));
    r
}

/// Records that no answer reaching the objective moves fewer than `moved`
/// table cards, for the [`floor_of`] this thread runs in (if any).
pub(super) fn note_floor(moved: u32) {
    FLOOR.with(|f| {
        if let Some(known) = f.get() {
            f.set(Some(Some(known.map_or(moved, |k| k.max(moved)))));
        }
    });
}

/// Runs `f` (a look on the cycle) and returns what it gives with the fewest
/// moved it proved of every answer reaching the objective ([`note_floor`];
/// None: nothing proved).
pub(super) fn floor_of<T>(f: impl FnOnce() -> T) -> (T, Option<u32>) {
    let before = FLOOR.with(|x| x.replace(Some(None)));
    let r = f();
    let floor = FLOOR.with(|x| x.replace(before)).flatten();
    (r, floor)
}

#[cfg(test)]
pub(super) mod tests {
    use super::super::cyclic::tests::solve_cards;
    use super::super::cyclic::Cycled;
    use super::super::TableObjective;
    use crate::meld::Options;

    /// The 60-card `wrap` bench's position 90 (cards, the whole hand goes
    /// out): keep mode on the cycle was cut at its limit in both looks (the
    /// answer moving 6 table cards unproven). Forgetting the seam profiles,
    /// the relaxations prove it (without the LP of the kept, whose bound
    /// proves it first: [`without_the_lp`]).
    #[test]
    fn relaxations_forgetting_the_profiles_prove_the_fewest_moved() {
        let table: Vec<Vec<u8>> = vec![
            vec![30, 43, 4],
            vec![40, 1, 14],
            vec![24, 25, 13, 14],
            vec![30, 17, 43],
            vec![9, 35, 48, 22],
            vec![26, 39, 13],
            vec![36, 49, 23, 10],
            vec![19, 20, 21, 22, 23],
            vec![8, 9, 10, 11, 12],
            vec![16, 17, 18, 19],
            vec![24, 11, 50],
            vec![51, 39, 40, 41],
            vec![29, 3, 16],
            vec![21, 8, 34, 47],
            vec![0, 1, 2, 3],
            vec![31, 32, 33],
            vec![31, 44, 5],
        ];
        let hand = [38, 37, 7, 46, 6, 15, 41, 12, 27, 18, 42, 52, 52];
        let Some(Cycled::Proven(sol)) = without_the_lp(&table, &hand) else {
            panic!("the fewest moved is not proven");
        };
        assert_eq!((sol.placed.len(), sol.moved), (13, 6));
    }

    /// The 60-card `wrap` bench's position 47 (cards, the whole hand goes
    /// out): keep mode on the cycle was cut at its limit; of the relaxations,
    /// forgetting every suit but the spades bounds the table cards kept at 40
    /// (the others at 45 to 49), so the answer moving 20 of 60 is the fewest,
    /// though no relaxation's own best answer builds (without the LP of the
    /// kept, whose branch and bound proves it first).
    #[test]
    fn the_relaxations_bounds_together_prove_the_fewest_moved() {
        let table: Vec<Vec<u8>> = vec![
            vec![4, 5, 6, 7, 8],
            vec![36, 49, 10],
            vec![50, 37, 24, 11],
            vec![36, 37, 38, 26, 27],
            vec![33, 20, 46],
            vec![15, 16, 17, 18],
            vec![30, 4, 52, 43],
            vec![7, 8, 9, 10],
            vec![46, 47, 48],
            vec![18, 19, 20],
            vec![11, 12, 0, 1, 2],
            vec![47, 21, 34],
            vec![24, 25, 13, 14],
            vec![38, 25, 12],
            vec![16, 42, 3, 29],
            vec![41, 15, 28],
        ];
        let hand = [40, 9, 39, 14, 43, 22, 45, 48, 34, 39, 2, 31, 52];
        let Some(Cycled::Proven(sol)) = without_the_lp(&table, &hand) else {
            panic!("the fewest moved is not proven");
        };
        assert_eq!((sol.placed.len(), sol.moved, sol.moved_optimal), (13, 20, true));
    }

    /// The bench's position 32: the own look's relaxations prove that every
    /// answer moves at least 6 table cards, but its own answer moves 13; the
    /// mirror image's look finds one moving 6, which that floor proves.
    #[test]
    fn one_looks_floor_proves_the_other_looks_answer() {
        let table: Vec<Vec<u8>> = vec![
            vec![52, 5, 44],
            vec![26, 0, 39],
            vec![18, 5, 31, 44],
            vec![26, 39, 13],
            vec![24, 50, 37],
            vec![0, 1, 2, 3],
            vec![16, 42, 3, 29],
            vec![8, 34, 21],
            vec![18, 19, 20],
            vec![28, 2, 41],
            vec![25, 13, 52],
            vec![33, 34, 35, 36, 37],
            vec![28, 29, 30],
            vec![9, 22, 35],
            vec![20, 21, 22, 23, 24],
            vec![32, 45, 19],
            vec![10, 49, 36, 23],
            vec![40, 14, 27],
        ];
        let hand = [6, 46, 40, 7, 48, 12, 25, 6, 15, 12, 27, 38, 17];
        let Some(Cycled::Proven(sol)) = solve_cards(&table, &hand) else {
            panic!("the fewest moved is not proven");
        };
        assert_eq!((sol.placed.len(), sol.moved, sol.moved_optimal), (13, 6, true));
    }

    /// The bench's position 63: keep mode on the cycle is cut at its limit;
    /// of the relaxations, the one remembering the hearts' profile alone
    /// proves the answer moving 11 table cards, after the others took 97,000
    /// work (cut at 120,000 in all, it was left unproven). Without the LP of
    /// the kept, whose branch and bound proves it first.
    #[test]
    fn the_relaxations_have_the_work_to_remember_each_suit() {
        let table: Vec<Vec<u8>> = vec![
            vec![15, 16, 17],
            vec![3, 16, 29],
            vec![47, 34, 21],
            vec![37, 38, 26, 27],
            vec![39, 40, 41, 42],
            vec![52, 46, 33, 20],
            vec![48, 22, 35],
            vec![5, 18, 44, 31],
            vec![28, 29, 30, 31],
            vec![49, 50, 51, 39],
            vec![34, 35, 36, 37],
            vec![24, 25, 13],
            vec![42, 43, 44, 45, 46],
            vec![18, 19, 20, 21],
            vec![40, 1, 27],
            vec![51, 38, 12, 25],
            vec![10, 11, 12],
        ];
        let hand = [6, 23, 13, 45, 19, 6, 47, 1, 17, 8, 36, 2, 52];
        let Some(Cycled::Proven(sol)) = without_the_lp(&table, &hand) else {
            panic!("the fewest moved is not proven");
        };
        assert_eq!((sol.placed.len(), sol.moved, sol.moved_optimal), (13, 11, true));
    }

    /// The 60-card `wrap` bench's position 62 (cards, the whole hand goes
    /// out): the kept run 4c 5c * lies in a suit whose runs may cross the cut.
    /// Where any run of that suit laid its joker, keep mode's best (49 of 61
    /// table cards kept) did not give the run its joker back and the search
    /// again with the joker read on each cell kept 47: both looks, the
    /// relaxations and the seams left the answer moving 14 unproven. With a
    /// carrier from the run's lock on (below it any run lays the joker: the
    /// run going on from the lock may cross the cut and go on there), keep
    /// mode's best is 47, and the answer moving 14 is the fewest (the integer
    /// program's too).
    #[test]
    fn a_carrier_from_the_lock_on_proves_a_crossing_suits_kept_run() {
        let table: Vec<Vec<u8>> = vec![
            vec![13, 14, 15],
            vec![23, 10, 36, 49],
            vec![39, 13, 26, 0],
            vec![38, 12, 25],
            vec![12, 38, 51, 25],
            vec![24, 50, 37, 11],
            vec![16, 17, 18, 19, 20],
            vec![17, 43, 4],
            vec![22, 48, 35, 9],
            vec![21, 34, 47, 8],
            vec![42, 43, 44, 45, 46],
            vec![10, 49, 23],
            vec![29, 30, 31],
            vec![31, 32, 33, 34, 35],
            vec![3, 4, 52],
            vec![2, 15, 28],
        ];
        let hand = [44, 0, 27, 2, 30, 3, 9, 8, 51, 42, 14, 7, 33];
        let Some(Cycled::Proven(sol)) = solve_cards(&table, &hand) else {
            panic!("the fewest moved is not proven");
        };
        assert_eq!((sol.placed.len(), sol.moved, sol.moved_optimal), (13, 14, true));
    }

    /// The bench's position 7: neither look proves the fewest moved (their
    /// answers move 50 and 52 table cards) but the own look's relaxations
    /// prove that every answer moves at least 11; a seam's keep search finds
    /// an answer moving 11, which that floor proves (the universe search's
    /// fewest-moved phase is not run).
    #[test]
    fn the_cycles_floor_proves_a_seams_answer() {
        let table: Vec<Vec<u8>> = vec![
            vec![33, 34, 35],
            vec![8, 34, 47, 21],
            vec![2, 28, 15, 41],
            vec![31, 5, 18],
            vec![49, 50, 51, 39, 40],
            vec![26, 0, 39],
            vec![52, 45, 19, 32],
            vec![52, 27, 28, 29],
            vec![19, 20, 21, 22, 23],
            vec![43, 17, 4],
            vec![5, 6, 7],
            vec![12, 38, 25],
            vec![46, 47, 48],
            vec![16, 3, 42],
            vec![31, 32, 33],
            vec![12, 0, 1],
            vec![29, 16, 42, 3],
        ];
        let hand = [17, 11, 24, 20, 26, 9, 44, 2, 40, 51, 4, 6, 1];
        assert_eq!(solve_wrap(&table, &hand), (13, 11, true), "13 placed, the fewest moved 11, proven");
    }

    /// The `wrap+ndj` bench's position 4 (seed 7, cards): at keep mode's stop
    /// to ask the LP its best so far keeps 42 of 61, the LP's bound, but that
    /// answer does not build (a kept run's joker is not given back to it).
    /// The LP's branch and bound from the answer in hand finds the one moving
    /// 19 and proves it, where keep mode searched again with the jokers read
    /// every way and split by the lock's run (574,812 work in all).
    #[test]
    fn the_lps_branch_and_bound_runs_where_keep_modes_best_at_its_bound_does_not_build() {
        let table: Vec<Vec<u8>> = vec![
            vec![29, 30, 31, 32, 33],
            vec![48, 49, 50, 51],
            vec![0, 52, 39, 26],
            vec![52, 24, 25, 13],
            vec![31, 44, 5, 18],
            vec![7, 8, 9],
            vec![21, 22, 23, 24],
            vec![33, 34, 35],
            vec![1, 2, 3, 4, 5],
            vec![28, 2, 15],
            vec![4, 30, 43, 17],
            vec![9, 10, 11, 12],
            vec![0, 26, 39],
            vec![19, 20, 21],
            vec![45, 46, 47, 48, 49],
            vec![6, 19, 45],
        ];
        let hand = [17, 27, 32, 42, 28, 7, 35, 27, 10, 50, 22, 25, 15];
        let names = ["rauber", "wrap_around", "no_double_joker"];
        let (s, work) = crate::search::tests::solve_romme_checked(&table, &hand, TableObjective::Cards, &names);
        assert_eq!((s.placed.len(), s.moved, s.optimal, s.moved_optimal), (13, 19, true, true));
        assert!(work < 200_000, "{work} work");
    }

    /// The `wrap+ndj` bench's position 219 (seed 7, cards): keep mode's first
    /// oracle call at position 1 (the profile oracle's to its share, then the
    /// plain oracle's) ran to 137,515 work before its stop to ask the LP at
    /// [`super::LP_AFTER`]; stopped there, the LP's bound and branch and bound
    /// prove the answer moving 4 at once.
    #[test]
    fn keep_modes_oracle_calls_stop_at_the_ask_of_the_lp() {
        let table: Vec<Vec<u8>> = vec![
            vec![15, 41, 2, 28],
            vec![45, 32, 19, 6],
            vec![10, 11, 12, 0],
            vec![22, 9, 35],
            vec![14, 27, 1, 40],
            vec![8, 9, 10, 11, 12],
            vec![45, 46, 47, 48],
            vec![8, 47, 34],
            vec![13, 0, 39],
            vec![21, 22, 23, 24, 25],
            vec![24, 25, 13, 14, 15],
            vec![16, 29, 42],
            vec![32, 33, 34, 35, 36],
            vec![19, 20, 21],
            vec![1, 2, 3, 4],
            vec![36, 37, 38],
        ];
        let hand = [49, 37, 51, 39, 17, 40, 17, 28, 50, 29, 44, 52, 52];
        let names = ["rauber", "wrap_around", "no_double_joker"];
        let (s, work) = crate::search::tests::solve_romme_checked(&table, &hand, TableObjective::Cards, &names);
        assert_eq!((s.placed.len(), s.moved, s.optimal, s.moved_optimal), (13, 4, true, true));
        assert!(work < 200_000, "{work} work");
    }

    /// [`solve_cards`] without the LP of the kept (nor its branch and bound),
    /// so that the relaxations are what proves the fewest moved.
    fn without_the_lp(table: &[Vec<u8>], hand: &[u8]) -> Option<Cycled> {
        crate::search::switches::with_lp_kept(false, || solve_cards(table, hand))
    }

    /// The 60-card `wrap` bench's position 150 (seed 1): every rank boundary is crossed by a table
    /// run, every cut has a suit with more than 16 seam profiles (the tests of the LP on the cycle and
    /// of the universe search share it).
    pub(in crate::search) fn position_150() -> (Vec<Vec<u8>>, [u8; 13]) {
        let table: Vec<Vec<u8>> = vec![
            vec![0, 1, 2, 3, 4],
            vec![10, 23, 36],
            vec![17, 18, 19],
            vec![49, 50, 51, 39, 40],
            vec![1, 2, 3, 4],
            vec![18, 19, 20, 21, 22],
            vec![46, 47, 48],
            vec![9, 10, 11, 12, 0],
            vec![42, 43, 44],
            vec![47, 21, 8],
            vec![34, 35, 36, 37, 38],
            vec![48, 35, 9, 22],
            vec![24, 25, 13],
            vec![7, 33, 20, 46],
            vec![16, 42, 29],
            vec![39, 40, 41],
        ];
        (table, [5, 26, 6, 26, 17, 30, 7, 25, 32, 49, 32, 52, 52])
    }

    /// The 60-card `wrap` bench's position 150 (cards): every rank boundary
    /// is crossed by a table run, and the cut goes through one, read as two
    /// old melds (a suit has more than 16 seam profiles there: keep mode is
    /// cut far from the fewest moved, and there is no mirror look).
    /// The LP of the kept reads the run as one old meld, as it lies: read as
    /// two, its branch and bound kept each part in a meld of its own, which
    /// keeps neither, and no node closed (the universe search's, in the
    /// position's own frame, proved the answer); as one, it proves the answer
    /// moving 12 of 61 at keep mode's stop to ask the LP.
    #[test]
    fn the_lp_reads_a_run_the_cut_parts_as_one_old_meld() {
        let (table, hand) = position_150();
        let Some(Cycled::Proven(sol)) = solve_cards(&table, &hand) else {
            panic!("the fewest moved is not proven on the cycle");
        };
        assert_eq!((sol.placed.len(), sol.moved, sol.moved_optimal), (13, 12, true));
        let o = Options::from_pairs(vec![("rauber".to_string(), 1), ("wrap_around".to_string(), 1)]);
        crate::search::tests::check_answer(crate::cards::Game::Romme, &table, &hand, &o, &sol);
    }

    /// Position 150 (cards) whole: the first solve on the cycle, stopped to ask the LP's bound of
    /// the objective, finds the whole hand there, and the LP's branch and bound at the whole hand
    /// finds the answer moving 12 and proves it the fewest moved: the search ends there, its work
    /// within 200,000 (the first solve's look for the whole hand and keep mode's proof took more).
    #[test]
    fn the_first_solves_branch_and_bound_at_the_whole_hand_answers_position_150() {
        let (table, hand) = position_150();
        let (sol, work) =
            crate::search::tests::solve_romme_checked(&table, &hand, TableObjective::Cards, &["rauber", "wrap_around"]);
        assert_eq!((sol.placed.len(), sol.moved, sol.optimal, sol.moved_optimal), (13, 12, true, true));
        assert!(work < 200_000, "{work} work");
    }

    /// `wrap_around`, Räuber, cards: the whole table search's answer, its
    /// fewest moved and whether that is proven.
    fn solve_wrap(table: &[Vec<u8>], hand: &[u8]) -> (usize, u32, bool) {
        let o = Options::from_pairs(vec![("rauber".to_string(), 1), ("wrap_around".to_string(), 1)]);
        let budget = crate::search::Budget::UNLIMITED;
        let sol = crate::search::universe::solve_table(table, hand, TableObjective::Cards, &o, budget).unwrap();
        assert!(sol.optimal);
        (sol.placed.len(), sol.moved, sol.moved_optimal)
    }

    /// The 60-card `wrap` bench's position 117 (cards): the kept run
    /// 10h * Qh lies in the hearts, whose runs may cross the cut. Where below
    /// the lock any run lays its joker and an end carrier lays what is left
    /// once the carrier ended (KeepInfo::cross_carried), keep mode's best (41
    /// of 61 kept) did not give the run its joker back, and the search again
    /// with the joker read on each cell kept 39, unproven. Split by the run
    /// holding the lock (it crosses no cut, comes from across the cut into
    /// the lock, or goes on from it across the cut), the cases prove the
    /// answer moving 22 the fewest (the integer program's too).
    #[test]
    fn the_cases_of_the_locks_run_prove_a_crossing_suits_kept_run() {
        let table: Vec<Vec<u8>> = vec![
            vec![32, 19, 6, 45],
            vec![32, 33, 34, 35],
            vec![27, 14, 1],
            vec![22, 9, 48],
            vec![38, 51, 25],
            vec![6, 7, 8],
            vec![35, 52, 37],
            vec![21, 47, 34, 8],
            vec![10, 36, 23, 49],
            vec![29, 42, 16, 3],
            vec![39, 26, 13, 0],
            vec![13, 14, 15, 16],
            vec![20, 46, 7],
            vec![21, 22, 23, 24, 25],
            vec![50, 24, 11, 37],
            vec![44, 18, 5],
            vec![12, 0, 1],
        ];
        let hand = [10, 2, 41, 20, 33, 2, 30, 30, 18, 42, 38, 17, 52];
        assert_eq!(solve_wrap(&table, &hand), (13, 22, true));
    }

    /// The bench's position 238 (cards): as position 117, a kept jokered
    /// run (6h 7h 8h *) in a suit whose runs may cross the cut; keep mode's
    /// own answers moved 34 and 28, the case where the lock's run crosses no
    /// cut finds the answer moving 23, and the cases prove it the fewest.
    #[test]
    fn the_cases_of_the_locks_run_find_and_prove_the_fewest_moved() {
        let table: Vec<Vec<u8>> = vec![
            vec![8, 47, 21],
            vec![22, 48, 35],
            vec![40, 41, 42, 43, 44],
            vec![43, 17, 30],
            vec![12, 38, 25],
            vec![22, 48, 35, 9],
            vec![13, 39, 26],
            vec![47, 8, 34, 21],
            vec![3, 16, 42, 29],
            vec![19, 6, 32, 45],
            vec![31, 32, 33, 52],
            vec![10, 11, 12, 0],
            vec![40, 14, 27, 1],
            vec![30, 4, 17],
            vec![33, 46, 20, 7],
            vec![19, 6, 45],
            vec![41, 15, 28],
        ];
        let hand = [7, 5, 49, 37, 46, 9, 15, 50, 23, 23, 0, 51, 2];
        assert_eq!(solve_wrap(&table, &hand), (13, 23, true));
    }

    /// The `wrap` bench's position 21 (seed 1, cards): the sweep's bound counts all 13 hand
    /// cards, the LP's bound of the objective 12, the optimum. The first solve stops at
    /// [`super::FIRST_LP_AFTER`] to ask it, and its look ends at the first answer placing 12,
    /// where it would go on to prove that none places 13, more work than the bound below.
    #[test]
    fn the_first_solve_on_the_cycle_asks_the_lps_bound() {
        let (table, hand) = crate::search::tests::wrap_bench_21();
        let names = ["rauber", "wrap_around"];
        let (s, work) = crate::search::tests::solve_romme_checked(&table, &hand, TableObjective::Cards, &names);
        assert_eq!((s.placed.len(), s.moved, s.optimal, s.moved_optimal), (12, 16, true, true));
        assert!(work < 340_000, "{work} work");
    }

    /// The 60-card `wrap` bench's position 200 (cards): keep mode's best (52
    /// kept) gives a kept run its joker back on no cell, and its search again
    /// with that run's joker read every way stops to ask the LP (50), whose
    /// branch and bound proves the answer keeping 50 (moved 12). That proof
    /// holds whatever keep mode's model: the answer is proven, and no split
    /// by the lock's run searches on (0.14M work) for more than the LP allows.
    #[test]
    fn the_lps_proof_in_a_search_again_proves_its_answer() {
        let table: Vec<Vec<u8>> = vec![
            vec![6, 19, 32, 45],
            vec![44, 45, 46, 47],
            vec![46, 47, 48, 49],
            vec![38, 26, 27, 28],
            vec![4, 43, 17, 30],
            vec![49, 50, 51],
            vec![31, 32, 33, 34, 35],
            vec![40, 27, 14, 1],
            vec![50, 24, 11],
            vec![4, 30, 43, 17],
            vec![39, 13, 0],
            vec![52, 1, 2, 3],
            vec![18, 19, 20, 21, 22],
            vec![25, 12, 38],
            vec![6, 7, 8, 9, 10],
            vec![10, 11, 12],
        ];
        let hand = [14, 36, 20, 23, 26, 22, 41, 8, 5, 23, 51, 15, 52];
        let o = Options::from_pairs(vec![("rauber".to_string(), 1), ("wrap_around".to_string(), 1)]);
        let rules = crate::romme::Rules::from_options(&o).unwrap();
        let plain = crate::romme::Rules { wrap_around: false, ..rules };
        let cutoff = crate::search::Cutoff::start(crate::search::Budget::work(250_000));
        let cycled = super::super::cyclic::solve(
            &table,
            &hand,
            TableObjective::Cards,
            &rules,
            &plain,
            &cutoff,
            crate::search::TieBreak::Exact,
        );
        let Some(Cycled::Proven(sol)) = cycled else {
            panic!("the fewest moved is not proven within 250,000 work");
        };
        assert_eq!((sol.placed.len(), sol.moved, sol.moved_optimal), (13, 12, true));
        crate::search::tests::check_answer(crate::cards::Game::Romme, &table, &hand, &o, &sol);
    }
}
