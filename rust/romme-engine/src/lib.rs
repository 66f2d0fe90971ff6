//! romme-engine: the combinatorics of five German rummy-family card games.
//!
//! Pure Rust, no Python: card codes ([`cards`]), meld rules per game, exact
//! hand solvers and the Räuber table-rearrangement search. The PyO3 crate
//! `romme-python` translates this API to `romme._core`.
//!
//! - [`hand`]: one entry point per question ([`hand::solve_hand`],
//!   [`hand::validate_meld`]) dispatching to the games' modules
//!   ([`koenigs`], [`romme`], [`einmaleins`], [`rummy`], [`krass`]).
//! - [`meld`]: the types every game shares (melds, objectives, options, errors).
//! - [`partition`]: the exact partition DP the meld games' solvers run on.
//! - [`search`]: the Räuber table-rearrangement search (Rummy, Räuber-Rommé).
//! - [`table_place`]: the frame the place-move judges of Rommé, Rummy and 1x1-Rommé share (the table diff).
//! - [`testkit`]: seeded deals for tests, examples and timing probes.
//!
//! Bad input is an [`meld::EngineError`] naming what was wrong; nothing panics.
//!
//! ```
//! use romme_engine::cards::{parse_cards, Game};
//! use romme_engine::hand::solve_hand;
//! use romme_engine::meld::{Objective, Options};
//!
//! // A Rommé hand: a run of hearts, three queens and a lone two of spades.
//! let hand = parse_cards(Game::Romme, "9h 10h Jh Qc Qd Qs 2s").unwrap();
//! let best = solve_hand(Game::Romme, &hand, Objective::Opening, &Options::default(), 0).unwrap();
//! assert_eq!(best.melds.len(), 2);
//! assert_eq!(best.left, parse_cards(Game::Romme, "2s").unwrap());
//! // 9 + 10 + 10 (jack) + 3 × 10 (queens) = 59 points: enough to open (31).
//! assert_eq!(best.opening_points, Some(59));
//!
//! // Card codes a game does not have are an error, not a panic.
//! assert!(solve_hand(Game::Romme, &[200], Objective::Opening, &Options::default(), 0).is_err());
//! ```

pub mod cards;
pub mod einmaleins;
pub mod hand;
pub mod koenigs;
pub mod krass;
pub(crate) mod lp;
pub mod meld;
pub mod options;
pub mod partition;
pub mod rng;
pub mod romme;
pub mod rummy;
pub mod search;
pub mod table;
pub mod table_place;
pub mod testkit;
