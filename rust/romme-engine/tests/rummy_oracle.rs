//! Rummy hand solver against a brute-force oracle (every subset judged by a
//! direct meld predicate, every partition tried, the per-turn cap enforced).

use romme_engine::cards::Game;
use romme_engine::meld::{HandSolution, Objective, Options};
use romme_engine::rummy::{self, JOKER};
use romme_engine::testkit::{assert_same_cards, deal, full_deck, Rng};
use std::collections::HashMap;

fn num(c: u8) -> i32 {
    (c % 13) as i32 + 1
}

/// Natural points of `cards` if they form a meld.
fn meld_points(cards: &[u8]) -> Option<i32> {
    let nat: Vec<u8> = cards.iter().copied().filter(|&c| c != JOKER).collect();
    if cards.len() < 3 || nat.is_empty() {
        return None;
    }
    let points = nat.iter().map(|&c| num(c)).sum();
    let same_number = nat.iter().all(|&c| num(c) == num(nat[0]));
    let colours_distinct = (0..nat.len()).all(|i| (0..i).all(|j| nat[i] / 13 != nat[j] / 13));
    if same_number && colours_distinct && cards.len() <= 4 {
        return Some(points);
    }
    let one_colour = nat.iter().all(|&c| c / 13 == nat[0] / 13);
    let numbers_distinct = (0..nat.len()).all(|i| (0..i).all(|j| nat[i] != nat[j]));
    let len = cards.len() as i32;
    let fits = (1..=14 - len).any(|a| nat.iter().all(|&c| (a..a + len).contains(&num(c))));
    (one_colour && numbers_distinct && fits).then_some(points)
}

fn penalty(c: u8) -> i32 {
    if c == JOKER {
        25
    } else {
        num(c)
    }
}

fn oracle(hand: &[u8], objective: Objective, cap: usize, melds: &HashMap<u32, i32>) -> (i32, i32) {
    #[allow(clippy::too_many_arguments)]
    fn go(
        hand: &[u8],
        mask: u32,
        budget: usize,
        obj: Objective,
        memo: &mut HashMap<(u32, usize), (i32, i32)>,
        melds: &HashMap<u32, i32>,
    ) -> (i32, i32) {
        if mask == 0 {
            return (0, 0);
        }
        if let Some(&v) = memo.get(&(mask, budget)) {
            return v;
        }
        let low = mask.trailing_zeros();
        let pen = penalty(hand[low as usize]);
        let leave = match obj {
            Objective::Opening => (0, 0),
            Objective::MaxCards => (0, -pen),
            _ => (-pen, 0),
        };
        let rest = mask & !(1 << low);
        let r = go(hand, rest, budget, obj, memo, melds);
        let mut best = (r.0 + leave.0, r.1 + leave.1);
        let mut sub = rest;
        loop {
            let m = sub | 1 << low;
            let n = m.count_ones() as usize;
            if let Some(&pts) = melds.get(&m).filter(|_| n <= budget) {
                let gain = match obj {
                    Objective::Opening => (pts, n as i32),
                    Objective::MaxCards => (n as i32, 0),
                    _ => (0, n as i32),
                };
                let r = go(hand, mask & !m, budget - n, obj, memo, melds);
                best = best.max((r.0 + gain.0, r.1 + gain.1));
            }
            if sub == 0 {
                break;
            }
            sub = (sub - 1) & rest;
        }
        memo.insert((mask, budget), best);
        best
    }
    go(hand, (1 << hand.len()) - 1, cap, objective, &mut HashMap::new(), melds)
}

fn all_melds(hand: &[u8]) -> HashMap<u32, i32> {
    let n = hand.len();
    let mut melds = HashMap::new();
    for m in 1u32..(1 << n) {
        if m.count_ones() >= 3 {
            let cards: Vec<u8> = (0..n).filter(|i| m >> i & 1 == 1).map(|i| hand[i]).collect();
            if let Some(p) = meld_points(&cards) {
                melds.insert(m, p);
            }
        }
    }
    melds
}

/// Checks the solver's partition and recomputes its score.
fn score_of(hand: &[u8], s: &HandSolution, objective: Objective, cap: usize) -> (i32, i32) {
    let mut all = s.left.clone();
    let (mut points, mut cards) = (0, 0);
    for m in &s.melds {
        let codes = m.codes();
        let p = meld_points(&codes).unwrap_or_else(|| panic!("invalid meld {codes:?} from {hand:?}"));
        assert_eq!(p, m.points);
        // stands_for: naturals stand for themselves; the represented cards form the meld.
        let reps = m.stands_for();
        assert!(reps.iter().all(|&c| c < 52));
        assert!(m.cards.iter().all(|p| p.code == JOKER || p.code == p.stands_for));
        assert!(meld_points(&reps).is_some(), "represented cards {reps:?} are no meld");
        points += p;
        cards += codes.len();
        all.extend(codes);
    }
    assert!(cards <= cap, "{cards} cards placed over the cap {cap}");
    assert_same_cards(&all, hand, "cards not conserved");
    let left: i32 = s.left.iter().map(|&c| penalty(c)).sum();
    assert_eq!(left, s.left_points);
    match objective {
        Objective::Opening => (points, cards as i32),
        Objective::MaxCards => (cards as i32, -left),
        _ => (-left, cards as i32),
    }
}

#[test]
fn solver_matches_oracle() {
    let mut rng = Rng(0x5EED);
    let full = full_deck(Game::Rummy);
    // Dense: two colours, numbers 3..8, both jokers.
    let mut dense: Vec<u8> =
        (0..52u8).filter(|c| c / 13 < 2 && (2..8).contains(&(c % 13))).flat_map(|c| [c, c]).collect();
    dense.extend([JOKER; 2]);
    // Sets: numbers 11..13 in all colours.
    let mut sets: Vec<u8> = (0..52u8).filter(|c| c % 13 >= 9).flat_map(|c| [c, c]).collect();
    sets.extend([JOKER; 2]);
    let pools = [&full, &dense, &sets];
    for round in 0..1500 {
        let len = 3 + rng.below(8);
        let mut hand = deal(&mut rng, pools[round % 3], len);
        if round % 2 == 0 && !hand.contains(&JOKER) {
            hand[0] = JOKER; // most Rummy hands hold a joker
        }
        let melds = all_melds(&hand);
        let cap = [0, 3, 4, 5, 6, 12][rng.below(6)];
        let options = Options::from_pairs([("max_hand_cards_per_turn".to_string(), cap as i64)]);
        let cap = if cap == 0 { usize::MAX } else { cap };
        let mut best_opening = 0;
        for objective in [Objective::Opening, Objective::MinLeft, Objective::MaxCards] {
            let s = rummy::solve_hand(&hand, objective, &options).unwrap();
            let got = score_of(&hand, &s, objective, cap);
            let want = oracle(&hand, objective, cap.min(64), &melds);
            assert_eq!(got, want, "{objective:?} cap {cap} hand {hand:?}: {s:?}");
            if objective == Objective::Opening {
                best_opening = got.0;
            }
            assert_eq!(s.opening_points, (best_opening >= 30).then_some(best_opening));
        }
    }
}

#[test]
fn validate_meld_matches_the_predicate() {
    let mut rng = Rng(4711);
    let full = full_deck(Game::Rummy);
    let mut dense: Vec<u8> =
        (0..52u8).filter(|c| c / 13 < 2 && (c % 13 < 4 || c % 13 > 8)).flat_map(|c| [c, c]).collect();
    dense.extend([JOKER; 2]);
    let mut sets: Vec<u8> = (0..52u8).filter(|c| c % 13 == 6).flat_map(|c| [c, c]).collect();
    sets.extend([JOKER; 2]);
    let pools = [&full, &dense, &sets];
    let mut valid = 0;
    for round in 0..30_000 {
        let len = 1 + rng.below(6);
        let cards = deal(&mut rng, pools[round % 3], len);
        match rummy::validate_meld(&cards, &Options::default()) {
            Ok(m) => {
                assert_eq!(Some(m.points), meld_points(&cards), "{cards:?}: {m:?}");
                let reps = m.stands_for();
                assert!(meld_points(&reps).is_some(), "represented cards {reps:?} are no meld");
                assert!(m.cards.iter().all(|p| p.code == JOKER || p.code == p.stands_for));
                assert_same_cards(&m.codes(), &cards, "meld cards differ from the cards given");
                valid += 1;
            }
            Err(e) => assert_eq!(meld_points(&cards), None, "{cards:?} rejected: {e}"),
        }
    }
    assert!(valid > 1000, "only {valid} valid melds drawn");
}

#[test]
fn full_size_hands_are_valid_partitions() {
    let mut rng = Rng(99);
    let full = full_deck(Game::Rummy);
    for _ in 0..200 {
        let len = 14 + rng.below(16);
        let hand = deal(&mut rng, &full, len);
        for objective in [Objective::Opening, Objective::MinLeft, Objective::MaxCards] {
            let s = rummy::solve_hand(&hand, objective, &Options::default()).unwrap();
            score_of(&hand, &s, objective, 12);
        }
    }
}
