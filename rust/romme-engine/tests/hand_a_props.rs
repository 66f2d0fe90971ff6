//! Properties of the Königs-Rommé and Rommé hand solvers through the public
//! API (`hand::solve_hand`, `hand::validate_meld`) on seeded random hands of
//! real sizes (too big for brute force): certificates, invariances, monotonicity.

use romme_engine::cards::Game;
use romme_engine::hand::{solve_hand, validate_meld};
use romme_engine::meld::{HandSolution, Objective, Options};
use romme_engine::testkit::{assert_conserved, full_deck, Rng};

const KJ: u8 = 55;
const RJ: u8 = 52;

/// A hand from `deck`; `dense` keeps only 2 suits of 6 ranks (plus jokers).
fn deal(rng: &mut Rng, deck: &[u8], n: usize, keep: impl Fn(u8) -> bool) -> Vec<u8> {
    let mut d: Vec<u8> = deck.iter().copied().filter(|&c| keep(c)).collect();
    rng.shuffle(&mut d);
    d.truncate(n);
    d
}

fn opts(pairs: &[(&str, i64)]) -> Options {
    Options::from_pairs(pairs.iter().map(|(k, v)| (k.to_string(), *v)))
}

fn cards_melded(s: &HandSolution) -> usize {
    s.melds.iter().map(|m| m.cards.len()).sum()
}

/// Permutes the suits of a Königs-Rommé hand (joker fixed).
fn koenigs_permute(hand: &[u8], perm: &[u8; 5]) -> Vec<u8> {
    hand.iter().map(|&c| if c == KJ { c } else { perm[(c / 11) as usize] * 11 + c % 11 }).collect()
}

fn romme_permute(hand: &[u8], perm: &[u8; 4]) -> Vec<u8> {
    hand.iter().map(|&c| if c == RJ { c } else { perm[(c / 13) as usize] * 13 + c % 13 }).collect()
}

#[test]
fn koenigs_properties() {
    let mut rng = Rng(41);
    let deck = full_deck(Game::Koenigs);
    let none = Options::default();
    for i in 0..400 {
        let round = 1 + rng.below(11) as u8;
        let n = round as usize + 3;
        let (s0, r0) = (rng.below(5) as u8, rng.below(6) as u8);
        let hand = if i % 3 == 0 {
            deal(&mut rng, &deck, n, |c| {
                c == KJ || ((c / 11 == s0 || c / 11 == (s0 + 1) % 5) && (r0..r0 + 6).contains(&(c % 11)))
            })
        } else {
            deal(&mut rng, &deck, n, |_| true)
        };
        let s = solve_hand(Game::Koenigs, &hand, Objective::MinLeft, &none, round).unwrap();
        assert_conserved(&hand, &s);
        for m in &s.melds {
            let codes = m.codes();
            let v = validate_meld(Game::Koenigs, &codes, &none, round).unwrap();
            assert_eq!(v.cards.len(), codes.len());
        }
        // Order and suit names do not matter.
        let mut shuffled = hand.clone();
        rng.shuffle(&mut shuffled);
        let mut perm = [0u8, 1, 2, 3, 4];
        rng.shuffle(&mut perm);
        let p =
            solve_hand(Game::Koenigs, &koenigs_permute(&shuffled, &perm), Objective::MinLeft, &none, round).unwrap();
        assert_eq!(p.left_points, s.left_points, "{hand:?} round {round}");
        assert_eq!(p.can_go_out, s.can_go_out);
        // A joker more never costs more than its 50 points, and never less than 0.
        if hand.iter().filter(|&&c| c == KJ).count() < 6 {
            let mut more = hand.clone();
            more.push(KJ);
            let t = solve_hand(Game::Koenigs, &more, Objective::MinLeft, &none, round).unwrap();
            assert!(t.left_points <= s.left_points + 50);
        }
        // The discard leaves a hand whose own optimum is what going out claims.
        if let (Some(true), Some(d)) = (s.can_go_out, s.discard) {
            let mut rest = hand.clone();
            let k = rest.iter().position(|&c| c == d).unwrap();
            rest.remove(k);
            let r = solve_hand(Game::Koenigs, &rest, Objective::MinLeft, &none, round).unwrap();
            assert_eq!(r.left_points, 0);
            assert!(r.left.is_empty());
        }
        // max-cards melds at least as many cards as min-left.
        let mc = solve_hand(Game::Koenigs, &hand, Objective::MaxCards, &none, round).unwrap();
        assert_conserved(&hand, &mc);
        assert!(cards_melded(&mc) >= cards_melded(&s));
        assert!(mc.left_points >= s.left_points);
    }
}

#[test]
fn romme_properties() {
    let mut rng = Rng(43);
    let deck = full_deck(Game::Romme);
    let variants: [&[(&str, i64)]; 4] = [
        &[],
        &[("wrap_around", 1)],
        &[("no_double_joker", 1)],
        &[("opening_without_jokers", 1), ("opening_points", 40)],
    ];
    for i in 0..300 {
        let o = opts(variants[i % 4]);
        let (s0, r0) = (rng.below(4) as u8, rng.below(13) as u8);
        let hand = if i % 3 == 0 {
            deal(&mut rng, &deck, 14, |c| {
                c == RJ || ((c / 13 == s0 || c / 13 == (s0 + 1) % 4) && (0..6).contains(&((c % 13 + 13 - r0) % 13)))
            })
        } else {
            deal(&mut rng, &deck, 13 + i % 2, |_| true)
        };
        let declared = {
            let mut v: Vec<(String, i64)> = variants[i % 4].iter().map(|(k, v)| (k.to_string(), *v)).collect();
            v.push(("joker_declared".into(), 1));
            Options::from_pairs(v)
        };
        let mut results = Vec::new();
        for obj in [Objective::Opening, Objective::MinLeft, Objective::MaxCards] {
            let s = solve_hand(Game::Romme, &hand, obj, &o, 0).unwrap();
            assert_conserved(&hand, &s);
            for m in &s.melds {
                // Read in meld order with declared jokers, a meld says the same.
                let codes = m.codes();
                let v = validate_meld(Game::Romme, &codes, &declared, 0).unwrap();
                assert_eq!(v.cards, m.cards, "{codes:?}");
                assert_eq!(v.points, m.points);
            }
            let mut perm = [0u8, 1, 2, 3];
            rng.shuffle(&mut perm);
            let mut shuffled = romme_permute(&hand, &perm);
            rng.shuffle(&mut shuffled);
            let p = solve_hand(Game::Romme, &shuffled, obj, &o, 0).unwrap();
            assert_eq!(p.left_points, s.left_points);
            assert_eq!(p.opening_points, s.opening_points);
            assert_eq!(cards_melded(&p), cards_melded(&s));
            results.push(s);
        }
        let [op, ml, mc] = [&results[0], &results[1], &results[2]];
        let pts = |s: &HandSolution| s.melds.iter().map(|m| m.points).sum::<i32>();
        assert_eq!(op.opening_points, ml.opening_points);
        assert!(ml.left_points <= op.left_points && ml.left_points <= mc.left_points);
        assert!(cards_melded(mc) >= cards_melded(ml) && cards_melded(mc) >= cards_melded(op));
        if !variants[i % 4].iter().any(|(k, _)| *k == "opening_without_jokers") {
            assert!(pts(op) >= pts(ml) && pts(op) >= pts(mc));
        }
        // Monotone: one card more never melds fewer cards.
        let mut more = hand.clone();
        more.push(deal(&mut rng, &deck, 1, |c| c != RJ)[0]);
        if more.iter().filter(|&&c| c == more[more.len() - 1]).count() <= 2 {
            let m2 = solve_hand(Game::Romme, &more, Objective::MaxCards, &o, 0).unwrap();
            assert!(cards_melded(&m2) >= cards_melded(mc));
        }
    }
}
