//! Unit tests of the game's meld rules (table_meld), hand search, turn rules and listed moves.
//! The property tests against the independent oracle are in tests/games/test_romme_game_melds.py.

use super::bot_measures::discard_outlooks;
use super::hand_search::{best_melds, best_opening, can_open_with, candidates, meld_all_but_one, quick_melds, Value};
use super::listing::{play_moves, Listed, Position};
use super::table_meld::{lay_off, read_meld, swap_joker, swappable_cards, wanted_cards, TableMeld, DECLARED};
use super::turn::Turn;
use super::{Rules, JOKER};
use crate::cards::{parse_cards, Game};
use crate::meld::Options;
use crate::testkit::{deal, full_deck, Rng};

fn rules(pairs: &[(&str, i64)]) -> Rules {
    Rules::from_options(&Options::from_pairs(pairs.iter().map(|(k, v)| (k.to_string(), *v)))).unwrap()
}

/// Specs from tokens: `Kh`, `*`, `*=Kh` (a declared joker).
fn specs(s: &str) -> Vec<u8> {
    s.split_whitespace()
        .map(|t| match t.strip_prefix("*=") {
            Some(c) => DECLARED + parse_cards(Game::Romme, c).unwrap()[0],
            None => parse_cards(Game::Romme, t).unwrap()[0],
        })
        .collect()
}

/// Codes sorted, as a hand is kept.
fn sorted(mut codes: Vec<u8>) -> Vec<u8> {
    codes.sort_unstable();
    codes
}

fn meld(s: &str, r: &Rules) -> TableMeld {
    read_meld(&specs(s), r).unwrap()
}

#[test]
fn the_sheets_figures_and_their_points() {
    let r = rules(&[]);
    for (text, points) in [("Ks Kh Kd", 30), ("3h 4h 5h 6h", 18), ("3h 4h * 6h", 18), ("Qd Kd Ad", 31), ("Ad 2d 3d", 6)]
    {
        assert_eq!(meld(text, &r).points(), points, "{text}");
    }
    for text in ["Ks Kh", "3h 4h 6h", "3h 4s 5h", "Kh Ah 2h", "* * *", "Ks Kh Kd Kc *"] {
        assert!(read_meld(&specs(text), &r).is_err(), "{text}");
    }
    assert_eq!(meld("Kh Ah 2h", &rules(&[("wrap_around", 1)])).points(), 23);
}

#[test]
fn jokers_stand_where_written() {
    let r = rules(&[]);
    assert_eq!(meld("* 8h 9h", &r).to_string(), "*=7h 8h 9h");
    assert_eq!(meld("8h 9h *", &r).to_string(), "8h 9h *=10h");
    assert_eq!(meld("8h 9h *=7h", &r).to_string(), "*=7h 8h 9h");
    assert_eq!(meld("9c * *", &r).to_string(), "9c *=9d *=9h"); // one natural with jokers: a set
    assert_eq!(meld("9c *=10c *=Jc", &r).to_string(), "9c *=10c *=Jc");
    for m in ["* 8h 9h", "Kh Kd *", "3h 4h * 6h"] {
        let laid = meld(m, &r);
        assert_eq!(read_meld(&laid.specs(), &r).unwrap(), laid, "the specs read back to the meld");
        assert_eq!(TableMeld::from_wire(&laid.wire()).unwrap(), laid);
    }
}

#[test]
fn lay_offs_and_swaps_take_exactly_their_targets() {
    let r = rules(&[]);
    let run = meld("3h 4h * 6h", &r);
    assert_eq!(lay_off(&run, specs("2h")[0], &r).unwrap().to_string(), "2h 3h 4h *=5h 6h");
    assert_eq!(swap_joker(&run, specs("5h")[0], &r).unwrap().to_string(), "3h 4h 5h 6h");
    assert!(swap_joker(&run, specs("7h")[0], &r).is_err());
    assert_eq!(wanted_cards(&run, &r), specs("7h 2h"));
    assert_eq!(swappable_cards(&run, &r), specs("5h"));
    for c in 0..52u8 {
        assert_eq!(lay_off(&run, c, &r).is_ok(), wanted_cards(&run, &r).contains(&c), "card {c}");
    }
    assert!(lay_off(&meld("Qh Kh Ah", &r), specs("2h")[0], &r).is_err());
    // with wrap_around a run from the ace takes the king below it (K-A-2), as it takes the 2 above Q-K-A
    let wrap = rules(&[("wrap_around", 1)]);
    for low in ["Ah 2h 3h", "*=Ah 2h 3h"] {
        let low = meld(low, &wrap);
        assert_eq!(lay_off(&low, specs("Kh")[0], &wrap).unwrap(), meld(&format!("Kh {low}"), &wrap));
        assert!(wanted_cards(&low, &wrap).contains(&specs("Kh")[0]));
        assert!(lay_off(&low, specs("Kh")[0], &r).is_err());
    }
    assert!(lay_off(&meld("Qh Kh Ah", &wrap), specs("2h")[0], &wrap).is_ok());
    let set = meld("Kh Kd *", &r);
    let completes = rules(&[("joker_swap_completes", 1)]);
    assert!(swap_joker(&set, specs("Kc")[0], &completes).is_err(), "a set of three after the swap");
    assert!(swap_joker(&set, specs("Kc")[0], &r).is_ok());
}

#[test]
fn hostile_wires_and_specs_are_refused() {
    for bytes in [&[][..], &[2, 1, 0], &[0, 14, 0], &[1, 4, 1], &[0, 5, 0, 60, 60], &[0, 5, 0, 4, 5], &[1, 0, 1, 0]] {
        assert!(TableMeld::from_wire(bytes).is_err(), "{bytes:?}");
    }
    let r = rules(&[]);
    assert!(read_meld(&[200, 1, 2], &r).is_err());
    assert!(lay_off(&meld("Kh Kd Ks", &r), 250, &r).is_err());
    assert!(swap_joker(&meld("Kh Kd *", &r), JOKER, &r).is_err());
}

#[test]
fn every_candidate_reads_back_at_its_points() {
    let mut rng = Rng(7);
    let deck = full_deck(Game::Romme);
    for opts in [vec![], vec![("wrap_around", 1)], vec![("no_double_joker", 1)]] {
        let r = rules(&opts);
        for _ in 0..40 {
            let hand = deal(&mut rng, &deck, 12);
            for c in candidates(&hand, &r, true).iter().chain(&quick_melds(&hand, &r, true)) {
                let m = read_meld(&c.specs, &r).unwrap();
                assert_eq!(m.points(), c.points, "{:?} in {hand:?}", c.specs);
            }
            let (total, melds) = best_melds(&hand, &r, Value::Points, true, 1);
            assert_eq!(total, melds.iter().map(|m| m.points).sum::<i32>());
        }
    }
}

/// Whether `melds` are laid from `hand`: each reads as a meld, and no card is used more often
/// than the hand holds it.
fn laid_from(hand: &[u8], melds: &[super::hand_search::Candidate], r: &Rules) -> bool {
    let mut left = hand.to_vec();
    melds.iter().all(|m| {
        read_meld(&m.specs, r).is_ok()
            && m.naturals.iter().chain(std::iter::repeat_n(&JOKER, m.jokers as usize)).all(|c| {
                let Some(k) = left.iter().position(|x| x == c) else { return false };
                left.swap_remove(k);
                true
            })
    })
}

#[test]
fn a_hand_of_a_whole_table_taken_back_is_answered_greedily_past_the_step_limit() {
    // a hand of 55 cards and six jokers (a Räuber table taken back into it) walked every bot's
    // hand search for minutes; the deck's 110 cards the same: each question ends at its steps
    // with valid melds from the hand (of the whole deck at least its eight runs A to K)
    let r = rules(&[]);
    let deck = full_deck(Game::Romme);
    let mut rng = Rng(11);
    for hand in [deck.clone(), deal(&mut rng, &deck, 55), deal(&mut rng, &deck, 70)] {
        let (total, melds) = best_melds(&hand, &r, Value::Cards, true, 0);
        assert!(laid_from(&hand, &melds, &r) && total == melds.iter().map(|m| m.specs.len() as i32).sum::<i32>());
        assert!(total > 0 && (hand.len() < deck.len() || total >= 104), "{total} of {} cards", hand.len());
        let (points, melds) = best_opening(&hand, &r, true, Some(hand[0]));
        assert!(laid_from(&hand, &melds, &r) && points > 0);
        assert!(meld_all_but_one(&hand, &r, true).is_none_or(|m| laid_from(&hand, &m, &r)));
        let _ = can_open_with(&hand, hand[1], &r);
        let outlooks = discard_outlooks(&hand, &r, &hand[..10]).unwrap();
        assert!(outlooks.iter().all(|o| o.melded > 0));
    }
}

#[test]
fn the_discard_taken_opens_only_with_an_opening_that_uses_it() {
    let r = rules(&[]);
    let hand = specs("Qh Kh Ah 7c 7d 7s 2c 9d");
    assert!(can_open_with(&hand, specs("Ah")[0], &r)); // Q K A 31 + 777 21
    assert!(!can_open_with(&hand, specs("9d")[0], &r)); // 9d makes no meld
}

fn position<'a>(hand: &'a [u8], table: &'a [TableMeld]) -> Position<'a> {
    Position {
        hand,
        table,
        with_discard: true,
        opened: true,
        opened_before: true,
        laid: false,
        owed_jokers: 0,
        must_open_with: None,
        can_draw_stock: true,
    }
}

#[test]
fn listed_moves_are_legal_and_a_freed_joker_must_fit() {
    let r = rules(&[]);
    let table = vec![meld("3h 4h * 6h", &r), meld("Kc Kd Ks", &r)];
    let hand = specs("5h 7h 9c Kh");
    let listed = play_moves(&position(&hand, &table), &r);
    assert!(listed.contains(&Listed::Swap { target: 1, card: specs("5h")[0] }));
    assert!(listed.contains(&Listed::LayOff { card: specs("7h")[0], target: 1 }));
    assert!(listed.contains(&Listed::LayOff { card: specs("Kh")[0], target: 2 }));
    assert_eq!(listed.iter().filter(|m| matches!(m, Listed::Discard(_))).count(), 4);
    // after the swap the joker is owed: only moves that lay it (or keep a way to) are listed
    let swapped = vec![meld("3h 4h 5h 6h", &r), meld("Kc Kd Ks", &r)];
    let hand = specs("7h 9c Kh *");
    let owed = Position { owed_jokers: 1, laid: true, ..position(&hand, &swapped) };
    let listed = play_moves(&owed, &r);
    assert!(!listed.iter().any(|m| matches!(m, Listed::Discard(_))));
    assert!(listed.contains(&Listed::LayOff { card: JOKER, target: 1 }));
    let turn = Turn {
        hand: &hand,
        table: &swapped,
        with_discard: true,
        opened: true,
        opened_before: true,
        owed_jokers: 1,
        must_open_with: None,
    };
    assert!(turn.swap(1, specs("7h")[0], &r).is_err(), "a second swap before the joker is laid");
}

#[test]
fn the_opening_needs_its_minimum_from_new_melds() {
    let r = rules(&[]);
    let hand = specs("7c 7d 7s 8h 9h 10h 2c");
    let turn = Turn {
        hand: &hand,
        table: &[],
        with_discard: true,
        opened: false,
        opened_before: false,
        owed_jokers: 0,
        must_open_with: None,
    };
    let e = turn.meld(&[specs("7c 7d 7s")], &r).unwrap_err();
    assert_eq!(e.0, "opening needs 31 points from new melds, these make 21");
    let (o, new) = turn.meld(&[specs("7c 7d 7s"), specs("8h 9h 10h")], &r).unwrap();
    assert!(o.opens && new.len() == 2 && o.hand == specs("2c"));
    let e = turn.lay_off(specs("2c")[0], 1, &r).unwrap_err();
    assert!(e.0.starts_with("laying off only after opening"), "{}", e.0);
}

#[test]
fn a_rauber_steal_is_listed_when_the_place_judge_takes_it_as_a_rearrangement() {
    use super::place::Judged;
    use crate::table_place::Verdict;
    let r = rules(&[("rauber", 1)]);
    let table = vec![meld("Kc Kd Kh Ks", &r), meld("3h 4h 5h", &r)];
    let hand = sorted(specs("Jc Qc 2s 9d"));
    let listed = play_moves(&position(&hand, &table), &r);
    let steals: Vec<&Vec<Vec<u8>>> =
        listed.iter().filter_map(|m| if let Listed::Rearrange(t) = m { Some(t) } else { None }).collect();
    // the Kc of the full set joins Jc Qc in a run; no other spare card has two partners in the hand
    assert_eq!(steals, vec![&vec![specs("Kd Kh Ks"), specs("3h 4h 5h"), specs("Jc Qc Kc")]]);
    let turn = Turn {
        hand: &hand,
        table: &table,
        with_discard: true,
        opened: true,
        opened_before: true,
        owed_jokers: 0,
        must_open_with: None,
    };
    match turn.place(steals[0], &r).unwrap() {
        Verdict::Legal(placed) => {
            assert_eq!(placed.judged, Judged::Rearrangement);
            assert_eq!(placed.outcome.hand, sorted(specs("2s 9d")));
        }
        Verdict::Illegal(rule) => panic!("the listed steal is refused: {rule}"),
    }
    // with no card left to discard after it the steal is not listed
    let hand = specs("Jc Qc");
    let listed = play_moves(&position(&hand, &table), &r);
    assert!(!listed.iter().any(|m| matches!(m, Listed::Rearrange(_))));
    // nor before the seat has opened
    let hand = sorted(specs("Jc Qc 2s 9d"));
    let unopened = Position { opened: false, opened_before: false, ..position(&hand, &table) };
    assert!(!play_moves(&unopened, &r).iter().any(|m| matches!(m, Listed::Rearrange(_))));
}
