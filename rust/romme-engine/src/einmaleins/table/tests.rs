//! Unit tests of the 1x1 table search (the random comparison with a brute-force
//! oracle is tests/tables/test_table_einmaleins.py).

use super::*;
use crate::cards::{parse_cards, Game};
use std::time::{Duration, Instant};

fn cards(tokens: &str) -> Vec<u8> {
    parse_cards(Game::Einmaleins, tokens).unwrap()
}

fn table(text: &str) -> Vec<Vec<u8>> {
    text.split('|').filter(|m| !m.trim().is_empty()).map(cards).collect()
}

fn solve(t: &str, hand: &str, objective: TableObjective) -> TableSolution {
    solve_table(&table(t), &cards(hand), objective, &Options::default(), 0).unwrap()
}

fn shown(sol: &TableSolution) -> Vec<String> {
    let mut out: Vec<String> = sol.melds.iter().map(|m| super::shown(&m.codes())).collect();
    out.sort();
    out
}

#[test]
fn one_card_is_wild_only_in_its_own_symbols_run() {
    let sol = solve("", "K7 K1 K21", TableObjective::Cards);
    assert_eq!(sol.placed.len(), 3);
    assert_eq!(sol.melds[0].stands_for(), cards("K7 K14 K21"));
    assert!(solve("", "K7 H1 K21", TableObjective::Cards).placed.is_empty());
    assert!(solve("H5 K5 D5", "H1", TableObjective::Cards).placed.is_empty());
    assert_eq!(solve("H5 K5 D5", "W", TableObjective::Cards).placed, cards("W"));
}

#[test]
fn lay_offs_move_nothing_and_splits_move_whole_melds() {
    let sol = solve("H4 H6 H8", "W", TableObjective::Cards);
    assert_eq!((sol.placed.len(), sol.moved, sol.melds[0].cards.len()), (1, 0, 4));
    let sol = solve("H3 H6 H9 H12", "H8 H16", TableObjective::Cards);
    assert_eq!((sol.placed.len(), sol.moved), (2, 4));
    assert_eq!(shown(&sol), ["H3 H6 H9", "H8 H12 H16"]);
    let sol = solve("H2 H4 H6 H8 H10 H12 H14", "K8 D8", TableObjective::Cards);
    assert_eq!((sol.placed.len(), sol.moved), (2, 7));
    assert_eq!(solve("H2 H4 H6 H8 H10 H12 H14", "H16", TableObjective::Cards).moved, 0);
}

#[test]
fn a_set_of_ones_may_stay_whole_inside_a_run() {
    // H1 W W (a set of 1s) and H2: H2 H1=H4 W=H6 W=H8 keeps the old meld whole
    let sol = solve("H1 W W", "H2", TableObjective::Cards);
    assert_eq!((sol.placed.len(), sol.moved), (1, 0));
    // two sets of 1s on the table stay two sets
    let sol = solve("H1 W W | K1 D1 W", "", TableObjective::Cards);
    assert_eq!((sol.melds.len(), sol.moved), (2, 0));
}

#[test]
fn net_takes_back_leftovers_and_points_count_hand_values() {
    assert!(solve("H2 H4 H6", "K2 D2 K4 D4", TableObjective::Cards).placed.is_empty());
    let sol = solve("H2 H4 H6", "K2 D2 K4 D4", TableObjective::Net);
    assert_eq!((sol.placed.len(), sol.taken.clone(), sol.moved), (4, cards("H6"), 3));
    assert!(solve("H2 H4 H6", "H8", TableObjective::Cards).taken.is_empty());
    let sol = solve("K5 D5 Q5", "H5 W", TableObjective::Points);
    assert_eq!((sol.placed.clone(), sol.placed_points), (cards("W"), 100));
    assert_eq!(solve("K5 D5 Q5", "H5 W", TableObjective::Cards).placed, cards("H5"));
}

#[test]
fn bad_input_is_an_error_naming_the_problem() {
    let err = |t: &[Vec<u8>], h: &[u8], o: &Options| solve_table(t, h, TableObjective::Cards, o, 0).unwrap_err().0;
    let o = Options::default();
    assert!(err(&table("H2 H4 H6 | H3 H5 H7"), &[], &o).contains("table meld 2 (H3 H5 H7)"));
    assert!(err(&table("W W W"), &[], &o).contains("table meld 1"));
    assert!(err(&[vec![1, 3, 200]], &[], &o).contains("table meld 1"));
    assert!(err(&table("H2 H4 H6"), &[250], &o).contains("not a 1x1 card"));
    assert!(err(&table("H2 H4 H6"), &cards("H4"), &o).contains("H4 twice"));
    assert!(err(&table("H5 K5 W | H6 W W"), &cards("W"), &o).contains("wish cards"));
    assert!(err(&table("H2 H4 H6"), &[101], &o).contains("ban card"));
    let bad = Options::from_pairs([("colour".to_string(), 1)]);
    assert!(err(&table("H2 H4 H6"), &[], &bad).contains("colour"));
    let bad = Options::from_pairs([("opening_points".to_string(), 0)]);
    assert!(err(&table("H2 H4 H6"), &[], &bad).contains("opening_points"));
}

#[test]
fn every_card_on_the_table_and_a_budget_never_hang() {
    // the whole deck: every number card and the wish cards, in valid melds
    let all: Vec<u8> = (0..100).collect();
    let mut melds: Vec<Vec<u8>> = Vec::new();
    for v in 2..=11u32 {
        melds.push((0..4u8).filter_map(|s| card(s, v)).collect());
    }
    melds.push((0..4u8).filter_map(|s| card(s, 1)).collect());
    let used: Vec<u8> = melds.iter().flatten().copied().collect();
    let rest: Vec<u8> = all.iter().copied().filter(|c| !used.contains(c)).chain([WISH; 3]).collect();
    let start = Instant::now();
    let sol = solve_table(&melds, &rest, TableObjective::Cards, &Options::default(), 50).unwrap();
    assert!(start.elapsed() < Duration::from_secs(3));
    let n: usize = sol.melds.iter().map(|m| m.cards.len()).sum();
    assert_eq!(n, used.len() + sol.placed.len());
    for m in &sol.melds {
        validate_meld(&m.codes(), &Options::default()).unwrap();
    }
}

#[test]
fn the_wild_scarcity_bound_lets_naturals_share_a_wild() {
    // H4 and H8 need a wild each, but share the one wish card (H6 is not in play)
    let sol = solve("K5 D5 Q5 W", "H4 H8", TableObjective::Cards);
    assert_eq!((sol.placed.len(), sol.optimal), (2, true));
    // one wish card serves four hand naturals in one run H2 H4 W H8 H10
    let sol = solve("K5 D5 Q5 W", "H2 H4 H8 H10", TableObjective::Points);
    assert_eq!((sol.placed.len(), sol.placed_points, sol.optimal), (4, 24, true));
    // two groups, two wish cards (each taken from a set, which counts as moving it)
    let sol = solve("K5 D5 Q5 W | K7 D7 Q7 W", "H4 H8 K9 D9", TableObjective::Cards);
    assert_eq!((sol.placed.len(), sol.moved, sol.optimal), (4, 8, true));
}

#[test]
fn the_wild_scarcity_bound_counts_the_wilds_table_naturals_need() {
    // the table's H3 W H9 keeps its wish card: K5 D5 cannot have it
    let sol = solve("H3 W H9", "K5 D5", TableObjective::Cards);
    assert_eq!((sol.placed.len(), sol.moved, sol.optimal), (0, 0, true));
    // under Net the table naturals may go to the hand instead (a tie, so nothing moves)
    let sol = solve("H3 W H9", "K5 D5", TableObjective::Net);
    assert_eq!((sol.moved, sol.optimal), (0, true));
    // with a second wish card both fit
    let sol = solve("H3 W H9 | K7 D7 Q7 W", "K5 D5", TableObjective::Cards);
    assert_eq!((sol.placed.len(), sol.optimal), (2, true));
}

/// A random position: a table of the melds the hand solver lays from `pile`
/// random cards of the deck, a hand of `hand` of the other cards.
fn random_position(rng: &mut crate::testkit::Rng, pile: usize, hand: usize) -> (Vec<Vec<u8>>, Vec<u8>) {
    let mut cards: Vec<u8> = (0..NUMBERS as u8).chain([WISH; 3]).collect();
    rng.shuffle(&mut cards);
    // (the hand solver takes at most 45 cards)
    let table: Vec<Vec<u8>> = cards[..pile]
        .chunks(40)
        .flat_map(|chunk| partition(chunk, Objective::MaxCards).unwrap().0)
        .map(|m| m.codes())
        .collect();
    for c in table.iter().flatten() {
        let at = cards.iter().position(|x| x == c).unwrap();
        cards.remove(at);
    }
    (table, cards[..hand].to_vec())
}

#[test]
fn positions_own_lps_never_cut_the_optimum() {
    // the branch and bound with every expanded position's own LPs solved
    // finds what the search with the root's prices alone finds (the
    // brute-force oracle checks that one, tests/tables/test_table_einmaleins.py)
    let mut rng = crate::testkit::Rng(32);
    let wishes = |s: &TableSolution| s.placed.iter().filter(|&&c| c == WISH).count();
    for k in 0..24 {
        let (t, h) = random_position(&mut rng, 40 + k % 3 * 20, 7 + k % 4);
        for objective in [TableObjective::Cards, TableObjective::Points, TableObjective::Net] {
            let solve = |tightening| {
                solve_tightened(&t, &h, objective, &Options::default(), &Cutoff::NONE, tightening).unwrap()
            };
            let (plain, tight) = (solve(Tightening::NEVER), solve(Tightening::ALWAYS));
            assert!(plain.optimal && tight.optimal, "{t:?} {h:?} {objective:?}");
            let key = |s: &TableSolution| (s.placed.len(), s.placed_points, s.taken.len(), s.moved, wishes(s));
            assert_eq!(key(&plain), key(&tight), "{t:?} {h:?} {objective:?}");
        }
    }
}
