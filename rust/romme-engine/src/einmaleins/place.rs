//! 1x1-Rommé's table move judged: a whole new table for the old one, laid from the hand of the
//! seat to move (the game's only copy of these rules; `romme.games.einmaleins` asks).
//!
//! The move lays at least one hand card and keeps one for the discard ("Er beendet seinen Zug,
//! indem er eine Karte auf den offenen Stapel ablegt"); every new meld is a meld with the wilds
//! it declares; the opening lays new melds only, worth at least the minimum; after it, table
//! cards go to the hand only as swapped wilds or as leftovers that fit nowhere.

use super::listing::{accepts, points, read_draft, TYPES};
use super::{token, validate_meld};
use crate::meld::{EngineError, Options};
use crate::rummy::listing::MeldCards;
use crate::table_place::{cards_of, declares_itself, quoted, TableChange, TableDeck, KEEP_ONE_TO_DISCARD};
pub use crate::table_place::{Moved, Verdict};

/// The 1x1-Rommé deck as the judge reads it.
pub const DECK: TableDeck = TableDeck { game: "1x1-Rommé", types: TYPES, token };

/// Whether `meld` is a meld declaring the wilds it declares: the meld check reads the cards as a
/// meld at all, and reading them with their declarations gives the same meld.
fn is_valid_meld(meld: &MeldCards) -> bool {
    declares_itself(meld, |codes| validate_meld(codes, &Options::default()).is_ok(), read_draft)
}

/// Judges the table move from `old` to `new` of a seat holding `hand` (counts by code), opened or
/// not, with the opening's `minimum` points. An error only for input that is no position.
pub fn judge(
    old: &[MeldCards],
    new: &[MeldCards],
    hand: &[u8],
    opened: bool,
    minimum: i32,
) -> Result<Verdict, EngineError> {
    let change = DECK.change(old, new, hand)?;
    let illegal = |msg: String| Ok(Verdict::Illegal(msg));
    if change.placed_count() == 0 {
        return illegal("a table move must lay at least one hand card".into());
    }
    if let Some(msg) = change.not_in_hand(hand, &DECK) {
        return illegal(msg);
    }
    if change.left_in_hand(hand) == 0 {
        return illegal(KEEP_ONE_TO_DISCARD.into());
    }
    if let Some(msg) = change.invalid_meld(is_valid_meld, &DECK) {
        return illegal(msg);
    }
    if !opened {
        return match change.opening_refusal(minimum, points, "new melds") {
            Some(msg) => illegal(msg),
            None => Ok(Verdict::Legal(change.moved())),
        };
    }
    if let Some(msg) = taken_back_refusal(new, &change) {
        return illegal(msg);
    }
    Ok(Verdict::Legal(change.moved()))
}

/// Table cards may go to the hand only as swapped wilds (a wild of a removed meld whose card the
/// move lays) or as leftovers that fit nowhere: on no meld of the new table, and no three of them
/// a meld of their own. The refusal, or `None`.
fn taken_back_refusal(new: &[MeldCards], change: &TableChange) -> Option<String> {
    let mut leftovers = change.taken.clone();
    let mut naturals = change.placed.clone();
    for &(c, s) in change.removed.iter().flat_map(|m| m.iter()) {
        if c != s && leftovers[c as usize] > 0 && naturals[s as usize] > 0 {
            leftovers[c as usize] -= 1;
            naturals[s as usize] -= 1;
        }
    }
    let left = cards_of(&leftovers);
    for &c in &left {
        if let Some(m) = new.iter().find(|m| accepts(m).iter().any(|&(code, _)| code == c)) {
            let meld = quoted(&DECK.meld_text(m));
            return Some(format!("{} may not go to the hand: it still fits meld {meld}", token(c)));
        }
    }
    // Every meld holds a 3-card meld (three neighbouring cells around a natural card, or three
    // cards of a set), so looking at triples is enough.
    for (i, &a) in left.iter().enumerate() {
        for (j, &b) in left.iter().enumerate().skip(i + 1) {
            for &c in &left[j + 1..] {
                if read_draft(&[(a, None), (b, None), (c, None)]).is_some() {
                    let cards = DECK.cards_text(&[a, b, c]);
                    return Some(format!("{cards} may not go to the hand: they form a meld of their own"));
                }
            }
        }
    }
    None
}
