//! Quick timing of the Königs-Rommé and Rommé hand solvers on seeded random
//! hands of the real sizes (no criterion): median and p99 per call.
//!
//! `cargo run -p romme-engine --profile ci --example hand_timing [hands]`

use std::time::Instant;

use romme_engine::cards::{deck_types, Game};
use romme_engine::hand::solve_hand;
use romme_engine::meld::{Objective, Options};

/// SplitMix64.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

fn deck(game: Game) -> Vec<u8> {
    deck_types(game).iter().flat_map(|t| std::iter::repeat_n(t.code, t.copies as usize)).collect()
}

fn hand(rng: &mut Rng, deck: &[u8], n: usize) -> Vec<u8> {
    let mut d = deck.to_vec();
    (0..n).map(|_| d.swap_remove((rng.next() % d.len() as u64) as usize)).collect()
}

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
    let kd = deck(Game::Koenigs);
    for round in [1u8, 3, 5, 7, 9, 10, 11] {
        let hands: Vec<Vec<u8>> = (0..n).map(|_| hand(&mut rng, &kd, round as usize + 3)).collect();
        time(
            &format!("koenigs r{round} ({} cards)", round + 3),
            Game::Koenigs,
            &hands,
            Objective::MinLeft,
            &none,
            round,
        );
    }
    let rd = deck(Game::Romme);
    let hands: Vec<Vec<u8>> = (0..n).map(|_| hand(&mut rng, &rd, 14)).collect();
    for obj in [Objective::Opening, Objective::MinLeft, Objective::MaxCards] {
        time(&format!("romme 14 {obj:?}"), Game::Romme, &hands, obj, &none, 0);
    }
    let wrap = Options::from_pairs([("wrap_around".to_string(), 1)]);
    time("romme 14 opening wrap", Game::Romme, &hands, Objective::Opening, &wrap, 0);
    let ndj = Options::from_pairs([("no_double_joker".to_string(), 1)]);
    time("romme 14 opening no_dbl_jkr", Game::Romme, &hands, Objective::Opening, &ndj, 0);
}
