//! `points` by the cards search where the whole hand can be placed
//! (docs/SEARCH-DESIGN.md §4.5).
//!
//! Every Rommé card scores (2 at least), so the most points are the whole
//! hand's, and the answers reaching them are exactly those placing every hand
//! card: the cards objective's answers placing the whole hand, with the same
//! fewest moved. The cards search proves them with far less work than the
//! points search, whose bound must show every smaller total of points worse.

use super::*;

/// The states the look for the whole hand may take: where it fits, the
/// aspiration finds it at once; where it does not, the proof can cost as much
/// as the points search's own first solve, which then runs as before.
const WHOLE_HAND_PROBE: usize = 3_000;

/// Whether a `points` search asks the cards search first ([`solve`]): a Rommé
/// position on the line whose table may be rearranged (Räuber: `rearrange`;
/// else the cards search would answer with a table the rules keep as it lies),
/// the fewest moved asked for (the bots' `fast` searches keep their own), no
/// binding cap, a hand, and no look before this one that proved the whole hand
/// cannot be placed (its optimum, `known`, below the hand's points).
pub(super) fn asks(ctx: &Ctx, shape: GridShape, rearrange: bool, cap: u32, known: Option<i32>) -> bool {
    ctx.g.game == Game::Romme
        && rearrange
        && !shape.is_cycle()
        && ctx.tie_break == TieBreak::Exact
        && cap as usize >= ctx.hand.len()
        && !ctx.hand.is_empty()
        && known.is_none_or(|k| k >= hand_points(ctx))
        && switches::points_by_cards_on()
}

/// The hand's points, every card placed.
fn hand_points(ctx: &Ctx) -> i32 {
    ctx.hand.iter().map(|&c| ctx.g.card_value(c)).sum()
}

/// What the cards search tells a `points` search ([`solve`]).
pub(super) enum ByCards {
    /// Its answer, where it places the whole hand (proven as far as it proves it).
    Answer(TableSolution),
    /// The ceiling it proved for the points: the hand's points less its cheapest
    /// card's where the whole hand cannot be placed, none where the look was cut.
    Ceiling(Option<i32>),
    /// The look for the whole hand cut by a look's first-solve limit no larger
    /// than its own ([`first_solve_limited`]): the points search's first solve is
    /// cut there too.
    Cut,
}

/// The cards search's answer where it places the whole hand, else what it
/// proved of the points ([`ByCards`]).
pub(super) fn solve(points: &Ctx, cap: u32) -> Result<ByCards, EngineError> {
    let ctx = Ctx { score: Score::Cards, whole_hand_first: true, ..points.clone() };
    // (first whether the whole hand fits at all: the cards search's aspiration alone, not its
    // optimum below the whole hand, which the points search would not use)
    let whole = ctx.hand.len() as i32;
    let m = model_and_cards(&ctx, 0, None);
    let mut probe = Sweep::plain(&m, cap, &ctx.cutoff, first_limit().min(WHOLE_HAND_PROBE), JokerMode::Placed);
    let fits = probe.max_from_root(whole - 1) >= whole;
    probe.charge_rest();
    points.spent.set(points.spent.get() + probe.work());
    // (cut by a look's first-solve limit no larger than its own, which the points search's first
    // solve gets too: on the variants bench's 60-card `points` rows that solve was cut there too
    // on every such look; where the look's limit is larger, as the mirror image's first look's,
    // that solve may end within it)
    if probe.aborted && first_solve_limited() && first_limit() <= WHOLE_HAND_PROBE {
        return Ok(ByCards::Cut);
    }
    if probe.aborted {
        return Ok(ByCards::Ceiling(None));
    }
    if !fits {
        let cheapest = ctx.hand.iter().map(|&c| ctx.g.card_value(c)).min();
        return Ok(ByCards::Ceiling(cheapest.map(|c| hand_points(&ctx) - c)));
    }
    // (its own prices: the bound's fit depends on the objective)
    let sol = lagrange::with_board(&Arc::default(), false, || solve_objective(&ctx, TableObjective::Cards, true, cap))?;
    if sol.optimal && sol.placed.len() == points.hand.len() {
        return Ok(ByCards::Answer(sol));
    }
    // (its first solve cut: the points search answers)
    Ok(ByCards::Ceiling(None))
}

/// `points` on the cycle of ranks (`wrap_around`, §4.10) after its first solve
/// (`first`, reaching `goal`; `aborted`: cut): where that reaches the hand's
/// points, the cards search from there on (its first answer `first`, placing
/// the whole hand): its answers placing the whole hand are the points answers,
/// their fewest moved too, and its keep search proves them with less work (it
/// weighs no card by its points). None where it does not answer (the points
/// search goes on). No probe asks first on the cycle: the plain sweep's look
/// for the whole hand splits its memo by the seam profiles there and is mostly
/// cut at its limit, where the first solve's profile oracle finds the whole
/// hand at once.
pub(super) fn whole_hand_on_the_cycle(
    ctx: &Ctx,
    (goal, first, aborted): (i32, &Outcome, bool),
    rearrange: bool,
    cap: u32,
) -> Option<Result<TableSolution, EngineError>> {
    let asked = ctx.score == Score::Points
        && ctx.g.rules.shape.is_cycle()
        && !aborted
        && rearrange
        && ctx.tie_break == TieBreak::Exact
        && cap as usize >= ctx.hand.len()
        && !ctx.hand.is_empty()
        && goal == hand_points(ctx)
        && switches::points_by_cards_on();
    if !asked {
        return None;
    }
    let whole = ctx.hand.len() as i32;
    // (a search before this one reached the most the objective can: search_cards takes its answer
    // as the first, as net's does the cards search's)
    let reached = Reached { value: whole, answer: first.clone(), work: ctx.spent.get() };
    let cards = Ctx { score: Score::Cards, ceiling: Some(whole), floor: Some(reached), ..ctx.clone() };
    // (its own prices: the bound's fit depends on the objective)
    let sol = lagrange::with_board(&Arc::default(), false, || search_cards(&cards, true, whole as u32));
    ctx.spent.set(cards.spent.get());
    Some(sol)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::{rauber_options, romme_position};

    /// The points search with the cards search first gives the answers of the
    /// points search alone: random Rommé positions (plain and
    /// `no_double_joker`), the same objective, proofs where both finish, the
    /// same fewest moved where both prove it. (On these small tables it saves
    /// no work in all: the look for the whole hand is most of a search there.)
    #[test]
    fn points_by_cards_keeps_every_answer() {
        let mut seed = 53u64;
        let mut whole = 0;
        for i in 0..80 {
            let (table, hand) = romme_position(&mut seed, 4 + i % 14, 3 + i % 11);
            let o = rauber_options(false, i % 2 == 1);
            let solve = |on: bool| {
                switches::POINTS_BY_CARDS_OFF.with(|f| f.set(!on));
                let cutoff = Cutoff::start(Budget::UNLIMITED);
                let s =
                    solve_table_cut(Game::Romme, &table, &hand, TableObjective::Points, &o, &cutoff, TieBreak::Exact);
                switches::POINTS_BY_CARDS_OFF.with(|f| f.set(false));
                s.unwrap()
            };
            let (with, without) = (solve(true), solve(false));
            for m in &with.melds {
                assert!(crate::romme::validate_meld(&m.codes(), &o).is_ok(), "invalid meld {:?}", m.codes());
            }
            let at = format!("{table:?} {hand:?}");
            assert_eq!(with.placed_points, without.placed_points, "{at}");
            assert!(with.optimal && without.optimal, "{at}");
            if with.moved_optimal && without.moved_optimal {
                assert_eq!(with.moved, without.moved, "{at}");
            }
            whole += (with.placed.len() == hand.len()) as u32;
        }
        assert!(whole >= 20, "only {whole} hands placed whole");
    }

    /// Without Räuber the table is not rearranged: a hand that goes out only by
    /// splitting a table run (the two other 5s with the 5 of 2-8) places
    /// nothing, and the cards search asked first must not answer with the split.
    #[test]
    fn points_by_cards_leaves_the_table_unrearranged_without_rauber() {
        let table = vec![vec![1u8, 2, 3, 4, 5, 6, 7]];
        let hand = [17u8, 30];
        let plain = crate::meld::Options::default();
        let s = solve_table_cut(
            Game::Romme,
            &table,
            &hand,
            TableObjective::Points,
            &plain,
            &Cutoff::start(Budget::UNLIMITED),
            TieBreak::Exact,
        )
        .unwrap();
        assert_eq!((s.placed.len(), s.placed_points, s.moved), (0, 0, 0), "{:?}", s.melds);
        // (with Räuber the split places both)
        let rauber = rauber_options(false, false);
        let cutoff = Cutoff::start(Budget::UNLIMITED);
        let s = solve_table_cut(Game::Romme, &table, &hand, TableObjective::Points, &rauber, &cutoff, TieBreak::Exact)
            .unwrap();
        assert_eq!(s.placed.len(), 2);
    }

    /// Position 184 of the variants bench's 60-card plain row (seed 1),
    /// objective `points`: the hand goes out (144 points, 10 moved), but the
    /// points search's keep searches ran out of work in both looks (354,000
    /// work, unproven); the cards search proves it with 71,000.
    const BENCH_184_TABLE: [&[u8]; 16] = [
        &[14, 15, 16, 17],
        &[10, 49, 23, 36],
        &[2, 15, 28, 41],
        &[5, 18, 44],
        &[31, 18, 44, 5],
        &[51, 38, 25],
        &[1, 2, 3],
        &[4, 43, 17, 30],
        &[37, 11, 50, 24],
        &[27, 28, 29, 30, 31],
        &[32, 33, 34, 35, 36],
        &[10, 11, 12, 0],
        &[3, 42, 29],
        &[19, 6, 45, 32],
        &[39, 40, 41, 42, 43],
        &[14, 1, 27],
    ];
    const BENCH_184_HAND: [u8; 13] = [26, 37, 8, 13, 46, 34, 12, 19, 26, 48, 7, 52, 52];

    #[test]
    fn points_by_cards_proves_bench_position_184() {
        let table: Vec<Vec<u8>> = BENCH_184_TABLE.iter().map(|m| m.to_vec()).collect();
        let o = rauber_options(false, false);
        let cutoff = Cutoff::start(Budget::UNLIMITED);
        let s =
            solve_table_cut(Game::Romme, &table, &BENCH_184_HAND, TableObjective::Points, &o, &cutoff, TieBreak::Exact)
                .unwrap();
        assert!(s.optimal && s.moved_optimal, "{} moved, unproven", s.moved);
        assert_eq!((s.placed.len(), s.placed_points, s.moved), (13, 144, 10));
        assert!(cutoff.spent() < 150_000, "{} work", cutoff.spent());
    }

    /// The `wrap` bench's position 148 (seed 1, points): the first solve places the whole hand,
    /// so the cards search goes on from its answer ([`whole_hand_on_the_cycle`]): its keep
    /// search weighs no card by its points and proves the fewest moved with less work than the
    /// points search's keep search (far above the bound below).
    #[test]
    fn points_on_the_cycle_go_on_by_the_cards_search_where_the_hand_goes_out() {
        let table: Vec<Vec<u8>> = vec![
            vec![35, 22, 48, 9],
            vec![2, 15, 28, 41],
            vec![36, 37, 38, 26],
            vec![25, 12, 38, 51],
            vec![14, 15, 16],
            vec![45, 46, 47, 48, 49],
            vec![5, 31, 18],
            vec![3, 42, 16],
            vec![10, 36, 23, 49],
            vec![50, 51, 39],
            vec![1, 14, 27],
            vec![8, 47, 34],
            vec![5, 6, 7],
            vec![37, 11, 50, 52],
            vec![40, 41, 42, 43, 44],
            vec![34, 8, 21],
            vec![7, 46, 20],
        ];
        let hand = [35, 0, 24, 13, 2, 30, 45, 40, 17, 28, 29, 0, 52];
        let names = ["rauber", "wrap_around"];
        let (s, work) = crate::search::tests::solve_romme_checked(&table, &hand, TableObjective::Points, &names);
        assert_eq!((s.placed.len(), s.placed_points, s.moved, s.optimal, s.moved_optimal), (13, 102, 4, true, true));
        assert!(work < 300_000, "{work} work");
    }
}
