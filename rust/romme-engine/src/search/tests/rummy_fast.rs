//! Unit tests of the Rummy searches' first sweep and fast tie-break: the exact-first sweep, the
//! owed-cards check, the shortcuts of the fast tie-break, and a solve's model without its cards.

use super::*;

/// A Rummy `cards` model of a dealt position: table and hand counts by cell, jokers counted apart.
fn rummy_cards_model(table: &[Vec<u8>], hand: &[u8]) -> Model {
    let mut m = Model::new(GridRules::RUMMY, Score::Cards);
    for &code in table.iter().flatten() {
        if code == J {
            m.jokers += 1;
            m.table_jokers += 1;
        } else {
            m.t[code as usize / 13][code as usize % 13] += 1;
        }
    }
    for &code in hand {
        if code == J {
            m.jokers += 1;
        } else {
            m.h[code as usize / 13][code as usize % 13] += 1;
        }
    }
    m
}

/// The exact search alone (the fast tie-break's first sweep on Rummy) finds the value the
/// aspiration finds, and its trace on the exact search's memo the solution the aspiration records,
/// both where the optimum reaches the bound and where it stays below; no aspiration runs after it
/// (its work is the exact search's).
#[test]
fn exact_first_keeps_the_aspiration_answers() {
    let mut seed = 47u64;
    let mut reached = [0; 2];
    for i in 0..80 {
        let (table, hand) = dealt(&mut seed, 2 + i % 9, 1 + i % 7);
        let m = rummy_cards_model(&table, &hand);
        for jokers in [JokerMode::Lazy, JokerMode::Placed] {
            let mut first = Sweep::plain(&m, 127, &Cutoff::NONE, 1_000_000, jokers);
            let v = first.max_root_below(i32::MAX);
            let trace = first.max_trace(v);
            let mut exact = Sweep::plain(&m, 127, &Cutoff::NONE, 1_000_000, jokers);
            assert_eq!(exact.max_root_exact(), v, "{table:?} {hand:?}");
            let mut alone = Sweep::plain(&m, 127, &Cutoff::NONE, 1_000_000, jokers);
            alone.count_owed_cards();
            alone.look_at_suit_futures();
            alone.max_from_root(-1000);
            assert_eq!(exact.work(), alone.work(), "{table:?} {hand:?}");
            assert_eq!(format!("{:?}", exact.max_trace(v)), format!("{trace:?}"), "{table:?} {hand:?}");
            reached[(v == hand.len() as i32) as usize] += 1;
        }
    }
    // (whole hands placed, where the bound is reached, and hands that are not)
    assert!(reached[0] > 10 && reached[1] > 10, "{reached:?}");
}

/// The first sweep's set check also counts what the suits not yet stepped owe their own runs
/// (`Sweep::count_owed_cards`, on in `max_root_exact`): the same value on every dealt
/// position, in both joker modes, and less work over them.
#[test]
fn owed_cards_cut_work_not_values() {
    let mut seed = 53u64;
    let mut work = [0; 2];
    for i in 0..120 {
        let (table, hand) = dealt(&mut seed, 3 + i % 10, 1 + i % 6);
        let m = rummy_cards_model(&table, &hand);
        for jokers in [JokerMode::Lazy, JokerMode::Placed] {
            let mut values = [0; 2];
            for (owed, value) in values.iter_mut().enumerate() {
                let mut sw = Sweep::plain(&m, 127, &Cutoff::NONE, 1_000_000, jokers);
                if owed == 1 {
                    sw.count_owed_cards();
                }
                *value = sw.max_from_root(-1000);
                work[owed] += sw.work();
            }
            assert_eq!(values[0], values[1], "{table:?} {hand:?} {jokers:?}");
        }
    }
    assert!(work[1] < work[0], "{work:?}");
}

/// The first sweep's look at each stepped suit's future (`Sweep::look_at_suit_futures`, on in
/// `max_root_exact`) cuts a suit step whose suit alone can no longer end: the same
/// value and the same traced solution on every dealt position, in both joker modes, and less work.
#[test]
fn suit_futures_cut_work_not_values_or_traces() {
    let mut seed = 59u64;
    let mut work = [0; 2];
    for i in 0..160 {
        let (table, hand) = dealt(&mut seed, 3 + i % 12, 1 + i % 6);
        let m = rummy_cards_model(&table, &hand);
        for jokers in [JokerMode::Lazy, JokerMode::Placed] {
            let mut answers = [(0, String::new()), (0, String::new())];
            for (look, answer) in answers.iter_mut().enumerate() {
                let mut sw = Sweep::plain(&m, 127, &Cutoff::NONE, 1_000_000, jokers);
                sw.count_owed_cards();
                if look == 1 {
                    sw.look_at_suit_futures();
                }
                let v = sw.max_from_root(-1000);
                work[look] += sw.work();
                *answer = (v, format!("{:?}", sw.max_trace(v)));
            }
            assert_eq!(answers[0], answers[1], "{table:?} {hand:?} {jokers:?}");
        }
    }
    assert!(work[1] < work[0], "{work:?}");
}

/// The Rummy expert's sweeps cut by the upper bound only at a position's start
/// (`Sweep::bound_at_starts_only`): on every dealt position, in both joker modes, the same value
/// and traced solution of the first sweep, and the same answer of a goal's search (`reach_root`,
/// the greedy keep tries' search) at the optimum and one above it; only the nodes searched differ.
#[test]
fn bounds_at_starts_only_keep_values_and_traces() {
    let mut seed = 61u64;
    let mut work = [0; 2];
    for i in 0..160 {
        let (table, hand) = dealt(&mut seed, 3 + i % 12, 1 + i % 6);
        let m = rummy_cards_model(&table, &hand);
        for jokers in [JokerMode::Lazy, JokerMode::Placed] {
            let answers = [false, true].map(|starts_only| {
                let mut sw = Sweep::plain(&m, 127, &Cutoff::NONE, 1_000_000, jokers);
                if starts_only {
                    sw.bound_at_starts_only();
                }
                let v = sw.max_root_exact();
                let trace = format!("{:?}", sw.max_trace(v));
                work[starts_only as usize] += sw.work();
                let reached = [v, v + 1].map(|need| {
                    let mut sw = Sweep::plain(&m, 127, &Cutoff::NONE, 1_000_000, jokers);
                    if starts_only {
                        sw.bound_at_starts_only();
                    }
                    let mut path = Vec::new();
                    let ok = sw.reach_root(need, &mut path);
                    work[starts_only as usize] += sw.work();
                    format!("{ok} {path:?}")
                });
                (v, trace, reached)
            });
            assert_eq!(answers[0], answers[1], "{table:?} {hand:?} {jokers:?}");
        }
    }
    // (the switch is on: the nodes searched differ)
    assert_ne!(work[0], work[1], "{work:?}");
}

/// Whole fast solves with the Rummy expert's sweeps bounded only at a position's start place as
/// many hand cards, with the same proofs, as with the bound at every step it cuts elsewhere.
#[test]
fn bounds_at_starts_only_place_as_many_cards() {
    let mut seed = 73u64;
    for i in 0..120 {
        let (table, hand) = dealt(&mut seed, 4 + i % 8, 1 + i % 5);
        for (objective, cap) in [(TableObjective::Cards, 0), (TableObjective::Cards, 2), (TableObjective::Points, 3)] {
            let answers = [false, true].map(|on| {
                let cutoff = Cutoff::start(Budget::work(3_000_000));
                let sol = switches::with_starts_only_bounds(on, || {
                    solve_grid(&rummy(&opts(cap)), &table, &hand, objective, &cutoff, TieBreak::Fast, false)
                })
                .unwrap();
                (sol.placed.len(), sol.placed_points, sol.optimal)
            });
            assert_eq!(answers[0], answers[1], "{table:?} {hand:?} {objective:?} cap {cap}");
        }
    }
}

/// The Rummy expert's fast tie-break looks for an answer moving nothing before it traces the first
/// solve's answer (where it finds one, that answer is not traced or rebuilt), and its greedy tries no
/// meld that an answer taken since keeps whole: on dealt positions the same hand cards placed, as
/// few moved over them, and less work.
#[test]
fn fast_shortcuts_cut_work_not_placed_cards() {
    let mut seed = 71u64;
    let (mut work, mut moved) = ([0; 2], [0; 2]);
    for i in 0..120 {
        let (table, hand) = dealt(&mut seed, 4 + i % 8, 1 + i % 5);
        let mut placed = [0; 2];
        for on in [false, true] {
            let cutoff = Cutoff::start(Budget::work(1_500_000));
            let sol = switches::with_fast_shortcuts(on, || {
                solve_grid(&rummy(&opts(0)), &table, &hand, TableObjective::Cards, &cutoff, TieBreak::Fast, false)
            })
            .unwrap();
            work[on as usize] += cutoff.spent();
            moved[on as usize] += sol.moved;
            placed[on as usize] = sol.placed.len();
        }
        assert_eq!(placed[0], placed[1], "{table:?} {hand:?}");
    }
    assert!(work[1] < work[0], "{work:?}");
    assert!(moved[1] <= moved[0], "{moved:?}");
}

/// An answer that moves nothing claims the fewest moved, whichever step found it: the fast
/// tie-break's greedy step found this one (the joker of 34 35 * re-read as 33 in 33 34 *, the
/// melds kept whole) and left it unclaimed, since no model proved it.
#[test]
fn an_answer_moving_nothing_claims_the_fewest_moved() {
    let table = vec![vec![34, 35, 52], vec![33, 34, 52], vec![46, 47, 48, 49]];
    let hand = [12, 32, 15, 30, 3];
    for tie_break in [TieBreak::Fast, TieBreak::Exact] {
        let cutoff = Cutoff::start(Budget::UNLIMITED);
        let sol =
            solve_grid(&rummy(&opts(0)), &table, &hand, TableObjective::Cards, &cutoff, tie_break, false).unwrap();
        assert_eq!((sol.placed.len(), sol.optimal, sol.moved, sol.moved_optimal), (2, true, 0, true), "{tie_break:?}");
    }
}

/// A solve's context for a Rummy `cards` position (as `solve_grid_shaped` makes it).
fn rummy_ctx(table: &[Vec<u8>], hand: &[u8]) -> Ctx {
    let (g, _, _) = grid_game(&rummy(&opts(0)), TableObjective::Cards).unwrap();
    let layouts = table.iter().enumerate().map(|(i, m)| grid::check_meld(&g, m, i, &|_| String::new()).unwrap());
    Ctx {
        spent: Default::default(),
        g,
        score: Score::Cards,
        layouts: layouts.collect(),
        hand: hand.to_vec(),
        cutoff: Cutoff::NONE,
        tie_break: TieBreak::Fast,
        mirror: None,
        whole_hand_first: false,
        ceiling: None,
        floor: None,
        first_answer: RefCell::default(),
        layoffs_looked: Default::default(),
    }
}

/// The fast tie-break's lay-offs look, run by the first solve before it traced its own answer,
/// answers only a later look for the same hand cap and goal: a look it did not make (here, one
/// for another goal that found nothing) leaves the solve to run, and it finds the lay-off.
#[test]
fn the_first_solves_layoffs_look_answers_only_its_own_goal() {
    // (R4..R8 and R9 in the hand: one lay-off, nothing moved)
    let ctx = rummy_ctx(&[vec![3, 4, 5, 6, 7]], &[8]);
    let mut best = unchanged(&ctx);
    let (mut best_moved, mut moved_optimal) = (5, false);
    ctx.layoffs_looked.set(Some((127, 2, false)));
    let impossible = layoffs_only(&ctx, (127, 1), &mut best, &mut best_moved, &mut moved_optimal, Layoffs::Solve);
    assert_eq!((impossible, best_moved, moved_optimal), (false, 0, true));
    // (its own goal: the look's word, no solve)
    let (mut best_moved, mut moved_optimal) = (5, false);
    ctx.layoffs_looked.set(Some((127, 1, true)));
    let impossible = layoffs_only(&ctx, (127, 1), &mut best, &mut best_moved, &mut moved_optimal, Layoffs::Solve);
    assert_eq!((impossible, best_moved, moved_optimal), (true, 5, false));
}

/// Solves build their model without its physical cards (`model_and_cards`), and the cards only to
/// rebuild an answer: the model is the one `build_model` makes with its cards, with every meld,
/// none or one kept whole, on dealt positions.
#[test]
fn a_model_without_its_cards_is_the_same_model() {
    let mut seed = 59u64;
    for i in 0..60 {
        let (table, hand) = dealt(&mut seed, 2 + i % 9, 1 + i % 8);
        let ctx = rummy_ctx(&table, &hand);
        let all = (1u64 << table.len()) - 1;
        for keep in [0, all, 1 << (i % table.len())] {
            let (m, _) = build_model(&ctx, keep);
            assert_eq!(format!("{:?}", model_and_cards(&ctx, keep, None)), format!("{m:?}"), "{table:?} {hand:?}");
        }
    }
}

/// A rebuild's physical cards are laid out beside the solve's model (`cards_of`), not by building the
/// model again: the same cards as `build_model`'s, with every meld, none or one kept whole, on dealt
/// positions (with no meld kept, the hand naturals no meld can take set aside alike: some positions
/// have them).
#[test]
fn a_models_cards_are_build_models_cards() {
    let mut seed = 61u64;
    let mut set_aside = 0;
    for i in 0..120 {
        let (table, hand) = dealt(&mut seed, 2 + i % 9, 1 + i % 8);
        let ctx = rummy_ctx(&table, &hand);
        let all = (1u64 << table.len()) - 1;
        for keep in [0, all, 1 << (i % table.len())] {
            let (m, cards) = build_model(&ctx, keep);
            set_aside += cards.unplaceable.len();
            let beside = cards_of(&ctx, keep, &m);
            assert_eq!(format!("{beside:?}"), format!("{cards:?}"), "{table:?} {hand:?} keep {keep}");
        }
    }
    assert!(set_aside > 0);
}

/// The old melds an answer keeps whole and the table cards it moves are read in one pass on the stack
/// (`answer::old_melds`): the same as the list form (kept in the test), on the answers of dealt
/// positions (the first solve's rebuilt answer, the table as it lies, and the answer keeping one meld).
#[test]
fn an_answers_old_melds_read_on_the_stack_are_the_lists() {
    // (the list form: the new meld of each old meld's cards while they lie in one, and their count)
    fn by_lists(ctx: &Ctx, o: &Outcome) -> (u64, u32) {
        let mut olds: Vec<(Option<usize>, u32)> = vec![(None, 0); ctx.layouts.len()];
        let laid = o.melds.iter().enumerate().flat_map(|(i, m)| m.cards.iter().map(move |l| (Some(i), l.tile)));
        for (new, t) in laid.chain(o.taken.iter().map(|&t| (None, t))) {
            if let Some(s) = t.src {
                let (meld, n) = &mut olds[s as usize];
                *meld = if *n == 0 { new } else { meld.filter(|&m| Some(m) == new) };
                *n += 1;
            }
        }
        let whole: Vec<(bool, u32)> = olds
            .iter()
            .zip(&ctx.layouts)
            .map(|(&(meld, n), l)| (meld.is_some() && n as usize == l.cards.len(), n))
            .collect();
        let kept = whole.iter().enumerate().filter(|(_, w)| w.0).fold(0, |bits, (i, _)| bits | 1 << i);
        (kept, whole.iter().filter(|w| !w.0).map(|w| w.1).sum())
    }
    let mut seed = 79u64;
    let mut moving = 0;
    for i in 0..120 {
        let (table, hand) = dealt(&mut seed, 2 + i % 9, 1 + i % 8);
        let ctx = rummy_ctx(&table, &hand);
        let mut answers = vec![unchanged(&ctx)];
        for keep in [0, 1 << (i % table.len())] {
            answers.extend(reach_best(&ctx, keep, 127, None, MAX_STATES).0.map(|(_, o)| o));
        }
        for o in &answers {
            moving += (moved(&ctx, o) > 0) as u32;
            assert_eq!((intact(&ctx, o), moved(&ctx, o)), by_lists(&ctx, o), "{table:?} {hand:?} {o:?}");
        }
    }
    assert!(moving > 20, "{moving}");
}

/// The table as it lies (`unchanged`, the answer where nothing fits) is read off the position,
/// not off its model's cards: the same outcome (melds, card ids, the hand's cards in order) as
/// from `build_model`'s cards with every meld kept, on dealt positions.
#[test]
fn the_table_as_it_lies_is_the_models_cards_kept_whole() {
    let mut seed = 71u64;
    for i in 0..120 {
        let (table, hand) = dealt(&mut seed, 2 + i % 9, 1 + i % 8);
        let ctx = rummy_ctx(&table, &hand);
        let by_model = keep_search::unchanged_by_model(&ctx);
        assert_eq!(format!("{:?}", unchanged(&ctx)), format!("{by_model:?}"), "{table:?} {hand:?}");
    }
}

/// An answer's meld that is a table meld as it lay (its cards, in its order) is checked by the table
/// check's layout (`answer::AsLaid`): on dealt positions every table meld as laid is found, its
/// layout's start is the one the meld check reads from its cards, and the meld less a card, with
/// two cards swapped or lengthened by a hand card is not taken as laid.
#[test]
fn a_meld_as_it_lay_keeps_its_checked_layout() {
    let mut seed = 73u64;
    for i in 0..120 {
        let (table, hand) = dealt(&mut seed, 2 + i % 9, 1 + i % 8);
        let ctx = rummy_ctx(&table, &hand);
        let as_laid = answer::AsLaid::of(&ctx);
        for (k, cards) in table_tiles(&ctx).into_iter().enumerate() {
            let codes: Vec<u8> = cards.iter().map(|l| l.tile.code).collect();
            let b = rebuild::Built { run: ctx.layouts[k].kind == MeldKind::Run, cards };
            assert_eq!(as_laid.meld_of(&ctx.layouts, &b), Some(k), "{table:?}");
            assert_eq!(grid::layout(&ctx.g, &codes).map(|l| l.a), Some(ctx.layouts[k].a), "{table:?}");
            let mut short = b.clone();
            short.cards.pop();
            let mut swapped = b.clone();
            swapped.cards.swap(0, 1);
            let mut longer = b.clone();
            longer.cards.push(Laid { tile: Tile { code: hand[0], id: 999, src: None }, stands_for: hand[0] });
            for other in [short, swapped, longer] {
                assert_eq!(as_laid.meld_of(&ctx.layouts, &other), None, "{table:?} {:?}", other.cards);
            }
        }
    }
}

/// The Rummy expert's greedy keep tries stop under their own limits (`RUMMY_GREEDY_LIMITS`: the work, the
/// failed tries, no three-card meld after the second failed try): on dealt positions the answer places as many cards as under the general limits and is proven
/// alike, the search works less in all, and on some positions the tries it no longer makes leave more
/// table cards moved.
#[test]
fn the_rummy_greedy_stops_after_its_third_failed_try() {
    let mut seed = 79u64;
    let (mut work, mut fewer_tries, mut more_moved) = ([0u64; 2], 0, 0);
    for i in 0..120 {
        let (table, hand) = dealt(&mut seed, 8 + i % 10, 3 + i % 7);
        let [general, own] = [false, true].map(|on| {
            switches::with_rummy_greedy_limits(on, || {
                // (a work budget: no mirror race on a second thread, where this thread's switch is not set)
                let cutoff = Cutoff::start(Budget::work(3_000_000));
                let sol =
                    solve_grid(&rummy(&opts(0)), &table, &hand, TableObjective::Cards, &cutoff, TieBreak::Fast, false)
                        .unwrap();
                (sol, cutoff.spent())
            })
        });
        // (as many cards: which ones may differ where the answers keep other melds whole)
        let placed = |sol: &TableSolution| (sol.placed.len(), sol.optimal);
        assert_eq!(placed(&own.0), placed(&general.0), "{table:?} {hand:?}");
        work[0] += general.1;
        work[1] += own.1;
        fewer_tries += (own.1 < general.1) as usize;
        more_moved += (own.0.moved > general.0.moved) as usize;
    }
    assert!(work[1] < work[0] && fewer_tries > 0 && more_moved > 0, "{work:?} {fewer_tries} {more_moved}");
}

/// After its second failed try the Rummy expert's greedy tries no three-card meld (the tries go largest
/// meld first, so it stops there), the meld whose keeping saves the fewest moved cards: on dealt positions
/// under its limits no such try follows two failed ones, while three-card melds are tried before that, and
/// under the general limits some three-card meld is tried after two failed tries.
#[test]
fn the_rummy_greedy_tries_no_three_card_meld_after_its_second_failed_try() {
    let mut seed = 79u64;
    // (three-card melds tried after two failed tries: under the general limits, under the expert's;
    // and under the expert's before two)
    let (mut general_late, mut own_late, mut own_early) = (0, 0, 0);
    for i in 0..120 {
        let (table, hand) = dealt(&mut seed, 8 + i % 10, 3 + i % 7);
        for on in [false, true] {
            let (_, tries) = switches::greedy_tries(|| {
                switches::with_rummy_greedy_limits(on, || {
                    let cutoff = Cutoff::start(Budget::work(3_000_000));
                    solve_grid(&rummy(&opts(0)), &table, &hand, TableObjective::Cards, &cutoff, TieBreak::Fast, false)
                        .unwrap()
                })
            });
            for (_, fails) in tries.into_iter().filter(|&(cards, _)| cards == 3) {
                match (on, fails >= 2) {
                    (false, true) => general_late += 1,
                    (true, true) => own_late += 1,
                    (true, false) => own_early += 1,
                    (false, false) => {}
                }
            }
        }
    }
    assert!(own_late == 0 && own_early > 0 && general_late > 0, "{own_late} {own_early} {general_late}");
}

/// A plain sweep's suit steps read from their lists (`sweep/plain_step.rs`) are the moves the
/// general way makes, in its order: on dealt positions the whole answer (first sweeps, the fast
/// tie-break's anchored solves, keep mode's oracles, traces, rebuilt tables, proofs) and its work
/// are alike with the lists and without, under `cards` with and without a binding cap and under
/// `points` with one; so are a first sweep's value, trace and work in both joker modes.
#[test]
fn plain_steps_make_the_general_moves() {
    let mut seed = 61u64;
    for i in 0..160 {
        let (table, hand) = dealt(&mut seed, 3 + i % 12, 1 + i % 7);
        for run in SWITCHED_RUNS {
            if run.2 == TieBreak::Exact && i % 4 != 0 {
                continue;
            }
            answers_alike(&table, &hand, run, |on, solve| switches::with_plain_steps(on, solve));
        }
        let m = rummy_cards_model(&table, &hand);
        for jokers in [JokerMode::Lazy, JokerMode::Placed] {
            let answers = [false, true].map(|on| {
                switches::with_plain_steps(on, || {
                    let mut sw = Sweep::plain(&m, 127, &Cutoff::NONE, 1_000_000, jokers);
                    sw.count_owed_cards();
                    sw.look_at_suit_futures();
                    let v = sw.max_from_root(-1000);
                    format!("{v} {:?} work {}", sw.max_trace(v), sw.work())
                })
            });
            assert_eq!(answers[0], answers[1], "{table:?} {hand:?} {jokers:?}");
        }
    }
}

/// A rebuild that passes a suit's empty steps at once (no open run, no card at the cell, nothing
/// kept starting there, the option doing nothing) builds every answer as the general suit step
/// does: 160 dealt positions under `cards` with and without a binding cap, `points` with one, and
/// the exact tie-break (keep mode's rebuilt answers), alike with the fast step and without.
#[test]
fn rebuilds_pass_empty_steps_alike() {
    let mut seed = 67u64;
    for i in 0..160 {
        let (table, hand) = dealt(&mut seed, 3 + i % 12, 1 + i % 7);
        for run in SWITCHED_RUNS {
            answers_alike(&table, &hand, run, |on, solve| switches::with_empty_steps(on, solve));
        }
    }
}

/// The solves the switch tests compare: `cards` with and without a binding cap, `points` with
/// one, and the exact tie-break (objective, cap, tie-break).
const SWITCHED_RUNS: [(TableObjective, i64, TieBreak); 4] = [
    (TableObjective::Cards, 0, TieBreak::Fast),
    (TableObjective::Cards, 2, TieBreak::Fast),
    (TableObjective::Points, 3, TieBreak::Fast),
    (TableObjective::Cards, 0, TieBreak::Exact),
];

/// Asserts that a solve of `table` / `hand` under `run` answers alike, work included, with a
/// switch off and on (`switched(on, solve)` runs the solve with it set so).
fn answers_alike(
    table: &[Vec<u8>],
    hand: &[u8],
    (objective, cap, tie_break): (TableObjective, i64, TieBreak),
    switched: fn(bool, &dyn Fn() -> String) -> String,
) {
    let answers = [false, true].map(|on| {
        switched(on, &|| {
            // (a work budget: no mirror race on a second thread, where this thread's switch is not set)
            let cutoff = Cutoff::start(Budget::work(3_000_000));
            let sol = solve_grid(&rummy(&opts(cap)), table, hand, objective, &cutoff, tie_break, false);
            format!("{sol:?} work {}", cutoff.spent())
        })
    });
    assert_eq!(answers[0], answers[1], "{table:?} {hand:?} {objective:?} cap {cap} {tie_break:?}");
}
