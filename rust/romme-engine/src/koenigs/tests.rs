//! Unit tests of Königs-Rommé melds and the hand solver, with a brute-force checker.

use super::*;
use crate::cards::{parse_cards, Game};
use crate::partition::FxMap;
use crate::testkit::{assert_same_cards, deal, full_deck, Rng};

/// Parses tokens like `5h`, `10t`, `Kd`, `*` into codes.
fn cards(s: &str) -> Vec<u8> {
    parse_cards(Game::Koenigs, s).unwrap()
}

fn opts() -> Options {
    Options::default()
}

fn solve(hand: &str, round: u8) -> HandSolution {
    solve_hand(&cards(hand), Objective::MinLeft, &opts(), round).unwrap()
}

fn valid(meld: &str, round: u8) -> bool {
    validate_meld(&cards(meld), &opts(), round).is_ok()
}

// Round 1: 3s wild; round 11: Ks wild. "W" below means the round's wild rank.

#[test]
fn sets_any_suits_and_duplicates() {
    assert!(valid("5h 5h 5s", 11));
    assert!(valid("Kd Kh Kh Ks", 1));
    assert!(valid("7c 7d 7h 7s 7t 7t", 1));
    assert!(!valid("5h 5s", 11));
    assert!(!valid("5h 5s 6s", 11));
}

#[test]
fn runs_one_suit_consecutive_no_wrap() {
    assert!(valid("3h 4h 5h", 11));
    assert!(valid("9t 10t Jt Qt", 1));
    assert!(!valid("5h 5h 6h", 11)); // a run holds one rank twice
    assert!(!valid("5h 6h 7s", 11));
    assert!(!valid("Js Ks 4s", 10)); // round 10 (Q wild): J _ K and a 4 is no run
    assert!(valid("Js Ks Qs", 10)); // the wild Q fills the gap
    let m = validate_meld(&cards("3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh"), &opts(), 1).unwrap();
    assert_eq!(m.kind, MeldKind::Run);
}

#[test]
fn no_wrap_even_with_wilds() {
    // Round 2 (4s wild): Q K 3 is not a run; Q K + joker is (J-Q-K).
    assert!(!valid("Qs Ks 3s", 2));
    let m = validate_meld(&cards("Qd Kd *"), &opts(), 2).unwrap();
    assert_eq!(m.kind, MeldKind::Run);
    assert_eq!(m.cards[0].stands_for, L.code(1, 11)); // the wild goes below K
    assert_eq!(m.points, 11 + 12 + 13);
}

#[test]
fn wilds_anywhere_and_all_wild() {
    // Round 6: 8s wild.
    assert!(valid("* * *", 6));
    assert!(valid("8h 8s 8d", 6)); // all-wild, a set of the wild rank
    assert!(valid("8h 8s *", 6));
    assert!(valid("5h * * * *", 6));
    assert!(!valid("5h 9h 8c", 6)); // 5 _ _ _ 9 needs three wilds
    assert!(valid("5h 9h 8c * *", 6));
}

#[test]
fn gap_needs_enough_wilds() {
    assert!(!valid("6h 9h 8c", 3)); // round 3 (5 wild): 9h and 8c differ in suit and rank
    assert!(valid("5h 9h 8h", 3)); // 5h is wild (round 3) and joins 8h 9h
    assert!(!valid("4h 9h *", 11)); // gap 5..8 with one wild
    assert!(valid("4h 9h * * * *", 11));
    assert!(valid("Jh * Kh", 9)); // round 9 (J wild): one natural and two wilds
}

#[test]
fn wild_rank_card_as_natural() {
    // Round 6 (8 wild): 7h 8h 9h uses 8h as itself.
    let m = validate_meld(&cards("7h 8h 9h"), &opts(), 6).unwrap();
    assert_eq!(m.kind, MeldKind::Run);
    assert!(m.cards.iter().all(|p| p.code == p.stands_for));
    let m = validate_meld(&cards("8h 8h 8s"), &opts(), 6).unwrap();
    assert_eq!(m.kind, MeldKind::Set);
    assert!(m.cards.iter().all(|p| p.code == p.stands_for));
    assert_eq!(m.points, 24);
}

#[test]
fn set_wild_stands_for_rank_in_suit_c() {
    let m = validate_meld(&cards("9h 9s *"), &opts(), 11).unwrap();
    assert_eq!(m.kind, MeldKind::Set);
    assert_eq!(m.cards[2], Placed { code: JOKER, stands_for: L.code(0, 9) });
    assert_eq!(m.points, 27);
}

#[test]
fn bad_round_and_options() {
    assert!(validate_meld(&cards("5h 5h 5s"), &opts(), 0).is_err());
    assert!(validate_meld(&cards("5h 5h 5s"), &opts(), 12).is_err());
    assert!(solve_hand(&cards("5h"), Objective::MinLeft, &opts(), 0).is_err());
    let bad = Options::from_pairs([("wrap_around".to_string(), 1)]);
    assert!(solve_hand(&cards("5h"), Objective::MinLeft, &bad, 3).is_err());
    let ok = Options::from_pairs([("keep_top_discard".to_string(), 1)]);
    assert!(solve_hand(&cards("5h"), Objective::MinLeft, &ok, 3).is_ok());
    assert!(solve_hand(&cards("5h"), Objective::Opening, &opts(), 3).is_err());
    assert!(solve_hand(&cards("5h 5h 5h"), Objective::MinLeft, &opts(), 3).is_err()); // 3 copies
    assert!(solve_hand(&[JOKER; 7], Objective::MinLeft, &opts(), 3).is_err());
    assert!(solve_hand(&[56], Objective::MinLeft, &opts(), 3).is_err());
}

/// The reference hands of docs/SEARCH-DESIGN.md §2.3 (W = a wild-rank card: round 11, K wild,
/// except where a K is natural; there round 4 with 6s wild).
#[test]
fn algorithms_cases() {
    assert_eq!(solve("* * *", 4).left_points, 0);
    let s = solve("* *", 4);
    assert_eq!(s.left_points, 100);
    assert_eq!(s.can_go_out, Some(false));
    assert_eq!(solve("5h 5h 5s", 4).left_points, 0);
    let s = solve("5h 5h 7h", 4);
    assert_eq!(s.left_points, 17);
    assert_eq!(s.can_go_out, Some(false));
    assert_eq!(solve("Qd Kd 6s", 4).left_points, 0);
    assert_eq!(solve("Kd 6s 6c", 4).left_points, 0);
    let s = solve("5h 8h 6s 6c", 4);
    assert_eq!(s.left_points, 0);
    assert_eq!(s.can_go_out, Some(true));
    assert_eq!(solve("5h 10h 6s 6c 6d 6h", 4).left_points, 0);
    let s = solve("Qs Ks 3s 6c", 4);
    assert_eq!(s.left_points, 3);
    assert_eq!(s.can_go_out, Some(true));
    assert_eq!(s.discard, Some(L.code(3, 3)));
    let s = solve("3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh *", 1);
    // Round 1: 3s wild, so 3h is wild too; still all melded.
    assert_eq!(s.left_points, 0);
    let s = solve("3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh * *", 5);
    assert_eq!(s.left_points, 0);
    assert_eq!(s.can_go_out, Some(true));
    let s = solve("7s 9d Kc 6h", 4);
    assert_eq!(s.left_points, 7 + 9 + 13 + 20);
    assert_eq!(s.can_go_out, Some(false));
}

#[test]
fn full_run_plus_wild_is_split() {
    // Round 11 has K wild, so use round 1 (3 wild) with a 4..K run + 2 jokers + 3 wild? Use naturals 4..K.
    let s = solve("4c 5c 6c 7c 8c 9c 10c Jc Qc Kc 3c * *", 1);
    assert_eq!(s.left_points, 0);
    assert_eq!(s.melds.iter().map(|m| m.cards.len()).sum::<usize>(), 13);
    for m in &s.melds {
        let codes = m.codes();
        assert!(validate_meld(&codes, &opts(), 1).is_ok(), "{codes:?}");
        assert!(m.cards.len() <= 11);
    }
}

#[test]
fn penalties() {
    assert_eq!(card_points(JOKER, 5), 50);
    assert_eq!(card_points(L.code(2, 5), 5), 20);
    assert_eq!(card_points(L.code(2, 11), 5), 11);
    assert_eq!(card_points(L.code(2, 13), 5), 13);
    assert_eq!(card_points(L.code(2, 7), 5), 7);
}

/// docs/RULES.md §1: "the rank r + 2 is wild for that round: the 3s in round 1, the 4s in round 2,
/// …, the kings in round 11"; "3 to 10 their rank, J 11, Q 12, K 13, a card of the round's wild
/// rank 20, a joker 50".
#[test]
fn round_cards_as_the_rule_book() {
    let r1 = round_cards(1).unwrap();
    assert_eq!(r1.wild_rank, 3);
    assert_eq!(r1.cards.len(), 56);
    assert_eq!(r1.cards[cards("3h")[0] as usize], (true, 20));
    assert_eq!(r1.cards[cards("4h")[0] as usize], (false, 4));
    assert_eq!(r1.cards[JOKER as usize], (true, 50));
    let r11 = round_cards(11).unwrap();
    assert_eq!(r11.wild_rank, 13);
    assert_eq!(r11.cards[cards("Kt")[0] as usize], (true, 20));
    assert_eq!(r11.cards[cards("3h")[0] as usize], (false, 3));
    for (token, points) in [("10c", 10), ("Jd", 11), ("Qs", 12)] {
        assert_eq!(r11.cards[cards(token)[0] as usize], (false, points), "{token}");
    }
    assert_eq!(round_cards(5).unwrap().cards.iter().filter(|c| c.0).count(), 6, "five suits' 7s and the joker");
    for bad in [0, 12, 255] {
        assert!(round_cards(bad).unwrap_err().0.contains("koenigs round must be 1..11"), "{bad}");
    }
}

#[test]
fn round_one_meld_plus_discard() {
    let s = solve("5h 5s 5d Kt", 1);
    assert_eq!(s.can_go_out, Some(true));
    assert_eq!(s.discard, Some(L.code(4, 13)));
    assert_eq!(s.left_points, 13);
    // Going out may discard a card that would meld: 4 cards that all meld.
    let s = solve("5h 5s 5d 5c", 1);
    assert_eq!(s.left_points, 0);
    assert_eq!(s.can_go_out, Some(true));
}

#[test]
fn discard_prefers_joker_when_stuck() {
    // No meld possible: discard the joker (50) rather than anything else.
    let s = solve("4c 9d * Qs", 11);
    assert_eq!(s.can_go_out, Some(false));
    assert_eq!(s.discard, Some(JOKER));
}

#[test]
fn max_cards_objective() {
    // Round 11 (K wild): min-left melds 10d with both Ks (18 left, 4 cards);
    // max-cards melds 3h 4h with both Ks (21 left, 3 cards).
    let h = cards("10d 5c 3h 6d Kh 4h Kd");
    let a = solve_hand(&h, Objective::MinLeft, &opts(), 11).unwrap();
    assert_eq!((a.left_points, a.left.len()), (18, 4));
    let b = solve_hand(&h, Objective::MaxCards, &opts(), 11).unwrap();
    assert_eq!((b.left_points, b.left.len()), (21, 3));
}

#[test]
fn empty_and_tiny_hands() {
    let s = solve("", 3);
    assert_eq!(s.can_go_out, Some(false));
    assert_eq!(s.discard, None);
    assert_eq!(s.left_points, 0);
    let s = solve("Kh", 3);
    assert_eq!(s.can_go_out, Some(true));
    assert_eq!(s.left, cards("Kh"));
}

// ---------------------------------------------------------------------------
// Brute force: all set partitions of the physical cards, with a meld predicate
// written from the rules (not from the generator).

fn bf_meld_ok(cards: &[u8], wr: u8) -> bool {
    if cards.len() < 3 {
        return false;
    }
    let nat: Vec<u8> = cards.iter().copied().filter(|&c| c != JOKER && c % 11 + 3 != wr).collect();
    if nat.is_empty() || nat.iter().all(|&c| c % 11 == nat[0] % 11) {
        return true;
    }
    if nat.iter().any(|&c| c / 11 != nat[0] / 11) || cards.len() > 11 {
        return false;
    }
    let mut r: Vec<u8> = nat.iter().map(|&c| c % 11).collect();
    r.sort();
    r.windows(2).all(|w| w[0] != w[1]) && (r[r.len() - 1] - r[0] + 1) as usize <= cards.len()
}

/// (fewest points left, most cards melded) over all partitions.
fn bf_min_left(hand: &[u8], wr: u8) -> (i32, i32) {
    fn rec(hand: &[u8], wr: u8, mask: u32, memo: &mut FxMap<u32, (i32, i32)>) -> (i32, i32) {
        if mask == 0 {
            return (0, 0);
        }
        if let Some(v) = memo.get(&mask) {
            return *v;
        }
        let first = mask.trailing_zeros() as usize;
        let rest = mask & !(1 << first);
        let (l, c) = rec(hand, wr, rest, memo);
        let mut best = (l + card_points(hand[first], wr), c);
        // Every subset of `rest` joined with `first`.
        let mut sub = rest;
        loop {
            if sub != 0 {
                let m: Vec<u8> = std::iter::once(hand[first])
                    .chain(hand.iter().enumerate().filter(|(i, _)| sub & (1 << i) != 0).map(|(_, &c)| c))
                    .collect();
                if bf_meld_ok(&m, wr) {
                    let (l2, c2) = rec(hand, wr, rest & !sub, memo);
                    let v = (l2, c2 + m.len() as i32);
                    if (v.0, -v.1) < (best.0, -best.1) {
                        best = v;
                    }
                }
            }
            if sub == 0 {
                break;
            }
            sub = (sub - 1) & rest;
        }
        memo.insert(mask, best);
        best
    }
    let mut memo = FxMap::default();
    rec(hand, wr, (1u32 << hand.len()) - 1, &mut memo)
}

fn bf_max_cards(hand: &[u8], wr: u8) -> i32 {
    fn rec(hand: &[u8], wr: u8, mask: u32, memo: &mut FxMap<u32, i32>) -> i32 {
        if mask == 0 {
            return 0;
        }
        if let Some(v) = memo.get(&mask) {
            return *v;
        }
        let first = mask.trailing_zeros() as usize;
        let rest = mask & !(1 << first);
        let mut best = rec(hand, wr, rest, memo);
        let mut sub = rest;
        while sub != 0 {
            let m: Vec<u8> = std::iter::once(hand[first])
                .chain(hand.iter().enumerate().filter(|(i, _)| sub & (1 << i) != 0).map(|(_, &c)| c))
                .collect();
            if bf_meld_ok(&m, wr) {
                best = best.max(m.len() as i32 + rec(hand, wr, rest & !sub, memo));
            }
            sub = (sub - 1) & rest;
        }
        memo.insert(mask, best);
        best
    }
    let mut memo = FxMap::default();
    rec(hand, wr, (1u32 << hand.len()) - 1, &mut memo)
}

/// A random hand: dense (few suits and ranks) or from the full deck.
fn random_hand(rng: &mut Rng, n: usize, dense: bool) -> Vec<u8> {
    let mut deck: Vec<u8> = Vec::new();
    if dense {
        let s0 = rng.below(5) as u8;
        let r0 = 3 + rng.below(7) as u8;
        for s in [s0, (s0 + 1) % 5] {
            for r in r0..r0 + 5 {
                deck.extend([L.code(s, r.min(13)); 2]);
            }
        }
        deck.extend([JOKER; 3]);
    } else {
        deck = full_deck(Game::Koenigs);
    }
    let mut hand = deal(rng, &deck, n);
    // Copies may exceed 2 after r.min(13) folding: drop extras.
    let mut seen = [0u8; 56];
    hand.retain(|&c| {
        seen[c as usize] += 1;
        seen[c as usize] <= if c == JOKER { 6 } else { 2 }
    });
    hand
}

/// Every returned partition is valid, complete and scores what it claims.
fn check_certificate(hand: &[u8], sol: &HandSolution, wr: u8, round: u8) {
    let mut all: Vec<u8> = sol.left.clone();
    for m in &sol.melds {
        let codes = m.codes();
        assert!(bf_meld_ok(&codes, wr), "invalid meld {codes:?} in {hand:?}");
        assert!(validate_meld(&codes, &opts(), round).is_ok());
        // stands_for: runs consecutive in one suit; naturals stand for themselves.
        for p in &m.cards {
            if p.code != JOKER && L.rank(p.code) != wr {
                assert_eq!(p.code, p.stands_for);
            }
        }
        if m.kind == MeldKind::Run {
            for w in m.cards.windows(2) {
                assert_eq!(w[1].stands_for, w[0].stands_for + 1);
                assert_eq!(L.suit(w[1].stands_for), L.suit(w[0].stands_for));
            }
        }
        assert_eq!(m.points, m.cards.iter().map(|p| L.rank(p.stands_for) as i32).sum::<i32>());
        all.extend(codes);
    }
    assert_same_cards(&all, hand, "cards not conserved");
    assert_eq!(sol.left_points, sol.left.iter().map(|&c| card_points(c, wr)).sum::<i32>());
}

#[test]
fn matches_brute_force() {
    let mut rng = Rng(7);
    for i in 0..700 {
        let round = 1 + rng.below(11) as u8;
        let wr = round + 2;
        let n = 1 + rng.below(12);
        let hand = random_hand(&mut rng, n, i % 2 == 0);
        let sol = solve_hand(&hand, Objective::MinLeft, &opts(), round).unwrap();
        check_certificate(&hand, &sol, wr, round);
        let (bl, bc) = bf_min_left(&hand, wr);
        assert_eq!(sol.left_points, bl, "min-left {hand:?} round {round}");
        assert_eq!((hand.len() - sol.left.len()) as i32, bc, "min-left tie-break {hand:?} round {round}");
        let mc = solve_hand(&hand, Objective::MaxCards, &opts(), round).unwrap();
        check_certificate(&hand, &mc, wr, round);
        assert_eq!((hand.len() - mc.left.len()) as i32, bf_max_cards(&hand, wr), "max-cards {hand:?}");
        // Discard: brute force over every card.
        let mut best: Option<(i32, i32, u8)> = None;
        for k in 0..hand.len() {
            let mut rest = hand.clone();
            let d = rest.remove(k);
            let key = (bf_min_left(&rest, wr).0, -card_points(d, wr), d);
            if best.is_none_or(|b| key < b) {
                best = Some(key);
            }
        }
        assert_eq!(sol.discard, best.map(|b| b.2), "discard {hand:?} round {round}");
        assert_eq!(sol.can_go_out, Some(best.is_some_and(|b| b.0 == 0)), "go out {hand:?}");
    }
}

#[test]
fn never_panics_on_random_input() {
    let mut rng = Rng(99);
    for _ in 0..3000 {
        let n = rng.below(20);
        let codes: Vec<u8> = (0..n).map(|_| rng.below(60) as u8).collect();
        let round = rng.below(13) as u8;
        let obj = [Objective::MinLeft, Objective::MaxCards, Objective::Opening, Objective::MinPlays][rng.below(4)];
        let _ = solve_hand(&codes, obj, &opts(), round);
        let _ = validate_meld(&codes, &opts(), round);
    }
}

#[test]
#[ignore]
fn print_state_counts() {
    let mut rng = Rng(3);
    let mut tot = 0;
    let mut full = 0;
    for _ in 0..200 {
        let hand = random_hand(&mut rng, 14, false);
        let split = Split::new(&hand, 13).unwrap();
        let gen = Gen { objective: Objective::MinLeft, wr: 13 };
        let mut s = Solver::new(&gen);
        s.best(split.naturals, [split.wilds(), 0, 0, 0, 0, 0]);
        tot += s.states();
        for &d in &hand {
            if d != JOKER && L.rank(d) != 13 {
                s.best(split.naturals - unit(L.rank_major(d)), [split.wilds(), 0, 0, 0, 0, 0]);
            }
        }
        full += s.states();
    }
    eprintln!("mean states {} with discards {}", tot / 200, full / 200);
}

#[test]
fn oversized_hands_are_an_error() {
    let big: Vec<u8> = (0..37u8).collect();
    let e = solve_hand(&big, Objective::MinLeft, &opts(), 3).unwrap_err();
    assert!(e.0.contains("too large"), "{e}");
    // 36 cards are within the size cap: a random hand answers; three dense suits need more
    // than the work limit (they ran for seconds without it) and answer the best partition
    // found at once, not proven
    let random = deal(&mut Rng(36), &full_deck(Game::Koenigs), 36);
    assert!(solve_hand(&random, Objective::MinLeft, &opts(), 11).unwrap().proven);
    for objective in [Objective::MinLeft, Objective::MaxCards] {
        let clock = crate::testkit::CpuClock::start();
        let sol = solve_hand(&big[..36], objective, &opts(), 11).unwrap();
        assert!(clock.elapsed_ms() < 2000.0, "answered after {} ms of CPU", clock.elapsed_ms());
        assert!(!sol.proven);
        check_certificate(&big[..36], &sol, 13, 11);
        assert!(!sol.melds.is_empty());
    }
}

/// Slow: 14-card hands (dense and random) against brute force, min-left only.
/// `cargo test -p romme-engine --profile ci -- --ignored matches_brute_force_14`
#[test]
#[ignore]
fn matches_brute_force_14() {
    let mut rng = Rng(1313);
    for i in 0..400 {
        let round = 1 + rng.below(11) as u8;
        let hand = random_hand(&mut rng, 14, i % 2 == 0);
        let sol = solve_hand(&hand, Objective::MinLeft, &opts(), round).unwrap();
        check_certificate(&hand, &sol, round + 2, round);
        assert_eq!(sol.left_points, bf_min_left(&hand, round + 2).0, "{hand:?} round {round}");
    }
}
