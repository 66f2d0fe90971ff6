//! The fewest moved on the cycle of ranks (`wrap_around`, docs/SEARCH-DESIGN.md
//! §4.10) proven by relaxations that forget seam profiles.
//!
//! Keep mode on the cycle carries each suit's seam profile, chosen at
//! position 0, in its states to the end, where the suit's open runs must be
//! that profile's ([`super::sweep::SeamProfiles`]): its memo is split by the
//! profile tuples, and where its work limit cuts it the proof is lost. A keep
//! search whose states forget the profile of some suits
//! ([`Sweep::forget_suits`]: those suits' runs may end as any of their
//! profiles, whichever they started with) searches a relaxation of the rules:
//! every answer is one of it, so where it finds no answer keeping more table
//! cards than the incumbent, the incumbent is the fewest moved, and an answer
//! it finds that builds (a valid arrangement keeping as much as its bound) is
//! the fewest moved too. Forgetting every suit merges the tuples' states (on
//! the bench's unproven 60-card positions 2,000 to 110,000 work where keep
//! mode took its whole limit); its best keeps more than the rules allow where
//! a suit's runs end as another profile than they started with, and then
//! remembering one suit (the others forgotten) often closes the gap.

use super::keep::Choice;
use super::keep_search::{fresh_oracle, keep_cases, table_cards, Keep, KeepRun};
use super::rebuild::Cards;
use super::sweep::JokerMode;
use super::{answer::moved, Ctx, Model};

/// The relaxations tried in order: suits (bits) whose profiles are forgotten;
/// all of them first (the cheapest), then all but one.
const FORGOTTEN: [u8; 5] = [0b1111, 0b0111, 0b1011, 0b1101, 0b1110];

/// The work all the relaxations together may take after keep mode on the
/// cycle was cut (a relaxation that forgets three suits takes 8,000 to
/// 200,000 on the bench's unproven positions).
pub(super) const RELAXED_LIMIT: usize = 120_000;

/// Where keep mode on the cycle left the fewest moved unproven with an
/// answer moving `moved_now` table cards: the relaxations of
/// [`FORGOTTEN`] in turn, within [`RELAXED_LIMIT`] work. `Keep::Proven(true)`:
/// no answer moves fewer; `Keep::Better(o, proven)`: `o` moves fewer (the
/// fewest where `proven`); else `Keep::Unknown`.
pub(super) fn prove_on_the_cycle(ctx: &Ctx, m: &Model, cards: &Cards, cap: u32, goal: i32, moved_now: u32) -> Keep {
    let (spent0, total) = (ctx.spent.get(), table_cards(ctx) as i32);
    let mut better = None;
    let mut kept = total - moved_now as i32;
    for suits in FORGOTTEN {
        let left = RELAXED_LIMIT.saturating_sub(ctx.spent.get() - spent0);
        if left == 0 || ctx.halted() {
            break;
        }
        let mut oracle = fresh_oracle(m, cap, &ctx.cutoff, JokerMode::Placed);
        oracle.forget_suits(suits);
        let run = KeepRun { kept, choice: Choice::default(), limit: left };
        match keep_cases(ctx, m, cards, oracle, cap, goal, run) {
            Keep::Proven(true) => return better.map_or(Keep::Proven(true), |o| Keep::Better(o, true)),
            Keep::Better(o, true) => return Keep::Better(o, true),
            // (a valid answer keeping more than the incumbent, short of the relaxation's bound)
            Keep::Better(o, false) => {
                kept = total - moved(ctx, &o) as i32;
                better = Some(o);
            }
            Keep::Proven(false) | Keep::Unknown => {}
        }
    }
    better.map_or(Keep::Unknown, |o| Keep::Better(o, false))
}

#[cfg(test)]
mod tests {
    use super::super::cyclic::{solve, Cycled};
    use super::super::{Cutoff, TableObjective, TieBreak};
    use crate::meld::Options;
    use crate::romme::Rules;

    /// The 60-card `wrap` bench's position 90 (cards, the whole hand goes
    /// out): keep mode on the cycle was cut at its limit in both looks (the
    /// answer moving 6 table cards unproven). Forgetting the seam profiles,
    /// the relaxations prove it.
    #[test]
    fn relaxations_forgetting_the_profiles_prove_the_fewest_moved() {
        let table: Vec<Vec<u8>> = vec![
            vec![30, 43, 4],
            vec![40, 1, 14],
            vec![24, 25, 13, 14],
            vec![30, 17, 43],
            vec![9, 35, 48, 22],
            vec![26, 39, 13],
            vec![36, 49, 23, 10],
            vec![19, 20, 21, 22, 23],
            vec![8, 9, 10, 11, 12],
            vec![16, 17, 18, 19],
            vec![24, 11, 50],
            vec![51, 39, 40, 41],
            vec![29, 3, 16],
            vec![21, 8, 34, 47],
            vec![0, 1, 2, 3],
            vec![31, 32, 33],
            vec![31, 44, 5],
        ];
        let hand = [38, 37, 7, 46, 6, 15, 41, 12, 27, 18, 42, 52, 52];
        let o = Options::from_pairs(vec![("rauber".to_string(), 1), ("wrap_around".to_string(), 1)]);
        let rules = Rules::from_options(&o).unwrap();
        let plain = Rules { wrap_around: false, ..rules };
        let sol = solve(&table, &hand, TableObjective::Cards, &rules, &plain, &Cutoff::NONE, TieBreak::Exact);
        let Some(Cycled::Proven(sol)) = sol else {
            panic!("the fewest moved is not proven");
        };
        assert_eq!((sol.placed.len(), sol.moved), (13, 6));
    }
}
