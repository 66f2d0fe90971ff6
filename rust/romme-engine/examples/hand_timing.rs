//! Quick timing of the hand solvers of every game on seeded random
//! hands of the real sizes (no criterion): median and p99 per call.
//!
//! `cargo run -p romme-engine --profile ci --example hand_timing [hands]`

use std::time::Instant;

use romme_engine::cards::Game;
use romme_engine::hand::solve_hand;
use romme_engine::meld::{Objective, Options};
use romme_engine::testkit::{deal, full_deck, Rng};

fn time(label: &str, game: Game, hands: &[Vec<u8>], obj: Objective, opts: &Options, round: u8) {
    let mut t: Vec<f64> = Vec::with_capacity(hands.len());
    for h in hands {
        let start = Instant::now();
        let s = solve_hand(game, h, obj, opts, round).expect("solves");
        t.push(start.elapsed().as_secs_f64() * 1e6);
        std::hint::black_box(s);
    }
    t.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let q = |p: f64| t[((t.len() - 1) as f64 * p) as usize];
    println!("{label:28} median {:8.1} µs  p99 {:8.1} µs  max {:8.1} µs", q(0.5), q(0.99), q(1.0));
}

fn main() {
    let n: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(2000);
    let mut rng = Rng(2026);
    let none = Options::default();
    let kd = full_deck(Game::Koenigs);
    for round in [1u8, 3, 5, 7, 9, 10, 11] {
        let hands: Vec<Vec<u8>> = (0..n).map(|_| deal(&mut rng, &kd, round as usize + 3)).collect();
        time(
            &format!("koenigs r{round} ({} cards)", round + 3),
            Game::Koenigs,
            &hands,
            Objective::MinLeft,
            &none,
            round,
        );
    }
    let rd = full_deck(Game::Romme);
    let hands: Vec<Vec<u8>> = (0..n).map(|_| deal(&mut rng, &rd, 14)).collect();
    for obj in [Objective::Opening, Objective::MinLeft, Objective::MaxCards] {
        time(&format!("romme 14 {obj:?}"), Game::Romme, &hands, obj, &none, 0);
    }
    let wrap = Options::from_pairs([("wrap_around".to_string(), 1)]);
    time("romme 14 opening wrap", Game::Romme, &hands, Objective::Opening, &wrap, 0);
    let ndj = Options::from_pairs([("no_double_joker".to_string(), 1)]);
    time("romme 14 opening no_dbl_jkr", Game::Romme, &hands, Objective::Opening, &ndj, 0);
    for (game, size) in [(Game::Einmaleins, 14), (Game::Rummy, 18)] {
        // 1x1-Rommé is played without the ban cards V2, V5 (codes 101, 102).
        let deck: Vec<u8> = full_deck(game).into_iter().filter(|&c| game != Game::Einmaleins || c <= 100).collect();
        let hands: Vec<Vec<u8>> = (0..n).map(|_| deal(&mut rng, &deck, size)).collect();
        for obj in [Objective::Opening, Objective::MinLeft, Objective::MaxCards] {
            time(&format!("{} {size} {obj:?}", game.id()), game, &hands, obj, &none, 0);
        }
    }
    let kk = full_deck(Game::Krass);
    for size in [10, 16] {
        let hands: Vec<Vec<u8>> = (0..n).map(|_| deal(&mut rng, &kk, size)).collect();
        time(&format!("krass {size} MinPlays"), Game::Krass, &hands, Objective::MinPlays, &none, 0);
    }
}
