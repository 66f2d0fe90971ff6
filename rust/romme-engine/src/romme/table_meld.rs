//! Rommé melds as the game lays them: reading card specs in the order written, lay-offs,
//! joker swaps and what a table meld takes (docs/RULES.md §2).
//!
//! A *card spec* is how a hand card is written into a meld: a natural code 0..=51, [`JOKER`]
//! (52) for a joker the engine places, or [`DECLARED`]` + c` for a joker declared as the
//! natural card `c` (notation `*=Kh`).
//!
//! Runs are kept by *position*: position `p` of a run holds rank `p` (1 = ace low .. 13 = K,
//! 14 = ace high); with `wrap_around` positions continue past 14 (15 = 2, ...), so K-A-2 is
//! positions 13-14-15. A run never holds 14 or more cards, so never the ace at both ends.
//!
//! [`read_meld`] is the one meld check of the game. Unlike [`super::validate_meld`] (which
//! reads a meld in any order at its highest score) it keeps the order the player wrote: a joker
//! stands where it was written whenever the written order is a run.

use super::{cell_points, cell_rank, rank_points, Rules, JOKER, L};
use crate::cards::{self, Game};
use crate::meld::{EngineError, MeldFault};

/// Spec `DECLARED + c`: a joker declared as the natural card `c`.
pub const DECLARED: u8 = 53;
/// The highest card spec (a joker declared as the last natural card).
pub const MAX_SPEC: u8 = DECLARED + 51;
/// Most cards in a run.
pub const MAX_RUN: usize = 13;

const SUITS: [char; 4] = ['c', 'd', 'h', 's'];

/// What kind of meld, and where it lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// A set of one rank (1 ace .. 13 king).
    Set { rank: u8 },
    /// A run of one suit (0..=3) whose first card lies on position `start`.
    Run { suit: u8, start: u8 },
}

/// A meld on the table: `(code, stands_for)` pairs (a natural card stands for itself), a run's
/// by position from its start.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TableMeld {
    pub shape: Shape,
    pub cards: Vec<(u8, u8)>,
}

/// The token of a card code (`*` for the joker).
pub fn token(code: u8) -> String {
    cards::token(Game::Romme, code)
}

/// The token of a card spec (`*=Kh` for a declared joker).
pub fn spec_token(spec: u8) -> String {
    if spec >= DECLARED {
        format!("*={}", token(spec - DECLARED))
    } else {
        token(spec)
    }
}

/// The physical card a spec uses (the joker for any joker spec).
pub fn spec_card(spec: u8) -> u8 {
    spec.min(JOKER)
}

/// Checks that `spec` is a card spec (0..=[`MAX_SPEC`]).
fn check_spec(spec: u8) -> Result<u8, EngineError> {
    if spec > MAX_SPEC {
        Err(EngineError::new(format!("card spec {spec} is no romme card (0..={MAX_SPEC})")))
    } else {
        Ok(spec)
    }
}

fn err<T>(msg: impl Into<String>) -> Result<T, EngineError> {
    Err(EngineError::new(msg))
}

/// A refusal of cards as one meld, with its kind of fault.
fn fault<T>(kind: MeldFault, msg: impl Into<String>) -> Result<T, EngineError> {
    Err(EngineError::meld(kind, msg))
}

/// A table meld as the place judges' shared frame reads it ([`crate::table_place`]): its pairs.
impl AsRef<[(u8, u8)]> for TableMeld {
    fn as_ref(&self) -> &[(u8, u8)] {
        &self.cards
    }
}

impl TableMeld {
    /// Opening points: every card (joker included) counts as the card it stands for.
    pub fn points(&self) -> i32 {
        match self.shape {
            Shape::Set { rank } => self.cards.len() as i32 * rank_points(rank),
            Shape::Run { start, .. } => (0..self.cards.len() as u8).map(|i| cell_points(start + i)).sum(),
        }
    }

    /// The natural cards, in meld order.
    pub fn naturals(&self) -> impl Iterator<Item = u8> + '_ {
        self.cards.iter().map(|&(c, _)| c).filter(|&c| c != JOKER)
    }

    /// How many jokers the meld holds.
    pub fn jokers(&self) -> usize {
        self.cards.iter().filter(|&&(c, _)| c == JOKER).count()
    }

    /// The meld as card specs (jokers declared), which [`read_meld`] reads back to this meld.
    pub fn specs(&self) -> Vec<u8> {
        self.cards.iter().map(|&(c, s)| if c == JOKER { DECLARED + s } else { c }).collect()
    }

    fn is_set(&self) -> bool {
        matches!(self.shape, Shape::Set { .. })
    }
}

impl std::fmt::Display for TableMeld {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let words: Vec<String> = self.specs().into_iter().map(spec_token).collect();
        f.write_str(&words.join(" "))
    }
}

/// The joker rules of one meld, with the rule broken named.
fn check_jokers(naturals: usize, jokers: usize, rules: &Rules) -> Result<(), EngineError> {
    if naturals == 0 {
        return fault(MeldFault::WildsOnly, "a meld needs at least one natural card");
    }
    if !rules.jokers_ok(naturals, jokers) {
        return fault(MeldFault::DoubleJoker, "no_double_joker: a meld may not hold one natural card and two jokers");
    }
    Ok(())
}

// --- sets ----------------------------------------------------------------------------------

/// A set from natural codes, declared joker cards and `free` jokers the engine places (standing
/// for the lowest suits the set lacks, in c d h s order).
fn make_set(rank: u8, naturals: &[u8], declared: &[u8], free: usize, rules: &Rules) -> Result<TableMeld, EngineError> {
    let n = naturals.len() + declared.len() + free;
    if !(3..=4).contains(&n) {
        let kind = if n < 3 { MeldFault::TooFew } else { MeldFault::TooMany };
        return fault(kind, format!("a set holds 3 or 4 cards, got {n}"));
    }
    let mut used = [false; 4];
    for &c in naturals.iter().chain(declared) {
        if L.rank(c) != rank {
            return err(format!("card {} does not fit a set of {}s", token(c), cards::rank_token(rank)));
        }
        let s = L.suit(c) as usize;
        if used[s] {
            return fault(MeldFault::CardTwice(c), format!("a set needs different suits; {} twice", SUITS[s]));
        }
        used[s] = true;
    }
    check_jokers(naturals.len(), declared.len() + free, rules)?;
    let mut cards: Vec<(u8, u8)> = naturals.iter().map(|&c| (c, c)).collect();
    cards.extend(declared.iter().map(|&c| (JOKER, c)));
    let missing = (0..4u8).filter(|&s| !used[s as usize]);
    cards.extend(missing.take(free).map(|s| (JOKER, L.code(s, rank))));
    Ok(TableMeld { shape: Shape::Set { rank }, cards })
}

// --- runs ----------------------------------------------------------------------------------

/// Run positions a rank may take (the ace 1 or 14; with wrap also 13 + rank).
fn positions(rank: u8, wrap: bool) -> Vec<i32> {
    let r = rank as i32;
    match (rank, wrap) {
        (1, _) => vec![1, 14],
        (_, true) => vec![r, r + 13],
        (_, false) => vec![r],
    }
}

/// Whether a run of `length` cards may start on position `start`.
fn window_ok(start: i32, length: usize, wrap: bool) -> bool {
    if !(1..=MAX_RUN).contains(&length) {
        return false;
    }
    if wrap {
        (1..=13).contains(&start)
    } else {
        start >= 1 && start + length as i32 - 1 <= 14
    }
}

fn pos_rank(p: i32) -> u8 {
    cell_rank(p as u8)
}

/// A card laid in a run: a natural, a joker standing for a card, or a free joker for a rank
/// (its suit filled in by the caller).
#[derive(Clone, Copy)]
enum OnCell {
    Card(u8, u8),
    FreeJoker,
}

/// The cards placed in written order from `start`, or None if they do not fit.
fn run_in_window(start: i32, specs: &[u8], wrap: bool) -> Option<Vec<OnCell>> {
    if !window_ok(start, specs.len(), wrap) {
        return None;
    }
    let mut out = Vec::with_capacity(specs.len());
    for (i, &s) in specs.iter().enumerate() {
        let want = pos_rank(start + i as i32);
        if s >= DECLARED {
            if L.rank(s - DECLARED) != want {
                return None;
            }
            out.push(OnCell::Card(JOKER, s - DECLARED));
        } else if s == JOKER {
            out.push(OnCell::FreeJoker);
        } else {
            if L.rank(s) != want {
                return None;
            }
            out.push(OnCell::Card(s, s));
        }
    }
    Some(out)
}

fn finish_run(suit: u8, start: i32, placed: &[OnCell]) -> TableMeld {
    let cards = placed
        .iter()
        .enumerate()
        .map(|(i, &p)| match p {
            OnCell::Card(c, s) => (c, s),
            OnCell::FreeJoker => (JOKER, L.code(suit, pos_rank(start + i as i32))),
        })
        .collect();
    TableMeld { shape: Shape::Run { suit, start: start as u8 }, cards }
}

fn make_run(suit: u8, specs: &[u8], rules: &Rules) -> Result<TableMeld, EngineError> {
    let naturals: Vec<u8> = specs.iter().copied().filter(|&s| s < JOKER).collect();
    let declared: Vec<u8> = specs.iter().filter(|&&s| s >= DECLARED).map(|&s| s - DECLARED).collect();
    for &c in naturals.iter().chain(&declared) {
        if L.suit(c) != suit {
            return err(format!("card {} does not fit a run of {}", token(c), SUITS[suit as usize]));
        }
    }
    let n = specs.len();
    if n < 3 {
        return fault(MeldFault::TooFew, format!("a run holds at least 3 cards, got {n}"));
    }
    if n > MAX_RUN {
        return fault(MeldFault::TooMany, format!("a run holds at most {MAX_RUN} cards, got {n}"));
    }
    check_jokers(naturals.len(), n - naturals.len(), rules)?;
    let wrap = rules.wrap_around;
    // 1. the cards as written (ascending), the usual way to lay a run
    let first_nat = specs.iter().position(|&s| s != JOKER).unwrap_or(0);
    let fixed = specs[first_nat];
    let fixed_rank = L.rank(if fixed >= DECLARED { fixed - DECLARED } else { fixed });
    for p in positions(fixed_rank, wrap) {
        let start = p - first_nat as i32;
        if let Some(placed) = run_in_window(start, specs, wrap) {
            return Ok(finish_run(suit, start, &placed));
        }
    }
    // 2. any order: naturals and declared jokers sorted, free jokers fill gaps, then the top
    let nat_ranks: Vec<u8> = naturals.iter().chain(&declared).map(|&c| L.rank(c)).collect();
    let mut seen = [false; 14];
    for &r in &nat_ranks {
        if std::mem::replace(&mut seen[r as usize], true) {
            return fault(MeldFault::RankTwice, "a run holds every rank at most once");
        }
    }
    let hi_start = if wrap { 13 } else { 14 };
    let mut best: Option<(u8, i32)> = None;
    for start in 1..=hi_start {
        if !window_ok(start, n, wrap) {
            continue;
        }
        let mut window = [false; 14];
        for i in 0..n as i32 {
            window[pos_rank(start + i) as usize] = true;
        }
        let distinct = window.iter().filter(|&&w| w).count();
        if distinct == n && nat_ranks.iter().all(|&r| window[r as usize]) {
            // prefer the window that starts lowest among those holding the lowest natural card
            let key = (u8::from(!nat_ranks.contains(&pos_rank(start))), start);
            if best.is_none_or(|b| key < b) {
                best = Some(key);
            }
        }
    }
    let Some((_, start)) = best else {
        return fault(MeldFault::Gap, "the cards do not form a run (ranks must be consecutive)");
    };
    let placed: Vec<OnCell> = (0..n as i32)
        .map(|i| {
            let r = pos_rank(start + i);
            if let Some(&c) = naturals.iter().find(|&&c| L.rank(c) == r) {
                OnCell::Card(c, c)
            } else if let Some(&c) = declared.iter().find(|&&c| L.rank(c) == r) {
                OnCell::Card(JOKER, c)
            } else {
                OnCell::FreeJoker
            }
        })
        .collect();
    Ok(finish_run(suit, start, &placed))
}

// --- the one meld check ----------------------------------------------------------------------

/// A new meld from card specs in the order written, or the rule it breaks.
///
/// One natural card with jokers reads as a set unless a declaration says run.
pub fn read_meld(specs: &[u8], rules: &Rules) -> Result<TableMeld, EngineError> {
    for &s in specs {
        check_spec(s)?;
    }
    let naturals: Vec<u8> = specs.iter().copied().filter(|&s| s < JOKER).collect();
    let declared: Vec<u8> = specs.iter().filter(|&&s| s >= DECLARED).map(|&s| s - DECLARED).collect();
    let free = specs.iter().filter(|&&s| s == JOKER).count();
    if naturals.is_empty() {
        return fault(MeldFault::WildsOnly, "a meld needs at least one natural card");
    }
    let known: Vec<u8> = naturals.iter().chain(&declared).copied().collect();
    let rank = L.rank(known[0]);
    let suit = L.suit(known[0]);
    let one_rank = known.iter().all(|&c| L.rank(c) == rank);
    let one_suit = known.iter().all(|&c| L.suit(c) == suit);
    let mut suits = [false; 4];
    for &c in &known {
        suits[L.suit(c) as usize] = true;
    }
    let suit_count = suits.iter().filter(|&&s| s).count();
    if one_rank && (known.len() == 1 || suit_count == known.len()) {
        match make_set(rank, &naturals, &declared, free, rules) {
            Ok(m) => return Ok(m),
            Err(e) if known.len() > 1 || specs.len() <= 4 => return Err(e),
            Err(_) => {}
        }
    }
    if one_suit {
        return make_run(suit, specs, rules);
    }
    fault(MeldFault::NoSetNoRun, "the cards form neither a set (one rank, different suits) nor a run (one suit)")
}

/// `meld` with one more card (natural or joker) at its place.
pub fn lay_off(meld: &TableMeld, spec: u8, rules: &Rules) -> Result<TableMeld, EngineError> {
    check_spec(spec)?;
    let card = spec_card(spec);
    match meld.shape {
        Shape::Set { rank } => {
            if meld.cards.len() >= 4 {
                return err(format!("set {meld} is full"));
            }
            let mut naturals: Vec<u8> = meld.naturals().collect();
            let mut jokers: Vec<u8> = meld.cards.iter().filter(|&&(c, _)| c == JOKER).map(|&(_, s)| s).collect();
            if card == JOKER {
                if spec >= DECLARED {
                    jokers.push(spec - DECLARED);
                    make_set(rank, &naturals, &jokers, 0, rules)
                } else if rules.joker_declared {
                    make_set(rank, &naturals, &jokers, 1, rules)
                } else {
                    make_set(rank, &naturals, &[], jokers.len() + 1, rules)
                }
            } else {
                naturals.push(card);
                if rules.joker_declared {
                    make_set(rank, &naturals, &jokers, 0, rules)
                } else {
                    make_set(rank, &naturals, &[], jokers.len(), rules)
                }
            }
        }
        Shape::Run { suit, start } => {
            let len = meld.cards.len();
            if len >= MAX_RUN {
                return err(format!("run {meld} is full"));
            }
            let start = start as i32;
            let end = start + len as i32 - 1;
            // (with `wrap_around` the cell below the ace's is the king's: `Ac 2c 3c` takes a Kc)
            let below = if rules.wrap_around && start == 1 { 13 } else { start - 1 };
            for (p, low) in [(end + 1, false), (below, true)] {
                if !window_ok(if low { below } else { start }, len + 1, rules.wrap_around) {
                    continue;
                }
                let want = L.code(suit, pos_rank(p));
                let new = if card == JOKER {
                    if spec >= DECLARED && spec - DECLARED != want {
                        continue;
                    }
                    (JOKER, want)
                } else if card == want {
                    (card, card)
                } else {
                    continue;
                };
                let mut cards = meld.cards.clone();
                if low {
                    cards.insert(0, new);
                } else {
                    cards.push(new);
                }
                let result =
                    TableMeld { shape: Shape::Run { suit, start: if low { below } else { start } as u8 }, cards };
                check_jokers(result.naturals().count(), result.jokers(), rules)?;
                return Ok(result);
            }
            err(format!("{} does not extend run {meld}", spec_token(spec)))
        }
    }
}

/// `meld` with the natural `card` in place of a joker (the joker goes to the hand).
pub fn swap_joker(meld: &TableMeld, card: u8, rules: &Rules) -> Result<TableMeld, EngineError> {
    if card >= JOKER {
        return err("swap a joker for a natural card, not for another joker");
    }
    if meld.jokers() == 0 {
        return err(format!("meld {meld} holds no joker"));
    }
    let result = match meld.shape {
        Shape::Set { rank } if !rules.joker_declared => {
            if L.rank(card) != rank || meld.naturals().any(|c| L.suit(c) == L.suit(card)) {
                return err(format!("{} cannot replace a joker in {meld}", token(card)));
            }
            let mut naturals: Vec<u8> = meld.naturals().collect();
            naturals.push(card);
            make_set(rank, &naturals, &[], meld.jokers() - 1, rules)?
        }
        _ => {
            let Some(i) = meld.cards.iter().position(|&(c, s)| c == JOKER && s == card) else {
                return err(format!("no joker in {meld} stands for {}", token(card)));
            };
            let mut cards = meld.cards.clone();
            cards[i] = (card, card);
            TableMeld { shape: meld.shape, cards }
        }
    };
    if rules.joker_swap_completes && result.is_set() && result.cards.len() < 4 {
        return err("joker_swap_completes: a joker leaves a set only when the set then holds all four suits");
    }
    Ok(result)
}

/// Whether a joker the engine places can be laid off on `meld`.
pub fn joker_fits(meld: &TableMeld, rules: &Rules) -> bool {
    lay_off(meld, JOKER, rules).is_ok()
}

/// The natural cards that can be laid off on `meld` (exactly those [`lay_off`] accepts).
pub fn wanted_cards(meld: &TableMeld, rules: &Rules) -> Vec<u8> {
    let mut out = Vec::new();
    let len = meld.cards.len();
    match meld.shape {
        Shape::Set { rank } => {
            if len < 4 {
                let mut taken = [false; 4];
                for c in meld.naturals() {
                    taken[L.suit(c) as usize] = true;
                }
                if rules.joker_declared {
                    for &(c, s) in &meld.cards {
                        if c == JOKER {
                            taken[L.suit(s) as usize] = true;
                        }
                    }
                }
                out.extend((0..4u8).filter(|&s| !taken[s as usize]).map(|s| L.code(s, rank)));
            }
        }
        Shape::Run { suit, start } => {
            if len < MAX_RUN {
                let start = start as i32;
                if window_ok(start, len + 1, rules.wrap_around) {
                    out.push(L.code(suit, pos_rank(start + len as i32)));
                }
                let below = if rules.wrap_around && start == 1 { 13 } else { start - 1 };
                if window_ok(below, len + 1, rules.wrap_around) {
                    let c = L.code(suit, pos_rank(below));
                    if !out.contains(&c) {
                        out.push(c);
                    }
                }
            }
        }
    }
    out
}

/// The natural cards that may replace a joker of `meld`, ascending (before `joker_swap_completes`,
/// which [`swap_joker`] checks on the result).
pub fn swappable_cards(meld: &TableMeld, rules: &Rules) -> Vec<u8> {
    if meld.jokers() == 0 {
        return Vec::new();
    }
    match meld.shape {
        Shape::Set { rank } if !rules.joker_declared => {
            let taken: Vec<u8> = meld.naturals().map(|c| L.suit(c)).collect();
            (0..4u8).filter(|s| !taken.contains(s)).map(|s| L.code(s, rank)).collect()
        }
        _ => {
            let mut out: Vec<u8> = meld.cards.iter().filter(|&&(c, _)| c == JOKER).map(|&(_, s)| s).collect();
            out.sort_unstable();
            out.dedup();
            out
        }
    }
}

/// Reads a meld back from its wire form (see [`TableMeld::wire`]), checking every field.
impl TableMeld {
    /// The meld as bytes: `[0, rank, 0]` for a set or `[1, suit, start]` for a run, then
    /// `code, stands_for` per card. [`TableMeld::from_wire`] reads it back.
    pub fn wire(&self) -> Vec<u8> {
        let mut out = match self.shape {
            Shape::Set { rank } => vec![0, rank, 0],
            Shape::Run { suit, start } => vec![1, suit, start],
        };
        for &(c, s) in &self.cards {
            out.extend([c, s]);
        }
        out
    }

    /// The meld of a wire form, or an error when the bytes are not a meld's wire form.
    pub fn from_wire(bytes: &[u8]) -> Result<TableMeld, EngineError> {
        let bad = || EngineError::new(format!("not a romme table meld: {bytes:?}"));
        let (head, rest) = bytes.split_at_checked(3).ok_or_else(bad)?;
        let shape = match *head {
            [0, rank, 0] if (1..=13).contains(&rank) => Shape::Set { rank },
            [1, suit, start] if suit < 4 && (1..=14).contains(&start) => Shape::Run { suit, start },
            _ => return Err(bad()),
        };
        if rest.len() % 2 != 0 || rest.len() / 2 > MAX_RUN {
            return Err(bad());
        }
        let cards: Vec<(u8, u8)> = rest.chunks(2).map(|p| (p[0], p[1])).collect();
        if cards.iter().any(|&(c, s)| c > JOKER || s >= JOKER || (c != JOKER && c != s)) {
            return Err(bad());
        }
        Ok(TableMeld { shape, cards })
    }
}
