//! Rommé melds and the exact hand solver (docs/SEARCH-DESIGN.md §3).
//!
//! Cards: `suit * 13 + (rank - 1)` (suits c d h s, rank 1 = ace .. 13 = K),
//! joker 52. Two decks of 52 cards plus `jokers_per_deck` jokers each.
//!
//! Melds (docs/RULES.md §2 and docs/RULES-NOTES.md "Rommé"):
//! - every meld holds at least one natural card (no all-joker melds);
//! - set: 3 or 4 cards of one rank, all suits different; a joker stands for the
//!   lowest suits (c d h s order) its set lacks;
//! - run: ≥ 3 cards of one suit on consecutive *cells*. Cells are numbered
//!   1 (ace low), 2..13, 14 (ace high); a run is a window of 3..=13 cells, so it
//!   never holds the ace both low and high. With `wrap_around` a window may go
//!   on past 14 (K-A-2: cells 13, 14, 15 = ranks K, A, 2);
//! - `no_double_joker`: a meld with two or more jokers holds at least two
//!   natural cards (so never one natural and two jokers, and two jokers sit
//!   side by side in a run only when it has four or more cards);
//! - points: 2–10 face, J/Q/K 10, ace 11, but 1 on cell 1 (A-2-3 ...);
//!   a joker counts as the card it stands for.
//!
//! Solver: the LCF-DP of [`crate::partition`]; naturals in rank-major order,
//! resource 0 = jokers left. Melds through the lowest natural are enumerated
//! with explicit joker cells (joker points and joker rules depend on them) and
//! in full length (the runs-≤5 lemma fails under joker rules and all-joker bans).

use crate::cards::{SuitedLayout, THIRTEEN_LAYOUT};
use crate::meld::{EngineError, HandSolution, Meld, MeldKind, Objective, Options, Placed};
use crate::partition::{
    count, hand_solver, pack, unit, Counts, MeldGen, Res, Score, Step, TAG_LEAVE, TAG_RUN, TAG_SET,
};
use crate::search::Cutoff;

pub mod bot_measures;
pub mod hand_search;
pub mod listing;
pub mod place;
mod rules;
pub mod table_meld;
pub mod turn;
pub use rules::{Rules, OPTIONS};

/// The code layout of the deck's natural cards.
const L: SuitedLayout = THIRTEEN_LAYOUT;

/// Most cards a hand may hold for the exact solver (the work grows
/// exponentially with the hand; real hands hold at most 14 or so).
pub const MAX_HAND: usize = 36;

/// The joker's code.
pub const JOKER: u8 = 52;
/// Copies of each natural card (two decks).
const NATURAL_COPIES: u8 = 2;

/// Rank on run cell `x` (1 ace low, 2..13, 14 ace high, 15.. wrapped).
pub(crate) fn cell_rank(x: u8) -> u8 {
    (x - 1) % 13 + 1
}

/// Points of a card on run cell `x`: ace 1 on cell 1, else 11; J/Q/K 10.
fn cell_points(x: u8) -> i32 {
    match cell_rank(x) {
        1 if x == 1 => 1,
        r => rank_points(r),
    }
}

/// Points of a rank in a set (and in hand, besides the joker): ace 11, J/Q/K 10.
fn rank_points(r: u8) -> i32 {
    match r {
        1 => 11,
        11..=13 => 10,
        r => r as i32,
    }
}

/// Points of a card left in hand: joker 20, ace 11, J/Q/K 10, 2–10 face.
pub fn hand_points(code: u8) -> i32 {
    if code == JOKER {
        20
    } else {
        rank_points(L.rank(code))
    }
}

/// Run windows `(first cell, length)`: length 3..=13, ending by cell 14 unless wrapping.
fn windows(wrap: bool) -> impl Iterator<Item = (u8, u8)> {
    (1u8..=13).flat_map(move |a| (3u8..=13).filter(move |&l| wrap || a + l - 1 <= 14).map(move |l| (a, l)))
}

/// Checks codes and copies: naturals at most twice, jokers at most `2 * jokers_per_deck` (two decks).
fn check_copies(codes: &[u8], rules: &Rules) -> Result<(), EngineError> {
    let mut seen = [0u8; 53];
    let jokers_allowed = 2 * rules.jokers_per_deck;
    for &c in codes {
        let Some(n) = seen.get_mut(c as usize) else {
            return Err(EngineError::new(format!("card code {c} is not a romme card")));
        };
        *n += 1;
        let limit = if c == JOKER { jokers_allowed } else { NATURAL_COPIES };
        if *n > limit {
            return Err(if c == JOKER {
                EngineError::new(format!(
                    "{} jokers, but the decks hold {jokers_allowed} (jokers_per_deck = {})",
                    *n, rules.jokers_per_deck
                ))
            } else {
                EngineError::new(format!("romme card code {c} appears {} times; the decks hold {limit}", *n))
            });
        }
    }
    Ok(())
}

/// A set of rank `r`: naturals, then jokers standing for the lowest missing suits.
fn build_set(naturals: &[u8], jokers: usize) -> Meld {
    let r = L.rank(naturals[0]);
    let mut cards: Vec<Placed> = naturals.iter().map(|&c| Placed { code: c, stands_for: c }).collect();
    let missing = (0..4u8).filter(|&t| naturals.iter().all(|&c| L.suit(c) != t));
    for t in missing.take(jokers) {
        cards.push(Placed { code: JOKER, stands_for: L.code(t, r) });
    }
    let points = cards.len() as i32 * rank_points(r);
    Meld { kind: MeldKind::Set, cards, points }
}

/// A run of suit `s` on cells `a..a+len`, with `cells[i]` = the card on cell `a + i`.
fn build_run(s: u8, a: u8, cards_on_cells: &[u8]) -> Meld {
    let mut points = 0;
    let cards = cards_on_cells
        .iter()
        .enumerate()
        .map(|(i, &code)| {
            let x = a + i as u8;
            points += cell_points(x);
            Placed { code, stands_for: L.code(s, cell_rank(x)) }
        })
        .collect();
    Meld { kind: MeldKind::Run, cards, points }
}

/// Checks one Rommé meld and places its jokers.
///
/// Without `joker_declared` the order of `codes` does not matter and the
/// engine places the jokers where the meld scores most (ties: a set before a
/// run, then the lowest first cell). With `joker_declared` the order is the
/// declaration: a run must be given in ascending order, every joker standing
/// for the card on its own position; a set may be given in any order, its
/// jokers standing for the lowest missing suits.
pub fn validate_meld(codes: &[u8], options: &Options) -> Result<Meld, EngineError> {
    read_meld(codes, &Rules::from_options(options)?)
}

/// [`validate_meld`] under rules already read.
pub fn read_meld(codes: &[u8], rules: &Rules) -> Result<Meld, EngineError> {
    check_copies(codes, rules)?;
    best_meld(codes, rules)
}

/// The highest-scoring reading of `codes` as one meld under `rules`.
fn best_meld(codes: &[u8], rules: &Rules) -> Result<Meld, EngineError> {
    let n = codes.len();
    if n < 3 {
        return Err(EngineError::new(format!("a romme meld needs at least 3 cards, got {n}")));
    }
    let naturals: Vec<u8> = codes.iter().copied().filter(|&c| c != JOKER).collect();
    let jokers = n - naturals.len();
    if naturals.is_empty() {
        return Err(EngineError::new("a romme meld needs at least one natural card"));
    }
    let mut best: Option<Meld> = None;
    let mut why = Vec::new();
    // Set.
    let r = L.rank(naturals[0]);
    if naturals.iter().all(|&c| L.rank(c) == r) {
        let mut suits: Vec<u8> = naturals.iter().map(|&c| L.suit(c)).collect();
        suits.sort_unstable();
        if n > 4 {
            why.push(format!("a set has at most 4 cards, got {n}"));
        } else if suits.windows(2).any(|w| w[0] == w[1]) {
            why.push("a set holds each suit once".to_string());
        } else if !rules.jokers_ok(naturals.len(), jokers) {
            why.push("no_double_joker: a set with two jokers needs two natural cards".to_string());
        } else {
            best = Some(build_set(&naturals, jokers));
        }
    } else {
        why.push("the ranks differ (no set)".to_string());
    }
    // Runs.
    let s = L.suit(naturals[0]);
    if naturals.iter().any(|&c| L.suit(c) != s) {
        why.push("the suits differ (no run)".to_string());
    } else if n > 13 {
        why.push(format!("a run has at most 13 cards, got {n}"));
    } else if !rules.jokers_ok(naturals.len(), jokers) {
        why.push("no_double_joker: a run with two jokers needs two natural cards".to_string());
    } else {
        let mut found_run = false;
        for (a, len) in windows(rules.wrap_around) {
            if len as usize != n {
                continue;
            }
            let Some(on_cells) = place_run(codes, &naturals, a, len, rules.joker_declared) else {
                continue;
            };
            found_run = true;
            let m = build_run(s, a, &on_cells);
            if best.as_ref().is_none_or(|b| m.points > b.points) {
                best = Some(m);
            }
        }
        if !found_run {
            why.push(if rules.joker_declared {
                "the cards, in the order given, are not consecutive (joker_declared)".to_string()
            } else {
                "the ranks are not consecutive (or not fillable by the jokers)".to_string()
            });
        }
    }
    best.ok_or_else(|| EngineError::new(format!("not a romme meld: {}", why.join("; "))))
}

/// The cards on the cells of window (`a`, `len`), if the meld (one suit) fits it.
fn place_run(codes: &[u8], naturals: &[u8], a: u8, len: u8, declared: bool) -> Option<Vec<u8>> {
    if declared {
        // Card i lies on cell a + i.
        for (i, &c) in codes.iter().enumerate() {
            if c != JOKER && L.rank(c) != cell_rank(a + i as u8) {
                return None;
            }
        }
        return Some(codes.to_vec());
    }
    let mut cells = vec![JOKER; len as usize];
    for &c in naturals {
        let i = (0..len).find(|&i| cell_rank(a + i) == L.rank(c))? as usize;
        if cells[i] != JOKER {
            return None;
        }
        cells[i] = c;
    }
    Some(cells)
}

// ---------------------------------------------------------------------------
// The solver.

/// Score components: objective order over (points left, cards melded, meld points).
/// The table search (`search::universe`) reuses its meld steps.
#[derive(Clone, Copy)]
pub(crate) struct Gen {
    rules: Rules,
    objective: Objective,
    /// Jokers may be melded (not when opening without jokers).
    jokers_meld: bool,
    /// Longest run generated (13: all; the table search's objective-only phase uses less).
    pub(crate) max_run: u8,
}

impl Gen {
    /// A generator whose steps may use jokers (for callers that score steps themselves).
    pub(crate) fn melding(rules: Rules) -> Gen {
        Gen { rules, objective: Objective::MaxCards, jokers_meld: true, max_run: 13 }
    }

    fn score(&self, left: i32, cards: i32, points: i32) -> Score {
        match self.objective {
            Objective::Opening => Score([points, -left, cards]),
            Objective::MaxCards => Score([cards, -left, points]),
            _ => Score([-left, cards, points]),
        }
    }

    /// (points left, cards melded, meld points) of a score.
    fn unscore(&self, s: Score) -> (i32, i32, i32) {
        let [x, y, z] = s.0;
        match self.objective {
            Objective::Opening => (-y, z, x),
            Objective::MaxCards => (-y, x, z),
            _ => (-x, y, z),
        }
    }
}

/// Packs a set into a step tag: its suit mask and joker count.
fn set_tag(suits: u8, jokers: u8) -> u64 {
    TAG_SET | (suits as u64) << 8 | (jokers as u64) << 16
}

/// Packs a run into a step tag: first cell, length and the joker cells.
fn run_tag(a: u8, len: u8, joker_cells: u16) -> u64 {
    TAG_RUN | (a as u64) << 8 | (len as u64) << 16 | (joker_cells as u64) << 24
}

impl Gen {
    /// Pushes the run steps of window `a..=e` of suit `s` with c on cell `cx`:
    /// every choice of present cells turned into jokers, within the jokers left.
    #[allow(clippy::too_many_arguments)]
    fn run_steps(
        &self,
        c: usize,
        s: u8,
        a: u8,
        e: u8,
        cx: u8,
        have: u32,
        absent: u8,
        j: u8,
        res: Res,
        out: &mut Vec<Step>,
    ) {
        let len = e - a + 1;
        let window: u32 = ((1u32 << len) - 1) << a;
        let present = have & window & !(1 << cx);
        let spare = (j - absent) as u32;
        let points: i32 = (a..=e).map(cell_points).sum();
        let mut sub = present;
        loop {
            let k = sub.count_ones();
            if k <= spare {
                let nat_cells = present & !sub;
                let naturals = 1 + nat_cells.count_ones() as usize;
                let jokers = absent as usize + k as usize;
                if self.rules.jokers_ok(naturals, jokers) {
                    let mut take = unit(c);
                    let mut bits = nat_cells;
                    while bits != 0 {
                        let x = bits.trailing_zeros() as u8;
                        bits &= bits - 1;
                        take += unit(L.rank_major(L.code(s, cell_rank(x))));
                    }
                    let joker_cells = ((window & !nat_cells & !(1 << cx)) >> a) as u16;
                    let mut res2 = res;
                    res2[0] -= jokers as u8;
                    out.push(Step {
                        take,
                        res: res2,
                        gain: self.score(0, len as i32, points),
                        tag: run_tag(a, len, joker_cells),
                    });
                }
            }
            if sub == 0 {
                break;
            }
            sub = (sub - 1) & present;
        }
    }
}

impl MeldGen for Gen {
    fn steps(&self, c: usize, rest: Counts, res: Res, out: &mut Vec<Step>) {
        let code = L.from_rank_major(c);
        let (r, s) = (L.rank(code), L.suit(code));
        let j = if self.jokers_meld { res[0] } else { 0 };
        out.push(Step { take: unit(c), res, gain: self.score(hand_points(code), 0, 0), tag: TAG_LEAVE });

        // Sets: c plus other suits of rank r, plus jokers; 3..=4 cards.
        let mut others = 0u8;
        for t in 0..4u8 {
            if t != s && count(rest, L.rank_major(L.code(t, r))) > 0 {
                others |= 1 << t;
            }
        }
        let mut sub = others;
        loop {
            let n = 1 + sub.count_ones() as u8;
            for k in 0..=j.min(4u8.saturating_sub(n)) {
                if n + k >= 3 && self.rules.jokers_ok(n as usize, k as usize) {
                    let mut take = unit(c);
                    for t in 0..4u8 {
                        if sub & (1 << t) != 0 {
                            take += unit(L.rank_major(L.code(t, r)));
                        }
                    }
                    let mut res2 = res;
                    res2[0] -= k;
                    let size = (n + k) as i32;
                    out.push(Step {
                        take,
                        res: res2,
                        gain: self.score(0, size, size * rank_points(r)),
                        tag: set_tag(sub | 1 << s, k),
                    });
                }
            }
            if sub == 0 {
                break;
            }
            sub = (sub - 1) & others;
        }

        // Runs: every window holding c's cell; each other cell a remaining
        // natural or a joker (both when the natural is there). Windows grow
        // outwards from c's cell while the cells without a natural fit the jokers.
        // `have` bit x: the natural for cell x remains (c's own rank excluded).
        let mut have: u32 = 0;
        for x in 1u8..=25 {
            let rr = cell_rank(x);
            if rr != r && count(rest, L.rank_major(L.code(s, rr))) > 0 {
                have |= 1 << x;
            }
        }
        let wrap = self.rules.wrap_around;
        // c's cells: its rank, the ace also as 14, and with wrap a second lap.
        for cx in [r, r + 13] {
            if cx > 25 || (!wrap && cx > 14) {
                continue;
            }
            let mut absent_lo = 0u8;
            for a in (1..=cx).rev() {
                if a < cx && have & (1 << a) == 0 {
                    absent_lo += 1;
                }
                if absent_lo > j || cx - a >= self.max_run {
                    break;
                }
                if a > 13 {
                    continue; // windows start on cells 1..=13
                }
                // Highest last cell: 14 without wrap, 13 cells at most.
                let max_e = if wrap { a + self.max_run - 1 } else { 14.min(a + self.max_run - 1) };
                let mut absent = absent_lo;
                for e in cx..=max_e {
                    if e > cx && have & (1 << e) == 0 {
                        absent += 1;
                    }
                    if absent > j {
                        break;
                    }
                    let len = e - a + 1;
                    if len >= 3 {
                        self.run_steps(c, s, a, e, cx, have, absent, j, res, out);
                    }
                }
            }
        }
    }

    fn tail(&self, res: Res) -> Option<Score> {
        // Jokers cannot meld alone: they stay in hand.
        Some(self.score(20 * res[0] as i32, 0, 0))
    }
}

/// The natural codes a step takes, ascending.
pub(crate) fn step_naturals(st: &Step) -> Vec<u8> {
    (0..52u8).flat_map(|i| std::iter::repeat_n(i, count(st.take, L.rank_major(i)) as usize)).collect()
}

/// The meld of a set or run step and its jokers (None for a leave step).
pub(crate) fn step_meld(st: &Step) -> Option<(Meld, u8)> {
    let naturals = step_naturals(st);
    match st.tag & 0xff {
        TAG_SET => {
            let k = (st.tag >> 16) as u8;
            Some((build_set(&naturals, k as usize), k))
        }
        TAG_RUN => {
            let a = (st.tag >> 8) as u8;
            let len = (st.tag >> 16) as u8;
            let joker_cells = (st.tag >> 24) as u16;
            let s = L.suit(*naturals.first()?);
            let on_cells: Vec<u8> = (0..len)
                .map(|i| if joker_cells & (1 << i) != 0 { JOKER } else { L.code(s, cell_rank(a + i)) })
                .collect();
            Some((build_run(s, a, &on_cells), joker_cells.count_ones() as u8))
        }
        _ => None,
    }
}

/// Turns solver steps into melds and the cards left.
fn build(steps: &[Step], jokers: u8) -> (Vec<Meld>, Vec<u8>) {
    let mut melds = Vec::new();
    let mut left = Vec::new();
    let mut used = 0u8;
    for st in steps {
        match step_meld(st) {
            Some((m, k)) => {
                used += k;
                melds.push(m);
            }
            None => left.extend(step_naturals(st)),
        }
    }
    left.extend(std::iter::repeat_n(JOKER, jokers.saturating_sub(used) as usize));
    left.sort_unstable();
    (melds, left)
}

/// A partition of a hand: its melds, the cards left, the score's parts and
/// whether it is proven optimal (`false`: the exact solve was cut, the best found).
type Partition = (Vec<Meld>, Vec<u8>, (i32, i32, i32), bool);

/// The best partition of a hand for one objective (the best found when the
/// exact solve reaches its work limit).
fn solve_for(
    naturals: Counts,
    jokers: u8,
    rules: Rules,
    objective: Objective,
    cutoff: &Cutoff,
) -> Result<Partition, EngineError> {
    let jokers_meld = !(objective == Objective::Opening && rules.opening_without_jokers);
    let gen = Gen { rules, objective, jokers_meld, max_run: 13 };
    let mut solver = hand_solver(&gen).limit(usize::MAX, cutoff);
    // Leaving every card is always feasible, so a path exists (a cut solve
    // answers its best partition found, not proven).
    let found = solver.path_or_best_found(naturals, [jokers, 0, 0, 0, 0, 0]);
    solver.settle();
    match found {
        Some((score, steps, proven)) => {
            let (melds, left) = build(&steps, jokers);
            Ok((melds, left, gen.unscore(score), proven))
        }
        // Unreachable (leaving every card is a partition); kept total: all left.
        None => {
            let mut left: Vec<u8> =
                (0..52u8).flat_map(|c| std::iter::repeat_n(c, count(naturals, L.rank_major(c)) as usize)).collect();
            left.extend(std::iter::repeat_n(JOKER, jokers as usize));
            let points = left.iter().map(|&c| hand_points(c)).sum();
            Ok((Vec::new(), left, (points, 0, 0), !solver.aborted()))
        }
    }
}

/// A hand's naturals packed and its jokers, once its copies, its size and the objective are checked.
fn hand_counts(codes: &[u8], objective: Objective, rules: &Rules) -> Result<(Counts, u8), EngineError> {
    check_copies(codes, rules)?;
    if !matches!(objective, Objective::Opening | Objective::MinLeft | Objective::MaxCards) {
        return Err(EngineError::new("romme objectives are opening, min-left and max-cards"));
    }
    if codes.len() > MAX_HAND {
        return Err(EngineError::new(format!(
            "a hand of {} cards is too large for the exact romme solver (at most {MAX_HAND})",
            codes.len()
        )));
    }
    let mut counts = [0u8; 52];
    let mut jokers = 0u8;
    for &c in codes {
        if c == JOKER {
            jokers += 1;
        } else if let Some(n) = counts.get_mut(L.rank_major(c)) {
            *n += 1;
        }
    }
    Ok((pack(&counts)?, jokers))
}

/// [`solve_hand_with`]'s melds and cards left alone, and whether they are proven: one solve (no
/// opening total), charged to `cutoff` and cut by it as by its own work limit.
pub fn partition_within(
    codes: &[u8],
    objective: Objective,
    rules: &Rules,
    cutoff: &Cutoff,
) -> Result<(Vec<Meld>, Vec<u8>, bool), EngineError> {
    let (naturals, jokers) = hand_counts(codes, objective, rules)?;
    let (melds, left, _, proven) = solve_for(naturals, jokers, *rules, objective, cutoff)?;
    Ok((melds, left, proven))
}

/// Solves a Rommé hand.
///
/// Objectives (ties broken by the next components, in order):
/// - `opening` (default): most meld points (jokers count as the card they
///   stand for; none melded with `opening_without_jokers`), then fewest hand
///   points left, then most cards;
/// - `min-left`: fewest hand points left (joker 20, ace 11, J/Q/K 10), then
///   most cards melded, then most meld points;
/// - `max-cards`: most cards melded, then fewest points left, then most meld points.
///
/// The hand may be melded completely (no card is kept back for the discard:
/// solve the hand without the card to discard for that). `opening_points` is
/// the highest opening total of the hand when it reaches the option
/// `opening_points`, else `None`, whatever the objective.
pub fn solve_hand(codes: &[u8], objective: Objective, options: &Options) -> Result<HandSolution, EngineError> {
    solve_hand_with(codes, objective, &Rules::from_options(options)?)
}

/// [`solve_hand`] under rules already read.
pub fn solve_hand_with(codes: &[u8], objective: Objective, rules: &Rules) -> Result<HandSolution, EngineError> {
    let rules = *rules;
    let (naturals, jokers) = hand_counts(codes, objective, &rules)?;
    let (melds, left, (_, _, points), mut proven) = solve_for(naturals, jokers, rules, objective, &Cutoff::NONE)?;
    let opening = if objective == Objective::Opening {
        points
    } else {
        let (_, _, (_, _, opening), opening_proven) =
            solve_for(naturals, jokers, rules, Objective::Opening, &Cutoff::NONE)?;
        proven &= opening_proven;
        opening
    };
    let left_points = left.iter().map(|&c| hand_points(c)).sum();
    Ok(HandSolution {
        melds,
        left,
        left_points,
        can_go_out: None,
        discard: None,
        opening_points: (opening >= rules.opening_points).then_some(opening),
        plays: None,
        proven,
    })
}

#[cfg(test)]
mod play_tests;
#[cfg(test)]
mod tests;
