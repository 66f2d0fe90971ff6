//! Krass Kariert's listed plays: every window of a hand that beats the trick, each reading once
//! (the game's only copy; `romme.games.krass` builds its move list from it).
//!
//! A play's *strength* is one integer, `kind * 16 + number` (kinds in
//! [`ComboKind`](super::ComboKind) order), so "beats" is `>`; the special cards rank above every
//! combination ([`DRAW_STRENGTH`], [`STOP_STRENGTH`]) and [`FREE`] is "nothing to beat yet".

use std::sync::OnceLock;

use super::{classify, ComboKind, Play, DRAW, STOP, TYPE_COUNT, X};
use crate::meld::EngineError;

/// Strength of "nothing to beat yet" (a lead, or only draw cards so far).
pub const FREE: i32 = -1;
/// Strength of a draw card: always playable, never the combination to beat.
pub const DRAW_STRENGTH: i32 = 100;
/// Strength of a stop card: always playable, ends and wins the trick.
pub const STOP_STRENGTH: i32 = 101;
/// Most cards in one play.
const MAX_PLAY: usize = 3;
/// The numbers an X may stand for.
const X_VALUES: std::ops::RangeInclusive<u8> = 1..=12;

/// The kind of a combination strength (below [`DRAW_STRENGTH`]); `None` for any other number.
pub fn kind_of(strength: i32) -> Option<ComboKind> {
    const KINDS: [ComboKind; 5] =
        [ComboKind::Solo, ComboKind::Straight2, ComboKind::Pair, ComboKind::Straight3, ComboKind::Triple];
    usize::try_from(strength >> 4).ok().and_then(|k| KINDS.get(k).copied())
}

/// A play's strength (see the module notes).
pub fn strength(play: Play) -> i32 {
    match play {
        Play::Combo(c) => c.kind as i32 * 16 + c.rank as i32,
        Play::Draw => DRAW_STRENGTH,
        Play::Stop => STOP_STRENGTH,
    }
}

/// The name of a strength as the game shows it (`"pair 9"`, `"2-straight 6"`, `"draw"`, `"stop"`,
/// `"nothing"` for [`FREE`]); `None` for a number that is no strength.
pub fn strength_name(strength: i32) -> Option<String> {
    match strength {
        FREE => Some("nothing".into()),
        DRAW_STRENGTH => Some("draw".into()),
        STOP_STRENGTH => Some("stop".into()),
        s => {
            let kind = kind_of(s)?;
            // a straight is ranked by its top card, so it starts at 2 or 3
            let lowest = match kind {
                ComboKind::Straight2 => 2,
                ComboKind::Straight3 => 3,
                _ => 1,
            };
            let rank = s & 15;
            (lowest..=12).contains(&rank).then(|| format!("{} {rank}", kind.name()))
        }
    }
}

/// One reading of a window: its strength and the numbers its X cards stand for, ascending.
pub type Reading = (i32, Vec<u8>);

/// The strength of a window played with X values `xs` (one per X, in window order), or why it is
/// no play: the sizes, values and combinations the rules allow (docs/RULES.md §5).
pub fn play_strength(cards: &[u8], xs: &[i64]) -> Result<i32, EngineError> {
    if !(1..=MAX_PLAY).contains(&cards.len()) {
        return Err(EngineError::new(format!("a combination has 1 to 3 cards, not {}", cards.len())));
    }
    check_hand(cards)?;
    let x_count = cards.iter().filter(|&&c| c == X).count();
    if let [special @ (DRAW | STOP)] = cards {
        if !xs.is_empty() {
            return Err(EngineError::new("draw and stop cards take no X value"));
        }
        return Ok(if *special == DRAW { DRAW_STRENGTH } else { STOP_STRENGTH });
    }
    if xs.len() != x_count {
        return Err(EngineError::new(format!(
            "the window holds {x_count} X card(s), so name {x_count} X value(s), not {}",
            xs.len()
        )));
    }
    let mut values = xs.iter();
    let mut pairs = Vec::with_capacity(cards.len());
    for &c in cards {
        let value = match c {
            X => {
                let v = *values.next().unwrap_or(&0);
                match u8::try_from(v).ok().filter(|v| X_VALUES.contains(v)) {
                    Some(v) => v,
                    None => return Err(EngineError::new(format!("an X card must stand for a number 1..12, got {v}"))),
                }
            }
            c if c < X => c + 1,
            _ => 0,
        };
        pairs.push((c, value));
    }
    classify(&pairs).map(strength)
}

/// Every distinct reading of a window, strongest first: for each strength the first X values
/// (ascending; copies of X are alike) that reach it. Empty when the window is no play.
fn window_readings(cards: &[u8]) -> Vec<Reading> {
    let x_count = cards.iter().filter(|&&c| c == X).count() as u32;
    let mut found: Vec<Reading> = Vec::new();
    for k in 0..12u32.pow(x_count) {
        // the X values in the order itertools.product lists them (the first slowest)
        let xs: Vec<u8> = (0..x_count).rev().map(|i| (k / 12u32.pow(i) % 12) as u8 + 1).collect();
        if xs.windows(2).any(|w| w[0] > w[1]) {
            continue;
        }
        let values: Vec<i64> = xs.iter().map(|&v| v as i64).collect();
        if let Ok(s) = play_strength(cards, &values) {
            if !found.iter().any(|(t, _)| *t == s) {
                found.push((s, xs));
            }
        }
    }
    found.sort_by_key(|r| std::cmp::Reverse(r.0));
    found
}

/// The readings of every window of `length` cards, indexed by the codes as a base-15 number.
pub fn readings_table(length: usize) -> &'static [Vec<Reading>] {
    static TABLES: OnceLock<[Vec<Vec<Reading>>; MAX_PLAY]> = OnceLock::new();
    let tables = TABLES.get_or_init(|| {
        std::array::from_fn(|i| {
            let len = i + 1;
            (0..TYPE_COUNT.pow(len as u32))
                .map(|mut index| {
                    let mut cards = vec![0u8; len];
                    for slot in cards.iter_mut().rev() {
                        *slot = (index % TYPE_COUNT) as u8;
                        index /= TYPE_COUNT;
                    }
                    window_readings(&cards)
                })
                .collect()
        })
    });
    tables.get(length.wrapping_sub(1)).map_or(&[], |t| t.as_slice())
}

/// Fails unless every card is a Krass Kariert code.
pub(crate) fn check_hand(hand: &[u8]) -> Result<(), EngineError> {
    match hand.iter().find(|&&c| c as usize >= TYPE_COUNT) {
        Some(c) => Err(EngineError::new(format!("card code {c} is not a krass card"))),
        None => Ok(()),
    }
}

/// The readings of the window of `length` cards at `start` (none past the hand's end).
fn readings_at(hand: &[u8], start: usize, length: usize) -> &'static [Reading] {
    match hand.get(start..start + length) {
        Some(cards) => {
            let index = cards.iter().fold(0, |acc, &c| acc * TYPE_COUNT + c as usize);
            &readings_table(length)[index]
        }
        None => &[],
    }
}

/// One listed play: the window `start .. start + length`, its strength and its X values.
pub type ListedPlay = (usize, usize, i32, Vec<u8>);

/// Every play of `hand` stronger than `beat`: by window start, then length, strongest first.
pub fn plays(hand: &[u8], beat: i32) -> Result<Vec<ListedPlay>, EngineError> {
    let mut out = Vec::new();
    visit_plays(hand, beat, |start, length, s, xs| out.push((start, length, s, xs.to_vec())))?;
    Ok(out)
}

/// Calls `visit(start, length, strength, x_values)` for every play of [`plays`], in its order
/// (without building the list: the game flow packs them for Python).
pub fn visit_plays(hand: &[u8], beat: i32, mut visit: impl FnMut(usize, usize, i32, &[u8])) -> Result<(), EngineError> {
    check_hand(hand)?;
    for start in 0..hand.len() {
        for length in 1..=MAX_PLAY {
            for (s, xs) in readings_at(hand, start, length).iter().take_while(|(s, _)| *s > beat) {
                visit(start, length, *s, xs);
            }
        }
    }
    Ok(())
}

/// Whether some window of `hand` beats `beat` (a draw or stop card always does).
pub fn can_play(hand: &[u8], beat: i32) -> Result<bool, EngineError> {
    check_hand(hand)?;
    Ok((0..hand.len()).any(|start| {
        (1..=MAX_PLAY).any(|length| readings_at(hand, start, length).first().is_some_and(|(s, _)| *s > beat))
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(number: u8) -> u8 {
        number - 1
    }

    #[test]
    fn strengths_order_the_kinds() {
        let pair9 = play_strength(&[n(9), n(9)], &[]).unwrap();
        let straight3 = play_strength(&[n(4), X, n(6)], &[5]).unwrap();
        assert!(straight3 > pair9);
        assert_eq!(kind_of(pair9), Some(ComboKind::Pair));
        assert_eq!(pair9 & 15, 9);
        assert_eq!(play_strength(&[STOP], &[]).unwrap(), STOP_STRENGTH);
        assert!(play_strength(&[X, X], &[5, 5]).is_err(), "two X make no play");
        assert!(play_strength(&[X, n(5)], &[13]).is_err());
        assert!(play_strength(&[X, n(5)], &[]).is_err());
        assert!(play_strength(&[DRAW], &[1]).is_err());
        assert!(play_strength(&[n(1), n(2), n(3), n(4)], &[]).is_err());
    }

    #[test]
    fn an_x_reads_every_number_it_can_stand_for_strongest_first() {
        let r = &readings_table(2)[(n(7) as usize) * TYPE_COUNT + X as usize];
        let shown: Vec<(i32, Vec<u8>)> = r.clone();
        // 7 with X: pair 7 (X=7), 2-straight 8 (X=8), 2-straight 7 (X=6)
        let pair7 = ComboKind::Pair as i32 * 16 + 7;
        let s8 = ComboKind::Straight2 as i32 * 16 + 8;
        let s7 = ComboKind::Straight2 as i32 * 16 + 7;
        assert_eq!(shown, vec![(pair7, vec![7]), (s8, vec![8]), (s7, vec![6])]);
    }

    #[test]
    fn plays_list_what_beats_and_can_play_agrees() {
        let hand = [n(3), n(4), n(4), STOP, n(12)];
        let all = plays(&hand, FREE).unwrap();
        assert!(all.contains(&(3, 1, STOP_STRENGTH, vec![])));
        assert!(all.contains(&(1, 2, ComboKind::Pair as i32 * 16 + 4, vec![])));
        let pair4 = ComboKind::Pair as i32 * 16 + 4;
        let beating = plays(&hand, pair4).unwrap();
        assert!(beating.iter().all(|p| p.2 > pair4));
        assert_eq!(beating, vec![(3, 1, STOP_STRENGTH, vec![])]);
        for beat in [FREE, pair4, STOP_STRENGTH] {
            assert_eq!(can_play(&hand, beat).unwrap(), !plays(&hand, beat).unwrap().is_empty());
        }
        assert!(plays(&[15], FREE).is_err());
    }
}
