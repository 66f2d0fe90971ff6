//! The Räuber table-rearrangement search (Rummy, Räuber-Rommé; 1x1-Rommé in
//! [`crate::einmaleins::table`], same answer and tie-break order).
//!
//! Given the melds on the table and a hand, find which hand cards can go onto
//! the table and how the table must be rebuilt so that every card on it again
//! lies in a valid meld. The core is a value-sweep DP ([`sweep`]); the
//! disturbance is then minimised by the same sweep in keep mode ([`keep`]:
//! which old melds stay whole is one of its decisions) or, with
//! [`TieBreak::Fast`], by a bounded greedy search over melds to keep. Rommé
//! positions where `wrap_around` or `no_double_joker` change the melds go to
//! an exact search over table + hand instead ([`universe`]).
//!
//! Order of preference (the exact tie-break order):
//! 1. the objective: most hand cards placed (default; at most the per-turn cap,
//!    jokers count as cards), most hand points placed (hand counting: Rummy
//!    number / joker 25, Rommé 2–10 face / J Q K 10 / ace 11 / joker 20), or most
//!    cards shed net (placed minus table cards taken back, where allowed);
//! 2. fewest moved table cards: a table card is unmoved when its new meld
//!    holds every card of its old meld (extending a meld moves nothing);
//!    proven (`moved_optimal`) by keep mode where its model is the truth or
//!    relaxes it ([`keep::KeepInfo::exact`]; Rummy's cases the model cannot
//!    tell apart are searched one by one, [`keep_cases`])
//!    and its work limit (and the caller's budget) let it finish
//!    (Rummy: the search races the mirror image, [`mirror`], on a second thread);
//! 3. wilds free of obligation: among equally good moves the search tries the
//!    ones using fewer jokers first, so a joker stays in the hand when a natural
//!    does as well (a preference of the search order, not a proven minimum).
//!
//! ```
//! use romme_engine::cards::Game;
//! use romme_engine::meld::Options;
//! use romme_engine::search::{solve_table, TableObjective};
//! // table: R1 R2 R3 (codes 13, 14, 15); hand: R4 (16)
//! let sol = solve_table(Game::Rummy, &[vec![13, 14, 15]], &[16], TableObjective::Cards, &Options::default(), 0).unwrap();
//! assert_eq!(sol.placed, vec![16]);
//! assert_eq!(sol.moved, 0);
//! ```

pub mod answer;
pub mod budget;
mod cheap;
mod cyclic;
mod cyclic_keep;
mod declared_sets;
mod empty_table;
pub mod grid;
pub mod groups;
pub(crate) mod hasher;
mod joker_swaps;
pub mod keep;
mod keep_search;
pub mod lagrange;
mod lp_dive;
mod lp_kept;
mod lp_memo;
pub mod mirror;
pub mod model;
pub mod options;
mod points_by_cards;
mod pool;
mod position_model;
mod reach;
pub mod rebuild;
mod repair;
mod romme_mirror;
mod slab;
pub mod state;
pub mod sweep;
mod switches;
pub mod universe;
mod universe_dfs;

use std::cell::RefCell;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::rc::Rc;
use std::sync::Arc;
use std::thread::LocalKey;

use crate::cards::{deck_types, joker_code, Game};
use crate::meld::{check_codes, EngineError, MeldKind, Options};
use crate::options::GameRules;
use answer::{finish, intact, moved};
pub use budget::{Budget, Cutoff};
use empty_table::{empty_rummy_table, EMPTY_TABLE_DP};
use grid::{GridGame, Layout};
use keep::Choice;
use keep_search::*;
use model::{GridRules, GridShape, Model, Score};
use position_model::{build_model, cards_of, model_and_cards, table_tiles};
use reach::{reach_best, reach_best_on, reach_with};
use rebuild::{Cards, HandGoal, KeptRun, KeptSet, Laid, Outcome, Tile};
use sweep::{JokerMode, KeepMode, MaxMode, Sweep};
use switches::{carriers_on, fast_shortcuts_on, rummy_greedy_limits_on};

pub use crate::table::{TableObjective, TableSolution, TieBreak};

/// Work limit per sweep (memoised states) so that no input hangs the caller.
const MAX_STATES: usize = 1_000_000;

#[derive(Clone)]
struct Ctx {
    /// Search work spent so far (states and steps), for the disturbance budget.
    spent: std::cell::Cell<usize>,
    g: GridGame,
    score: Score,
    layouts: Vec<Layout>,
    hand: Vec<u8>,
    /// The caller's budget.
    cutoff: Cutoff,
    tie_break: TieBreak,
    /// The mirrored position, raced on a second thread ([`race`]).
    mirror: Option<Arc<MirrorJob>>,
    /// The cards search before a `net` search ([`net_by_cards`]): the tie-break is
    /// wanted only where the whole hand is placed.
    whole_hand_first: bool,
    /// The most the objective can reach, where a search before this one proved it
    /// (`net` after [`net_by_cards`]).
    ceiling: Option<i32>,
    /// The answer of a search before this one, which this one reaches at least (`net`
    /// after [`net_by_cards`]: a cards answer is a net answer taking nothing back).
    floor: Option<Reached>,
    /// The first solve's answer where a `whole_hand_first` search stops after it.
    first_answer: RefCell<Option<Reached>>,
    /// The fast tie-break's look for an answer moving nothing, where the first solve ran it
    /// before tracing its own answer and found none: the hand cap and goal it looked for, and
    /// whether it proved that something must move (it answers only the same cap and goal).
    layoffs_looked: std::cell::Cell<Option<(u32, i32, bool)>>,
}

/// A first solve's answer, its value and the work it took.
#[derive(Clone)]
struct Reached {
    value: i32,
    answer: Outcome,
    work: usize,
}

/// Runs `f` with `value` in the thread-local `key`, its previous value after.
fn with_local<V: 'static, T>(key: &'static LocalKey<RefCell<V>>, value: V, f: impl FnOnce() -> T) -> T {
    let old = key.with(|k| k.replace(value));
    let r = f();
    key.with(|k| *k.borrow_mut() = old);
    r
}

impl Ctx {
    /// The caller's budget is used up, or the search beside this one stopped it ([`race`]).
    fn halted(&self) -> bool {
        self.cutoff.reached() || mirror::stopped()
    }

    /// The answer of a search before this one that reaches the most the objective can (`net`
    /// after [`net_by_cards`]): this search's first, which runs no first solve of its own.
    fn known_first(&self) -> Option<&Reached> {
        self.floor.as_ref().filter(|f| Some(f.value) == self.ceiling)
    }

    /// The work the position cost before now: this search's, or the first solve of the search
    /// that handed it its first answer ([`Self::known_first`]) where that took more.
    fn position_spent(&self) -> usize {
        self.spent.get().max(self.known_first().map_or(0, |f| f.work))
    }
}

/// A mirrored Rummy position ([`mirror`]).
struct MirrorJob {
    tie_break: TieBreak,
    table: Vec<Vec<u8>>,
    hand: Vec<u8>,
    rules: GameRules,
}

/// Solves a table position. `table` holds the melds on the table (each must be
/// valid; a Rommé meld may write a joker as the card it stands for, `DECLARED + card`, which binds a
/// set's joker under `joker_declared` without `rauber`: [`declared_sets`]), `hand` the hand; `budget` bounds the time and/or the work ([`Budget`];
/// a number is a time budget in ms, 0 none): the best solution found so far is
/// then returned with `optimal == false`. Never panics. The fewest-moved
/// tie-break is [`TieBreak::Exact`].
pub fn solve_table(
    game: Game,
    table: &[Vec<u8>],
    hand: &[u8],
    objective: TableObjective,
    options: &Options,
    budget: impl Into<Budget>,
) -> Result<TableSolution, EngineError> {
    solve_table_with(game, table, hand, objective, options, budget, TieBreak::Exact)
}

/// [`solve_table`] with a choice of [`TieBreak`].
pub fn solve_table_with(
    game: Game,
    table: &[Vec<u8>],
    hand: &[u8],
    objective: TableObjective,
    options: &Options,
    budget: impl Into<Budget>,
    tie_break: TieBreak,
) -> Result<TableSolution, EngineError> {
    solve_table_cut(game, table, hand, objective, options, &Cutoff::start(budget.into()), tie_break)
}

/// [`solve_table_with`] under a started budget, which then tells the work
/// the search spent ([`Cutoff::spent`]).
pub fn solve_table_cut(
    game: Game,
    table: &[Vec<u8>],
    hand: &[u8],
    objective: TableObjective,
    options: &Options,
    cutoff: &Cutoff,
    tie_break: TieBreak,
) -> Result<TableSolution, EngineError> {
    if !matches!(game, Game::Romme | Game::Rummy | Game::Einmaleins) {
        return Err(EngineError::new(format!("{} has no table melds to rearrange", game.id())));
    }
    let rules = GameRules::read(game, options)?;
    if let GameRules::Einmaleins(_) = rules {
        // No suit-position grid: 1x1 has its own search (an LCF-DP on the universe), whose entry
        // checks its options itself.
        let found = crate::einmaleins::table::solve_table_cut(table, hand, objective, options, cutoff)?;
        return Ok(with_cut(&rules, table, hand, objective, cutoff, found, AtLeast::Cheap));
    }
    solve_rules_cut(&rules, table, hand, objective, cutoff, tie_break)
}

/// [`solve_table_cut`] of a Rommé or Rummy position under rules already read.
pub fn solve_rules_cut(
    rules: &GameRules,
    table: &[Vec<u8>],
    hand: &[u8],
    objective: TableObjective,
    cutoff: &Cutoff,
    tie_break: TieBreak,
) -> Result<TableSolution, EngineError> {
    if !matches!(rules, GameRules::Romme(_) | GameRules::Rummy(_)) {
        return Err(EngineError::new(format!("{} has no table search on a grid", rules.game().id())));
    }
    let found = solve_as_given(rules, table, hand, objective, cutoff, tie_break, AtLeast::Cheap)?;
    if let GameRules::Romme(r) = rules {
        if !r.rauber {
            // (without Räuber a table joker may be swapped out: joker_swaps; the position's own answer
            // holds the cheap answers, each swap's need not)
            let search =
                |t: &[Vec<u8>], h: &[u8]| solve_as_given(rules, t, h, objective, cutoff, tie_break, AtLeast::Searched);
            return joker_swaps::solve(r, table, hand, objective, cutoff, found, search);
        }
    }
    Ok(found)
}

/// Whether a search's answer is raised to the cheap answers ([`cheap`]) where they place more.
#[derive(Clone, Copy, PartialEq, Eq)]
enum AtLeast {
    /// The answer of the call: at least the cheap answers.
    Cheap,
    /// A joker swap's answer: the call's own answer holds the cheap answers already.
    Searched,
}

/// [`solve_rules_cut`]'s search of the table as it lies (every table meld whole without Räuber).
fn solve_as_given(
    rules: &GameRules,
    table: &[Vec<u8>],
    hand: &[u8],
    objective: TableObjective,
    cutoff: &Cutoff,
    tie_break: TieBreak,
    at_least: AtLeast,
) -> Result<TableSolution, EngineError> {
    // (Rommé's table melds may declare their jokers: declared_sets)
    let Some(stood) = declared_sets::stand_in(rules, table, hand)? else {
        let found = search_position(rules, table, hand, objective, cutoff, tie_break)?;
        return Ok(with_cut(rules, table, hand, objective, cutoff, found, at_least));
    };
    let found = with_cut(
        rules,
        &stood.table,
        hand,
        objective,
        cutoff,
        search_position(rules, &stood.table, hand, objective, cutoff, tie_break)?,
        at_least,
    );
    let mut optimal = found.optimal;
    // (any search the budget cut marks the answer: the one chosen may be another that finished)
    let mut budget_cut = found.budget_cut;
    let mut best = declared_sets::restore(&stood, hand, found)?;
    // (a set left out of the search may still take a card: each such lay-off searched after it is laid,
    // so that the best of them all is the position's)
    for (i, card, grown) in declared_sets::left_out_lay_offs(&stood, table, hand) {
        let mut t = table.to_vec();
        t[i] = grown;
        let mut h = hand.to_vec();
        if let Some(k) = h.iter().position(|&c| c == card) {
            h.remove(k);
        }
        let mut sol = solve_as_given(rules, &t, &h, objective, cutoff, tie_break, at_least)?;
        optimal &= sol.optimal;
        budget_cut |= sol.budget_cut;
        sol.placed.push(card);
        sol.placed.sort_unstable();
        sol.placed_points += crate::romme::hand_points(card);
        if sol.better_than(&best, objective) {
            best = sol;
        }
    }
    // (nothing moved is the fewest there is)
    let moved_optimal = best.moved_optimal || best.moved == 0;
    Ok(TableSolution { optimal, moved_optimal, budget_cut, ..best })
}

/// A search's answer marked as cut by the caller's budget where it was, and at least the cheap one
/// (`at_least`): cut where the budget is spent and the answer is not proven both ways (the objective
/// and the fewest moved), since a spent budget stopped the search that would have proven it.
fn with_cut(
    rules: &GameRules,
    table: &[Vec<u8>],
    hand: &[u8],
    objective: TableObjective,
    cutoff: &Cutoff,
    found: TableSolution,
    at_least: AtLeast,
) -> TableSolution {
    // (nothing moved is the fewest there is, whatever cut the search)
    let moved_optimal = found.moved_optimal || found.moved == 0;
    let budget_cut = !(found.optimal && moved_optimal) && cutoff.is_bounded() && cutoff.callers_reached();
    let found = TableSolution { budget_cut, moved_optimal, ..found };
    // (what follows draws on what the account has left, at least a small reserve, and stops
    // soon after a passed deadline)
    let finish = cutoff.finish();
    let bounds = cheap::Bounds { account: cutoff, finish: &finish };
    if !budget_cut || found.moved_optimal {
        return match at_least {
            AtLeast::Cheap => cheap::at_least_cheap(rules, table, hand, objective, found, bounds),
            AtLeast::Searched => found,
        };
    }
    // (the answer the cut search held: its cards laid again to keep more old melds whole, and the
    // table kept whole where that reaches as much; the cheap answer first, the repair drawing on
    // what the finish has left)
    let cheap = match at_least {
        AtLeast::Cheap => cheap::cheap_answer(rules, table, hand, objective, bounds),
        AtLeast::Searched => None,
    };
    let found = repair::keep_more(rules, table, found, &finish);
    cheap::or_cheap_fewer_moved(found, cheap, objective)
}

/// [`solve_table_with`]'s search of a Rommé or Rummy position, by its rules.
fn search_position(
    rules: &GameRules,
    table: &[Vec<u8>],
    hand: &[u8],
    objective: TableObjective,
    cutoff: &Cutoff,
    tie_break: TieBreak,
) -> Result<TableSolution, EngineError> {
    let game = rules.game();
    check_codes(game.id(), hand, game.type_count())?;
    for m in table {
        check_codes(game.id(), m, game.type_count())?;
    }
    // (the LP of the kept asked more than once on a position solved once: lp_memo)
    lp_memo::with_memo(|| match rules {
        GameRules::Romme(r) if universe::needed(r, table, hand) => {
            universe::solve_table_cut(table, hand, objective, r, cutoff, tie_break)
        }
        GameRules::Romme(_) => romme_mirror::solve_grid_both_ways(rules, table, hand, objective, cutoff, tie_break),
        GameRules::Rummy(r)
            if table.is_empty() && objective == TableObjective::Cards && hand.len() <= EMPTY_TABLE_DP =>
        {
            empty_rummy_table(hand, r)
        }
        _ => solve_grid(rules, table, hand, objective, cutoff, tie_break, true),
    })
}

/// The grid search of [`solve_table_with`] (checked codes); `may_race`: the
/// exact (or tie-break-free) Rummy search may race the mirror image ([`race`]),
/// not under a work budget (the race's winner would decide the answer).
fn solve_grid(
    rules: &GameRules,
    table: &[Vec<u8>],
    hand: &[u8],
    objective: TableObjective,
    cutoff: &Cutoff,
    tie_break: TieBreak,
    may_race: bool,
) -> Result<TableSolution, EngineError> {
    solve_grid_shaped(rules, GridShape::Line, table, hand, objective, cutoff, tie_break, may_race)
}

/// [`solve_grid`] on a grid of the given shape (a Rommé position turned to its
/// cut on the cycle of ranks: [`cyclic`]).
#[allow(clippy::too_many_arguments)]
fn solve_grid_shaped(
    rules: &GameRules,
    shape: GridShape,
    table: &[Vec<u8>],
    hand: &[u8],
    objective: TableObjective,
    cutoff: &Cutoff,
    tie_break: TieBreak,
    may_race: bool,
) -> Result<TableSolution, EngineError> {
    let game = rules.game();
    let (mut g, cap, rearrange) = grid_game(rules, objective)?;
    if shape.is_cycle() {
        // (13 cells, the ace an ordinary one)
        g.rules = GridRules { npos: 13, ace_high: false, shape, ..g.rules };
    }
    // (the mirror image's look: its cells score as the cards they mirror)
    g.rules.mirrored = romme_mirror::values_mirrored();
    // (a seam's look: its cells score as the cards they held before the turn; the cycle's cut
    // turns its cells itself)
    g.rules.turn = if shape.is_cycle() { 0 } else { universe::seam::values_turned() };
    check_counts(rules, table, hand)?;
    let tokens = |c: u8| deck_types(game).get(c as usize).map(|t| t.token.clone()).unwrap_or_default();
    let mut layouts = Vec::with_capacity(table.len());
    for (i, m) in table.iter().enumerate() {
        layouts.push(grid::check_meld(&g, m, i, &tokens)?);
    }
    cyclic::halves(&mut layouts, g.rules.shape)?;
    if layouts.len() > 64 {
        return Err(EngineError::new(format!("{} table melds; at most 64 are supported", layouts.len())));
    }
    let score = Score::of(objective);
    // (numbers mirrored, a Rummy position keeps its answers; points would change; an empty
    // table is solved before a thread would start)
    let racing = may_race
        && !cutoff.counts_work()
        && !table.is_empty()
        && game == Game::Rummy
        && objective == TableObjective::Cards
        && tie_break != TieBreak::Fast
        && mirror::threads_allowed();
    let mirror = racing.then(|| {
        let table = table.iter().map(|m| mirror::codes(m)).collect();
        Arc::new(MirrorJob { tie_break, table, hand: mirror::codes(hand), rules: *rules })
    });
    let hand = hand.to_vec();
    let (whole_hand_first, ceiling, floor) = (false, None, None);
    let mut ctx = Ctx {
        spent: Default::default(),
        g,
        score,
        layouts,
        hand,
        cutoff: cutoff.clone(),
        tie_break,
        mirror,
        whole_hand_first,
        ceiling,
        floor,
        first_answer: RefCell::default(),
        layoffs_looked: Default::default(),
    };
    if objective == TableObjective::Net && rearrange {
        match net_by_cards(&ctx, cap)? {
            Ok(sol) => return Ok(sol),
            // (the cards search's first solve cut by a look's first-solve limit: net's own, on the
            // model where table cards may go to the hand, is cut there too (on the 45 such looks
            // of the variants bench's 60-card `net` rows, every one), so the look answers as that
            // cut solve would, without it)
            Err((false, None)) if first_solve_limited() => {
                return finish(&ctx, Some(fallback(&ctx, 127)), false, false)
            }
            Err((proven, first)) => {
                // (shedding the whole hand would take placing it all, nothing taken back)
                if proven {
                    ctx.ceiling = Some(ctx.hand.len() as i32 - 1);
                }
                ctx.floor = first;
            }
        }
    }
    // (the mirror image's look: the optimum the own look proved, which the first solve aims at
    // and which, where net's floor reaches it, spares that solve)
    let known = romme_mirror::take_known_optimum();
    if objective == TableObjective::Points && points_by_cards::asks(&ctx, shape, rearrange, cap, known) {
        match points_by_cards::solve(&ctx, cap)? {
            points_by_cards::ByCards::Answer(sol) => return Ok(sol),
            points_by_cards::ByCards::Ceiling(ceiling) => ctx.ceiling = ceiling,
            // (answered as the points search's cut first solve would, without it)
            points_by_cards::ByCards::Cut => return finish(&ctx, Some(fallback(&ctx, 127)), false, false),
        }
    }
    if let Some(optimum) = known {
        ctx.ceiling = Some(optimum);
    }
    // (one fit of the Lagrangian bound's prices serves every keep search of the solve, and of
    // its mirror image: a mirror's solve runs on the board of the solve that started it)
    let solve = || {
        if lagrange::board().is_none() {
            return lagrange::with_board(&Arc::default(), false, || solve_objective(&ctx, objective, rearrange, cap));
        }
        solve_objective(&ctx, objective, rearrange, cap)
    };
    // (on the cycle a look's first-solve limit, which settles the looks' order (cyclic::solve),
    // is asked of the look's first search alone, here the cards search: net's own first solve,
    // where table cards may go to the hand, often runs longer in both looks)
    if objective == TableObjective::Net && rearrange && shape.is_cycle() {
        return with_first_limit(MAX_STATES, solve);
    }
    solve()
}

/// `net` where the cards objective places the whole hand: nothing more is shed
/// by taking table cards back, so net's answers are exactly those of cards (the
/// fewest moved too), and the cards search, without the table cards that may go
/// to the hand, is the faster. Else whether it proved that the whole hand
/// cannot be placed (it then stops after its first solve), and that solve's
/// answer with its value (a net answer that takes nothing back).
fn net_by_cards(net: &Ctx, cap: u32) -> Result<Result<TableSolution, (bool, Option<Reached>)>, EngineError> {
    // (the net search's grid, every table card placed)
    let g = GridGame { rules: GridRules { table_optional: false, ..net.g.rules }, ..net.g };
    let ctx = Ctx { g, score: Score::Cards, whole_hand_first: true, ..net.clone() };
    // (its own prices: the bound's fit depends on the objective)
    let sol = lagrange::with_board(&Arc::default(), false, || solve_objective(&ctx, TableObjective::Cards, true, cap))?;
    if sol.optimal && sol.placed.len() == net.hand.len() {
        return Ok(Ok(sol));
    }
    Ok(Err((sol.optimal, ctx.first_answer.take())))
}

/// [`solve_grid`]'s search for the objective.
fn solve_objective(
    ctx: &Ctx,
    objective: TableObjective,
    rearrange: bool,
    cap: u32,
) -> Result<TableSolution, EngineError> {
    let hand_total = ctx.hand.len() as u32;
    match objective {
        TableObjective::Cards => race(ctx, || search_cards(ctx, rearrange, cap.min(hand_total))),
        TableObjective::Net => search_cards(ctx, rearrange, 127),
        TableObjective::Points if cap >= hand_total => search_cards(ctx, rearrange, 127),
        // (the plain sweep keeps to a binding cap, sweep::HandCap)
        TableObjective::Points => search_cards(ctx, rearrange, cap),
    }
}

/// The grid rules, the hand-card cap and whether the table may be rearranged.
fn grid_game(rules: &GameRules, objective: TableObjective) -> Result<(GridGame, u32, bool), EngineError> {
    let game = rules.game();
    let joker = joker_code(game).unwrap_or(52);
    match rules {
        GameRules::Rummy(r) => {
            let cap = r.max_hand_cards_per_turn;
            if objective == TableObjective::Net {
                return Err(EngineError::new("objective net needs a game where table cards may be taken back (romme with rauber_table_to_hand, einmaleins)"));
            }
            Ok((GridGame { game, rules: GridRules::RUMMY, joker }, if cap == 0 { 127 } else { cap }, true))
        }
        GameRules::Romme(r) => {
            // (wrap_around and no_double_joker reach here only where they change no meld: universe::needed)
            let to_hand = r.takes_table_cards();
            if objective == TableObjective::Net && !to_hand {
                return Err(EngineError::new("objective net needs the romme options rauber and rauber_table_to_hand"));
            }
            let rules = GridRules {
                npos: 14,
                ace_high: true,
                shape: GridShape::Line,
                no_double_joker: false,
                table_optional: objective == TableObjective::Net,
                mirrored: false,
                turn: 0,
            };
            Ok((GridGame { game, rules, joker }, 127, r.rauber))
        }
        GameRules::Einmaleins(_) => {
            Err(EngineError::new("internal error: einmaleins is searched by einmaleins::table"))
        }
        _ => Err(EngineError::new(format!("{} has no table melds to rearrange", game.id()))),
    }
}

fn check_counts(rules: &GameRules, table: &[Vec<u8>], hand: &[u8]) -> Result<(), EngineError> {
    let game = rules.game();
    let types = deck_types(game);
    let mut n = vec![0u32; types.len()];
    for &c in table.iter().flatten().chain(hand.iter()) {
        n[c as usize] += 1;
    }
    for (c, t) in types.iter().enumerate() {
        let copies = match rules {
            GameRules::Romme(r) if Some(c as u8) == joker_code(game) => 2 * r.jokers_per_deck as u32,
            _ => t.copies as u32,
        };
        if n[c] > copies {
            return Err(EngineError::new(format!(
                "{} copies of {} on the table and in the hand, but the {} deck holds only {copies}",
                n[c],
                t.token,
                game.id()
            )));
        }
    }
    Ok(())
}

/// Work limit of one anchored solve, and of all of them, in the disturbance phase.
const ANCHORED_STATES: usize = 1_500;
const DISTURBANCE_STATES: usize = 5_000;
/// The Rummy expert's fast tie-break: the work limit of its greedy keep tries, the failed tries (a try
/// that does not reach the goal, or moves more than the answer before it) after which they stop, and
/// those after which they try no three-card meld, the one whose keeping saves the fewest moved cards.
/// A failed try costs about three times a successful one and changes nothing (PERFORMANCE 3, Rummy expert).
const RUMMY_GREEDY_LIMITS: (usize, u32, u32) = (2_500, 3, 2);

/// The Cards objective: the most cards by a bounded depth-first search instead
/// of the full count-set DP, then the fewest moved table cards.
fn search_cards(ctx: &Ctx, rearrange: bool, cap: u32) -> Result<TableSolution, EngineError> {
    let all_kept = all_melds(ctx);
    if !rearrange {
        let (r, aborted) = reach_best(ctx, all_kept, cap, None, MAX_STATES);
        let o = r.map(|x| x.1).or_else(|| aborted.then(|| fallback(ctx, cap)));
        return finish(ctx, o, !aborted, true);
    }
    // (its physical cards are built where an answer is rebuilt, or for the keep search)
    let m0 = model_and_cards(ctx, 0, None);
    // Where a search before this one reached the most the objective can, its answer is this
    // one's first. The keep search's oracle then starts afresh, without the memo of a first
    // solve, and may spend the work that solve took before this one (the memo saves the
    // oracle about that much: measured on a 60-card `net` position, 117,000 of the keep
    // search's work after the first solve, 188,000 without it); not where that solve took more
    // than the keep search's own limit: a position that hard to solve in this look is as hard
    // to keep melds of, and the mirror image's look proves more with that work.
    let known = ctx.known_first();
    let (full, aborted, first_sweep) = match known {
        Some(f) => (Some((f.value, f.answer.clone())), false, fresh_oracle(&m0, cap, &ctx.cutoff, JokerMode::Placed)),
        None => {
            // (the exact tie-break: a proof of the fewest moved ends the search)
            let dives = ctx.tie_break == TieBreak::Exact;
            let ((full, aborted, first_sweep), dived) =
                cyclic_keep::with_whole_dive(dives, || reach_best_on(ctx, &m0, 0, cap, None, first_limit()));
            if let Some(o) = dived {
                cyclic_keep::note_floor(moved(ctx, &o));
                return finish(ctx, Some(o), true, true);
            }
            (full, aborted, first_sweep)
        }
    };
    let oracle_work = known.map(|f| f.work).filter(|&w| w < keep_limit()).unwrap_or(0);
    unwanted()?;
    let Some((goal, first)) = full else {
        if aborted {
            return finish(ctx, Some(fallback(ctx, cap)), false, false);
        }
        return Err(EngineError::new("internal error: the table has no valid arrangement"));
    };
    if let Some(sol) = points_by_cards::whole_hand_on_the_cycle(ctx, (goal, &first, aborted), rearrange, cap) {
        return sol;
    }
    let mut best_moved = moved(ctx, &first);
    let mut best = first;
    let mut moved_optimal = best_moved == 0;
    if ctx.tie_break == TieBreak::None || (ctx.whole_hand_first && goal < ctx.hand.len() as i32) {
        if ctx.whole_hand_first {
            *ctx.first_answer.borrow_mut() = Some(Reached { value: goal, answer: best.clone(), work: ctx.spent.get() });
        }
        return finish(ctx, Some(best), !aborted, moved_optimal);
    }
    if goal == 0 && ctx.score == Score::Cards && ctx.tie_break == TieBreak::Fast {
        // Nothing to place: the table as it lies moves nothing, the fewest there are.
        return finish(ctx, Some(unchanged(ctx)), !aborted, true);
    }
    // Lay-offs and new melds only? Before the keep search of a Rummy position, only a quick
    // look for such an answer (lazy jokers); the proof that something must move, which the
    // greedy steps below use, waits until the keep search leaves no proof of its own (the proof
    // is seldom needed; the quick look stays, since on large tables lay-offs often suffice and
    // the keep search costs more than the look to find such an answer).
    let keep_search = ctx.tie_break == TieBreak::Exact;
    let look_first = keep_search && ctx.g.game == Game::Rummy;
    let first = if look_first { Layoffs::Look } else { Layoffs::Solve };
    let mut layoffs_impossible = layoffs_only(ctx, (cap, goal), &mut best, &mut best_moved, &mut moved_optimal, first);
    unwanted()?;
    if best_moved > 0 && !moved_optimal && keep_search && !ctx.halted() {
        // The keep-mode sweep proves it, or finds fewer moved cards.
        let limit = keep_limit().saturating_add(oracle_work);
        let kept = (table_cards(ctx) - best_moved) as i32;
        let keep = KeepRun { kept, choice: Choice::default(), limit, ceiling: i32::MAX };
        // (a look between the keep search's cut and its going on aims at the proven optimum)
        arm_between((!aborted).then_some(&best));
        // (on the cycle a keep search past cyclic_keep::LP_AFTER asks the LP's bound of the kept
        // and stops at an answer reaching it, where most of its work would be the proof)
        let on_the_cycle = ctx.g.rules.shape.is_cycle();
        let ((keep, most), asked) = cyclic_keep::with_lp(on_the_cycle, || {
            keep_cases(ctx, &m0, &build_model(ctx, 0).1, first_sweep, cap, goal, keep)
        });
        if let (Some(kept), true) = (most, ctx.g.rules.shape.is_cycle()) {
            cyclic_keep::note_floor(table_cards(ctx).saturating_sub(kept.max(0) as u32));
        }
        match keep {
            Keep::Better(o, exact) => {
                best_moved = moved(ctx, &o);
                best = o;
                // (nothing moved is the fewest, whatever the model)
                moved_optimal = exact || best_moved == 0;
            }
            Keep::Proven(exact) => moved_optimal = exact,
            Keep::Unknown => {}
        }
        // (not asked where keep mode ended before it: asked now where it left the fewest moved open)
        let lp = match asked {
            Some(b) => b,
            None => (on_the_cycle && best_moved > 0 && !moved_optimal)
                .then(|| cyclic_keep::lp_kept(ctx, cap, goal))
                .flatten(),
        };
        if let Some(kept) = lp {
            cyclic_keep::note_floor(table_cards(ctx).saturating_sub(kept.max(0) as u32));
            // (an answer keeping as much as the LP's bound is the fewest moved)
            moved_optimal |= table_cards(ctx) as i32 - best_moved as i32 >= kept;
            // (below the bound the LP's primal side may hold an answer keeping more: a dive finds it)
            if best_moved > 0 && !moved_optimal && switches::lp_dive_on() {
                let (found, proven) = lp_dive::better(ctx, goal, best_moved);
                if let Some(o) = found {
                    best_moved = moved(ctx, &o);
                    best = o;
                }
                moved_optimal = proven || table_cards(ctx) as i32 - best_moved as i32 >= kept;
                if proven {
                    cyclic_keep::note_floor(best_moved);
                }
            }
        }
        if on_the_cycle && best_moved > 0 && !moved_optimal {
            // (on the cycle keep mode's memo is split by the seam profiles: relaxations forgetting
            // them may prove what it could not within its limit)
            let (keep, most) =
                cyclic_keep::prove_on_the_cycle(ctx, &m0, &build_model(ctx, 0).1, cap, goal, best_moved, lp);
            if let Some(kept) = most {
                cyclic_keep::note_floor(table_cards(ctx).saturating_sub(kept.max(0) as u32));
            }
            match keep {
                Keep::Better(o, exact) => {
                    best_moved = moved(ctx, &o);
                    best = o;
                    moved_optimal = exact;
                }
                Keep::Proven(exact) => moved_optimal = exact,
                Keep::Unknown => {}
            }
        }
    }
    unwanted()?;
    if look_first && best_moved > 0 && !moved_optimal {
        layoffs_impossible =
            layoffs_only(ctx, (cap, goal), &mut best, &mut best_moved, &mut moved_optimal, Layoffs::After);
    }
    let spent0 = ctx.spent.get();
    if best_moved > 0 && !moved_optimal {
        // Greedy: keep the melds the solution kept, then try to keep each broken
        // one too (largest first) while the goal stays reachable.
        let mut kept = intact(ctx, &best);
        let mut order: Vec<usize> = (0..ctx.layouts.len()).filter(|&i| kept >> i & 1 == 0).collect();
        order.sort_by_key(|&i| Reverse(ctx.layouts[i].cards.len()));
        // (the melds of the last try taken, where they are all it kept, and the work it spent: a
        // later try of a meld it kept is the same search, with the same answer and work)
        let mut taken: Option<(u64, usize)> = None;
        // (the Rummy expert's fast tie-break tries no meld that an answer taken since keeps whole:
        // that try keeps no more melds, and never found fewer moved)
        let skip_kept = ctx.tie_break == TieBreak::Fast && ctx.g.game == Game::Rummy && fast_shortcuts_on();
        let own_limits = ctx.tie_break == TieBreak::Fast && ctx.g.game == Game::Rummy && rummy_greedy_limits_on();
        let (work_limit, max_fails, fails_before_small) =
            if own_limits { RUMMY_GREEDY_LIMITS } else { (DISTURBANCE_STATES, u32::MAX, u32::MAX) };
        let mut fails = 0;
        for i in order {
            if ctx.spent.get() - spent0 >= work_limit || fails >= max_fails || ctx.halted() {
                break;
            }
            if skip_kept && kept >> i & 1 == 1 {
                continue;
            }
            if fails >= fails_before_small && ctx.layouts[i].cards.len() <= 3 {
                break; // (the melds left are all of three cards: the order is largest first)
            }
            switches::note_greedy_try(ctx.layouts[i].cards.len(), fails);
            let keep = kept | 1 << i;
            if let Some((_, work)) = taken.filter(|&(bits, work)| bits == keep && ctx.cutoff.admits(work as u64)) {
                ctx.spent.set(ctx.spent.get() + work);
                ctx.cutoff.spend(work as u64);
                continue;
            }
            let before = ctx.spent.get();
            let (r, _) = reach_best(ctx, keep, cap, Some(goal), ANCHORED_STATES);
            match r.map(|(_, o)| (moved(ctx, &o), o)) {
                Some((mv, o)) if mv <= best_moved => {
                    kept = intact(ctx, &o) | keep;
                    best_moved = mv;
                    best = o;
                    taken = (kept == keep).then(|| (keep, ctx.spent.get() - before));
                }
                _ => fails += 1,
            }
        }
        if layoffs_impossible {
            if let Some(better) = fewest_broken(ctx, all_kept, cap, goal, best_moved) {
                if let Some(o) = better {
                    best = o;
                }
                moved_optimal = true;
            }
        }
    }
    finish(ctx, Some(best), !aborted, moved_optimal)
}

/// How [`layoffs_only`] looks for an answer moving nothing.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Layoffs {
    /// Lazy jokers only: quick to find one, but proves nothing.
    Look,
    /// The whole anchored solve, which may also prove that something must move.
    Solve,
    /// The same after the keep search: only an answer moving fewer cards replaces its answer.
    After,
}

/// The anchored solve keeping every old meld (lay-offs and new melds only): an
/// answer it finds replaces `best` (see [`Layoffs::After`]), `moved_optimal`
/// where nothing moved. Returns whether it proved that something must move.
fn layoffs_only(
    ctx: &Ctx,
    (cap, goal): (u32, i32),
    best: &mut Outcome,
    best_moved: &mut u32,
    moved_optimal: &mut bool,
    how: Layoffs,
) -> bool {
    if *best_moved == 0 || ctx.halted() {
        return false;
    }
    let looked = ctx.layoffs_looked.get().filter(|&(c, g, _)| how == Layoffs::Solve && (c, g) == (cap, goal));
    if let Some((_, _, impossible)) = looked {
        // (the first solve ran this very solve before tracing its answer, and it found none)
        return impossible;
    }
    let (found, impossible) = if how == Layoffs::Look {
        (reach_with(ctx, all_melds(ctx), cap, Some(goal), ANCHORED_STATES, JokerMode::Lazy).0.map(|(_, o)| o), false)
    } else {
        match anchored(ctx, all_melds(ctx), cap, goal, ANCHORED_STATES, true) {
            Anchored::Found(o) => (Some(o), false),
            // A kept meld is modelled with its jokers fixed, while a meld that keeps
            // all its cards may re-read a joker (R2 R3 R4 * + R5 = R2..R5 *=R6): only
            // without table jokers does "impossible" prove that something must move.
            Anchored::Impossible => (None, !table_has_jokers(ctx)),
            Anchored::Unknown => (None, false),
        }
    };
    if let Some(o) = found {
        let mv = moved(ctx, &o);
        if how != Layoffs::After || mv < *best_moved {
            *best = o;
            *best_moved = mv;
            // (nothing moved, unless a Rommé run reaching both aces had to be split)
            *moved_optimal = mv == 0;
        }
    }
    impossible
}

/// An error where the search raced beside this one has proven its answer
/// first ([`mirror::unwanted`]): this one ends at once, without an answer.
fn unwanted() -> Result<(), EngineError> {
    if mirror::unwanted() {
        return Err(EngineError::new("stopped: the search raced beside this one answered first"));
    }
    Ok(())
}

/// Solves the position (`search`) while another thread solves its mirror
/// image ([`mirror`]); the first to prove its answer (objective and fewest
/// moved; with [`TieBreak::None`] the objective) stops the other, whose
/// thread then ends at its next node without being waited for. Where
/// `search` ends without a proof, the mirror gets as long again as `search`
/// took, then is stopped and answers with the best it reached; the better answer is taken. So the race never takes much more
/// than twice the time of `search` alone. Without a thread, `search` alone.
fn race(ctx: &Ctx, search: impl FnOnce() -> Result<TableSolution, EngineError>) -> Result<TableSolution, EngineError> {
    let Some(job) = ctx.mirror.clone() else {
        return search();
    };
    // (without a tie-break, the objective's proof is the whole proof)
    let tie_break = job.tie_break;
    let proven = move |s: &TableSolution| s.optimal && (s.moved_optimal || tie_break == TieBreak::None);
    // (the mirror's own work is not the caller's: a race runs only without a work budget)
    let cutoff = ctx.cutoff.time_only();
    // (raised by the mirror to stop this search, and by this search to stop the mirror)
    let (ours, theirs) = (Arc::new(mirror::Stop::default()), Arc::new(mirror::Stop::default()));
    let (stop_us, stop_it) = (ours.clone(), theirs.clone());
    let (tx, rx) = std::sync::mpsc::channel();
    // (the mirror's keep searches share this solve's fitted prices, read mirrored)
    let board = lagrange::board().map(|(b, _)| b).unwrap_or_default();
    let mirror_search = move || {
        lagrange::with_board(&board, true, || {
            mirror::with_stop(&stop_it, || {
                let (table, hand, rules) = (&job.table, &job.hand, &job.rules);
                let r = solve_grid(rules, table, hand, TableObjective::Cards, &cutoff, job.tie_break, false);
                if r.as_ref().is_ok_and(proven) {
                    stop_us.raise(false);
                }
                // (the receiver is gone where this search proved its answer first)
                let _ = tx.send(r);
            })
        })
    };
    let spawned = mirror::spawn(Box::new(mirror_search), theirs.clone());
    let start = std::time::Instant::now();
    let mine = mirror::with_stop(&ours, search);
    if !spawned || mine.as_ref().is_ok_and(proven) {
        theirs.raise(false);
        return mine;
    }
    let grace = start.elapsed();
    let grace = ctx.cutoff.time_left().map_or(grace, |left| grace.min(left));
    let other = match rx.recv_timeout(grace) {
        Ok(other) => other,
        Err(_) => {
            theirs.raise(true);
            rx.recv().unwrap_or_else(|_| Err(EngineError::new("the mirrored search ended without an answer")))
        }
    };
    let Ok(other) = other.map(|s| mirror::solution(&ctx.g, s)) else {
        return mine;
    };
    // (the better answer: a proven one, else a proven objective, else fewer moved)
    let rank = |s: &TableSolution| (proven(s), s.optimal, std::cmp::Reverse(s.moved));
    match mine {
        Ok(m) if rank(&m) >= rank(&other) => Ok(m),
        _ => Ok(other),
    }
}

#[cfg(test)]
mod tests;
