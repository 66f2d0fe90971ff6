//! The mirror image of a Rommé position (every rank r read as 15 − r: the ace
//! stays the ace, 2 ↔ K, 3 ↔ Q, …) and the exact search's second look at it.
//!
//! Rommé runs do not wrap (without `wrap_around`) and an ace stands low
//! (A 2 3) or high (Q K A), so a position and its mirror image have the same
//! answers, mirrored; under `points` the mirror image's cells score as the
//! cards they mirror ([`GridRules::mirrored`]: a king read as a two still
//! scores 10), so its answers keep their values too. The sweep passes the
//! ranks from low to high, and the keep search's hard positions are seldom
//! hard both ways (as for Rummy's race, [`super::mirror`]). So where the exact
//! search of a Rommé position ends at its work limit without a proof of the
//! fewest moved, its mirror image is searched too, on the same thread, and the
//! better answer is taken: each look has a part of the work one look had.
//! (Design: docs/SEARCH-DESIGN.md §4.10.)

use super::keep_search::with_keep_limit;
use super::*;

/// The keep search's work limit in the position's own look, and the whole
/// work of the mirror image's look (its first solve too: where the own look's
/// first solve was cut, the mirror image's may be as hard): an answer neither
/// look proves costs about a third more work than one look at [`KEEP_STATES`];
/// most answers the own look leaves unproven need more than twice its limit
/// there, the mirror image's far less. Under `points` the own look keeps the
/// whole [`KEEP_STATES`]: there more answers need 150,000 to 200,000 of it
/// (at 150,000, 7 of 600 60-card answers it had proven were lost, some
/// answers moved more cards), so the mirror image only adds.
pub(super) const FIRST_LOOK: usize = 150_000;
pub(super) const SECOND_LOOK: u64 = 120_000;

/// A Rommé card code mirrored (the joker stays itself, an ace stays an ace).
pub fn code(c: u8) -> u8 {
    if c >= 52 {
        c
    } else {
        c / 13 * 13 + (13 - c % 13) % 13
    }
}

/// Codes mirrored.
pub fn codes(cs: &[u8]) -> Vec<u8> {
    cs.iter().map(|&c| code(c)).collect()
}

/// Whether the exact search of this Rommé position may take a second look at
/// its mirror image: the fewest moved asked for,
/// no caller's budget (a look would take the budget the other needs), no
/// wrapping runs (the search of `wrap_around` is the universe's).
fn turns(rules: &GameRules, table: &[Vec<u8>], cutoff: &Cutoff, tie: TieBreak) -> bool {
    matches!(rules, GameRules::Romme(r) if !r.wrap_around)
        && tie == TieBreak::Exact
        && !cutoff.is_bounded()
        && !table.is_empty()
}

/// [`solve_grid`] of a Rommé position, with the second look at its mirror
/// image where the first ends without a proof ([`turns`]): the better of the
/// two answers (a proven one; else a proven objective, the higher objective,
/// the fewer moved cards).
pub(super) fn solve_grid_both_ways(
    rules: &GameRules,
    table: &[Vec<u8>],
    hand: &[u8],
    objective: TableObjective,
    cutoff: &Cutoff,
    tie_break: TieBreak,
) -> Result<TableSolution, EngineError> {
    let solve = |table: &[Vec<u8>], hand: &[u8]| solve_grid(rules, table, hand, objective, cutoff, tie_break, false);
    if !turns(rules, table, cutoff, tie_break) {
        return solve(table, hand);
    }
    let own = with_keep_limit(first_look(objective), || solve(table, hand))?;
    if own.optimal && own.moved_optimal {
        return Ok(own);
    }
    let turned: Vec<Vec<u8>> = table.iter().map(|m| codes(m)).collect();
    let look = Cutoff::inner(SECOND_LOOK);
    // (the own look's proven optimum is the mirror image's: its first solve aims there at once)
    let optimum = own.optimal.then(|| own.value(objective));
    let other =
        with_mirror_look(optimum, || solve_grid(rules, &turned, &codes(hand), objective, &look, tie_break, false));
    // (the solve's work counts both looks)
    cutoff.spend(look.spent());
    let Ok(other) = other else {
        return Ok(own);
    };
    let (g, _, _) = grid_game(rules, objective)?;
    let other = mirror::solution_by(&g, other, code);
    let rank = |s: &TableSolution| (s.optimal && s.moved_optimal, s.optimal, s.value(objective), Reverse(s.moved));
    Ok(if rank(&other) > rank(&own) { other } else { own })
}

thread_local! {
    /// Whether the grid searches on this thread read a mirror image ([`GridRules::mirrored`]).
    static MIRRORED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// The mirror image's optimum where the own look proved it, for the look's grid search to take.
    static OPTIMUM: std::cell::Cell<Option<i32>> = const { std::cell::Cell::new(None) };
}

/// Whether the grid search starting on this thread reads a mirror image (its
/// cells then score as the cards they mirror, [`GridRules::mirrored`]).
pub(super) fn values_mirrored() -> bool {
    MIRRORED.with(|m| m.get())
}

/// The objective's optimum the own look proved, taken by the mirror image's
/// grid search as its ceiling (its first solve's aspiration then aims at the
/// optimum, not at the upper bound, from which it would search again below).
pub(super) fn take_known_optimum() -> Option<i32> {
    OPTIMUM.with(|o| o.take())
}

/// Runs `f`, the search of a mirror image, with [`values_mirrored`] on and the
/// own look's proven `optimum` (if any) for [`take_known_optimum`].
fn with_mirror_look<T>(optimum: Option<i32>, f: impl FnOnce() -> T) -> T {
    let before = MIRRORED.with(|m| m.replace(true));
    OPTIMUM.with(|o| o.set(optimum));
    let r = f();
    OPTIMUM.with(|o| o.set(None));
    MIRRORED.with(|m| m.set(before));
    r
}

/// The first look's limit ([`FIRST_LOOK`], [`KEEP_STATES`] under `points`; tests may set it, e.g. to 0 so
/// that the mirror image answers).
fn first_look(objective: TableObjective) -> usize {
    let limit = if objective == TableObjective::Points { KEEP_STATES } else { FIRST_LOOK };
    switches::first_look().unwrap_or(limit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::{rauber_options, romme_position};

    #[test]
    fn a_mirrored_code_keeps_suit_and_ace_and_turns_back() {
        for c in 0..=52u8 {
            assert_eq!(code(code(c)), c);
            assert_eq!(code(c) / 13, c / 13);
        }
        assert_eq!(code(0), 0, "the ace of the first suit stays the ace");
        assert_eq!((code(1), code(12)), (12, 1), "2 <-> K");
        assert_eq!((code(19), code(20)), (20, 19), "the second suit's 7 <-> 8");
        assert_eq!(code(crate::romme::JOKER), crate::romme::JOKER);
    }

    /// The mirror image's look takes the optimum the own look proved as its
    /// ceiling ([`take_known_optimum`]): its first solve reaches the same
    /// optimum, proven, and aims there at once instead of at the upper bound
    /// (from which it would search again below, where the bound is not reached).
    #[test]
    fn the_mirror_look_aims_at_the_known_optimum() {
        let mut seed = 5u64;
        let (mut own_work, mut known_work, mut aimed) = (0, 0, 0);
        for i in 0..60 {
            let (table, hand) = romme_position(&mut seed, 6 + i % 8, 8 + i % 6);
            let objective = [TableObjective::Cards, TableObjective::Net, TableObjective::Points][i % 3];
            let o = rauber_options(objective == TableObjective::Net, false);
            let rules = GameRules::read(Game::Romme, &o).unwrap();
            // (both in the look's frame: with_mirror_look reads the values mirrored)
            let solve = |optimum: Option<i32>| {
                let cut = Cutoff::inner(u64::MAX / 4);
                let go = || solve_grid(&rules, &table, &hand, objective, &cut, TieBreak::None, false).unwrap();
                let s = with_mirror_look(optimum, go);
                (s, cut.spent())
            };
            let (own, work) = solve(None);
            assert!(own.optimal, "{table:?} {hand:?}");
            let (known, less) = solve(Some(own.value(objective)));
            assert!(known.optimal, "{table:?} {hand:?}");
            assert_eq!(known.value(objective), own.value(objective), "{objective:?} {table:?} {hand:?}");
            (own_work, known_work) = (own_work + work, known_work + less);
            aimed += (less < work) as u32;
        }
        assert!(aimed > 0 && known_work < own_work, "{aimed} searches aimed lower: {known_work} vs {own_work} work");
    }

    /// Where the own look leaves nothing to the mirror image (its limit 0, so
    /// the mirror image answers wherever a keep search was needed), the answer
    /// is one of the position: valid melds under the rules, the table's cards
    /// plus the placed ones less the taken ones, runs ascending; its objective
    /// is the position's own search's (under `points` the cards' own values:
    /// the mirror image's cells score as the cards they mirror), and so are
    /// its fewest moved where both are proven.
    #[test]
    fn the_mirror_images_answer_is_the_positions() {
        let mut seed = 41u64;
        let mut mirrored = [0; 3];
        for i in 0..135 {
            let (table, hand) = romme_position(&mut seed, 5 + i % 9, 5 + i % 8);
            let objective = [TableObjective::Cards, TableObjective::Net, TableObjective::Points][i % 3];
            let o = rauber_options(objective == TableObjective::Net, i % 4 == 0);
            let solve = || solve_table(Game::Romme, &table, &hand, objective, &o, 0).unwrap();
            let own = solve();
            switches::FIRST_LOOK.with(|x| x.set(Some(0)));
            let turned = solve();
            switches::FIRST_LOOK.with(|x| x.set(None));
            let value = |s: &TableSolution| match objective {
                TableObjective::Points => s.placed_points,
                _ => s.placed.len() as i32 - s.taken.len() as i32,
            };
            let points: i32 = turned.placed.iter().map(|&c| crate::romme::hand_points(c)).sum();
            assert_eq!(turned.placed_points, points, "{table:?} {hand:?}");
            let mut cards: Vec<u8> = table.iter().flatten().chain(&turned.placed).copied().collect();
            for t in &turned.taken {
                let at = cards.iter().position(|c| c == t).expect("a taken card lay on the table");
                cards.swap_remove(at);
            }
            let mut laid: Vec<u8> = turned.melds.iter().flat_map(|m| m.codes()).collect();
            cards.sort();
            laid.sort();
            assert_eq!(cards, laid, "{table:?} {hand:?}");
            for m in &turned.melds {
                assert!(crate::romme::validate_meld(&m.codes(), &o).is_ok(), "{:?} in {table:?} {hand:?}", m.codes());
            }
            assert!(own.optimal && turned.optimal, "{table:?} {hand:?}");
            assert_eq!(value(&turned), value(&own), "{objective:?} {table:?} {hand:?}");
            if turned.moved_optimal && own.moved_optimal {
                assert_eq!(turned.moved, own.moved, "{objective:?} {table:?} {hand:?}");
            }
            mirrored[i % 3] += (turned.moved != own.moved || turned.melds != own.melds) as u32;
        }
        assert!(mirrored.iter().all(|&n| n > 0), "an objective took no answer from the mirror image: {mirrored:?}");
    }
}
