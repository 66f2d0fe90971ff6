//! The game's hand search: the melds a hand can lay as written specs, the best disjoint choice
//! of them for a value, the opening with a given card, and the one-pass quick melds of the
//! cheap move listing.
//!
//! The bots and the engine ask for concrete melds (which cards, where the jokers go), so the
//! search is a depth-first walk over the hand's lowest card with memoisation on the cards left;
//! its order fixes which of several equally good answers is returned (the first found), and
//! that order is part of the contract (bots and listed moves depend on it).
//! [`super::solve_hand`] answers the same questions by totals only, with the LCF-DP.

use std::collections::HashMap;

use super::table_meld::{DECLARED, MAX_RUN};
use super::{cell_points, cell_rank, hand_points, rank_points, Rules, JOKER, L};

/// A meld a hand can lay: its specs in written order, natural cards, jokers and opening points.
///
/// A run with a single natural card declares its jokers (`9c *=10c *=Jc`): written with jokers the
/// engine places, one natural card with jokers reads as a set ([`super::table_meld::read_meld`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Candidate {
    pub specs: Vec<u8>,
    pub naturals: Vec<u8>,
    pub jokers: u8,
    pub points: i32,
    /// The card each spec stands for (a set's jokers: the lowest suits it lacks).
    pub stands_for: Vec<u8>,
}

impl Candidate {
    /// Whether the meld is a run (its cards stand for different ranks).
    fn is_run(&self) -> bool {
        self.stands_for.windows(2).any(|w| L.rank(w[0]) != L.rank(w[1]))
    }

    /// A run of one natural card with its jokers declared, so that it reads back as this run.
    fn declared_if_alone(mut self) -> Candidate {
        if self.naturals.len() == 1 && self.is_run() {
            for (spec, &s) in self.specs.iter_mut().zip(&self.stands_for) {
                if *spec == JOKER {
                    *spec = DECLARED + s;
                }
            }
        }
        self
    }

    /// Hand points the meld removes from the hand.
    pub fn relief(&self) -> i32 {
        self.naturals.iter().map(|&c| hand_points(c)).sum::<i32>() + 20 * self.jokers as i32
    }
}

/// What a choice of melds maximises.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// Opening points.
    Points,
    /// Hand points removed from the hand.
    Relief,
    /// Cards laid.
    Cards,
}

impl Value {
    /// Reads a value's name: `points`, `relief` or `cards`.
    pub fn from_name(name: &str) -> Option<Value> {
        match name {
            "points" => Some(Value::Points),
            "relief" => Some(Value::Relief),
            "cards" => Some(Value::Cards),
            _ => None,
        }
    }

    fn of(self, c: &Candidate) -> i32 {
        match self {
            Value::Points => c.points,
            Value::Relief => c.relief(),
            Value::Cards => c.specs.len() as i32,
        }
    }
}

/// Copies of each code in a hand (index 52: jokers).
fn counts(hand: &[u8]) -> [u8; 53] {
    let mut out = [0u8; 53];
    for &c in hand {
        if let Some(n) = out.get_mut(c as usize) {
            *n = n.saturating_add(1);
        }
    }
    out
}

/// The k-element subsets of `items`, in lexicographic order of positions.
fn combinations<T: Copy>(items: &[T], k: usize) -> Vec<Vec<T>> {
    fn go<T: Copy>(items: &[T], k: usize, from: usize, cur: &mut Vec<T>, out: &mut Vec<Vec<T>>) {
        if cur.len() == k {
            out.push(cur.clone());
            return;
        }
        for i in from..items.len() {
            cur.push(items[i]);
            go(items, k, i + 1, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    go(items, k, 0, &mut Vec::with_capacity(k), &mut out);
    out
}

/// Every meld (up to joker placement and copies) the hand can form: sets by rank, then runs by
/// suit and first position, each run in every length.
pub fn candidates(hand: &[u8], rules: &Rules, use_jokers: bool) -> Vec<Candidate> {
    let cnt = counts(hand);
    let jokers = if use_jokers { cnt[JOKER as usize] } else { 0 };
    let mut out = Vec::new();
    for rank in 1..=13u8 {
        let suits: Vec<u8> = (0..4u8).filter(|&s| cnt[L.code(s, rank) as usize] > 0).collect();
        if suits.is_empty() || suits.len() + (jokers as usize) < 3 {
            continue;
        }
        let value = rank_points(rank);
        for k in 1..=suits.len() {
            for sub in combinations(&suits, k) {
                let nats: Vec<u8> = sub.iter().map(|&s| L.code(s, rank)).collect();
                let lacking = (0..4u8).filter(|s| !sub.contains(s)).map(|s| L.code(s, rank));
                let stands_for: Vec<u8> = nats.iter().copied().chain(lacking).collect();
                for size in [3usize, 4] {
                    let Some(jk) = size.checked_sub(k) else { continue };
                    if jk <= jokers as usize && rules.jokers_ok(k, jk) {
                        let mut specs = nats.clone();
                        specs.extend(std::iter::repeat_n(JOKER, jk));
                        let stands_for = stands_for[..size].to_vec();
                        out.push(Candidate {
                            specs,
                            naturals: nats.clone(),
                            jokers: jk as u8,
                            points: value * size as i32,
                            stands_for,
                        });
                    }
                }
            }
        }
    }
    let last_start = if rules.wrap_around { 13 } else { 12 };
    for suit in 0..4u8 {
        for start in 1..=last_start {
            let mut naturals = Vec::new();
            let mut specs = Vec::new();
            let mut stands_for = Vec::new();
            let mut points = 0;
            let mut jk = 0u8;
            for length in 1..=MAX_RUN as u8 {
                let p = start + length - 1;
                if !rules.wrap_around && p > 14 {
                    break;
                }
                let c = L.code(suit, cell_rank(p));
                stands_for.push(c);
                if cnt[c as usize] > 0 {
                    naturals.push(c);
                    specs.push(c);
                } else {
                    jk += 1;
                    specs.push(JOKER);
                    if jk > jokers {
                        break;
                    }
                }
                points += cell_points(p);
                if length >= 3 && rules.jokers_ok(naturals.len(), jk as usize) {
                    let run = Candidate {
                        specs: specs.clone(),
                        naturals: naturals.clone(),
                        jokers: jk,
                        points,
                        stands_for: stands_for.clone(),
                    };
                    out.push(run.declared_if_alone());
                }
            }
        }
    }
    out
}

/// `c` with jokers standing in for the natural cards `missing`, if the meld allows it.
fn with_jokers(c: &Candidate, missing: &[u8], rules: &Rules) -> Option<Candidate> {
    let mut naturals = c.naturals.clone();
    let mut specs = c.specs.clone();
    for &m in missing {
        let i = naturals.iter().position(|&x| x == m)?;
        naturals.remove(i);
        let j = specs.iter().position(|&x| x == m)?;
        specs[j] = JOKER;
    }
    let jokers = c.jokers as usize + missing.len();
    if !rules.jokers_ok(naturals.len(), jokers) {
        return None;
    }
    let var = Candidate { specs, naturals, jokers: jokers as u8, points: c.points, stands_for: c.stands_for.clone() };
    Some(var.declared_if_alone())
}

/// A best choice found: its total value and melds (in the order the search laid them).
type Found = Option<(i32, Vec<Candidate>)>;

/// Steps (memoised positions walked, melds tried in them) one question of this module may take
/// before its search finishes greedily: the walk is exponential in the hand's jokers and copies, and a hand that took a
/// Räuber table back into it (`rauber_table_to_hand`, no limit on the cards taken) would hold the
/// caller for ever. A count, not a deadline, so that the answer does not depend on the machine;
/// a hand a game deals stays far below it, so its answer is the exact one.
pub const STEPS: usize = 200_000;

/// The steps left to one question, shared by the searches it runs (an opening with a given card
/// asks one search a candidate meld, a discard outlook one a discard).
pub struct Steps(usize);

impl Steps {
    pub fn new() -> Steps {
        Steps(STEPS)
    }

    fn spent(&self) -> bool {
        self.0 == 0
    }
}

impl Default for Steps {
    fn default() -> Steps {
        Steps::new()
    }
}

/// The memoised search of [`best_melds`].
struct Search<'a, 'w> {
    rules: &'a Rules,
    value: Value,
    keep: usize,
    n: usize,
    codes: Vec<u8>,
    /// Candidates tried when the key card is the lowest left.
    by_low: HashMap<u8, Vec<&'a Candidate>>,
    /// Keyed by the cards and jokers left and the cards the walk may still lay ([`Search::room`]).
    memo: HashMap<(Vec<u8>, u8, isize), Found>,
    steps: &'w mut Steps,
}

impl Search<'_, '_> {
    fn index(&self, code: u8) -> Option<usize> {
        self.codes.binary_search(&code).ok()
    }

    /// How many more cards the walk may lay and still keep `keep` (negative: it kept too few), at
    /// most the cards and jokers left. A position's answer depends on `used` only through this: a
    /// meld of the cards left lays at most as many cards as are left, so room beyond that never
    /// binds, and positions reached with different `used` (cards laid or left out on the way)
    /// share one memo entry.
    fn room(&self, rem: &[u8], jokers: u8, used: usize) -> isize {
        let left = rem.iter().map(|&v| v as isize).sum::<isize>() + jokers as isize;
        (self.n as isize - used as isize - self.keep as isize).min(left)
    }

    fn go(&mut self, rem: Vec<u8>, jokers: u8, used: usize) -> Found {
        let room = self.room(&rem, jokers, used);
        let key = (rem, jokers, room);
        if let Some(found) = self.memo.get(&key) {
            return found.clone();
        }
        if self.steps.spent() {
            return self.greedy(&key.0, jokers, used);
        }
        self.steps.0 -= 1;
        let (rem, _, _) = &key;
        let found = self.walk(rem, jokers, used);
        self.memo.insert(key, found.clone());
        found
    }

    fn walk(&mut self, rem: &[u8], jokers: u8, used: usize) -> Found {
        let Some(i) = rem.iter().position(|&v| v > 0) else {
            return (self.n - used >= self.keep).then(|| (0, Vec::new()));
        };
        let low = self.codes[i];
        let mut skip = rem.to_vec();
        skip[i] = 0; // leave every copy of the lowest card out
        let mut best = self.go(skip, jokers, used);
        let tried = self.by_low.get(&low).cloned().unwrap_or_default();
        for c in tried {
            if c.jokers > jokers || self.n < used + c.specs.len() + self.keep {
                continue;
            }
            let mut base = rem.to_vec();
            let mut missing = Vec::new(); // used up by an earlier meld: a joker must stand in
            let mut optional = Vec::new(); // still in hand, but a joker may stand in to keep it for later
            for &nat in &c.naturals {
                let Some(k) = self.index(nat) else { continue };
                if base[k] == 0 {
                    missing.push(nat);
                } else {
                    base[k] -= 1;
                    if nat != low {
                        optional.push(nat);
                    }
                }
            }
            let Some(spare) = (jokers as usize).checked_sub(c.jokers as usize + missing.len()) else {
                continue;
            };
            for extra in 0..=spare.min(2).min(optional.len()) {
                for subst in combinations(&optional, extra) {
                    if self.steps.spent() {
                        return best; // (the caller takes the greedy answer where it is better)
                    }
                    self.steps.0 -= 1;
                    let var = if missing.is_empty() && subst.is_empty() {
                        Some(c.clone())
                    } else {
                        let mut out = missing.clone();
                        out.extend(&subst);
                        with_jokers(c, &out, self.rules)
                    };
                    let Some(var) = var else { continue };
                    let mut next = base.clone();
                    for &nat in &subst {
                        if let Some(k) = self.index(nat) {
                            next[k] += 1;
                        }
                    }
                    if let Some((total, melds)) = self.go(next, jokers - var.jokers, used + var.specs.len()) {
                        let v = total + self.value.of(&var);
                        if best.as_ref().is_none_or(|b| v > b.0) {
                            let mut all = Vec::with_capacity(melds.len() + 1);
                            all.push(var);
                            all.extend(melds);
                            best = Some((v, all));
                        }
                    }
                }
            }
        }
        best
    }

    /// The rest of the hand laid greedily once the steps are spent: under the lowest card left the
    /// candidate of the highest value whose cards and jokers are all there as written (of naturals
    /// only where one is), else that card left out; every meld found is one the hand holds.
    fn greedy(&self, rem: &[u8], mut jokers: u8, mut used: usize) -> Found {
        let mut rem = rem.to_vec();
        let (mut total, mut melds) = (0, Vec::new());
        while let Some(i) = rem.iter().position(|&v| v > 0) {
            let fits = |c: &&&Candidate| {
                let mut left = rem.clone();
                c.jokers <= jokers
                    && self.n >= used + c.specs.len() + self.keep
                    && c.naturals.iter().all(|&nat| match self.index(nat) {
                        Some(k) if left[k] > 0 => {
                            left[k] -= 1;
                            true
                        }
                        _ => false,
                    })
            };
            let tried = self.by_low.get(&self.codes[i]).map(Vec::as_slice).unwrap_or_default();
            // (a meld of naturals first: a joker spent here is missing where only a joker completes a meld)
            let pick = tried.iter().filter(fits).max_by_key(|c| (c.jokers == 0, self.value.of(c)));
            let Some(&c) = pick else {
                rem[i] = 0;
                continue;
            };
            for &nat in &c.naturals {
                if let Some(k) = self.index(nat) {
                    rem[k] -= 1;
                }
            }
            jokers -= c.jokers;
            used += c.specs.len();
            total += self.value.of(c);
            melds.push(c.clone());
        }
        (self.n >= used + self.keep).then_some((total, melds))
    }
}

/// The disjoint melds of highest total `value` that leave at least `keep` cards:
/// `(total, melds)`, `(0, [])` if no meld fits.
/// Beyond [`STEPS`] the best choice found, at least the greedy one (valid melds, maybe not the best).
pub fn best_melds(hand: &[u8], rules: &Rules, value: Value, use_jokers: bool, keep: usize) -> (i32, Vec<Candidate>) {
    best_melds_within(hand, rules, value, use_jokers, keep, &mut Steps::new())
}

/// [`best_melds`] within the steps left to the question that asks it.
pub fn best_melds_within(
    hand: &[u8],
    rules: &Rules,
    value: Value,
    use_jokers: bool,
    keep: usize,
    steps: &mut Steps,
) -> (i32, Vec<Candidate>) {
    let cands = candidates(hand, rules, use_jokers);
    best_melds_of(hand, rules, value, use_jokers, keep, &cands, steps)
}

fn best_melds_of(
    hand: &[u8],
    rules: &Rules,
    value: Value,
    use_jokers: bool,
    keep: usize,
    cands: &[Candidate],
    steps: &mut Steps,
) -> (i32, Vec<Candidate>) {
    // A meld is tried when its lowest natural card is the lowest card left, and also under each of
    // its other natural cards, for when the lower ones are used up and jokers stand in for them.
    let mut by_low: HashMap<u8, Vec<&Candidate>> = HashMap::new();
    for c in cands {
        let mut keys = c.naturals.clone();
        keys.sort_unstable();
        keys.dedup();
        for &x in &keys {
            by_low.entry(x).or_default().push(c);
            if c.naturals.iter().filter(|&&y| y < x).count() > 2 {
                break; // more stand-ins than any hand holds jokers for
            }
        }
    }
    let cnt = counts(hand);
    let codes: Vec<u8> = (0..JOKER).filter(|&c| cnt[c as usize] > 0).collect();
    let jokers = if use_jokers { cnt[JOKER as usize] } else { 0 };
    let rem: Vec<u8> = codes.iter().map(|&c| cnt[c as usize]).collect();
    let mut search = Search { rules, value, keep, n: hand.len(), codes, by_low, memo: HashMap::new(), steps };
    let found = search.go(rem.clone(), jokers, 0);
    let found = match found {
        Some(f) if !search.steps.spent() => Some(f),
        // (a cut search's best may have laid only the high cards its first steps reached)
        f => match (f, search.greedy(&rem, jokers, 0)) {
            (Some(f), Some(g)) => Some(if g.0 > f.0 { g } else { f }),
            (f, g) => f.or(g),
        },
    };
    found.unwrap_or((0, Vec::new()))
}

/// The highest opening (by opening points) leaving a card to discard; with `must`, only
/// openings that use that card (a joker: any opening with a joker). Its searches share one
/// question's [`STEPS`].
pub fn best_opening(hand: &[u8], rules: &Rules, use_jokers: bool, must: Option<u8>) -> (i32, Vec<Candidate>) {
    best_opening_within(hand, rules, use_jokers, must, &mut Steps::new())
}

fn best_opening_within(
    hand: &[u8],
    rules: &Rules,
    use_jokers: bool,
    must: Option<u8>,
    steps: &mut Steps,
) -> (i32, Vec<Candidate>) {
    let Some(must) = must else {
        return best_melds_within(hand, rules, Value::Points, use_jokers, 1, steps);
    };
    let cands = candidates(hand, rules, use_jokers);
    let mut best = (0, Vec::new());
    for c in &cands {
        let uses_must = c.naturals.contains(&must) || (must == JOKER && c.jokers > 0);
        if !uses_must {
            continue;
        }
        let mut rest = hand.to_vec();
        for card in c.naturals.iter().copied().chain(std::iter::repeat_n(JOKER, c.jokers as usize)) {
            if let Some(i) = rest.iter().position(|&x| x == card) {
                rest.remove(i);
            }
        }
        if rest.is_empty() {
            continue;
        }
        let (total, melds) = best_melds_within(&rest, rules, Value::Points, use_jokers, 1, steps);
        if c.points + total > best.0 {
            let mut all = vec![c.clone()];
            all.extend(melds);
            best = (c.points + total, all);
        }
    }
    best
}

/// Melds laying all cards but one (Hand-Rommé), if the hand has them.
pub fn meld_all_but_one(hand: &[u8], rules: &Rules, use_jokers: bool) -> Option<Vec<Candidate>> {
    meld_all_but_one_within(hand, rules, use_jokers, &mut Steps::new())
}

fn meld_all_but_one_within(hand: &[u8], rules: &Rules, use_jokers: bool, steps: &mut Steps) -> Option<Vec<Candidate>> {
    let (total, melds) = best_melds_within(hand, rules, Value::Cards, use_jokers, 1, steps);
    (total as usize + 1 == hand.len()).then_some(melds)
}

/// A few obvious melds, found in one pass (for the cheap move listing): each rank's set of all
/// its different suits, each suit's maximal runs, and with a joker in hand a set of two suits or
/// a run over one gap.
pub fn quick_melds(hand: &[u8], rules: &Rules, use_jokers: bool) -> Vec<Candidate> {
    let mut by_rank = [0u32; 14]; // suit bits per rank
    let mut by_suit = [0u32; 4]; // rank bits per suit
    let mut jokers = 0u8;
    for &c in hand {
        if c == JOKER {
            jokers += 1;
        } else if c < JOKER {
            by_rank[L.rank(c) as usize] |= 1 << L.suit(c);
            by_suit[L.suit(c) as usize] |= 1 << L.rank(c);
        }
    }
    if !use_jokers {
        jokers = 0;
    }
    let mut out = Vec::new();
    let need = if jokers > 0 { 2 } else { 3 };
    for rank in 1..=13u8 {
        let bits = by_rank[rank as usize];
        let k = bits.count_ones();
        if k >= need {
            let nats: Vec<u8> = (0..4u8).filter(|s| bits >> s & 1 != 0).map(|s| L.code(s, rank)).collect();
            let jk = u8::from(k == 2);
            let mut specs = nats.clone();
            specs.extend(std::iter::repeat_n(JOKER, jk as usize));
            let points = rank_points(rank) * (k as i32 + jk as i32);
            let stands_for =
                nats.iter().copied().chain((0..4u8).filter(|s| bits >> s & 1 == 0).map(|s| L.code(s, rank)));
            let stands_for = stands_for.take(specs.len()).collect();
            out.push(Candidate { specs, naturals: nats, jokers: jk, points, stands_for });
        }
    }
    let wrap = rules.wrap_around;
    let top: u8 = if wrap { 26 } else { 14 };
    let last_start: u8 = if wrap { 13 } else { 12 };
    for suit in 0..4u8 {
        let mut mask = by_suit[suit as usize];
        mask |= if wrap { mask << 13 } else { (mask & 2) << 13 };
        if mask & (mask >> 1) & (mask >> 2) == 0 && !(jokers > 0 && mask & (mask >> 2) != 0) {
            continue;
        }
        let on = |p: u8| mask >> p & 1 != 0;
        let mut p = 1u8;
        while p <= last_start {
            if !on(p) || on(p - 1) {
                p += 1;
                continue;
            }
            // a segment starts at p, possibly with one joker over one gap
            let mut specs = Vec::new();
            let mut gap_used = false;
            let mut q = p;
            while q <= top && specs.len() < MAX_RUN {
                if on(q) {
                    specs.push(L.code(suit, cell_rank(q)));
                } else if jokers > 0 && !gap_used && on(q + 1) {
                    specs.push(JOKER);
                    gap_used = true;
                } else {
                    break;
                }
                q += 1;
            }
            if specs.len() >= 3 && specs.last() != Some(&JOKER) {
                let naturals: Vec<u8> = specs.iter().copied().filter(|&c| c != JOKER).collect();
                let jk = (specs.len() - naturals.len()) as u8;
                if !(rules.no_double_joker && naturals.len() < 2) {
                    let points = (0..specs.len() as u8).map(|i| cell_points(p + i)).sum();
                    let stands_for = (0..specs.len() as u8).map(|i| L.code(suit, cell_rank(p + i))).collect();
                    out.push(Candidate { specs, naturals, jokers: jk, points, stands_for });
                }
            }
            p = if q > p { q } else { p + 1 };
        }
    }
    out
}

/// Whether a hand holding `must` (the discard just taken) can open with it: an opening of the
/// minimum that uses it, or with `hand_romme` melds of all cards but one that use it.
pub fn can_open_with(hand: &[u8], must: u8, rules: &Rules) -> bool {
    let use_jokers = !rules.opening_without_jokers;
    if must != JOKER && partners(must, hand, use_jokers) < 2 {
        return false; // no meld can hold the card: skip the search
    }
    // (one question: both searches share its steps)
    let steps = &mut Steps::new();
    let (points, _) = best_opening_within(hand, rules, use_jokers, Some(must), steps);
    if points >= rules.opening_points {
        return true;
    }
    if rules.hand_romme {
        if let Some(melds) = meld_all_but_one_within(hand, rules, use_jokers, steps) {
            return melds.iter().any(|m| m.naturals.contains(&must) || (must == JOKER && m.jokers > 0));
        }
    }
    false
}

/// Cards of `hand` that could share a meld with `card` (other suits of its rank, its suit within
/// two ranks, jokers): a meld needs two of them.
fn partners(card: u8, hand: &[u8], use_jokers: bool) -> usize {
    let (r, s) = (card % 13, card / 13);
    let mut n = 0;
    let mut suits = [false; 4];
    for &c in hand {
        if c == JOKER {
            n += usize::from(use_jokers);
        } else if c > JOKER {
            continue;
        } else if c % 13 == r && c / 13 != s && !suits[(c / 13) as usize] {
            suits[(c / 13) as usize] = true;
            n += 1;
        } else if c / 13 == s && c != card && ((c % 13).abs_diff(r) <= 2 || (c % 13).abs_diff(r) >= 11) {
            n += 1;
        }
    }
    n
}
