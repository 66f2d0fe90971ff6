//! The first solve on the cycle of ranks (`wrap_around`, docs/SEARCH-DESIGN.md
//! §4.10) through the profile oracle: the plain sweep's search from the root
//! splits its memo by the seam profiles chosen at position 0 (hundreds of
//! tuples at a 60-card position's best cut), so that proving the optimum
//! searches most states past position 0 once per tuple. Here the steps of
//! position 0 are walked by the plain sweep (they choose the tuple), and each
//! state they reach at position 1's start is valued by one [`ProfileOracle`],
//! whose states forget the profile and carry the values of every tuple: each
//! state past position 0 is searched once for all of them. Its answer is the
//! plain search's (the same optimum; the path traced through the oracle's
//! vectors), its work the oracle's nodes.

use super::super::super::state::{Key, State};
use super::super::{Decision, MaxMode, Sweep};
use super::ProfileOracle;
use crate::search::hasher::FxMap;
use crate::search::switches;

/// A state at position 1's start that the steps of position 0 reach: the
/// most those steps score on the way, and their decisions.
struct Leaf {
    state: State,
    gain: i32,
    decisions: Vec<Decision>,
}

/// Below every value a path reaches (as [`Sweep::max_value`]'s).
const NEG: i32 = -1000;

impl<'m> Sweep<'m, MaxMode> {
    /// [`Sweep::max_root_below`] on the cycle through a [`ProfileOracle`]:
    /// the optimum (≤ `ceiling`), its path recorded for [`Sweep::max_trace`]
    /// (`below`: the aspiration at the bound has failed already, only the exact
    /// look is left); None where the oracle does not apply (not on the cycle, a
    /// binding cap, too many tuples), the caller's plain search answers then.
    /// Where the oracle's limit (this sweep's) or the caller's budget cuts it,
    /// the sweep is aborted.
    pub(in crate::search) fn profile_root_below(&mut self, ceiling: i32, below: bool) -> Option<i32> {
        if !self.m.rules.shape.is_cycle() || self.mode.cap.is_some() || self.aborted || self.is_loose() {
            return None;
        }
        let paused = std::mem::take(&mut self.mode.paused).then(|| self.profiled.take()).flatten();
        let mut oracle = match paused {
            Some(mut oracle) => {
                // (its memo kept, its limit the search's again)
                oracle.go_on(self.max_states.saturating_sub(oracle.limit));
                *oracle
            }
            None => {
                let fresh = Sweep::plain(self.m, self.hand_cap, &self.cutoff, usize::MAX, self.jokers);
                ProfileOracle::new(fresh, self.max_states)?.calls_unlimited()
            }
        };
        let (work_before, pause_at) = (oracle.work(), std::mem::replace(&mut self.mode.ceiling_at, usize::MAX));
        oracle.limit = oracle.limit.min(pause_at);
        let root = self.root();
        let aim = self.bound(&root).min(ceiling);
        let mut leaves = Vec::new();
        self.leaves(root, 0, &mut Vec::new(), &mut FxMap::default(), &mut leaves);
        // (the most promising first: the exact look's floor rises soonest)
        let mut upper: Vec<(i32, usize)> =
            leaves.iter().enumerate().map(|(i, l)| (-(l.gain + self.bound(&l.state)), i)).collect();
        upper.sort_unstable();
        // An aspiration at the bound first (cheap where the whole hand fits), then the exact look.
        let mut outcome = None;
        let looks: &[i32] = if below { &[NEG] } else { &[aim - 1, NEG] };
        for &alpha in looks {
            let mut best: Option<(i32, usize)> = None;
            for &(_, i) in &upper {
                let leaf = &leaves[i];
                let floor = alpha.max(best.map_or(NEG, |b| b.0));
                let Some(v) = oracle.value(&leaf.state, floor - leaf.gain) else {
                    self.aborted = true;
                    break;
                };
                if v + leaf.gain > floor && v > NEG {
                    best = Some((v + leaf.gain, i));
                }
                if best.is_some_and(|b| b.0 >= aim) {
                    // (no answer scores more than the ceiling)
                    break;
                }
            }
            if self.aborted || best.is_some() {
                outcome = best;
                break;
            }
        }
        self.mode.side_work += oracle.work() - work_before;
        if self.aborted && oracle.limit == pause_at && oracle.limit < self.max_states && !self.cutoff.reached() {
            // (stopped to have its ceiling asked, Sweep::root_ceiling_at)
            self.mode.paused = true;
            self.profiled = Some(Box::new(oracle));
            return Some(NEG);
        }
        let Some((value, i)) = outcome.filter(|_| !self.aborted) else {
            return Some(NEG);
        };
        let leaf = &leaves[i];
        let Some(rest) = oracle.trace(&leaf.state, value - leaf.gain) else {
            self.aborted = true;
            return Some(NEG);
        };
        let mut decisions = leaf.decisions.clone();
        decisions.extend(rest);
        self.mode.reached = Some((value, decisions));
        // (its memo, the values past position 0 for every tuple, is what keep mode's profile
        // oracle asks of the same model: kept for it, Sweep::keep)
        if switches::profile_oracle_kept() {
            self.profiled = Some(Box::new(oracle));
        }
        Some(value)
    }

    /// Walks the steps of position 0 from `st` (`gain` scored, `path` decided
    /// on the way): each state they reach at position 1's start, once, with
    /// the best way there (`seen`: the most scored on the way to each state
    /// met, and a leaf's place in `out`).
    fn leaves(
        &mut self,
        st: State,
        gain: i32,
        path: &mut Vec<Decision>,
        seen: &mut FxMap<Key, (i32, usize)>,
        out: &mut Vec<Leaf>,
    ) {
        let key = st.key();
        if seen.get(&key).is_some_and(|&(g, _)| g >= gain) {
            return;
        }
        if st.pos > 0 {
            // (a leaf met again by a better way keeps its place)
            let at = seen.get(&key).map_or(out.len(), |&(_, at)| at);
            seen.insert(key, (gain, at));
            let leaf = Leaf { state: st, gain, decisions: path.clone() };
            if at == out.len() {
                out.push(leaf);
            } else {
                out[at] = leaf;
            }
            return;
        }
        seen.insert(key, (gain, 0));
        self.work += 1;
        let mut buf = self.bufs.pop().unwrap_or_default();
        buf.clear();
        self.moves(&st, &mut buf);
        for mv in buf.iter() {
            path.push(mv.dec);
            self.leaves(mv.child, gain + mv.score, path, seen, out);
            path.pop();
        }
        buf.clear();
        self.bufs.push(buf);
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::cycle_model;
    use super::*;
    use crate::search::budget::{Budget, Cutoff};
    use crate::search::sweep::JokerMode;
    use crate::search::{solve_table_cut, TableObjective, TieBreak};

    /// On 60 dealt cycle positions in both joker modes, the first solve
    /// through the profile oracle (the aspiration and the exact look, the exact
    /// look alone, and the probe before them) finds the plain sweep's optimum
    /// and a path to it.
    #[test]
    fn the_profile_root_finds_the_plain_optimum() {
        let mut seed = 11u64;
        let mut answered = 0;
        for i in 0..60 {
            let (table, hand) = crate::testkit::romme_position(&mut seed, 6 + i % 10, 4 + i % 9);
            let m = cycle_model(&table, &hand);
            for jokers in [JokerMode::Lazy, JokerMode::Placed] {
                let mut plain = Sweep::plain(&m, 127, &Cutoff::NONE, 10_000_000, jokers);
                let want = plain.max_from_root(NEG);
                // (a suit with more seam profiles than a state holds: no sweep on this cut)
                if plain.aborted {
                    continue;
                }
                for below in [false, true] {
                    let mut sw = Sweep::plain(&m, 127, &Cutoff::NONE, 10_000_000, jokers);
                    let Some(v) = sw.profile_root_below(i32::MAX, below) else { continue };
                    answered += 1;
                    assert!(!sw.aborted);
                    assert_eq!(v, want.max(NEG), "{table:?} {hand:?} {jokers:?} {below}");
                    if v > NEG {
                        assert!(sw.max_trace(v).is_some(), "no path to {v}: {table:?} {hand:?}");
                    }
                }
                let mut sw = Sweep::plain(&m, 127, &Cutoff::NONE, 10_000_000, jokers);
                assert_eq!(sw.max_root_below(i32::MAX).max(NEG), want.max(NEG), "{table:?} {hand:?} {jokers:?}");
            }
        }
        assert!(answered >= 150, "the profile oracle answered only {answered} first solves");
    }

    /// The first solve on the cycle searches on after its probe is cut, on the
    /// probe's memo (the aspiration again where no profile oracle applies, and
    /// keep mode's oracle reads it): a node the cut stopped stored its best so
    /// far there, and the ancestors of the cut said less than they reach (on
    /// the 60-card `wrap` bench position 210 with a probe of 1,024 states, no
    /// arrangement at all). Searched again unlimited, a sweep cut at its limit
    /// finds the optimum a fresh one does.
    #[test]
    fn a_search_cut_at_its_limit_leaves_its_memo_sound() {
        let mut seed = 5u64;
        let mut resumed = 0;
        for i in 0..40 {
            let (table, hand) = crate::testkit::romme_position(&mut seed, 14 + i % 6, 10 + i % 4);
            let m = cycle_model(&table, &hand);
            let mut fresh = Sweep::plain(&m, 127, &Cutoff::NONE, 10_000_000, JokerMode::Placed);
            let want = fresh.max_from_root(NEG);
            if fresh.aborted {
                continue;
            }
            for limit in [1, 2_000] {
                let mut sw = Sweep::plain(&m, 127, &Cutoff::NONE, limit, JokerMode::Placed);
                // (an aspiration at the bound, as the probe's)
                let root = sw.root();
                let aim = sw.bound(&root);
                sw.max_value(root, aim - 1);
                if !sw.aborted {
                    continue;
                }
                resumed += 1;
                (sw.aborted, sw.max_states) = (false, 10_000_000);
                assert_eq!(sw.max_from_root(NEG).max(NEG), want.max(NEG), "{table:?} {hand:?} cut at {limit}");
            }
        }
        assert!(resumed >= 20, "only {resumed} searches were cut");
    }

    /// The second 60-card `wrap` position of bench_table_romme_variants.py
    /// (seed 1): its hand less one card fits, and the plain sweep proved that the
    /// whole hand does not in 1.49 million work, the seam profiles splitting its
    /// memo; through the profile oracle, about 125,000.
    #[test]
    fn the_first_solve_on_the_cycle_searches_the_profiles_at_once() {
        let table: Vec<Vec<u8>> = vec![
            vec![19, 6, 45, 32],
            vec![18, 44, 5],
            vec![47, 48, 49, 50],
            vec![0, 1, 2, 3],
            vec![8, 47, 34, 21],
            vec![45, 52, 6, 19],
            vec![37, 50, 11],
            vec![21, 22, 23, 24],
            vec![28, 2, 41, 15],
            vec![14, 40, 1],
            vec![46, 20, 33],
            vec![24, 25, 13, 14, 15],
            vec![7, 8, 9, 10],
            vec![35, 22, 9],
            vec![5, 44, 18],
            vec![10, 11, 12, 0],
            vec![34, 35, 36],
        ];
        let hand = [39, 29, 4, 4, 31, 42, 37, 39, 38, 17, 36, 30, 7];
        let o = crate::meld::Options::from_pairs(vec![("rauber".to_string(), 1), ("wrap_around".to_string(), 1)]);
        let cutoff = Cutoff::start(Budget::work(10_000_000));
        let game = crate::cards::Game::Romme;
        let sol = solve_table_cut(game, &table, &hand, TableObjective::Cards, &o, &cutoff, TieBreak::None).unwrap();
        assert_eq!((sol.placed.len(), sol.optimal), (12, true));
        assert!(cutoff.spent() < 400_000, "work {}", cutoff.spent());
    }

    /// [`solve_table_cut`] under `wrap_around` (cards, tie-break exact), with
    /// the profile oracle handed from the first solve to keep mode or not, and
    /// keep mode's vector search asking it from the start or at its default
    /// (`asked_at_once`): the answer's placed count, whether proven, moved,
    /// whether proven, and the work.
    fn solve_kept(table: &[Vec<u8>], hand: &[u8], kept: bool, asked_at_once: bool) -> (usize, bool, u32, bool, u64) {
        let o = crate::meld::Options::from_pairs(vec![("rauber".to_string(), 1), ("wrap_around".to_string(), 1)]);
        let cutoff = Cutoff::start(Budget::UNLIMITED);
        let game = crate::cards::Game::Romme;
        let solve = || {
            switches::with_profile_oracle_kept(kept, || {
                solve_table_cut(game, table, hand, TableObjective::Cards, &o, &cutoff, TieBreak::Exact)
            })
        };
        let sol = if asked_at_once { switches::with_vector_oracle_after(0, solve) } else { solve() };
        let sol = sol.unwrap();
        (sol.placed.len(), sol.optimal, sol.moved, sol.moved_optimal, cutoff.spent())
    }

    /// Keep mode goes on with the profile oracle that answered the first solve
    /// (and each keep search with the one before's): on dealt positions under
    /// `wrap_around` the same answers as with a fresh oracle per keep search,
    /// with keep mode's vector search asking the oracle at its default and from
    /// the start; asked from the start, the kept oracle's memo saves work (at
    /// the default these short positions seldom ask it).
    #[test]
    fn keep_mode_with_the_first_solves_profile_oracle_answers_alike() {
        let mut seed = 29u64;
        let mut less = 0;
        for i in 0..60 {
            let (table, hand) = crate::testkit::romme_position(&mut seed, 8 + i % 12, 5 + i % 9);
            for asked_at_once in [false, true] {
                let on = solve_kept(&table, &hand, true, asked_at_once);
                let off = solve_kept(&table, &hand, false, asked_at_once);
                assert_eq!((on.0, on.1), (off.0, off.1), "the objective: {table:?} {hand:?}");
                if on.3 && off.3 {
                    assert_eq!(on.2, off.2, "the fewest moved: {table:?} {hand:?}");
                }
                less += (asked_at_once && on.4 < off.4) as u32;
            }
        }
        assert!(less >= 5, "the kept oracle saved work on {less} positions only");
    }

    /// The 60-card `wrap` bench's positions 37 and 58 (cards, seed 1; 12 and
    /// 13 hand cards placed): the probe is cut and the profile oracle answers the first solve; its memo,
    /// handed to keep mode, answers keep mode's oracle where its vector search
    /// asks it from the start (keep mode's work 37: 9,000 with a fresh oracle,
    /// 6,800 with it; 58: 9,200 and 7,500). The same proven answers with less work.
    #[test]
    fn keep_mode_goes_on_with_the_first_solves_profile_oracle() {
        let check = |table: Vec<Vec<u8>>, hand: [u8; 13], placed: usize, moved: u32| {
            let (on, off) = (solve_kept(&table, &hand, true, true), solve_kept(&table, &hand, false, true));
            assert_eq!((on.0, on.1, on.2, on.3), (placed, true, moved, true), "{table:?}");
            assert_eq!((off.0, off.1, off.2, off.3), (on.0, on.1, on.2, on.3), "{table:?}");
            assert!(on.4 < off.4, "work {} with the first solve's oracle, {} without", on.4, off.4);
        };
        check(
            vec![
                vec![20, 21, 22, 23],
                vec![46, 33, 7],
                vec![32, 19, 45, 6],
                vec![39, 26, 0],
                vec![27, 40, 14],
                vec![45, 6, 32, 19],
                vec![4, 17, 43],
                vec![10, 11, 12, 0, 1],
                vec![49, 10, 36],
                vec![41, 15, 28, 2],
                vec![49, 36, 23],
                vec![17, 4, 30, 43],
                vec![14, 27, 1, 40],
                vec![5, 44, 18],
                vec![34, 21, 8, 47],
                vec![46, 20, 7],
                vec![3, 42, 16],
            ],
            [51, 41, 35, 26, 51, 44, 35, 37, 29, 28, 50, 25, 18],
            12,
            35,
        );
        check(
            vec![
                vec![11, 24, 50],
                vec![48, 22, 9],
                vec![31, 18, 44, 5],
                vec![44, 45, 46, 47, 48],
                vec![2, 41, 15],
                vec![51, 39, 40, 41, 42],
                vec![4, 17, 43],
                vec![33, 20, 46, 7],
                vec![25, 38, 51],
                vec![1, 40, 27],
                vec![0, 13, 26, 39],
                vec![32, 45, 6],
                vec![36, 23, 49],
                vec![20, 21, 22, 23],
                vec![16, 42, 29, 3],
                vec![14, 15, 16, 17, 18],
                vec![30, 43, 4],
            ],
            [27, 37, 25, 35, 7, 19, 11, 8, 28, 2, 9, 24, 1],
            13,
            15,
        );
    }
}
