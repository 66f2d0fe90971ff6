//! The Rommé options that shape melds, hand solving and the listed moves, read and checked once.

use crate::meld::{EngineError, Options};
use crate::options::{flag, number, OptionSpec};

/// Every Rommé option, in the order the rules page lists them (the only list: `crate::options`).
pub const OPTIONS: &[OptionSpec] = &[
    number("jokers_per_deck", 3, 0, 3, "jokers per 55-card deck (two decks are used)"),
    flag("joker_declared", false, "a laid joker is one exact card; only that card replaces it"),
    flag("joker_swap_completes", false, "a joker may be swapped out only if the meld is complete afterwards"),
    flag("no_double_joker", false, "no meld of one natural and two jokers; adjacent jokers only in runs of 4+"),
    flag("opening_without_jokers", false, "the opening melds contain no joker"),
    number("opening_points", 31, 1, 200, "points the first laying down must reach"),
    flag("lay_off_in_opening_turn", true, "lay off and swap jokers in the turn of the opening"),
    flag("discard_pickup_after_opening", false, "only an opened player (or one opening with it) takes the discard"),
    flag("wrap_around", false, "runs may continue K-A-2"),
    flag("knocking", false, "Klopfen: opened players may knock for a discard"),
    flag("hand_romme", false, "going out at once waives the opening minimum and doubles the points"),
    flag("rauber", false, "Räuber-Rommé: after opening, rearrange all table melds"),
    flag("rauber_discard_pile", true, "Räuber-Rommé is played with a discard pile"),
    flag("rauber_table_to_hand", false, "Räuber-Rommé: table cards may be taken into the hand"),
    number("target", 500, 1, 100_000, "match target: first to this many points wins"),
];

fn value(options: &Options, name: &str) -> Result<i64, EngineError> {
    options.value(OPTIONS, name)
}

/// The options that shape melds, hand solving and the listed moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Jokers per deck (0..=3); a hand holds at most twice as many.
    pub jokers_per_deck: u8,
    /// A joker is one exact card: `validate_meld` reads runs in the order given.
    pub joker_declared: bool,
    /// A joker leaves a set by a swap only when the set then holds all four suits.
    pub joker_swap_completes: bool,
    /// No meld of one natural and two (or more) jokers.
    pub no_double_joker: bool,
    /// The opening melds hold no joker.
    pub opening_without_jokers: bool,
    /// Points the opening must reach.
    pub opening_points: i32,
    /// Runs may continue K-A-2.
    pub wrap_around: bool,
    /// Lay-offs and joker swaps are allowed in the turn of the opening.
    pub lay_off_in_opening_turn: bool,
    /// Going out at once waives the opening minimum.
    pub hand_romme: bool,
    /// Räuber-Rommé: opened players may rearrange the table.
    pub rauber: bool,
    /// Räuber-Rommé: a rearrangement may take table cards into the hand.
    pub rauber_table_to_hand: bool,
}

impl Rules {
    /// Reads and checks the options (unknown names and bad values are errors).
    pub fn from_options(options: &Options) -> Result<Rules, EngineError> {
        options.check("romme", OPTIONS)?;
        Ok(Rules {
            jokers_per_deck: value(options, "jokers_per_deck")? as u8,
            joker_declared: value(options, "joker_declared")? != 0,
            joker_swap_completes: value(options, "joker_swap_completes")? != 0,
            no_double_joker: value(options, "no_double_joker")? != 0,
            opening_without_jokers: value(options, "opening_without_jokers")? != 0,
            opening_points: value(options, "opening_points")? as i32,
            wrap_around: value(options, "wrap_around")? != 0,
            lay_off_in_opening_turn: value(options, "lay_off_in_opening_turn")? != 0,
            hand_romme: value(options, "hand_romme")? != 0,
            rauber: value(options, "rauber")? != 0,
            rauber_table_to_hand: value(options, "rauber_table_to_hand")? != 0,
        })
    }

    /// Whether an opened seat's rearrangement may take table cards into its hand: Räuber-Rommé with
    /// `rauber_table_to_hand` (RULES §2), the one reading of the two flags for the move check, the
    /// table search and [`crate::options::GameRules::table_to_hand`].
    pub fn takes_table_cards(&self) -> bool {
        self.rauber && self.rauber_table_to_hand
    }

    /// Whether a meld (set or run) with `naturals` natural cards and `jokers` jokers obeys the joker rules.
    pub fn jokers_ok(&self, naturals: usize, jokers: usize) -> bool {
        if naturals == 0 {
            return false;
        }
        // The sheet forbids only "eine Figur mit nur einer Zahlen-/Bildkarte und zwei Jokern":
        // two naturals with two jokers are a meld, in a set as in a run.
        !(self.no_double_joker && jokers >= 2 && naturals < 2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(name: &str, value: i64) -> Options {
        Options(std::iter::once((name.to_string(), value)).collect())
    }

    #[test]
    fn every_option_takes_its_range_and_refuses_beyond() {
        for o in OPTIONS {
            assert!(Rules::from_options(&with(o.name, o.default)).is_ok(), "{}", o.name);
            assert!(Rules::from_options(&with(o.name, o.lo - 1)).is_err(), "{}", o.name);
            assert!(Rules::from_options(&with(o.name, o.hi + 1)).is_err(), "{}", o.name);
        }
        assert!(Rules::from_options(&with("nope", 1)).is_err());
    }

    #[test]
    fn defaults_are_the_sheets() {
        let rules = Rules::from_options(&Options(Default::default())).unwrap();
        assert_eq!((rules.jokers_per_deck, rules.opening_points, rules.wrap_around), (3, 31, false));
    }
}
