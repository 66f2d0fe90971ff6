//! No input makes the 1x1, Rummy or Krass code panic; big hands finish.

use romme_engine::cards::Game;
use romme_engine::hand::{solve_hand, validate_meld};
use romme_engine::krass;
use romme_engine::meld::{Objective, Options};
use romme_engine::testkit::Rng;
use std::time::Instant;

const OBJECTIVES: [Objective; 4] = [Objective::Opening, Objective::MinLeft, Objective::MaxCards, Objective::MinPlays];

fn options(rng: &mut Rng) -> Options {
    let names = ["opening_points", "max_hand_cards_per_turn", "target", "long_game", "bogus"];
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
        let game = [Game::Einmaleins, Game::Rummy, Game::Krass][rng.below(3)];
        let len = rng.below(20);
        let codes: Vec<u8> = (0..len)
            .map(|_| if rng.below(4) == 0 { rng.below(256) as u8 } else { rng.below(game.type_count()) as u8 })
            .collect();
        let opts = options(&mut rng);
        let _ = solve_hand(game, &codes, OBJECTIVES[rng.below(4)], &opts, rng.below(3) as u8);
        let _ = validate_meld(game, &codes, &opts, 0);
        let take = rng.below(5);
        let pairs: Vec<(u8, u8)> = codes.iter().map(|&c| (c, rng.below(16) as u8)).take(take).collect();
        let _ = krass::classify(&pairs);
        let _ = krass::best_reading(&codes[..codes.len().min(4)]);
        let _ = krass::lowest_beating(&codes[..codes.len().min(4)], None);
    }
}

#[test]
fn big_hands_finish() {
    let mut rng = Rng(77);
    let mut one: Vec<u8> = (0..100).collect();
    one.extend([100; 3]);
    let mut rummy: Vec<u8> = (0..52).flat_map(|c| [c, c]).collect();
    rummy.extend([52; 2]);
    let mut krass_deck: Vec<u8> = (0..12).flat_map(|c| [c; 4]).collect();
    krass_deck.extend([12, 12, 13, 13, 14, 14]);
    for (game, deck, sizes) in [
        (Game::Einmaleins, &one, [30, 40, 62]),
        (Game::Rummy, &rummy, [30, 40, 50]),
        (Game::Krass, &krass_deck, [30, 40, 54]),
    ] {
        for &n in &sizes {
            let mut d = deck.clone();
            let hand: Vec<u8> = (0..n).map(|_| d.swap_remove(rng.below(d.len()))).collect();
            for obj in OBJECTIVES {
                let t = Instant::now();
                let r = solve_hand(game, &hand, obj, &Options::default(), 0);
                let ms = t.elapsed().as_secs_f64() * 1e3;
                println!("{game:?} {n} {obj:?}: {ms:.1} ms ok={}", r.is_ok());
                assert!(ms < 3000.0, "{game:?} {n} cards {obj:?} took {ms} ms");
            }
        }
    }
    // Whole decks are errors (1x1: more than 45 number cards) or finish.
    assert!(solve_hand(Game::Einmaleins, &one, Objective::Opening, &Options::default(), 0).is_err());
}
