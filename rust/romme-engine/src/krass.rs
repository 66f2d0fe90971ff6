//! Krass Kariert: combinations (docs/RULES.md §5) and the `min-plays` hand solver.
//!
//! A play is 1–3 cards lying adjacent in the fixed hand order, in any order
//! among themselves. Types rank solo < 2-straight < pair < 3-straight <
//! triple; the same type compares by number (straights by their top card).
//! `X` takes any number 1..=12 when played; draw (`N`) and stop (`S`) cards are
//! played alone.
//!
//! The solver counts the fewest plays that empty a hand. Playing cards joins
//! their neighbours, so a set of plays can be carried out in some order exactly
//! when no two plays *cross* (a < b < c < d with a, c in one play and b, d in
//! the other): inner plays go first. The answer is therefore the smallest
//! non-crossing partition of the sequence into valid combinations, found by an
//! interval DP on the block holding the first card of each interval.

use crate::meld::{EngineError, HandSolution, Objective, Options};
use crate::options::{flag, OptionSpec};

pub mod bot_measures;
pub mod plays;

/// Code of the X card (any number 1..=12).
pub const X: u8 = 12;
/// Code of the draw card (`N`, Nachzieh-Karte).
pub const DRAW: u8 = 13;
/// Code of the stop card (`S`).
pub const STOP: u8 = 14;
/// Number of Krass Kariert card codes.
pub const TYPE_COUNT: usize = 15;
/// Copies per code in the 54-card deck (numbers 4 each, X/N/S 2 each).
const COPIES: [u8; TYPE_COUNT] = [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 2, 2, 2];
/// Options of Krass Kariert (docs/RULES.md §5).
pub const OPTIONS: &[OptionSpec] = &[flag("long_game", false, "three chips each also with five players")];

/// Combination type, in rank order (a later variant beats every earlier one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ComboKind {
    /// One card.
    Solo,
    /// Two consecutive numbers.
    Straight2,
    /// Two equal numbers.
    Pair,
    /// Three consecutive numbers.
    Straight3,
    /// Three equal numbers.
    Triple,
}

impl ComboKind {
    /// The name the rule book and the Python game use: `solo`, `2-straight`, `pair`, `3-straight`, `triple`.
    pub fn name(self) -> &'static str {
        match self {
            ComboKind::Solo => "solo",
            ComboKind::Straight2 => "2-straight",
            ComboKind::Pair => "pair",
            ComboKind::Straight3 => "3-straight",
            ComboKind::Triple => "triple",
        }
    }
}

/// A played combination: its type and number (straights: the top card).
/// The derived order is the game's: type first, then number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Combo {
    /// The combination type.
    pub kind: ComboKind,
    /// The number 1..=12 that ranks it within its type.
    pub rank: u8,
}

impl Combo {
    /// Whether this combination beats `other` (higher type, or same type and higher number).
    pub fn beats(self, other: Combo) -> bool {
        self > other
    }
}

/// What a play is: a combination, or one of the two special cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Play {
    /// A ranked combination of 1–3 number or X cards.
    Combo(Combo),
    /// A draw card played alone: always allowed, the next player must beat what lay before it.
    Draw,
    /// A stop card played alone: always allowed, ends and wins the trick.
    Stop,
}

/// The number a natural card shows (codes 0..12 are 1..=12).
fn natural_number(code: u8) -> Option<u8> {
    (code < X).then_some(code + 1)
}

/// Why a group with two X cards is no play: an X combines only with number cards.
const X_PARTNERS: &str = "an X card combines only with neighbouring number cards, not with another X";

/// Fails unless a play has 1 to 3 cards.
fn check_play_size(n: usize) -> Result<(), EngineError> {
    if n == 0 || n > 3 {
        return Err(EngineError::new(format!("a play has 1 to 3 cards, got {n}")));
    }
    Ok(())
}

/// The number a card shows when played with `value`: a number card its own
/// number (which `value` must be), an X the chosen 1..=12, N and S none
/// (their `value` must be 0). Errors name the wrong value or unknown code.
fn played_number(code: u8, value: u8) -> Result<Option<u8>, EngineError> {
    match code {
        DRAW | STOP if value != 0 => {
            Err(EngineError::new(format!("card {} takes no value, got {value}", card_token(code))))
        }
        DRAW | STOP => Ok(None),
        X if !(1..=12).contains(&value) => {
            Err(EngineError::new(format!("an X card must stand for a number 1..12, got {value}")))
        }
        X => Ok(Some(value)),
        c if c < X && value != c + 1 => Err(EngineError::new(format!("card {} cannot have the value {value}", c + 1))),
        c if c < X => Ok(Some(c + 1)),
        c => Err(EngineError::new(format!("card code {c} is not a krass card"))),
    }
}

/// Classifies a play given as `(code, value)` pairs: `value` is the number an
/// X stands for (1..=12), a number card's own number, and 0 for N and S.
/// Errors name what is wrong (too many cards, a lone-only card in a group,
/// an X without a number, numbers that form no combination).
pub fn classify(cards: &[(u8, u8)]) -> Result<Play, EngineError> {
    check_play_size(cards.len())?;
    let mut numbers = [0u8; 3];
    for (i, &(code, value)) in cards.iter().enumerate() {
        if matches!(code, DRAW | STOP) && cards.len() > 1 {
            return Err(EngineError::new("draw (N) and stop (S) cards are played alone"));
        }
        if code == X && cards.iter().filter(|&&(c, _)| c == X).count() > 1 {
            // The sheet: "Du kannst die X-Karte aber nur mit benachbarten Zahlenkarten kombinieren."
            return Err(EngineError::new(X_PARTNERS));
        }
        match played_number(code, value)? {
            Some(n) => numbers[i] = n,
            None => return Ok(if code == DRAW { Play::Draw } else { Play::Stop }),
        }
    }
    let ns = &mut numbers[..cards.len()];
    ns.sort_unstable();
    let combo = match *ns {
        [a] => Some(Combo { kind: ComboKind::Solo, rank: a }),
        [a, b] if a == b => Some(Combo { kind: ComboKind::Pair, rank: a }),
        [a, b] if b == a + 1 => Some(Combo { kind: ComboKind::Straight2, rank: b }),
        [a, _, c] if a == c => Some(Combo { kind: ComboKind::Triple, rank: a }),
        [a, b, c] if b == a + 1 && c == b + 1 => Some(Combo { kind: ComboKind::Straight3, rank: c }),
        _ => None,
    };
    combo.map(Play::Combo).ok_or_else(|| {
        let shown: Vec<String> = ns.iter().map(|n| n.to_string()).collect();
        EngineError::new(format!("{} is no combination (solo, straight, pair or triple)", shown.join("-")))
    })
}

/// The play that 1–3 well-formed `(code, value)` pairs make (as in
/// [`classify`]), `None` if they make none (numbers that fit no type, N or S
/// in a group). Only malformed input is an error: no or more than 3 cards,
/// an unknown code, a value the card cannot take.
pub fn combination(cards: &[(u8, u8)]) -> Result<Option<Play>, EngineError> {
    check_play_size(cards.len())?;
    for &(code, value) in cards {
        played_number(code, value)?;
    }
    Ok(classify(cards).ok())
}

/// The card's token for messages (`7`, `X`, `N`, `S`).
fn card_token(code: u8) -> String {
    match code {
        X => "X".into(),
        DRAW => "N".into(),
        STOP => "S".into(),
        c => (c + 1).to_string(),
    }
}

/// Every `(play, values)` reading of a group of codes (X cards tried as 1..=12).
fn readings(codes: &[u8]) -> Vec<(Play, Vec<(u8, u8)>)> {
    let mut out = Vec::new();
    if codes.is_empty() || codes.len() > 3 || codes.iter().any(|&c| c as usize >= TYPE_COUNT) {
        return out;
    }
    let xs = codes.iter().filter(|&&c| c == X).count() as u32;
    let fixed = |c: u8| natural_number(c).unwrap_or(0);
    for mut k in 0..12u32.pow(xs) {
        let cards: Vec<(u8, u8)> = codes
            .iter()
            .map(|&c| {
                if c == X {
                    let v = (k % 12) as u8 + 1;
                    k /= 12;
                    (c, v)
                } else {
                    (c, fixed(c))
                }
            })
            .collect();
        if let Ok(p) = classify(&cards) {
            out.push((p, cards));
        }
    }
    out
}

/// The strongest reading of a group of cards (X cards get the numbers that
/// rank highest), with the `(code, value)` pairs; `None` if it is no play.
/// N and S alone read as [`Play::Draw`] / [`Play::Stop`].
pub fn best_reading(codes: &[u8]) -> Option<(Play, Vec<(u8, u8)>)> {
    let all = readings(codes);
    let special = all.iter().find(|(p, _)| !matches!(p, Play::Combo(_))).cloned();
    special.or_else(|| {
        all.into_iter()
            .filter_map(|(p, v)| if let Play::Combo(c) = p { Some((c, v)) } else { None })
            .max_by_key(|(c, _)| *c)
            .map(|(c, v)| (Play::Combo(c), v))
    })
}

/// The weakest reading of a group of cards that beats `target` (any reading
/// if `target` is `None`), with the `(code, value)` pairs: what a player
/// spends when they only need to beat the trick. `None` if no reading beats it.
/// Draw and stop cards are not combinations and are never returned here.
pub fn lowest_beating(codes: &[u8], target: Option<Combo>) -> Option<(Combo, Vec<(u8, u8)>)> {
    readings(codes)
        .into_iter()
        .filter_map(|(p, v)| if let Play::Combo(c) = p { Some((c, v)) } else { None })
        .filter(|(c, _)| target.is_none_or(|t| c.beats(t)))
        .min_by_key(|(c, _)| *c)
}

/// Whether a group of 1–3 codes can be played together (fast form of
/// `best_reading(codes).is_some()`).
pub fn is_play(codes: &[u8]) -> bool {
    if codes.is_empty() || codes.len() > 3 || codes.iter().any(|&c| c as usize >= TYPE_COUNT) {
        return false;
    }
    if codes.len() == 1 {
        return true;
    }
    if codes.iter().any(|&c| c == DRAW || c == STOP) {
        return false;
    }
    let mut nat = [0u8; 3];
    let mut k = 0;
    for &c in codes {
        if c != X {
            nat[k] = c + 1;
            k += 1;
        }
    }
    let nat = &mut nat[..k];
    nat.sort_unstable();
    let wilds = codes.len() - k;
    match (codes.len(), wilds, &*nat) {
        (2, 0, [a, b]) => b - a <= 1,
        (2, 1, _) => true,
        (3, 0, [a, b, c]) => (a == b && b == c) || (b == &(a + 1) && c == &(b + 1)),
        (3, 1, [a, b]) => b - a <= 2,
        // Two X cards never combine with each other (see `X_PARTNERS`).
        _ => false,
    }
}

/// Fewest plays to empty `codes` (hand order) and one optimal order of plays.
/// Each play is the list of its cards in hand order.
pub fn min_plays(codes: &[u8]) -> Result<Vec<Vec<u8>>, EngineError> {
    let plays = min_plays_positions(codes)?;
    Ok(plays.iter().map(|p| p.iter().map(|&i| codes[i]).collect()).collect())
}

/// [`is_play`] of every group of 2 and of 3 codes, by the codes as a base-15 number.
struct GroupTables {
    pairs: Vec<bool>,
    triples: Vec<bool>,
    /// By the first two codes: whether some third code makes a play of the three.
    starts_triple: Vec<bool>,
}

fn group_tables() -> &'static GroupTables {
    static TABLES: std::sync::OnceLock<GroupTables> = std::sync::OnceLock::new();
    TABLES.get_or_init(|| {
        let codes = 0..TYPE_COUNT as u8;
        let pairs = codes.clone().flat_map(|a| codes.clone().map(move |b| is_play(&[a, b]))).collect();
        let triples: Vec<bool> = codes
            .clone()
            .flat_map(|a| codes.clone().flat_map(move |b| (0..TYPE_COUNT as u8).map(move |c| is_play(&[a, b, c]))))
            .collect();
        let starts_triple = triples.chunks(TYPE_COUNT).map(|thirds| thirds.iter().any(|&t| t)).collect();
        GroupTables { pairs, triples, starts_triple }
    })
}

/// No third card in a block of [`FewestPlays`].
const NONE: u8 = u8::MAX;

/// Whether the min-plays DP records the block it picks for each interval (to rebuild the plays) or
/// only counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Picks {
    Record,
    Skip,
}

/// The interval DP of the min-plays solver over a checked hand (at most the deck's 54 cards), its
/// tables kept from hand to hand: once they have grown, a count allocates nothing.
#[derive(Debug, Default)]
pub struct FewestPlays {
    /// The row length of the tables: the hand's length + 1.
    w: usize,
    /// Valid partners `(b, c)` of each card `i` (`c` [`NONE`] in a two-card play), by `b` then `c`:
    /// `blocks[first_block[i]..first_block[i + 1]]`.
    blocks: Vec<(u8, u8)>,
    first_block: Vec<usize>,
    /// `f[i * w + j]`: the fewest plays that empty cards `i..j`.
    f: Vec<u8>,
    /// The block of card `i` in an optimal answer for `i..j`: its partners `(b, c)`, or
    /// `(NONE, NONE)` when card `i` is played alone (filled only with [`Picks::Record`]).
    pick: Vec<(u8, u8)>,
}

impl FewestPlays {
    /// The fewest plays that empty `codes` (hand order): the length of [`min_plays`]'s answer.
    pub fn count(&mut self, codes: &[u8]) -> Result<usize, EngineError> {
        check_hand(codes)?;
        self.solve(codes, Picks::Skip);
        Ok(self.f[self.w - 1] as usize)
    }

    fn solve(&mut self, codes: &[u8], picks: Picks) {
        let n = codes.len();
        self.start_table(codes, n);
        if picks == Picks::Record {
            self.pick.clear();
            self.pick.resize(self.w * self.w, (NONE, NONE));
        }
        for i in (0..n).rev() {
            for j in i + 1..=n {
                self.fill(i, j, picks);
            }
        }
    }

    /// Sizes the table for `codes` (all zero) and lists the blocks of its first `cards` cards.
    fn start_table(&mut self, codes: &[u8], cards: usize) {
        let n = codes.len();
        self.w = n + 1;
        self.f.clear();
        self.f.resize(self.w * self.w, 0);
        let GroupTables { pairs, triples, starts_triple } = group_tables();
        let blocks = &mut self.blocks;
        blocks.clear();
        self.first_block.clear();
        for i in 0..cards {
            self.first_block.push(blocks.len());
            let a = codes[i] as usize;
            for b in i + 1..n {
                let ab = a * TYPE_COUNT + codes[b] as usize;
                if pairs[ab] {
                    blocks.push((b as u8, NONE));
                }
                if !starts_triple[ab] {
                    continue;
                }
                for c in b + 1..n {
                    if triples[ab * TYPE_COUNT + codes[c] as usize] {
                        blocks.push((b as u8, c as u8));
                    }
                }
            }
        }
        self.first_block.push(blocks.len());
    }

    /// Works out `f` of the interval `i..j` from the intervals inside it (all of them known).
    #[inline]
    fn fill(&mut self, i: usize, j: usize, picks: Picks) {
        let (w, f) = (self.w, &mut self.f);
        let mut best = 1 + f[(i + 1) * w + j];
        let mut choice = (NONE, NONE);
        for &(b, c) in &self.blocks[self.first_block[i]..self.first_block[i + 1]] {
            let bu = b as usize;
            if bu >= j {
                break; // blocks come by b: every later one ends at or past j too
            }
            let v = if c == NONE {
                1 + f[(i + 1) * w + bu] + f[(bu + 1) * w + j]
            } else {
                let cu = c as usize;
                if cu >= j {
                    continue;
                }
                1 + f[(i + 1) * w + bu] + f[(bu + 1) * w + cu] + f[(cu + 1) * w + j]
            };
            if v < best {
                best = v;
                choice = (b, c);
            }
        }
        f[i * w + j] = best;
        if picks == Picks::Record {
            self.pick[i * w + j] = choice;
        }
    }
}

/// Min-plays counts of hands made from one base hand by replacing one stretch of it (a play taken
/// out, a card put in): only the intervals that reach into the new part are worked out again, the
/// others are the base hand's (the fewest plays of a stretch of cards depend on those cards alone).
#[derive(Debug)]
pub struct SplicedCounts {
    base: Vec<u8>,
    /// The base hand's table (`f` of [`FewestPlays`]).
    base_f: Vec<u8>,
    work: FewestPlays,
    /// The last splice: its hand and where its new part lies (`start`, the base's `end`, its length).
    hand: Vec<u8>,
    last: (usize, usize, usize),
}

impl SplicedCounts {
    /// Solves `base` (a hand of Krass codes) once for the counts of its splices.
    pub fn new(base: &[u8]) -> Result<SplicedCounts, EngineError> {
        check_hand(base)?;
        let mut work = FewestPlays::default();
        work.solve(base, Picks::Skip);
        let base_f = work.f.clone();
        Ok(SplicedCounts { base: base.to_vec(), base_f, work, hand: Vec::new(), last: (0, 0, 0) })
    }

    /// Makes the hand `base[..start] ++ middle ++ base[end..]` (the base hand's end where `start` or
    /// `end` lie past it, and `end` at least `start`) and answers it.
    pub fn splice(&mut self, start: usize, end: usize, middle: &[u8]) -> &[u8] {
        let start = start.min(self.base.len());
        let end = end.clamp(start, self.base.len());
        self.hand.clear();
        self.hand.extend_from_slice(&self.base[..start]);
        self.hand.extend_from_slice(middle);
        self.hand.extend_from_slice(&self.base[end..]);
        self.last = (start, end, middle.len());
        &self.hand
    }

    /// The hand of the last [`SplicedCounts::splice`].
    pub fn hand(&self) -> &[u8] {
        &self.hand
    }

    /// The fewest plays that empty the hand of the last [`SplicedCounts::splice`].
    pub fn count(&mut self) -> Result<usize, EngineError> {
        let hand = &self.hand;
        check_hand(hand)?;
        let (start, end, middle) = self.last;
        let (m, new_from) = (hand.len(), start + middle);
        let work = &mut self.work;
        work.start_table(hand, new_from);
        let (w, bw) = (m + 1, self.base.len() + 1);
        let shift = end - new_from;
        // the intervals before the new part, and those after it (the base's, `shift` further on)
        for i in 0..start {
            work.f[i * w + i + 1..=i * w + start].copy_from_slice(&self.base_f[i * bw + i + 1..=i * bw + start]);
        }
        for i in new_from..m {
            let b = (i + shift) * bw + shift;
            work.f[i * w + i + 1..=i * w + m].copy_from_slice(&self.base_f[b + i + 1..=b + m]);
        }
        for i in (0..new_from).rev() {
            for j in (i + 1).max(start + 1)..=m {
                work.fill(i, j, Picks::Skip);
            }
        }
        Ok(work.f[m] as usize)
    }
}

/// The fewest plays that empty `codes` (hand order): the length of [`min_plays`]'s answer.
pub fn min_play_count(codes: &[u8]) -> Result<usize, EngineError> {
    FewestPlays::default().count(codes)
}

/// Like [`min_plays`], but each play lists the *positions* (0-based, in the
/// original hand) of its cards, ascending.
pub fn min_plays_positions(codes: &[u8]) -> Result<Vec<Vec<usize>>, EngineError> {
    check_hand(codes)?;
    let n = codes.len();
    let mut dp = FewestPlays::default();
    dp.solve(codes, Picks::Record);
    let (w, f, pick) = (dp.w, &dp.f, &dp.pick);
    let mut plays = Vec::with_capacity(f[n] as usize);
    // Iterative reconstruction: inner intervals first, then the block, then the tail.
    enum Task {
        Interval(usize, usize),
        Emit(Vec<usize>),
    }
    let mut stack = vec![Task::Interval(0, n)];
    while let Some(task) = stack.pop() {
        match task {
            Task::Emit(p) => plays.push(p),
            Task::Interval(i, j) if i >= j => {}
            Task::Interval(i, j) => {
                let (b, c) = pick[i * w + j];
                if b == NONE {
                    stack.push(Task::Interval(i + 1, j));
                    stack.push(Task::Emit(vec![i]));
                } else if c == NONE {
                    let b = b as usize;
                    stack.push(Task::Interval(b + 1, j));
                    stack.push(Task::Emit(vec![i, b]));
                    stack.push(Task::Interval(i + 1, b));
                } else {
                    let (b, c) = (b as usize, c as usize);
                    stack.push(Task::Interval(c + 1, j));
                    stack.push(Task::Emit(vec![i, b, c]));
                    stack.push(Task::Interval(b + 1, c));
                    stack.push(Task::Interval(i + 1, b));
                }
            }
        }
    }
    Ok(plays)
}

/// Checks codes and copies against the 54-card deck.
fn check_hand(codes: &[u8]) -> Result<(), EngineError> {
    let mut counts = [0u8; TYPE_COUNT];
    for (i, &c) in codes.iter().enumerate() {
        let Some(slot) = counts.get_mut(c as usize) else {
            return Err(EngineError::new(format!("card code {c} at position {} is not a krass card", i + 1)));
        };
        *slot += 1;
        if *slot > COPIES[c as usize] {
            return Err(EngineError::new(format!(
                "card {} appears more than {} times; the krass deck holds {}",
                card_token(c),
                COPIES[c as usize],
                COPIES[c as usize]
            )));
        }
    }
    Ok(())
}

/// Solves a Krass Kariert hand (objective `min-plays` only): the fewest plays
/// to empty it, in a valid order. X cards in a play take the numbers that make
/// it strongest; `plays` pairs each card with that number (N and S: 0).
pub fn solve_hand(codes: &[u8], objective: Objective, options: &Options) -> Result<HandSolution, EngineError> {
    options.check("krass", OPTIONS)?;
    if objective != Objective::MinPlays {
        return Err(EngineError::new("krass has only the min-plays objective"));
    }
    let plays = min_plays(codes)?;
    let mut out = Vec::with_capacity(plays.len());
    for p in &plays {
        let (_, values) =
            best_reading(p).ok_or_else(|| EngineError::new(format!("internal error: {p:?} is no play")))?;
        out.push(values);
    }
    Ok(HandSolution { plays: Some(out), proven: true, ..HandSolution::default() })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(x: u8) -> u8 {
        x - 1
    }

    fn combo(kind: ComboKind, rank: u8) -> Play {
        Play::Combo(Combo { kind, rank })
    }

    #[test]
    fn type_order_is_solo_straight2_pair_straight3_triple() {
        let solo12 = Combo { kind: ComboKind::Solo, rank: 12 };
        let st2 = Combo { kind: ComboKind::Straight2, rank: 2 };
        let pair1 = Combo { kind: ComboKind::Pair, rank: 1 };
        let st3 = Combo { kind: ComboKind::Straight3, rank: 3 };
        let triple1 = Combo { kind: ComboKind::Triple, rank: 1 };
        assert!(st2.beats(solo12) && pair1.beats(st2) && st3.beats(pair1) && triple1.beats(st3));
        assert!(!solo12.beats(solo12));
        assert!(Combo { kind: ComboKind::Solo, rank: 9 }.beats(Combo { kind: ComboKind::Solo, rank: 8 }));
    }

    #[test]
    fn classify_sheet_examples() {
        // 8-10-9 is a 3-straight like 9-8-10 and 8-9-10.
        for order in [[8, 10, 9], [9, 8, 10], [8, 9, 10]] {
            let cards: Vec<(u8, u8)> = order.iter().map(|&v| (n(v), v)).collect();
            assert_eq!(classify(&cards).unwrap(), combo(ComboKind::Straight3, 10));
        }
        assert_eq!(classify(&[(n(5), 5), (n(4), 4)]).unwrap(), combo(ComboKind::Straight2, 5));
        assert_eq!(classify(&[(n(11), 11), (n(11), 11)]).unwrap(), combo(ComboKind::Pair, 11));
        assert_eq!(classify(&[(n(8), 8)]).unwrap(), combo(ComboKind::Solo, 8));
        assert_eq!(classify(&[(n(7), 7), (n(7), 7), (n(7), 7)]).unwrap(), combo(ComboKind::Triple, 7));
    }

    #[test]
    fn classify_x_draw_stop_and_errors() {
        assert_eq!(classify(&[(X, 12)]).unwrap(), combo(ComboKind::Solo, 12));
        assert_eq!(classify(&[(X, 6), (n(7), 7), (n(8), 8)]).unwrap(), combo(ComboKind::Straight3, 8));
        assert_eq!(classify(&[(DRAW, 0)]).unwrap(), Play::Draw);
        assert_eq!(classify(&[(STOP, 0)]).unwrap(), Play::Stop);
        assert!(classify(&[(STOP, 0), (n(3), 3)]).is_err());
        assert!(classify(&[(DRAW, 0), (X, 3)]).is_err());
        assert!(classify(&[(X, 0)]).is_err());
        assert!(classify(&[(X, 13)]).is_err());
        assert!(classify(&[(n(4), 5)]).is_err());
        assert!(classify(&[(n(4), 4), (n(6), 6)]).is_err());
        assert!(classify(&[(n(4), 4), (n(5), 5), (n(7), 7)]).is_err());
        assert!(classify(&[(n(4), 4), (n(4), 4), (n(5), 5)]).is_err());
        assert!(classify(&[]).is_err());
        assert!(classify(&[(n(1), 1); 4]).is_err());
        assert!(classify(&[(15, 0)]).is_err());
        assert!(classify(&[(200, 3)]).is_err());
    }

    #[test]
    fn x_combines_only_with_number_cards() {
        // Sheet: "Du kannst die X-Karte aber nur mit benachbarten Zahlenkarten kombinieren."
        assert!(classify(&[(X, 12), (X, 12)]).is_err());
        assert!(classify(&[(X, 4), (n(5), 5), (X, 6)]).is_err());
        assert!(classify(&[(X, 9), (X, 9), (n(9), 9)]).is_err());
        for group in [&[X, X][..], &[X, n(5), X], &[X, X, n(9)], &[n(9), X, X]] {
            assert!(!is_play(group) && best_reading(group).is_none(), "{group:?}");
        }
        assert_eq!(best_reading(&[n(5), X, n(6)]).unwrap().0, combo(ComboKind::Straight3, 7));
        // Two X side by side are two solo plays.
        assert_eq!(min_plays(&[X, X]).unwrap().len(), 2);
    }

    #[test]
    fn combination_tells_no_play_from_bad_input() {
        assert_eq!(combination(&[(X, 6), (n(7), 7)]), Ok(Some(combo(ComboKind::Straight2, 7))));
        assert_eq!(combination(&[(STOP, 0)]), Ok(Some(Play::Stop)));
        assert_eq!(combination(&[(n(4), 4), (n(6), 6)]), Ok(None));
        assert_eq!(combination(&[(DRAW, 0), (n(3), 3)]), Ok(None));
        for bad in [&[][..], &[(n(1), 1); 4], &[(X, 0)], &[(n(4), 5)], &[(DRAW, 1)], &[(15, 0)], &[(n(2), 2), (99, 1)]]
        {
            assert!(combination(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn best_and_lowest_readings() {
        assert_eq!(best_reading(&[X]).unwrap().0, combo(ComboKind::Solo, 12));
        assert_eq!(best_reading(&[n(5), X]).unwrap(), (combo(ComboKind::Pair, 5), vec![(n(5), 5), (X, 5)]));
        assert_eq!(best_reading(&[n(5), X, n(6)]).unwrap().0, combo(ComboKind::Straight3, 7));
        assert_eq!(best_reading(&[n(12), X, n(11)]).unwrap().0, combo(ComboKind::Straight3, 12));
        assert_eq!(best_reading(&[n(3), n(5)]), None);
        assert_eq!(best_reading(&[DRAW]).unwrap().0, Play::Draw);
        let pair11 = Combo { kind: ComboKind::Pair, rank: 11 };
        // X with 5: the weakest reading beating nothing is the straight 4-5.
        assert_eq!(lowest_beating(&[n(5), X], None).unwrap().0, Combo { kind: ComboKind::Straight2, rank: 5 });
        assert_eq!(lowest_beating(&[X, n(12)], Some(pair11)).unwrap().0, Combo { kind: ComboKind::Pair, rank: 12 });
        assert_eq!(lowest_beating(&[n(6), n(7), n(8)], Some(pair11)).unwrap().0.kind, ComboKind::Straight3);
        assert_eq!(lowest_beating(&[n(12), n(12)], Some(pair11)).unwrap().0, Combo { kind: ComboKind::Pair, rank: 12 });
        assert_eq!(lowest_beating(&[n(10), n(10)], Some(pair11)), None);
        assert_eq!(lowest_beating(&[STOP], None), None);
    }

    #[test]
    fn is_play_agrees_with_readings_on_every_group() {
        let mut groups: Vec<Vec<u8>> = (0..15u8).map(|a| vec![a]).collect();
        for a in 0..15u8 {
            for b in 0..15u8 {
                groups.push(vec![a, b]);
                for c in 0..15u8 {
                    groups.push(vec![a, b, c]);
                }
            }
        }
        for g in groups {
            assert_eq!(is_play(&g), best_reading(&g).is_some(), "{g:?}");
        }
        assert!(!is_play(&[]) && !is_play(&[1, 1, 1, 1]) && !is_play(&[15]));
    }

    #[test]
    fn min_plays_joins_neighbours() {
        // 5 9 5: play the 9, then the two 5s are adjacent: 2 plays.
        let plays = min_plays(&[n(5), n(9), n(5)]).unwrap();
        assert_eq!(plays, vec![vec![n(9)], vec![n(5), n(5)]]);
        // 1 7 2 8 3: 7 and 8 are not adjacent to each other until 2 goes.
        assert_eq!(min_plays(&[n(1), n(7), n(2), n(8), n(3)]).unwrap().len(), 3);
        // Crossing plays are impossible: 1 5 2 6 -> 3 plays at best.
        assert_eq!(min_plays(&[n(1), n(5), n(2), n(6)]).unwrap().len(), 3);
        assert_eq!(min_plays(&[]).unwrap().len(), 0);
        assert_eq!(min_plays(&[STOP, DRAW]).unwrap().len(), 2);
        // N between two 4s: the N goes alone first.
        assert_eq!(min_plays(&[n(4), DRAW, n(4), X]).unwrap().len(), 2);
    }

    #[test]
    fn spliced_counts_are_the_counts_of_the_spliced_hands() {
        let mut rng = crate::rng::SplitMix64 { state: 7 };
        let deck: Vec<u8> = (0..4).flat_map(|_| 0..X).chain([X, X, DRAW, DRAW, STOP, STOP]).collect();
        for _ in 0..300 {
            let order: Vec<u8> = rng.permutation(deck.len()).into_iter().map(|k| deck[k]).collect();
            let size = rng.below(16) as usize;
            let (base, rest) = order.split_at(size);
            let mut splices = SplicedCounts::new(base).unwrap();
            for start in 0..=size {
                for end in start..=(start + 3).min(size) {
                    for middle in [&[][..], &rest[..1], &rest[..2]] {
                        let hand = splices.splice(start, end, middle).to_vec();
                        assert_eq!(splices.count().unwrap(), min_play_count(&hand).unwrap(), "{hand:?}");
                    }
                }
            }
        }
        let mut splices = SplicedCounts::new(&[n(3), n(3)]).unwrap();
        splices.splice(1, 1, &[n(3), n(3), n(3)]);
        assert!(splices.count().is_err(), "five copies of the 3");
        assert!(SplicedCounts::new(&[15]).is_err());
        assert_eq!(splices.splice(5, 1, &[n(4)]), &[n(3), n(3), n(4)], "past the end: the end");
    }

    #[test]
    fn solve_hand_reports_values_and_rejects_bad_input() {
        let s = solve_hand(&[n(5), X, n(7), STOP], Objective::MinPlays, &Options::default()).unwrap();
        assert_eq!(s.plays.unwrap(), vec![vec![(n(5), 5), (X, 6), (n(7), 7)], vec![(STOP, 0)]]);
        assert!(solve_hand(&[n(5)], Objective::Opening, &Options::default()).is_err());
        let bad = Options::from_pairs([("opening_points".to_string(), 3)]);
        assert!(solve_hand(&[n(5)], Objective::MinPlays, &bad).is_err());
        let ok = Options::from_pairs([("long_game".to_string(), 1)]);
        assert!(solve_hand(&[n(5)], Objective::MinPlays, &ok).is_ok());
        assert!(solve_hand(&[15], Objective::MinPlays, &Options::default()).is_err());
        assert!(solve_hand(&[X, X, X], Objective::MinPlays, &Options::default()).is_err());
        assert!(solve_hand(&[n(3); 5], Objective::MinPlays, &Options::default()).is_err());
    }
}
