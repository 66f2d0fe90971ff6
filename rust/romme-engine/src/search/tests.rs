//! Unit tests of the table search.

use super::switches::CARRIERS_OFF;
use super::*;
use crate::testkit::{grid_position, splitmix as next, GridDeal};
use std::time::{Duration, Instant};

const J: u8 = 52;
fn c(colour: u8, n: u8) -> u8 {
    colour * 13 + n - 1
}
fn opts(cap: i64) -> Options {
    Options::from_pairs([("max_hand_cards_per_turn".to_string(), cap)])
}
/// Rummy's rules under `o`, read as the search's entry reads them.
fn rummy(o: &Options) -> GameRules {
    GameRules::read(Game::Rummy, o).unwrap()
}

fn placed(table: &[Vec<u8>], hand: &[u8], cap: i64) -> usize {
    let s = solve_table(Game::Rummy, table, hand, TableObjective::Cards, &opts(cap), 0).unwrap();
    s.placed.len()
}

#[test]
fn brief_cases() {
    let (b, r, g, y) = (0, 1, 2, 3);
    assert_eq!(placed(&[vec![c(b, 5), c(b, 6), c(b, 7)]], &[J], 0), 1);
    let t = vec![vec![c(b, 5), c(b, 6), c(b, 7), J]];
    assert_eq!(placed(&t, &[c(r, 9), c(g, 9), c(y, 9)], 0), 3);
    assert_eq!(placed(&t, &[c(r, 9), c(g, 9), c(y, 9)], 2), 2);
    assert_eq!(placed(&t, &[c(r, 9), c(g, 9), c(y, 9)], 1), 0);
    assert_eq!(placed(&[vec![c(r, 12), c(r, 13), J]], &[c(r, 11)], 0), 1);
    assert_eq!(placed(&[], &[c(r, 12), c(r, 13), J, J], 0), 4);
    assert_eq!(placed(&[], &[c(r, 12), c(r, 13), J, J], 3), 3);
    let mut all: Vec<u8> = (1..=13).map(|n| c(b, n)).collect();
    all.push(J);
    assert_eq!(placed(&[], &all, 0), 14);
    assert_eq!(placed(&[vec![c(b, 5), c(r, 5), c(g, 5)]], &[c(b, 5)], 0), 0);
    assert_eq!(placed(&[vec![c(b, 1), c(b, 2), c(b, 3)]], &[c(b, 13)], 0), 0);
    let run: Vec<u8> = (3..=8).map(|n| c(b, n)).collect();
    assert_eq!(placed(&[run], &[c(b, 6), c(b, 7), c(b, 9)], 0), 3);
}

#[test]
fn never_panics_on_random_input() {
    let mut seed = 7u64;
    let mut ok = 0;
    for i in 0..3000 {
        let game = if i % 2 == 0 { Game::Rummy } else { Game::Romme };
        let mut table = Vec::new();
        for _ in 0..next(&mut seed) % 4 {
            let len = 1 + next(&mut seed) % 5;
            // mostly plausible melds: a run or a set, sometimes garbage
            let base = (next(&mut seed) % 52) as u8;
            let kind = next(&mut seed) % 3;
            let mut m: Vec<u8> = Vec::new();
            for k in 0..len as u8 {
                let c = match kind {
                    0 => base.saturating_add(k).min(53),
                    1 => (base % 13) + 13 * (k % 4),
                    _ => (next(&mut seed) % 56) as u8,
                };
                m.push(if next(&mut seed).is_multiple_of(6) { 52 } else { c });
            }
            table.push(m);
        }
        let hand: Vec<u8> = (0..next(&mut seed) % 12).map(|_| (next(&mut seed) % 54) as u8).collect();
        let obj = [TableObjective::Cards, TableObjective::Points, TableObjective::Net][i % 3];
        let mut o = vec![("rauber".to_string(), (i % 4 != 0) as i64)];
        if game == Game::Rummy {
            o = vec![("max_hand_cards_per_turn".to_string(), (i % 5) as i64)];
        } else if i % 5 == 0 {
            o.push(("rauber_table_to_hand".to_string(), 1));
        }
        match solve_table(game, &table, &hand, obj, &Options::from_pairs(o), 200) {
            Ok(_) => ok += 1,
            Err(e) => assert!(!e.0.contains("internal"), "{e} for {table:?} {hand:?}"),
        }
    }
    assert!(ok > 300, "only {ok} valid positions");
}

#[test]
fn invalid_table_is_an_error() {
    let e = solve_table(Game::Rummy, &[vec![0, 1]], &[], TableObjective::Cards, &opts(12), 0).unwrap_err();
    assert!(e.0.contains("table meld 1"), "{e}");
}

/// The joker-demand bound (`JokerNeed`) must not cut cards whose meld takes
/// jokers laid before the cut, or every free joker.
#[test]
fn joker_demand_bound_keeps_the_optimum() {
    let b = 0;
    // b13 needs both jokers (set or run), and gets them
    assert_eq!(placed(&[], &[c(b, 13), J, J], 0), 3);
    // b8 needs a joker at b6, laid before b8's position is reached
    assert_eq!(placed(&[], &[c(b, 5), J, c(b, 7), c(b, 8)], 0), 4);
    // the table joker stands for b11; b12 and b13 extend past it
    assert_eq!(placed(&[vec![c(b, 9), c(b, 10), J]], &[c(b, 12), c(b, 13)], 0), 2);
    // a kept run counts as present: r6 extends it without a joker after both
    // jokers went to b1 (the anchored solve keeping the run must find that)
    let r = 1;
    let t = vec![vec![c(r, 3), c(r, 4), c(r, 5)]];
    let s = solve_table(Game::Rummy, &t, &[c(r, 6), c(b, 1), J, J], TableObjective::Cards, &opts(0), 0).unwrap();
    assert_eq!((s.placed.len(), s.moved, s.moved_optimal), (4, 0, true));
    // one joker short: b13 cannot be placed, the rest can
    assert_eq!(placed(&t, &[c(r, 6), c(b, 13), J], 0), 2);
}

/// Naturals that cannot share a joker each need their own (`JokerNeed::short_of`);
/// those that can must not be counted twice.
#[test]
fn joker_sharing_bound_keeps_the_optimum() {
    let (b, r, y) = (0, 1, 3);
    // two copies lie in different melds: one joker places one b12 b13 pair
    assert_eq!(placed(&[], &[c(b, 12), c(b, 12), c(b, 13), c(b, 13), J], 0), 3);
    assert_eq!(placed(&[], &[c(b, 12), c(b, 12), c(b, 13), c(b, 13), J, J], 0), 6);
    // one set shares its joker between two colours
    assert_eq!(placed(&[], &[c(r, 13), c(y, 13), J], 0), 3);
    // one run shares its joker between b10 and b12
    assert_eq!(placed(&[], &[c(b, 10), c(b, 12), J], 0), 3);
    // different suits and positions: the second joker is missing
    assert_eq!(placed(&[], &[c(b, 10), c(b, 11), c(r, 12), c(r, 13), J], 0), 3);
}

fn solve(table: &[Vec<u8>], hand: &[u8]) -> TableSolution {
    solve_table(Game::Rummy, table, hand, TableObjective::Cards, &opts(0), 0).unwrap()
}

/// The fewest moved table cards are proven: free when no meld is lighter than
/// the answer, else by ruling out each lighter set of melds to break.
#[test]
fn fewest_moved_is_proven() {
    let (b, r) = (0, 1);
    // b6 b7 b9 need the 6-run split: 6 moved, and no meld is lighter
    let run: Vec<u8> = (3..=8).map(|n| c(b, n)).collect();
    let s = solve(&[run], &[c(b, 6), c(b, 7), c(b, 9)]);
    assert_eq!((s.placed.len(), s.moved, s.moved_optimal), (3, 6, true));
    // the 4-run b5..b8 must go (4 moved); breaking r1 r2 r3 alone (3) is ruled out
    let t = vec![vec![c(r, 1), c(r, 2), c(r, 3)], (5..=8).map(|n| c(b, n)).collect()];
    let s = solve(&t, &[c(b, 6), c(b, 7), c(b, 9)]);
    assert_eq!((s.placed.len(), s.moved, s.moved_optimal), (3, 4, true));
    // lay-offs suffice: nothing moves
    let s = solve(&t, &[c(r, 4), c(b, 9)]);
    assert_eq!((s.placed.len(), s.moved, s.moved_optimal), (2, 0, true));
}

/// A table joker may be re-read inside a meld that keeps all its cards, which the
/// kept-meld model cannot express: then a positive `moved` is never claimed minimal.
#[test]
fn table_jokers_leave_moved_unproven() {
    let r = 1;
    // R2 R3 R4 * | R3 R4 R5 + R5: R2 R3 R4 R5 *=R6 moves nothing
    let t = vec![vec![c(r, 2), c(r, 3), c(r, 4), J], vec![c(r, 3), c(r, 4), c(r, 5)]];
    let s = solve(&t, &[c(r, 5)]);
    assert_eq!(s.placed.len(), 1);
    assert!(s.moved == 0 || !s.moved_optimal, "moved {} claimed minimal", s.moved);
}

/// A kept set of four keeps its joker: a kept run's private joker the sweep
/// laid elsewhere is not made up with it (a bench position, 60 table cards,
/// where that answer moved 10 cards, unproven).
#[test]
fn kept_set_keeps_its_joker() {
    let t = vec![
        vec![48, 49, 50, 51],
        vec![28, 29, 30, 31],
        vec![42, 29, 16],
        vec![13, 39, 0, 26],
        vec![30, 31, 32, 33],
        vec![34, 35, 36, 37],
        vec![28, 2, 41],
        vec![37, 50, 24],
        vec![32, 33, 34, 35, 36],
        vec![3, 4, 5, 6, 7],
        vec![40, 14, 27],
        vec![52, 10, 11],
        vec![18, 19, 20, 21, 22],
        vec![39, 13, 26],
        vec![14, 15, 16],
        vec![52, 15, 2],
        vec![7, 46, 20],
    ];
    let hand = [41, 8, 25, 5, 47, 21, 17, 38, 19, 1, 9, 11, 9, 44, 45, 47, 12, 3];
    let s = solve(&t, &hand);
    assert_eq!((s.placed.len(), s.moved, s.moved_optimal), (18, 6, true));
}

/// Points with a binding cap on a table with jokers: every old meld can stay
/// whole (B2 B2 B5 onto B3 B4 B5 and onto `* B3 B4`, its joker read anew; R3
/// onto `R1 R2 *`), so a search that claims the fewest moved must have moved
/// nothing (a search that kept a run's jokers where they lie missed it; found
/// by the integer-program oracle, `tests/tables/test_table_ilp.py`).
#[test]
fn capped_points_with_table_jokers_keep_every_meld_whole() {
    let (b, r, g) = (0, 1, 2);
    let t = vec![
        vec![c(b, 1), c(r, 1), c(g, 1)],
        vec![c(b, 3), c(b, 4), c(b, 5)],
        vec![c(r, 1), c(r, 2), J],
        vec![J, c(b, 3), c(b, 4)],
    ];
    let hand = [c(b, 1), c(b, 2), c(b, 2), c(b, 5), c(r, 3)];
    let s = solve_table_with(Game::Rummy, &t, &hand, TableObjective::Points, &opts(4), 0, TieBreak::Exact).unwrap();
    assert!(s.optimal);
    assert_eq!(s.placed_points, 12);
    assert!(s.moved == 0 || !s.moved_optimal, "moved {} claimed the fewest", s.moved);
}

/// Points with a binding cap: the fewest moved is sought among the best
/// points with any count of hand cards up to the cap, not only the count of
/// the first answer (12 cards for 119 points move 13 table cards; 11 cards for
/// 119 points move 8; found by the integer-program oracle on a bench position).
#[test]
fn capped_points_take_any_count_for_the_fewest_moved() {
    let t = vec![
        vec![1, 14, 40],
        vec![5, 31, 44, 18],
        vec![41, 42, 43, 44, 45],
        vec![8, 9, 10, 11],
        vec![0, 1, 2, 3, 4],
        vec![22, 9, 48, 35],
        vec![23, 36, 49, 10],
        vec![29, 30, 31],
    ];
    let hand = [24, 11, 21, 27, 13, 48, 51, 47, 26, 47, 33, 21, 37, 22, J];
    let s = solve_table_with(Game::Rummy, &t, &hand, TableObjective::Points, &opts(12), 0, TieBreak::Exact).unwrap();
    assert_eq!((s.placed_points, s.moved, s.moved_optimal), (119, 8, true));
}

/// Points with a binding cap and two jokered runs of one colour: the keep
/// search's cases each start with every card of the cap left, whatever the
/// oracle handed on from the case before last asked about (B4 B6 with the
/// joker of `* R4 R5`, whose R4 R5 extend R1 R2 R3, moves 3; with the joker of
/// `* R2 R3 R4` it moves 4; found by the integer-program oracle).
#[test]
fn capped_points_cases_start_with_the_whole_cap() {
    let (b, r) = (0, 1);
    let t = vec![
        vec![J, c(r, 2), c(r, 3), c(r, 4)],
        vec![c(b, 1), c(b, 2), c(b, 3)],
        vec![c(b, 1), c(b, 2), c(b, 3)],
        vec![J, c(r, 4), c(r, 5)],
        vec![c(r, 1), c(r, 2), c(r, 3)],
    ];
    let hand = [c(b, 4), c(b, 6), c(b, 4)];
    let s = solve_table_with(Game::Rummy, &t, &hand, TableObjective::Points, &opts(2), 0, TieBreak::Exact).unwrap();
    assert_eq!((s.placed_points, s.moved, s.optimal, s.moved_optimal), (10, 3, true, true));
}

/// A hand natural left for the set stage counts only if a set can still take it
/// (two more colours there, jokers, or a kept set of three).
#[test]
fn set_stage_bound_keeps_the_optimum() {
    let (b, r, g, y) = (0, 1, 2, 3);
    // the other colours come from suits stepped later
    assert_eq!(placed(&[], &[c(b, 5), c(r, 5), c(g, 5)], 0), 3);
    // or from jokers
    assert_eq!(placed(&[], &[c(y, 5), J, J], 0), 3);
    // a kept set of three takes the fourth colour: nothing moves
    let s = solve(&[vec![c(r, 5), c(g, 5), c(y, 5)]], &[c(b, 5)]);
    assert_eq!((s.placed.len(), s.moved, s.moved_optimal), (1, 0, true));
    // a lone b5 with one joker has no set (and no run): it stays
    assert_eq!(placed(&[], &[c(b, 5), J], 0), 0);
}

/// A random Rummy position: melds dealt from the deck (runs and sets, a joker
/// in some), a hand from the rest.
fn dealt(seed: &mut u64, melds: usize, hand: usize) -> (Vec<Vec<u8>>, Vec<u8>) {
    let valid = |m: &[u8]| crate::rummy::validate_meld(m, &Options::default()).is_ok();
    grid_position(seed, melds, hand, &GridDeal { top_cell: 13, code: c, joker: J, valid })
}

/// The mirrored search's answer, mirrored back, is an answer to the position:
/// valid melds, the table's cards plus the placed ones, runs ascending, and
/// as good as the position's own (the race may return either).
#[test]
fn mirrored_answers_map_back() {
    let mut seed = 11u64;
    let o = opts(0);
    let g = grid_game(&rummy(&o), TableObjective::Cards).unwrap().0;
    for _ in 0..40 {
        let (table, hand) = dealt(&mut seed, 6, 8);
        let own = solve_grid(&rummy(&o), &table, &hand, TableObjective::Cards, &Cutoff::NONE, TieBreak::Exact, false)
            .unwrap();
        let mt: Vec<Vec<u8>> = table.iter().map(|m| mirror::codes(m)).collect();
        let back = mirror::solution(
            &g,
            solve_grid(
                &rummy(&o),
                &mt,
                &mirror::codes(&hand),
                TableObjective::Cards,
                &Cutoff::NONE,
                TieBreak::Exact,
                false,
            )
            .unwrap(),
        );
        let mut cards: Vec<u8> = table.iter().flatten().chain(&back.placed).copied().collect();
        let mut laid: Vec<u8> = back.melds.iter().flat_map(|m| m.codes()).collect();
        cards.sort();
        laid.sort();
        assert_eq!(cards, laid, "{table:?} {hand:?}");
        for m in &back.melds {
            assert!(crate::rummy::validate_meld(&m.codes(), &Options::default()).is_ok(), "{table:?} {hand:?}");
            assert!(m.cards.iter().all(|p| p.code == J || p.code == p.stands_for));
            if m.kind == MeldKind::Run {
                // (ascending, each card standing for the next number)
                assert!(m.cards.windows(2).all(|w| w[1].stands_for == w[0].stands_for + 1), "{:?}", m.cards);
            }
        }
        assert_eq!(back.placed.len(), own.placed.len());
        if back.moved_optimal && own.moved_optimal {
            assert_eq!(back.moved, own.moved, "{table:?} {hand:?}");
        }
        let points: i32 = back.placed.iter().map(|&x| if x == J { 25 } else { x as i32 % 13 + 1 }).sum();
        assert_eq!(back.placed_points, points);
        // the race returns one of the two, as good as both
        let raced = solve_table(Game::Rummy, &table, &hand, TableObjective::Cards, &o, 0).unwrap();
        assert_eq!(raced.placed.len(), own.placed.len());
        if raced.moved_optimal && own.moved_optimal {
            assert_eq!(raced.moved, own.moved);
        }
    }
}

/// Dominance (suit options whose runs another option's outdo dropped, and a
/// dominating state's memo entry as a bound) keeps every answer: the same
/// objective, the same fewest moved where both are proven.
#[test]
fn dominance_keeps_the_answers() {
    let mut seed = 31u64;
    let o = opts(0);
    for i in 0..60 {
        let (table, hand) = dealt(&mut seed, 3 + i % 9, 5 + i % 11);
        for objective in [TableObjective::Cards, TableObjective::Points] {
            let solve = |on| {
                let go = || solve_grid(&rummy(&o), &table, &hand, objective, &Cutoff::NONE, TieBreak::Exact, false);
                switches::with_dominance(on, go).unwrap()
            };
            let (with, without) = (solve(true), solve(false));
            check_answer(Game::Rummy, &table, &hand, &o, &with);
            let value = |s: &TableSolution| match objective {
                TableObjective::Points => s.placed_points,
                _ => s.placed.len() as i32,
            };
            assert_eq!(value(&with), value(&without), "{table:?} {hand:?}");
            if with.moved_optimal && without.moved_optimal {
                assert_eq!(with.moved, without.moved, "{table:?} {hand:?}");
            }
        }
    }
}

/// The Lagrangian bound never cuts a state below what it can keep: on random
/// tables, with the bound priced from the first node, every state it cuts (at
/// a position's start or halfway through one) is searched again without it,
/// and the answers are those of the search without the bound. Also without
/// carriers, whose second searches read a run's joker where it lies (a
/// committed joker still to lay: the check found that once; the halfway
/// bound's first version, which left the kept sets' own naturals out of the
/// position's sets, it found at once).
#[test]
fn lagrange_bound_never_cuts_an_answer() {
    use super::switches::{HALFWAY_CHECKS, LAGRANGE_AFTER, LAGRANGE_CHECKS};
    let mut seed = 77u64;
    let o = opts(0);
    LAGRANGE_CHECKS.with(|x| x.set(Some(0)));
    for i in 0..160 {
        let (table, hand) = dealt(&mut seed, 4 + i % 12, 6 + i % 13);
        for (objective, carriers_off) in [(TableObjective::Cards, false), (TableObjective::Points, i % 2 == 1)] {
            let solve = |after: u64| {
                LAGRANGE_AFTER.with(|x| x.set(Some(after)));
                CARRIERS_OFF.with(|f| f.set(carriers_off));
                let s = solve_grid(&rummy(&o), &table, &hand, objective, &Cutoff::NONE, TieBreak::Exact, false);
                CARRIERS_OFF.with(|f| f.set(false));
                LAGRANGE_AFTER.with(|x| x.set(None));
                s.unwrap()
            };
            let (with, without) = (solve(0), solve(u64::MAX));
            check_answer(Game::Rummy, &table, &hand, &o, &with);
            assert_eq!(
                (with.placed.len(), with.placed_points),
                (without.placed.len(), without.placed_points),
                "{table:?} {hand:?}"
            );
            assert_eq!(with.moved_optimal, without.moved_optimal, "{table:?} {hand:?}");
            if with.moved_optimal {
                assert_eq!(with.moved, without.moved, "{table:?} {hand:?}");
            }
        }
    }
    let cuts = LAGRANGE_CHECKS.with(|x| x.take()).unwrap_or(0);
    let halfway = HALFWAY_CHECKS.with(|x| x.take());
    assert!(cuts >= 1000, "only {cuts} states cut by the bound");
    assert!(halfway >= 1000, "only {halfway} states cut halfway through a position");
}

/// Carriers of private jokers make keep mode exact where runs hold jokers:
/// on random tables with jokers in runs, the answers with carriers are those
/// of the relaxed model (whose answers are checked and searched again where
/// a kept run cannot get its jokers back), and proven at least as often.
#[test]
fn carriers_keep_the_answers() {
    let mut seed = 77u64;
    let o = opts(0);
    let (mut proven_on, mut proven_off, mut with_jokers) = (0, 0, 0);
    for i in 0..160 {
        let (table, hand) = dealt(&mut seed, 4 + i % 12, 6 + i % 13);
        let is_run =
            |m: &Vec<u8>| crate::rummy::validate_meld(m, &Options::default()).is_ok_and(|k| k.kind == MeldKind::Run);
        if !table.iter().any(|m| m.contains(&J) && is_run(m)) {
            continue;
        }
        with_jokers += 1;
        // (the points objective too: its keep search is the same)
        for objective in [TableObjective::Cards, TableObjective::Points] {
            let solve = |off: bool| {
                CARRIERS_OFF.with(|f| f.set(off));
                let s = solve_grid(&rummy(&o), &table, &hand, objective, &Cutoff::NONE, TieBreak::Exact, false);
                CARRIERS_OFF.with(|f| f.set(false));
                s.unwrap()
            };
            let (on, off) = (solve(false), solve(true));
            check_answer(Game::Rummy, &table, &hand, &o, &on);
            assert_eq!(
                (on.placed.len(), on.placed_points),
                (off.placed.len(), off.placed_points),
                "{table:?} {hand:?}"
            );
            if on.moved_optimal && off.moved_optimal {
                assert_eq!(on.moved, off.moved, "{table:?} {hand:?}");
            }
            if on.moved_optimal {
                assert!(on.moved <= off.moved, "{table:?} {hand:?}");
            }
            proven_on += on.moved_optimal as u32;
            proven_off += off.moved_optimal as u32;
        }
    }
    assert!(with_jokers >= 40, "{with_jokers} tables with a joker in a run");
    assert!(proven_on >= proven_off, "{proven_on} proven with carriers, {proven_off} without");
}

/// Without a tie-break the search stops at its first optimal table: the
/// objective of every tie-break, moved cards never fewer than proven.
#[test]
fn no_tie_break_keeps_the_objective() {
    let mut seed = 23u64;
    let o = opts(0);
    for _ in 0..40 {
        let (table, hand) = dealt(&mut seed, 7, 10);
        for objective in [TableObjective::Cards, TableObjective::Points] {
            let solve = |tb| solve_table_with(Game::Rummy, &table, &hand, objective, &o, 0, tb).unwrap();
            let (exact, none) = (solve(TieBreak::Exact), solve(TieBreak::None));
            let value = |s: &TableSolution| match objective {
                TableObjective::Points => s.placed_points,
                _ => s.placed.len() as i32,
            };
            assert_eq!(value(&none), value(&exact), "{table:?} {hand:?}");
            let mut cards: Vec<u8> = table.iter().flatten().chain(&none.placed).copied().collect();
            let mut laid: Vec<u8> = none.melds.iter().flat_map(|m| m.codes()).collect();
            cards.sort();
            laid.sort();
            assert_eq!(cards, laid, "{table:?} {hand:?}");
            assert!(none.optimal && (none.moved >= exact.moved || !exact.moved_optimal));
            assert!(!none.moved_optimal || none.moved == 0);
        }
    }
}

/// The 60-card `wrap` bench's position 21 (seed 1): table and hand.
pub(crate) fn wrap_bench_21() -> (Vec<Vec<u8>>, [u8; 13]) {
    let table: Vec<Vec<u8>> = vec![
        vec![18, 19, 20, 21],
        vec![14, 1, 40, 27],
        vec![7, 8, 9, 10, 11],
        vec![1, 2, 3, 4, 5],
        vec![51, 12, 38, 25],
        vec![43, 44, 45, 46],
        vec![23, 24, 25, 13],
        vec![44, 45, 46, 47, 48],
        vec![41, 42, 43],
        vec![29, 3, 42, 16],
        vec![15, 2, 28, 41],
        vec![28, 29, 30, 31],
        vec![18, 19, 52],
        vec![14, 15, 16],
        vec![23, 10, 36, 49],
    ];
    (table, [38, 50, 32, 7, 27, 48, 21, 0, 12, 11, 30, 34, 52])
}

/// Rommé with the options `names` (each on): the exact table search's answer for `objective`, checked
/// by [`check_answer`], and the work it spent (the pinned positions' work caps read it).
pub(super) fn solve_romme_checked(
    table: &[Vec<u8>],
    hand: &[u8],
    objective: TableObjective,
    names: &[&str],
) -> (TableSolution, u64) {
    let o = Options::from_pairs(names.iter().map(|n| (n.to_string(), 1)));
    let cutoff = Cutoff::start(Budget::UNLIMITED);
    let s = solve_table_cut(Game::Romme, table, hand, objective, &o, &cutoff, TieBreak::Exact).unwrap();
    check_answer(Game::Romme, table, hand, &o, &s);
    (s, cutoff.spent())
}

/// An answer of `game`: every meld valid under the rules, the old table plus
/// the placed cards minus the taken ones, nothing moved without rearranging.
pub(super) fn check_answer(game: Game, table: &[Vec<u8>], hand: &[u8], o: &Options, s: &TableSolution) {
    for m in &s.melds {
        assert!(crate::hand::validate_meld(game, &m.codes(), o, 0).is_ok(), "invalid meld {:?}", m.codes());
    }
    let mut before: Vec<u8> = table.iter().flatten().chain(&s.placed).copied().collect();
    for t in &s.taken {
        let i = before.iter().position(|c| c == t).expect("taken from the table");
        before.swap_remove(i);
    }
    let mut after: Vec<u8> = s.melds.iter().flat_map(|m| m.codes()).collect();
    before.sort();
    after.sort();
    assert_eq!(before, after);
    let mut left = hand.to_vec();
    for p in &s.placed {
        let i = left.iter().position(|c| c == p).expect("placed from the hand");
        left.swap_remove(i);
    }
}

/// Found by fuzzing: a capped points search cut by its budget kept its cap; a
/// lay-off search cut by its budget answers; a 13-card Rommé run with the ace
/// high takes no ace below it (no 14-card run, nothing moved without Räuber).
#[test]
fn fuzz_findings() {
    let capped = Options::from_pairs([("max_hand_cards_per_turn".to_string(), 3)]);
    let hand: Vec<u8> = (0..52u8).chain(0..8).collect();
    let s = solve_table_with(Game::Rummy, &[], &hand, TableObjective::Points, &capped, 1, TieBreak::Exact).unwrap();
    assert!(s.placed.len() <= 3);
    let hand = [52, 32, 39, 18, 46, 43, 52, 52, 35, 28, 31, 13, 16, 7, 39, 32];
    let plain = Options::default();
    for budget in [1, 0] {
        let s = solve_table_with(Game::Romme, &[], &hand, TableObjective::Cards, &plain, budget, TieBreak::Exact);
        check_answer(Game::Romme, &[], &hand, &plain, &s.unwrap());
    }
    // 2d..Kd Ad: an Ad (or a joker) from the hand cannot go below it
    let high_run: Vec<u8> = (14..26).chain([13]).collect();
    for hand in [[13u8], [52]] {
        let table = [high_run.clone()];
        let s =
            solve_table_with(Game::Romme, &table, &hand, TableObjective::Cards, &plain, 0, TieBreak::Exact).unwrap();
        check_answer(Game::Romme, &table, &hand, &plain, &s);
        assert_eq!((s.placed.len(), s.moved), (0, 0));
    }
    let rauber = Options::from_pairs([("rauber".to_string(), 1)]);
    let table = [vec![52, 16, 17, 18, 19, 52, 21, 22, 23, 24, 25, 13], vec![52, 4, 52], vec![5, 6, 7]];
    let hand = [13, 52, 47];
    for tb in [TieBreak::Exact, TieBreak::Fast, TieBreak::None] {
        let s = solve_table_with(Game::Romme, &table, &hand, TableObjective::Cards, &rauber, 0, tb).unwrap();
        check_answer(Game::Romme, &table, &hand, &rauber, &s);
    }
    // A♠..J♠ and six jokers: the sweep ran the table run on to the ace high (14 cards);
    // split as A..J and * * * it was invalid. Its spare end joker goes to another meld.
    let table = [(0..11).collect::<Vec<u8>>()];
    let hand = [52, 7, 6, 0, 52, 52, 52, 52, 52];
    for tb in [TieBreak::Exact, TieBreak::Fast] {
        let s = solve_table_with(Game::Romme, &table, &hand, TableObjective::Cards, &rauber, 0, tb).unwrap();
        check_answer(Game::Romme, &table, &hand, &rauber, &s);
        assert_eq!((s.placed.len(), s.moved, s.moved_optimal), (9, 0, true));
    }
    // A♠..9♠ and six jokers, lay-offs only: the sweep ran the run on to the ace high with
    // five jokers and split it (nine cards moved without Räuber). Four jokers fit (10..K).
    let table = [(0..9).collect::<Vec<u8>>()];
    for tb in [TieBreak::Exact, TieBreak::Fast] {
        let s = solve_table_with(Game::Romme, &table, &[52; 6], TableObjective::Cards, &plain, 0, tb).unwrap();
        check_answer(Game::Romme, &table, &[52; 6], &plain, &s);
        assert_eq!((s.placed.len(), s.moved), (4, 0));
    }
}

/// Found by fuzzing: a kept run 7♦..K♦ A♦ with its joker as a private joker
/// of the suit came back with the joker standing for the A♦ already in it
/// (its naturals were ordered with the ace low, so the joker's owner was the A♦).
#[test]
fn kept_ace_high_run_keeps_its_joker_in_the_run() {
    let pairs = [("rauber", 1), ("joker_declared", 1), ("rauber_table_to_hand", 1)];
    let o = Options::from_pairs(pairs.map(|(n, v)| (n.to_string(), v)));
    let table = [vec![J, 19, 20, 21, 22, 23, 24, 25, 13], vec![22, 23, 24, J, 13]];
    let hand = [26, 48, 6, J, J, J, J];
    for tie_break in [TieBreak::Exact, TieBreak::Fast] {
        let s = solve_table_with(Game::Romme, &table, &hand, TableObjective::Cards, &o, 20, tie_break).unwrap();
        check_answer(Game::Romme, &table, &hand, &o, &s);
    }
}

/// Found by fuzzing: Rommé positions with many jokers that ran for 10–15 s
/// (search nodes were not counted as work) now end under the node limit
/// with a valid answer, flagged not proven.
#[test]
fn many_jokers_end_under_the_node_limit() {
    let table = [
        vec![52, 17, 18, 19, 20, 21, 22, 23, 24, 25, 13],
        vec![52, 17, 18, 19, 20, 21, 22, 23, 24, 25, 13],
        vec![15, 16, 52, 52, 52, 52],
        vec![10, 5, 6, 7, 8, 9, 4, 11],
    ];
    let hand = [30, 8, 9, 0, 40, 40, 45, 31, 31];
    let o = Options::from_pairs(
        [("rauber", 1), ("no_double_joker", 1), ("opening_without_jokers", 1), ("jokers_per_deck", 3)]
            .map(|(k, v)| (k.to_string(), v)),
    );
    let s = solve_table_with(Game::Romme, &table, &hand, TableObjective::Cards, &o, 0, TieBreak::Fast).unwrap();
    check_answer(Game::Romme, &table, &hand, &o, &s);
}

/// An empty Rummy table goes to the hand solver's DP: the same count as the
/// sweep (with and without a binding cap), a valid answer, the same points
/// rule, and no joker laid where the sweep lays fewer.
#[test]
fn empty_table_by_the_hand_dp() {
    let mut seed = 5u64;
    for i in 0..400 {
        let cap = [0, 12, 7, 4][i % 4];
        let o = opts(cap);
        let (_, hand) = dealt(&mut seed, 0, 6 + i % (EMPTY_TABLE_DP - 5));
        let dp = solve_table(Game::Rummy, &[], &hand, TableObjective::Cards, &o, 0).unwrap();
        let sweep =
            solve_grid(&rummy(&o), &[], &hand, TableObjective::Cards, &Cutoff::NONE, TieBreak::Exact, false).unwrap();
        check_answer(Game::Rummy, &[], &hand, &o, &dp);
        assert_eq!(dp.placed.len(), sweep.placed.len(), "{hand:?} cap {cap}");
        assert!(dp.optimal && dp.moved_optimal && dp.moved == 0 && dp.taken.is_empty());
        let jokers = |s: &TableSolution| s.placed.iter().filter(|&&x| x == J).count();
        assert!(jokers(&dp) <= jokers(&sweep), "{hand:?} cap {cap}: {:?} against {:?}", dp.melds, sweep.melds);
        let points: i32 = dp.melds.iter().map(|m| m.points).sum();
        let want: i32 = dp.melds.iter().flat_map(|m| &m.cards).map(|p| p.stands_for as i32 % 13 + 1).sum();
        assert_eq!(points, want);
        let hand_points: i32 = dp.placed.iter().map(|&x| if x == J { 25 } else { x as i32 % 13 + 1 }).sum();
        assert_eq!(dp.placed_points, hand_points);
    }
}

/// Prices fitted on a position serve its mirror image (the mirror race's
/// other thread adopts them, [`lagrange::Board`]): the bound is not symmetric,
/// but any prices give a valid one. On random tables each solve of the mirror
/// image adopts the prices its position's solve fitted; every state the
/// bound cuts is searched again without it, and the answers are those of the
/// search without the bound.
#[test]
fn mirrored_prices_never_cut_an_answer() {
    use super::switches::{LAGRANGE_AFTER, LAGRANGE_CHECKS};
    let mut seed = 5u64;
    let o = opts(0);
    let mut adopted = 0;
    LAGRANGE_CHECKS.with(|x| x.set(Some(0)));
    for i in 0..120 {
        let (table, hand) = dealt(&mut seed, 4 + i % 12, 6 + i % 13);
        let mirrored: Vec<Vec<u8>> = table.iter().map(|m| mirror::codes(m)).collect();
        let mirrored_hand = mirror::codes(&hand);
        let solve = |t: &[Vec<u8>], h: &[u8]| {
            solve_grid(&rummy(&o), t, h, TableObjective::Cards, &Cutoff::NONE, TieBreak::Exact, false).unwrap()
        };
        // (priced from the first node: the position fits, its mirror image adopts)
        LAGRANGE_AFTER.with(|x| x.set(Some(0)));
        let board = Arc::new(lagrange::Board::default());
        lagrange::with_board(&board, false, || solve(&table, &hand));
        adopted += matches!(board.fitted(), Some(Some(_))) as u32;
        let with = lagrange::with_board(&board, true, || solve(&mirrored, &mirrored_hand));
        LAGRANGE_AFTER.with(|x| x.set(Some(u64::MAX)));
        let without = solve(&mirrored, &mirrored_hand);
        LAGRANGE_AFTER.with(|x| x.set(None));
        check_answer(Game::Rummy, &mirrored, &mirrored_hand, &o, &with);
        assert_eq!(with.placed.len(), without.placed.len(), "{table:?} {hand:?}");
        assert_eq!(with.moved_optimal, without.moved_optimal, "{table:?} {hand:?}");
        if with.moved_optimal {
            assert_eq!(with.moved, without.moved, "{table:?} {hand:?}");
        }
    }
    let cuts = LAGRANGE_CHECKS.with(|x| x.take()).unwrap_or(0);
    assert!(adopted >= 80, "prices adopted on only {adopted} mirror images");
    assert!(cuts >= 3000, "only {cuts} states cut by the bound");
}

/// A raced search stopped by the other one ends at once: without an answer
/// where its answer is unwanted (the other proved its own), with its best so
/// far, not claimed proven, where the caller waits for it (the other's time
/// ran out). The race itself still answers with a proven optimum.
#[test]
fn stopped_searches_end_at_once() {
    let mut seed = 5u64;
    let o = opts(0);
    for _ in 0..20 {
        let (table, hand) = dealt(&mut seed, 18, 18);
        let full = solve_table(Game::Rummy, &table, &hand, TableObjective::Cards, &o, 0).unwrap();
        let solve_stopped = |wanted: bool| {
            let stop = Arc::new(mirror::Stop::default());
            stop.raise(wanted);
            mirror::with_stop(&stop, || {
                solve_grid(&rummy(&o), &table, &hand, TableObjective::Cards, &Cutoff::NONE, TieBreak::Exact, false)
            })
        };
        let err = solve_stopped(false).expect_err("an unwanted search answers nothing");
        assert!(err.to_string().contains("stopped"), "{err}");
        let s = solve_stopped(true).expect("a wanted search answers");
        check_answer(Game::Rummy, &table, &hand, &o, &s);
        assert!(!(s.optimal && s.moved_optimal) || s.moved == 0, "a stopped search proved its answer");
        assert!(full.optimal && full.moved_optimal);
    }
}

/// Found by the fuzz target: a kept ace-high run (10 J Q K A *, Rommé with
/// `rauber`) extended below came out as * 9 A 10 J Q K, which `joker_declared`
/// reads in the order given. Every run of the answer is listed in its order.
#[test]
fn ace_high_runs_come_out_in_order() {
    let pairs = [("rauber", 1), ("no_double_joker", 1), ("joker_declared", 1), ("jokers_per_deck", 2)];
    let o = Options::from_pairs(pairs.map(|(n, v)| (n.to_string(), v)));
    let meld_options = Options::from_pairs([("joker_declared".to_string(), 1), ("no_double_joker".to_string(), 1)]);
    for tie_break in [TieBreak::Exact, TieBreak::Fast, TieBreak::None] {
        for objective in [TableObjective::Points, TableObjective::Cards] {
            let s =
                solve_table_with(Game::Romme, &[vec![9, 10, 11, 12, 0, J]], &[8, 18, 0], objective, &o, 0, tie_break)
                    .unwrap();
            assert_eq!(s.placed, vec![8]);
            for m in &s.melds {
                let codes: Vec<u8> = m.cards.iter().map(|p| p.code).collect();
                let checked = crate::hand::validate_meld(Game::Romme, &codes, &meld_options, 0);
                assert!(checked.is_ok(), "{tie_break:?} {objective:?}: {codes:?} {checked:?}");
            }
        }
    }
}

/// Issue 31 item 12: a Räuber-Rommé position whose first sweep the work limit cuts.
fn cut_romme_position() -> (Vec<Vec<u8>>, Vec<u8>) {
    use crate::cards::parse_cards;
    let table = "Ah 2h * 4h | 2c 2d 2h | 3c 4c 5c 6c | 3s * 5s | 4d 5d 6d | 6h 7h * | 7d 8d 9d | 10c 10h 10s \
                 | 10s Js Qs | Kd Kh Ks";
    let table = table.split('|').map(|m| parse_cards(Game::Romme, m).unwrap()).collect();
    let hand = "Kd 7d 6d 2c 9d 2d 8c 8c 8d 4d 4c 5s 4h 3c Ks 7h 10c Ah 10h * * * Kh Js 6h 5c Qs 3s 5d 6c 3d 3d 8h \
                8h Qc Qc 8s 8s 2s 2s";
    (table, parse_cards(Game::Romme, hand).unwrap())
}

#[test]
fn a_cut_search_places_at_least_the_hands_own_melds() {
    // It answered "placed 0"; the table kept and the hand's own melds beside it place 37.
    let (table, hand) = cut_romme_position();
    for rauber in [true, false] {
        let o = Options::from_pairs([("rauber".to_string(), rauber as i64)]);
        let start = Instant::now();
        let s = solve_table(Game::Romme, &table, &hand, TableObjective::Cards, &o, 0).unwrap();
        assert!(s.placed.len() >= 35, "rauber {rauber}: placed {}", s.placed.len());
        // (lay-offs only beside a long run once handed the cut search back to itself, for ever; the
        // limit only tells an endless search from a finished one: ~10 s alone, more on a loaded machine)
        assert!(start.elapsed() < Duration::from_secs(120), "rauber {rauber}: {:?}", start.elapsed());
        // no budget: the work limit cut it, not a budget
        assert!(!s.optimal && !s.budget_cut, "rauber {rauber}: {s:?}");
    }
}

#[test]
fn a_budget_cut_says_so() {
    let (table, hand) = cut_romme_position();
    let o = Options::from_pairs([("rauber".to_string(), 1)]);
    let start = Instant::now();
    let s = solve_table(Game::Romme, &table, &hand, TableObjective::Cards, &o, 300).unwrap();
    assert!(start.elapsed() >= Duration::from_millis(300));
    assert!(!s.optimal && s.budget_cut && s.placed.len() >= 35, "{s:?}");
    // a proven answer was cut by nothing
    let s = solve_table(Game::Romme, &[vec![0, 1, 2]], &[3], TableObjective::Cards, &o, 5000).unwrap();
    assert!(s.optimal && !s.budget_cut && s.placed == vec![3]);
}

#[test]
fn a_work_budget_cuts_at_the_same_place_every_time() {
    let (table, hand) = cut_romme_position();
    let o = Options::from_pairs([("rauber".to_string(), 1)]);
    let solve = |budget: Budget| {
        let cutoff = Cutoff::start(budget);
        let s = solve_table_cut(Game::Romme, &table, &hand, TableObjective::Cards, &o, &cutoff, TieBreak::Exact);
        (s.unwrap(), cutoff.spent())
    };
    let (s, spent) = solve(Budget::work(30_000));
    assert!(!s.optimal && s.budget_cut && s.placed.len() >= 35 && spent > 30_000, "{s:?}");
    assert_eq!(solve(Budget::work(30_000)), (s.clone(), spent));
    // a far deadline beside it changes nothing
    assert_eq!(solve(Budget::time_ms(3_600_000).and_work(30_000)), (s, spent));
}

/// A thread keeps suit options, set outcomes and emptied memo tables from one sweep to the next
/// (`search::pool`): a search's answer must not depend on what the thread searched
/// before. Each position is solved alone on a new thread, then all of them on one thread, in order
/// and backwards, under each objective and tie-break (whose sweeps differ in their set rules and
/// joker modes).
#[test]
fn answers_do_not_depend_on_the_searches_before() {
    let mut seed = 23u64;
    let positions: Vec<_> = (0..12).map(|i| dealt(&mut seed, 4 + i % 5, 3 + i % 6)).collect();
    let kinds = [
        (TableObjective::Cards, TieBreak::Fast, 0),
        (TableObjective::Cards, TieBreak::Exact, 4),
        (TableObjective::Points, TieBreak::Fast, 3),
    ];
    type Kind = (TableObjective, TieBreak, i64);
    fn solve_one((table, hand): &(Vec<Vec<u8>>, Vec<u8>), (objective, tie_break, cap): Kind) -> TableSolution {
        solve_grid(&rummy(&opts(cap)), table, hand, objective, &Cutoff::NONE, tie_break, false).unwrap()
    }
    let alone: Vec<Vec<TableSolution>> = positions
        .iter()
        .map(|p| {
            kinds
                .iter()
                .map(|&k| {
                    let p = p.clone();
                    std::thread::spawn(move || solve_one(&p, k)).join().unwrap()
                })
                .collect()
        })
        .collect();
    let order: Vec<usize> = (0..positions.len()).chain((0..positions.len()).rev()).collect();
    for &i in &order {
        for (j, &k) in kinds.iter().enumerate() {
            assert_eq!(solve_one(&positions[i], k), alone[i][j], "position {i}, {k:?}");
        }
    }
}

/// The keep search asks its oracle nothing at the root, which reaches the
/// objective by construction: `net` after a cards search that reached the
/// hand less one keeps no first solve of its own, and its fresh oracle asked
/// there searched the whole position (one 60-card position: 487,000 work).
/// The same answers, proofs included, for less work.
#[test]
fn the_keep_search_asks_its_oracle_nothing_at_the_root() {
    use crate::testkit::{rauber_options, romme_position};
    let rules = GameRules::read(Game::Romme, &rauber_options(true, false)).unwrap();
    let solve = |table: &[Vec<u8>], hand: &[u8], at_root: bool| {
        switches::ORACLE_AT_ROOT.with(|x| x.set(at_root));
        let cut = Cutoff::start(Budget::UNLIMITED);
        let s = solve_rules_cut(&rules, table, hand, TableObjective::Net, &cut, TieBreak::Exact);
        switches::ORACLE_AT_ROOT.with(|x| x.set(false));
        let s = s.unwrap();
        ((s.placed.len() as i32 - s.taken.len() as i32, s.moved, s.optimal, s.moved_optimal), cut.spent())
    };
    // (the cards search places five of the six hand cards and proves the sixth out of reach)
    let mut positions = vec![(
        vec![
            vec![4, 5, 6],
            vec![7, 8, 9, 10, 11],
            vec![14, 15, 16, 17],
            vec![28, 15, 41, 2],
            vec![33, 7, 20, 46],
            vec![52, 52, 6],
        ],
        vec![22, 32, 43, 11, 48, 19],
    )];
    let mut seed = 47;
    positions.extend((0..24).map(|i| romme_position(&mut seed, 7 + i % 5, 5 + i % 6)));
    let (mut asked, mut not_asked, mut known) = (0, 0, 0);
    for (table, hand) in &positions {
        let (with, work_with) = solve(table, hand, true);
        let (without, work_without) = solve(table, hand, false);
        assert_eq!(with, without, "{table:?} {hand:?}");
        assert!(work_without <= work_with, "{table:?} {hand:?}: {work_without} > {work_with}");
        known += (work_without < work_with) as u32;
        (asked, not_asked) = (asked + work_with, not_asked + work_without);
    }
    assert!(known >= 1 && not_asked < asked, "{known} positions cheaper, work {asked} -> {not_asked}");
}

mod grid_layout;
mod rummy_fast;
