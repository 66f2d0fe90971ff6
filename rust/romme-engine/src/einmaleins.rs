//! 1x1-Rommé on the NumNum deck: meld rules (docs/RULES.md §3) and the hand solver.
//!
//! - Set: ≥ 3 cards of one value in distinct symbols (every card exists once,
//!   so a set holds at most one card per symbol; the 40s make no set).
//! - Run: ≥ 3 cards of one symbol on consecutive multiples k·i, k·(i+1), … of a
//!   row k ≥ 2; every cell must be a card that exists in that symbol.
//! - The wish card `W` is wild anywhere; a value-1 card is wild only in a run of
//!   its own symbol and is a natural 1 everywhere else (three 1s make a set).
//! - A meld holds at least one natural card (see docs/RULES-NOTES.md).
//!
//! The hand solver is the LCF-DP of docs/SEARCH-DESIGN.md §1.2/§5.2 on the shared
//! engine [`crate::partition`]: the lowest remaining natural (value ≥ 2) is
//! either left in hand or lies in a set or run of which it is the lowest
//! natural (the melds come from [`melds`], which the table search [`table`]
//! shares). The wish cards (a count) and the 1-cards (a mask over symbols) are
//! resources consumed by runs and sets; whatever remains of them ends in
//! sets of 1s (at most two) or in the hand. Runs are enumerated up to 5 cells (a longer run
//! splits into two with the same cards and points) except where every split
//! would leave a part without a natural.

use crate::cards::{self, numnum_values, Game, NUMNUM_WISH_COPIES};
use crate::meld::{
    left_score, meld_score, merge_runs, EngineError, HandSolution, Meld, MeldFault, MeldKind, Objective, Options,
    Placed,
};
use crate::options::{number, OptionSpec};
use crate::partition::single::unit;
use crate::partition::{
    hand_solver, replay, too_hard, Counts, LocalTypes, MeldGen, Res, Score, Step, RES_SLOTS, TAG_LEAVE,
};
use crate::search::Cutoff;
use melds::{Lines, OnesSets};

pub mod bot_measures;
pub mod listing;
mod melds;
pub mod place;
pub mod table;

/// Code of the wish card `W`.
pub const WISH: u8 = 100;
/// Number of number-card codes (0..100).
const NUMBERS: usize = 100;
/// Highest number-card value in the deck, plus one.
const VALUE_LIMIT: usize = 82;
/// Options of 1x1-Rommé (docs/RULES.md §3).
pub const OPTIONS: &[OptionSpec] = &[
    number("opening_points", 51, 1, 500, "points the first laying down must reach (the sheet: more than 50)"),
    number("target", 0, 0, 100_000, "match: play games until someone reaches this many minus points (0 = one game)"),
];

/// 1x1-Rommé's options read and checked once ([`crate::options::GameRules`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Points the first laying down must reach.
    pub opening_points: i32,
}

impl Rules {
    /// Reads and checks the options (unknown names and bad values are errors).
    pub fn from_options(options: &Options) -> Result<Rules, EngineError> {
        options.check("einmaleins", OPTIONS)?;
        Ok(Rules { opening_points: options.value(OPTIONS, "opening_points")? as i32 })
    }
}

/// Most number cards (value ≥ 2) a hand may have for the solver. The DP's
/// frontier grows exponentially with the hand: 14 cards take microseconds,
/// 45 a fraction of a second, 50 seconds; real hands stay far below.
pub const MAX_HAND: usize = 45;

/// The deck as lookup tables: code -> (symbol, value) and (symbol, value) -> code.
struct Deck {
    symbol: [u8; NUMBERS],
    value: [u8; NUMBERS],
    code_of: [[u8; VALUE_LIMIT]; 4],
}

/// Marks a (symbol, value) the deck lacks in [`Deck::code_of`].
const NO_CARD: u8 = u8::MAX;

/// The deck tables, built once.
fn deck() -> &'static Deck {
    use std::sync::OnceLock;
    static DECK: OnceLock<Deck> = OnceLock::new();
    DECK.get_or_init(|| {
        let mut d = Deck { symbol: [0; NUMBERS], value: [0; NUMBERS], code_of: [[NO_CARD; VALUE_LIMIT]; 4] };
        let mut code = 0usize;
        for s in 0..4 {
            for v in numnum_values(s) {
                if code < NUMBERS && (v as usize) < VALUE_LIMIT {
                    d.symbol[code] = s as u8;
                    d.value[code] = v;
                    d.code_of[s][v as usize] = code as u8;
                }
                code += 1;
            }
        }
        d
    })
}

/// The code of the card `value` of `symbol`, if the deck has it.
fn card(symbol: u8, value: u32) -> Option<u8> {
    let c = *deck().code_of.get(symbol as usize)?.get(value as usize)?;
    (c != NO_CARD).then_some(c)
}

/// Whether `code` is a natural number card (value 2 and up: not the wish card, not a 1-card).
pub(crate) fn is_natural(code: u8) -> bool {
    code != WISH && (code as usize) < NUMBERS && deck().value[code as usize] != 1
}

/// The symbols of the 1-cards among `cards`, as a bit mask.
pub(crate) fn ones_mask(cards: &[u8]) -> u8 {
    let d = deck();
    cards
        .iter()
        .filter(|&&c| (c as usize) < NUMBERS && d.value[c as usize] == 1)
        .fold(0u8, |o, &c| o | 1 << d.symbol[c as usize])
}

/// Minus points of a card left in hand: wish card 100, value-1 card 50, else face value.
pub fn hand_points(code: u8) -> i32 {
    match code {
        WISH => 100,
        c if (c as usize) < NUMBERS => match deck().value[c as usize] {
            1 => 50,
            v => v as i32,
        },
        _ => 0,
    }
}

/// The card's token for messages (`H12`, `W`).
fn token(code: u8) -> String {
    cards::token(Game::Einmaleins, code)
}

/// Checks codes: number cards or `W` only, each number card at most once,
/// at most three wish cards.
fn check_cards(codes: &[u8], what: &str) -> Result<(), EngineError> {
    let mut seen = [false; NUMBERS];
    let mut wishes = 0;
    for (i, &c) in codes.iter().enumerate() {
        match c {
            WISH => {
                wishes += 1;
                if wishes > NUMNUM_WISH_COPIES {
                    return Err(EngineError::new(format!(
                        "{what} has more than {NUMNUM_WISH_COPIES} wish cards; the deck holds {NUMNUM_WISH_COPIES}"
                    )));
                }
            }
            101 | 102 => {
                return Err(EngineError::new(format!(
                    "{} at position {} is a ban card; 1x1-Rommé is played without them",
                    token(c),
                    i + 1
                )))
            }
            c if (c as usize) < NUMBERS => {
                if std::mem::replace(&mut seen[c as usize], true) {
                    let msg = format!("{what} holds {} twice; the deck has one", token(c));
                    return Err(EngineError::meld(MeldFault::CardTwice(c), msg));
                }
            }
            c => return Err(EngineError::new(format!("card code {c} at position {} is not a 1x1 card", i + 1))),
        }
    }
    Ok(())
}

// ---------------------------------------------------------------- meld validation

/// Reads `codes` as a set: all naturals (1-cards are natural here) share one
/// value, wish cards take the missing symbols of that value in H K D Q order.
fn as_set(codes: &[u8]) -> Option<Meld> {
    let d = deck();
    let naturals: Vec<u8> = codes.iter().copied().filter(|&c| c != WISH).collect();
    let v = d.value[*naturals.first()? as usize];
    if codes.len() < 3 || naturals.iter().any(|&c| d.value[c as usize] != v) {
        return None;
    }
    let mut missing = (0..4u8).filter_map(|s| card(s, v as u32)).filter(|c| !naturals.contains(c));
    let mut cards = Vec::with_capacity(codes.len());
    for &c in codes {
        let stands_for = if c == WISH { missing.next()? } else { c };
        cards.push(Placed { code: c, stands_for });
    }
    Some(Meld { kind: MeldKind::Set, cards, points: v as i32 * codes.len() as i32 })
}

/// The best run reading of `codes` in `symbol`: most points, then the
/// smallest row, then the lowest window.
fn as_run(codes: &[u8], symbol: u8) -> Option<Meld> {
    let d = deck();
    let len = codes.len() as u32;
    let mut naturals = Vec::new();
    let mut wilds = Vec::new();
    for &c in codes {
        if c == WISH {
            wilds.push(c);
        } else if d.symbol[c as usize] != symbol {
            return None;
        } else if d.value[c as usize] == 1 {
            wilds.push(c);
        } else {
            naturals.push(c);
        }
    }
    let lowest = naturals.iter().map(|&c| d.value[c as usize] as u32).min()?;
    if len < 3 {
        return None;
    }
    let mut best: Option<(i32, u32, u32)> = None; // (points, row, first index)
    for k in 2..=lowest {
        if naturals.iter().any(|&c| !(d.value[c as usize] as u32).is_multiple_of(k)) {
            continue;
        }
        let lo = naturals.iter().map(|&c| d.value[c as usize] as u32 / k).min().unwrap_or(0);
        let hi = naturals.iter().map(|&c| d.value[c as usize] as u32 / k).max().unwrap_or(0);
        for a in hi.saturating_sub(len - 1).max(1)..=lo {
            if !(a..a + len).all(|j| card(symbol, k * j).is_some()) {
                continue;
            }
            let points = (k * (a + a + len - 1) * len / 2) as i32;
            if best.is_none_or(|(p, _, _)| points > p) {
                best = Some((points, k, a));
            }
        }
    }
    let (points, k, a) = best?;
    let mut cells: Vec<Option<u8>> = vec![None; len as usize];
    for &c in &naturals {
        let slot = cells.get_mut((d.value[c as usize] as u32 / k - a) as usize)?;
        if slot.replace(c).is_some() {
            return None; // two cards on one cell (cannot happen with single copies)
        }
    }
    let mut wilds = wilds.into_iter();
    let mut cards = Vec::with_capacity(codes.len());
    for (j, cell) in cells.iter().enumerate() {
        let stands_for = card(symbol, k * (a + j as u32))?;
        let code = match cell {
            Some(c) => *c,
            None => wilds.next()?,
        };
        cards.push(Placed { code, stands_for });
    }
    Some(Meld { kind: MeldKind::Run, cards, points })
}

/// Checks one 1x1 meld (cards in any order) and reads it the way that scores
/// most: each wild's `stands_for` and the points (wilds as the card they
/// replace). Ties prefer a set, then the smallest row, then the lowest cells.
pub fn validate_meld(codes: &[u8], options: &Options) -> Result<Meld, EngineError> {
    Rules::from_options(options)?;
    read_meld(codes)
}

/// [`validate_meld`] (no 1x1 option shapes a meld).
pub fn read_meld(codes: &[u8]) -> Result<Meld, EngineError> {
    check_cards(codes, "the meld")?;
    let shown = || codes.iter().map(|&c| token(c)).collect::<Vec<_>>().join(" ");
    if codes.len() < 3 {
        return Err(EngineError::meld(
            MeldFault::TooFew,
            format!("{} is no meld: a meld has at least 3 cards", shown()),
        ));
    }
    if codes.iter().all(|&c| c == WISH) {
        let msg = format!("{} is no meld: a meld needs a number card", shown());
        return Err(EngineError::meld(MeldFault::WildsOnly, msg));
    }
    let set = as_set(codes);
    let run = (0..4).filter_map(|s| as_run(codes, s)).max_by_key(|m| m.points);
    match (set, run) {
        (Some(s), Some(r)) => Ok(if r.points > s.points { r } else { s }),
        (Some(m), None) | (None, Some(m)) => Ok(m),
        (None, None) => Err(EngineError::meld(
            MeldFault::NoSetNoRun,
            format!(
                "{} is no meld: not a set of one value in distinct symbols, and not a run of one symbol on \
             consecutive multiples of a row k >= 2 (wilds must stand for cards that exist)",
                shown()
            ),
        )),
    }
}

// ---------------------------------------------------------------- hand solver

/// Resource slots: wish cards left, and the 1-cards left as a bit mask over symbols.
const RES_WISHES: usize = 0;
const RES_ONES: usize = 1;

/// The 1x1 hand for [`crate::partition`]: the shared [`Lines`] generator, scored
/// by the hand objective.
struct Gen {
    objective: Objective,
    lines: Lines,
}

impl Gen {
    /// Score of leaving `code` in hand.
    fn left_score(&self, code: u8) -> Score {
        left_score(self.objective, hand_points(code))
    }

    /// Score of a meld (ties under `min-left`: most meld points).
    fn meld_score(&self, points: i32, cards: u32) -> Score {
        meld_score(self.objective, points, cards, points)
    }

    /// The best sets of 1s from the 1-cards (`ones`, a symbol mask) and the
    /// wish cards left at the end: (score, the sets).
    fn tail_pick(&self, res: Res) -> (Score, OnesSets) {
        let (wishes, ones) = (res[RES_WISHES], res[RES_ONES] & 0xF);
        let mut best = (Score([i32::MIN; 3]), [(0, 0); 2]);
        melds::ones_sets(ones, wishes, |sets| {
            let (used, w) = sets.iter().fold((0u8, 0u8), |(u, w), &(s, x)| (u | s, w + x));
            let mut v = Score::ZERO;
            for sym in (0..4u8).filter(|s| ones >> s & 1 == 1 && used >> s & 1 == 0) {
                v = v + self.left_score(card(sym, 1).unwrap_or(WISH));
            }
            for _ in w..wishes {
                v = v + self.left_score(WISH);
            }
            for &(s, x) in sets.iter().filter(|p| p.0 != 0) {
                let n = s.count_ones() as u8 + x;
                v = v + self.meld_score(n as i32, n as u32);
            }
            if v > best.0 {
                best = (v, sets);
            }
        });
        best
    }
}

impl MeldGen for Gen {
    const SINGLE: bool = true;

    fn steps(&self, c: usize, rest: Counts, res: Res, out: &mut Vec<Step>) {
        let Some(code) = self.lines.types.code(c) else { return };
        out.push(Step { take: unit(c), res, gain: self.left_score(code), tag: TAG_LEAVE });
        self.lines.shapes(c, rest, res[RES_WISHES], res[RES_ONES], |m| {
            let mut r = res;
            r[RES_WISHES] -= m.wishes;
            r[RES_ONES] &= !m.one;
            out.push(Step { take: m.take, res: r, gain: self.meld_score(m.points, m.cards), tag: m.tag });
        });
    }

    fn tail(&self, res: Res) -> Option<Score> {
        Some(self.tail_pick(res).0)
    }
}

/// Whether run `b` continues run `a`: same symbol and row, `b` starting one
/// step above the end of `a`.
fn continues(a: &Meld, b: &Meld) -> bool {
    let d = deck();
    let key = |m: &Meld| {
        let first = m.cards.first()?.stands_for as usize;
        let second = m.cards.get(1)?.stands_for as usize;
        let row = d.value[second].checked_sub(d.value[first])?;
        Some((d.symbol[first], row, d.value[first], d.value[m.cards.last()?.stands_for as usize]))
    };
    match (key(a), key(b)) {
        (Some((s1, k1, _, hi1)), Some((s2, k2, lo2, _))) => {
            s1 == s2 && k1 == k2 && hi1 as u32 + k1 as u32 == lo2 as u32
        }
        _ => false,
    }
}

/// Rebuilds the meld of a step taken with resources `before`.
fn rebuild(gen: &Gen, step: &Step, before: &Res) -> Option<Meld> {
    let wishes = before[RES_WISHES] - step.res[RES_WISHES];
    let one = before[RES_ONES] != step.res[RES_ONES];
    melds::meld_of(&gen.lines.types, step.tag, step.take, wishes, one)
}

/// One optimal partition of the hand for `objective`: (melds, cards left).
/// Also whether it is proven optimal (`false`: the exact solve was cut, the best found).
fn partition(cards: &[u8], objective: Objective, cutoff: &Cutoff) -> Result<(Vec<Meld>, Vec<u8>, bool), EngineError> {
    let d = deck();
    let mut types: Vec<u8> = cards.iter().copied().filter(|&c| is_natural(c)).collect();
    types.sort_by_key(|&c| (d.value[c as usize], d.symbol[c as usize]));
    if types.len() > MAX_HAND {
        return Err(EngineError::new(format!(
            "the 1x1 hand solver takes at most {MAX_HAND} number cards (values 2 and up), got {}",
            types.len()
        )));
    }
    let mut res: Res = [0; RES_SLOTS];
    res[RES_WISHES] = cards.iter().filter(|&&c| c == WISH).count() as u8;
    res[RES_ONES] = ones_mask(cards);
    let hand: Counts = (1u128 << types.len()) - 1; // MAX_HAND < 128: one bit per card
    let gen = Gen { objective, lines: Lines { types: LocalTypes::single(types, NUMBERS), long_runs: false } };
    let mut solver = hand_solver(&gen).limit(usize::MAX, cutoff);
    let internal = || EngineError::new("internal error: the 1x1 solver found no partition");
    // (a cut solve answers its best partition found, not proven)
    let found = solver.path_or_best_found(hand, res);
    solver.settle();
    let Some((_, steps, proven)) = found else {
        return Err(too_hard("einmaleins", cards.len()));
    };
    let (mut melds, mut left, res) =
        replay(&steps, res, &gen.lines.types, |step, before| rebuild(&gen, step, before)).ok_or_else(internal)?;
    merge_runs(&mut melds, continues);
    // The 1-cards and wish cards still there: a set of 1s or the hand.
    let (_, sets) = gen.tail_pick(res);
    let ones = res[RES_ONES];
    let (mut ones_used, mut wishes_used) = (0u8, 0u8);
    for &(s, w) in sets.iter().filter(|p| p.0 != 0) {
        melds.push(melds::ones_set(s, w).ok_or_else(internal)?);
        ones_used |= s;
        wishes_used += w;
    }
    left.extend((0..4u8).filter(|s| ones >> s & 1 == 1 && ones_used >> s & 1 == 0).filter_map(|s| card(s, 1)));
    left.extend(std::iter::repeat_n(WISH, (res[RES_WISHES] - wishes_used) as usize));
    Ok((melds, left, proven))
}

/// [`partition`] for the internal callers that need the exact answer: a hand
/// whose exact solve is cut is refused ([`too_hard`]).
fn exact_partition(cards: &[u8], objective: Objective) -> Result<(Vec<Meld>, Vec<u8>), EngineError> {
    match partition(cards, objective, &Cutoff::NONE)? {
        (melds, left, true) => Ok((melds, left)),
        _ => Err(too_hard("einmaleins", cards.len())),
    }
}

/// Solves a 1x1-Rommé hand. Objectives: `opening` (default; most meld points,
/// then most cards), `min-left` (fewest minus points left: W 100, 1-cards 50,
/// else face value; then most meld points) and `max-cards` (most cards in
/// melds, then fewest minus points left). For every objective
/// `opening_points` is the highest meld total of the hand when it reaches the
/// `opening_points` option (51 by default: "more than 50"), else `None`.
pub fn solve_hand(codes: &[u8], objective: Objective, options: &Options) -> Result<HandSolution, EngineError> {
    solve_hand_with(codes, objective, &Rules::from_options(options)?)
}

/// [`solve_hand`] under rules already read.
pub fn solve_hand_with(codes: &[u8], objective: Objective, rules: &Rules) -> Result<HandSolution, EngineError> {
    let minimum = rules.opening_points;
    check_hand(codes, objective)?;
    HandSolution::with_opening(objective, minimum, hand_points, |obj| partition(codes, obj, &Cutoff::NONE))
}

/// The checks of a hand solve's cards and objective.
fn check_hand(codes: &[u8], objective: Objective) -> Result<(), EngineError> {
    if objective == Objective::MinPlays {
        return Err(EngineError::new("einmaleins objectives: opening, min-left, max-cards"));
    }
    // (a hand is no meld: its refusal carries no kind of meld fault)
    check_cards(codes, "the hand").map_err(|e| EngineError::new(e.0))
}

/// [`solve_hand_with`]'s melds and cards left alone, and whether they are proven: one solve (no
/// opening total), charged to `cutoff` and cut by it as by its own work limit.
pub fn partition_within(
    codes: &[u8],
    objective: Objective,
    cutoff: &Cutoff,
) -> Result<(Vec<Meld>, Vec<u8>, bool), EngineError> {
    check_hand(codes, objective)?;
    partition(codes, objective, cutoff)
}

#[cfg(test)]
mod tests;
