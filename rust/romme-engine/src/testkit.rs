//! Seeded helpers shared by the engine's tests, examples, fuzz targets and timing probes:
//! a small reproducible generator, random deals and a stopwatch of this thread's CPU time.
//! Not used by the solvers.

use crate::cards::{deck_types, Game};
use crate::meld::HandSolution;
use std::time::Instant;

/// SplitMix64: a tiny deterministic generator, so random tests replay exactly.
#[derive(Clone, Debug)]
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }

    /// Shuffles `items` in place (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

/// Every card of `game`'s deck: each type as often as the deck holds it.
pub fn full_deck(game: Game) -> Vec<u8> {
    deck_types(game).iter().flat_map(|t| std::iter::repeat_n(t.code, t.copies as usize)).collect()
}

/// `n` cards drawn at random from `deck` (all of them if it holds fewer).
pub fn deal(rng: &mut Rng, deck: &[u8], n: usize) -> Vec<u8> {
    let mut d = deck.to_vec();
    (0..n.min(d.len())).map(|_| d.swap_remove(rng.below(d.len()))).collect()
}

/// The next value of [`Rng`]'s sequence for a test that keeps the generator's state in a plain `u64`.
pub fn splitmix(state: &mut u64) -> u64 {
    let mut rng = Rng(*state);
    let value = rng.next_u64();
    *state = rng.0;
    value
}

/// How a grid game's random table is dealt by [`grid_position`].
pub struct GridDeal {
    /// The highest cell a run may reach (13; 14 where the ace also follows the king).
    pub top_cell: u8,
    /// The card code of a suit's (or colour's) cell.
    pub code: fn(u8, u8) -> u8,
    /// The joker's code (two of them in the deck, as every natural).
    pub joker: u8,
    /// Whether the game takes a dealt meld.
    pub valid: fn(&[u8]) -> bool,
}

/// A random table-search position: `melds` valid melds from two decks of 52 naturals and 2 jokers (runs of 3–4
/// cells, sets of up to four suits, a joker in some) and a hand of `hand` cards from the rest.
pub fn grid_position(seed: &mut u64, melds: usize, hand: usize, deal: &GridDeal) -> (Vec<Vec<u8>>, Vec<u8>) {
    let next = splitmix;
    let mut left = [2u8; 53];
    let mut table = Vec::new();
    while table.len() < melds {
        let (suit, cell) = ((next(seed) % 4) as u8, (next(seed) % (deal.top_cell as u64 - 2)) as u8 + 1);
        let mut m: Vec<u8> = if next(seed).is_multiple_of(2) {
            let end = cell + 3 + (next(seed) % 2) as u8;
            (cell..end).filter(|&k| k <= deal.top_cell).map(|k| (deal.code)(suit, k)).collect()
        } else {
            (0..4).filter(|_| !next(seed).is_multiple_of(4)).map(|s| (deal.code)(s, cell)).collect()
        };
        if m.len() >= 3 && next(seed).is_multiple_of(5) {
            m.push(deal.joker);
        }
        if m.len() < 3 || m.iter().any(|&x| left[x as usize] == 0) || !(deal.valid)(&m) {
            continue;
        }
        m.iter().for_each(|&x| left[x as usize] -= 1);
        table.push(m);
    }
    let mut rest: Vec<u8> = (0..53u8).flat_map(|x| std::iter::repeat_n(x, left[x as usize] as usize)).collect();
    let mut h = Vec::new();
    while h.len() < hand && !rest.is_empty() {
        let k = (next(seed) % rest.len() as u64) as usize;
        h.push(rest.swap_remove(k));
    }
    (table, h)
}

/// Panics (naming `what`) unless `got` and `want` hold the same cards, in any order.
pub fn assert_same_cards(got: &[u8], want: &[u8], what: &str) {
    let (mut a, mut b) = (got.to_vec(), want.to_vec());
    a.sort_unstable();
    b.sort_unstable();
    assert_eq!(a, b, "{what}");
}

/// Panics unless the melds and the cards left of `solution` hold exactly the cards of `hand`.
pub fn assert_conserved(hand: &[u8], solution: &HandSolution) {
    let mut all = solution.left.clone();
    for m in &solution.melds {
        all.extend(m.codes());
    }
    assert_same_cards(&all, hand, "cards not conserved");
}

/// The CPU time this thread has run, in nanoseconds (Linux: `/proc/thread-self/schedstat`); `None` elsewhere.
pub fn thread_cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat").ok()?.split_whitespace().next()?.parse().ok()
}

/// A stopwatch of this thread's CPU time, for a test's or a fuzz target's bound on a solve's time
/// (the solvers run on the caller's thread): wall time also counts the turns of every other
/// process, so a wall bound trips on a loaded machine (the hand_solver fuzz target's 2 s did at
/// load 25) and says nothing about the solve. Where the kernel gives no count, or the count did
/// not move (a solve shorter than a scheduler tick), it reads wall time.
#[derive(Clone, Copy, Debug)]
pub struct CpuClock {
    cpu: Option<u64>,
    wall: Instant,
}

impl CpuClock {
    /// Starts the stopwatch now.
    pub fn start() -> Self {
        CpuClock { cpu: thread_cpu_ns(), wall: Instant::now() }
    }

    /// Milliseconds since [`CpuClock::start`]: this thread's CPU time, or wall time (see the type).
    pub fn elapsed_ms(&self) -> f64 {
        match (self.cpu, thread_cpu_ns()) {
            (Some(a), Some(b)) if b > a => (b - a) as f64 / 1e6,
            _ => self.wall.elapsed().as_secs_f64() * 1e3,
        }
    }
}

/// A random Rommé position: `melds` valid melds of the two decks (runs on cells 1 to 14, the ace low or high;
/// sets; some with a joker) and a hand of `hand` cards from the rest.
pub fn romme_position(seed: &mut u64, melds: usize, hand: usize) -> (Vec<Vec<u8>>, Vec<u8>) {
    let code = |suit: u8, cell: u8| suit * 13 + (cell - 1) % 13;
    let valid = |m: &[u8]| crate::romme::validate_meld(m, &crate::meld::Options::default()).is_ok();
    grid_position(seed, melds, hand, &GridDeal { top_cell: 14, code, joker: crate::romme::JOKER, valid })
}

/// Räuber-Rommé options: `to_hand` lets table cards go back to the hand (the objective `net` needs it),
/// `no_double_joker` forbids a meld of one natural and two jokers.
pub fn rauber_options(to_hand: bool, no_double_joker: bool) -> crate::meld::Options {
    let mut pairs = vec![("rauber".to_string(), 1)];
    if to_hand {
        pairs.push(("rauber_table_to_hand".to_string(), 1));
    }
    if no_double_joker {
        pairs.push(("no_double_joker".to_string(), 1));
    }
    crate::meld::Options::from_pairs(pairs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deals_are_reproducible_and_from_the_deck() {
        let deck = full_deck(Game::Rummy);
        assert_eq!(deck.len(), 106);
        let a = deal(&mut Rng(1), &deck, 14);
        assert_eq!(a, deal(&mut Rng(1), &deck, 14));
        assert!(a.iter().all(|c| deck.contains(c)));
        assert_eq!(deal(&mut Rng(1), &deck[..3], 10).len(), 3);
        assert_eq!(Rng(5).below(0), 0);
    }

    #[test]
    fn the_cpu_clock_does_not_count_the_time_the_thread_waits() {
        if thread_cpu_ns().is_none() {
            return; // no per-thread count on this system: the clock reads wall time
        }
        let clock = CpuClock::start();
        let busy = Instant::now();
        let mut x = 1u64;
        while busy.elapsed().as_millis() < 60 {
            x = std::hint::black_box(x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1));
        }
        std::thread::sleep(std::time::Duration::from_millis(600));
        let ms = clock.elapsed_ms();
        // at most the 60 ms of work (less where other processes took turns), not the 600 ms asleep
        assert!(ms > 0.0 && ms < 300.0, "{ms} ms");
    }
}
