//! A cut answer re-laid to keep more old melds whole (docs/SEARCH-DESIGN.md
//! §4.11, "How a cut answer is chosen").
//!
//! Where the caller's budget cuts a table search, its answer reaches the
//! objective the search found, but the fewest moved is whatever answer it held
//! then: often the first solve's, which keeps few old melds. The same cards
//! laid otherwise keep more, and a cheap local search finds many of them: the
//! old melds counted whole by codes (two copies of a card are alike, so a copy
//! is credited to whichever old meld keeps whole with it), then each old meld
//! not kept, largest first, laid again as it lay, its cards taken from the
//! answer's melds; a meld left invalid gives its cards back, which are laid off
//! onto the other melds or laid as melds of their own by the game's hand solver
//! (alone, or with the cards of one more meld). A move is taken where it keeps
//! more table cards whole. Every meld is read by the game's predicate; the cards
//! on the table stay the same, so the objective, the placed and the taken cards
//! do too. The work is counted (a meld read one unit, a hand solve its states)
//! and bounded by [`REPAIR_WORK`] within the solve's finish ([`Cutoff::finish`]:
//! what the account has left, at least its reserve, after the cheap answer).

use super::{Cutoff, TableSolution};
use crate::hand::{partition_within, read_meld};
use crate::meld::{Meld, Objective};
use crate::options::GameRules;
use crate::rummy;

/// The most work the repair of one cut answer spends.
pub(super) const REPAIR_WORK: u64 = 20_000;

/// The most cards a hand solve of the repair takes (the cards given back and one meld's).
const HAND_CARDS: usize = 16;

/// `found` (cut by the caller's budget, not proven the fewest moved) with its
/// table laid again where that keeps more old melds whole; its work charged to `cutoff`
/// (the solve's finish), which stops it too.
pub(super) fn keep_more(rules: &GameRules, table: &[Vec<u8>], found: TableSolution, cutoff: &Cutoff) -> TableSolution {
    if found.moved == 0 || !matches!(rules, GameRules::Romme(_) | GameRules::Rummy(_)) {
        return found;
    }
    let read_rules = rules.jokers_placed_by_engine();
    // (the cards given back are table cards: no per-turn cap binds them)
    let hand_rules = match read_rules {
        GameRules::Rummy(r) => GameRules::Rummy(rummy::Rules { max_hand_cards_per_turn: 0, ..r }),
        other => other,
    };
    let mut r = Repair { read_rules, hand_rules, olds: table, cutoff: cutoff.within(REPAIR_WORK), reads: 0 };
    let melds: Vec<Vec<u8>> = found.melds.iter().map(Meld::codes).collect();
    let total: u32 = table.iter().map(|m| m.len() as u32).sum();
    let (melds, kept) = r.run(melds);
    let moved = total.saturating_sub(kept);
    if moved >= found.moved {
        return found;
    }
    let Some(read) = melds.iter().map(|m| read_meld(&r.read_rules, m, 0).ok()).collect::<Option<Vec<Meld>>>() else {
        return found;
    };
    // (nothing moved is the fewest: at a proven optimum the answer is proven both ways, and the
    // budget cut nothing it lacks, as `with_cut`'s rule says)
    let budget_cut = found.budget_cut && !(found.optimal && moved == 0);
    TableSolution { melds: read, moved, moved_optimal: moved == 0, budget_cut, ..found }
}

struct Repair<'a> {
    read_rules: GameRules,
    hand_rules: GameRules,
    olds: &'a [Vec<u8>],
    /// The repair's own bound within the solve's finish.
    cutoff: Cutoff,
    /// Meld reads not yet charged to `cutoff`.
    reads: u64,
}

/// `sub` taken out of `from` (as multisets), or false (and `from` unchanged) where it does not hold them.
fn take(from: &mut Vec<u8>, sub: &[u8]) -> bool {
    let mut left = from.clone();
    for &c in sub {
        match left.iter().position(|&x| x == c) {
            Some(k) => {
                left.swap_remove(k);
            }
            None => return false,
        }
    }
    *from = left;
    true
}

impl Repair<'_> {
    fn valid(&mut self, codes: &[u8]) -> bool {
        self.reads += 1;
        codes.len() >= 3 && read_meld(&self.read_rules, codes, 0).is_ok()
    }

    /// The hand solver's melds of `cards` where they lay every card.
    fn own_melds(&mut self, cards: &[u8]) -> Option<Vec<Vec<u8>>> {
        if cards.len() < 3 {
            return None;
        }
        let mut sorted = cards.to_vec();
        sorted.sort_unstable();
        let (melds, left, _) = partition_within(&self.hand_rules, &sorted, Objective::MaxCards, &self.cutoff).ok()?;
        left.is_empty().then(|| melds.iter().map(Meld::codes).collect())
    }

    /// Charges the meld reads not yet charged; whether the repair must stop.
    fn stopped(&mut self) -> bool {
        self.cutoff.spend(std::mem::take(&mut self.reads))
    }

    /// The old melds' order: largest first.
    fn order(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.olds.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(self.olds[i].len()));
        order
    }

    /// The table cards `melds` keep whole, credited largest old meld first, and per meld the
    /// cards of the old melds it keeps (`None` per old meld not kept).
    fn kept(&self, melds: &[Vec<u8>]) -> (u32, Vec<Option<usize>>, Vec<Vec<u8>>) {
        let mut avail = melds.to_vec();
        let mut held = vec![Vec::new(); melds.len()];
        let mut at = vec![None; self.olds.len()];
        let mut kept = 0;
        for i in self.order() {
            if let Some(j) = (0..avail.len()).find(|&j| take(&mut avail[j], &self.olds[i])) {
                kept += self.olds[i].len() as u32;
                at[i] = Some(j);
                held[j].extend_from_slice(&self.olds[i]);
            }
        }
        (kept, at, held)
    }

    /// Repairs `melds` until no move keeps more (or the work runs out): the melds and the
    /// table cards they keep whole.
    fn run(&mut self, mut melds: Vec<Vec<u8>>) -> (Vec<Vec<u8>>, u32) {
        let (mut kept, mut at, _) = self.kept(&melds);
        let mut improved = true;
        while improved && !self.stopped() {
            improved = false;
            for i in self.order() {
                if at[i].is_some() {
                    continue;
                }
                if self.stopped() {
                    break;
                }
                let Some(new) = self.restore(&melds, i) else { continue };
                let (k, a, _) = self.kept(&new);
                if k > kept {
                    (melds, kept, at, improved) = (new, k, a, true);
                }
            }
        }
        self.stopped();
        (melds, kept)
    }

    /// `melds` with old meld `i` laid again as it lay, or None where the cards it frees find no place.
    fn restore(&mut self, melds: &[Vec<u8>], i: usize) -> Option<Vec<Vec<u8>>> {
        let (_, _, mut held) = self.kept(melds);
        let mut new = melds.to_vec();
        for &c in &self.olds[i] {
            // (a copy no kept old meld holds first, then one whose meld stays valid without it)
            let mut best: Option<((bool, bool), usize)> = None;
            for j in 0..new.len() {
                let Some(k) = new[j].iter().position(|&x| x == c) else { continue };
                let free = new[j].iter().filter(|&&x| x == c).count() > held[j].iter().filter(|&&x| x == c).count();
                let mut rest = new[j].clone();
                rest.swap_remove(k);
                let score = (free, rest.is_empty() || self.valid(&rest));
                if best.is_none_or(|(s, _)| score > s) {
                    best = Some((score, j));
                }
            }
            let (_, j) = best?;
            take(&mut new[j], &[c]);
            take(&mut held[j], &[c]);
        }
        let mut loose = Vec::new();
        let mut kept_melds = Vec::with_capacity(new.len() + 1);
        for m in new {
            if m.is_empty() {
                continue;
            }
            if self.valid(&m) {
                kept_melds.push(m);
            } else {
                loose.extend(m);
            }
        }
        let mut new = kept_melds;
        new.push(self.olds[i].clone());
        // (naturals first: a joker goes only where nothing else fits)
        loose.sort_by_key(|&c| (self.is_joker(c), c));
        let mut left = Vec::new();
        for c in loose {
            let home = (0..new.len()).find(|&j| {
                let mut m = new[j].clone();
                m.push(c);
                self.valid(&m)
            });
            match home {
                Some(j) => new[j].push(c),
                None => left.push(c),
            }
        }
        if left.is_empty() {
            return Some(new);
        }
        if let Some(own) = self.own_melds(&left) {
            new.extend(own);
            return Some(new);
        }
        // (the cards left with one more meld's, the meld laid again as it lay last)
        for j in 0..new.len() - 1 {
            if left.len() + new[j].len() > HAND_CARDS {
                continue;
            }
            let both: Vec<u8> = left.iter().chain(&new[j]).copied().collect();
            if let Some(own) = self.own_melds(&both) {
                new.remove(j);
                new.extend(own);
                return Some(new);
            }
        }
        None
    }

    fn is_joker(&self, c: u8) -> bool {
        crate::cards::joker_code(self.read_rules.game()) == Some(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Game;
    use crate::meld::Options;
    use crate::search::cheap::{cheap_answer, or_cheap_fewer_moved, Bounds};
    use crate::search::{search_position, Budget, TableObjective, TieBreak};

    /// Räuber-Rommé with wrap_around, position 34 of the wrap bench (13 placed, 16 moved without a budget).
    fn position() -> (Vec<Vec<u8>>, Vec<u8>) {
        let table = [
            &[4, 5, 6, 7, 8][..],
            &[3, 42, 16],
            &[20, 21, 22, 23, 24],
            &[48, 49, 50],
            &[44, 31, 18, 5],
            &[41, 28, 2, 15],
            &[38, 26, 27, 28, 29],
            &[48, 49, 50, 51],
            &[16, 42, 29, 3],
            &[44, 45, 46, 47],
            &[6, 45, 32],
            &[17, 18, 19, 20],
            &[21, 22, 23, 52],
            &[32, 33, 34, 35, 36],
            &[13, 52, 0, 39],
        ];
        (table.iter().map(|m| m.to_vec()).collect(), vec![46, 35, 36, 30, 25, 33, 40, 43, 12, 27, 30, 11, 13])
    }

    fn sorted_cards(melds: &[Meld]) -> Vec<u8> {
        let mut all: Vec<u8> = melds.iter().flat_map(Meld::codes).collect();
        all.sort_unstable();
        all
    }

    #[test]
    fn a_cut_answer_laid_again_keeps_more_old_melds_and_the_same_cards() {
        let (table, hand) = position();
        let options = Options::from_pairs([("rauber".to_string(), 1), ("wrap_around".to_string(), 1)]);
        let rules = GameRules::read(Game::Romme, &options).unwrap();
        for work in [20_000, 30_000] {
            let cutoff = Cutoff::start(Budget::work(work));
            let held = search_position(&rules, &table, &hand, TableObjective::Cards, &cutoff, TieBreak::Exact).unwrap();
            let again = keep_more(&rules, &table, held.clone(), &Cutoff::NONE);
            assert_eq!(sorted_cards(&again.melds), sorted_cards(&held.melds));
            assert_eq!((&again.placed, &again.taken, again.optimal), (&held.placed, &held.taken, held.optimal));
            assert!(again.melds.iter().all(|m| read_meld(&rules, &m.codes(), 0).is_ok()));
            // (both cut the own look's first solve on the cycle, before it runs long enough to hand the
            // position to the mirror image's look: the search holds the answer of a cut first solve, which
            // moves most of the table; the fewest is 16)
            assert!(held.moved >= 50 && again.moved <= 30, "{work}: {} -> {}", held.moved, again.moved);
        }
    }

    #[test]
    fn the_repair_never_moves_more_and_spends_at_most_its_work() {
        let (table, _) = position();
        let options = Options::from_pairs([("rauber".to_string(), 1), ("wrap_around".to_string(), 1)]);
        let rules = GameRules::read(Game::Romme, &options).unwrap();
        let melds: Vec<Meld> = table.iter().map(|m| read_meld(&rules, m, 0).unwrap()).collect();
        let whole = TableSolution {
            melds,
            placed: Vec::new(),
            taken: Vec::new(),
            moved: 0,
            optimal: true,
            moved_optimal: true,
            placed_points: 0,
            budget_cut: true,
            second_swap: false,
        };
        // (nothing moved: nothing to repair, nothing spent)
        let cutoff = Cutoff::start(Budget::UNLIMITED);
        assert_eq!(keep_more(&rules, &table, whole.clone(), &cutoff), whole);
        assert_eq!(cutoff.spent(), 0);
        // (said to move every card: the table as it lies keeps every old meld)
        let said = TableSolution { moved: 61, moved_optimal: false, ..whole.clone() };
        let again = keep_more(&rules, &table, said, &cutoff);
        assert_eq!((again.moved, again.moved_optimal, again.budget_cut), (0, true, false));
        assert!(cutoff.spent() <= REPAIR_WORK + 100);
        // (not proven optimal: still cut, whatever it moves)
        let unproven = TableSolution { moved: 61, moved_optimal: false, optimal: false, ..whole };
        let again = keep_more(&rules, &table, unproven, &Cutoff::NONE);
        assert_eq!((again.moved, again.moved_optimal, again.budget_cut), (0, true, true));
    }

    /// The cheap answer (the table kept whole) replacing a cut answer at the proven optimum is proven
    /// both ways: the budget cut nothing it lacks.
    #[test]
    fn the_cheap_answer_at_the_proven_optimum_is_not_cut() {
        let (table, _) = position();
        let options = Options::from_pairs([("rauber".to_string(), 1), ("wrap_around".to_string(), 1)]);
        let rules = GameRules::read(Game::Romme, &options).unwrap();
        // (an empty hand: the optimum places nothing, the table as it lies reaches it moving nothing)
        let cut = TableSolution {
            melds: table.iter().map(|m| read_meld(&rules, m, 0).unwrap()).collect(),
            placed: Vec::new(),
            taken: Vec::new(),
            moved: 61,
            optimal: true,
            moved_optimal: false,
            placed_points: 0,
            budget_cut: true,
            second_swap: false,
        };
        let cheap = |found| {
            let bounds = Bounds { account: &Cutoff::NONE, finish: &Cutoff::NONE };
            let cheap = cheap_answer(&rules, &table, &[], TableObjective::Cards, bounds);
            or_cheap_fewer_moved(found, cheap, TableObjective::Cards)
        };
        let proven = cheap(cut.clone());
        assert_eq!((proven.moved, proven.optimal, proven.moved_optimal, proven.budget_cut), (0, true, true, false));
        let unproven = cheap(TableSolution { optimal: false, ..cut });
        assert_eq!(
            (unproven.moved, unproven.optimal, unproven.moved_optimal, unproven.budget_cut),
            (0, false, true, true)
        );
    }
}
