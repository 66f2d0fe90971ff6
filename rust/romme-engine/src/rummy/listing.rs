//! Rummy's listed moves: the bounded set of new tables `legal_moves()` offers in a position
//! (the game's only copy of it; Python builds the move objects from these answers).
//!
//! The whole table may be rearranged, so the tables a turn can make are far too many to list.
//! The list holds, every one legal: before the opening, greedy openings from the hand's own
//! melds; after it, each new meld of the hand alone (within the per-turn cap) and each single
//! lay-off on a table meld. Melds are built with every joker declared, so no search is needed.

use std::sync::Arc;

use super::{read_draft, DraftCard, JOKER};
use crate::meld::EngineError;

/// A placed card: its code and the card it stands for (a natural card stands for itself).
pub type Pair = (u8, u8);
/// A meld as its placed cards, ordered by what they stand for.
pub type MeldCards = Vec<Pair>;

/// Card types of the Rummy deck (52 numbered cards and the joker).
pub const TYPES: usize = 53;
const COLOURS: u8 = 4;
const NUMBERS: u8 = 13;
/// Most jokers one listed meld holds.
const JOKERS_PER_MELD: u8 = 2;
/// How many of the best melds each start a greedy opening.
pub const OPENING_FIRSTS: usize = 8;

/// One listed move: `melds` replace table meld `replaces` (a lay-off), or are laid after the
/// table when `replaces` is `None`; `placed` names the hand cards it lays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The table meld the move grows, or `None` for new melds.
    pub replaces: Option<usize>,
    /// The melds the move lays (a lay-off: the grown meld).
    pub melds: Vec<MeldCards>,
    /// The hand cards the move lays.
    pub placed: Vec<u8>,
}

fn number(code: u8) -> u8 {
    code % NUMBERS
}

fn colour(code: u8) -> u8 {
    code / NUMBERS
}

/// A meld's opening points: the numbers of its natural cards (jokers 0).
pub fn opening_points(meld: &[Pair]) -> i32 {
    meld.iter().filter(|p| p.0 != JOKER).map(|p| (number(p.0) + 1) as i32).sum()
}

/// The melds a hand (counts by code) can lay, bounded: per number the set (and its 3-card parts
/// when all four colours are there), per colour the longest runs (and their 3-card windows),
/// jokers filling one-card gaps and topping up to three cards.
pub fn hand_melds(hand: &[u8]) -> Vec<MeldCards> {
    let jokers = hand[JOKER as usize].min(JOKERS_PER_MELD);
    let mut by_number = [0u8; NUMBERS as usize];
    let mut by_colour = [0u16; COLOURS as usize];
    for code in (0..JOKER).filter(|&c| hand[c as usize] > 0) {
        by_number[number(code) as usize] |= 1 << colour(code);
        by_colour[colour(code) as usize] |= 1 << number(code);
    }
    let mut out = Vec::new();
    for (num, &mask) in by_number.iter().enumerate().filter(|(_, &m)| m != 0) {
        set_melds(num as u8, mask, jokers, &mut out);
    }
    for (col, &mask) in by_colour.iter().enumerate().filter(|(_, &m)| m != 0) {
        run_melds(col as u8, mask, jokers, &mut out);
    }
    out
}

/// The sets of number `num` from the colours in `mask` and up to `jokers` jokers.
fn set_melds(num: u8, mask: u8, jokers: u8, out: &mut Vec<MeldCards>) {
    let present: Vec<u8> = (0..COLOURS).filter(|k| mask >> k & 1 == 1).map(|k| k * NUMBERS + num).collect();
    let need = 3usize.saturating_sub(present.len());
    if need > jokers as usize {
        return;
    }
    let mut set: MeldCards = present.iter().map(|&c| (c, c)).collect();
    let missing = (0..COLOURS).filter(|k| mask >> k & 1 == 0).map(|k| k * NUMBERS + num);
    set.extend(missing.take(need).map(|x| (JOKER, x)));
    set.sort_by_key(|p| p.1);
    if present.len() == 4 {
        // the four 3-card subsets too (for the per-turn cap)
        let parts: Vec<MeldCards> =
            present.iter().map(|&skip| set.iter().copied().filter(|p| p.0 != skip).collect()).collect();
        out.push(set);
        out.extend(parts);
    } else {
        out.push(set);
    }
}

/// The longest runs of colour `col` (numbers in `mask`) and their 3-card windows, without repeats.
fn run_melds(col: u8, mask: u16, jokers: u8, out: &mut Vec<MeldCards>) {
    let present: Vec<u8> = (0..NUMBERS).filter(|k| mask >> k & 1 == 1).map(|k| col * NUMBERS + k).collect();
    if present.len() + (jokers as usize) < 3 {
        return;
    }
    let top = col * NUMBERS + NUMBERS;
    let first_new = out.len();
    let push = |meld: MeldCards, out: &mut Vec<MeldCards>| {
        if !out[first_new..].contains(&meld) {
            out.push(meld);
        }
    };
    let mut i = 0;
    while i < present.len() {
        let mut run: MeldCards = vec![(present[i], present[i])];
        let mut left = jokers;
        let mut j = i + 1;
        loop {
            let next = run[run.len() - 1].1 + 1;
            if j < present.len() && present[j] == next {
                run.push((next, next));
                j += 1;
            } else if left > 0 && j < present.len() && present[j] == next + 1 {
                run.push((JOKER, next)); // a joker fills a one-card gap
                left -= 1;
            } else {
                break;
            }
        }
        while run.len() < 3 && left > 0 {
            // extend with jokers: upward, else downward
            let next = run[run.len() - 1].1 + 1;
            if next < top {
                run.push((JOKER, next));
            } else {
                run.insert(0, (JOKER, run[0].1 - 1));
            }
            left -= 1;
        }
        if run.len() >= 3 {
            let windows: Vec<MeldCards> =
                if run.len() > 3 { run.windows(3).map(<[Pair]>::to_vec).collect() } else { Vec::new() };
            push(run, out);
            for w in windows {
                push(w, out);
            }
        }
        i = (i + 1).max(j);
    }
}

/// The meld a draft makes, read as the table reads it (free jokers placed by the meld).
fn resolve(codes: impl Iterator<Item = u8>) -> Option<MeldCards> {
    let mut draft: Vec<DraftCard> = codes.map(|c| (c, None)).collect();
    draft.sort_unstable();
    read_draft(&draft).map(|m| m.cards.iter().map(|p| (p.code, p.stands_for)).collect())
}

/// Cards that can be added to `meld` alone (the set's number in each colour; the run's neighbours
/// and the cards its jokers stand for; a joker), with the meld each then makes.
pub fn accepts(meld: &[Pair]) -> Vec<(u8, MeldCards)> {
    accepts_from(meld, |_| true)
}

/// [`accepts`] for the candidate cards `wanted` lets through (the hand's cards, when listing).
fn accepts_from(meld: &[Pair], wanted: impl Fn(u8) -> bool) -> Vec<(u8, MeldCards)> {
    let Some(&(_, first)) = meld.first() else { return Vec::new() };
    let mut candidates: Vec<u8> = Vec::new();
    if meld.iter().all(|p| number(p.1) == number(first)) {
        candidates.extend((0..COLOURS).map(|k| k * NUMBERS + number(first)));
    } else {
        let (lo, hi) = (meld[0].1, meld[meld.len() - 1].1);
        candidates.extend(meld.iter().filter(|p| p.0 == JOKER).map(|p| p.1));
        let below = lo.checked_sub(1).filter(|&x| colour(x) == colour(first));
        let above = Some(hi + 1).filter(|&x| x < JOKER && colour(x) == colour(first));
        candidates.extend(below.into_iter().chain(above));
    }
    candidates.push(JOKER);
    candidates
        .into_iter()
        .filter(|&code| wanted(code))
        .filter_map(|code| resolve(meld.iter().map(|p| p.0).chain([code])).map(|m| (code, m)))
        .collect()
}

/// Removes the meld's cards from the hand counts if all are there (else changes nothing).
fn take(hand: &mut [u8], meld: &[Pair]) -> bool {
    let mut need = [0u8; 256];
    for p in meld {
        need[p.0 as usize] += 1;
    }
    if meld.iter().any(|p| hand.get(p.0 as usize).copied().unwrap_or(0) < need[p.0 as usize]) {
        return false;
    }
    for p in meld {
        hand[p.0 as usize] -= 1;
    }
    true
}

/// Greedy openings from candidate melds: from each of the `firsts` best melds (by `points`, ties
/// in list order) as the first, add disjoint melds best first (at most `cap` cards in all, 0: no
/// cap) until `minimum` points; each set of melds once, in the order found.
pub fn opening_sets(
    melds: &[MeldCards],
    hand: &[u8],
    minimum: i32,
    cap: u8,
    points: impl Fn(&[Pair]) -> i32,
    firsts: usize,
) -> Vec<Vec<MeldCards>> {
    let pts: Vec<i32> = melds.iter().map(|m| points(m)).collect();
    let mut out = Vec::new();
    if pts.iter().sum::<i32>() < minimum {
        return out; // not even all of them together
    }
    let mut ranked: Vec<usize> = (0..melds.len()).collect();
    ranked.sort_by_key(|&i| -pts[i]);
    let mut seen: Vec<Vec<MeldCards>> = Vec::new();
    for &first in ranked.iter().take(firsts) {
        let mut left = hand.to_vec();
        let mut chosen: Vec<usize> = Vec::new();
        let (mut total, mut cards) = (0, 0usize);
        for &i in std::iter::once(&first).chain(&ranked) {
            if total >= minimum {
                break;
            }
            if cap > 0 && cards + melds[i].len() > cap as usize {
                continue;
            }
            if take(&mut left, &melds[i]) {
                chosen.push(i);
                total += pts[i];
                cards += melds[i].len();
            }
        }
        let set: Vec<MeldCards> = chosen.iter().map(|&i| melds[i].clone()).collect();
        let mut key = set.clone();
        key.sort();
        if total >= minimum && !seen.contains(&key) {
            seen.push(key);
            out.push(set);
        }
    }
    out
}

/// Checks a hand given as counts by code: 53 entries, a numbered card at most twice, at most two jokers.
pub fn check_hand(hand: &[u8]) -> Result<(), EngineError> {
    if hand.len() != TYPES {
        return Err(EngineError::new(format!("a rummy hand is {TYPES} counts by code, got {}", hand.len())));
    }
    if let Some((code, &n)) = hand.iter().enumerate().find(|(_, &n)| n > 2) {
        return Err(EngineError::new(format!("the hand holds {n} cards of code {code}; the deck has 2")));
    }
    Ok(())
}

/// Checks a table meld: 3 to 13 cards, each a card of the deck standing for a numbered card.
fn check_meld(meld: &[Pair]) -> Result<(), EngineError> {
    if !(3..=13).contains(&meld.len()) || meld.iter().any(|&(c, s)| c > JOKER || s >= JOKER) {
        return Err(EngineError::new(format!("{meld:?} is no rummy table meld")));
    }
    Ok(())
}

/// The listed moves of the seat to move: `hand` as counts by code, `opened` whether the seat has
/// opened, `minimum` the opening points, `cap` the per-turn cap on hand cards (0: none).
/// Before the opening: greedy openings; after it, the hand's melds, then the single lay-offs in
/// table order.
pub fn placements(
    table: &[MeldCards],
    hand: &[u8],
    opened: bool,
    minimum: i32,
    cap: u8,
) -> Result<Vec<Placement>, EngineError> {
    check_hand(hand)?;
    table.iter().try_for_each(|m| check_meld(m))?;
    let lay_offs = table.iter().enumerate().flat_map(|(i, m)| {
        accepts_from(m, |code| hand[code as usize] > 0).into_iter().map(move |(code, grown)| (i, code, grown))
    });
    Ok(listed(hand, opened, minimum, cap, lay_offs))
}

/// A table as the listing reads it: its melds and, per meld, every card that can be laid off on
/// it alone with the meld it then makes ([`accepts`]). Worked out once per meld and kept while the
/// meld stays on the table: a position is listed after every move, and most moves leave the table
/// as it was or change one meld of it (the table after a move shares the melds it keeps).
#[derive(Clone, Debug)]
pub struct ListingTable {
    melds: Vec<Arc<ListedMeld>>,
}

/// A table meld with its lay-offs: `(card, the meld it makes)`, in [`accepts`] order.
#[derive(Debug)]
struct ListedMeld {
    cards: MeldCards,
    lay_offs: Vec<(u8, MeldCards)>,
}

impl ListedMeld {
    fn new(cards: MeldCards) -> Arc<Self> {
        let lay_offs = accepts(&cards);
        Arc::new(Self { cards, lay_offs })
    }
}

impl ListingTable {
    /// The table `melds`; fails unless each is 3 to 13 cards of the deck standing for numbered cards.
    pub fn new(melds: Vec<MeldCards>) -> Result<Self, EngineError> {
        melds.iter().try_for_each(|m| check_meld(m))?;
        Ok(Self { melds: melds.into_iter().map(ListedMeld::new).collect() })
    }

    /// The melds, in table order.
    pub fn melds(&self) -> impl Iterator<Item = &[Pair]> + '_ {
        self.melds.iter().map(|m| m.cards.as_slice())
    }

    /// The number of melds.
    pub fn len(&self) -> usize {
        self.melds.len()
    }

    /// Whether the table is empty.
    pub fn is_empty(&self) -> bool {
        self.melds.is_empty()
    }

    /// [`placements`] on this table.
    pub fn placements(&self, hand: &[u8], opened: bool, minimum: i32, cap: u8) -> Result<Vec<Placement>, EngineError> {
        check_hand(hand)?;
        let lay_offs = self.melds.iter().enumerate().flat_map(|(i, meld)| {
            // `accepts` for the hand's cards only, in the same order
            let held = meld.lay_offs.iter().filter(|(code, _)| hand[*code as usize] > 0);
            held.map(move |(code, grown)| (i, *code, grown.clone()))
        });
        Ok(listed(hand, opened, minimum, cap, lay_offs))
    }

    /// The table after `placement`, one listed for this table: the melds it keeps are shared, only
    /// the melds it lays are read.
    pub fn after(&self, placement: &Placement) -> Self {
        let laid = placement.melds.iter().cloned().map(ListedMeld::new);
        let mut melds = self.melds.clone();
        match placement.replaces {
            Some(i) if i < melds.len() => {
                melds.splice(i..=i, laid);
            }
            _ => melds.extend(laid),
        }
        Self { melds }
    }
}

/// The listed moves (see [`placements`]), `lay_offs` giving each single lay-off of the hand as
/// `(table meld, card, the meld it makes)` in table order.
fn listed(
    hand: &[u8],
    opened: bool,
    minimum: i32,
    cap: u8,
    lay_offs: impl Iterator<Item = (usize, u8, MeldCards)>,
) -> Vec<Placement> {
    let melds = hand_melds(hand);
    let new_melds = |melds: Vec<MeldCards>| {
        let placed = melds.iter().flatten().map(|p| p.0).collect();
        Placement { replaces: None, melds, placed }
    };
    if !opened {
        let openings = opening_sets(&melds, hand, minimum, cap, opening_points, OPENING_FIRSTS);
        return openings.into_iter().map(new_melds).collect();
    }
    let mut out: Vec<Placement> = Vec::new();
    for m in melds {
        if cap == 0 || m.len() <= cap as usize {
            out.push(new_melds(vec![m]));
        }
    }
    for (i, code, grown) in lay_offs {
        out.push(Placement { replaces: Some(i), melds: vec![grown], placed: vec![code] });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards;
    use crate::meld::Options;
    use crate::rummy::validate_meld;

    fn hand_of(text: &str) -> Vec<u8> {
        let mut hand = vec![0u8; TYPES];
        for code in cards::parse_cards(cards::Game::Rummy, text).unwrap() {
            hand[code as usize] += 1;
        }
        hand
    }

    fn meld_of(text: &str) -> MeldCards {
        let codes = cards::parse_cards(cards::Game::Rummy, text).unwrap();
        validate_meld(&codes, &Options::default()).unwrap().cards.iter().map(|p| (p.code, p.stands_for)).collect()
    }

    /// Every listed meld is valid by the core's meld check, and lays only cards of the hand.
    fn check_listing(table: &[MeldCards], hand: &[u8], opened: bool, cap: u8) -> Vec<Placement> {
        let listed = placements(table, hand, opened, 30, cap).unwrap();
        for p in &listed {
            let mut left = hand.to_vec();
            for &c in &p.placed {
                assert!(left[c as usize] > 0, "{p:?} lays a card the hand lacks");
                left[c as usize] -= 1;
            }
            for m in &p.melds {
                let codes: Vec<u8> = m.iter().map(|p| p.0).collect();
                assert!(validate_meld(&codes, &Options::default()).is_ok(), "{m:?} is no meld");
            }
            if cap > 0 {
                assert!(p.placed.len() <= cap as usize);
            }
        }
        listed
    }

    #[test]
    fn openings_reach_the_minimum_from_the_hand_alone() {
        let hand = hand_of("B10 B11 B12 R7 G7 Y7 B2");
        let listed = check_listing(&[], &hand, false, 12);
        assert!(!listed.is_empty());
        for p in &listed {
            assert_eq!(p.replaces, None);
            assert!(p.melds.iter().map(|m| opening_points(m)).sum::<i32>() >= 30);
        }
        // 10+11+12 = 33 alone; 7+7+7 = 21 needs the run as well
        assert!(listed.iter().any(|p| p.melds.len() == 1));
    }

    #[test]
    fn no_opening_below_the_minimum() {
        assert!(check_listing(&[], &hand_of("B2 B3 B4 R5 G5 Y5"), false, 12).is_empty());
    }

    #[test]
    fn lay_offs_and_jokers_after_the_opening() {
        let table = vec![meld_of("R5 R6 R7"), meld_of("B9 G9 Y9")];
        let listed = check_listing(&table, &hand_of("R8 R4 R9 *"), true, 12);
        let lay_offs: Vec<(usize, Vec<u8>)> =
            listed.iter().filter_map(|p| p.replaces.map(|i| (i, p.placed.clone()))).collect();
        let code = |t: &str| cards::parse_cards(cards::Game::Rummy, t).unwrap()[0];
        assert!(lay_offs.contains(&(0, vec![code("R4")])));
        assert!(lay_offs.contains(&(0, vec![code("R8")])));
        assert!(lay_offs.contains(&(0, vec![JOKER])));
        assert!(lay_offs.contains(&(1, vec![JOKER])));
        assert!(!lay_offs.contains(&(0, vec![code("R9")])), "R9 does not touch R5-R7");
    }

    #[test]
    fn the_cap_bounds_new_melds() {
        let hand = hand_of("B1 B2 B3 B4 B5 B6 B7");
        assert!(check_listing(&[], &hand, true, 3).iter().all(|p| p.placed.len() <= 3));
        assert!(check_listing(&[], &hand, true, 0).iter().any(|p| p.placed.len() == 7));
    }

    /// A listing table lists what [`placements`] lists, and the table after each listed move is the
    /// table read afresh: over the positions of games of lay-offs (every meld kept, one grown).
    #[test]
    fn a_kept_table_lists_as_a_fresh_one() {
        let mut table = ListingTable::new(vec![meld_of("R5 R6 R7"), meld_of("B9 G9 Y9"), meld_of("B1 B2 *")]).unwrap();
        let hands = ["R8 R4 R9 * B3 B4 R9", "G4 G5 G6 R10 R11 Y1 B5", "Y8 Y7 Y6 Y5 R12 R13 B12 B13", "R9 G9 B9 *"];
        for (step, text) in hands.iter().cycle().take(24).enumerate() {
            let hand = hand_of(text);
            let melds: Vec<MeldCards> = table.melds().map(<[Pair]>::to_vec).collect();
            for opened in [true, false] {
                let kept = table.placements(&hand, opened, 30, 12).unwrap();
                assert_eq!(kept, placements(&melds, &hand, opened, 30, 12).unwrap(), "{text}");
            }
            let listed = table.placements(&hand, true, 30, 12).unwrap();
            let Some(chosen) = listed.get(step % listed.len().max(1)) else { continue };
            let after = table.after(chosen);
            let mut expected = melds.clone();
            match chosen.replaces {
                Some(i) => drop(expected.splice(i..=i, chosen.melds.iter().cloned())),
                None => expected.extend(chosen.melds.iter().cloned()),
            }
            assert_eq!(after.melds().map(<[Pair]>::to_vec).collect::<Vec<_>>(), expected);
            let fresh = ListingTable::new(expected).unwrap();
            for probe in hands {
                let probe = hand_of(probe);
                assert_eq!(
                    after.placements(&probe, true, 30, 12).unwrap(),
                    fresh.placements(&probe, true, 30, 12).unwrap()
                );
            }
            table = after;
        }
        assert!(table.len() > 3, "the moves grew the table");
    }

    #[test]
    fn bad_input_is_refused() {
        assert!(placements(&[], &[0; 10], true, 30, 12).is_err());
        assert!(placements(&[vec![(60, 60)]], &[0; TYPES], true, 30, 12).is_err());
        assert!(ListingTable::new(vec![vec![(60, 60)]]).is_err());
        assert!(ListingTable::new(Vec::new()).unwrap().placements(&[0; 10], true, 30, 12).is_err());
        let mut three = vec![0u8; TYPES];
        three[4] = 3;
        assert!(placements(&[], &three, true, 30, 12).is_err());
    }
}
