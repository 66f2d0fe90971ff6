//! The cheap answers every table search returns at least, even when its work
//! limit or time budget cut it: the table kept whole with
//! - the hand's own melds laid beside it, then the rest laid off, or
//! - the hand's cards laid off first, then the own melds of what is left.
//!
//! A cut search once answered "placed 0" where keeping the table and laying the
//! hand's own melds placed 35 cards (issue 31 item 12); [`at_least_cheap`] keeps
//! that from happening again, whatever the search does. The hand's own melds are
//! searched within the solve's finish (docs/SEARCH-DESIGN.md §4.11, [`Cutoff::finish`]):
//! what the account has left, at least a small reserve; once that is spent they are
//! greedy runs and sets, so a cut answer costs little more than its budget.

use super::{Cutoff, TableObjective, TableSolution, TieBreak};
use crate::cards::{deck_types, Game, Kind};
use crate::hand::{partition_within, read_meld};
use crate::meld::{Meld, Objective};
use crate::options::GameRules;
use crate::{einmaleins, romme, rummy};

/// Work limit of the sweep that finds a large Rummy hand's own melds (about
/// 200 ms; work, not a deadline, so that its answer does not depend on the machine), within the
/// solve's account.
const LARGE_HAND_WORK: u64 = 150_000;

/// Per-turn cap on hand cards (Rummy's `max_hand_cards_per_turn`; none elsewhere).
fn hand_card_cap(rules: &GameRules) -> usize {
    match rules {
        GameRules::Rummy(r) if r.max_hand_cards_per_turn > 0 => r.max_hand_cards_per_turn as usize,
        _ => usize::MAX,
    }
}

/// Hand points of a card in `game` (the table searches' `points` counting).
fn hand_points(game: Game, code: u8) -> i32 {
    match game {
        Game::Romme => romme::hand_points(code),
        Game::Rummy => rummy::hand_points(code),
        Game::Einmaleins => einmaleins::hand_points(code),
        _ => 0,
    }
}

/// `found`, or the best cheap answer where that is better (never proven
/// optimal then). A proven answer is returned as it is.
pub(super) fn at_least_cheap(
    rules: &GameRules,
    table: &[Vec<u8>],
    hand: &[u8],
    objective: TableObjective,
    found: TableSolution,
    bounds: Bounds,
) -> TableSolution {
    if found.optimal {
        return found;
    }
    match cheap_answer(rules, table, hand, objective, bounds) {
        Some(cheap) if cheap.value(objective) > found.value(objective) => {
            TableSolution { budget_cut: found.budget_cut, ..cheap }
        }
        _ => found,
    }
}

/// `found` or `cheap` ([`cheap_answer`]) where it is better, also where it reaches as much moving
/// fewer table cards (a cut answer: the search that would have found it ran out of budget first).
pub(super) fn or_cheap_fewer_moved(
    found: TableSolution,
    cheap: Option<TableSolution>,
    objective: TableObjective,
) -> TableSolution {
    match cheap {
        Some(cheap) if cheap.better_than(&found, objective) => {
            let optimal = found.optimal && cheap.value(objective) == found.value(objective);
            // (nothing moved is the fewest: at the proven optimum the answer is proven both ways)
            let moved_optimal = cheap.moved == 0;
            TableSolution {
                budget_cut: found.budget_cut && !(optimal && moved_optimal),
                optimal,
                moved_optimal,
                ..cheap
            }
        }
        _ => found,
    }
}

/// What bounds the searches of a cheap answer.
#[derive(Clone, Copy)]
pub(super) struct Bounds<'a> {
    /// The solve's account: the searches of a large hand's own melds draw on what it has left.
    pub account: &'a Cutoff,
    /// The solve's finish ([`Cutoff::finish`]): the hand solver's solves draw on it, so that a
    /// spent account still answers with the hand's own melds.
    pub finish: &'a Cutoff,
}

/// The better of the two cheap answers, or None when a table meld does not read; the hand's own
/// melds searched within `bounds`.
pub(super) fn cheap_answer(
    rules: &GameRules,
    table: &[Vec<u8>],
    hand: &[u8],
    objective: TableObjective,
    bounds: Bounds,
) -> Option<TableSolution> {
    // (lay-offs are read with the engine placing the jokers, as the searches do)
    let free = rules.jokers_placed_by_engine();
    let read = |codes: &[u8]| read_meld(&free, codes, 0).ok();
    let kept: Vec<Meld> = table.iter().map(|m| read(m)).collect::<Option<_>>()?;
    let plan = Plan { game: rules.game(), objective, rules, read: &read, cap: hand_card_cap(rules), bounds };
    let melds_first = plan.lay(kept.clone(), hand.to_vec(), false);
    let layoffs_first = plan.lay(kept, hand.to_vec(), true);
    let best = if layoffs_first.value(objective) > melds_first.value(objective) { layoffs_first } else { melds_first };
    Some(best)
}

/// What the cheap answers are built from.
struct Plan<'a> {
    game: Game,
    objective: TableObjective,
    rules: &'a GameRules,
    read: &'a dyn Fn(&[u8]) -> Option<Meld>,
    /// Most hand cards one turn may place.
    cap: usize,
    /// What the searches for the hand's own melds draw on.
    bounds: Bounds<'a>,
}

impl Plan<'_> {
    /// The kept table plus the hand's own melds and lay-offs, in either order.
    fn lay(&self, mut melds: Vec<Meld>, mut left: Vec<u8>, layoffs_first: bool) -> TableSolution {
        let hand = left.clone();
        let mut room = self.cap;
        if layoffs_first {
            self.lay_off(&mut melds, &mut left, &mut room);
        }
        for m in self.own_melds(&left, room) {
            for c in m.codes() {
                if let Some(k) = left.iter().position(|&x| x == c) {
                    left.swap_remove(k);
                    room = room.saturating_sub(1);
                }
            }
            melds.push(m);
        }
        self.lay_off(&mut melds, &mut left, &mut room);
        let mut placed = hand;
        for c in &left {
            if let Some(k) = placed.iter().position(|x| x == c) {
                placed.swap_remove(k);
            }
        }
        placed.sort_unstable();
        let placed_points = placed.iter().map(|&c| hand_points(self.game, c)).sum();
        TableSolution {
            melds,
            placed,
            taken: Vec::new(),
            moved: 0,
            optimal: false,
            // (the table kept whole: nothing moved is the fewest)
            moved_optimal: true,
            placed_points,
            budget_cut: false,
            second_swap: false,
        }
    }

    /// The hand solver's best melds of `cards` (at most `room` cards; its own limit of
    /// `partition::HAND_STEPS`, whatever is left of the account: a cut answer places at least
    /// them), or the large hands' search within the account, or plain greedy runs and sets.
    fn own_melds(&self, cards: &[u8], room: usize) -> Vec<Meld> {
        if room == 0 || cards.is_empty() {
            return Vec::new();
        }
        let objective = if self.objective == TableObjective::Points { Objective::MinLeft } else { Objective::MaxCards };
        let rules = match *self.rules {
            GameRules::Rummy(r) => {
                let cap = if room == usize::MAX { 0 } else { room as u32 };
                GameRules::Rummy(rummy::Rules { max_hand_cards_per_turn: cap, ..r })
            }
            other => other,
        };
        let melds = match partition_within(&rules, cards, objective, self.bounds.finish) {
            // (a cut solve's best found is not taken: such hands keep their own answer)
            Ok((melds, _, true)) => melds,
            _ => {
                // (the likeliest cards' solve first: a finish's reserve answers with it, where the
                // search of the whole hand seldom ends within it)
                let likeliest = likeliest_melds(&rules, cards, objective, self.bounds.finish);
                let searched = self.large_hand_melds(cards, &rules);
                let greedy = greedy_melds(self.game, cards, room, self.read);
                best_melds(self.game, objective, searched.into_iter().chain(likeliest).chain([greedy]))
            }
        };
        melds.into_iter().filter_map(|m| (self.read)(&m.codes())).collect()
    }

    /// The own melds of a hand too large or too hard for the hand solver: Rummy's
    /// table sweep on an empty table (under [`LARGE_HAND_WORK`]), Rommé's
    /// universe search under its fallback work limit.
    fn large_hand_melds(&self, cards: &[u8], rules: &GameRules) -> Option<Vec<Meld>> {
        let points = self.objective == TableObjective::Points;
        match rules {
            GameRules::Rummy(_) => {
                let objective = if points { TableObjective::Points } else { TableObjective::Cards };
                let own_budget = self.bounds.account.within(LARGE_HAND_WORK);
                // (a sweep the account cut answers the table as it lay: greedy melds place more)
                super::solve_grid(rules, &[], cards, objective, &own_budget, TieBreak::None, false)
                    .ok()
                    .filter(|s| s.optimal || !self.bounds.account.reached())
                    .map(|s| s.melds)
            }
            GameRules::Romme(r) => super::universe::hand_melds(cards, r, points, self.bounds.account),
            _ => None,
        }
    }

    /// Lays off what it can of `left` onto `melds`, one card at a time
    /// (naturals first, so a joker goes only where nothing else fits).
    fn lay_off(&self, melds: &mut [Meld], left: &mut Vec<u8>, room: &mut usize) {
        let types = deck_types(self.game);
        left.sort_by_key(|&c| (types.get(c as usize).is_some_and(|t| t.kind != Kind::Natural), c));
        super::universe::lay_off(melds, left, room, self.read);
    }
}

/// Most cards of a hand too large for the hand solver that [`likeliest_melds`] solves exactly (Rommé's
/// hand solver's limit; a solve of that size takes it about 30 ms).
const LIKELIEST: usize = crate::romme::MAX_HAND;

/// The hand solver's best melds of the [`LIKELIEST`] cards of a larger hand likeliest to meld (every
/// wild, then the naturals with the most partners: cards of the suit within two ranks, cards of the
/// rank in other suits); None where the hand is not larger or the solve is cut. The rest of the hand
/// is left to lay-offs. A solve bounded by its own limit, `partition::HAND_STEPS`, and charged to
/// `cutoff` (a solve's finish still answers with it where the search spent the account:
/// [`Cutoff::finish`]).
pub(super) fn likeliest_melds(
    rules: &GameRules,
    cards: &[u8],
    objective: Objective,
    cutoff: &Cutoff,
) -> Option<Vec<Meld>> {
    if cards.len() <= LIKELIEST || !matches!(rules, GameRules::Romme(_) | GameRules::Rummy(_)) {
        return None;
    }
    let types = deck_types(rules.game());
    let natural = |c: u8| types.get(c as usize).is_some_and(|t| t.kind == Kind::Natural);
    let mut naturals: Vec<u8> = cards.iter().copied().filter(|&c| natural(c)).collect();
    let partners = |c: u8| {
        let t = &types[c as usize];
        let partner = |d: &&u8| {
            let u = &types[**d as usize];
            (u.suit == t.suit && u.rank != t.rank && u.rank.abs_diff(t.rank) <= 2)
                || (u.rank == t.rank && u.suit != t.suit)
        };
        naturals.iter().filter(partner).count()
    };
    let mut ranked: Vec<(usize, u8)> = naturals.iter().map(|&c| (partners(c), c)).collect();
    ranked.sort_unstable();
    let drop = (cards.len() - LIKELIEST).min(ranked.len());
    naturals = ranked[drop..].iter().map(|&(_, c)| c).collect();
    naturals.extend(cards.iter().copied().filter(|&c| !natural(c)));
    match partition_within(rules, &naturals, objective, cutoff) {
        Ok((melds, _, true)) => Some(melds),
        _ => None,
    }
}

/// The best of the hands' own melds `candidates` for `objective` (the most cards, or under
/// [`Objective::MinLeft`] the most hand points laid), the first where several lay as much; none
/// where there are no candidates.
pub(super) fn best_melds(
    game: Game,
    objective: Objective,
    candidates: impl IntoIterator<Item = Vec<Meld>>,
) -> Vec<Meld> {
    let value = |m: &Vec<Meld>| -> i32 {
        let codes = m.iter().flat_map(|m| m.codes());
        if objective == Objective::MinLeft {
            codes.map(|c| hand_points(game, c)).sum()
        } else {
            codes.count() as i32
        }
    };
    candidates.into_iter().reduce(|a, b| if value(&b) > value(&a) { b } else { a }).unwrap_or_default()
}

/// Runs of consecutive naturals of one suit, then sets of one rank, each as long as it goes (Rummy
/// and Rommé; 1x1-Rommé's rows are left to lay-offs), at most `room` cards, read by `read`: the hand's
/// own melds found at once, where its search is cut or spent.
pub(super) fn greedy_melds(game: Game, cards: &[u8], room: usize, read: &dyn Fn(&[u8]) -> Option<Meld>) -> Vec<Meld> {
    if !matches!(game, Game::Rummy | Game::Romme) {
        return Vec::new();
    }
    let types = deck_types(game);
    let mut left: Vec<u8> = cards.iter().copied().filter(|&c| types[c as usize].kind == Kind::Natural).collect();
    left.sort_by_key(|&c| (types[c as usize].suit, types[c as usize].rank));
    let mut out = Vec::new();
    let mut room = room;
    for group in [first_run, first_set] {
        while let Some(m) = group(&left, types).filter(|m| m.len() <= room).and_then(|m| read(&m)) {
            for c in m.codes() {
                if let Some(k) = left.iter().position(|&x| x == c) {
                    left.remove(k);
                }
            }
            room -= m.cards.len();
            out.push(m);
        }
    }
    out
}

/// The first run of three or more consecutive ranks of one suit in `cards`
/// (sorted by suit, then rank), as long as it goes.
fn first_run(cards: &[u8], types: &[crate::cards::CardType]) -> Option<Vec<u8>> {
    let key = |c: u8| (types[c as usize].suit, types[c as usize].rank);
    let mut distinct: Vec<u8> = cards.to_vec();
    distinct.dedup();
    let mut start = 0;
    for i in 1..=distinct.len() {
        let continues = i < distinct.len() && {
            let ((s0, r0), (s1, r1)) = (key(distinct[i - 1]), key(distinct[i]));
            s0 == s1 && r0 + 1 == r1
        };
        if !continues {
            if i - start >= 3 {
                return Some(distinct[start..i].to_vec());
            }
            start = i;
        }
    }
    None
}

/// The first set of one rank in distinct suits (three or four cards) in `cards`.
fn first_set(cards: &[u8], types: &[crate::cards::CardType]) -> Option<Vec<u8>> {
    let mut by_rank: Vec<u8> = cards.to_vec();
    by_rank.sort_by_key(|&c| (types[c as usize].rank, types[c as usize].suit));
    by_rank.dedup();
    by_rank
        .chunk_by(|&a, &b| types[a as usize].rank == types[b as usize].rank)
        .find(|g| g.len() >= 3)
        .map(|g| g.iter().copied().take(4).collect())
}
