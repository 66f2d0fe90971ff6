//! The Rommé options that shape melds and hand solving, read and checked once.

use crate::meld::{EngineError, Options};

/// Every Rommé option (names of `romme.rules.OPTIONS["romme"]`) and whether it is a flag.
const KNOWN_OPTIONS: &[(&str, bool)] = &[
    ("jokers_per_deck", false),
    ("joker_declared", true),
    ("joker_swap_completes", true),
    ("no_double_joker", true),
    ("opening_without_jokers", true),
    ("opening_points", false),
    ("lay_off_in_opening_turn", true),
    ("discard_pickup_after_opening", true),
    ("wrap_around", true),
    ("knocking", true),
    ("hand_romme", true),
    ("rauber", true),
    ("rauber_discard_pile", true),
    ("rauber_table_to_hand", true),
    ("target", false),
];

/// The options that shape melds and hand solving.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Jokers per deck (0..=3); a hand holds at most twice as many.
    pub jokers_per_deck: u8,
    /// A joker is one exact card: `validate_meld` reads runs in the order given.
    pub joker_declared: bool,
    /// No meld of one natural and two (or more) jokers.
    pub no_double_joker: bool,
    /// The opening melds hold no joker.
    pub opening_without_jokers: bool,
    /// Points the opening must reach.
    pub opening_points: i32,
    /// Runs may continue K-A-2.
    pub wrap_around: bool,
}

impl Rules {
    /// Reads and checks the options (unknown names and bad values are errors).
    pub fn from_options(options: &Options) -> Result<Rules, EngineError> {
        let names: Vec<&str> = KNOWN_OPTIONS.iter().map(|(n, _)| *n).collect();
        options.check_known("romme", &names)?;
        for (name, flag) in KNOWN_OPTIONS {
            if *flag {
                options.int(name, 0, 0, 1)?;
            }
        }
        options.int("target", 500, 1, 100_000)?;
        Ok(Rules {
            jokers_per_deck: options.int("jokers_per_deck", 3, 0, 3)? as u8,
            joker_declared: options.flag("joker_declared", false),
            no_double_joker: options.flag("no_double_joker", false),
            opening_without_jokers: options.flag("opening_without_jokers", false),
            opening_points: options.int("opening_points", 31, 1, 200)? as i32,
            wrap_around: options.flag("wrap_around", false),
        })
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
