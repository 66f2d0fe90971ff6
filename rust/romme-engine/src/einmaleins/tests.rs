//! Unit tests of the 1x1-Rommé meld rules (every example of sheet 002) and hand solver.

use super::*;
use crate::cards::{parse_cards, Game};

/// Codes of tokens like `H12`, `W`.
fn cards(tokens: &str) -> Vec<u8> {
    parse_cards(Game::Einmaleins, tokens).unwrap()
}

fn meld(tokens: &str) -> Result<Meld, EngineError> {
    validate_meld(&cards(tokens), &Options::default())
}

#[test]
fn sheet_allowed_sets() {
    let m = meld("K4 D4 H4").unwrap();
    assert_eq!((m.kind, m.points), (MeldKind::Set, 12));
    let m = meld("H7 K7 W").unwrap();
    assert_eq!((m.kind, m.points), (MeldKind::Set, 21));
    // The wish card stands for a 7 not already in the set: D7.
    assert_eq!(m.cards[2], Placed { code: WISH, stands_for: cards("D7")[0] });
}

#[test]
fn sheet_allowed_runs() {
    let m = meld("H3 H6 H9 W H15").unwrap();
    assert_eq!((m.kind, m.points), (MeldKind::Run, 45));
    assert_eq!(m.stands_for(), cards("H3 H6 H9 H12 H15"));
    let m = meld("H12 H16 H1 H24").unwrap();
    assert_eq!(m.stands_for(), cards("H12 H16 H20 H24"));
    assert_eq!(m.cards[2].code, cards("H1")[0]);
    assert_eq!(m.points, 72);
    assert_eq!(meld("K7 K14 K21").unwrap().points, 42);
    assert_eq!(meld("D40 D45 D50").unwrap().points, 135);
    let m = meld("H12 H24 H36").unwrap();
    assert_eq!((m.kind, m.points), (MeldKind::Run, 72));
    // Any order of the cards is accepted.
    assert_eq!(meld("H36 H12 H24").unwrap().points, 72);
}

#[test]
fn sheet_forbidden_runs() {
    assert!(meld("H4 H8 H10").is_err(), "gap: H6 missing");
    // The sheet's K10 K12 K16 uses a card this deck lacks (no K16); the same gap in hearts:
    assert!(meld("H10 H12 H16").is_err(), "gap: H14 missing");
    assert!(meld("K10 K12 K14").is_ok());
    assert!(meld("H2 H4 K6").is_err(), "two symbols");
    assert!(meld("H3 H4 H5").is_err(), "row 1 is no row");
}

#[test]
fn wilds_stand_for_existing_cards_only() {
    // H60 H72 W: W may be H48, not H84.
    let m = meld("H60 H72 W").unwrap();
    assert_eq!(m.stands_for(), cards("H48 H60 H72"));
    // No set of 40s: only D has a 40 (D40 W W still reads as a 5-row run).
    assert!(as_set(&cards("D40 W W")).is_none());
    assert_eq!(meld("D40 W W").unwrap().kind, MeldKind::Run);
    // A set of 7s holds at most the four symbols: 4 naturals + W is too many.
    assert!(meld("H7 K7 D7 Q7 W").is_err());
    assert_eq!(meld("H7 K7 D7 W").unwrap().points, 28);
    // H13 exists only in K and Q: a set of 13s has at most 2 cards + nothing.
    assert!(as_set(&cards("K13 Q13 W")).is_none());
    // The line ends where the symbol has no card: K28 K35 K42 K49 + W is K21 or (no K56) -> K21.
    assert_eq!(meld("K28 K35 K42 K49 W").unwrap().stands_for(), cards("K21 K28 K35 K42 K49"));
}

#[test]
fn one_cards_wild_only_in_runs_of_their_symbol() {
    // K7 K1 K21: K1 stands for K14.
    assert_eq!(meld("K7 K1 K21").unwrap().stands_for(), cards("K7 K14 K21"));
    assert!(meld("K7 H1 K21").is_err(), "H1 in a circle run");
    assert!(meld("H5 K5 H1").is_err(), "H1 is no wild in a set of 5s");
    let m = meld("H1 K1 D1").unwrap();
    assert_eq!((m.kind, m.points), (MeldKind::Set, 3));
    let m = meld("H1 W W").unwrap();
    assert_eq!((m.kind, m.points), (MeldKind::Set, 3));
    assert!(meld("W W W").is_err(), "no all-wild meld");
    assert!(meld("H1 H2").is_err());
}

#[test]
fn reading_with_most_points_wins() {
    // H6 H12 W: row 3 (6-9-12) or row 6 (6-12-18): the 6-row scores more.
    let m = meld("H6 H12 W").unwrap();
    assert_eq!(m.stands_for(), cards("H6 H12 H18"));
    // H5 W W: a set of 5s (15) or the run 5-10-15 (30).
    assert_eq!(meld("H5 W W").unwrap().kind, MeldKind::Run);
}

#[test]
fn validate_rejects_bad_input() {
    assert!(validate_meld(&[101, 0, 1], &Options::default()).is_err());
    assert!(validate_meld(&[0, 0, 1], &Options::default()).is_err());
    assert!(validate_meld(&[WISH; 4], &Options::default()).is_err());
    assert!(validate_meld(&[200, 1, 2], &Options::default()).is_err());
    let bad = Options::from_pairs([("wrap_around".to_string(), 1)]);
    assert!(validate_meld(&cards("K4 D4 H4"), &bad).is_err());
}

fn solve(tokens: &str, objective: Objective, options: &Options) -> HandSolution {
    solve_hand(&cards(tokens), objective, options).unwrap()
}

#[test]
fn opening_needs_51_by_default() {
    let s = solve("D40 D45 D50 K2 Q5", Objective::Opening, &Options::default());
    assert_eq!(s.opening_points, Some(135));
    assert_eq!(s.left_points, 7);
    // 12 points only: no opening, but the meld is still shown.
    let s = solve("K4 D4 H4 Q9", Objective::Opening, &Options::default());
    assert_eq!((s.opening_points, s.melds.len()), (None, 1));
    let low = Options::from_pairs([("opening_points".to_string(), 12)]);
    assert_eq!(solve("K4 D4 H4 Q9", Objective::Opening, &low).opening_points, Some(12));
    // Exactly 51 opens, 50 does not: 15+16+20 = 51 (H row ... ) checked via a set of 17s? use K-row 2 run.
    let s = solve("H16 H18 H20", Objective::Opening, &Options::default());
    assert_eq!(s.opening_points, Some(54));
    let fifty = Options::from_pairs([("opening_points".to_string(), 55)]);
    assert_eq!(solve("H16 H18 H20", Objective::Opening, &fifty).opening_points, None);
}

#[test]
fn long_runs_come_back_whole() {
    // Built from runs of at most 5 cells, merged again: 2-4-…-20 is one 10-card run.
    let s = solve("H2 H4 H6 H8 H10 H12 H14 H16 H18 H20", Objective::Opening, &Options::default());
    assert_eq!((s.melds.len(), s.opening_points), (1, Some(110)));
    // A 6-card run whose naturals all sit in the first three cells cannot be split: N N W W W W.
    // 7-14-21-28-35-42 scores 147; any split leaves an all-wild part.
    let s = solve("K7 K14 W W W K1", Objective::Opening, &Options::default());
    assert_eq!((s.melds.len(), s.left.len(), s.opening_points), (1, 0, Some(147)));
}

#[test]
fn target_is_accepted_and_does_not_change_the_hand() {
    let t = Options::from_pairs([("target".to_string(), 500)]);
    let hand = "D40 D45 D50 K2 Q5";
    assert_eq!(solve(hand, Objective::Opening, &t), solve(hand, Objective::Opening, &Options::default()));
    assert!(solve_hand(&cards(hand), Objective::Opening, &Options::from_pairs([("opening_points".to_string(), 0)]))
        .is_err());
}

#[test]
fn objectives_differ() {
    // W in a run adds points; min-left also wants it melded (it costs 100 in hand).
    let s = solve("H60 H72 W K2", Objective::MinLeft, &Options::default());
    assert_eq!((s.left.clone(), s.left_points), (cards("K2"), 2));
    // Opening puts W on the 5-row run (40-45-50-55: 190); max-cards makes a set of 2s with it.
    let hand = "K2 H2 D40 D45 D50 W";
    let open = solve(hand, Objective::Opening, &Options::default());
    assert_eq!((open.opening_points, open.left.clone()), (Some(190), cards("H2 K2")));
    let most = solve(hand, Objective::MaxCards, &Options::default());
    // opening_points is the best opening of the hand whatever the objective.
    assert_eq!((most.opening_points, most.left.len()), (Some(190), 0));
    assert_eq!(most.melds.iter().map(|m| m.points).sum::<i32>(), 141);
    assert!(solve_hand(&cards("H2"), Objective::MinPlays, &Options::default()).is_err());
}

#[test]
fn ones_and_wish_cards_make_two_sets_of_ones() {
    // H1 K1 D1 Q1 W W: one set holds at most four cards, two sets hold all six
    let sol = solve("H1 K1 D1 Q1 W W", Objective::MaxCards, &Options::default());
    assert!(sol.left.is_empty());
    assert_eq!(sol.melds.len(), 2);
    assert!(sol.melds.iter().all(|m| m.kind == MeldKind::Set && m.cards.len() == 3));
}

#[test]
fn a_card_on_offer_fits_a_hand_meld_or_a_table_meld() {
    use listing::{fits, TYPES};
    let hand = |tokens: &str| {
        let mut counts = vec![0u8; TYPES];
        for c in cards(tokens) {
            counts[c as usize] += 1;
        }
        counts
    };
    let card = |token: &str| cards(token)[0];
    let table = vec![cards("H12 H24 H36").into_iter().map(|c| (c, c)).collect::<Vec<_>>()];
    // a set of 7s with two hand cards
    assert_eq!(fits(&table, &hand("K7 D7 D40"), card("H7")), Ok(true));
    // no partner in the hand, but the table's 12-row takes H48
    assert_eq!(fits(&table, &hand("D40 K2"), card("H48")), Ok(true));
    // neither: H10 is no multiple of 12, and the hand holds no 10 and no row through it
    assert_eq!(fits(&table, &hand("D40 K2"), card("H10")), Ok(false));
    assert_eq!(fits(&[], &hand("D40 K2"), card("H48")), Ok(false));
    // the wish card lays off on any run
    assert_eq!(fits(&table, &hand("D40 K2"), WISH), Ok(true));
    assert!(fits(&table, &hand("D40"), WISH + 1).is_err());
    assert!(fits(&table, &[0; 3], card("H7")).is_err());
}

#[test]
fn table_moves_are_judged_by_the_sheet() {
    use listing::{read_draft, TYPES};
    use place::{judge, Moved, Verdict};
    let hand = |tokens: &str| {
        let mut counts = vec![0u8; TYPES];
        for c in cards(tokens) {
            counts[c as usize] += 1;
        }
        counts
    };
    let meld = |tokens: &str| read_draft(&cards(tokens).into_iter().map(|c| (c, None)).collect::<Vec<_>>()).unwrap();
    let refused = |v: Verdict, words: &str| match v {
        Verdict::Illegal(msg) => assert!(msg.contains(words), "{msg}"),
        Verdict::Legal(m) => panic!("accepted {m:?}, expected: {words}"),
    };
    let run = meld("H12 H24 H36");
    let old = vec![run.clone()];
    // a lay-off: H48 goes from the hand to the run
    let laid = vec![meld("H12 H24 H36 H48")];
    let moved = judge(&old, &laid, &hand("H48 K2"), true, 51).unwrap();
    assert_eq!(moved, Verdict::Legal(Moved { placed: cards("H48"), taken: vec![] }));
    refused(judge(&old, &laid, &hand("K2 D40"), true, 51).unwrap(), "not in the hand");
    refused(judge(&old, &laid, &hand("H48"), true, 51).unwrap(), "keep one card to discard");
    refused(judge(&old, &old, &hand("H48 K2"), true, 51).unwrap(), "at least one hand card");
    // the opening: new melds only, worth the minimum (12 + 24 + 36 + 48 = 120; K7 D7 H7 = 21)
    refused(judge(&old, &laid, &hand("H48 K2"), false, 51).unwrap(), "the table must stay");
    let sevens = vec![run.clone(), meld("K7 D7 H7")];
    refused(judge(&old, &sevens, &hand("K7 D7 H7 K2"), false, 51).unwrap(), "these make 21");
    assert!(matches!(judge(&old, &sevens, &hand("K7 D7 H7 K2"), false, 21).unwrap(), Verdict::Legal(_)));
    // a declared wild must be read as it declares (H1 may not stand for K12 in hearts)
    let mut wrong = meld("H12 H24 H36");
    wrong.push((cards("H1")[0], cards("K12")[0]));
    refused(judge(&old, &[wrong], &hand("H1 K2"), true, 51).unwrap(), "is not a valid meld");
    // a table card that still fits a meld may not go to the hand: H36 leaves the run and would fit it
    let split = vec![meld("H12 H24 W")];
    refused(judge(&old, &split, &hand("W K2"), true, 51).unwrap(), "still fits meld");
    // no card code of the game: bad input
    assert!(judge(&old, &[vec![(101, 101), (5, 5), (6, 6)]], &hand("K2"), true, 51).is_err());
}

#[test]
fn expert_keep_values_and_discard_order() {
    use super::bot_measures::{discard_order, keep_value};
    let counts = |tokens: &str| {
        let mut h = vec![0u8; listing::TYPES];
        for c in cards(tokens) {
            h[c as usize] += 1;
        }
        h
    };
    let one = |token: &str| cards(token)[0];
    // K12: two cards of its value (H12, D12), the window K4 K8 K12 with both partners held and
    // K8 K10 K12 with one
    let h = counts("K12 H12 D12 K4 K8");
    assert_eq!(keep_value(&h, one("K12")), 50);
    // K4: windows K4 K8 K12 (two partners) and K4 K6 K8 (one); K2 K4 K6 has none held
    assert_eq!(keep_value(&h, one("K4")), 30);
    // least worth keeping first: D70 (nothing near, 70 minus points), H1 (wild, but 50 minus points),
    // K12 (nothing near, 12), K2 (2); the wish card last
    let h = counts("W D70 K12 H1 K2");
    let choices = cards("W D70 K12 H1 K2");
    let order: Vec<u8> = discard_order(&h, &choices).unwrap().iter().map(|&i| choices[i]).collect();
    assert_eq!(order, cards("D70 H1 K12 K2 W"));
    assert_eq!(keep_value(&h, WISH), 1000);
    // a tie goes to the lower code: H2 and K2 are worth the same
    let choices = cards("K2 H2");
    assert_eq!(discard_order(&counts("K2 H2 D70"), &choices).unwrap(), vec![1, 0]);
    // bad input
    assert!(discard_order(&h[..100], &choices).is_err());
    assert!(discard_order(&h, &[101]).is_err());
}
