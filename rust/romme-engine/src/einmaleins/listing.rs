//! 1x1-Rommé's table melds as the game flow reads them, and its listed moves: reading a drafted
//! meld (wilds free or declared), what a meld accepts, the melds a hand can lay, and the bounded
//! list of new tables `legal_moves()` offers (the game's only copy; `romme.games.einmaleins` asks).
//!
//! Sets: 3+ cards of one value in different symbols; the wish card stands for any missing one the
//! deck has. Runs: 3+ consecutive multiples `k·i` (k ≥ 2) of one symbol; the wish card and a 1-card
//! of the run's symbol are wild there. A draft reads as the set or the run that is worth more
//! (every card counts as the card it stands for).

use super::{deck, Deck, NUMBERS, WISH};
use crate::meld::{EngineError, MeldKind};
use crate::rummy::listing::{opening_sets, MeldCards, Pair, OPENING_FIRSTS};

/// Card types of the game: the number cards and the wish card.
pub const TYPES: usize = 101;
/// Symbols of the deck.
const SYMBOLS: u8 = 4;

/// A card of a draft: its code and, for a wild, the card declared for it (`None`: the meld decides).
pub type DraftCard = (u8, Option<u8>);

fn value(d: &Deck, code: u8) -> u32 {
    d.value[code as usize] as u32
}

fn symbol(d: &Deck, code: u8) -> u8 {
    d.symbol[code as usize]
}

/// The code of `value` in `symbol`, if the deck has that card.
fn code_at(d: &Deck, symbol: u8, value: u32) -> Option<u8> {
    super::card(symbol, value).filter(|&c| d.symbol[c as usize] == symbol)
}

/// A meld's points: every card counts as the card it stands for.
pub fn points(meld: &[Pair]) -> i32 {
    let d = deck();
    meld.iter().map(|p| value(d, p.1) as i32).sum()
}

/// Reads a draft as the meld the table makes of it: the set or the run worth more (a tie: the
/// set); `None` when it is neither.
pub fn read_draft(draft: &[DraftCard]) -> Option<MeldCards> {
    read_draft_kind(draft).map(|(_, meld)| meld)
}

/// [`read_draft`] with the kind of the meld it reads.
pub fn read_draft_kind(draft: &[DraftCard]) -> Option<(MeldKind, MeldCards)> {
    if draft.len() < 3 || draft.iter().any(|&(c, s)| c > WISH || s.is_some_and(|s| s as usize >= NUMBERS)) {
        return None;
    }
    let mut cards = draft.to_vec();
    cards.sort_unstable(); // by code, then declared (free first): the draft's order does not matter
    let set = as_set(&cards).map(|m| (MeldKind::Set, m));
    let run = as_run(&cards).map(|m| (MeldKind::Run, m));
    match (set, run) {
        (Some(set), Some(run)) => Some(if points(&run.1) > points(&set.1) { run } else { set }),
        (set, run) => set.or(run),
    }
}

fn as_set(cards: &[DraftCard]) -> Option<MeldCards> {
    let d = deck();
    let naturals: Vec<u8> = cards.iter().filter(|p| p.0 != WISH).map(|p| p.0).collect();
    let first = *naturals.first()?;
    if cards.iter().any(|&(c, s)| c != WISH && s.is_some_and(|s| s != c)) {
        return None;
    }
    let v = value(d, first);
    if naturals.iter().any(|&c| value(d, c) != v) {
        return None;
    }
    let mut used = 0u8;
    for &c in &naturals {
        used |= 1 << symbol(d, c);
    }
    if used.count_ones() as usize != naturals.len() {
        return None;
    }
    let mut out: MeldCards = naturals.iter().map(|&c| (c, c)).collect();
    let mut free = 0;
    for &(c, s) in cards {
        if c != WISH {
            continue;
        }
        match s {
            None => free += 1,
            Some(s) if value(d, s) != v || used >> symbol(d, s) & 1 == 1 => return None,
            Some(s) => {
                used |= 1 << symbol(d, s);
                out.push((c, s));
            }
        }
    }
    for sym in 0..SYMBOLS {
        if free > 0 && used >> sym & 1 == 0 {
            if let Some(code) = code_at(d, sym, v) {
                out.push((WISH, code));
                used |= 1 << sym;
                free -= 1;
            }
        }
    }
    if free > 0 {
        return None; // more cards than the deck has cards of this value
    }
    out.sort_by_key(|p| (p.1, p.0));
    Some(out)
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

fn as_run(cards: &[DraftCard]) -> Option<MeldCards> {
    let d = deck();
    let mut syms = cards.iter().filter(|p| p.0 != WISH).map(|p| symbol(d, p.0));
    let sym = syms.next()?;
    if syms.any(|s| s != sym) {
        return None;
    }
    let mut fixed: MeldCards = Vec::new();
    let mut free: Vec<u8> = Vec::new();
    let mut natural = false;
    for &(c, s) in cards {
        let wild = c == WISH || value(d, c) == 1;
        match (wild, s) {
            (false, Some(s)) if s != c => return None,
            (false, _) => {
                fixed.push((c, c));
                natural = true;
            }
            (true, None) => free.push(c),
            (true, Some(s)) if symbol(d, s) != sym || value(d, s) == 1 => return None,
            (true, Some(s)) => fixed.push((c, s)),
        }
    }
    if !natural {
        return None;
    }
    let values: Vec<u32> = fixed.iter().map(|p| value(d, p.1)).collect();
    let mut sorted = values.clone();
    sorted.sort_unstable();
    if sorted.windows(2).any(|w| w[0] == w[1]) {
        return None;
    }
    let g = values.iter().fold(0, |g, &v| gcd(g, v));
    let n = cards.len() as u32;
    free.sort_unstable();
    let mut best: Option<MeldCards> = None;
    let mut best_points = -1i64;
    for k in (2..=g).filter(|k| g % k == 0) {
        let idx: Vec<u32> = values.iter().map(|v| v / k).collect();
        let (lo, hi) = (*idx.iter().min()?, *idx.iter().max()?);
        if hi - lo + 1 > n {
            continue;
        }
        let lowest = (hi + 1).saturating_sub(n).max(1);
        // the highest window first: the most points
        for a in (lowest..=lo).rev() {
            if (a..a + n).all(|i| code_at(d, sym, k * i).is_some()) {
                let pts = (k * (2 * a + n - 1) * n / 2) as i64;
                if pts > best_points {
                    let cells = (a..a + n).filter(|i| !idx.contains(i));
                    let mut out = fixed.clone();
                    out.extend(free.iter().zip(cells).filter_map(|(&w, i)| code_at(d, sym, k * i).map(|c| (w, c))));
                    out.sort_by_key(|p| (value(d, p.1), p.0));
                    best = Some(out);
                    best_points = pts;
                }
                break;
            }
        }
    }
    best
}

/// Reads `meld`'s cards (wilds free) with `extra` added.
fn grown(meld: &[Pair], extra: DraftCard) -> Option<MeldCards> {
    let draft: Vec<DraftCard> = meld.iter().map(|p| (p.0, None)).chain([extra]).collect();
    read_draft(&draft)
}

/// Every card that can be added to `meld` alone, with the meld it then makes.
pub fn accepts(meld: &[Pair]) -> Vec<(u8, MeldCards)> {
    accepts_from(meld, 0..=WISH)
}

fn accepts_from(meld: &[Pair], candidates: impl Iterator<Item = u8>) -> Vec<(u8, MeldCards)> {
    candidates
        .filter(|&code| code == WISH || !meld.iter().any(|p| p.0 == code))
        .filter_map(|code| grown(meld, (code, None)).map(|m| (code, m)))
        .collect()
}

/// Like [`accepts`], trying only the cards `hand` (counts by code) holds of the meld's value (a
/// set) or symbol (a run) and the wish card: the lay-offs the move list offers (a card the hand
/// lacks is never read as a lay-off).
pub fn layoffs(meld: &[Pair], hand: &[u8]) -> Vec<(u8, MeldCards)> {
    let d = deck();
    let Some(&(_, first)) = meld.first() else { return Vec::new() };
    let is_set = meld.iter().all(|p| value(d, p.1) == value(d, first));
    let candidates = (0..NUMBERS as u8).filter(move |&c| {
        if is_set {
            value(d, c) == value(d, first)
        } else {
            symbol(d, c) == symbol(d, first)
        }
    });
    accepts_from(meld, candidates.chain([WISH]).filter(|&c| hand[c as usize] > 0))
}

/// Every 3-card run of naturals, by each of its cards (by symbol, step, start).
pub fn windows() -> &'static Vec<Vec<[u8; 3]>> {
    use std::sync::OnceLock;
    static WINDOWS: OnceLock<Vec<Vec<[u8; 3]>>> = OnceLock::new();
    WINDOWS.get_or_init(|| {
        let d = deck();
        let mut out = vec![Vec::new(); NUMBERS];
        for sym in 0..SYMBOLS {
            let top = (0..NUMBERS as u8).filter(|&c| symbol(d, c) == sym).map(|c| value(d, c)).max().unwrap_or(0);
            for k in 2..=top / 2 {
                for i in 1..(top / k).saturating_sub(1) {
                    let cells = [k * i, k * (i + 1), k * (i + 2)].map(|v| code_at(d, sym, v));
                    if let [Some(a), Some(b), Some(c)] = cells {
                        for x in [a, b, c] {
                            out[x as usize].push([a, b, c]);
                        }
                    }
                }
            }
        }
        out
    })
}

/// The melds a hand (counts by code) can lay, bounded: per value its set (topped up with wish
/// cards to three), and every 3-card run window with at most one wild, each declared.
pub fn hand_melds(hand: &[u8]) -> Vec<MeldCards> {
    let d = deck();
    let wishes = hand[WISH as usize] as usize;
    let present: Vec<u8> = (0..NUMBERS as u8).filter(|&c| hand[c as usize] > 0).collect();
    let mut by_value: Vec<(u32, Vec<u8>)> = Vec::new();
    for &c in &present {
        let v = value(d, c);
        match by_value.iter_mut().find(|(w, _)| *w == v) {
            Some((_, cs)) => cs.push(c),
            None => by_value.push((v, vec![c])),
        }
    }
    let mut out = Vec::new();
    for (_, cs) in &by_value {
        if cs.len() + wishes >= 3 {
            let mut draft: Vec<DraftCard> = cs.iter().map(|&c| (c, None)).collect();
            draft.extend(std::iter::repeat_n((WISH, None), 3usize.saturating_sub(cs.len())));
            if let Some(m) = as_set(&draft) {
                out.push(m);
            }
        }
    }
    let ones: Vec<u8> = (0..SYMBOLS).map(|s| code_at(d, s, 1).unwrap_or(WISH)).collect();
    for &c in &present {
        if value(d, c) == 1 {
            continue;
        }
        let one = ones[symbol(d, c) as usize];
        for w in &windows()[c as usize] {
            let [a, b, _] = *w;
            let n: u32 = w.iter().map(|&x| hand[x as usize] as u32).sum();
            if n < 2 || (if hand[a as usize] > 0 { a } else { b }) != c {
                continue; // each window once: from its lowest card in hand
            }
            if n == 3 {
                out.push(w.iter().map(|&x| (x, x)).collect());
                continue;
            }
            for wild in [WISH, one] {
                if hand[wild as usize] > 0 {
                    out.push(w.iter().map(|&x| if hand[x as usize] > 0 { (x, x) } else { (wild, x) }).collect());
                }
            }
        }
    }
    out
}

/// Whether `code` would make a new meld with `hand` (counts by code: one of the [`hand_melds`] of
/// the hand with it holds it) or lay off alone on a meld of `table`: a card on offer worth taking.
pub fn fits(table: &[MeldCards], hand: &[u8], code: u8) -> Result<bool, EngineError> {
    check_position(table, hand)?;
    if code > WISH {
        return Err(EngineError::new(format!("{code} is no 1x1-Rommé card code")));
    }
    let mut with = hand.to_vec();
    with[code as usize] = with[code as usize].saturating_add(1);
    if hand_melds(&with).iter().any(|m| m.iter().any(|p| p.0 == code)) {
        return Ok(true);
    }
    let lays_off = |m: &MeldCards| (code == WISH || !m.iter().any(|p| p.0 == code)) && grown(m, (code, None)).is_some();
    Ok(table.iter().any(lays_off))
}

/// One listed table move: `melds` replace table meld `replaces` (a lay-off or a wild swap), or are
/// laid after the table when `replaces` is `None`; `placed` the hand cards it lays, `taken` the
/// table cards it gives the hand (a swapped wild).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The table meld the move changes, or `None` for new melds.
    pub replaces: Option<usize>,
    /// The melds the move lays.
    pub melds: Vec<MeldCards>,
    /// The hand cards it lays.
    pub placed: Vec<u8>,
    /// The table cards it takes to the hand.
    pub taken: Vec<u8>,
}

/// Checks a hand of counts by code and a table of melds of the game's cards.
fn check_position(table: &[MeldCards], hand: &[u8]) -> Result<(), EngineError> {
    if hand.len() != TYPES {
        return Err(EngineError::new(format!("a 1x1-Rommé hand is {TYPES} counts by code, got {}", hand.len())));
    }
    if let Some(m) = table.iter().find(|m| m.len() < 3 || m.iter().any(|&(c, s)| c > WISH || s as usize >= NUMBERS)) {
        return Err(EngineError::new(format!("{m:?} is no 1x1-Rommé table meld")));
    }
    Ok(())
}

/// The listed table moves of the seat to move (`hand` as counts by code): before the opening, greedy
/// openings from the hand's melds worth at least `minimum`; after it, the hand's melds, then per table
/// meld its lay-offs and wild swaps. None lays the whole hand: one card stays for the discard.
pub fn placements(table: &[MeldCards], hand: &[u8], opened: bool, minimum: i32) -> Result<Vec<Placement>, EngineError> {
    check_position(table, hand)?;
    let melds = hand_melds(hand);
    let hand_size: usize = hand.iter().map(|&n| n as usize).sum();
    let new = |melds: Vec<MeldCards>| {
        let placed = melds.iter().flatten().map(|p| p.0).collect();
        Placement { replaces: None, melds, placed, taken: Vec::new() }
    };
    if !opened {
        let openings = opening_sets(&melds, hand, minimum, 0, points, OPENING_FIRSTS);
        return Ok(openings
            .into_iter()
            .filter(|o| o.iter().map(Vec::len).sum::<usize>() < hand_size)
            .map(new)
            .collect());
    }
    let mut out: Vec<Placement> = melds.into_iter().filter(|m| m.len() < hand_size).map(|m| new(vec![m])).collect();
    for (i, m) in table.iter().enumerate() {
        if hand_size > 1 {
            for (code, grown) in layoffs(m, hand) {
                out.push(Placement { replaces: Some(i), melds: vec![grown], placed: vec![code], taken: Vec::new() });
            }
        }
        for (j, &(c, s)) in m.iter().enumerate() {
            if c != s && hand[s as usize] > 0 {
                let mut draft: Vec<DraftCard> = m.iter().map(|&(c, s)| (c, Some(s))).collect();
                draft[j] = (s, Some(s));
                if let Some(swapped) = read_draft(&draft) {
                    out.push(Placement { replaces: Some(i), melds: vec![swapped], placed: vec![s], taken: vec![c] });
                }
            }
        }
    }
    Ok(out)
}
