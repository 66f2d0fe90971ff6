//! The meld checks of the table games give each refusal its kind of fault (`MeldFault`), decided where they refuse:
//! the table names a broken meld in the player's words by it (python/romme_table/board_faults.py).

use romme_engine::cards::{parse_cards, Game};
use romme_engine::meld::{EngineError, MeldFault, Objective, Options};
use romme_engine::romme::table_meld;
use romme_engine::romme::Rules;
use romme_engine::{einmaleins, rummy};

fn romme(cards: &str, options: &[(&str, i64)]) -> Option<MeldFault> {
    let options = Options::from_pairs(options.iter().map(|&(k, v)| (k.to_string(), v)));
    let specs = parse_cards(Game::Romme, cards).expect("cards");
    table_meld::read_meld(&specs, &Rules::from_options(&options).expect("rules")).expect_err("no meld").1
}

fn refused(result: Result<romme_engine::meld::Meld, EngineError>) -> Option<MeldFault> {
    result.expect_err("no meld").1
}

#[test]
fn romme_table_melds_name_their_fault() {
    assert_eq!(romme("7h 8h", &[]), Some(MeldFault::TooFew));
    assert_eq!(romme("7h", &[]), Some(MeldFault::TooFew));
    assert_eq!(romme("7h 7d 7c * *", &[]), Some(MeldFault::TooMany));
    assert_eq!(romme("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah", &[]), Some(MeldFault::TooMany));
    assert_eq!(romme("7h 7h 8h", &[]), Some(MeldFault::RankTwice));
    assert_eq!(romme("7h 9h Jh", &[]), Some(MeldFault::Gap));
    assert_eq!(romme("* * *", &[]), Some(MeldFault::WildsOnly));
    assert_eq!(romme("7h * *", &[("no_double_joker", 1)]), Some(MeldFault::DoubleJoker));
    assert_eq!(romme("7h 8h 9c", &[]), Some(MeldFault::NoSetNoRun));
}

#[test]
fn einmaleins_and_rummy_melds_name_their_fault() {
    let one = |text: &str| refused(einmaleins::read_meld(&parse_cards(Game::Einmaleins, text).expect("cards")));
    assert_eq!(one("H3 H6"), Some(MeldFault::TooFew));
    assert_eq!(one("H1 H1 H2"), Some(MeldFault::CardTwice(parse_cards(Game::Einmaleins, "H1").unwrap()[0])));
    assert_eq!(one("W W W"), Some(MeldFault::WildsOnly));
    assert_eq!(one("K3 K6 K10"), Some(MeldFault::NoSetNoRun));
    // a hand with a card twice is refused alike, but a hand is no meld: no kind
    let hand = parse_cards(Game::Einmaleins, "H1 H1 H2").expect("cards");
    let refused_hand = einmaleins::solve_hand(&hand, Objective::MaxCards, &Options::default()).expect_err("twice");
    assert!(refused_hand.0.contains("twice") && refused_hand.1.is_none(), "{refused_hand:?}");
    let rum = |text: &str| refused(rummy::read_meld(&parse_cards(Game::Rummy, text).expect("cards")));
    assert_eq!(rum("G1 G2"), Some(MeldFault::TooFew));
    assert_eq!(rum("G1 G3 G5"), Some(MeldFault::NoSetNoRun));
    assert_eq!(rum("* * *"), None); // three jokers: the deck holds two, a fault of the cards, not of a meld
}

#[test]
fn every_kind_has_its_listed_name() {
    let kinds = [
        MeldFault::TooFew,
        MeldFault::TooMany,
        MeldFault::CardTwice(0),
        MeldFault::RankTwice,
        MeldFault::Gap,
        MeldFault::WildsOnly,
        MeldFault::DoubleJoker,
        MeldFault::NoSetNoRun,
    ];
    let names: Vec<&str> = kinds.iter().map(|k| k.name()).collect();
    assert_eq!(names, MeldFault::NAMES.to_vec());
    assert_eq!(MeldFault::CardTwice(7).card(), Some(7));
    assert_eq!(MeldFault::Gap.card(), None);
}
