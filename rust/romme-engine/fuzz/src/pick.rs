//! Shared by the hand and meld fuzz targets: fuzz bytes to a game, an objective,
//! rule options (real names with edge values, and some unknown ones) and cards.
#![allow(dead_code)]

use romme_engine::cards::Game;
use romme_engine::meld::{Objective, Options};

/// Reads the fuzz bytes one at a time (zeros past the end).
pub struct Bytes<'a> {
    data: &'a [u8],
    at: usize,
}

impl<'a> Bytes<'a> {
    pub fn new(data: &'a [u8]) -> Self {
        Bytes { data, at: 0 }
    }

    pub fn byte(&mut self) -> u8 {
        let b = self.data.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        b
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.byte() as usize) % n
        }
    }

    /// The bytes not read yet.
    pub fn rest(&self) -> &'a [u8] {
        self.data.get(self.at..).unwrap_or(&[])
    }
}

pub fn game(b: &mut Bytes) -> Game {
    Game::ALL[b.below(Game::ALL.len())]
}

pub fn objective(b: &mut Bytes) -> Objective {
    [Objective::Opening, Objective::MinLeft, Objective::MaxCards, Objective::MinPlays][b.below(4)]
}

/// Up to three options: every game's names, one unknown name, and edge values.
pub fn options(b: &mut Bytes) -> Options {
    const NAMES: [&str; 14] = [
        "opening_points",
        "max_hand_cards_per_turn",
        "target",
        "wrap_around",
        "joker_declared",
        "no_double_joker",
        "jokers_per_deck",
        "opening_without_jokers",
        "rauber",
        "rauber_table_to_hand",
        "knocking",
        "hand_romme",
        "long_game",
        "bogus",
    ];
    const VALUES: [i64; 12] = [0, 1, 2, 3, 4, 12, 30, 51, 107, -1, i64::MIN, i64::MAX];
    let n = b.below(4);
    Options::from_pairs((0..n).map(|_| (NAMES[b.below(NAMES.len())].to_string(), VALUES[b.below(VALUES.len())])))
}

/// Card codes: mostly the game's own, some out of range.
pub fn codes(b: &mut Bytes, game: Game, most: usize) -> Vec<u8> {
    let n = b.below(most + 1);
    (0..n)
        .map(|_| {
            let x = b.byte();
            if x >= 0xf8 {
                b.byte()
            } else {
                (x as usize % game.type_count()) as u8
            }
        })
        .collect()
}
