//! No input makes the hand solvers, meld checks or Krass classifiers panic; big hands finish.

use romme_engine::cards::{parse_cards, Game};
use romme_engine::hand::{solve_hand, validate_meld};
use romme_engine::krass;
use romme_engine::meld::{Objective, Options};
use romme_engine::testkit::{deal, full_deck, CpuClock, Rng};

const OBJECTIVES: [Objective; 4] = [Objective::Opening, Objective::MinLeft, Objective::MaxCards, Objective::MinPlays];

fn options(rng: &mut Rng) -> Options {
    let names = [
        "opening_points",
        "max_hand_cards_per_turn",
        "target",
        "long_game",
        "wrap_around",
        "joker_declared",
        "no_double_joker",
        "jokers_per_deck",
        "opening_without_jokers",
        "bogus",
    ];
    let mut pairs = Vec::new();
    for _ in 0..rng.below(3) {
        let v = [-5i64, 0, 1, 3, 12, 30, 51, 107, 1000, i64::MAX][rng.below(10)];
        pairs.push((names[rng.below(names.len())].to_string(), v));
    }
    Options::from_pairs(pairs)
}

#[test]
fn garbage_input_gives_errors_not_panics() {
    let mut rng = Rng(2024);
    for _ in 0..20_000 {
        let game = Game::ALL[rng.below(Game::ALL.len())];
        let len = rng.below(20);
        let codes: Vec<u8> = (0..len)
            .map(|_| if rng.below(4) == 0 { rng.below(256) as u8 } else { rng.below(game.type_count()) as u8 })
            .collect();
        let opts = options(&mut rng);
        let round = rng.below(13) as u8;
        let _ = solve_hand(game, &codes, OBJECTIVES[rng.below(4)], &opts, round);
        let _ = validate_meld(game, &codes, &opts, round);
        let take = rng.below(5);
        let pairs: Vec<(u8, u8)> = codes.iter().map(|&c| (c, rng.below(16) as u8)).take(take).collect();
        let _ = krass::classify(&pairs);
        assert_eq!(krass::combination(&pairs).ok().flatten(), krass::classify(&pairs).ok());
        let _ = krass::best_reading(&codes[..codes.len().min(4)]);
        let _ = krass::lowest_beating(&codes[..codes.len().min(4)], None);
    }
}

#[test]
fn big_hands_finish() {
    let mut rng = Rng(77);
    // 1x1-Rommé is played without the ban cards (codes 101, 102).
    let one: Vec<u8> = full_deck(Game::Einmaleins).into_iter().filter(|&c| c <= 100).collect();
    let (rummy, krass_deck) = (full_deck(Game::Rummy), full_deck(Game::Krass));
    for (game, deck, sizes) in [
        (Game::Einmaleins, &one, [30, 40, 62]),
        (Game::Rummy, &rummy, [30, 40, 50]),
        (Game::Krass, &krass_deck, [30, 40, 54]),
    ] {
        for &n in &sizes {
            let hand = deal(&mut rng, deck, n);
            for obj in OBJECTIVES {
                let clock = CpuClock::start();
                let r = solve_hand(game, &hand, obj, &Options::default(), 0);
                let ms = clock.elapsed_ms();
                println!("{game:?} {n} {obj:?}: {ms:.1} ms ok={}", r.is_ok());
                assert!(ms < 3000.0, "{game:?} {n} cards {obj:?} took {ms} ms");
            }
        }
    }
    // Whole decks are errors (1x1: more than 45 number cards) or finish.
    assert!(solve_hand(Game::Einmaleins, &one, Objective::Opening, &Options::default(), 0).is_err());
}

#[test]
fn garbage_text_gives_errors_not_panics() {
    let mut rng = Rng(31);
    let alphabet: Vec<char> = "AKQJ0123456789cdhstBRGYHWXNSV* \t\u{e9}".chars().collect();
    for _ in 0..5_000 {
        let text: String = (0..rng.below(12)).map(|_| alphabet[rng.below(alphabet.len())]).collect();
        for game in Game::ALL {
            if let Ok(codes) = parse_cards(game, &text) {
                assert!(codes.iter().all(|&c| (c as usize) < game.type_count()), "{text:?}");
            }
        }
    }
}

/// The hands that cost each solver most: the whole deck, and the largest hand its size cap
/// lets through made of dense runs (suit order) or dense sets (rank order), with every
/// wild card first. Every one answers or is refused with one line within a second of CPU: a
/// solve cut at its step limit answers the best partition found (not proven); the whole Rummy
/// deck, the dearest, runs two DPs to the limit (the objective's and the opening's, each under
/// the cap) in ~0.15-0.2 s of CPU.
#[test]
fn every_solver_answers_or_refuses_any_hand_within_a_second_of_cpu() {
    use romme_engine::cards::{deck_types, Kind};
    let games: [(Game, usize, Vec<u8>); 5] = [
        (Game::Koenigs, romme_engine::koenigs::MAX_HAND, vec![3, 11]),
        (Game::Romme, romme_engine::romme::MAX_HAND, vec![0]),
        (Game::Einmaleins, romme_engine::einmaleins::MAX_HAND + 4, vec![0]),
        (Game::Rummy, 106, vec![0]),
        (Game::Krass, 200, vec![0]),
    ];
    let rummy_caps = [Options::default(), Options::from_pairs([("max_hand_cards_per_turn".to_string(), 0)])];
    let mut slowest = (0.0, String::new());
    for (game, cap, rounds) in games {
        let types = deck_types(game);
        // 1x1-Rommé is played without the ban cards
        let deck: Vec<u8> = full_deck(game).into_iter().filter(|&c| types[c as usize].kind != Kind::Ban).collect();
        let natural = |c: &u8| types[*c as usize].kind == Kind::Natural && types[*c as usize].rank > 1;
        let (mut wild, mut by_suit): (Vec<u8>, Vec<u8>) = deck.iter().partition(|c| !natural(c));
        by_suit.sort_by_key(|&c| (types[c as usize].suit, types[c as usize].rank));
        let mut by_rank = by_suit.clone();
        by_rank.sort_by_key(|&c| (types[c as usize].rank, types[c as usize].suit));
        wild.sort_unstable();
        let hands: Vec<Vec<u8>> = [by_suit, by_rank]
            .iter()
            .map(|order| wild.iter().chain(order).copied().take(cap).collect())
            .chain([deck.clone()])
            .collect();
        let option_sets: &[Options] = if game == Game::Rummy { &rummy_caps } else { &rummy_caps[..1] };
        for (hand, opts, &round, obj) in hands
            .iter()
            .flat_map(|h| option_sets.iter().map(move |o| (h, o)))
            .flat_map(|(h, o)| rounds.iter().map(move |r| (h, o, r)))
            .flat_map(|(h, o, r)| OBJECTIVES.iter().map(move |&obj| (h, o, r, obj)))
        {
            let clock = CpuClock::start();
            let answer = solve_hand(game, hand, obj, opts, round);
            let ms = clock.elapsed_ms();
            let what = format!("{game:?} {} cards {obj:?} round {round} {opts:?}", hand.len());
            assert!(ms < 1000.0, "{what} took {ms:.0} ms");
            if let Err(e) = answer {
                assert!(!e.0.is_empty() && !e.0.contains('\n'), "{what}: {e}");
            }
            if ms > slowest.0 {
                slowest = (ms, what);
            }
        }
    }
    println!("slowest: {} in {:.1} ms", slowest.1, slowest.0);
}
