//! The rules of Rommé's table moves within a turn: who may lay off, swap and rearrange, the
//! opening (its minimum, `opening_without_jokers`, Hand-Rommé, the discard taken that it must
//! use), the card kept to discard and the joker won by a swap that must be laid the same turn (what
//! a Räuber rearrangement may take and must lay is the place judge's, [`super::place`]). Each
//! check answers what the move changes or the rule it breaks.

use super::listing::joker_usable;
use super::table_meld::{lay_off, read_meld, spec_card, spec_token, swap_joker, token, TableMeld};
use super::{Rules, JOKER};
use crate::meld::EngineError;
use crate::table_place::KEEP_ONE_TO_DISCARD;

/// What the game flow knows of the turn of the seat to move (in the play phase).
#[derive(Clone, Copy, Debug)]
pub struct Turn<'a> {
    pub hand: &'a [u8],
    pub table: &'a [TableMeld],
    /// The game has a discard pile (the last card must be discarded, not laid).
    pub with_discard: bool,
    /// The seat has opened (perhaps this turn).
    pub opened: bool,
    /// ... before this turn.
    pub opened_before: bool,
    /// Jokers won by swaps this turn, still to be laid.
    pub owed_jokers: u8,
    /// The discard taken this turn that the opening must use.
    pub must_open_with: Option<u8>,
}

/// What an accepted table move changes: the hand after it, the jokers still owed, whether it opens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub hand: Vec<u8>,
    pub owed: u8,
    pub opens: bool,
}

/// A refusal naming the rule broken.
pub(super) fn err<T>(msg: impl Into<String>) -> Result<T, EngineError> {
    Err(EngineError::new(msg))
}

impl Turn<'_> {
    fn keep(&self) -> usize {
        usize::from(self.with_discard)
    }

    /// Lay-offs, swaps and rearranging need an opened seat (and maybe not in the opening turn).
    pub(super) fn may_table(&self, what: &str, rules: &Rules) -> Result<(), EngineError> {
        if !self.opened {
            return err(format!(
                "{what} only after opening (the first laying down of {}+ points)",
                rules.opening_points
            ));
        }
        if !self.opened_before && !rules.lay_off_in_opening_turn {
            return err(format!("lay_off_in_opening_turn is off: no {what} in the turn of the opening"));
        }
        Ok(())
    }

    /// The hand without `cards`, or which card it lacks.
    fn take(&self, cards: &[u8], what: &str) -> Result<Vec<u8>, EngineError> {
        let mut rest = self.hand.to_vec();
        for &c in cards {
            let Some(i) = rest.iter().position(|&x| x == c) else {
                return err(format!("{what}: {} is not in the hand (or not that often)", token(c)));
            };
            rest.remove(i);
        }
        Ok(rest)
    }

    fn check_left(&self, rest: &[u8]) -> Result<(), EngineError> {
        if self.with_discard && rest.is_empty() {
            return err(KEEP_ONE_TO_DISCARD);
        }
        Ok(())
    }

    /// A joker won by a swap must be laid in the same turn: the move must leave a way to lay it.
    pub(super) fn after_owed(
        &self,
        owed: u8,
        hand: &[u8],
        table: &[TableMeld],
        rules: &Rules,
    ) -> Result<(), EngineError> {
        if owed > 0 && !joker_usable(hand, table, self.keep(), rules) {
            return err("a joker won by a swap must be laid in the same turn; this move leaves no way to lay it");
        }
        Ok(())
    }

    fn meld_index(&self, target: i64) -> Result<usize, EngineError> {
        let n = self.table.len();
        if target < 1 || target as u64 > n as u64 {
            return err(format!("no meld {target} on the table (melds 1..{n})"));
        }
        Ok(target as usize - 1)
    }

    /// New melds from the hand: the melds built (appended to the table by the caller).
    pub fn meld(&self, melds: &[Vec<u8>], rules: &Rules) -> Result<(Outcome, Vec<TableMeld>), EngineError> {
        let new = build_all(melds, rules)?;
        let used: Vec<u8> = melds.iter().flatten().map(|&s| spec_card(s)).collect();
        let rest = self.take(&used, "meld")?;
        self.check_left(&rest)?;
        let opening = !self.opened;
        if opening {
            if rules.opening_without_jokers && used.contains(&JOKER) {
                return err("opening_without_jokers: the opening melds contain no joker");
            }
            let points: i32 = new.iter().map(TableMeld::points).sum();
            let hand_romme = rules.hand_romme && rest.len() == self.keep();
            if points < rules.opening_points && !hand_romme {
                return err(format!(
                    "opening needs {} points from new melds, these make {points}",
                    rules.opening_points
                ));
            }
            if let Some(must) = self.must_open_with {
                if !used.contains(&must) {
                    return err(format!(
                        "discard_pickup_after_opening: the opening must use the taken {}",
                        token(must)
                    ));
                }
            }
        }
        let jokers = used.iter().filter(|&&c| c == JOKER).count();
        let owed = self.owed_jokers.saturating_sub(jokers.min(255) as u8);
        let table: Vec<TableMeld> = self.table.iter().chain(&new).cloned().collect();
        self.after_owed(owed, &rest, &table, rules)?;
        Ok((Outcome { hand: rest, owed, opens: opening }, new))
    }

    /// One card laid off on table meld `target` (1-based): the meld it makes, at its index.
    pub fn lay_off(&self, spec: u8, target: i64, rules: &Rules) -> Result<(Outcome, usize, TableMeld), EngineError> {
        self.may_table("laying off", rules)?;
        let i = self.meld_index(target)?;
        let card = spec_card(spec);
        let rest = self.take(&[card], "layoff")?;
        self.check_left(&rest)?;
        let new = lay_off(&self.table[i], spec, rules)
            .map_err(|e| EngineError::new(format!("layoff {} to {target}: {e}", spec_token(spec))))?;
        let owed = self.owed_jokers.saturating_sub(u8::from(card == JOKER));
        let table = replaced(self.table, i, &new);
        self.after_owed(owed, &rest, &table, rules)?;
        Ok((Outcome { hand: rest, owed, opens: false }, i, new))
    }

    /// A natural hand card in place of a joker of table meld `target`; the joker goes to the hand.
    pub fn swap(&self, target: i64, card: u8, rules: &Rules) -> Result<(Outcome, usize, TableMeld), EngineError> {
        self.may_table("joker swaps", rules)?;
        if self.owed_jokers > 0 {
            return err("lay the joker won by the last swap before swapping another");
        }
        let i = self.meld_index(target)?;
        if card >= JOKER {
            return err("swap: give the natural card that replaces the joker");
        }
        let mut rest = self.take(&[card], "swap")?;
        let new = swap_joker(&self.table[i], card, rules)
            .map_err(|e| EngineError::new(format!("swap {target} {}: {e}", token(card))))?;
        rest.push(JOKER);
        rest.sort_unstable();
        let owed = self.owed_jokers + 1;
        let table = replaced(self.table, i, &new);
        self.after_owed(owed, &rest, &table, rules)?;
        Ok((Outcome { hand: rest, owed, opens: false }, i, new))
    }
}

/// Melds read from specs, each checked; the first broken rule names its meld.
pub fn build_all(melds: &[Vec<u8>], rules: &Rules) -> Result<Vec<TableMeld>, EngineError> {
    if melds.is_empty() {
        return err("no meld given");
    }
    melds
        .iter()
        .map(|m| {
            read_meld(m, rules).map_err(|e| {
                let words: Vec<String> = m.iter().map(|&s| token(spec_card(s))).collect();
                EngineError::new(format!("meld {}: {e}", words.join(" ")))
            })
        })
        .collect()
}

fn replaced(table: &[TableMeld], i: usize, new: &TableMeld) -> Vec<TableMeld> {
    let mut out = table.to_vec();
    out[i] = new.clone();
    out
}
