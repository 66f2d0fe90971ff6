//! Measures the Rommé bots weigh a hand by (not rules: no move depends on them being exact).
//!
//! The expert bot judges each possible discard by what the rest of the hand still lays and how
//! many partial melds its loose cards keep; asking this once for every discard keeps the bot
//! from crossing the binding for each candidate and counting partners card by card in Python.

use std::collections::HashMap;

use super::hand_search::{best_melds_within, Steps, Value};
use super::{Rules, JOKER, L};

/// Whether two natural cards could meet in a meld: the same rank, or the same suit at most two
/// ranks apart (the ace also next to Q and K).
fn could_join(a: u8, b: u8) -> bool {
    let (ra, rb) = (L.rank(a), L.rank(b));
    if ra == rb {
        return true;
    }
    let high = |r: u8| r == 1 || r == 12 || r == 13;
    L.suit(a) == L.suit(b) && (ra.abs_diff(rb) <= 2 || high(ra) && high(rb))
}

/// How many cards of `cards` could join `card` in a meld: other codes only (a second copy of
/// `card` does not count), jokers never; a joker itself has 99 partners.
pub fn partners(card: u8, cards: &[u8]) -> u32 {
    if card == JOKER {
        return 99;
    }
    cards.iter().filter(|&&c| c != JOKER && c != card && could_join(card, c)).count() as u32
}

/// What the hand keeps after discarding a card: the cards its best melds by count lay
/// (every card may go) and the partners its loose natural cards have among the loose cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiscardOutlook {
    pub melded: i32,
    pub partial: u32,
}

/// The outlook after each of `discards` (each a card of `hand`; the first copy leaves). Its
/// searches share one question's steps ([`super::hand_search::STEPS`]).
pub fn discard_outlooks(hand: &[u8], rules: &Rules, discards: &[u8]) -> Option<Vec<DiscardOutlook>> {
    let mut memo: HashMap<u8, DiscardOutlook> = HashMap::new();
    let steps = &mut Steps::new();
    let mut out = Vec::with_capacity(discards.len());
    for &card in discards {
        if let Some(&known) = memo.get(&card) {
            out.push(known);
            continue;
        }
        let mut rest = hand.to_vec();
        rest.remove(rest.iter().position(|&c| c == card)?);
        let (melded, melds) = best_melds_within(&rest, rules, Value::Cards, true, 0, steps);
        let mut loose = rest;
        for x in melds.iter().flat_map(|m| m.naturals.iter()) {
            if let Some(i) = loose.iter().position(|c| c == x) {
                loose.remove(i);
            }
        }
        let partial = loose.iter().filter(|&&x| x != JOKER).map(|&x| partners(x, &loose)).sum();
        let outlook = DiscardOutlook { melded, partial };
        memo.insert(card, outlook);
        out.push(outlook);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const fn code(suit: u8, rank: u8) -> u8 {
        suit * 13 + rank - 1
    }

    #[test]
    fn partners_count_rank_mates_and_near_suit_cards() {
        let seven_clubs = code(0, 7);
        let cards = [code(1, 7), code(0, 9), code(0, 10), code(0, 7), JOKER, code(2, 5)];
        // 7d (rank), 9c (two apart); not 10c (three apart), not the second 7c, not the joker, not 5h
        assert_eq!(partners(seven_clubs, &cards), 2);
        assert_eq!(partners(JOKER, &cards), 99);
        // the ace joins Q and K of its suit
        assert_eq!(partners(code(3, 1), &[code(3, 12), code(3, 13), code(3, 4), code(2, 13)]), 2);
    }

    #[test]
    fn outlook_counts_melded_and_loose_partners() {
        let rules = Rules::from_options(&crate::meld::Options::default()).unwrap();
        // 5c 6c 7c meld; 2d 3h loose, partners: none between them
        let hand = [code(0, 5), code(0, 6), code(0, 7), code(1, 2), code(2, 3)];
        let out = discard_outlooks(&hand, &rules, &[code(2, 3), code(0, 7)]).unwrap();
        assert_eq!(out[0], DiscardOutlook { melded: 3, partial: 0 });
        // without 7c nothing melds: 5c-6c partners each other, 2d none, 3h none
        assert_eq!(out[1], DiscardOutlook { melded: 0, partial: 2 });
        assert!(discard_outlooks(&hand, &rules, &[JOKER]).is_none());
    }
}
