//! Rough timing of the 1x1, Rummy and Krass hand solvers at real sizes
//! (`cargo test --profile ci --test hand_b_speed -- --ignored --nocapture`).
//! The Python benchmark in benches/ is the reference; this is for development.

use romme_engine::cards::Game;
use romme_engine::hand::solve_hand;
use romme_engine::meld::{Objective, Options};
use romme_engine::testkit::{deal, Rng};
use std::time::Instant;

fn time(game: Game, deck: &[u8], n: usize, objective: Objective, force_joker: Option<u8>) {
    let mut rng = Rng(12345);
    let mut times = Vec::new();
    for _ in 0..2000 {
        let mut hand = deal(&mut rng, deck, n);
        if let Some(j) = force_joker {
            if !hand.contains(&j) {
                hand[0] = j;
            }
        }
        let t = Instant::now();
        solve_hand(game, &hand, objective, &Options::default(), 0).unwrap();
        times.push(t.elapsed().as_secs_f64() * 1e6);
    }
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    println!(
        "{:?} {n} {objective:?}: median {:.1} µs, p99 {:.1} µs, max {:.1} µs",
        game,
        times[times.len() / 2],
        times[times.len() * 99 / 100],
        times[times.len() - 1]
    );
}

#[test]
#[ignore]
fn speed() {
    let mut one: Vec<u8> = (0..100).collect();
    one.extend([100; 3]);
    for obj in [Objective::Opening, Objective::MinLeft, Objective::MaxCards] {
        time(Game::Einmaleins, &one, 14, obj, None);
    }
    let mut rummy: Vec<u8> = (0..52).flat_map(|c| [c, c]).collect();
    rummy.extend([52; 2]);
    for obj in [Objective::Opening, Objective::MinLeft, Objective::MaxCards] {
        time(Game::Rummy, &rummy, 18, obj, Some(52));
    }
    let mut krass: Vec<u8> = (0..12).flat_map(|c| [c; 4]).collect();
    krass.extend([12, 12, 13, 13, 14, 14]);
    for n in [10, 16] {
        time(Game::Krass, &krass, n, Objective::MinPlays, None);
    }
}

#[test]
#[ignore]
fn big_einmaleins() {
    let mut one: Vec<u8> = (0..100).collect();
    one.extend([100; 3]);
    for n in [30, 35, 40, 45] {
        let mut rng = Rng(n as u64 + 1);
        let mut worst: f64 = 0.0;
        for _ in 0..20 {
            let hand = deal(&mut rng, &one, n);
            let t = Instant::now();
            let _ = solve_hand(Game::Einmaleins, &hand, Objective::MinLeft, &Options::default(), 0);
            worst = worst.max(t.elapsed().as_secs_f64() * 1e3);
        }
        println!("einmaleins {n} cards min-left: worst of 20 {worst:.1} ms");
    }
}

#[test]
#[ignore]
fn rummy_capped() {
    // Hands where more than 12 cards meld, so the budget enters the DP state.
    let hands: Vec<Vec<u8>> = vec![
        (0..9).chain(13..22).collect(),
        (0..13).chain([13, 26, 39, 52, 52]).collect(),
        (0..6).chain(13..19).chain(26..32).collect(),
        (0..4).flat_map(|c| [c * 13 + 2, c * 13 + 3, c * 13 + 4, c * 13 + 5]).chain([52, 52]).collect(),
    ];
    for hand in hands {
        for (obj, cap) in [(Objective::Opening, 12), (Objective::MinLeft, 12), (Objective::Opening, 0)] {
            let opts = Options::from_pairs([("max_hand_cards_per_turn".to_string(), cap)]);
            let mut times = Vec::new();
            for _ in 0..50 {
                let t = Instant::now();
                solve_hand(Game::Rummy, &hand, obj, &opts, 0).unwrap();
                times.push(t.elapsed().as_secs_f64() * 1e6);
            }
            times.sort_by(|a, b| a.partial_cmp(b).unwrap());
            println!("rummy {} cards {obj:?} cap {cap}: median {:.1} µs", hand.len(), times[25]);
        }
    }
}
