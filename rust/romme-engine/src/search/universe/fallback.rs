//! The universe search's answers beside the search (docs/SEARCH-DESIGN.md
//! §4.10): where its work limit or the caller's budget cut it (the old table
//! kept whole, the hand's own melds, lay-offs; or the sweep's plain answer
//! where it obeys the options), and the hand's own best melds and the greedy
//! lay-offs that the cheap answers ask of it. Each search here draws on the
//! solve's one work account (§4.11): once it is spent, the hand's own melds are
//! greedy runs and sets, found at once.

use super::{finish, obeys, plain_rules, Asks, Mode, Pin, Problem, FALLBACK_STATES, SWEEP_WORK};
use crate::cards::Game;
use crate::meld::Meld;
use crate::meld::Objective;
use crate::options::GameRules;
use crate::romme::{self, Rules, JOKER};
use crate::search::cheap::{best_melds, greedy_melds, likeliest_melds};
use crate::search::{Cutoff, TableObjective, TableSolution, TieBreak};

/// When the search was cut: the better of [`fallback`] and the sweep's answer
/// under the plain rules, if every meld of it obeys the options too (it
/// cannot read a wrapping table meld, and may build a meld `no_double_joker` forbids).
pub(super) fn cut_answer(
    table: &[Vec<u8>],
    hand: &[u8],
    objective: TableObjective,
    rules: Rules,
    mode: Mode,
    cutoff: &Cutoff,
) -> TableSolution {
    let own = fallback(table, hand, rules, mode, cutoff);
    // (the grid itself: through `solve_table`, lay-offs only beside a long run came back here, for ever)
    let own_budget = cutoff.within(SWEEP_WORK);
    let plain = GameRules::Romme(plain_rules(&rules));
    let grid = crate::search::solve_grid(&plain, table, hand, objective, &own_budget, TieBreak::Exact, false);
    let Ok(sweep) = grid else {
        return own;
    };
    let valid = obeys(&sweep, &rules);
    if valid && sweep.value(objective) > own.value(objective) {
        TableSolution { optimal: false, moved_optimal: false, ..sweep }
    } else {
        own
    }
}

/// The best melds of a Rommé hand alone (most cards, or most hand points with
/// `points`) by this module's search under the work limit of a cut search's
/// fallback, within `cutoff`: the hand solver's answer for hands too large for it (over 36 cards).
/// None where either cut it.
pub(in crate::search) fn hand_melds(hand: &[u8], rules: &Rules, points: bool, cutoff: &Cutoff) -> Option<Vec<Meld>> {
    let rules = *rules;
    let mode = Mode { rearrange: true, table_optional: false, points };
    let p = Problem::new(&[], hand, rules, mode).ok()?;
    p.solve(FALLBACK_STATES, cutoff, TieBreak::None, None, &Asks::NONE).map(|s| s.melds)
}

/// When the DP was cut: the old table kept whole, the hand's own best melds
/// (a small DP on the hand alone, within `cutoff`; where it is cut, the hand
/// solver's melds of the cards likeliest to meld, or greedy runs and sets), then
/// lay-offs of what is left, greedily.
pub(super) fn fallback(table: &[Vec<u8>], hand: &[u8], rules: Rules, mode: Mode, cutoff: &Cutoff) -> TableSolution {
    // Lay-offs are checked with the engine placing the jokers.
    let free = Rules { joker_declared: false, ..rules };
    let read = |codes: &[u8]| romme::read_meld(codes, &free).ok();
    // Without `rauber` a table run's jokers keep their cells ([`Pin`]): such a meld stays as laid
    // (read in its order, as `joker_declared` reads it) and takes no lay-off here.
    let as_laid = Rules { joker_declared: true, ..rules };
    let pinned = |m: &Vec<u8>| match Pin::of(m, &rules, mode.rearrange) {
        Pin::Free => false,
        Pin::Set => m.iter().filter(|&&c| c != JOKER).count() < 2,
        Pin::Run(_) => true,
    };
    let fixed: Vec<Meld> =
        table.iter().filter(|m| pinned(m)).filter_map(|m| romme::read_meld(m, &as_laid).ok()).collect();
    let mut melds: Vec<Meld> = table.iter().filter(|m| !pinned(m)).filter_map(|m| read(m)).collect();
    let mut left: Vec<u8> = hand.to_vec();
    let objective = if mode.points { Objective::MinLeft } else { Objective::MaxCards };
    let own = hand_melds(hand, &rules, mode.points, cutoff).unwrap_or_else(|| {
        let greedy = greedy_melds(Game::Romme, hand, usize::MAX, &read);
        let likeliest = likeliest_melds(&GameRules::Romme(rules), hand, objective, cutoff);
        // (the better, greedy where they place as much)
        best_melds(Game::Romme, objective, [greedy].into_iter().chain(likeliest))
    });
    for m in own {
        for c in m.codes() {
            if let Some(k) = left.iter().position(|&x| x == c) {
                left.swap_remove(k);
            }
        }
        melds.push(m);
    }
    // Naturals before jokers, so a joker goes where nothing else fits.
    left.sort_unstable();
    let mut no_cap = usize::MAX;
    lay_off(&mut melds, &mut left, &mut no_cap, &read);
    melds.extend(fixed);
    // Placed: the hand minus what is left.
    let mut placed = hand.to_vec();
    for c in &left {
        if let Some(k) = placed.iter().position(|x| x == c) {
            placed.swap_remove(k);
        }
    }
    finish(melds, placed, Vec::new(), 0, false)
}

/// Lays off what it can of `left` onto `melds` (read by `read`), one card at a
/// time in `left`'s order, at most `room` cards, until no card fits any more.
pub(in crate::search) fn lay_off(
    melds: &mut [Meld],
    left: &mut Vec<u8>,
    room: &mut usize,
    read: &dyn Fn(&[u8]) -> Option<Meld>,
) {
    let mut changed = true;
    while changed && *room > 0 {
        changed = false;
        let mut k = 0;
        while k < left.len() && *room > 0 {
            let spot = melds.iter().enumerate().find_map(|(i, m)| {
                let mut codes = m.codes();
                codes.push(left[k]);
                read(&codes).map(|new| (i, new))
            });
            match spot {
                Some((i, new)) => {
                    melds[i] = new;
                    left.remove(k);
                    *room -= 1;
                    changed = true;
                }
                None => k += 1,
            }
        }
    }
}
