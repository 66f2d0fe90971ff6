//! 1x1-Rommé on the NumNum deck: meld rules (RULES.md §3) and the hand solver.
//!
//! - Set: ≥ 3 cards of one value in distinct symbols (every card exists once,
//!   so a set holds at most one card per symbol; the 40s make no set).
//! - Run: ≥ 3 cards of one symbol on consecutive multiples k·i, k·(i+1), … of a
//!   row k ≥ 2; every cell must be a card that exists in that symbol.
//! - The wish card `W` is wild anywhere; a value-1 card is wild only in a run of
//!   its own symbol and is a natural 1 everywhere else (three 1s make a set).
//! - A meld holds at least one natural card (see docs/RULES-NOTES.md).
//!
//! The hand solver is the LCF-DP of ALGORITHMS.md §1.2/§5.2: branch on the
//! lowest remaining natural (value ≥ 2), which is either left in hand or lies
//! in a set or run of which it is the lowest natural; memo on the remaining
//! cards. The 1-cards and wish cards are resources consumed by runs and sets;
//! whatever remains of them ends in one set of 1s or in the hand.

use std::collections::HashMap;

use crate::cards::{numnum_values, NUMNUM_WISH_COPIES};
use crate::meld::{EngineError, HandSolution, Meld, MeldKind, Objective, Options, Placed};

/// Code of the wish card `W`.
pub const WISH: u8 = 100;
/// Number of number-card codes (0..100).
const NUMBERS: usize = 100;
/// Highest number-card value in the deck, plus one.
const VALUE_LIMIT: usize = 82;
/// Option names 1x1-Rommé knows (RULES.md §3).
pub const OPTION_NAMES: &[&str] = &["opening_points", "target"];
/// Most cards a hand may have for the solver (number cards are single copies).
pub const MAX_HAND: usize = 64;

/// The deck as lookup tables: code -> (symbol, value) and (symbol, value) -> code.
struct Deck {
    symbol: [u8; NUMBERS],
    value: [u8; NUMBERS],
    code_of: [[u8; VALUE_LIMIT]; 4],
}

const NO_CARD: u8 = u8::MAX;

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

fn token(code: u8) -> String {
    const SYMBOLS: [char; 4] = ['H', 'K', 'D', 'Q'];
    match code {
        WISH => "W".into(),
        101 => "V2".into(),
        102 => "V5".into(),
        c if (c as usize) < NUMBERS => {
            let d = deck();
            format!("{}{}", SYMBOLS[d.symbol[c as usize] as usize], d.value[c as usize])
        }
        c => format!("code {c}"),
    }
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
                    return Err(EngineError::new(format!(
                        "{what} holds {} twice; the deck has one",
                        token(c)
                    )));
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
        if naturals.iter().any(|&c| d.value[c as usize] as u32 % k != 0) {
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
    options.check_known("einmaleins", OPTION_NAMES)?;
    check_cards(codes, "the meld")?;
    let shown = || codes.iter().map(|&c| token(c)).collect::<Vec<_>>().join(" ");
    if codes.len() < 3 {
        return Err(EngineError::new(format!("{} is no meld: a meld has at least 3 cards", shown())));
    }
    if codes.iter().all(|&c| c == WISH) {
        return Err(EngineError::new(format!("{} is no meld: a meld needs a number card", shown())));
    }
    let set = as_set(codes);
    let run = (0..4).filter_map(|s| as_run(codes, s)).max_by_key(|m| m.points);
    match (set, run) {
        (Some(s), Some(r)) => Ok(if r.points > s.points { r } else { s }),
        (Some(m), None) | (None, Some(m)) => Ok(m),
        (None, None) => Err(EngineError::new(format!(
            "{} is no meld: not a set of one value in distinct symbols, and not a run of one symbol on \
             consecutive multiples of a row k >= 2 (wilds must stand for cards that exist)",
            shown()
        ))),
    }
}

// ---------------------------------------------------------------- hand solver

/// What the DP maximises, as a pair compared lexicographically.
type Score = (i32, i32);

/// One meld choice of the DP, enough to rebuild the meld.
#[derive(Clone, Copy, Debug)]
struct Pick {
    /// Hand cards used (local bits).
    used: u64,
    /// Wish cards used.
    wishes: u8,
    /// 0: set of value `v`; 1: run of `symbol`, row `k`, cells `a..a+len`.
    kind: u8,
    v: u8,
    symbol: u8,
    k: u8,
    a: u8,
    len: u8,
    points: i32,
}

struct Solver<'a> {
    objective: Objective,
    /// Local cards: naturals (value ≥ 2) by value, then symbol; then the 1-cards.
    cards: &'a [u8],
    naturals: u64,
    /// Local index of each code present (NO_CARD otherwise).
    local: [u8; NUMNUM_LOCAL],
    memo: FxMap<(u64, u8), (Score, Option<Pick>)>,
}

const NUMNUM_LOCAL: usize = NUMBERS;

impl Solver<'_> {
    fn left_score(&self, code: u8) -> Score {
        match self.objective {
            Objective::Opening => (0, 0),
            Objective::MaxCards => (0, -hand_points(code)),
            _ => (-hand_points(code), 0),
        }
    }

    fn meld_score(&self, points: i32, cards: u32) -> Score {
        match self.objective {
            Objective::Opening => (points, cards as i32),
            Objective::MaxCards => (cards as i32, 0),
            _ => (0, points),
        }
    }

    fn bit(&self, code: Option<u8>) -> Option<u64> {
        let l = *self.local.get(code? as usize)?;
        (l != NO_CARD).then(|| 1u64 << l)
    }

    /// Best score for the remaining cards `mask` and `wishes` wish cards.
    fn best(&mut self, mask: u64, wishes: u8) -> Score {
        if let Some(&(s, _)) = self.memo.get(&(mask, wishes)) {
            return s;
        }
        let (score, pick) = if mask & self.naturals == 0 {
            self.tail(mask, wishes)
        } else {
            self.branch(mask, wishes)
        };
        self.memo.insert((mask, wishes), (score, pick));
        score
    }

    /// No naturals left: the 1-cards and wish cards form one set of 1s or stay in hand.
    fn tail(&self, mask: u64, wishes: u8) -> (Score, Option<Pick>) {
        let ones: Vec<u32> = (0..64).filter(|i| mask >> i & 1 == 1).collect();
        let left_all = |used: u64, w: u8| {
            let mut s = (0, 0);
            for &i in &ones {
                if used >> i & 1 == 0 {
                    s = add(s, self.left_score(self.cards[i as usize]));
                }
            }
            for _ in w..wishes {
                s = add(s, self.left_score(WISH));
            }
            s
        };
        let mut best = (left_all(0, 0), None);
        for sub in 1u64..(1 << ones.len()) {
            let used: u64 = ones.iter().enumerate().filter(|(j, _)| sub >> j & 1 == 1).map(|(_, &i)| 1u64 << i).sum();
            let n = sub.count_ones() as u8;
            for w in 0..=wishes.min(4 - n.min(4)) {
                let size = n + w;
                if !(3..=4).contains(&size) {
                    continue;
                }
                let s = add(left_all(used, w), self.meld_score(size as i32, size as u32));
                if s > best.0 {
                    let pick = Pick { used, wishes: w, kind: 0, v: 1, symbol: 0, k: 0, a: 0, len: size, points: size as i32 };
                    best = (s, Some(pick));
                }
            }
        }
        best
    }

    fn branch(&mut self, mask: u64, wishes: u8) -> (Score, Option<Pick>) {
        let d = deck();
        let low = (mask & self.naturals).trailing_zeros();
        let c = self.cards[low as usize];
        let (sym, v) = (d.symbol[c as usize], d.value[c as usize] as u32);
        let rest = mask & !(1u64 << low);
        let mut best_score = add(self.best(rest, wishes), self.left_score(c));
        let mut best_pick = None;
        let mut consider = |solver: &mut Self, pick: Pick| {
            let s = add(solver.best(mask & !pick.used, wishes - pick.wishes), solver.meld_score(pick.points, pick.used.count_ones() + pick.wishes as u32));
            if s > best_score {
                best_score = s;
                best_pick = Some(pick);
            }
        };
        // Sets of value v: c, any of the other symbols' v still in hand, wish cards for the rest.
        let others: Vec<u64> = (0..4u8).filter(|&s| s != sym).filter_map(|s| self.bit(card(s, v))).filter(|b| rest & b != 0).collect();
        let slots = (0..4u8).filter(|&s| card(s, v).is_some()).count() as u8;
        for sub in 0u32..(1 << others.len()) {
            let used: u64 = (1u64 << low) | others.iter().enumerate().filter(|(j, _)| sub >> j & 1 == 1).map(|(_, b)| b).sum::<u64>();
            let n = used.count_ones() as u8;
            for w in 0..=wishes.min(slots.saturating_sub(n)) {
                if n + w >= 3 {
                    let size = n + w;
                    consider(self, Pick { used, wishes: w, kind: 0, v: v as u8, symbol: 0, k: 0, a: 0, len: size, points: v as i32 * size as i32 });
                }
            }
        }
        // Runs of symbol sym through c, c the lowest natural: cells below c are wild.
        let one = self.bit(card(sym, 1)).filter(|b| rest & b != 0);
        let wild_budget = wishes as u32 + one.is_some() as u32;
        for k in 2..=v {
            if v % k != 0 {
                continue;
            }
            let i = v / k;
            for a in (1..=i).rev() {
                if i - a > wild_budget || !(a..i).all(|j| card(sym, k * j).is_some()) {
                    break;
                }
                // Extend the window upwards cell by cell; each cell above i is a natural or a wild.
                let mut opts: Vec<u64> = Vec::new(); // natural bits available on cells above i
                let mut b = i;
                loop {
                    let len = b - a + 1;
                    if len >= 3 {
                        let must_wild = len - 1 - opts.len() as u32; // cells below i and cells without natural
                        let all: u64 = opts.iter().sum();
                        let mut drops = Vec::new();
                        subsets_up_to(&opts, (wild_budget - must_wild) as usize, 0, 0, &mut drops);
                        for dropped in drops {
                            let nat = all & !dropped;
                            let wild = must_wild + dropped.count_ones();
                            let points = (k * (a + b) * len / 2) as i32;
                            let base = Pick { used: (1u64 << low) | nat, wishes: 0, kind: 1, v: 0, symbol: sym, k: k as u8, a: a as u8, len: len as u8, points };
                            // Split the wild cells between the 1-card of sym and wish cards.
                            if wild <= wishes as u32 {
                                consider(self, Pick { wishes: wild as u8, ..base });
                            }
                            if let Some(ob) = one {
                                if wild >= 1 && wild - 1 <= wishes as u32 {
                                    consider(self, Pick { used: base.used | ob, wishes: (wild - 1) as u8, ..base });
                                }
                            }
                        }
                    }
                    b += 1;
                    let Some(next) = card(sym, k * b) else { break };
                    match self.bit(Some(next)).filter(|x| rest & x != 0) {
                        Some(x) => opts.push(x),
                        None => {}
                    }
                    let len = b - a + 1;
                    if len as usize - 1 - opts.len() > wild_budget as usize {
                        break;
                    }
                }
            }
        }
        (best_score, best_pick)
    }

    fn rebuild(&self, pick: &Pick) -> Meld {
        let d = deck();
        let mut hand: Vec<u8> = (0..64).filter(|i| pick.used >> i & 1 == 1).map(|i| self.cards[i as usize]).collect();
        hand.extend(std::iter::repeat_n(WISH, pick.wishes as usize));
        if pick.kind == 0 {
            let mut cards: Vec<Placed> = hand.iter().filter(|&&c| c != WISH).map(|&c| Placed { code: c, stands_for: c }).collect();
            let mut missing = (0..4u8).filter_map(|s| card(s, pick.v as u32)).filter(|c| !hand.contains(c));
            for _ in 0..pick.wishes {
                let stands_for = missing.next().unwrap_or(WISH);
                cards.push(Placed { code: WISH, stands_for });
            }
            return Meld { kind: MeldKind::Set, cards, points: pick.points };
        }
        let (k, a) = (pick.k as u32, pick.a as u32);
        let mut wilds = hand.iter().copied().filter(|&c| c == WISH || d.value[c as usize] == 1);
        let mut cards = Vec::with_capacity(pick.len as usize);
        for j in a..a + pick.len as u32 {
            let cell = card(pick.symbol, k * j).unwrap_or(WISH);
            let code = if hand.contains(&cell) { cell } else { wilds.next().unwrap_or(WISH) };
            cards.push(Placed { code, stands_for: cell });
        }
        Meld { kind: MeldKind::Run, cards, points: pick.points }
    }
}

/// Pushes every union of at most `r` of `items[from..]` (added to `acc`) onto `out`.
fn subsets_up_to(items: &[u64], r: usize, from: usize, acc: u64, out: &mut Vec<u64>) {
    out.push(acc);
    if r == 0 {
        return;
    }
    for j in from..items.len() {
        subsets_up_to(items, r - 1, j + 1, acc | items[j], out);
    }
}

/// A fast hasher for the small integer memo keys (FxHash's multiply-rotate).
#[derive(Default, Clone, Copy)]
pub(crate) struct FxHasher(u64);

impl std::hash::Hasher for FxHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.write_u64(i as u64);
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_u128(&mut self, i: u128) {
        self.write_u64(i as u64);
        self.write_u64((i >> 64) as u64);
    }
}

/// Hash maps keyed by small integers.
pub(crate) type FxMap<K, V> = HashMap<K, V, std::hash::BuildHasherDefault<FxHasher>>;

fn add(a: Score, b: Score) -> Score {
    (a.0 + b.0, a.1 + b.1)
}

/// Solves a 1x1-Rommé hand. Objectives: `opening` (default; most meld points,
/// then most cards; `opening_points` is that total when it reaches the
/// `opening_points` option, 51 by default), `min-left` (fewest minus points
/// left: W 100, 1-cards 50, else face value; then most meld points) and
/// `max-cards` (most cards in melds, then fewest minus points left).
pub fn solve_hand(codes: &[u8], objective: Objective, options: &Options) -> Result<HandSolution, EngineError> {
    options.check_known("einmaleins", OPTION_NAMES)?;
    let minimum = options.int("opening_points", 51, 1, 500)? as i32;
    if objective == Objective::MinPlays {
        return Err(EngineError::new("einmaleins objectives: opening, min-left, max-cards"));
    }
    check_cards(codes, "the hand")?;
    let d = deck();
    let mut cards: Vec<u8> = codes.iter().copied().filter(|&c| c != WISH).collect();
    if cards.len() > MAX_HAND {
        return Err(EngineError::new(format!("a hand of at most {MAX_HAND} number cards can be solved")));
    }
    cards.sort_by_key(|&c| (d.value[c as usize] == 1, d.value[c as usize], d.symbol[c as usize]));
    let wishes = (codes.len() - cards.len()) as u8;
    let mut local = [NO_CARD; NUMNUM_LOCAL];
    let mut naturals = 0u64;
    for (i, &c) in cards.iter().enumerate() {
        local[c as usize] = i as u8;
        if d.value[c as usize] != 1 {
            naturals |= 1 << i;
        }
    }
    let full = if cards.len() == 64 { u64::MAX } else { (1u64 << cards.len()) - 1 };
    let mut solver = Solver { objective, cards: &cards, naturals, local, memo: FxMap::default() };
    solver.best(full, wishes);
    // Walk the stored choices.
    let (mut mask, mut w) = (full, wishes);
    let mut melds = Vec::new();
    let mut left = Vec::new();
    loop {
        let Some(&(_, pick)) = solver.memo.get(&(mask, w)) else { break };
        match pick {
            Some(p) => {
                melds.push(solver.rebuild(&p));
                mask &= !p.used;
                w -= p.wishes;
                if p.kind == 0 && p.v == 1 {
                    // The tail set of 1s: everything else stays in hand.
                    break;
                }
            }
            None if mask & naturals != 0 => {
                let low = (mask & naturals).trailing_zeros();
                left.push(cards[low as usize]);
                mask &= !(1u64 << low);
            }
            None => break,
        }
    }
    left.extend((0..64).filter(|i| mask >> i & 1 == 1).map(|i| cards[i as usize]));
    left.extend(std::iter::repeat_n(WISH, w as usize));
    let total: i32 = melds.iter().map(|m| m.points).sum();
    Ok(HandSolution {
        left_points: left.iter().map(|&c| hand_points(c)).sum(),
        left,
        opening_points: (total >= minimum).then_some(total),
        melds,
        ..HandSolution::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Codes of tokens like `H12`, `W`.
    fn cards(tokens: &str) -> Vec<u8> {
        tokens
            .split_whitespace()
            .map(|t| {
                if t == "W" {
                    return WISH;
                }
                let s = "HKDQ".find(&t[..1]).unwrap() as u8;
                card(s, t[1..].parse().unwrap()).unwrap_or_else(|| panic!("{t} is not in the deck"))
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
    fn sheet_allowed_sets() {
        let m = meld("K4 D4 H4").unwrap();
        assert_eq!((m.kind, m.points), (MeldKind::Set, 12));
        let m = meld("H7 K7 W").unwrap();
        assert_eq!((m.kind, m.points), (MeldKind::Set, 21));
        // The wish card stands for a 7 not already in the set: D7.
        assert_eq!(m.cards[2], Placed { code: WISH, stands_for: cards("D7")[0] });
    }

    #[test]
    fn sheet_allowed_runs() {
        let m = meld("H3 H6 H9 W H15").unwrap();
        assert_eq!((m.kind, m.points), (MeldKind::Run, 45));
        assert_eq!(stands(&m), cards("H3 H6 H9 H12 H15"));
        let m = meld("H12 H16 H1 H24").unwrap();
        assert_eq!(stands(&m), cards("H12 H16 H20 H24"));
        assert_eq!(m.cards[2].code, cards("H1")[0]);
        assert_eq!(m.points, 72);
        assert_eq!(meld("K7 K14 K21").unwrap().points, 42);
        assert_eq!(meld("D40 D45 D50").unwrap().points, 135);
        let m = meld("H12 H24 H36").unwrap();
        assert_eq!((m.kind, m.points), (MeldKind::Run, 72));
        // Any order of the cards is accepted.
        assert_eq!(meld("H36 H12 H24").unwrap().points, 72);
    }

    #[test]
    fn sheet_forbidden_runs() {
        assert!(meld("H4 H8 H10").is_err(), "gap: H6 missing");
        // The sheet's K10 K12 K16 uses a card this deck lacks (no K16); the same gap in hearts:
        assert!(meld("H10 H12 H16").is_err(), "gap: H14 missing");
        assert!(meld("K10 K12 K14").is_ok());
        assert!(meld("H2 H4 K6").is_err(), "two symbols");
        assert!(meld("H3 H4 H5").is_err(), "row 1 is no row");
    }

    #[test]
    fn wilds_stand_for_existing_cards_only() {
        // H60 H72 W: W may be H48, not H84.
        let m = meld("H60 H72 W").unwrap();
        assert_eq!(stands(&m), cards("H48 H60 H72"));
        // No set of 40s: only D has a 40 (D40 W W still reads as a 5-row run).
        assert!(as_set(&cards("D40 W W")).is_none());
        assert_eq!(meld("D40 W W").unwrap().kind, MeldKind::Run);
        // A set of 7s holds at most the four symbols: 4 naturals + W is too many.
        assert!(meld("H7 K7 D7 Q7 W").is_err());
        assert_eq!(meld("H7 K7 D7 W").unwrap().points, 28);
        // H13 exists only in K and Q: a set of 13s has at most 2 cards + nothing.
        assert!(as_set(&cards("K13 Q13 W")).is_none());
        // The line ends where the symbol has no card: K28 K35 K42 K49 + W is K21 or (no K56) -> K21.
        assert_eq!(stands(&meld("K28 K35 K42 K49 W").unwrap()), cards("K21 K28 K35 K42 K49"));
    }

    #[test]
    fn one_cards_wild_only_in_runs_of_their_symbol() {
        // K7 K1 K21: K1 stands for K14.
        assert_eq!(stands(&meld("K7 K1 K21").unwrap()), cards("K7 K14 K21"));
        assert!(meld("K7 H1 K21").is_err(), "H1 in a circle run");
        assert!(meld("H5 K5 H1").is_err(), "H1 is no wild in a set of 5s");
        let m = meld("H1 K1 D1").unwrap();
        assert_eq!((m.kind, m.points), (MeldKind::Set, 3));
        let m = meld("H1 W W").unwrap();
        assert_eq!((m.kind, m.points), (MeldKind::Set, 3));
        assert!(meld("W W W").is_err(), "no all-wild meld");
        assert!(meld("H1 H2").is_err());
    }

    #[test]
    fn reading_with_most_points_wins() {
        // H6 H12 W: row 3 (6-9-12) or row 6 (6-12-18): the 6-row scores more.
        let m = meld("H6 H12 W").unwrap();
        assert_eq!(stands(&m), cards("H6 H12 H18"));
        // H5 W W: a set of 5s (15) or the run 5-10-15 (30).
        assert_eq!(meld("H5 W W").unwrap().kind, MeldKind::Run);
    }

    #[test]
    fn validate_rejects_bad_input() {
        assert!(validate_meld(&[101, 0, 1], &Options::default()).is_err());
        assert!(validate_meld(&[0, 0, 1], &Options::default()).is_err());
        assert!(validate_meld(&[WISH; 4], &Options::default()).is_err());
        assert!(validate_meld(&[200, 1, 2], &Options::default()).is_err());
        let bad = Options::from_pairs([("wrap_around".to_string(), 1)]);
        assert!(validate_meld(&cards("K4 D4 H4"), &bad).is_err());
    }

    fn solve(tokens: &str, objective: Objective, options: &Options) -> HandSolution {
        solve_hand(&cards(tokens), objective, options).unwrap()
    }

    #[test]
    fn opening_needs_51_by_default() {
        let s = solve("D40 D45 D50 K2 Q5", Objective::Opening, &Options::default());
        assert_eq!(s.opening_points, Some(135));
        assert_eq!(s.left_points, 7);
        // 12 points only: no opening, but the meld is still shown.
        let s = solve("K4 D4 H4 Q9", Objective::Opening, &Options::default());
        assert_eq!((s.opening_points, s.melds.len()), (None, 1));
        let low = Options::from_pairs([("opening_points".to_string(), 12)]);
        assert_eq!(solve("K4 D4 H4 Q9", Objective::Opening, &low).opening_points, Some(12));
        // Exactly 51 opens, 50 does not: 15+16+20 = 51 (H row ... ) checked via a set of 17s? use K-row 2 run.
        let s = solve("H16 H18 H20", Objective::Opening, &Options::default());
        assert_eq!(s.opening_points, Some(54));
        let fifty = Options::from_pairs([("opening_points".to_string(), 55)]);
        assert_eq!(solve("H16 H18 H20", Objective::Opening, &fifty).opening_points, None);
    }

    #[test]
    fn objectives_differ() {
        // W in a run adds points; min-left also wants it melded (it costs 100 in hand).
        let s = solve("H60 H72 W K2", Objective::MinLeft, &Options::default());
        assert_eq!((s.left.clone(), s.left_points), (cards("K2"), 2));
        // Opening puts W on the 5-row run (40-45-50-55: 190); max-cards makes a set of 2s with it.
        let hand = "K2 H2 D40 D45 D50 W";
        let open = solve(hand, Objective::Opening, &Options::default());
        assert_eq!((open.opening_points, open.left.clone()), (Some(190), cards("H2 K2")));
        let most = solve(hand, Objective::MaxCards, &Options::default());
        assert_eq!((most.opening_points, most.left.len()), (Some(141), 0));
        assert!(solve_hand(&cards("H2"), Objective::MinPlays, &Options::default()).is_err());
    }
}
