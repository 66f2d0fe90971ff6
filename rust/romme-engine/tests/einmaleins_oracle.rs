//! 1x1-Rommé hand solver against a brute-force oracle that shares no code
//! with the solver: every subset of the hand is judged by a direct meld
//! predicate, every partition is tried.

use romme_engine::cards::{deck_types, Game};
use romme_engine::einmaleins::{self, WISH};
use romme_engine::meld::{HandSolution, MeldKind, Objective, Options};
use romme_engine::testkit::{assert_same_cards, deal, full_deck, Rng};
use std::collections::HashMap;

/// (symbol, value) of each number code, and whether (symbol, value) exists.
struct Deck {
    sv: Vec<(u8, u32)>,
}
impl Deck {
    fn new() -> Deck {
        let sv = deck_types(Game::Einmaleins).iter().take(100).map(|t| (t.suit, t.rank as u32)).collect();
        Deck { sv }
    }
    fn exists(&self, s: u8, v: u32) -> bool {
        self.sv.contains(&(s, v))
    }
}

/// Best points of `cards` read as one meld, or None if it is none.
fn meld_points(d: &Deck, cards: &[u8]) -> Option<i32> {
    if cards.len() < 3 || cards.iter().all(|&c| c == WISH) {
        return None;
    }
    let mut best: Option<i32> = None;
    // Set: every non-wish card has one value; distinct symbols; size <= symbols having it.
    let nat: Vec<(u8, u32)> = cards.iter().filter(|&&c| c != WISH).map(|&c| d.sv[c as usize]).collect();
    let v = nat[0].1;
    if nat.iter().all(|x| x.1 == v) {
        let symbols = (0..4).filter(|&s| d.exists(s, v)).count();
        if cards.len() <= symbols {
            best = Some(v as i32 * cards.len() as i32);
        }
    }
    // Run: try every symbol, row and first cell.
    let len = cards.len() as u32;
    // A run has one symbol: the symbol of any non-wish card.
    let s = nat[0].0;
    {
        // Only rows dividing some natural's value can hold it (a pure speed-up).
        let some = nat.iter().map(|x| x.1).find(|&v| v > 1).unwrap_or(0);
        for k in (2..=81u32).filter(|&k| some > 0 && some % k == 0) {
            for a in 1..=81 / k {
                let cells: Vec<u32> = (a..a + len).map(|j| k * j).collect();
                if !cells.iter().all(|&v| d.exists(s, v)) {
                    continue;
                }
                let mut used = vec![false; cells.len()];
                let mut naturals = 0;
                let mut ok = true;
                for &c in cards {
                    if c == WISH {
                        continue;
                    }
                    let (cs, cv) = d.sv[c as usize];
                    if cs != s {
                        ok = false;
                    } else if cv == 1 {
                        // a 1 of this symbol: wild
                    } else if let Some(p) = cells.iter().position(|&x| x == cv) {
                        ok &= !used[p];
                        used[p] = true;
                        naturals += 1;
                    } else {
                        ok = false;
                    }
                }
                if ok && naturals > 0 {
                    let pts = cells.iter().sum::<u32>() as i32;
                    best = Some(best.map_or(pts, |b| b.max(pts)));
                }
            }
        }
    }
    best
}

fn penalty(d: &Deck, c: u8) -> i32 {
    if c == WISH {
        100
    } else if d.sv[c as usize].1 == 1 {
        50
    } else {
        d.sv[c as usize].1 as i32
    }
}

/// Every subset (bit mask) of the hand that is a meld, with its best points.
fn all_melds(d: &Deck, hand: &[u8]) -> HashMap<u32, i32> {
    let n = hand.len();
    let mut melds = HashMap::new();
    for m in 1u32..(1 << n) {
        if m.count_ones() >= 3 {
            let cards: Vec<u8> = (0..n).filter(|i| m >> i & 1 == 1).map(|i| hand[i]).collect();
            if let Some(p) = meld_points(d, &cards) {
                melds.insert(m, p);
            }
        }
    }
    melds
}

/// Best (primary, secondary) score over all partitions, as the solver defines them.
fn oracle(d: &Deck, hand: &[u8], objective: Objective, melds: &HashMap<u32, i32>) -> (i32, i32) {
    fn go(
        d: &Deck,
        hand: &[u8],
        mask: u32,
        obj: Objective,
        memo: &mut HashMap<u32, (i32, i32)>,
        melds: &HashMap<u32, i32>,
    ) -> (i32, i32) {
        if mask == 0 {
            return (0, 0);
        }
        if let Some(&v) = memo.get(&mask) {
            return v;
        }
        let low = mask.trailing_zeros();
        let pen = penalty(d, hand[low as usize]);
        let leave = match obj {
            Objective::Opening => (0, 0),
            Objective::MaxCards => (0, -pen),
            _ => (-pen, 0),
        };
        let r = go(d, hand, mask & !(1 << low), obj, memo, melds);
        let mut best = (r.0 + leave.0, r.1 + leave.1);
        let rest = mask & !(1 << low);
        let mut sub = rest;
        loop {
            let m = sub | 1 << low;
            if let Some(&pts) = melds.get(&m) {
                let n = m.count_ones() as i32;
                let gain = match obj {
                    Objective::Opening => (pts, n),
                    Objective::MaxCards => (n, 0),
                    _ => (0, pts),
                };
                let r = go(d, hand, mask & !m, obj, memo, melds);
                best = best.max((r.0 + gain.0, r.1 + gain.1));
            }
            if sub == 0 {
                break;
            }
            sub = (sub - 1) & rest;
        }
        memo.insert(mask, best);
        best
    }
    go(d, hand, (1 << hand.len()) - 1, objective, &mut HashMap::new(), melds)
}

/// The solver's score recomputed from its partition, after checking the partition.
fn score_of(d: &Deck, hand: &[u8], s: &HandSolution, objective: Objective) -> (i32, i32) {
    let mut all: Vec<u8> = s.left.clone();
    let mut points = 0;
    let mut cards = 0;
    for m in &s.melds {
        let codes = m.codes();
        let best = meld_points(d, &codes).unwrap_or_else(|| panic!("invalid meld {codes:?} from {hand:?}"));
        assert!(m.points <= best);
        // The reported stands_for must be real cards forming the reported kind.
        let reps: Vec<(u8, u32)> = m.cards.iter().map(|p| d.sv[p.stands_for as usize]).collect();
        match m.kind {
            MeldKind::Set => assert!(reps.iter().all(|r| r.1 == reps[0].1)),
            MeldKind::Run => assert!(reps.iter().all(|r| r.0 == reps[0].0)),
        }
        assert_eq!(m.points, reps.iter().map(|r| r.1 as i32).sum::<i32>());
        check_stands_for(d, m);
        points += m.points;
        cards += codes.len() as i32;
        all.extend(codes);
    }
    assert_same_cards(&all, hand, "cards not conserved");
    let left: i32 = s.left.iter().map(|&c| penalty(d, c)).sum();
    assert_eq!(left, s.left_points);
    match objective {
        Objective::Opening => (points, cards),
        Objective::MaxCards => (cards, -left),
        _ => (-left, points),
    }
}

/// What every card stands for: distinct existing cards; a natural for itself,
/// except a 1-card in a run of its own symbol; a set's cards share a value,
/// a run's cells are consecutive multiples of one row k ≥ 2.
fn check_stands_for(d: &Deck, m: &romme_engine::meld::Meld) {
    let mut reps = m.stands_for();
    assert!(reps.iter().all(|&c| c < 100), "{m:?}");
    for p in &m.cards {
        if p.code == WISH {
            continue;
        }
        let (s, v) = d.sv[p.code as usize];
        if v == 1 && m.kind == MeldKind::Run {
            assert_eq!(d.sv[p.stands_for as usize].0, s, "1-card wild outside its symbol: {m:?}");
        } else {
            assert_eq!(p.code, p.stands_for, "natural standing for another card: {m:?}");
        }
    }
    if m.kind == MeldKind::Run {
        let vals: Vec<u32> = reps.iter().map(|&c| d.sv[c as usize].1).collect();
        let k = vals[1] - vals[0];
        assert!(k >= 2 && vals[0].is_multiple_of(k), "{m:?}");
        assert!(vals.windows(2).all(|w| w[1] == w[0] + k), "{m:?}");
    }
    reps.sort();
    reps.dedup();
    assert_eq!(reps.len(), m.cards.len(), "a card stood for twice: {m:?}");
}

#[test]
fn solver_matches_oracle() {
    let d = Deck::new();
    let mut rng = Rng(0xE1_0E1);
    // The deck without the ban cards V2, V5 (1x1-Rommé leaves them out).
    let full: Vec<u8> = full_deck(Game::Einmaleins).into_iter().filter(|&c| c <= WISH).collect();
    // Dense pools: one symbol's low values with its 1 and wish cards; multiples of 12.
    let hearts: Vec<u8> =
        (0..100u8).filter(|&c| d.sv[c as usize].0 == 0 && d.sv[c as usize].1 <= 24).chain([WISH; 3]).collect();
    let twelves: Vec<u8> = (0..100u8)
        .filter(|&c| {
            d.sv[c as usize].1.is_multiple_of(12) || d.sv[c as usize].1.is_multiple_of(5) || d.sv[c as usize].1 == 1
        })
        .chain([WISH; 3])
        .collect();
    let pools = [&full, &hearts, &twelves];
    for round in 0..900 {
        let len = 3 + rng.below(8);
        let hand = deal(&mut rng, pools[round % 3], len);
        let melds = all_melds(&d, &hand);
        for objective in [Objective::Opening, Objective::MinLeft, Objective::MaxCards] {
            let s = einmaleins::solve_hand(&hand, objective, &Options::default()).unwrap();
            let got = score_of(&d, &hand, &s, objective);
            assert_eq!(got, oracle(&d, &hand, objective, &melds), "{objective:?} hand {hand:?}: {s:?}");
            if objective == Objective::Opening {
                assert_eq!(s.opening_points, (got.0 >= 51).then_some(got.0));
            }
        }
    }
}

#[test]
fn validate_meld_matches_the_predicate() {
    let d = Deck::new();
    let mut rng = Rng(31337);
    // The deck without the ban cards V2, V5 (1x1-Rommé leaves them out).
    let full: Vec<u8> = full_deck(Game::Einmaleins).into_iter().filter(|&c| c <= WISH).collect();
    let hearts: Vec<u8> =
        (0..100u8).filter(|&c| d.sv[c as usize].0 == 0 && d.sv[c as usize].1 <= 36).chain([WISH; 3]).collect();
    let sevens: Vec<u8> = (0..100u8)
        .filter(|&c| d.sv[c as usize].1.is_multiple_of(7) || d.sv[c as usize].1 <= 2)
        .chain([WISH; 3])
        .collect();
    let pools = [&full, &hearts, &sevens];
    let mut valid = 0;
    for round in 0..30_000 {
        let len = 1 + rng.below(7);
        let cards = deal(&mut rng, pools[round % 3], len);
        let want = meld_points(&d, &cards);
        match einmaleins::validate_meld(&cards, &Options::default()) {
            Ok(m) => {
                assert_eq!(Some(m.points), want, "{cards:?}: {m:?}");
                check_stands_for(&d, &m);
                assert_same_cards(&m.codes(), &cards, "meld cards differ from the cards given");
                valid += 1;
            }
            Err(e) => assert_eq!(want, None, "{cards:?} rejected: {e}"),
        }
    }
    assert!(valid > 300, "only {valid} valid melds drawn");
}

#[test]
fn full_size_hands_are_valid_partitions() {
    let d = Deck::new();
    let mut rng = Rng(7);
    // The deck without the ban cards V2, V5 (1x1-Rommé leaves them out).
    let full: Vec<u8> = full_deck(Game::Einmaleins).into_iter().filter(|&c| c <= WISH).collect();
    for _ in 0..200 {
        let len = 14 + rng.below(10);
        let hand = deal(&mut rng, &full, len);
        for objective in [Objective::Opening, Objective::MinLeft, Objective::MaxCards] {
            let s = einmaleins::solve_hand(&hand, objective, &Options::default()).unwrap();
            score_of(&d, &hand, &s, objective);
        }
    }
}
