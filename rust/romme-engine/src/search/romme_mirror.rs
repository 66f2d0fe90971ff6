//! The mirror image of a Rommé position (every rank r read as 15 − r: the ace
//! stays the ace, 2 ↔ K, 3 ↔ Q, …) and the exact search's second look at it.
//!
//! Rommé runs do not wrap (without `wrap_around`) and an ace stands low
//! (A 2 3) or high (Q K A), so a position and its mirror image have the same
//! answers, mirrored; under `points` the mirror image's cells score as the
//! cards they mirror ([`GridRules::mirrored`]: a king read as a two still
//! scores 10), so its answers keep their values too. The sweep passes the
//! ranks from low to high, and the keep search's hard positions are seldom
//! hard both ways (as for Rummy's race, [`super::mirror`]). So where the exact
//! search of a Rommé position ends at its work limit without a proof of the
//! fewest moved, its mirror image is searched too, on the same thread, and the
//! better answer is taken: each look has a part of the work one look had.
//! (Design: docs/SEARCH-DESIGN.md §4.10.)

use super::keep_search::{with_between, with_first_limit, with_foresight, with_keep_limit, Ahead, Between, Foresight};
use super::*;

/// The keep search's work limit in the position's own look, and the whole
/// work of the mirror image's look (its first solve too: where the own look's
/// first solve was cut, the mirror image's may be as hard): an answer neither
/// look proves costs about a third more work than one look at [`KEEP_STATES`];
/// most answers the own look leaves unproven need more than twice its limit
/// there, the mirror image's far less. Under `points` the own look keeps the
/// whole [`KEEP_STATES`]: there more answers need 150,000 to 200,000 of it
/// (at 150,000, 7 of 600 60-card answers it had proven were lost, some
/// answers moved more cards), so the mirror image only adds.
pub(super) const FIRST_LOOK: usize = 150_000;
pub(super) const SECOND_LOOK: u64 = 120_000;
/// The whole work of the last look, where neither look proved the fewest moved but
/// one proved the objective and the mirror image's look was the first: that look
/// once more, its keep search limited by this work alone ([`schedule`]; where the
/// own look is the first, its cut keep search goes on instead, [`GO_ON`]).
pub(super) const LAST_LOOK: u64 = 250_000;
/// Where the own look's keep search is cut at its limit (or by its foresight,
/// [`OWN_AHEAD`]) with the objective proven, the mirror image's look runs there and
/// then, and where it proves no fewest moved the cut keep search goes on on its
/// memo with this much more work, in place of the last look (which searches again
/// from the first solve on): the own look proves `no_double_joker` 224 of the
/// variants bench (60 cards, seed 1, `cards` and `net`) with about 205,000, where
/// the two looks' limits left it unproven: going on, the solve takes about 330,000
/// work in all, where the last look took 490,000.
pub(super) const GO_ON: usize = 100_000;
/// The own look's keep search, where the mirror image's look waits between its
/// cut and its going on, looks ahead: once it has spent 60,000 work it is cut
/// (the mirror image's look runs) where it foresees more than 300,000 in all,
/// and else it runs up to 250,000 before that look. The own look's hard
/// proofs are seldom the mirror image's, and the share of its search done
/// tells them early: on the variants bench's 60-card positions (seed 1) it
/// foresaw 1 to 18 million on those the mirror image's look proves with
/// 10,000 to 110,000 (plain 5, 10, 42, 71, 201) and about 100,000 to 200,000
/// on those the own look proves with 135,000 to 200,000 (41, 100).
pub(super) const OWN_AHEAD: Ahead = Ahead { foresight: Foresight { after: 60_000, most: 300_000 }, most: 250_000 };
/// The mirror image's look between the own keep search's cut and its going on
/// looks ahead too: once its keep search has spent 40,000 it is cut where it
/// foresees more than 400,000 (the look has 120,000 in all), and the own
/// search goes on at once.
pub(super) const BETWEEN_FORESIGHT: Foresight = Foresight { after: 40_000, most: 400_000 };
/// The own look's first solve is cut at this limit (about 20,000 work), where the
/// two looks change places: the mirror image's look first, with the whole first
/// look's limits, then the own look as the second. On the variants bench's 60-card
/// positions the first solve takes more on about one in twenty, and there the
/// mirror image's first solve mostly took 100 to 7,500 work where the own took
/// 30,000 to 360,000.
pub(super) const FIRST_SOLVE: usize = 3_000;
/// Where the looks changed places, the mirror image's first solve is cut at this
/// many times [`FIRST_SOLVE`] (then the own look goes first again, uncut).
const SWAPPED: usize = 4;

/// A Rommé card code mirrored (the joker stays itself, an ace stays an ace).
pub fn code(c: u8) -> u8 {
    if c >= 52 {
        c
    } else {
        c / 13 * 13 + (13 - c % 13) % 13
    }
}

/// Codes mirrored.
pub fn codes(cs: &[u8]) -> Vec<u8> {
    cs.iter().map(|&c| code(c)).collect()
}

/// Whether the exact search of this Rommé position may take a second look at
/// its mirror image: the fewest moved asked for, no wrapping runs (the search
/// of `wrap_around` is the universe's). A caller's budget only cuts the looks.
fn turns(rules: &GameRules, table: &[Vec<u8>], tie: TieBreak) -> bool {
    matches!(rules, GameRules::Romme(r) if !r.wrap_around) && tie == TieBreak::Exact && !table.is_empty()
}

/// [`solve_grid`] of a Rommé position, with the second look at its mirror
/// image where the first ends without a proof ([`turns`]): the best of the
/// looks' answers (a proven one; else a proven objective, the higher objective,
/// the fewer moved cards). Where the own look's first solve is cut at
/// [`FIRST_SOLVE`], the looks change places (the mirror image's first:
/// [`schedule`]).
pub(super) fn solve_grid_both_ways(
    rules: &GameRules,
    table: &[Vec<u8>],
    hand: &[u8],
    objective: TableObjective,
    cutoff: &Cutoff,
    tie_break: TieBreak,
) -> Result<TableSolution, EngineError> {
    solve_grid_both_ways_usable(rules, table, hand, objective, cutoff, tie_break, &|_| true)
}

/// [`solve_grid_both_ways`] for a caller who can use only the answers `usable`
/// accepts (the `no_double_joker` shortcut: answers whose melds obey the
/// option): a proven answer it refuses does not end the looks, and an answer
/// it accepts ranks above one it refuses. Both looks' proven answers have the
/// same objective and moved count, not the same melds, so where the own
/// look's breaks the option the mirror image's may not.
pub(super) fn solve_grid_both_ways_usable(
    rules: &GameRules,
    table: &[Vec<u8>],
    hand: &[u8],
    objective: TableObjective,
    cutoff: &Cutoff,
    tie_break: TieBreak,
    usable: &dyn Fn(&TableSolution) -> bool,
) -> Result<TableSolution, EngineError> {
    if !turns(rules, table, tie_break) {
        return solve_grid(rules, table, hand, objective, cutoff, tie_break, false);
    }
    let looks = Rc::new(Looks::new(rules, table, hand, objective, cutoff)?);
    schedule(objective, hand.len(), usable, |l| looks.run(l), || looks.between.take())
}

/// One look of [`solve_grid_both_ways`]: at the position or at its mirror
/// image (`mirrored`), the first of the solve (the keep search's first-look
/// limit, under the caller's cutoff, its first solve cut at `first_solve`
/// units; `whole`: the only look left, whose keep search gets the work of
/// every look, [`whole_look`]) or the second (the whole search within
/// [`SECOND_LOOK`] work, or the last within [`LAST_LOOK`]), aiming at the
/// objective's `optimum` where the other look proved it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Look {
    mirrored: bool,
    second: bool,
    last: bool,
    whole: bool,
    optimum: Option<i32>,
    first_solve: usize,
}

impl Look {
    /// A first look, its first solve cut at `first_solve`.
    fn first(mirrored: bool, first_solve: usize) -> Look {
        Look { mirrored, second: false, last: false, whole: false, optimum: None, first_solve }
    }

    /// The own look uncut where both first solves were cut, the only look left.
    fn whole() -> Look {
        Look { whole: true, ..Look::first(false, MAX_STATES) }
    }

    /// A second look, aiming at `optimum`.
    fn second(mirrored: bool, optimum: Option<i32>) -> Look {
        Look { mirrored, second: true, last: false, whole: false, optimum, first_solve: MAX_STATES }
    }

    /// The last look, aiming at `optimum`.
    fn last(mirrored: bool, optimum: i32) -> Look {
        Look { last: true, ..Look::second(mirrored, Some(optimum)) }
    }
}

/// Which looks run, in which order, on what the earlier ones answered (`look`
/// runs one); the answer is the best of every look's, so never worse than one
/// a look found. The own first look may run the mirror image's second look
/// where its keep search is cut, and go on with that search in place of the
/// last look ([`GO_ON`]; `between`: that look's answer, where it ran). The
/// first solve seldom takes more than [`FIRST_SOLVE`], and where it does the
/// mirror image's is mostly far cheaper: the looks then
/// change places, unless the mirror image's first solve is cut too, at
/// [`SWAPPED`] times that; then the own look runs uncut, the only look left,
/// its keep search with the work of every look ([`whole_look`]).
fn schedule(
    objective: TableObjective,
    hand: usize,
    usable: &dyn Fn(&TableSolution) -> bool,
    mut look: impl FnMut(Look) -> Result<TableSolution, EngineError>,
    mut between: impl FnMut() -> Option<Result<TableSolution, EngineError>>,
) -> Result<TableSolution, EngineError> {
    // (a usable answer first: where `usable` accepts every answer, the order of proofs, objective, moved)
    let proven = |s: &TableSolution| s.optimal && s.moved_optimal && usable(s);
    let rank = |s: &TableSolution| (proven(s), s.optimal && usable(s), s.optimal, s.value(objective), Reverse(s.moved));
    // (`b` where it ranks higher, else `a`)
    let better = |a: TableSolution, b: Result<TableSolution, EngineError>| match b {
        Ok(b) if rank(&b) > rank(&a) => b,
        _ => a,
    };
    // (whether a look proved the fewest moved, an answer the caller may refuse too)
    let moved_proven = std::cell::Cell::new(false);
    let mut look = |l: Look| {
        let s = look(l);
        moved_proven.set(moved_proven.get() || s.as_ref().is_ok_and(|s| s.optimal && s.moved_optimal));
        s
    };
    // (no look proved the fewest moved, one proved the objective: the first look once more, with
    // the larger limit; under `net` only where the hand goes out, whose keep search is the cards
    // search's, not net's own, with table cards that may go to the hand: two to three times its
    // work, and the last look proved none of the variants positions' two of that kind)
    let last =
        |best: TableSolution, mirrored: bool, look: &mut dyn FnMut(Look) -> Result<TableSolution, EngineError>| {
            if !goes_on(objective, hand, moved_proven.get(), &best) {
                return best;
            }
            let optimum = best.value(objective);
            better(best, look(Look::last(mirrored, optimum)))
        };
    let best = look(Look::first(false, first_solve()))?;
    // (the mirror image's second look ran at the own look's keep search's cut, and the own look
    // went on from there where the last look would have run: no look follows)
    if let Some(second) = between() {
        return Ok(better(best, second));
    }
    if !best.optimal {
        let other = look(Look::first(true, first_solve() * SWAPPED));
        if other.as_ref().is_ok_and(|o| o.optimal) {
            let other = better(best, other);
            if proven(&other) {
                return Ok(other);
            }
            let optimum = Some(other.value(objective));
            let best = better(other, look(Look::second(false, optimum)));
            return Ok(last(best, true, &mut look));
        }
        // (both first solves cut: the mirror image's second look, the whole of it within
        // SECOND_LOOK, would spend its work on that first solve again, and the last look would
        // solve the own position's again; the uncut own look's answer where the cut looks' rank
        // no higher: a cut rerun may answer worse than they did)
        let cut = better(best, other);
        return Ok(match look(Look::whole()) {
            Ok(own) => better(own, Ok(cut)),
            Err(_) => cut,
        });
    }
    if proven(&best) {
        return Ok(best);
    }
    // (the own look's proven optimum is the mirror image's: its first solve aims there at once)
    let optimum = best.optimal.then(|| best.value(objective));
    let best = better(best, look(Look::second(true, optimum)));
    Ok(last(best, false, &mut look))
}

/// Whether the first look goes on after the looks before it (the last look, or
/// its cut keep search going on, [`GO_ON`]): no look proved the fewest moved, the
/// `best` answer so far proves the objective, and not under `net` where the hand
/// does not go out: there the keep search is net's own, with table cards that may
/// go to the hand, two to three times the cards keep search's work, and the last
/// look proved none of the variants positions' two of that kind.
fn goes_on(objective: TableObjective, hand: usize, moved_proven: bool, best: &TableSolution) -> bool {
    let own_net = objective == TableObjective::Net && best.placed.len() < hand;
    !moved_proven && best.optimal && !own_net
}

/// What a look searches: the position, its mirror image, and the caller's
/// cutoff (owned: the look [`Between`] holds them); the mirror image's second
/// look's answer where it ran inside the own look.
struct Looks {
    rules: GameRules,
    table: Vec<Vec<u8>>,
    hand: Vec<u8>,
    turned: Vec<Vec<u8>>,
    turned_hand: Vec<u8>,
    objective: TableObjective,
    cutoff: Cutoff,
    game: GridGame,
    between: RefCell<Option<Result<TableSolution, EngineError>>>,
}

impl Looks {
    fn new(
        rules: &GameRules,
        table: &[Vec<u8>],
        hand: &[u8],
        objective: TableObjective,
        cutoff: &Cutoff,
    ) -> Result<Looks, EngineError> {
        let turned = table.iter().map(|m| codes(m)).collect();
        let (game, _, _) = grid_game(rules, objective)?;
        let (turned_hand, between) = (codes(hand), RefCell::default());
        let (table, hand, cutoff) = (table.to_vec(), hand.to_vec(), cutoff.clone());
        Ok(Looks { rules: *rules, table, hand, turned, turned_hand, objective, cutoff, game, between })
    }

    /// The look's answer, in the position's frame. The own first look runs the
    /// mirror image's second look where its keep search is cut ([`Self::between`]).
    fn run(self: &Rc<Self>, l: Look) -> Result<TableSolution, EngineError> {
        // (a look after the first starts only within the caller's budget: started once it is spent, its
        // searches would each spend work up to their first check, and could answer no better)
        if l != Look::first(false, l.first_solve) && self.cutoff.reached() {
            return Err(EngineError::new("the caller's budget is spent"));
        }
        // (a second look's own limit, within the caller's budget, which it charges as it goes)
        let inner = self.cutoff.within(if l.last { LAST_LOOK } else { SECOND_LOOK });
        let cut = if l.second { &inner } else { &self.cutoff };
        let (t, h) = if l.mirrored { (&self.turned, &self.turned_hand) } else { (&self.table, &self.hand) };
        let go = || solve_grid(&self.rules, t, h, self.objective, cut, TieBreak::Exact, false);
        let s = with_known_optimum(l.optimum, l.mirrored, || {
            if l.second {
                go()
            } else {
                let keep = if l.whole { whole_look(self.objective) } else { first_look(self.objective) };
                let first = || with_first_limit(l.first_solve, || with_keep_limit(keep, go));
                if l.mirrored || l.whole {
                    first()
                } else {
                    with_between(self.between(), own_ahead(), first).0
                }
            }
        });
        Ok(if l.mirrored { mirror::solution_by(&self.game, s?, code) } else { s? })
    }

    /// The look between the own first look's keep search's cut and its going on:
    /// the mirror image's second look, aiming at the own look's proven optimum (with
    /// the limits and the Lagrangian board of a solve of its own, as where it runs
    /// after the own look); where no look then proved the fewest moved, the cut keep
    /// search goes on with [`GO_ON`] more work ([`goes_on`]).
    fn between(self: &Rc<Self>) -> Between {
        let looks = Rc::clone(self);
        Box::new(move |first: &TableSolution| {
            let second = Look::second(true, Some(first.value(looks.objective)));
            let board = Arc::default();
            let ran = with_first_limit(MAX_STATES, || {
                let run = || lagrange::with_board(&board, false, || looks.run(second));
                with_keep_limit(KEEP_STATES, || with_foresight(BETWEEN_FORESIGHT, run))
            });
            let proven = ran.as_ref().is_ok_and(|s| s.optimal && s.moved_optimal);
            let more = if goes_on(looks.objective, looks.hand.len(), proven, first) { GO_ON } else { 0 };
            *looks.between.borrow_mut() = Some(ran);
            more
        })
    }
}

thread_local! {
    /// Whether the grid searches on this thread read a mirror image ([`GridRules::mirrored`]).
    static MIRRORED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// The mirror image's optimum where the own look proved it, for the look's grid search to take.
    static OPTIMUM: std::cell::Cell<Option<i32>> = const { std::cell::Cell::new(None) };
}

/// Whether the grid search starting on this thread reads a mirror image (its
/// cells then score as the cards they mirror, [`GridRules::mirrored`]).
pub(super) fn values_mirrored() -> bool {
    MIRRORED.with(|m| m.get())
}

/// The most the objective reaches where a search before this one proved it
/// (the own look's optimum for the mirror image's look, the LP's bound for a
/// seam's look: [`with_ceiling`]), taken by the grid search as its ceiling
/// (its first solve's aspiration then aims at it, not at its own upper bound,
/// from which it would search again below).
pub(super) fn take_known_optimum() -> Option<i32> {
    OPTIMUM.with(|o| o.take())
}

/// Runs `f`, the search of the position (`mirrored`: of its mirror image, with
/// [`values_mirrored`] on), with the other look's proven `optimum` (if any) for
/// [`take_known_optimum`].
fn with_known_optimum<T>(optimum: Option<i32>, mirrored: bool, f: impl FnOnce() -> T) -> T {
    let before = MIRRORED.with(|m| m.replace(mirrored));
    OPTIMUM.with(|o| o.set(optimum));
    let r = f();
    OPTIMUM.with(|o| o.set(None));
    MIRRORED.with(|m| m.set(before));
    r
}

/// Runs `f`, a search of the position as it lies outside this module's looks
/// (a seam's look, [`super::universe::seam`]), with `ceiling`, the most its
/// objective reaches, for [`take_known_optimum`].
pub(super) fn with_ceiling<T>(ceiling: Option<i32>, f: impl FnOnce() -> T) -> T {
    with_known_optimum(ceiling, false, f)
}

/// Runs `f`, a look at the mirror image outside this module's looks (the
/// cycle of ranks', [`super::cyclic`]), with [`values_mirrored`] on.
pub(super) fn with_values_mirrored<T>(f: impl FnOnce() -> T) -> T {
    with_known_optimum(None, true, f)
}

/// The own look's first solve's limit ([`FIRST_SOLVE`]; tests may set it).
fn first_solve() -> usize {
    #[cfg(test)]
    if let Some(limit) = tests::FIRST_SOLVE_AT.with(|x| x.get()) {
        return limit;
    }
    FIRST_SOLVE
}

/// The keep search's limit in the own look where both first solves were cut (the only
/// look left): the first look's, the second's and the last's together. The mirror
/// image's second look would solve its first solve again within [`SECOND_LOOK`], where
/// it was cut at [`SWAPPED`] times [`FIRST_SOLVE`], and the last look the own position's:
/// on the variants bench's plain positions of that kind (44 and 72, seed 1) both spent
/// their work there under `net`, where the hand does not go out and net's own keep
/// search needs more than the first look's limit.
fn whole_look(objective: TableObjective) -> usize {
    first_look(objective) + SECOND_LOOK as usize + LAST_LOOK as usize
}

/// How the own first look's keep search looks ahead ([`OWN_AHEAD`]; where a test
/// set the first look's limit, it runs to that limit alone).
fn own_ahead() -> Ahead {
    switches::first_look().map_or(OWN_AHEAD, |limit| Ahead { most: limit, ..OWN_AHEAD })
}

/// The first look's limit ([`FIRST_LOOK`], [`KEEP_STATES`] under `points`; tests may set it, e.g. to 0 so
/// that the mirror image answers).
fn first_look(objective: TableObjective) -> usize {
    let limit = if objective == TableObjective::Points { KEEP_STATES } else { FIRST_LOOK };
    switches::first_look().unwrap_or(limit)
}

#[cfg(test)]
#[path = "romme_mirror_tests.rs"]
mod tests;
