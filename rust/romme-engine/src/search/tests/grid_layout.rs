//! The meld predicate [`grid::layout`] (the search's check of its input and of every answer) against
//! an oracle that tries every placement of the cards: a set on each rank, a run on every window of
//! cells of each suit, each natural on the cell of its own card and the jokers on the rest. The
//! layout must be a reading the oracle found, the reading its contract prefers where several exist
//! (a set before a run; the ace low before high; the given order's start, else the jokers above the
//! naturals), and it must accept exactly the melds the game's own reader accepts (`rummy::read_meld`,
//! `romme::read_meld`: the rule's other home, for the game's play).

use crate::cards::{joker_code, Game};
use crate::meld::{MeldKind, Options};
use crate::search::grid::{self, GridGame, Layout};
use crate::search::model::{GridRules, GridShape, SUITS};
use crate::testkit::splitmix as next;
use crate::{romme, rummy};

/// Every reading of `codes` as one meld of `g`, by trying every placement: the set (at most one:
/// its rank is the naturals'), then the runs by window.
fn readings(g: &GridGame, codes: &[u8]) -> (Option<Layout>, Vec<Layout>) {
    let n = codes.len();
    let naturals: Vec<u8> = codes.iter().copied().filter(|&c| c != g.joker).collect();
    let jokers = n - naturals.len();
    // (a meld is 3 or more cards, every one a card of the deck, one at least a natural)
    if n < 3 || naturals.is_empty() || naturals.iter().any(|&c| c >= 52) {
        return (None, Vec::new());
    }
    // (no_double_joker: two jokers need two naturals beside them, in a set or a run)
    if g.rules.no_double_joker && jokers >= 2 && naturals.len() < 2 {
        return (None, Vec::new());
    }
    let rank = |c: u8| (c % 13) as usize;
    let suit = |c: u8| (c / 13) as usize;
    let mut set = None;
    if n <= 4 {
        for r in 0..13 {
            let mut suits: Vec<usize> = naturals.iter().map(|&c| suit(c)).collect();
            suits.sort_unstable();
            suits.dedup();
            if naturals.iter().all(|&c| rank(c) == r) && suits.len() == naturals.len() {
                // the jokers stand for the missing suits, the lowest first, in the order given
                let mut missing = (0..SUITS).filter(|s| !suits.contains(s));
                let cards = codes
                    .iter()
                    .map(|&c| if c == g.joker { (c, (missing.next().unwrap() * 13 + r) as u8) } else { (c, c) })
                    .collect();
                set = Some(Layout { kind: MeldKind::Set, suit: 0, a: r, b: r, cards });
            }
        }
    }
    let cycle = g.rules.shape.is_cycle();
    let cells = g.rules.npos;
    let most = if cycle || g.rules.ace_high { 13 } else { cells };
    let starts = if cycle { 0..cells } else { 0..(cells + 1).saturating_sub(n) };
    let mut runs = Vec::new();
    for s in 0..SUITS {
        for a in starts.clone() {
            if n > most {
                continue;
            }
            // the card on each cell of the window (the cell past the king, with the ace high, is the ace)
            let window: Vec<u8> = (a..a + n).map(|p| (s * 13 + p % 13) as u8).collect();
            let mut used = vec![false; n];
            let fits = naturals.iter().all(|&c| match window.iter().position(|&w| w == c) {
                Some(i) if !used[i] => {
                    used[i] = true;
                    true
                }
                _ => false,
            });
            if !fits {
                continue;
            }
            let cards: Vec<(u8, u8)> =
                window.iter().zip(&used).map(|(&w, &natural)| if natural { (w, w) } else { (g.joker, w) }).collect();
            runs.push(Layout { kind: MeldKind::Run, suit: s, a, b: a + n - 1, cards });
        }
    }
    (set, runs)
}

/// The cell of the first natural of `codes` in run `l`, less its index in `codes`: the start the
/// order given asks for.
fn given_start(g: &GridGame, codes: &[u8], l: &Layout) -> Option<usize> {
    let first = codes.iter().position(|&c| c != g.joker)?;
    let at = l.cards.iter().position(|&(c, _)| c == codes[first])?;
    (l.a + at).checked_sub(first)
}

/// Whether `codes` in the order given lie on run `l`'s cells one by one.
fn in_given_order(g: &GridGame, codes: &[u8], l: &Layout) -> bool {
    codes.iter().zip(&l.cards).all(|(&c, &(_, stands))| c == g.joker || c == stands)
}

/// Checks `got` (the layout of `codes`) against the oracle's readings; returns the kind of meld.
fn check(g: &GridGame, codes: &[u8], got: Option<&Layout>, label: &str) -> Option<MeldKind> {
    let (set, runs) = readings(g, codes);
    if let Some(set) = set {
        assert_eq!(got, Some(&set), "{label}: a set reading exists and comes first");
        return Some(MeldKind::Set);
    }
    if runs.is_empty() {
        assert_eq!(got, None, "{label}: no placement of the cards makes a meld");
        return None;
    }
    let got = got.unwrap_or_else(|| panic!("{label}: the oracle reads a run, the layout none: {runs:?}"));
    assert!(runs.contains(got), "{label}: {got:?} is no reading of the cards; readings {runs:?}");
    if g.rules.shape.is_cycle() {
        // the order given where the cards lie on the cycle so; else a shortest arc of the naturals
        // (its first cell a natural's), the jokers above it
        let ordered: Vec<&Layout> = runs.iter().filter(|l| in_given_order(g, codes, l)).collect();
        if let Some(&want) = ordered.first() {
            assert_eq!(got, want, "{label}: the order given reads as a run on the cycle");
            return Some(MeldKind::Run);
        }
        let arc = |l: &Layout| {
            let natural = |i: usize| l.cards[i].0 != g.joker;
            if natural(0) {
                (0..l.cards.len()).rev().find(|&i| natural(i)).map(|i| i + 1)
            } else {
                None
            }
        };
        let shortest = runs.iter().filter_map(arc).min();
        assert!(shortest.is_some() && arc(got) == shortest, "{label}: {got:?} is not on a shortest arc of {runs:?}");
        return Some(MeldKind::Run);
    }
    // on the line: the ace low where it may be, then the start the order given asks for, else the
    // highest start (the jokers above the naturals, then below)
    let high_ace = |l: &Layout| l.b == 13 && l.cards.last().is_some_and(|&(c, _)| c != g.joker);
    let low: Vec<&Layout> = runs.iter().filter(|l| !high_ace(l)).collect();
    let pool: Vec<&Layout> = if low.is_empty() { runs.iter().collect() } else { low };
    let want = pool
        .iter()
        .find(|l| given_start(g, codes, l) == Some(l.a))
        .or_else(|| pool.iter().max_by_key(|l| l.a))
        .copied();
    assert_eq!(Some(got), want, "{label}: the preferred reading among {pool:?}");
    Some(MeldKind::Run)
}

/// Whether the game's own meld reader takes `codes` as one meld (None where it refuses the cards
/// for their copies, which the layout does not count).
fn game_reads(g: &GridGame, codes: &[u8]) -> Option<bool> {
    // (two decks: each natural twice; Rummy's two jokers, Rommé's six)
    let jokers = if g.game == Game::Rummy { 2 } else { 6 };
    let copies = |c: u8| codes.iter().filter(|&&x| x == c).count();
    if codes.iter().any(|&c| c > 52 || copies(c) > if c == g.joker { jokers } else { 2 }) {
        return None;
    }
    match g.game {
        Game::Rummy => Some(rummy::read_meld(codes).is_ok()),
        _ => {
            let options = Options::from_pairs([
                ("no_double_joker".to_string(), g.rules.no_double_joker as i64),
                ("wrap_around".to_string(), g.rules.shape.is_cycle() as i64),
            ]);
            let rules = romme::Rules::from_options(&options).ok()?;
            Some(romme::read_meld(codes, &rules).is_ok())
        }
    }
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
        GridGame { game: Game::Romme, rules: cycle, joker: joker_code(Game::Romme).unwrap_or(52) },
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
fn layout_is_the_preferred_reading_of_every_placement() {
    let mut kinds = [0usize; 2];
    let mut asked_the_game = 0;
    for (i, g) in grids().iter().enumerate() {
        for codes in sequences(g, 40_000, 0x5eed + i as u64) {
            let label = format!("{codes:?} on grid {i}");
            let got = grid::layout(g, &codes);
            let kind = check(g, &codes, got.as_ref(), &label);
            if let Some(k) = kind {
                kinds[(k == MeldKind::Run) as usize] += 1;
            }
            if let Some(reads) = game_reads(g, &codes) {
                asked_the_game += 1;
                assert_eq!(got.is_some(), reads, "{label}: the game's reader and the search's layout disagree");
            }
        }
    }
    // (the sequences reach both kinds of meld often, and most are asked of the game's reader too)
    assert!(kinds[0] > 500 && kinds[1] > 1_000, "sets {}, runs {}", kinds[0], kinds[1]);
    assert!(asked_the_game > 100_000, "{asked_the_game} sequences asked of the game's reader");
}

#[test]
fn the_oracle_tells_the_preferences_apart() {
    // (hand-checked readings, so that the oracle itself is seen to prefer what the contract says)
    let rummy = &grids()[0];
    let romme = &grids()[1];
    let j = 52;
    let run = |g: &GridGame, codes: &[u8]| {
        let (set, runs) = readings(g, codes);
        assert!(set.is_none());
        let l = grid::layout(g, codes).expect("a run");
        check(g, codes, Some(&l), "hand-checked");
        (l.a, runs.len())
    };
    // 4 5 J: the joker above (start 3), though 2 3 4 would fit too
    assert_eq!(run(rummy, &[3, 4, j]), (3, 2));
    // J 4 5 given so: the joker below, as the order asks (start 2)
    assert_eq!(run(rummy, &[j, 3, 4]), (2, 2));
    // Q K J with the ace high: the joker is the ace (start 11); Rummy has no cell past the king
    assert_eq!(run(romme, &[11, 12, j]), (11, 2));
    assert_eq!(run(rummy, &[11, 12, j]), (10, 1));
    // A 2 J: the ace low (start 0)
    assert_eq!(run(romme, &[0, 1, j]), (0, 1));
    // Q K A: the ace high (start 11)
    assert_eq!(run(romme, &[11, 12, 0]), (11, 1));
    // 5h J J: a set first, with the jokers on the lowest missing suits
    let (set, _) = readings(rummy, &[4, j, j]);
    assert_eq!(set.map(|l| l.cards), Some(vec![(4, 4), (j, 17), (j, 30)]));
}
