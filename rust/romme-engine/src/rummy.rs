//! Rummy (the Rummikub-like Räuber game): meld rules (RULES.md §4) and the hand solver.
//!
//! Cards: `colour * 13 + (number - 1)` for colours B R G Y, two copies each;
//! joker 52 (two in the deck).
//!
//! - Set: 3 or 4 cards of one number in distinct colours.
//! - Run: ≥ 3 cards of one colour with consecutive numbers within 1..=13, no wrap.
//! - Jokers stand for any card, also at the ends of runs and as the 4th card of a set.
//!
//! Meld points are the opening's counting: the numbers of the natural cards,
//! jokers 0. The hand solver answers "what can I lay down from my hand alone
//! this turn" with the LCF-DP of [`crate::partition`]; the per-turn cap on hand
//! cards (`max_hand_cards_per_turn`, Rule 3) is a resource of the DP, so every
//! answer respects it exactly.

use crate::meld::{EngineError, HandSolution, Meld, MeldKind, Objective, Options, Placed};
use crate::partition::{count, pack, total, unit, Counts, MeldGen, Res, Score, Solver, Step, RES_SLOTS};

/// The joker's code.
pub const JOKER: u8 = 52;
/// Copies of each numbered card in the deck.
const NATURAL_COPIES: u8 = 2;
/// Jokers in the deck.
const JOKER_COPIES: u8 = 2;
/// Option names Rummy knows (RULES.md §4).
pub const OPTION_NAMES: &[&str] = &["opening_points", "max_hand_cards_per_turn"];
/// Hand value of a joker at the end of the game (sheet 003).
pub const JOKER_HAND_POINTS: i32 = 25;

/// Number 1..=13 of a natural code.
fn number(code: u8) -> u8 {
    code % 13 + 1
}

/// Colour 0..4 (B R G Y) of a natural code.
fn colour(code: u8) -> u8 {
    code / 13
}

/// The code of `number` in `colour`.
fn code_of(colour: u8, number: u8) -> u8 {
    colour * 13 + number - 1
}

/// Points of a card left in hand at the end: its number, joker 25.
pub fn hand_points(code: u8) -> i32 {
    if code == JOKER {
        JOKER_HAND_POINTS
    } else {
        number(code) as i32
    }
}

fn token(code: u8) -> String {
    if code == JOKER {
        "*".into()
    } else {
        format!("{}{}", ['B', 'R', 'G', 'Y'][colour(code) as usize % 4], number(code))
    }
}

/// Checks codes: numbered cards at most twice, at most two jokers.
fn check_cards(codes: &[u8], what: &str) -> Result<(), EngineError> {
    let mut seen = [0u8; 53];
    for (i, &c) in codes.iter().enumerate() {
        let Some(n) = seen.get_mut(c as usize) else {
            return Err(EngineError::new(format!("card code {c} at position {} is not a rummy card", i + 1)));
        };
        *n += 1;
        let limit = if c == JOKER { JOKER_COPIES } else { NATURAL_COPIES };
        if *n > limit {
            return Err(EngineError::new(format!(
                "{what} holds {} more than {limit} times; the rummy deck has {limit}",
                token(c)
            )));
        }
    }
    Ok(())
}

// ---------------------------------------------------------------- meld validation

/// Reads `codes` as a set: one number, distinct colours, 3–4 cards; jokers
/// take the missing colours in B R G Y order.
fn as_set(codes: &[u8]) -> Option<Meld> {
    let naturals: Vec<u8> = codes.iter().copied().filter(|&c| c != JOKER).collect();
    let n = number(*naturals.first()?);
    if !(3..=4).contains(&codes.len()) || naturals.iter().any(|&c| number(c) != n) {
        return None;
    }
    let mut colours: Vec<u8> = naturals.iter().map(|&c| colour(c)).collect();
    colours.sort_unstable();
    colours.dedup();
    if colours.len() != naturals.len() {
        return None;
    }
    let mut missing = (0..4u8).filter(|col| !colours.contains(col)).map(|col| code_of(col, n));
    let mut cards = Vec::with_capacity(codes.len());
    for &c in codes {
        let stands_for = if c == JOKER { missing.next()? } else { c };
        cards.push(Placed { code: c, stands_for });
    }
    Some(Meld { kind: MeldKind::Set, cards, points: n as i32 * naturals.len() as i32 })
}

/// Reads `codes` as a run: one colour, distinct numbers; jokers fill the
/// gaps, then extend the run upwards (downwards at 13).
fn as_run(codes: &[u8]) -> Option<Meld> {
    let mut naturals: Vec<u8> = codes.iter().copied().filter(|&c| c != JOKER).collect();
    naturals.sort_unstable();
    let col = colour(*naturals.first()?);
    let len = codes.len() as u8;
    if !(3..=13).contains(&len)
        || naturals.iter().any(|&c| colour(c) != col)
        || naturals.windows(2).any(|w| w[0] == w[1])
    {
        return None;
    }
    let (lo, hi) = (number(naturals[0]), number(*naturals.last()?));
    if hi - lo + 1 > len {
        return None;
    }
    let start = lo.min(14 - len);
    let mut jokers = codes.iter().filter(|&&c| c == JOKER);
    let mut cards = Vec::with_capacity(len as usize);
    for n in start..start + len {
        let cell = code_of(col, n);
        let code = if naturals.contains(&cell) { cell } else { *jokers.next()? };
        cards.push(Placed { code, stands_for: cell });
    }
    let points = naturals.iter().map(|&c| number(c) as i32).sum();
    Some(Meld { kind: MeldKind::Run, cards, points })
}

/// Checks one Rummy meld (cards in any order) and reports what each joker
/// stands for and the points (natural numbers; jokers 0). A meld that reads
/// both ways (one natural and two jokers) is reported as a set.
pub fn validate_meld(codes: &[u8], options: &Options) -> Result<Meld, EngineError> {
    options.check_known("rummy", OPTION_NAMES)?;
    check_cards(codes, "the meld")?;
    as_set(codes).or_else(|| as_run(codes)).ok_or_else(|| {
        let shown: Vec<String> = codes.iter().map(|&c| token(c)).collect();
        EngineError::new(format!(
            "{} is no meld: not a set (3-4 cards of one number in distinct colours) and not a run \
             (3 or more cards of one colour, consecutive within 1..13)",
            shown.join(" ")
        ))
    })
}

// ---------------------------------------------------------------- hand solver

/// Resource slots: jokers left; hand cards the turn may still place.
const RES_JOKERS: usize = 0;
const RES_BUDGET: usize = 1;
/// Budget value meaning "no cap" (never decremented).
const UNCAPPED: u8 = u8::MAX;

const TAG_LEAVE: u64 = 0;
const TAG_SET: u64 = 1;
const TAG_RUN: u64 = 2;

fn tag(kind: u64, number: u8, col: u8, a: u8, len: u8) -> u64 {
    kind | (number as u64) << 4 | (col as u64) << 12 | (a as u64) << 16 | (len as u64) << 24
}

/// The meld generator of a Rummy hand for [`crate::partition`].
struct Gen {
    objective: Objective,
    /// Local natural types, ascending by number then colour.
    types: Vec<u8>,
    /// Local index of each natural code present (`u8::MAX` otherwise).
    local: [u8; 52],
}

impl Gen {
    fn left_score(&self, code: u8) -> Score {
        match self.objective {
            Objective::Opening => Score::ZERO,
            Objective::MaxCards => Score([0, -hand_points(code), 0]),
            _ => Score([-hand_points(code), 0, 0]),
        }
    }

    fn meld_score(&self, points: i32, cards: u32) -> Score {
        match self.objective {
            Objective::Opening => Score([points, cards as i32, 0]),
            Objective::MaxCards => Score([cards as i32, 0, 0]),
            _ => Score([0, cards as i32, 0]),
        }
    }

    fn local_of(&self, code: u8) -> Option<usize> {
        let l = *self.local.get(code as usize)?;
        (l != u8::MAX).then_some(l as usize)
    }

    /// Pushes a meld step if the turn's budget allows `size` more hand cards.
    fn push(&self, out: &mut Vec<Step>, take: Counts, res: Res, jokers: u8, points: i32, t: u64) {
        let size = total(take) as u8 + jokers;
        let mut r = res;
        if r[RES_BUDGET] != UNCAPPED {
            if size > r[RES_BUDGET] {
                return;
            }
            r[RES_BUDGET] -= size;
        }
        r[RES_JOKERS] -= jokers;
        out.push(Step { take, res: r, gain: self.meld_score(points, size as u32), tag: t });
    }
}

impl MeldGen for Gen {
    fn steps(&self, c: usize, rest: Counts, res: Res, out: &mut Vec<Step>) {
        let Some(&code) = self.types.get(c) else { return };
        let (n, col) = (number(code), colour(code));
        let jokers = res[RES_JOKERS];
        out.push(Step { take: unit(c), res, gain: self.left_score(code), tag: TAG_LEAVE });
        let rest = rest - unit(c);
        // Sets: c, other colours of number n still in hand, jokers up to 4 cards.
        let others: Vec<usize> = (0..4u8)
            .filter(|&o| o != col)
            .filter_map(|o| self.local_of(code_of(o, n)))
            .filter(|&l| count(rest, l) > 0)
            .collect();
        for sub in 0u32..(1 << others.len()) {
            let take: Counts = unit(c)
                + others.iter().enumerate().filter(|(j, _)| sub >> j & 1 == 1).map(|(_, &l)| unit(l)).sum::<Counts>();
            let nat = total(take) as u8;
            for j in 0..=jokers.min(4 - nat) {
                if nat + j >= 3 {
                    self.push(out, take, res, j, n as i32 * nat as i32, tag(TAG_SET, n, 0, 0, nat + j));
                }
            }
        }
        // Runs of colour col with c as the lowest natural: cells below n hold jokers.
        for a in (1..=n).rev() {
            if n - a > jokers {
                break;
            }
            let mut naturals: Vec<(Counts, u8)> = Vec::new(); // (card, number) on cells above n
            for b in n..=13 {
                if b > n {
                    if let Some(l) = self.local_of(code_of(col, b)).filter(|&l| count(rest, l) > 0) {
                        naturals.push((unit(l), b));
                    }
                }
                let len = b - a + 1;
                let must_joker = len - 1 - naturals.len() as u8;
                // Runs longer than 5 split into two runs with the same cards and points,
                // unless all naturals sit in the first or last three cells (≥ len-3 jokers).
                if must_joker > jokers || (len > 5 && len > jokers + 3) {
                    break;
                }
                if len < 3 {
                    continue;
                }
                // Any natural may give its cell to a joker (it can serve elsewhere).
                let k = naturals.len();
                for dropped in 0u32..(1 << k) {
                    let j = must_joker + dropped.count_ones() as u8;
                    if j > jokers {
                        continue;
                    }
                    let mut take = unit(c);
                    let mut points = n as i32;
                    let mut top = n;
                    for (i, &(u, num)) in naturals.iter().enumerate() {
                        if dropped >> i & 1 == 0 {
                            take += u;
                            points += num as i32;
                            top = num;
                        }
                    }
                    if len >= 6 && top - a >= 3 && n - a < len - 3 {
                        continue; // splits into two runs that each hold a natural
                    }
                    self.push(out, take, res, j, points, tag(TAG_RUN, 0, col, a, len));
                }
            }
        }
    }

    fn tail(&self, res: Res) -> Option<Score> {
        let mut s = Score::ZERO;
        for _ in 0..res[RES_JOKERS] {
            s = s + self.left_score(JOKER);
        }
        Some(s)
    }
}

/// Rebuilds the meld of a step taken with resources `before`.
fn rebuild(gen: &Gen, step: &Step, before: &Res) -> Option<Meld> {
    let field = |shift: u32| ((step.tag >> shift) & 0xFF) as u8;
    let (n, col, a, len) = (field(4), field(12) & 0xF, field(16), field(24));
    let naturals: Vec<u8> = (0..gen.types.len()).filter(|&l| count(step.take, l) > 0).map(|l| gen.types[l]).collect();
    let jokers = before[RES_JOKERS].checked_sub(step.res[RES_JOKERS])?;
    let points = naturals.iter().map(|&c| number(c) as i32).sum();
    let mut cards = Vec::with_capacity(naturals.len() + jokers as usize);
    match step.tag & 0xF {
        TAG_SET => {
            cards.extend(naturals.iter().map(|&c| Placed { code: c, stands_for: c }));
            let mut missing = (0..4u8).map(|o| code_of(o, n)).filter(|c| !naturals.contains(c));
            for _ in 0..jokers {
                cards.push(Placed { code: JOKER, stands_for: missing.next()? });
            }
            Some(Meld { kind: MeldKind::Set, cards, points })
        }
        TAG_RUN => {
            for num in a..a + len {
                let cell = code_of(col, num);
                let code = if naturals.contains(&cell) { cell } else { JOKER };
                cards.push(Placed { code, stands_for: cell });
            }
            Some(Meld { kind: MeldKind::Run, cards, points })
        }
        _ => None,
    }
}

/// Merges runs of one colour that continue each other (the solver builds
/// runs of at most 5 cards; players lay them as one).
fn merge_runs(melds: &mut Vec<Meld>) {
    let ends = |m: &Meld| {
        Some((
            colour(m.cards.first()?.stands_for),
            number(m.cards.first()?.stands_for),
            number(m.cards.last()?.stands_for),
        ))
    };
    let mut i = 0;
    while i < melds.len() {
        let partner = (0..melds.len()).find(|&j| {
            j != i
                && melds[i].kind == MeldKind::Run
                && melds[j].kind == MeldKind::Run
                && matches!((ends(&melds[i]), ends(&melds[j])), (Some((c1, _, hi)), Some((c2, lo, _))) if c1 == c2 && hi + 1 == lo)
        });
        match partner {
            Some(j) => {
                let tail = melds.remove(j);
                let at = if j < i { i - 1 } else { i };
                melds[at].points += tail.points;
                melds[at].cards.extend(tail.cards);
            }
            None => i += 1,
        }
    }
}

/// One optimal partition for `objective` placing at most `cap` hand cards
/// (`None`: no cap): (melds, cards left).
fn partition(codes: &[u8], objective: Objective, cap: Option<u8>) -> Result<(Vec<Meld>, Vec<u8>), EngineError> {
    let mut counts = [0u8; 52];
    let mut jokers = 0u8;
    for &c in codes {
        match counts.get_mut(c as usize) {
            Some(n) => *n += 1,
            None => jokers += 1,
        }
    }
    let mut types: Vec<u8> = (0..52u8).filter(|&c| counts[c as usize] > 0).collect();
    types.sort_by_key(|&c| (number(c), colour(c)));
    let mut local = [u8::MAX; 52];
    for (i, &c) in types.iter().enumerate() {
        local[c as usize] = i as u8;
    }
    let hand = pack(&types.iter().map(|&c| counts[c as usize]).collect::<Vec<_>>())?;
    let mut res: Res = [0; RES_SLOTS];
    res[RES_JOKERS] = jokers;
    res[RES_BUDGET] = cap.unwrap_or(UNCAPPED);
    let gen = Gen { objective, types, local };
    let mut solver = Solver::new(&gen);
    let internal = || EngineError::new("internal error: the rummy solver found no partition");
    let (_, steps) = solver.path(hand, res).ok_or_else(internal)?;
    let mut melds = Vec::new();
    let mut left = Vec::new();
    for step in &steps {
        if step.tag == TAG_LEAVE {
            for l in 0..gen.types.len() {
                left.extend(std::iter::repeat_n(gen.types[l], count(step.take, l) as usize));
            }
        } else {
            melds.push(rebuild(&gen, step, &res).ok_or_else(internal)?);
        }
        res = step.res;
    }
    left.extend(std::iter::repeat_n(JOKER, res[RES_JOKERS] as usize));
    merge_runs(&mut melds);
    Ok((melds, left))
}

/// The optimal partition under the cap: solved without it first (usually
/// within the cap already, and then optimal under it too); only if that
/// places too many cards is the budget made part of the DP state.
fn capped_partition(codes: &[u8], objective: Objective, cap: u8) -> Result<(Vec<Meld>, Vec<u8>), EngineError> {
    let free = partition(codes, objective, None)?;
    let placed: usize = free.0.iter().map(|m| m.cards.len()).sum();
    if cap == 0 || placed <= cap as usize {
        return Ok(free);
    }
    partition(codes, objective, Some(cap))
}

/// Solves a Rummy hand: what to lay down from the hand alone this turn,
/// placing at most `max_hand_cards_per_turn` cards (12; 0 = no cap).
/// Objectives: `opening` (default; most points by number with jokers 0, then
/// most cards), `max-cards` (most cards, then fewest points left with a joker
/// 25), `min-left` (fewest points left, joker 25, then most cards). For every
/// objective `opening_points` is the best opening total within the cap when it
/// reaches the `opening_points` option (30), else `None`.
pub fn solve_hand(codes: &[u8], objective: Objective, options: &Options) -> Result<HandSolution, EngineError> {
    options.check_known("rummy", OPTION_NAMES)?;
    let minimum = options.int("opening_points", 30, 1, 200)? as i32;
    let cap = options.int("max_hand_cards_per_turn", 12, 0, 106)?.min(u8::MAX as i64 - 1) as u8;
    if objective == Objective::MinPlays {
        return Err(EngineError::new("rummy objectives: opening, max-cards, min-left"));
    }
    check_cards(codes, "the hand")?;
    let (melds, left) = capped_partition(codes, objective, cap)?;
    let best_opening: i32 = if objective == Objective::Opening {
        melds.iter().map(|m| m.points).sum()
    } else {
        capped_partition(codes, Objective::Opening, cap)?.0.iter().map(|m| m.points).sum()
    };
    Ok(HandSolution {
        left_points: left.iter().map(|&c| hand_points(c)).sum(),
        left,
        opening_points: (best_opening >= minimum).then_some(best_opening),
        melds,
        ..HandSolution::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(tokens: &str) -> Vec<u8> {
        tokens
            .split_whitespace()
            .map(|t| {
                if t == "*" {
                    return JOKER;
                }
                let col = "BRGY".find(&t[..1]).unwrap() as u8;
                code_of(col, t[1..].parse().unwrap())
            })
            .collect()
    }

    fn meld(tokens: &str) -> Result<Meld, EngineError> {
        validate_meld(&cards(tokens), &Options::default())
    }

    fn stands(m: &Meld) -> Vec<u8> {
        m.cards.iter().map(|p| p.stands_for).collect()
    }

    #[test]
    fn sets_of_three_or_four_distinct_colours() {
        let m = meld("R7 Y7 G7").unwrap();
        assert_eq!((m.kind, m.points), (MeldKind::Set, 21));
        assert_eq!(meld("R7 Y7 G7 B7").unwrap().points, 28);
        assert!(meld("R7 R7 G7").is_err(), "duplicate colour");
        assert!(meld("R7 Y7 G7 B7 *").is_err(), "five cards");
        assert!(meld("R7 Y7").is_err(), "two cards");
        assert!(meld("R7 Y7 G8").is_err());
        // A joker as the 4th card of a set counts 0 and stands for the missing colour.
        let m = meld("R7 Y7 G7 *").unwrap();
        assert_eq!(m.points, 21);
        assert_eq!(m.cards[3].stands_for, cards("B7")[0]);
    }

    #[test]
    fn runs_of_one_colour_without_wrap() {
        let m = meld("R4 R5 R6").unwrap();
        assert_eq!((m.kind, m.points), (MeldKind::Run, 15));
        assert_eq!(meld("R6 R4 R5").unwrap().points, 15);
        assert!(meld("R4 R5 G6").is_err(), "two colours");
        assert!(meld("R4 R5 R7").is_err(), "gap");
        assert!(meld("R12 R13 R1").is_err(), "no wrap");
        assert!(meld("R4 R4 R5").is_err(), "duplicate number");
        assert_eq!(meld("B1 B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 B13").unwrap().points, 91);
    }

    #[test]
    fn jokers_anywhere_count_zero() {
        let m = meld("R4 * R6").unwrap();
        assert_eq!((m.points, stands(&m)), (10, cards("R4 R5 R6")));
        // At an end: upwards by default, downwards at 13.
        assert_eq!(stands(&meld("R5 R6 *").unwrap()), cards("R5 R6 R7"));
        assert_eq!(stands(&meld("R12 R13 *").unwrap()), cards("R11 R12 R13"));
        assert_eq!(stands(&meld("* R1 *").unwrap()).len(), 3);
        assert!(meld("* * *").is_err(), "more jokers than the deck");
        assert_eq!(stands(&meld("R12 * * R13").unwrap()), cards("R10 R11 R12 R13"));
        assert!(validate_meld(&[53, 1, 2], &Options::default()).is_err());
    }

    fn solve(tokens: &str, objective: Objective, options: &Options) -> HandSolution {
        solve_hand(&cards(tokens), objective, options).unwrap()
    }

    fn opt(name: &str, v: i64) -> Options {
        Options::from_pairs([(name.to_string(), v)])
    }

    #[test]
    fn opening_needs_30_by_number_jokers_zero() {
        let s = solve("R9 R10 R11 B2", Objective::Opening, &Options::default());
        assert_eq!((s.opening_points, s.left.clone()), (Some(30), cards("B2")));
        // 9+10 with a joker: 19 points, no opening, though the meld is shown.
        let s = solve("R9 R10 * B2", Objective::Opening, &Options::default());
        assert_eq!((s.opening_points, s.melds.len()), (None, 1));
        assert_eq!(solve("R9 R10 * B2", Objective::Opening, &opt("opening_points", 19)).opening_points, Some(19));
    }

    #[test]
    fn cap_limits_the_cards_placed() {
        // 13 cards meldable as one run; the cap of 12 forbids placing all.
        let hand = "B1 B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 B13";
        let s = solve(hand, Objective::MaxCards, &Options::default());
        assert_eq!(s.left.len(), 1);
        let s = solve(hand, Objective::Opening, &Options::default());
        assert_eq!((s.opening_points, s.left.clone()), (Some(90), cards("B1")));
        let s = solve(hand, Objective::MaxCards, &opt("max_hand_cards_per_turn", 0));
        assert_eq!(s.left.len(), 0);
        // The solver builds runs of at most 5 cards and merges those that continue each other.
        assert_eq!((s.melds.len(), s.melds[0].points), (1, 91));
        let s = solve(hand, Objective::Opening, &opt("max_hand_cards_per_turn", 3));
        assert_eq!(s.opening_points, Some(36));
        // The best within a cap of 4 is not a subset of the uncapped best:
        // R10 R11 R12 R13 (46) beats dropping cards from both melds.
        let s = solve("B2 R2 G2 Y2 R10 R11 R12 R13", Objective::Opening, &opt("max_hand_cards_per_turn", 4));
        assert_eq!(s.opening_points, Some(46));
        // A cap below 3 allows no meld.
        let s = solve("R9 R10 R11", Objective::Opening, &opt("max_hand_cards_per_turn", 2));
        assert_eq!((s.opening_points, s.melds.len()), (None, 0));
    }

    #[test]
    fn cap_keeps_the_cheapest_card() {
        // Cap 3, fewest points left: lay R2 R3 * and keep R1 (1 < 25 for the joker).
        let s = solve("R1 R2 R3 *", Objective::MinLeft, &opt("max_hand_cards_per_turn", 3));
        assert_eq!((s.left.clone(), s.left_points), (cards("R1"), 1));
        let s = solve("R1 R2 R3 *", Objective::MinLeft, &Options::default());
        assert_eq!(s.left_points, 0);
    }

    #[test]
    fn objectives_differ() {
        // Joker: opening puts it where it costs nothing; min-left counts it 25 in hand.
        let s = solve("R1 R2 * Y13", Objective::MinLeft, &Options::default());
        assert_eq!((s.left.clone(), s.left_points), (cards("Y13"), 13));
        let s = solve("R1 R2 R3 G1 B1 Y1", Objective::MaxCards, &Options::default());
        assert_eq!(s.left.len(), 0);
        // Opening prefers the run 11-12-13 (36) over spending R11 in a set of 11s.
        let s = solve("R11 R12 R13 B11 G11", Objective::Opening, &Options::default());
        assert_eq!(s.opening_points, Some(36));
        assert!(solve_hand(&cards("R1"), Objective::MinPlays, &Options::default()).is_err());
        assert!(solve_hand(&cards("R1 R1 R1"), Objective::Opening, &Options::default()).is_err());
        assert!(solve_hand(&[60], Objective::Opening, &Options::default()).is_err());
        assert!(solve_hand(&cards("R1"), Objective::Opening, &opt("rauber", 1)).is_err());
    }
}
