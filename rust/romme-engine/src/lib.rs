//! romme-engine: the combinatorics of five German rummy-family card games.
//!
//! Pure Rust, no Python: card codes ([`cards`]), meld rules per game, exact
//! hand solvers and the Räuber table-rearrangement search. The PyO3 crate
//! `romme-python` translates this API to `romme._core`.

pub mod cards;
pub mod einmaleins;
pub mod hand;
pub mod koenigs;
pub mod krass;
pub mod meld;
pub mod partition;
pub mod romme;
pub mod rummy;
pub mod search;
pub mod testkit;
