//! Rummy (the Rummikub-like Räuber game): meld rules (docs/RULES.md §4) and the hand solver.
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

use crate::cards::{self, Game, SuitedLayout, THIRTEEN_LAYOUT};
use crate::meld::{
    left_score, meld_score, merge_runs, EngineError, HandSolution, Meld, MeldFault, MeldKind, Objective, Options,
    Placed,
};
use crate::options::{number, OptionSpec};
use crate::partition::{
    count, hand_solver, pack, replay, too_hard, total, unions, unit, Counts, LocalTypes, MeldGen, Res, Score, Step,
    RES_SLOTS, TAG_LEAVE, TAG_RUN, TAG_SET,
};
use crate::search::Cutoff;

/// The code layout of the numbered cards (colour-major, numbers 1..=13).
const L: SuitedLayout = THIRTEEN_LAYOUT;

/// The joker's code.
pub const JOKER: u8 = 52;
/// Copies of each numbered card in the deck.
const NATURAL_COPIES: u8 = 2;
/// Jokers in the deck.
const JOKER_COPIES: u8 = 2;
/// Options of Rummy (docs/RULES.md §4).
pub const OPTIONS: &[OptionSpec] = &[
    number("opening_points", 30, 1, 200, "points the opening must reach (jokers count 0)"),
    number("max_hand_cards_per_turn", 12, 0, 106, "most hand cards placed per turn (0 = no cap)"),
];

/// Rummy's options read and checked once ([`crate::options::GameRules`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Points the opening must reach (jokers count 0).
    pub opening_points: i32,
    /// Most hand cards placed in one turn (0: no cap).
    pub max_hand_cards_per_turn: u32,
}

impl Rules {
    /// Reads and checks the options (unknown names and bad values are errors).
    pub fn from_options(options: &Options) -> Result<Rules, EngineError> {
        options.check("rummy", OPTIONS)?;
        Ok(Rules {
            opening_points: options.value(OPTIONS, "opening_points")? as i32,
            max_hand_cards_per_turn: options.value(OPTIONS, "max_hand_cards_per_turn")? as u32,
        })
    }
}

/// Hand value of a joker at the end of the game (sheet 003).
pub const JOKER_HAND_POINTS: i32 = 25;

/// Points of a card left in hand at the end: its number, joker 25.
pub fn hand_points(code: u8) -> i32 {
    if code == JOKER {
        JOKER_HAND_POINTS
    } else {
        L.rank(code) as i32
    }
}

/// The card's token for messages (`R7`, `*`).
fn token(code: u8) -> String {
    cards::token(Game::Rummy, code)
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

/// Checks one Rummy meld (cards in any order, every joker free) and reports
/// what each joker stands for and the points (natural numbers; jokers 0): the
/// table's reading of the cards as a draft ([`read_draft`]), so a meld that
/// reads both ways (one natural and two jokers) is the reading the game lays.
pub fn validate_meld(codes: &[u8], options: &Options) -> Result<Meld, EngineError> {
    Rules::from_options(options)?;
    read_meld(codes)
}

/// [`validate_meld`] (no Rummy option shapes a meld).
pub fn read_meld(codes: &[u8]) -> Result<Meld, EngineError> {
    check_cards(codes, "the meld")?;
    let draft: Vec<DraftCard> = codes.iter().map(|&c| (c, None)).collect();
    read_draft(&draft).ok_or_else(|| {
        let shown: Vec<String> = codes.iter().map(|&c| token(c)).collect();
        let kind = if codes.len() < 3 {
            MeldFault::TooFew
        } else if codes.iter().all(|&c| c == JOKER) {
            MeldFault::WildsOnly
        } else {
            MeldFault::NoSetNoRun
        };
        EngineError::meld(
            kind,
            format!(
                "{} is no meld: not a set (3-4 cards of one number in distinct colours) and not a run \
             (3 or more cards of one colour, consecutive within 1..13)",
                shown.join(" ")
            ),
        )
    })
}

/// A card of a table draft: its code and, for a joker, the card it is declared to stand for
/// (`None`: free, the meld decides).
pub type DraftCard = (u8, Option<u8>);

/// Reads a draft of 3 to 13 cards (a joker free or declared) as the meld the table makes of it:
/// a set or a run, whichever stands for more (the numbers of the cards it stands for; a tie is
/// the set, the cheaper one to extend by colour). A natural's declaration must be the card itself.
/// The cards come out ordered by what they stand for; `None` when the draft is no meld.
pub fn read_draft(draft: &[DraftCard]) -> Option<Meld> {
    if !(3..=13).contains(&draft.len()) {
        return None;
    }
    let mut fixed = Vec::with_capacity(draft.len());
    let mut free = 0;
    for &(code, declared) in draft {
        match (code, declared) {
            (JOKER, None) => free += 1,
            (JOKER, Some(s)) if s < JOKER => fixed.push(Placed { code, stands_for: s }),
            (c, None) if c < JOKER => fixed.push(Placed { code, stands_for: c }),
            (c, Some(s)) if c < JOKER && s == c => fixed.push(Placed { code, stands_for: c }),
            _ => return None,
        }
    }
    if fixed.iter().all(|p| p.code == JOKER) {
        return None;
    }
    let value = |m: &Meld| m.cards.iter().map(|p| L.rank(p.stands_for) as i32).sum::<i32>();
    match (set_of(&fixed, free), run_of(&fixed, free)) {
        (Some(set), Some(run)) => Some(if value(&run) > value(&set) { run } else { set }),
        (set, run) => set.or(run),
    }
}

/// `fixed` cards (each with its place) and `free` jokers as a set: one number, distinct colours,
/// at most 4 cards; free jokers take the missing colours in B R G Y order.
fn set_of(fixed: &[Placed], free: usize) -> Option<Meld> {
    let n = L.rank(fixed.first()?.stands_for);
    let mut colours: Vec<u8> = fixed.iter().map(|p| L.suit(p.stands_for)).collect();
    colours.sort_unstable();
    colours.dedup();
    if fixed.len() + free > 4 || colours.len() != fixed.len() || fixed.iter().any(|p| L.rank(p.stands_for) != n) {
        return None;
    }
    let missing = (0..4u8).filter(|col| !colours.contains(col)).take(free);
    let mut cards: Vec<Placed> = fixed.to_vec();
    cards.extend(missing.map(|col| Placed { code: JOKER, stands_for: L.code(col, n) }));
    cards.sort_by_key(|p| (p.stands_for, p.code));
    let points = n as i32 * fixed.iter().filter(|p| p.code != JOKER).count() as i32;
    Some(Meld { kind: MeldKind::Set, cards, points })
}

/// `fixed` cards (each with its place) and `free` jokers as a run: one colour, distinct numbers;
/// free jokers fill the gaps, then extend the run upwards (downwards at 13).
fn run_of(fixed: &[Placed], free: usize) -> Option<Meld> {
    let col = L.suit(fixed.first()?.stands_for);
    let mut numbers: Vec<u8> = fixed.iter().map(|p| L.rank(p.stands_for)).collect();
    numbers.sort_unstable();
    let len = (fixed.len() + free) as u8;
    if fixed.iter().any(|p| L.suit(p.stands_for) != col) || numbers.windows(2).any(|w| w[0] == w[1]) {
        return None;
    }
    let (lo, hi) = (numbers[0], *numbers.last()?);
    let start = lo.min(14u8.checked_sub(len)?);
    if hi - lo + 1 > len || start < 1 || start + len - 1 < hi {
        return None;
    }
    let mut cards: Vec<Placed> = fixed.to_vec();
    let gaps = (start..start + len).filter(|k| !numbers.contains(k));
    cards.extend(gaps.map(|k| Placed { code: JOKER, stands_for: L.code(col, k) }));
    cards.sort_by_key(|p| (p.stands_for, p.code));
    let points = fixed.iter().filter(|p| p.code != JOKER).map(|p| L.rank(p.code) as i32).sum();
    Some(Meld { kind: MeldKind::Run, cards, points })
}

// ---------------------------------------------------------------- hand solver

/// Resource slots: jokers left; hand cards the turn may still place.
const RES_JOKERS: usize = 0;
const RES_BUDGET: usize = 1;
/// Budget value meaning "no cap" (never decremented).
const UNCAPPED: u8 = u8::MAX;

/// Packs a meld into a step tag: kind, set number, run colour, first number, length.
fn tag(kind: u64, number: u8, col: u8, a: u8, len: u8) -> u64 {
    kind | (number as u64) << 4 | (col as u64) << 12 | (a as u64) << 16 | (len as u64) << 24
}

/// The meld generator of a Rummy hand for [`crate::partition`].
struct Gen {
    objective: Objective,
    /// Ties of `max-cards` go to leaving jokers in the hand (the table search's
    /// order, [`empty_table_melds`]) instead of fewest points left.
    keep_jokers: bool,
    /// Local natural types, ascending by number then colour.
    types: LocalTypes,
}

impl Gen {
    /// Score of leaving `code` in hand.
    fn left_score(&self, code: u8) -> Score {
        if self.keep_jokers {
            return Score([0, (code == JOKER) as i32, 0]);
        }
        left_score(self.objective, hand_points(code))
    }

    /// Score of a meld (ties under `min-left`: most cards).
    fn meld_score(&self, points: i32, cards: u32) -> Score {
        meld_score(self.objective, points, cards, cards as i32)
    }

    /// Pushes a meld step if the turn's budget allows `size` more hand cards
    /// (`all`: the naturals before the step).
    #[allow(clippy::too_many_arguments)]
    fn push(&self, out: &mut Vec<Step>, all: Counts, take: Counts, res: Res, jokers: u8, points: i32, t: u64) {
        let size = total(take) as u8 + jokers;
        let mut r = res;
        if r[RES_BUDGET] != UNCAPPED {
            if size > r[RES_BUDGET] {
                return;
            }
            r[RES_BUDGET] -= size;
        }
        r[RES_JOKERS] -= jokers;
        let r = uncap_if_loose(r, all - take);
        out.push(Step { take, res: r, gain: self.meld_score(points, size as u32), tag: t });
    }
}

impl MeldGen for Gen {
    fn steps(&self, c: usize, rest: Counts, res: Res, out: &mut Vec<Step>) {
        let Some(code) = self.types.code(c) else { return };
        let (n, col) = (L.rank(code), L.suit(code));
        let jokers = res[RES_JOKERS];
        let all = rest;
        out.push(Step {
            take: unit(c),
            res: uncap_if_loose(res, all - unit(c)),
            gain: self.left_score(code),
            tag: TAG_LEAVE,
        });
        let rest = rest - unit(c);
        // Sets: c, other colours of number n still in hand, jokers up to 4 cards.
        let others: Vec<usize> = (0..4u8)
            .filter(|&o| o != col)
            .filter_map(|o| self.types.index(L.code(o, n)))
            .filter(|&l| count(rest, l) > 0)
            .collect();
        for take in unions(c, &others) {
            let nat = total(take) as u8;
            for j in 0..=jokers.min(4 - nat) {
                if nat + j >= 3 {
                    self.push(out, all, take, res, j, n as i32 * nat as i32, tag(TAG_SET, n, 0, 0, nat + j));
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
                    if let Some(l) = self.types.index(L.code(col, b)).filter(|&l| count(rest, l) > 0) {
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
                    self.push(out, all, take, res, j, points, tag(TAG_RUN, 0, col, a, len));
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

/// A budget at least as large as the cards left cannot bind: drop it, so
/// that positions differing only in a loose budget share one memo entry.
fn uncap_if_loose(mut res: Res, naturals_left: Counts) -> Res {
    if res[RES_BUDGET] != UNCAPPED && res[RES_BUDGET] as u32 >= total(naturals_left) + res[RES_JOKERS] as u32 {
        res[RES_BUDGET] = UNCAPPED;
    }
    res
}

/// Rebuilds the meld of a step taken with resources `before`.
fn rebuild(gen: &Gen, step: &Step, before: &Res) -> Option<Meld> {
    let field = |shift: u32| ((step.tag >> shift) & 0xFF) as u8;
    let (n, col, a, len) = (field(4), field(12) & 0xF, field(16), field(24));
    let naturals = gen.types.codes_of(step.take);
    let jokers = before[RES_JOKERS].checked_sub(step.res[RES_JOKERS])?;
    let points = naturals.iter().map(|&c| L.rank(c) as i32).sum();
    let mut cards = Vec::with_capacity(naturals.len() + jokers as usize);
    match step.tag & 0xF {
        TAG_SET => {
            cards.extend(naturals.iter().map(|&c| Placed { code: c, stands_for: c }));
            let mut missing = (0..4u8).map(|o| L.code(o, n)).filter(|c| !naturals.contains(c));
            for _ in 0..jokers {
                cards.push(Placed { code: JOKER, stands_for: missing.next()? });
            }
            Some(Meld { kind: MeldKind::Set, cards, points })
        }
        TAG_RUN => {
            for num in a..a + len {
                let cell = L.code(col, num);
                let code = if naturals.contains(&cell) { cell } else { JOKER };
                cards.push(Placed { code, stands_for: cell });
            }
            Some(Meld { kind: MeldKind::Run, cards, points })
        }
        _ => None,
    }
}

/// Whether run `b` continues run `a` in the same colour.
fn continues(a: &Meld, b: &Meld) -> bool {
    match (a.cards.last(), b.cards.first()) {
        (Some(hi), Some(lo)) => {
            L.suit(hi.stands_for) == L.suit(lo.stands_for) && L.rank(hi.stands_for) + 1 == L.rank(lo.stands_for)
        }
        _ => false,
    }
}

/// The DP of a hand: its meld generator, naturals and resources (jokers; a budget of `cap` hand
/// cards, `None`: no cap).
fn dp_of(
    codes: &[u8],
    objective: Objective,
    cap: Option<u8>,
    keep_jokers: bool,
) -> Result<(Gen, Counts, Res), EngineError> {
    let mut counts = [0u8; 52];
    let mut jokers = 0u8;
    for &c in codes {
        match counts.get_mut(c as usize) {
            Some(n) => *n += 1,
            None => jokers += 1,
        }
    }
    let mut types: Vec<u8> = (0..52u8).filter(|&c| counts[c as usize] > 0).collect();
    types.sort_by_key(|&c| (L.rank(c), L.suit(c)));
    let hand = pack(&types.iter().map(|&c| counts[c as usize]).collect::<Vec<_>>())?;
    let mut res: Res = [0; RES_SLOTS];
    res[RES_JOKERS] = jokers;
    res[RES_BUDGET] = cap.unwrap_or(UNCAPPED);
    Ok((Gen { objective, keep_jokers, types: LocalTypes::new(types, JOKER as usize) }, hand, res))
}

/// One optimal partition for `objective` placing at most `cap` hand cards
/// (`None`: no cap; `keep_jokers`: see [`Gen`]): (melds, cards left, proven).
fn partition(
    codes: &[u8],
    objective: Objective,
    cap: Option<u8>,
    keep_jokers: bool,
    cutoff: &Cutoff,
) -> Result<(Vec<Meld>, Vec<u8>, bool), EngineError> {
    let (gen, hand, res) = dp_of(codes, objective, cap, keep_jokers)?;
    let mut solver = hand_solver(&gen).limit(usize::MAX, cutoff);
    let internal = || EngineError::new("internal error: the rummy solver found no partition");
    // (a cut solve answers its best partition found, not proven)
    let found = solver.path_or_best_found(hand, res);
    solver.settle();
    let Some((_, steps, proven)) = found else {
        return Err(too_hard("rummy", codes.len()));
    };
    let (mut melds, mut left, res) =
        replay(&steps, res, &gen.types, |step, before| rebuild(&gen, step, before)).ok_or_else(internal)?;
    left.extend(std::iter::repeat_n(JOKER, res[RES_JOKERS] as usize));
    merge_runs(&mut melds, continues);
    Ok((melds, left, proven))
}

/// Whether every optimal uncapped partition of the hand places more than `cap` cards, shown
/// without a search: the greedy partition's first score component beats the most any
/// partition of at most `cap` placed cards can reach there (every card left, plus the `cap`
/// cards that gain most by being placed instead). Then the uncapped DP only costs time.
fn free_optimum_exceeds(codes: &[u8], objective: Objective, cap: u8, keep_jokers: bool) -> Result<bool, EngineError> {
    let (gen, hand, res) = dp_of(codes, objective, None, keep_jokers)?;
    let Some((greedy, _)) = hand_solver(&gen).greedy_path(hand, res) else {
        return Ok(false);
    };
    let first = |s: Score| s.0[0] as i64;
    let points = |c: u8| if c == JOKER { 0 } else { L.rank(c) as i32 };
    let (mut most, mut gains) = (0i64, Vec::with_capacity(codes.len()));
    for &c in codes {
        let leave = first(gen.left_score(c));
        most += leave;
        gains.push((first(gen.meld_score(points(c), 1)) - leave).max(0));
    }
    gains.sort_unstable_by(|a, b| b.cmp(a));
    most += gains.iter().take(cap as usize).sum::<i64>();
    Ok(first(greedy) > most)
}

/// The optimal partition under the cap: solved without it first (usually
/// within the cap already, and then optimal under it too); only if that
/// places too many cards, or the greedy partition shows it would
/// ([`free_optimum_exceeds`]: a big hand, where the uncapped DP is the one
/// cut at the work limit), is the budget made part of the DP state.
fn capped_partition(
    codes: &[u8],
    objective: Objective,
    cap: u8,
    keep_jokers: bool,
    cutoff: &Cutoff,
) -> Result<(Vec<Meld>, Vec<u8>, bool), EngineError> {
    if cap != 0 && free_optimum_exceeds(codes, objective, cap, keep_jokers)? {
        return partition(codes, objective, Some(cap), keep_jokers, cutoff);
    }
    let free = partition(codes, objective, None, keep_jokers, cutoff)?;
    let placed: usize = free.0.iter().map(|m| m.cards.len()).sum();
    if cap == 0 || placed <= cap as usize {
        return Ok(free);
    }
    partition(codes, objective, Some(cap), keep_jokers, cutoff)
}

/// The melds a hand lays on an empty table with the most cards (at most `cap`,
/// 0: no cap), a joker staying in the hand where a natural does as well: the
/// table search's answer there (tie-break order of [`crate::search`]), found
/// by the hand solver's DP, which is several times faster on a small hand.
/// The hand is checked; a hand too hard for the exact solve is refused ([`too_hard`]).
pub fn empty_table_melds(codes: &[u8], cap: u8) -> Result<Vec<Meld>, EngineError> {
    check_cards(codes, "the hand")?;
    match capped_partition(codes, Objective::MaxCards, cap, true, &Cutoff::NONE)? {
        (melds, _, true) => Ok(melds),
        _ => Err(too_hard("rummy", codes.len())),
    }
}

/// Solves a Rummy hand: what to lay down from the hand alone this turn,
/// placing at most `max_hand_cards_per_turn` cards (12; 0 = no cap).
/// Objectives: `opening` (default; most points by number with jokers 0, then
/// most cards), `max-cards` (most cards, then fewest points left with a joker
/// 25), `min-left` (fewest points left, joker 25, then most cards). For every
/// objective `opening_points` is the best opening total within the cap when it
/// reaches the `opening_points` option (30), else `None`.
pub fn solve_hand(codes: &[u8], objective: Objective, options: &Options) -> Result<HandSolution, EngineError> {
    solve_hand_with(codes, objective, &Rules::from_options(options)?)
}

/// [`solve_hand`] under rules already read.
pub fn solve_hand_with(codes: &[u8], objective: Objective, rules: &Rules) -> Result<HandSolution, EngineError> {
    let cap = checked_solve(codes, objective, rules)?;
    let partition = |obj| capped_partition(codes, obj, cap, false, &Cutoff::NONE);
    HandSolution::with_opening(objective, rules.opening_points, hand_points, partition)
}

/// [`solve_hand_with`]'s melds alone, and whether they are proven optimal: one solve, without the
/// second that finds the best opening total for [`HandSolution::opening_points`]. The Rummy
/// expert's opening asks it for the most cards first (and the opening total only where those do
/// not reach the minimum).
pub fn partition_melds(codes: &[u8], objective: Objective, rules: &Rules) -> Result<(Vec<Meld>, bool), EngineError> {
    let (melds, _, proven) = partition_within(codes, objective, rules, &Cutoff::NONE)?;
    Ok((melds, proven))
}

/// [`partition_melds`] with the cards left, charged to `cutoff` and cut by it as by its own work limit.
pub fn partition_within(
    codes: &[u8],
    objective: Objective,
    rules: &Rules,
    cutoff: &Cutoff,
) -> Result<(Vec<Meld>, Vec<u8>, bool), EngineError> {
    let cap = checked_solve(codes, objective, rules)?;
    capped_partition(codes, objective, cap, false, cutoff)
}

/// The cap of a hand solve (the rule's, within a byte), once the objective and the hand are
/// known to be Rummy's.
fn checked_solve(codes: &[u8], objective: Objective, rules: &Rules) -> Result<u8, EngineError> {
    if objective == Objective::MinPlays {
        return Err(EngineError::new("rummy objectives: opening, max-cards, min-left"));
    }
    check_cards(codes, "the hand")?;
    Ok(rules.max_hand_cards_per_turn.min(u8::MAX as u32 - 1) as u8)
}

pub mod listing;
pub mod place;
pub mod searched;

#[cfg(test)]
mod tests;
