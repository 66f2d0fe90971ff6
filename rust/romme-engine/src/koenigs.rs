//! Königs-Rommé melds and the exact hand solver (docs/SEARCH-DESIGN.md §2).
//!
//! Cards: `suit * 11 + (rank - 3)` (suits c d h s t, ranks 3..=13), joker 55.
//! In round `r` (1..=11) the rank `r + 2` is wild. Wilds (jokers and the ten
//! wild-rank cards) act identically inside melds (a wild-rank card used as its
//! own rank is just a wild standing for itself), so the solver keeps them as
//! one budget; only their penalties differ (joker 50, wild-rank card 20).
//!
//! Melds: sets of ≥ 3 cards of one rank (any suits, duplicates allowed), runs
//! of ≥ 3 consecutive ranks of one suit within 3..K (no wrap), any number of
//! wilds, even all wilds.
//!
//! Solver: the LCF-DP of [`crate::partition`] over the naturals, with the
//! wilds left as the only resource. It uses the canonical-form lemmas of
//! docs/SEARCH-DESIGN.md §1.4: set cores of ≤ 5 naturals (L2), run cores spanning ≤ 5
//! ranks (L3), and leftover wilds are absorbed by any meld (L4), so the tail
//! costs nothing; the one exception (no meld at all and 1–2 wilds) is
//! corrected at the top level.

use crate::cards::{rank_token, SuitedLayout, KOENIGS_LAYOUT};
use crate::meld::{EngineError, HandSolution, Meld, MeldKind, Objective, Options, Placed};
use crate::options::{flag, OptionSpec};
use crate::partition::{
    count, hand_solver, pack, unit, Counts, MeldGen, Res, Score, Solver, Step, TAG_LEAVE, TAG_RUN, TAG_SET,
};

/// The code layout of the deck's natural cards.
const L: SuitedLayout = KOENIGS_LAYOUT;

/// Most cards a hand may hold for the exact solver (the work grows
/// exponentially with the hand; real hands hold at most 14 or so).
pub const MAX_HAND: usize = 36;

/// The joker's code.
pub const JOKER: u8 = 55;
/// Copies of each natural card in the deck.
const NATURAL_COPIES: u8 = 2;
/// Jokers in the deck.
const JOKER_COPIES: u8 = 6;
/// Options of Königs-Rommé (none of them shapes a meld; docs/RULES.md §1).
pub const OPTIONS: &[OptionSpec] =
    &[flag("keep_top_discard", false, "when the stock is empty, the discard top stays as the discard pile")];

/// The wild rank of a round, checked.
pub fn wild_rank(round: u8) -> Result<u8, EngineError> {
    if !(1..=11).contains(&round) {
        return Err(EngineError::new(format!("koenigs round must be 1..11, got {round}")));
    }
    Ok(round + 2)
}

/// Penalty of a card left in hand: 3–10 face, J 11, Q 12, K 13, wild-rank card 20, joker 50.
pub fn card_points(code: u8, wild_rank: u8) -> i32 {
    if code == JOKER {
        50
    } else if L.rank(code) == wild_rank {
        20
    } else {
        L.rank(code) as i32
    }
}

/// The cards of one round as the rules see them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundCards {
    /// The round's wild rank (round + 2).
    pub wild_rank: u8,
    /// By card code (0..=55): whether the card is wild, and the points it costs left in hand.
    pub cards: Vec<(bool, i32)>,
}

/// Round `round`'s wild rank and every card's wildness and penalty: the rules the game flow and
/// the bots ask for (the round is checked, 1..=11).
pub fn round_cards(round: u8) -> Result<RoundCards, EngineError> {
    let wr = wild_rank(round)?;
    Ok(RoundCards { wild_rank: wr, cards: (0..=JOKER).map(|c| (is_wild(c, wr), card_points(c, wr))).collect() })
}

/// Checks options, round and card copies; returns the round's wild rank.
fn check_input(codes: &[u8], options: &Options, round: u8) -> Result<u8, EngineError> {
    options.check("koenigs", OPTIONS)?;
    let wr = wild_rank(round)?;
    let mut seen = [0u8; 56];
    for &c in codes {
        let Some(n) = seen.get_mut(c as usize) else {
            return Err(EngineError::new(format!("card code {c} is not a koenigs card")));
        };
        *n += 1;
        let limit = if c == JOKER { JOKER_COPIES } else { NATURAL_COPIES };
        if *n > limit {
            return Err(EngineError::new(format!(
                "koenigs card code {c} appears {} times; the deck holds {limit}",
                *n
            )));
        }
    }
    Ok(wr)
}

/// Fails for a hand larger than [`MAX_HAND`].
fn check_size(codes: &[u8]) -> Result<(), EngineError> {
    if codes.len() > MAX_HAND {
        return Err(EngineError::new(format!(
            "a hand of {} cards is too large for the exact koenigs solver (at most {MAX_HAND})",
            codes.len()
        )));
    }
    Ok(())
}

/// Whether `code` is wild in a round with wild rank `wr` (a joker or a wild-rank card).
fn is_wild(code: u8, wr: u8) -> bool {
    code == JOKER || L.rank(code) == wr
}

/// Rank values of the cards a meld represents (J 11, Q 12, K 13).
fn meld_points(cards: &[Placed]) -> i32 {
    cards.iter().map(|p| L.rank(p.stands_for) as i32).sum()
}

/// Checks one Königs-Rommé meld in round `round` and places its wilds (runs:
/// gaps first, then upwards to K, then downwards). When a meld is both a set
/// and a run (one natural plus wilds), it is reported as a set. An all-wild
/// meld is a set of the wild rank. A wild in a set stands for the set's rank in
/// suit `c` (a wild-rank card of the set's rank stands for itself).
pub fn validate_meld(codes: &[u8], options: &Options, round: u8) -> Result<Meld, EngineError> {
    let wr = check_input(codes, options, round)?;
    if codes.len() < 3 {
        return Err(EngineError::new(format!("a koenigs meld needs at least 3 cards, got {}", codes.len())));
    }
    let (wilds, naturals): (Vec<u8>, Vec<u8>) = codes.iter().partition(|&&c| is_wild(c, wr));
    let set_rank = match naturals.first() {
        None => Some(wr),
        Some(&first) => naturals.iter().all(|&c| L.rank(c) == L.rank(first)).then(|| L.rank(first)),
    };
    if let Some(r) = set_rank {
        return Ok(build_set(r, &naturals, &wilds));
    }
    let s = L.suit(naturals[0]);
    if naturals.iter().any(|&c| L.suit(c) != s) {
        return Err(EngineError::new(
            "not a koenigs meld: the natural cards differ in rank (no set) and in suit (no run)",
        ));
    }
    let mut ranks: Vec<u8> = naturals.iter().map(|&c| L.rank(c)).collect();
    ranks.sort_unstable();
    if ranks.windows(2).any(|w| w[0] == w[1]) {
        return Err(EngineError::new("not a koenigs meld: a run holds one rank twice"));
    }
    let (lo, hi) = (ranks[0], ranks[ranks.len() - 1]);
    let len = codes.len() as u8;
    if len > 11 {
        return Err(EngineError::new(format!("not a koenigs meld: a run has at most 11 cards (3..K), got {len}")));
    }
    if hi - lo + 1 > len {
        return Err(EngineError::new(format!(
            "not a koenigs meld: the run from {} to {} has gaps that {} wild(s) cannot fill",
            rank_token(lo),
            rank_token(hi),
            wilds.len()
        )));
    }
    // Extra wilds go above the naturals up to K, the rest below.
    let top = (lo + len - 1).min(13);
    let low = top + 1 - len;
    let mut cells: Vec<Option<u8>> = (low..=top).map(|r| naturals.iter().copied().find(|&c| L.rank(c) == r)).collect();
    let cards = fill_run(s, low, &mut cells, wilds, wr);
    let points = meld_points(&cards);
    Ok(Meld { kind: MeldKind::Run, cards, points })
}

/// A set of rank `r` from its naturals and wilds.
fn build_set(r: u8, naturals: &[u8], wilds: &[u8]) -> Meld {
    let mut cards: Vec<Placed> = naturals.iter().map(|&c| Placed { code: c, stands_for: c }).collect();
    for &w in wilds {
        let own = w != JOKER && L.rank(w) == r;
        cards.push(Placed { code: w, stands_for: if own { w } else { L.code(0, r) } });
    }
    let points = meld_points(&cards);
    Meld { kind: MeldKind::Set, cards, points }
}

/// Places `wilds` into the empty cells of a run of suit `s` from rank `low`
/// (exactly as many wilds as empty cells), a wild-rank card on its own cell first.
fn fill_run(s: u8, low: u8, cells: &mut [Option<u8>], mut wilds: Vec<u8>, wr: u8) -> Vec<Placed> {
    let mut out = Vec::with_capacity(cells.len());
    let own_cell = wr.checked_sub(low).map(|i| i as usize).filter(|&i| i < cells.len());
    let own_code = L.code(s, wr);
    let mut own_used = None;
    if let Some(i) = own_cell {
        if cells[i].is_none() {
            if let Some(k) = wilds.iter().position(|&w| w == own_code) {
                wilds.remove(k);
                own_used = Some(i);
            }
        }
    }
    for (i, cell) in cells.iter_mut().enumerate() {
        let r = low + i as u8;
        let stands_for = L.code(s, r);
        let code = match *cell {
            Some(c) => c,
            None if own_used == Some(i) => own_code,
            None => wilds.pop().unwrap_or(JOKER),
        };
        out.push(Placed { code, stands_for });
    }
    out
}

/// The meld generator: naturals indexed by their code, resource 0 = wilds left.
struct Gen {
    objective: Objective,
    wr: u8,
}

impl Gen {
    /// Score of leaving `left` points in hand and melding `cards` cards.
    fn score(&self, left: i32, cards: i32) -> Score {
        match self.objective {
            Objective::MaxCards => Score([cards, -left, 0]),
            _ => Score([-left, cards, 0]),
        }
    }

    fn left_of(&self, s: Score) -> i32 {
        match self.objective {
            Objective::MaxCards => -s.0[1],
            _ => -s.0[0],
        }
    }
}

/// Packs a run into a step tag: suit, low rank, span and wilds used.
fn run_tag(s: u8, low: u8, span: u8, wilds: u8) -> u64 {
    TAG_RUN | (s as u64) << 8 | (low as u64) << 16 | (span as u64) << 24 | (wilds as u64) << 32
}

/// Packs a set into a step tag: the wilds used.
fn set_tag(wilds: u8) -> u64 {
    TAG_SET | (wilds as u64) << 32
}

/// The wilds a step's tag says it used.
fn tag_wilds(tag: u64) -> u8 {
    (tag >> 32) as u8
}

impl Gen {
    /// Set steps: c plus a sub-multiset of the `avail` other naturals of rank
    /// `r` (per suit), at most 5 naturals in all (L2), wilds up to 3 cards.
    fn set_steps(&self, c: usize, r: u8, avail: [u8; 5], w: u8, res: Res, out: &mut Vec<Step>) {
        let mut pick = [0u8; 5];
        loop {
            let n: u8 = 1 + pick.iter().sum::<u8>();
            if n <= 5 {
                let need = 3u8.saturating_sub(n);
                if need <= w {
                    let mut take = unit(c);
                    for (t, &k) in pick.iter().enumerate() {
                        take += k as u128 * unit(L.rank_major(L.code(t as u8, r)));
                    }
                    let mut res2 = res;
                    res2[0] -= need;
                    out.push(Step { take, res: res2, gain: self.score(0, (n + need) as i32), tag: set_tag(need) });
                }
            }
            // Next pick in mixed radix (avail[t] + 1).
            let mut t = 0;
            while t < 5 {
                if pick[t] < avail[t] {
                    pick[t] += 1;
                    break;
                }
                pick[t] = 0;
                t += 1;
            }
            if t == 5 {
                break;
            }
        }
    }
}

impl MeldGen for Gen {
    fn steps(&self, c: usize, rest: Counts, res: Res, out: &mut Vec<Step>) {
        let code = L.from_rank_major(c);
        let (r, s) = (L.rank(code), L.suit(code));
        let w = res[0];
        out.push(Step { take: unit(c), res, gain: self.score(card_points(code, self.wr), 0), tag: TAG_LEAVE });
        // Sets: c plus any sub-multiset of the other naturals of rank r, ≤ 5 naturals (L2).
        let mut avail = [0u8; 5];
        for (t, a) in avail.iter_mut().enumerate() {
            *a = count(rest, L.rank_major(L.code(t as u8, r)));
        }
        avail[s as usize] -= 1;
        if avail == [0; 5] {
            // Fast path: c alone with two wilds.
            if w >= 2 {
                let mut res2 = res;
                res2[0] -= 2;
                out.push(Step { take: unit(c), res: res2, gain: self.score(0, 3), tag: set_tag(2) });
            }
        } else {
            self.set_steps(c, r, avail, w, res, out);
        }
        // Runs: c and some of the next four ranks of its suit (L3), wilds in the gaps.
        let mut next = 0u8; // bit k: rank r + 1 + k of suit s remains
        for k in 0..4u8 {
            let rr = r + 1 + k;
            if rr <= 13 && count(rest, L.rank_major(L.code(s, rr))) > 0 {
                next |= 1 << k;
            }
        }
        let mut mask = next;
        while mask != 0 {
            let n = 1 + mask.count_ones() as u8;
            let span = 8 - mask.leading_zeros() as u8 + 1; // top rank - r + 1
            let cost = span - n + 3u8.saturating_sub(span);
            if cost <= w {
                let mut take = unit(c);
                let mut bits = mask;
                while bits != 0 {
                    let k = bits.trailing_zeros() as u8;
                    bits &= bits - 1;
                    take += unit(L.rank_major(L.code(s, r + 1 + k)));
                }
                let mut res2 = res;
                res2[0] -= cost;
                out.push(Step {
                    take,
                    res: res2,
                    gain: self.score(0, (n + cost) as i32),
                    tag: run_tag(s, r, span, cost),
                });
            }
            mask = (mask - 1) & next;
        }
    }

    fn tail(&self, res: Res) -> Option<Score> {
        // Leftover wilds join some meld (L4); the no-meld case is fixed by the caller.
        Some(self.score(0, res[0] as i32))
    }
}

/// A hand split into naturals (by code), jokers and wild-rank cards.
#[derive(Clone)]
struct Split {
    naturals: Counts,
    natural_points: i32,
    jokers: u8,
    rank_wilds: Vec<u8>,
}

impl Split {
    fn new(codes: &[u8], wr: u8) -> Result<Split, EngineError> {
        let mut counts = [0u8; 55];
        let mut natural_points = 0;
        let mut jokers = 0;
        let mut rank_wilds = Vec::new();
        for &c in codes {
            if c == JOKER {
                jokers += 1;
            } else if L.rank(c) == wr {
                rank_wilds.push(c);
            } else if let Some(n) = counts.get_mut(L.rank_major(c)) {
                *n += 1;
                natural_points += card_points(c, wr);
            }
        }
        Ok(Split { naturals: pack(&counts)?, natural_points, jokers, rank_wilds })
    }

    fn wilds(&self) -> u8 {
        self.jokers + self.rank_wilds.len() as u8
    }

    /// The split after card `d` (one of its cards) leaves the hand.
    fn without(&self, d: u8, wr: u8) -> Split {
        let mut rest = self.clone();
        if d == JOKER {
            rest.jokers -= 1;
        } else if L.rank(d) == wr {
            if let Some(k) = rest.rank_wilds.iter().position(|&x| x == d) {
                rest.rank_wilds.remove(k);
            }
        } else {
            rest.naturals -= unit(L.rank_major(d));
            rest.natural_points -= card_points(d, wr);
        }
        rest
    }

    fn wild_points(&self) -> i32 {
        50 * self.jokers as i32 + 20 * self.rank_wilds.len() as i32
    }
}

/// Cards a max-cards DP value melds ([`Gen`]'s score is `[cards, -left, 0]` for that objective;
/// leftover wilds count as absorbed by a meld, L4).
fn melded(best: Score) -> usize {
    best.0[0].max(0) as usize
}

/// Cards the lay-down melding most cards leaves of a hand of `cards` cards split as `split` (a
/// max-cards solver): the cards the DP does not meld; with no meld at all, 1-2 wilds stay in hand
/// (the one case L4 does not cover: 3 or more make a meld of their own).
fn cards_left(solver: &mut Solver<'_, Gen>, split: &Split, cards: usize) -> usize {
    let w = split.wilds();
    let Some(best) = solver.best(split.naturals, [w, 0, 0, 0, 0, 0]) else {
        return cards;
    };
    let melded = melded(best);
    if melded == usize::from(w) && w <= 2 {
        cards
    } else {
        cards - melded
    }
}

/// True points left of the best partition of `split` (the DP value, corrected
/// for the one case L4 does not cover: no meld at all and 1–2 wilds).
fn points_left(solver: &mut Solver<'_, Gen>, gen: &Gen, split: &Split) -> i32 {
    let w = split.wilds();
    let Some(best) = solver.best(split.naturals, [w, 0, 0, 0, 0, 0]) else {
        return split.natural_points + split.wild_points();
    };
    let left = gen.left_of(best);
    if left == split.natural_points && (1..=2).contains(&w) {
        left + split.wild_points()
    } else {
        left
    }
}

/// A meld under construction: set (rank, naturals, wild count) or run (suit, low rank, cells).
enum Draft {
    Set { rank: u8, naturals: Vec<u8>, wilds: usize },
    Run { suit: u8, low: u8, cells: Vec<Option<u8>> },
}

/// The natural codes of a multiset over the rank-major local types.
fn codes_of(take: Counts) -> Vec<u8> {
    let mut out = Vec::new();
    for i in 0..55usize {
        for _ in 0..count(take, i) {
            out.push(L.from_rank_major(i));
        }
    }
    out
}

/// Turns the solver's steps into melds, absorbing leftover wilds (L4).
fn build_melds(steps: &[Step], split: &Split, wr: u8) -> (Vec<Meld>, Vec<u8>) {
    let mut drafts = Vec::new();
    let mut left = Vec::new();
    let mut used = 0usize;
    for st in steps {
        let naturals = codes_of(st.take);
        match st.tag & 0xff {
            TAG_SET => {
                let wilds = tag_wilds(st.tag) as usize;
                used += wilds;
                drafts.push(Draft::Set { rank: L.rank(naturals[0]), naturals, wilds });
            }
            TAG_RUN => {
                let s = (st.tag >> 8) as u8;
                let low = (st.tag >> 16) as u8;
                let span = (st.tag >> 24) as u8;
                used += tag_wilds(st.tag) as usize;
                let mut cells: Vec<Option<u8>> =
                    (low..low + span).map(|r| naturals.iter().copied().find(|&c| L.rank(c) == r)).collect();
                let (mut lo, mut n) = (low, span);
                while n < 3 {
                    if lo + n <= 13 {
                        cells.push(None);
                    } else {
                        cells.insert(0, None);
                        lo -= 1;
                    }
                    n += 1;
                }
                drafts.push(Draft::Run { suit: s, low: lo, cells });
            }
            _ => left.extend(naturals),
        }
    }
    let mut wild_pool: Vec<u8> = split.rank_wilds.clone();
    wild_pool.extend(std::iter::repeat_n(JOKER, split.jokers as usize));
    let total = wild_pool.len();
    if drafts.is_empty() {
        if total >= 3 {
            drafts.push(Draft::Set { rank: wr, naturals: Vec::new(), wilds: total });
        } else {
            left.extend(wild_pool.iter().copied());
            wild_pool.clear();
        }
    } else {
        absorb(&mut drafts, total.saturating_sub(used));
    }
    // Wild-rank cards on their own run cell first, then the rest in pool order.
    let mut melds = Vec::with_capacity(drafts.len());
    let mut runs_first: Vec<usize> = (0..drafts.len()).collect();
    runs_first.sort_by_key(|&i| matches!(drafts[i], Draft::Set { .. }));
    let mut built: Vec<Option<Meld>> = vec![None; drafts.len()];
    for i in runs_first {
        let meld = match &mut drafts[i] {
            Draft::Run { suit, low, cells } => {
                let need = cells.iter().filter(|c| c.is_none()).count();
                let own = L.code(*suit, wr);
                let own_in_range = wr >= *low && ((wr - *low) as usize) < cells.len();
                let mut mine: Vec<u8> = Vec::with_capacity(need);
                if own_in_range && cells[(wr - *low) as usize].is_none() {
                    if let Some(k) = wild_pool.iter().position(|&w| w == own) {
                        mine.push(wild_pool.remove(k));
                    }
                }
                while mine.len() < need {
                    mine.push(wild_pool.pop().unwrap_or(JOKER));
                }
                let cards = fill_run(*suit, *low, cells, mine, wr);
                let points = meld_points(&cards);
                Meld { kind: MeldKind::Run, cards, points }
            }
            Draft::Set { rank, naturals, wilds } => {
                let take = (*wilds).min(wild_pool.len());
                let mine: Vec<u8> = wild_pool.split_off(wild_pool.len() - take);
                build_set(*rank, naturals, &mine)
            }
        };
        built[i] = Some(meld);
    }
    melds.extend(built.into_iter().flatten());
    left.sort_unstable();
    (melds, left)
}

/// Puts `extra` leftover wilds into the melds: all into a set if there is
/// one; otherwise each extends a run below 11 cards, splitting a full 3..K run
/// into 3..7 and 8..K when needed (L4).
fn absorb(drafts: &mut Vec<Draft>, extra: usize) {
    if extra == 0 {
        return;
    }
    if let Some(Draft::Set { wilds, .. }) = drafts.iter_mut().find(|d| matches!(d, Draft::Set { .. })) {
        *wilds += extra;
        return;
    }
    for _ in 0..extra {
        let short = drafts.iter().position(|d| matches!(d, Draft::Run { cells, .. } if cells.len() < 11));
        let i = match short {
            Some(i) => i,
            None => {
                // Every run is 3..K: split the first one.
                let Some(Draft::Run { suit, cells, .. }) = drafts.first_mut() else { return };
                let upper = cells.split_off(5);
                let s = *suit;
                drafts.push(Draft::Run { suit: s, low: 8, cells: upper });
                0
            }
        };
        if let Some(Draft::Run { low, cells, .. }) = drafts.get_mut(i) {
            if *low as usize + cells.len() <= 13 {
                cells.push(None);
            } else {
                cells.insert(0, None);
                *low -= 1;
            }
        }
    }
}

/// Solves a Königs-Rommé hand in round `round` (1..=11).
///
/// Objectives: `min-left` (fewest penalty points left; ties: most cards
/// melded) and `max-cards` (most cards melded; ties: fewest points left).
/// `melds`/`left` are an optimal partition of the whole hand. `can_go_out`:
/// some card can be discarded so that all others are melded. `discard`: the
/// card whose discard leaves the fewest penalty points in the rest (ties: the
/// card with the higher penalty, then the lower code); `None` for an empty hand.
pub fn solve_hand(
    codes: &[u8],
    objective: Objective,
    options: &Options,
    round: u8,
) -> Result<HandSolution, EngineError> {
    let wr = check_input(codes, options, round)?;
    if !matches!(objective, Objective::MinLeft | Objective::MaxCards) {
        return Err(EngineError::new("koenigs objectives are min-left and max-cards"));
    }
    check_size(codes)?;
    let split = Split::new(codes, wr)?;
    let gen = Gen { objective, wr };
    let mut solver = hand_solver(&gen);
    let w = split.wilds();
    // (a cut solve answers its best partition found, not proven)
    let (melds, left) = match solver.path_or_best_found(split.naturals, [w, 0, 0, 0, 0, 0]) {
        Some((_, steps, _)) => build_melds(&steps, &split, wr),
        None => (Vec::new(), codes.to_vec()),
    };
    let left_points = left.iter().map(|&c| card_points(c, wr)).sum();

    // Discard: each distinct card once; the DP memo is shared.
    let mut best: Option<(i32, i32, u8)> = None; // (left after, -penalty, code)
    let mut distinct: Vec<u8> = codes.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    for &d in &distinct {
        let rest = split.without(d, wr);
        let key = (points_left(&mut solver, &gen, &rest), -card_points(d, wr), d);
        if best.is_none_or(|b| key < b) {
            best = Some(key);
        }
    }
    // (the discards' solves share the memo and the work limit of the first; once
    // cut, a discard's value is the best found, so `can_go_out` is true only if
    // a going-out partition was found)
    Ok(HandSolution {
        proven: !solver.aborted(),
        melds,
        left,
        left_points,
        can_go_out: Some(best.is_some_and(|b| b.0 == 0)),
        discard: best.map(|b| b.2),
        opening_points: None,
        plays: None,
    })
}

pub mod going_out;
pub mod measures;

#[cfg(test)]
mod tests;
