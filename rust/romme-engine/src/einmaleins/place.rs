//! 1x1-Rommé's table move judged: a whole new table for the old one, laid from the hand of the
//! seat to move (the game's only copy of these rules; `romme.games.einmaleins` asks).
//!
//! The move lays at least one hand card and keeps one for the discard ("Er beendet seinen Zug,
//! indem er eine Karte auf den offenen Stapel ablegt"); every new meld is a meld with the wilds
//! it declares; the opening lays new melds only, worth at least the minimum; after it, table
//! cards go to the hand only as swapped wilds or as leftovers that fit nowhere.

use super::listing::{accepts, points, read_draft, DraftCard, TYPES};
use super::{token, validate_meld, WISH};
use crate::meld::{EngineError, Options};
use crate::rummy::listing::MeldCards;

/// What a legal table move moves: the hand cards it lays and the table cards it gives the hand
/// (each code once per copy, ascending).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moved {
    /// The hand cards the new table holds more of.
    pub placed: Vec<u8>,
    /// The table cards it holds fewer of (back to the hand).
    pub taken: Vec<u8>,
}

/// The judgement of a table move: the cards it moves, or the rule it breaks (a message naming it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The move is legal.
    Legal(Moved),
    /// The move breaks the rule named.
    Illegal(String),
}

/// A meld as the table notation writes it (`H12 W=H18 H24`).
fn meld_text(meld: &[(u8, u8)]) -> String {
    let card = |&(c, s): &(u8, u8)| if c == s { token(c) } else { format!("{}={}", token(c), token(s)) };
    meld.iter().map(card).collect::<Vec<_>>().join(" ")
}

/// A text quoted as the package's messages quote it (`romme.errors.quote`: the repr, cut after 40
/// characters with the length added).
fn quoted(text: &str) -> String {
    let repr = format!("'{text}'");
    let n = repr.chars().count();
    if n <= 40 {
        repr
    } else {
        format!("{}…({n} characters)", repr.chars().take(40).collect::<String>())
    }
}

/// `(added, removed)`: the melds of `new` that `old` lacks and those of `old` that `new` lacks,
/// melds kept in both matched one for one (the same cards declaring the same wilds, in order).
/// Removed melds come in the order of their first place in `old`.
fn table_diff<'a>(old: &'a [MeldCards], new: &'a [MeldCards]) -> (Vec<&'a MeldCards>, Vec<&'a MeldCards>) {
    let mut i = 0;
    while i < old.len() && i < new.len() && old[i] == new[i] {
        i += 1;
    }
    let mut j = 0;
    while j < old.len() - i && j < new.len() - i && old[old.len() - 1 - j] == new[new.len() - 1 - j] {
        j += 1;
    }
    let (old, new) = (&old[i..old.len() - j], &new[i..new.len() - j]);
    // each distinct old meld (first place) with how many copies are not matched yet
    let mut left: Vec<(&MeldCards, usize)> = Vec::new();
    for m in old {
        match left.iter_mut().find(|(k, _)| *k == m) {
            Some((_, n)) => *n += 1,
            None => left.push((m, 1)),
        }
    }
    let mut added = Vec::new();
    for m in new {
        match left.iter_mut().find(|(k, n)| *k == m && *n > 0) {
            Some((_, n)) => *n -= 1,
            None => added.push(m),
        }
    }
    let removed = left.into_iter().flat_map(|(m, n)| std::iter::repeat_n(m, n)).collect();
    (added, removed)
}

fn counts<'a>(melds: impl Iterator<Item = &'a MeldCards>) -> Vec<i32> {
    let mut out = vec![0; TYPES];
    for m in melds {
        for &(c, _) in m {
            out[c as usize] += 1;
        }
    }
    out
}

/// Whether `meld` is a meld declaring the wilds it declares: the meld check reads the cards as a
/// meld at all, and reading them with their declarations gives the same meld.
fn is_valid_meld(meld: &MeldCards) -> bool {
    let codes: Vec<u8> = meld.iter().map(|p| p.0).collect();
    if validate_meld(&codes, &Options::default()).is_err() {
        return false;
    }
    let draft: Vec<DraftCard> = meld.iter().map(|&(c, s)| (c, Some(s))).collect();
    read_draft(&draft).is_some_and(|mut read| {
        let mut own = meld.clone();
        read.sort_unstable();
        own.sort_unstable();
        read == own
    })
}

/// Checks the codes of a table (what each card declares is the meld check's to judge).
fn check_table(table: &[MeldCards], what: &str) -> Result<(), EngineError> {
    match table.iter().flatten().find(|&&(c, s)| c > WISH || s > WISH) {
        Some((c, s)) => Err(EngineError::new(format!("{what} holds no 1x1-Rommé card ({c}, {s})"))),
        None => Ok(()),
    }
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
    if hand.len() != TYPES {
        return Err(EngineError::new(format!("a 1x1-Rommé hand is {TYPES} counts by code, got {}", hand.len())));
    }
    check_table(old, "the table")?;
    check_table(new, "the new table")?;
    let illegal = |msg: String| Ok(Verdict::Illegal(msg));
    let (added, removed) = table_diff(old, new);
    let (gain, loss) = (counts(added.iter().copied()), counts(removed.iter().copied()));
    let placed: Vec<i32> = gain.iter().zip(&loss).map(|(g, l)| (g - l).max(0)).collect();
    let taken: Vec<i32> = gain.iter().zip(&loss).map(|(g, l)| (l - g).max(0)).collect();
    if placed.iter().all(|&n| n == 0) {
        return illegal("a table move must lay at least one hand card".into());
    }
    // the placed cards in the order they first appear in the new melds
    for &(c, _) in added.iter().flat_map(|m| m.iter()) {
        if (hand[c as usize] as i32) < placed[c as usize] {
            return illegal(format!("{} is placed but is not in the hand", token(c)));
        }
    }
    let in_hand: i32 = hand.iter().map(|&n| n as i32).sum();
    if in_hand - placed.iter().sum::<i32>() + taken.iter().sum::<i32>() == 0 {
        return illegal("going out is only by discarding the last card: keep one card to discard".into());
    }
    if let Some(m) = added.iter().find(|m| !is_valid_meld(m)) {
        return illegal(format!("{} is not a valid meld", quoted(&meld_text(m))));
    }
    let moved = |placed: &[i32], taken: &[i32]| {
        let cards = |n: &[i32]| (0..TYPES as u8).flat_map(|c| std::iter::repeat_n(c, n[c as usize] as usize)).collect();
        Verdict::Legal(Moved { placed: cards(placed), taken: cards(taken) })
    };
    if !opened {
        if !removed.is_empty() {
            return illegal("the opening lays new melds from the hand only; the table must stay as it is".into());
        }
        let pts: i32 = added.iter().map(|m| points(m)).sum();
        if pts < minimum {
            return illegal(format!("the opening needs {minimum} points from new melds, these make {pts}"));
        }
        return Ok(moved(&placed, &taken));
    }
    if let Some(msg) = taken_back_refusal(new, &removed, &placed, &taken) {
        return illegal(msg);
    }
    Ok(moved(&placed, &taken))
}

/// Table cards may go to the hand only as swapped wilds (a wild of a removed meld whose card the
/// move lays) or as leftovers that fit nowhere: on no meld of the new table, and no three of them
/// a meld of their own. The refusal, or `None`.
fn taken_back_refusal(new: &[MeldCards], removed: &[&MeldCards], placed: &[i32], taken: &[i32]) -> Option<String> {
    let mut leftovers = taken.to_vec();
    let mut naturals = placed.to_vec();
    for &(c, s) in removed.iter().flat_map(|m| m.iter()) {
        if c != s && leftovers[c as usize] > 0 && naturals[s as usize] > 0 {
            leftovers[c as usize] -= 1;
            naturals[s as usize] -= 1;
        }
    }
    let left: Vec<u8> = (0..TYPES as u8).flat_map(|c| std::iter::repeat_n(c, leftovers[c as usize] as usize)).collect();
    for &c in &left {
        if let Some(m) = new.iter().find(|m| accepts(m).iter().any(|&(code, _)| code == c)) {
            return Some(format!("{} may not go to the hand: it still fits meld {}", token(c), quoted(&meld_text(m))));
        }
    }
    // Every meld holds a 3-card meld (three neighbouring cells around a natural card, or three
    // cards of a set), so looking at triples is enough.
    for (i, &a) in left.iter().enumerate() {
        for (j, &b) in left.iter().enumerate().skip(i + 1) {
            for &c in &left[j + 1..] {
                if read_draft(&[(a, None), (b, None), (c, None)]).is_some() {
                    let cards = [a, b, c].map(token).join(" ");
                    return Some(format!("{cards} may not go to the hand: they form a meld of their own"));
                }
            }
        }
    }
    None
}
