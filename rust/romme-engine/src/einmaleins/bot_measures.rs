//! The 1x1-Rommé expert's measures (a bot's judgement, not rules): how much a hand card is worth
//! keeping, and the order in which the expert would give up its cards. `romme.bots.einmaleins`
//! (the expert, the master's candidates and rollouts) asks.

use super::listing::{windows, TYPES};
use super::{deck, hand_points, WISH};
use crate::meld::EngineError;

/// What keeping a wish card is worth: more than any other card ever is.
const WISH_KEEP: i32 = 1000;
/// What keeping a 1-card is worth for being wild in the runs of its symbol.
const ONE_KEEP: i32 = 30;
/// What each partner toward a meld adds: a card of the same value, a card of a shared run window.
const PARTNER_KEEP: i32 = 10;

/// How much `code` is worth keeping in `hand` (counts by code): the wish card most; else a 1-card's
/// wildness, plus each hand card of its value (set material, every copy) and, per 3-card run window
/// it is in, each other card of the window the hand holds (run material, once per window).
pub fn keep_value(hand: &[u8], code: u8) -> i32 {
    if code == WISH {
        return WISH_KEEP;
    }
    let d = deck();
    let value = d.value[code as usize];
    let mut score = if value == 1 { ONE_KEEP } else { 0 };
    let same_value: i32 = (0..4u8)
        .filter_map(|s| super::card(s, value as u32))
        .filter(|&c| c != code)
        .map(|c| hand[c as usize] as i32)
        .sum();
    let window_partners =
        windows()[code as usize].iter().flatten().filter(|&&c| c != code && hand[c as usize] > 0).count() as i32;
    score += PARTNER_KEEP * (same_value + window_partners);
    score
}

/// The indexes of `choices` (card codes the seat may discard) in the order the expert gives them up:
/// least worth keeping first ([`keep_value`] less the card's minus points), the lower code first on a tie.
pub fn discard_order(hand: &[u8], choices: &[u8]) -> Result<Vec<usize>, EngineError> {
    if hand.len() != TYPES {
        return Err(EngineError::new(format!("a 1x1-Rommé hand is {TYPES} counts by code, got {}", hand.len())));
    }
    if let Some(bad) = choices.iter().find(|&&c| c > WISH) {
        return Err(EngineError::new(format!("{bad} is no 1x1-Rommé card code")));
    }
    let mut order: Vec<usize> = (0..choices.len()).collect();
    order.sort_by_cached_key(|&i| (keep_value(hand, choices[i]) - hand_points(choices[i]), choices[i]));
    Ok(order)
}
