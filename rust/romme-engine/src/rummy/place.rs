//! Rummy's place move judged: a whole new table for the old one, laid from the hand of the seat to
//! move (the game's only copy of these rules; `romme.games.rummy` asks). docs/RULES.md §4.
//!
//! Rule 1: no table card goes to the hand. The move lays at least one hand card, every one from
//! the hand. Rule 3: at most `max_hand_cards_per_turn` hand cards a turn (0: no cap). Rule 2:
//! every new meld is a set or run with the jokers standing where they declare. The opening lays
//! new melds from the hand only, worth at least `opening_points` (jokers count 0).

use super::listing::{opening_points, MeldCards, TYPES};
use super::{read_draft, read_meld, token, DraftCard};
use crate::meld::EngineError;
use crate::table_place::{cards_of, declares_itself, TableDeck, Verdict};

/// The Rummy deck as the judge reads it.
pub const DECK: TableDeck = TableDeck { game: "Rummy", types: TYPES, token };

/// Whether `meld` is a meld declaring the jokers it declares: the meld check reads the cards as a
/// meld at all, and reading them with their declarations gives the same meld.
fn is_valid_meld(meld: &MeldCards) -> bool {
    // (read_meld: validate_meld without reading the options, none of which shapes a meld)
    let is_meld = |codes: &[u8]| read_meld(codes).is_ok();
    let read =
        |draft: &[DraftCard]| read_draft(draft).map(|m| m.cards.iter().map(|p| (p.code, p.stands_for)).collect());
    declares_itself(meld, is_meld, read)
}

/// Judges the place move from `old` to `new` of a seat holding `hand` (53 counts by code), opened
/// or not, under the options `opening_points` and `cap` (most hand cards a turn; 0: no cap). An
/// error only for input that is no position.
pub fn judge(
    old: &[MeldCards],
    new: &[MeldCards],
    hand: &[u8],
    opened: bool,
    minimum: i32,
    cap: i32,
) -> Result<Verdict, EngineError> {
    let change = DECK.change(old, new, hand)?;
    let illegal = |msg: String| Ok(Verdict::Illegal(msg));
    if change.taken_count() > 0 {
        let cards = DECK.cards_text(&cards_of(&change.taken));
        return illegal(format!("rule 1: {cards} lay on the table and may not go to the hand"));
    }
    if change.placed_count() == 0 {
        return illegal("a place move must lay at least one hand card (or pass)".into());
    }
    if let Some(msg) = change.not_in_hand(hand, &DECK) {
        return illegal(msg);
    }
    let n = change.placed_count();
    if cap != 0 && n > cap {
        return illegal(format!("rule 3: at most {cap} hand cards may be placed per turn, this places {n}"));
    }
    if let Some(msg) = change.invalid_meld(is_valid_meld, &DECK) {
        return illegal(format!("rule 2: {msg}"));
    }
    if !opened {
        let counted = "the player's own new melds (jokers count 0)";
        if let Some(msg) = change.opening_refusal(minimum, opening_points, counted) {
            return illegal(msg);
        }
    }
    Ok(Verdict::Legal(change.moved()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{parse_cards, Game};
    use crate::table_place::Moved;

    fn cards(tokens: &str) -> Vec<u8> {
        parse_cards(Game::Rummy, tokens).unwrap()
    }

    fn hand(tokens: &str) -> Vec<u8> {
        let mut counts = vec![0u8; TYPES];
        for c in cards(tokens) {
            counts[c as usize] += 1;
        }
        counts
    }

    /// A meld of natural cards and jokers declared as `*=R6`.
    fn meld(tokens: &str) -> MeldCards {
        let card = |t: &str| match t.split_once('=') {
            Some((c, s)) => (cards(c)[0], cards(s)[0]),
            None => (cards(t)[0], cards(t)[0]),
        };
        tokens.split_whitespace().map(card).collect()
    }

    fn refused(v: Verdict, words: &str) {
        match v {
            Verdict::Illegal(msg) => assert_eq!(msg, words),
            Verdict::Legal(m) => panic!("accepted {m:?}, expected: {words}"),
        }
    }

    #[test]
    fn rules_one_to_three_and_the_opening() {
        let old = vec![meld("R5 R6 R7"), meld("B4 G4 Y4 R4")];
        let h = hand("R2 R3 R8 B9 *");
        // a lay-off, and a rearrangement: R4 leaves the set for a run with R2 R3
        let grown = vec![meld("R5 R6 R7 R8"), meld("B4 G4 Y4 R4")];
        let legal = Verdict::Legal(Moved { placed: cards("R8"), taken: vec![] });
        assert_eq!(judge(&old, &grown, &h, true, 30, 12).unwrap(), legal);
        let moved = vec![meld("R2 R3 R4 R5 R6 R7"), meld("B4 G4 Y4")];
        let legal = Verdict::Legal(Moved { placed: cards("R2 R3"), taken: vec![] });
        assert_eq!(judge(&old, &moved, &h, true, 30, 12).unwrap(), legal);
        // rule 1 is named before everything else, the cards taken in code order
        let taken = vec![meld("R5 R6 R7")];
        refused(
            judge(&old, &taken, &h, true, 30, 12).unwrap(),
            "rule 1: B4 R4 G4 Y4 lay on the table and may not go to the hand",
        );
        refused(judge(&old, &old, &h, true, 30, 12).unwrap(), "a place move must lay at least one hand card (or pass)");
        let not_held = vec![meld("R5 R6 R7"), meld("B4 G4 Y4 R4"), meld("B9 B10 B11")];
        refused(judge(&old, &not_held, &h, true, 30, 12).unwrap(), "B10 is placed but is not in the hand");
        // rule 3: the cap, 0 for none
        refused(
            judge(&old, &moved, &h, true, 30, 1).unwrap(),
            "rule 3: at most 1 hand cards may be placed per turn, this places 2",
        );
        assert!(matches!(judge(&old, &moved, &h, true, 30, 0).unwrap(), Verdict::Legal(_)));
        // rule 2: every new meld valid, a joker standing where it declares
        let broken = vec![meld("R2 R3 R4 R5"), meld("R6 R7"), meld("B4 G4 Y4")];
        refused(judge(&old, &broken, &h, true, 30, 12).unwrap(), "rule 2: 'R6 R7' is not a valid meld");
        let misdeclared = vec![meld("R5 R6 R7 *=R9"), meld("B4 G4 Y4 R4")];
        refused(judge(&old, &misdeclared, &h, true, 30, 12).unwrap(), "rule 2: 'R5 R6 R7 *=R9' is not a valid meld");
        let declared = vec![meld("R5 R6 R7 *=R8"), meld("B4 G4 Y4 R4")];
        assert!(matches!(judge(&old, &declared, &h, true, 30, 12).unwrap(), Verdict::Legal(_)));
        // the opening: new melds from the hand only, 30 points with jokers counting 0
        refused(
            judge(&old, &grown, &h, false, 30, 12).unwrap(),
            "the opening lays new melds from the hand only; the table must stay as it is",
        );
        let h = hand("R9 R10 R11 * B1");
        let short = [old.clone(), vec![meld("R9 R10 *=R11")]].concat();
        refused(
            judge(&old, &short, &h, false, 30, 12).unwrap(),
            "the opening needs 30 points from the player's own new melds (jokers count 0), these make 19",
        );
        let enough = [old.clone(), vec![meld("R9 R10 R11 *=R12")]].concat();
        assert!(matches!(judge(&old, &enough, &h, false, 30, 12).unwrap(), Verdict::Legal(_)));
    }

    #[test]
    fn input_that_is_no_position_is_an_error() {
        let old = vec![meld("R5 R6 R7")];
        assert!(judge(&old, &[vec![(53, 53), (1, 1), (2, 2)]], &hand("R8"), true, 30, 12).is_err());
        assert!(judge(&[vec![(1, 60)]], &old, &hand("R8"), true, 30, 12).is_err());
        assert!(judge(&old, &old, &[0; 52], true, 30, 12).is_err());
    }
}
