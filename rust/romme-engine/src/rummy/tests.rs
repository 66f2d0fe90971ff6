//! Unit tests of the Rummy meld rules, the per-turn cap and the hand solver.

use super::*;
use crate::cards::{parse_cards, Game};

/// Codes of tokens like `R7`, `*`.
fn cards(tokens: &str) -> Vec<u8> {
    parse_cards(Game::Rummy, tokens).unwrap()
}

fn meld(tokens: &str) -> Result<Meld, EngineError> {
    validate_meld(&cards(tokens), &Options::default())
}

#[test]
fn sets_of_three_or_four_distinct_colours() {
    let m = meld("R7 Y7 G7").unwrap();
    assert_eq!((m.kind, m.points), (MeldKind::Set, 21));
    assert_eq!(meld("R7 Y7 G7 B7").unwrap().points, 28);
    assert!(meld("R7 R7 G7").is_err(), "duplicate colour");
    assert!(meld("R7 Y7 G7 B7 *").is_err(), "five cards");
    assert!(meld("R7 Y7").is_err(), "two cards");
    assert!(meld("R7 Y7 G8").is_err());
    // A joker as the 4th card of a set counts 0 and stands for the missing colour.
    let m = meld("R7 Y7 G7 *").unwrap();
    assert_eq!(m.points, 21);
    assert!(m.cards.contains(&Placed { code: JOKER, stands_for: cards("B7")[0] }));
}

#[test]
fn runs_of_one_colour_without_wrap() {
    let m = meld("R4 R5 R6").unwrap();
    assert_eq!((m.kind, m.points), (MeldKind::Run, 15));
    assert_eq!(meld("R6 R4 R5").unwrap().points, 15);
    assert!(meld("R4 R5 G6").is_err(), "two colours");
    assert!(meld("R4 R5 R7").is_err(), "gap");
    assert!(meld("R12 R13 R1").is_err(), "no wrap");
    assert!(meld("R4 R4 R5").is_err(), "duplicate number");
    assert_eq!(meld("B1 B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 B13").unwrap().points, 91);
}

#[test]
fn jokers_anywhere_count_zero() {
    let m = meld("R4 * R6").unwrap();
    assert_eq!((m.points, m.stands_for()), (10, cards("R4 R5 R6")));
    // At an end: upwards by default, downwards at 13.
    assert_eq!(meld("R5 R6 *").unwrap().stands_for(), cards("R5 R6 R7"));
    assert_eq!(meld("R12 R13 *").unwrap().stands_for(), cards("R11 R12 R13"));
    assert_eq!(meld("* R1 *").unwrap().stands_for().len(), 3);
    assert!(meld("* * *").is_err(), "more jokers than the deck");
    assert_eq!(meld("R12 * * R13").unwrap().stands_for(), cards("R10 R11 R12 R13"));
    assert!(validate_meld(&[53, 1, 2], &Options::default()).is_err());
}

/// The meld check reads cards as the table lays them ([`read_draft`] with free
/// jokers): one natural with two jokers is a run where that stands for more.
#[test]
fn the_meld_check_reads_a_meld_as_the_table_does() {
    let m = meld("R5 * *").unwrap();
    assert_eq!((m.kind, m.stands_for(), m.points), (MeldKind::Run, cards("R5 R6 R7"), 5));
    assert_eq!(meld("R13 * *").unwrap().kind, MeldKind::Set);
}

fn solve(tokens: &str, objective: Objective, options: &Options) -> HandSolution {
    solve_hand(&cards(tokens), objective, options).unwrap()
}

fn opt(name: &str, v: i64) -> Options {
    Options::from_pairs([(name.to_string(), v)])
}

#[test]
fn opening_needs_30_by_number_jokers_zero() {
    let s = solve("R9 R10 R11 B2", Objective::Opening, &Options::default());
    assert_eq!((s.opening_points, s.left.clone()), (Some(30), cards("B2")));
    // 9+10 with a joker: 19 points, no opening, though the meld is shown.
    let s = solve("R9 R10 * B2", Objective::Opening, &Options::default());
    assert_eq!((s.opening_points, s.melds.len()), (None, 1));
    assert_eq!(solve("R9 R10 * B2", Objective::Opening, &opt("opening_points", 19)).opening_points, Some(19));
}

#[test]
fn cap_limits_the_cards_placed() {
    // 13 cards meldable as one run; the cap of 12 forbids placing all.
    let hand = "B1 B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 B13";
    let s = solve(hand, Objective::MaxCards, &Options::default());
    assert_eq!(s.left.len(), 1);
    let s = solve(hand, Objective::Opening, &Options::default());
    assert_eq!((s.opening_points, s.left.clone()), (Some(90), cards("B1")));
    let s = solve(hand, Objective::MaxCards, &opt("max_hand_cards_per_turn", 0));
    assert_eq!(s.left.len(), 0);
    // The solver builds runs of at most 5 cards and merges those that continue each other.
    assert_eq!((s.melds.len(), s.melds[0].points), (1, 91));
    let s = solve(hand, Objective::Opening, &opt("max_hand_cards_per_turn", 3));
    assert_eq!(s.opening_points, Some(36));
    // The best within a cap of 4 is not a subset of the uncapped best:
    // R10 R11 R12 R13 (46) beats dropping cards from both melds.
    let s = solve("B2 R2 G2 Y2 R10 R11 R12 R13", Objective::Opening, &opt("max_hand_cards_per_turn", 4));
    assert_eq!(s.opening_points, Some(46));
    // A cap below 3 allows no meld.
    let s = solve("R9 R10 R11", Objective::Opening, &opt("max_hand_cards_per_turn", 2));
    assert_eq!((s.opening_points, s.melds.len()), (None, 0));
}

#[test]
fn cap_keeps_the_cheapest_card() {
    // Cap 3, fewest points left: lay R2 R3 * and keep R1 (1 < 25 for the joker).
    let s = solve("R1 R2 R3 *", Objective::MinLeft, &opt("max_hand_cards_per_turn", 3));
    assert_eq!((s.left.clone(), s.left_points), (cards("R1"), 1));
    let s = solve("R1 R2 R3 *", Objective::MinLeft, &Options::default());
    assert_eq!(s.left_points, 0);
}

#[test]
fn objectives_differ() {
    // Joker: opening puts it where it costs nothing; min-left counts it 25 in hand.
    let s = solve("R1 R2 * Y13", Objective::MinLeft, &Options::default());
    assert_eq!((s.left.clone(), s.left_points), (cards("Y13"), 13));
    let s = solve("R1 R2 R3 G1 B1 Y1", Objective::MaxCards, &Options::default());
    assert_eq!(s.left.len(), 0);
    // Opening prefers the run 11-12-13 (36) over spending R11 in a set of 11s.
    let s = solve("R11 R12 R13 B11 G11", Objective::Opening, &Options::default());
    assert_eq!(s.opening_points, Some(36));
    assert!(solve_hand(&cards("R1"), Objective::MinPlays, &Options::default()).is_err());
    assert!(solve_hand(&cards("R1 R1 R1"), Objective::Opening, &Options::default()).is_err());
    assert!(solve_hand(&[60], Objective::Opening, &Options::default()).is_err());
    assert!(solve_hand(&cards("R1"), Objective::Opening, &opt("rauber", 1)).is_err());
}

/// A draft of free cards plus jokers declared as the given cards.
fn draft(tokens: &str, declared: &str) -> Vec<DraftCard> {
    let mut d: Vec<DraftCard> = cards(tokens).into_iter().map(|c| (c, None)).collect();
    d.extend(cards(declared).into_iter().map(|s| (JOKER, Some(s))));
    d
}

fn stands_for(m: &Meld) -> Vec<u8> {
    m.cards.iter().map(|p| p.stands_for).collect()
}

#[test]
fn a_draft_reads_declared_jokers_in_runs_and_sets() {
    let run = read_draft(&draft("R5 R7", "R6")).unwrap();
    assert_eq!((run.kind, stands_for(&run)), (MeldKind::Run, cards("R5 R6 R7")));
    assert_eq!(run.cards[1], Placed { code: JOKER, stands_for: cards("R6")[0] });
    // A declared joker fixes the run's window: R9 R10 + a joker as R8 reads R8-R10, not R9-R11.
    assert_eq!(stands_for(&read_draft(&draft("R9 R10", "R8")).unwrap()), cards("R8 R9 R10"));
    let set = read_draft(&draft("R5 G5", "B5")).unwrap();
    assert_eq!((set.kind, stands_for(&set)), (MeldKind::Set, cards("B5 R5 G5")));
    assert!(read_draft(&draft("R5 G5", "R6")).is_none(), "a joker declared off the set and off any run");
    assert!(read_draft(&draft("R5 R6", "R6")).is_none(), "two cards for one place");
}

#[test]
fn a_draft_is_the_reading_that_stands_for_more() {
    // R5 * * as a set stands for 5+5+5, as a run R5 R6 R7 for 18: the table reads the run.
    assert_eq!(read_draft(&draft("R5 * *", "")).unwrap().kind, MeldKind::Run);
    // R13 * * : a set 39, a run R11-R13 36: the set.
    assert_eq!(read_draft(&draft("R13 * *", "")).unwrap().kind, MeldKind::Set);
    assert!(read_draft(&draft("* *", "R5")).is_none(), "no natural card");
    assert!(read_draft(&[(cards("R5")[0], Some(cards("R6")[0])), (JOKER, None), (JOKER, None)]).is_none());
    assert!(read_draft(&[(60, None), (JOKER, None), (JOKER, None)]).is_none(), "no card");
}

/// [`capped_partition`] without the greedy's shortcut: the uncapped DP first, the capped one if
/// that places too many cards.
fn free_then_capped(codes: &[u8], obj: Objective, cap: u8, keep_jokers: bool) -> (Vec<Meld>, Vec<u8>, bool) {
    let free = partition(codes, obj, None, keep_jokers, &Cutoff::NONE).unwrap();
    let placed: usize = free.0.iter().map(|m| m.cards.len()).sum();
    if placed <= cap as usize {
        return free;
    }
    partition(codes, obj, Some(cap), keep_jokers, &Cutoff::NONE).unwrap()
}

#[test]
fn a_greedy_placing_beyond_the_cap_skips_the_uncapped_dp_with_the_same_answer() {
    use crate::testkit::{deal, full_deck, Rng};
    let deck = full_deck(Game::Rummy);
    let objectives = [Objective::Opening, Objective::MaxCards, Objective::MinLeft];
    // the whole deck: its uncapped DP (cut at the work limit) was solved and thrown away
    for obj in objectives {
        assert!(free_optimum_exceeds(&deck, obj, 12, false).unwrap(), "{obj:?}");
        assert!(!free_optimum_exceeds(&deck, obj, 106, false).unwrap(), "{obj:?}");
    }
    assert!(!free_optimum_exceeds(&cards("B1 B2 B3 R7 G7 Y7 B9"), Objective::MaxCards, 6, false).unwrap());
    assert!(free_optimum_exceeds(&cards("B1 B2 B3 R7 G7 Y7 B9"), Objective::MaxCards, 5, false).unwrap());
    // random hands and caps: the same answer as the uncapped DP first
    let (mut rng, mut skipped, mut solved) = (Rng(52), 0, 0);
    for _ in 0..400 {
        let n = 13 + rng.below(10);
        let hand = deal(&mut rng, &deck, n);
        let cap = 3 + rng.below(10) as u8;
        for (obj, keep_jokers) in objectives.iter().flat_map(|&o| [(o, false), (o, true)]) {
            if keep_jokers && obj != Objective::MaxCards {
                continue;
            }
            skipped += free_optimum_exceeds(&hand, obj, cap, keep_jokers).unwrap() as usize;
            solved += 1;
            let want = free_then_capped(&hand, obj, cap, keep_jokers);
            assert_eq!(
                capped_partition(&hand, obj, cap, keep_jokers, &Cutoff::NONE).unwrap(),
                want,
                "{hand:?} {obj:?} cap {cap}"
            );
        }
    }
    assert!(skipped * 5 > solved, "the shortcut is taken in {skipped} of {solved}");
}

#[test]
fn the_melds_alone_are_the_hand_solvers_melds() {
    // partition_melds is solve_hand_with without the second solve for the opening total: the same melds and
    // proof for every objective, under the cap or without one; refused where solve_hand_with refuses
    let hands = [
        "B1 B2 B3 R7 G7 Y7 B7 R10 R11 R12 * G2",
        "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 B13 G13",
        "B9 R9 G9 * Y2 Y3 Y5 B11 B12",
        "R4 G8 Y12 B2",
    ];
    for cap in [0, 6, 12] {
        let rules = Rules { opening_points: 30, max_hand_cards_per_turn: cap };
        for hand in hands {
            for objective in [Objective::Opening, Objective::MaxCards, Objective::MinLeft] {
                let solved = solve_hand_with(&cards(hand), objective, &rules).unwrap();
                let (melds, proven) = partition_melds(&cards(hand), objective, &rules).unwrap();
                assert_eq!((melds, proven), (solved.melds, solved.proven), "{hand} {objective:?} cap {cap}");
            }
        }
        assert!(partition_melds(&cards("B1 B2 B3"), Objective::MinPlays, &rules).is_err());
        assert!(partition_melds(&[60, 1, 2], Objective::MaxCards, &rules).is_err());
    }
}
