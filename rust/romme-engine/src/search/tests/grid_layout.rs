//! The meld predicate [`grid::layout`] (the search's check of its input and of every answer) against
//! its first form, which built its lists on the heap: the same reading of every card sequence.

use crate::cards::{joker_code, Game};
use crate::meld::MeldKind;
use crate::search::grid::{self, GridGame, Layout};
use crate::search::model::{GridRules, GridShape, SUITS};
use crate::testkit::splitmix as next;

/// The first form of [`grid::layout`], as it stood before its lists moved to the stack.
fn reference(g: &GridGame, codes: &[u8]) -> Option<Layout> {
    let n = codes.len();
    if n < 3 {
        return None;
    }
    let nat: Vec<u8> = codes.iter().copied().filter(|&c| c != g.joker).collect();
    let jokers = n - nat.len();
    if nat.is_empty() || nat.iter().any(|&c| c >= 52) {
        return None;
    }
    if g.rules.no_double_joker && nat.len() == 1 && jokers >= 2 {
        return None;
    }
    // Set: one rank, distinct suits, 3..=4 cards.
    let (_, p0) = g.cell(nat[0])?;
    if n <= 4 && nat.iter().all(|&c| g.cell(c).map(|x| x.1) == Some(p0)) {
        let mut seen = 0u8;
        let mut ok = true;
        for &c in &nat {
            let s = g.cell(c)?.0;
            ok &= seen >> s & 1 == 0;
            seen |= 1 << s;
        }
        if ok {
            let mut missing = (0..SUITS).filter(|s| seen >> s & 1 == 0);
            let cards = codes
                .iter()
                .map(|&c| if c == g.joker { (c, g.code_at(missing.next().unwrap_or(0), p0)) } else { (c, c) })
                .collect();
            return Some(Layout { kind: MeldKind::Set, suit: 0, a: p0, b: p0, cards });
        }
    }
    run_reference(g, codes, &nat)
}

fn run_reference(g: &GridGame, codes: &[u8], nat: &[u8]) -> Option<Layout> {
    let n = codes.len();
    let suit = g.cell(nat[0])?.0;
    if nat.iter().any(|&c| g.cell(c).map(|x| x.0) != Some(suit)) {
        return None;
    }
    let last = g.last_pos();
    if n > g.max_run_len() {
        return None;
    }
    if g.rules.shape.is_cycle() {
        return grid::cycle_run_layout(g, codes, nat, suit);
    }
    // Candidate positions of the naturals: aces may be low (0) or high (13).
    let ace_choices: &[bool] = if g.rules.ace_high { &[false, true] } else { &[false] };
    let mut candidates: Vec<(usize, Vec<(u8, u8)>)> = Vec::new();
    for &high in ace_choices {
        let mut pos: Vec<usize> = nat
            .iter()
            .map(|&c| {
                let p = (c % 13) as usize;
                if high && p == 0 {
                    13
                } else {
                    p
                }
            })
            .collect();
        pos.sort();
        if pos.windows(2).any(|w| w[0] == w[1]) {
            continue;
        }
        let (lo, hi) = (pos[0], pos[pos.len() - 1]);
        if hi - lo + 1 > n || hi > last {
            continue;
        }
        // The given order, read as ascending from some start.
        let first_nat = codes.iter().position(|&c| c != g.joker)?;
        let start_given = grid::pos_of(g, codes[first_nat], high).checked_sub(first_nat);
        let mut starts: Vec<usize> = Vec::new();
        if let Some(a) = start_given {
            let fits = codes.iter().enumerate().all(|(i, &c)| c == g.joker || grid::pos_of(g, c, high) == a + i);
            if fits && a + n - 1 <= last {
                starts.push(a);
            }
        }
        // Jokers above, then below.
        for a in (hi + 1).saturating_sub(n)..=lo {
            if a + n - 1 <= last && !starts.contains(&a) {
                starts.push(a);
            }
        }
        starts.sort_by_key(|&a| if Some(a) == start_given { 0 } else { 1 + lo - a });
        // The preferred start (Rommé: an ace low and high in one run is not
        // allowed; the length limit of 13 guards it).
        if let Some(&a) = starts.first() {
            let mut cards = Vec::with_capacity(n);
            for p in a..a + n {
                match nat.iter().find(|&&c| grid::pos_of(g, c, high) == p) {
                    Some(&c) => cards.push((c, c)),
                    None => cards.push((g.joker, g.code_at(suit, p))),
                }
            }
            candidates.push((a, cards));
        }
        if !candidates.is_empty() {
            break;
        }
    }
    let (a, cards) = candidates.into_iter().next()?;
    if g.rules.no_double_joker && !grid::ndj_run_ok(&cards, g.joker) {
        return None;
    }
    Some(Layout { kind: MeldKind::Run, suit, a, b: a + n - 1, cards })
}

/// The grids the search reads melds on: Rummy's, Rommé's with the ace high (with and without
/// `no_double_joker`), and the cycle of ranks.
fn grids() -> Vec<GridGame> {
    let romme = GridRules { npos: 14, ace_high: true, ..GridRules::RUMMY };
    let cycle = GridRules { shape: GridShape::Cycle { cut: 3, crossing: 0b1111, split: None }, ..GridRules::RUMMY };
    vec![
        GridGame { game: Game::Rummy, rules: GridRules::RUMMY, joker: joker_code(Game::Rummy).unwrap_or(52) },
        GridGame { game: Game::Romme, rules: romme, joker: joker_code(Game::Romme).unwrap_or(52) },
        GridGame {
            game: Game::Romme,
            rules: GridRules { no_double_joker: true, ..romme },
            joker: joker_code(Game::Romme).unwrap_or(52),
        },
        GridGame {
            game: Game::Romme,
            rules: GridRules { no_double_joker: true, ..cycle },
            joker: joker_code(Game::Romme).unwrap_or(52),
        },
    ]
}

/// Card sequences near melds: cards of one suit around a position, the same rank in other suits,
/// jokers, aces, now and then any code (a non-card too), 0 to 17 long, in any order.
fn sequences(g: &GridGame, count: usize, seed: u64) -> Vec<Vec<u8>> {
    let mut state = seed;
    let mut out = Vec::with_capacity(count);
    for _ in 0..count {
        let suit = (next(&mut state) % SUITS as u64) as u8;
        let at = (next(&mut state) % 13) as u8;
        let n = (next(&mut state) % 18) as usize;
        let seq = (0..n)
            .map(|_| match next(&mut state) % 10 {
                0 | 1 => g.joker,
                2 => (next(&mut state) % 4) as u8 * 13,
                3 => (next(&mut state) % 4) as u8 * 13 + at,
                4 => (next(&mut state) % 60) as u8,
                _ => suit * 13 + (at + (next(&mut state) % 6) as u8) % 13,
            })
            .collect();
        out.push(seq);
    }
    out
}

#[test]
fn layout_reads_every_sequence_as_its_first_form() {
    let mut melds = [0usize; 2];
    for (i, g) in grids().iter().enumerate() {
        for codes in sequences(g, 40_000, 0x5eed + i as u64) {
            let got = grid::layout(g, &codes);
            assert_eq!(got, reference(g, &codes), "{codes:?} on grid {i}");
            if let Some(l) = got {
                melds[(l.kind == MeldKind::Run) as usize] += 1;
            }
        }
    }
    // (the sequences reach both kinds of meld often)
    assert!(melds[0] > 500 && melds[1] > 1_000, "sets {}, runs {}", melds[0], melds[1]);
}
