//! Krass Kariert `min-plays` against a brute-force search over hand states.

use romme_engine::krass::{self, best_reading};
use romme_engine::testkit::{deal, Rng};
use std::collections::{HashMap, VecDeque};

/// Fewest plays by breadth-first search over the remaining sequences; a play
/// removes 1–3 cards adjacent in the current sequence that read as a play.
fn oracle(hand: &[u8]) -> usize {
    let mut dist: HashMap<Vec<u8>, usize> = HashMap::new();
    let mut queue = VecDeque::from([hand.to_vec()]);
    dist.insert(hand.to_vec(), 0);
    while let Some(s) = queue.pop_front() {
        let d = dist[&s];
        if s.is_empty() {
            return d;
        }
        for i in 0..s.len() {
            for len in 1..=3 {
                if i + len > s.len() || best_reading(&s[i..i + len]).is_none() {
                    continue;
                }
                let mut rest = s[..i].to_vec();
                rest.extend_from_slice(&s[i + len..]);
                if !dist.contains_key(&rest) {
                    dist.insert(rest.clone(), d + 1);
                    queue.push_back(rest);
                }
            }
        }
    }
    unreachable!("every card can be played alone")
}

/// Plays the given plays (hand positions) in order, checking adjacency and validity each time.
fn replay(hand: &[u8], plays: &[Vec<usize>]) {
    let mut s: Vec<usize> = (0..hand.len()).collect();
    for p in plays {
        let at = s.iter().position(|&x| x == p[0]).unwrap_or_else(|| panic!("{p:?} already played"));
        assert!(at + p.len() <= s.len() && s[at..at + p.len()] == p[..], "{p:?} not adjacent in {s:?}");
        let codes: Vec<u8> = p.iter().map(|&i| hand[i]).collect();
        assert!(best_reading(&codes).is_some(), "{codes:?} is no play");
        s.drain(at..at + p.len());
    }
    assert!(s.is_empty(), "cards left {s:?} of {hand:?}");
}

fn random_hand(rng: &mut Rng, len: usize, alphabet: &[u8]) -> Vec<u8> {
    let mut deck: Vec<u8> = Vec::new();
    for &c in alphabet {
        let copies = if c < krass::X { 4 } else { 2 };
        deck.extend(std::iter::repeat_n(c, copies));
    }
    deal(rng, &deck, len)
}

#[test]
fn min_plays_matches_brute_force() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let full: Vec<u8> = (0..15).collect();
    let dense: Vec<u8> = vec![3, 4, 5, 6, krass::X, krass::DRAW];
    for round in 0..1500 {
        let len = rng.below(11);
        let alphabet = if round % 2 == 0 { &full } else { &dense };
        let hand = random_hand(&mut rng, len, alphabet);
        let plays = krass::min_plays_positions(&hand).unwrap();
        assert_eq!(plays.len(), oracle(&hand), "hand {hand:?}");
        replay(&hand, &plays);
    }
}

#[test]
fn long_hands_replay_validly() {
    let mut rng = Rng(42);
    let full: Vec<u8> = (0..15).collect();
    for _ in 0..300 {
        let len = 10 + rng.below(40);
        let hand = random_hand(&mut rng, len, &full);
        let plays = krass::min_plays_positions(&hand).unwrap();
        replay(&hand, &plays);
        assert!(plays.len() * 3 >= hand.len());
    }
}
