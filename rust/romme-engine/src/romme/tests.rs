//! Unit tests of Rommé melds, options and the hand solver, with a brute-force checker.

use super::*;
use crate::cards::{parse_cards, Game};
use crate::partition::{FxMap, Solver};
use crate::testkit::{assert_same_cards, deal, full_deck, Rng};

/// Parses tokens like `Ah`, `10s`, `Kd`, `*` into codes.
fn cards(s: &str) -> Vec<u8> {
    parse_cards(Game::Romme, s).unwrap()
}

fn with(pairs: &[(&str, i64)]) -> Options {
    Options::from_pairs(pairs.iter().map(|(k, v)| (k.to_string(), *v)))
}

fn meld(s: &str, pairs: &[(&str, i64)]) -> Result<Meld, EngineError> {
    validate_meld(&cards(s), &with(pairs))
}

fn valid(s: &str, pairs: &[(&str, i64)]) -> bool {
    meld(s, pairs).is_ok()
}

fn solve(s: &str, obj: Objective, pairs: &[(&str, i64)]) -> HandSolution {
    solve_hand(&cards(s), obj, &with(pairs)).unwrap()
}

#[test]
fn sets_three_or_four_distinct_suits() {
    assert!(valid("7h 7s 7d", &[]));
    assert!(valid("7h 7s 7d 7c", &[]));
    assert!(!valid("7h 7h 7s", &[])); // duplicate suit
    assert!(!valid("7h 7s 7d 7c *", &[])); // 5 cards
    assert!(!valid("7h 7s", &[]));
    assert!(valid("7h 7s *", &[]));
    assert!(!valid("7h 7s 7h *", &[]));
    assert_eq!(meld("Ah As Ad", &[]).unwrap().points, 33);
    assert_eq!(meld("Kh Ks Kd Kc", &[]).unwrap().points, 40);
}

#[test]
fn set_joker_stands_for_lowest_missing_suit() {
    let m = meld("9h 9s *", &[]).unwrap();
    assert_eq!(m.kind, MeldKind::Set);
    assert_eq!(m.cards[2], Placed { code: JOKER, stands_for: cards("9c")[0] });
    let m = meld("9c 9h * *", &[]).unwrap();
    let sf = m.stands_for();
    assert_eq!(sf, cards("9c 9h 9d 9s"));
    assert_eq!(m.points, 36);
}

#[test]
fn runs_ace_low_or_high_not_both() {
    let m = meld("Ah 2h 3h", &[]).unwrap();
    assert_eq!((m.kind, m.points), (MeldKind::Run, 6));
    let m = meld("Qh Kh Ah", &[]).unwrap();
    assert_eq!(m.points, 31);
    assert!(!valid("Kh Ah 2h", &[])); // no wrap by default
    assert!(valid("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh", &[]));
    assert!(!valid("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah", &[])); // 14 cards: ace low and high
    assert!(!valid("2h 3h 5h", &[]));
    assert!(!valid("2h 3h 4s", &[]));
    assert!(!valid("2h 2h 3h", &[]));
}

#[test]
fn wrap_around_option() {
    assert!(!valid("Kh Ah 2h", &[]));
    let m = meld("Kh Ah 2h", &[("wrap_around", 1)]).unwrap();
    assert_eq!(m.kind, MeldKind::Run);
    assert_eq!(m.points, 10 + 11 + 2); // the ace after K counts 11
    assert!(valid("Qh Kh Ah 2h 3h", &[("wrap_around", 1)]));
    assert!(!valid("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah", &[("wrap_around", 1)]));
    // Solver: K-A-2 melds only with the option.
    assert_eq!(solve("Kh Ah 2h", Objective::MinLeft, &[]).left_points, 23);
    assert_eq!(solve("Kh Ah 2h", Objective::MinLeft, &[("wrap_around", 1)]).left_points, 0);
}

#[test]
fn joker_points_are_the_card_it_stands_for() {
    let m = meld("Qh Kh *", &[]).unwrap();
    assert_eq!(m.points, 31); // Q K A (the engine places for most points)
    assert_eq!(m.cards[2].stands_for, cards("Ah")[0]);
    let m = meld("Ah 2h *", &[]).unwrap();
    assert_eq!(m.points, 6); // A 2 3
    assert_eq!(m.cards[2].stands_for, cards("3h")[0]);
    let m = meld("5h * 7h", &[]).unwrap();
    assert_eq!(m.stands_for(), cards("5h 6h 7h"));
}

#[test]
fn joker_declared_reads_the_order() {
    // Declared: the joker is the card at its position.
    let m = meld("* 5h 6h", &[("joker_declared", 1)]).unwrap();
    assert_eq!(m.cards[0].stands_for, cards("4h")[0]);
    assert_eq!(m.points, 15);
    let m = meld("5h 6h *", &[("joker_declared", 1)]).unwrap();
    assert_eq!(m.cards[2].stands_for, cards("7h")[0]);
    assert!(!valid("5h * 6h", &[("joker_declared", 1)]));
    assert!(!valid("6h 5h 7h", &[("joker_declared", 1)]));
    // Undeclared: any order, the engine places the joker (most points).
    let m = meld("* 5h 6h", &[]).unwrap();
    assert_eq!(m.points, 18);
    assert!(valid("5h * 6h", &[]));
    assert!(valid("6h 5h 7h", &[]));
    // Sets: any order either way.
    assert!(valid("* 7h 7s", &[("joker_declared", 1)]));
}

#[test]
fn no_double_joker_option() {
    assert!(valid("5h * *", &[]));
    assert!(!valid("5h * *", &[("no_double_joker", 1)]));
    // The sheet forbids only one natural with two jokers: "mit nur einer Zahlen-/Bildkarte und zwei Jokern".
    assert!(valid("5h 5s * *", &[("no_double_joker", 1)]));
    assert!(valid("5h 5c * *", &[("no_double_joker", 1)]));
    assert!(valid("5h 5s * *", &[]));
    assert!(valid("5h 5s *", &[("no_double_joker", 1)]));
    assert!(valid("5h * * 8h", &[("no_double_joker", 1)])); // adjacent jokers in a run of 4
    assert!(!valid("5h * * *", &[("no_double_joker", 1)]));
    // N J J N N N: a 6-run that cannot be split into valid 3-runs.
    let h = "4h * * 7h 8h 9h";
    assert!(valid(h, &[("no_double_joker", 1)]));
    let s = solve(h, Objective::MinLeft, &[("no_double_joker", 1)]);
    assert_eq!(s.left_points, 0);
    assert_eq!(s.melds.len(), 1);
}

#[test]
fn all_joker_melds_are_not_allowed() {
    assert!(!valid("* * *", &[]));
    let s = solve("* * * 9c", Objective::MinLeft, &[]);
    assert_eq!(s.left_points, 0); // 9c and three jokers: one run
    let s = solve("* * *", Objective::MinLeft, &[]);
    assert_eq!(s.left_points, 60);
}

#[test]
fn jokers_per_deck_limits_jokers() {
    assert!(solve_hand(&cards("* * * 5h"), Objective::MinLeft, &with(&[("jokers_per_deck", 1)])).is_err());
    assert!(solve_hand(&cards("* * 5h"), Objective::MinLeft, &with(&[("jokers_per_deck", 1)])).is_ok());
    assert!(validate_meld(&cards("5h 6h *"), &with(&[("jokers_per_deck", 0)])).is_err());
    assert!(solve_hand(&cards("5h 5h 5h"), Objective::MinLeft, &with(&[])).is_err());
}

#[test]
fn options_are_checked() {
    assert!(solve_hand(&cards("5h"), Objective::MinLeft, &with(&[("keep_top_discard", 1)])).is_err());
    assert!(solve_hand(&cards("5h"), Objective::MinLeft, &with(&[("opening_points", 0)])).is_err());
    assert!(solve_hand(&cards("5h"), Objective::MinLeft, &with(&[("wrap_around", 2)])).is_err());
    assert!(solve_hand(&cards("5h"), Objective::MinPlays, &with(&[])).is_err());
    // The full default dict of romme.rules is accepted.
    let all = with(&[
        ("jokers_per_deck", 3),
        ("joker_declared", 0),
        ("joker_swap_completes", 0),
        ("no_double_joker", 0),
        ("opening_without_jokers", 0),
        ("opening_points", 31),
        ("lay_off_in_opening_turn", 1),
        ("discard_pickup_after_opening", 0),
        ("wrap_around", 0),
        ("knocking", 0),
        ("hand_romme", 0),
        ("rauber", 0),
        ("rauber_discard_pile", 1),
        ("rauber_table_to_hand", 0),
        ("target", 500),
    ]);
    assert!(solve_hand(&cards("5h 6h 7h"), Objective::Opening, &all).is_ok());
}

#[test]
fn two_aces_low_and_high() {
    let s = solve("Ah 2h 3h Qh Kh Ah", Objective::Opening, &[]);
    assert_eq!(s.left, Vec::<u8>::new());
    assert_eq!(s.melds.iter().map(|m| m.points).sum::<i32>(), 6 + 31);
    assert_eq!(s.opening_points, Some(37));
    // One ace cannot serve both runs: Q-K-A leaves 2 3.
    let s = solve("Ah 2h 3h Qh Kh", Objective::MinLeft, &[]);
    assert_eq!(s.left_points, 5);
    assert_eq!(s.melds.len(), 1);
}

#[test]
fn opening_threshold_and_jokers() {
    // 10 J Q = 30 points: below 31, reaching 30.
    let s = solve("10h Jh Qh", Objective::Opening, &[]);
    assert_eq!(s.opening_points, None);
    assert_eq!(s.melds.len(), 1);
    assert_eq!(solve("10h Jh Qh", Objective::Opening, &[("opening_points", 30)]).opening_points, Some(30));
    // Exactly 31 reaches 31 (Q K A); 32 is not reached.
    assert_eq!(solve("Qh Kh Ah", Objective::Opening, &[]).opening_points, Some(31));
    assert_eq!(solve("Qh Kh Ah", Objective::Opening, &[("opening_points", 32)]).opening_points, None);
    assert_eq!(solve("Jh Qh Kh Ah", Objective::Opening, &[]).opening_points, Some(41));
    assert_eq!(solve("10h Jh Qh 2c 3c", Objective::Opening, &[]).opening_points, None);
    assert_eq!(solve("10h Jh Qh 2c 3c 4c", Objective::Opening, &[]).opening_points, Some(39));
    assert_eq!(solve("10h Jh Qh Ac 2c 3c", Objective::Opening, &[]).opening_points, Some(36));
    // A joker adds the card it stands for; opening_without_jokers forbids it.
    let s = solve("10h Jh Qh *", Objective::Opening, &[]);
    assert_eq!(s.opening_points, Some(40)); // 10 J Q K
    let s = solve("10h Jh Qh *", Objective::Opening, &[("opening_without_jokers", 1)]);
    assert_eq!(s.opening_points, None);
    assert!(s.left.contains(&JOKER));
    assert!(s.melds.iter().all(|m| m.cards.iter().all(|p| p.code != JOKER)));
    // opening_without_jokers does not restrict min-left.
    let s = solve("10h Jh Qh *", Objective::MinLeft, &[("opening_without_jokers", 1)]);
    assert_eq!(s.left_points, 0);
    assert_eq!(s.opening_points, None);
}

#[test]
fn objectives_differ() {
    // opening: 3d 4d *(5d) = 12 points, 26 left; min-left: Ad *(2d) 3d 4d = 10 points, 15 left.
    let h = "3d 5c Ad 4d * Kc";
    let o = solve(h, Objective::Opening, &[]);
    assert_eq!((o.melds.iter().map(|m| m.points).sum::<i32>(), o.left_points), (12, 26));
    let m = solve(h, Objective::MinLeft, &[]);
    assert_eq!((m.melds.iter().map(|m| m.points).sum::<i32>(), m.left_points), (10, 15));
    // min-left: Ah * * (12 left, 3 left over); max-cards: 2c * 4c * (17 left, 2 left over).
    let h = "6h * 4c * 2c Ah";
    let m = solve(h, Objective::MinLeft, &[]);
    assert_eq!((m.left_points, m.left.len()), (12, 3));
    let c = solve(h, Objective::MaxCards, &[]);
    assert_eq!((c.left_points, c.left.len()), (17, 2));
    // A joker is worth melding in min-left (20 in hand).
    let s = solve("Qh Kh * 2c", Objective::MinLeft, &[]);
    assert_eq!(s.left_points, 2);
}

#[test]
fn never_panics_on_random_input() {
    let mut rng = Rng(5);
    let names = [
        "jokers_per_deck",
        "joker_declared",
        "no_double_joker",
        "opening_without_jokers",
        "opening_points",
        "wrap_around",
        "target",
        "bogus",
    ];
    for _ in 0..3000 {
        let n = rng.below(18);
        let codes: Vec<u8> = (0..n).map(|_| rng.below(56) as u8).collect();
        let mut pairs = Vec::new();
        for _ in 0..rng.below(4) {
            pairs.push((names[rng.below(names.len())].to_string(), rng.below(300) as i64 - 50));
        }
        let o = Options::from_pairs(pairs);
        let obj = [Objective::MinLeft, Objective::MaxCards, Objective::Opening, Objective::MinPlays][rng.below(4)];
        let _ = solve_hand(&codes, obj, &o);
        let _ = validate_meld(&codes, &o);
    }
}

// ---------------------------------------------------------------------------
// Brute force: all set partitions of the physical cards; the meld predicate
// tries every placement written from the rules, not from the generator.

/// Most points of `cards` as one meld under `r`, or `None` if it is no meld.
fn bf_meld_points(cards: &[u8], r: &Rules) -> Option<i32> {
    let n = cards.len();
    let nat: Vec<u8> = cards.iter().copied().filter(|&c| c != JOKER).collect();
    let j = n - nat.len();
    if n < 3 || nat.is_empty() || (r.no_double_joker && j >= 2 && nat.len() < 2) {
        return None;
    }
    let pts = |rk: u8| match rk {
        1 => 11,
        11..=13 => 10,
        x => x as i32,
    };
    let mut best = None;
    // Set.
    if n <= 4 && nat.iter().all(|&c| c % 13 == nat[0] % 13) {
        let mut suits: Vec<u8> = nat.iter().map(|&c| c / 13).collect();
        suits.sort();
        suits.dedup();
        if suits.len() == nat.len() {
            best = Some(n as i32 * pts(nat[0] % 13 + 1));
        }
    }
    // Run: ranks along a sequence of n cells; start cell a = 1 (ace low) .. 13.
    if nat.iter().all(|&c| c / 13 == nat[0] / 13) && n <= 13 {
        for a in 1..=13u8 {
            let last = a as usize + n - 1;
            if !r.wrap_around && last > 14 {
                continue;
            }
            let cell_ranks: Vec<u8> = (a as usize..=last).map(|x| ((x - 1) % 13 + 1) as u8).collect();
            let mut free = cell_ranks.clone();
            let mut ok = true;
            for &c in &nat {
                match free.iter().position(|&x| x == c % 13 + 1) {
                    Some(i) => {
                        free[i] = 0;
                    }
                    None => ok = false,
                }
            }
            if ok {
                let p: i32 = (a as usize..=last).map(|x| if x == 1 { 1 } else { pts(((x - 1) % 13 + 1) as u8) }).sum();
                best = best.max(Some(p));
            }
        }
    }
    best
}

fn bf_best(hand: &[u8], r: &Rules, objective: Objective) -> Score {
    let gen = Gen { rules: *r, objective, jokers_meld: true, max_run: 13 };
    let no_jokers = objective == Objective::Opening && r.opening_without_jokers;
    fn rec(hand: &[u8], r: &Rules, g: &Gen, nj: bool, mask: u32, memo: &mut FxMap<u32, Score>) -> Score {
        if mask == 0 {
            return Score::ZERO;
        }
        if let Some(v) = memo.get(&mask) {
            return *v;
        }
        let first = mask.trailing_zeros() as usize;
        let rest = mask & !(1 << first);
        let mut best = g.score(hand_points(hand[first]), 0, 0) + rec(hand, r, g, nj, rest, memo);
        let mut sub = rest;
        while sub != 0 {
            let m: Vec<u8> = std::iter::once(hand[first])
                .chain((0..hand.len()).filter(|i| sub & (1 << i) != 0).map(|i| hand[i]))
                .collect();
            if !(nj && m.contains(&JOKER)) {
                if let Some(p) = bf_meld_points(&m, r) {
                    let v = g.score(0, m.len() as i32, p) + rec(hand, r, g, nj, rest & !sub, memo);
                    if v > best {
                        best = v;
                    }
                }
            }
            sub = (sub - 1) & rest;
        }
        memo.insert(mask, best);
        best
    }
    let mut memo = FxMap::default();
    rec(hand, r, &gen, no_jokers, (1u32 << hand.len()) - 1, &mut memo)
}

fn random_hand(rng: &mut Rng, n: usize, dense: bool) -> Vec<u8> {
    let mut deck: Vec<u8> = Vec::new();
    if dense {
        let s0 = rng.below(4) as u8;
        let r0 = rng.below(13) as u8;
        for s in [s0, (s0 + 1) % 4] {
            for k in 0..5u8 {
                deck.extend([L.code(s, (r0 + k) % 13 + 1); 2]);
            }
        }
        deck.extend([JOKER; 3]);
    } else {
        deck = full_deck(Game::Romme);
    }
    deal(rng, &deck, n)
}

fn check_certificate(hand: &[u8], sol: &HandSolution, r: &Rules) {
    let mut all = sol.left.clone();
    for m in &sol.melds {
        let codes = m.codes();
        let bp = bf_meld_points(&codes, r).unwrap_or_else(|| panic!("invalid meld {codes:?} in {hand:?}"));
        assert!(m.points <= bp);
        // stands_for is consistent: naturals stand for themselves; runs consecutive; sets one rank, distinct suits.
        for p in &m.cards {
            if p.code != JOKER {
                assert_eq!(p.code, p.stands_for);
            }
        }
        let sf = m.stands_for();
        if m.kind == MeldKind::Set {
            let mut suits: Vec<u8> = sf.iter().map(|&c| L.suit(c)).collect();
            suits.sort();
            suits.dedup();
            assert_eq!(suits.len(), sf.len());
            assert!(sf.iter().all(|&c| L.rank(c) == L.rank(sf[0])));
        } else {
            for w in sf.windows(2) {
                assert_eq!(L.suit(w[0]), L.suit(w[1]));
                assert_eq!(L.rank(w[0]) % 13 + 1, L.rank(w[1]));
            }
        }
        all.extend(codes);
    }
    assert_same_cards(&all, hand, "cards not conserved");
    assert_eq!(sol.left_points, sol.left.iter().map(|&c| hand_points(c)).sum::<i32>());
}

#[test]
fn matches_brute_force() {
    let mut rng = Rng(11);
    let flags = ["no_double_joker", "wrap_around", "opening_without_jokers"];
    for i in 0..600 {
        let n = 1 + rng.below(11);
        let hand = random_hand(&mut rng, n, i % 2 == 0);
        let mut pairs: Vec<(String, i64)> = Vec::new();
        for f in flags {
            if rng.below(3) == 0 {
                pairs.push((f.to_string(), 1));
            }
        }
        let o = Options::from_pairs(pairs);
        let rules = Rules::from_options(&o).unwrap();
        for obj in [Objective::Opening, Objective::MinLeft, Objective::MaxCards] {
            let sol = solve_hand(&hand, obj, &o).unwrap();
            check_certificate(&hand, &sol, &rules);
            let want = bf_best(&hand, &rules, obj);
            let gen = Gen { rules, objective: obj, jokers_meld: true, max_run: 13 };
            let cards_melded = (hand.len() - sol.left.len()) as i32;
            let pts: i32 = sol.melds.iter().map(|m| m.points).sum();
            assert_eq!(gen.score(sol.left_points, cards_melded, pts), want, "{obj:?} {hand:?} {rules:?}");
            if obj == Objective::Opening {
                let best = want.0[0];
                assert_eq!(sol.opening_points, (best >= 31).then_some(best));
            }
        }
    }
}

#[test]
#[ignore]
fn print_state_counts() {
    let mut rng = Rng(3);
    let rules = Rules::from_options(&Options::default()).unwrap();
    let mut tot = 0;
    let mut steps_tot = 0;
    for _ in 0..200 {
        let hand = random_hand(&mut rng, 14, false);
        let mut counts = [0u8; 52];
        let mut j = 0;
        for &c in &hand {
            if c == JOKER {
                j += 1
            } else {
                counts[L.rank_major(c)] += 1
            }
        }
        let gen = Gen { rules, objective: Objective::MinLeft, jokers_meld: true, max_run: 13 };
        let mut s = Solver::new(&gen);
        s.best(pack(&counts).unwrap(), [j, 0, 0, 0, 0, 0]);
        tot += s.states();
        let mut out = Vec::new();
        let c = crate::partition::lowest(pack(&counts).unwrap()).unwrap();
        gen.steps(c, pack(&counts).unwrap(), [j, 0, 0, 0, 0, 0], &mut out);
        steps_tot += out.len();
    }
    eprintln!("mean states {} mean root steps {}", tot / 200, steps_tot / 200);
}

#[test]
fn oversized_hands_are_an_error() {
    let big: Vec<u8> = (0..37u8).collect();
    let e = solve_hand(&big, Objective::MinLeft, &Options::default()).unwrap_err();
    assert!(e.0.contains("too large"), "{e}");
}

/// Slow: 14-card hands against brute force for every objective and option mix.
/// `cargo test -p romme-engine --profile ci -- --ignored matches_brute_force_14`
#[test]
#[ignore]
fn matches_brute_force_14() {
    let mut rng = Rng(1313);
    let flags = ["no_double_joker", "wrap_around", "opening_without_jokers"];
    for i in 0..300 {
        let hand = random_hand(&mut rng, 14, i % 2 == 0);
        let pairs: Vec<(String, i64)> =
            flags.iter().filter(|_| rng.below(2) == 0).map(|f| (f.to_string(), 1)).collect();
        let o = Options::from_pairs(pairs);
        let rules = Rules::from_options(&o).unwrap();
        for obj in [Objective::Opening, Objective::MinLeft, Objective::MaxCards] {
            let sol = solve_hand(&hand, obj, &o).unwrap();
            check_certificate(&hand, &sol, &rules);
            let gen = Gen { rules, objective: obj, jokers_meld: true, max_run: 13 };
            let pts: i32 = sol.melds.iter().map(|m| m.points).sum();
            let got = gen.score(sol.left_points, (hand.len() - sol.left.len()) as i32, pts);
            assert_eq!(got, bf_best(&hand, &rules, obj), "{obj:?} {hand:?} {rules:?}");
        }
    }
}
