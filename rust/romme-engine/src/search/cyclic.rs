//! Räuber-Rommé with `wrap_around` on the cycle of ranks (docs/SEARCH-DESIGN.md
//! §4.10): the position is turned so that the cut, a boundary between two
//! ranks that no table run crosses, falls between the last cell and the first,
//! and the sweep reads it as a cycle ([`GridShape::Cycle`]): the runs crossing
//! the cut are each suit's seam profile, chosen at position 0
//! ([`super::sweep::SeamProfiles`]). Its answers are all the position's
//! answers under `wrap_around`, so its proofs (the objective, the fewest moved
//! by keep mode) are the position's.

use super::grid::{self, GridGame, Layout};
use super::model::{GridRules, GridShape, SplitRun, SUITS};
// (the line's mirror image, rank r read as 15 - r, is the cycle's, r read as -r: the same codes)
use super::keep_search::with_first_limit;
use super::romme_mirror::{self, codes as mirrored};
use super::sweep::profile_choices;
use super::universe::seam;
use super::{cyclic_keep, Cutoff, TableObjective, TableSolution, TieBreak};
use crate::cards::Game;
use crate::meld::{EngineError, Meld, MeldKind};
use crate::options::GameRules;
use crate::romme::{self, Rules, JOKER};

/// Ranks on the cycle.
const RANKS: u8 = 13;

/// The own look's first solve is cut at this work (its profile oracle's
/// nodes, [`with_first_limit`]) where the mirror image's look may follow it
/// (tie-break `exact`, few seam profiles): then the looks change places, the
/// mirror image's first with the own look's limits, and the own look, uncut,
/// follows where that one proves no answer. Most first solves on the cycle
/// end within it, and where the own one runs long the mirror image's is
/// seldom as long: the other ranks' runs are the first the sweep meets.
const OWN_FIRST_SOLVE: usize = 25_000;

/// What the sweep on the cycle answers.
pub(super) enum Cycled {
    /// Proven on the tie-break asked: the objective, and with
    /// [`TieBreak::Exact`] the fewest moved.
    Proven(TableSolution),
    /// The objective proven, not the fewest moved; no answer reaching it
    /// moves fewer table cards than the floor where one is known (an
    /// answer found elsewhere moving that many is the fewest moved).
    Optimum(TableSolution, Option<u32>),
}

/// The answer of the sweep on the cycle where it proves at least the
/// objective; None where it does not, where the sweep does not model the
/// rules (`no_double_joker`) or where no cut is usable. `rules` are the
/// position's, `plain` the same without `wrap_around` and `no_double_joker`.
///
/// Where its keep search leaves the fewest moved unproven (tie-break `exact`,
/// the caller's budget not spent), the position's mirror image (every rank r read as -r
/// round the cycle: the ace stays, 2 and K trade places) is searched too, as
/// on the line ([`super::romme_mirror`]; its cells scoring as the cards they
/// mirror): it has the same answers, mirrored, and the keep search's hard
/// positions are seldom hard both ways. The better answer is taken. Where
/// the own look's first solve runs past [`OWN_FIRST_SOLVE`], the looks
/// change places.
#[cfg(test)]
#[allow(clippy::too_many_arguments)]
pub(super) fn solve(
    table: &[Vec<u8>],
    hand: &[u8],
    objective: TableObjective,
    rules: &Rules,
    plain: &Rules,
    cutoff: &Cutoff,
    tie_break: TieBreak,
) -> Option<Cycled> {
    solve_in_order(table, hand, objective, rules, plain, cutoff, tie_break, LookOrder::ByFirstSolve)
}

/// The order of [`solve`]'s looks.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum LookOrder {
    /// The own look first, always: `no_double_joker`, searched on the cycle
    /// under `wrap_around` alone, where a look's answer counts only if it
    /// obeys the option (the looks' answers differ in their melds, and the
    /// seams' search follows one that breaks it, whatever the first solve
    /// cost).
    OwnFirst,
    /// The mirror image's look first where the own look's first solve runs
    /// past [`OWN_FIRST_SOLVE`].
    ByFirstSolve,
}

/// [`solve`] with its looks in `order` (the search's entry; `solve` is the order tests ask for).
#[allow(clippy::too_many_arguments)]
pub(super) fn solve_in_order(
    table: &[Vec<u8>],
    hand: &[u8],
    objective: TableObjective,
    rules: &Rules,
    plain: &Rules,
    cutoff: &Cutoff,
    tie_break: TieBreak,
    order: LookOrder,
) -> Option<Cycled> {
    if rules.no_double_joker || !rules.wrap_around {
        return None;
    }
    let ask = Ask { objective, rules, plain, cutoff, tie_break };
    let own_look = || ask.look(table, hand);
    let mirror_look = || ask.mirrored_look(table, hand);
    // (keep mode on a cut where a suit has many profiles is cut in the mirror image's look too,
    // for nothing: on the bench's 300 60-card positions that look proved none of those)
    if tie_break != TieBreak::Exact || many_profiles(table, hand) {
        let (own, own_floor) = cyclic_keep::floor_of(own_look);
        return own.and_then(|s| cycled(s, tie_break, own_floor));
    }
    if order == LookOrder::OwnFirst {
        return ask.second_look(cyclic_keep::floor_of(own_look), mirror_look);
    }
    let own = cyclic_keep::floor_of(|| with_first_limit(OWN_FIRST_SOLVE, own_look));
    // (the own look's first solve cut: the looks change places)
    if own.0.as_ref().is_some_and(|s| !s.optimal) && !cutoff.reached() {
        let other = cyclic_keep::floor_of(mirror_look);
        return ask.second_look(other, own_look);
    }
    ask.second_look(own, mirror_look)
}

/// An answer of the sweep on the cycle as [`Cycled`] (None: the objective
/// unproven); its fewest moved proven where it moves no more than `floor`.
fn cycled(sol: TableSolution, tie_break: TieBreak, floor: Option<u32>) -> Option<Cycled> {
    if !sol.optimal {
        return None;
    }
    let moved_optimal = sol.moved_optimal || floor.is_some_and(|f| sol.moved <= f);
    let sol = TableSolution { moved_optimal, ..sol };
    Some(if moved_optimal || tie_break != TieBreak::Exact { Cycled::Proven(sol) } else { Cycled::Optimum(sol, floor) })
}

/// What [`solve`] asks of each look: the objective, the position's rules and
/// the same without `wrap_around` and `no_double_joker`, the cutoff and tie-break.
#[derive(Clone, Copy)]
struct Ask<'a> {
    objective: TableObjective,
    rules: &'a Rules,
    plain: &'a Rules,
    cutoff: &'a Cutoff,
    tie_break: TieBreak,
}

impl Ask<'_> {
    /// The answer of the first look (`first`, with the floor it proved) where it
    /// proves it, else the better of it and the second `look`'s, whose
    /// relaxations have [`cyclic_keep::MIRROR_RELAXED_LIMIT`] (the first look's
    /// floor often proves its answer already).
    fn second_look(
        &self,
        (first, first_floor): (Option<TableSolution>, Option<u32>),
        look: impl FnOnce() -> Option<TableSolution>,
    ) -> Option<Cycled> {
        let (objective, tie_break) = (self.objective, self.tie_break);
        let proven = |s: &TableSolution| s.optimal && (s.moved_optimal || tie_break != TieBreak::Exact);
        if first.as_ref().is_some_and(proven) || self.cutoff.reached() {
            return first.and_then(|s| cycled(s, tie_break, first_floor));
        }
        let limit = cyclic_keep::MIRROR_RELAXED_LIMIT;
        let (other, other_floor) = cyclic_keep::floor_of(|| cyclic_keep::with_relaxed_limit(limit, look));
        let rank =
            |s: &TableSolution| (proven(s), s.optimal, TableSolution::value(s, objective), std::cmp::Reverse(s.moved));
        let best = match (first, other) {
            (Some(a), Some(b)) => Some(if rank(&b) > rank(&a) { b } else { a }),
            (a, b) => a.or(b),
        };
        // (both looks read the position's answers, moving as many cards: each look's floor is the position's)
        let floor = first_floor.max(other_floor);
        best.and_then(|s| cycled(s, tie_break, floor))
    }

    /// One look: the position cut at its best cut, turned there, solved on
    /// the cycle and turned back (None: no usable cut).
    fn look(&self, table: &[Vec<u8>], hand: &[u8]) -> Option<TableSolution> {
        let shape = best_cut(table, hand)?;
        let GridShape::Cycle { cut, .. } = shape else { return None };
        let turned: Vec<Vec<u8>> = table.iter().map(|m| seam::turned(m, cut)).collect();
        let grid = GameRules::Romme(*self.plain);
        let hand = seam::turned(hand, cut);
        let (objective, cutoff, tie_break) = (self.objective, self.cutoff, self.tie_break);
        let sol = super::solve_grid_shaped(&grid, shape, &turned, &hand, objective, cutoff, tie_break, false).ok()?;
        seam::turned_back(sol, cut, self.rules)
    }

    /// The look at the position's mirror image, its answer read back for the
    /// position. Its cells score as the cards they mirror, as the line's
    /// mirror image's do: under points its answers keep their points.
    fn mirrored_look(&self, table: &[Vec<u8>], hand: &[u8]) -> Option<TableSolution> {
        let table: Vec<Vec<u8>> = table.iter().map(|m| mirrored(m)).collect();
        let sol = romme_mirror::with_values_mirrored(|| self.look(&table, &mirrored(hand)))?;
        mirrored_back(sol, self.rules)
    }
}

/// An answer to the mirror image, read back for the position (a run listed in
/// order again; None where a meld does not read, which a valid answer never has).
fn mirrored_back(sol: TableSolution, rules: &Rules) -> Option<TableSolution> {
    let declared = Rules { joker_declared: true, ..*rules };
    let melds: Option<Vec<Meld>> = sol
        .melds
        .iter()
        .map(|m| {
            let mut codes: Vec<u8> = m.cards.iter().map(|p| romme_mirror::code(p.code)).collect();
            if m.kind == MeldKind::Run {
                codes.reverse();
            }
            romme::read_meld(&codes, &declared).or_else(|_| romme::read_meld(&codes, rules)).ok()
        })
        .collect();
    let back = |v: &[u8]| -> Vec<u8> {
        let mut out = mirrored(v);
        out.sort_unstable();
        out
    };
    let placed = back(&sol.placed);
    let placed_points = placed.iter().map(|&c| romme::hand_points(c)).sum();
    Some(TableSolution { melds: melds?, placed, taken: back(&sol.taken), placed_points, ..sol })
}

/// The cut with the fewest seam profiles ([`profile_choices`]) among those no
/// table run crosses, else among those one table run without jokers crosses
/// (its parts on either side are kept as one: [`halves`]), as the grid's shape
/// (None: none).
pub(super) fn best_cut(table: &[Vec<u8>], hand: &[u8]) -> Option<GridShape> {
    best_cut_of(table, hand).map(|(_, shape)| shape)
}

/// [`best_cut`] and whether a suit has more than [`super::sweep::FEW_PROFILES`] seam
/// profiles there (a cut taken only where every cut has such a suit).
fn best_cut_of(table: &[Vec<u8>], hand: &[u8]) -> Option<(bool, GridShape)> {
    (0..RANKS)
        .filter_map(|cut| cut_shape(table, hand, cut))
        .min_by_key(|&(many, split, choices, _)| (many, split, choices))
        .map(|(many, _, _, shape)| (many, shape))
}

/// Whether the position's best cut ([`best_cut`]) has a suit with more
/// than [`super::sweep::FEW_PROFILES`] seam profiles: keep mode there splits its memo by
/// many more tuples and is cut far from the fewest moved.
pub(in crate::search) fn many_profiles(table: &[Vec<u8>], hand: &[u8]) -> bool {
    best_cut_of(table, hand).is_some_and(|(many, _)| many)
}

/// Splits the table run crossing the cut of `shape` ([`SplitRun`]) into its
/// part below the cut (in its place among `layouts`) and its part above it
/// (added at the end). Keep mode keeps each part as a run of its own, which
/// relaxes the rules (kept, the two may lie in two runs), and searches the
/// two kept together and neither ([`super::keep_search::keep_cases`]); the
/// answer counts the run kept only where one new meld holds both parts
/// ([`super::answer`]; the rebuild glues them where it can), so the fewest
/// moved is claimed only where the answer keeps as much as the relaxation.
pub(super) fn halves(layouts: &mut Vec<Layout>, shape: GridShape) -> Result<(), EngineError> {
    if !shape.is_cycle() {
        return Ok(());
    }
    let cells = RANKS as usize;
    let crossing: Vec<usize> = (0..layouts.len()).filter(|&i| layouts[i].b >= cells).collect();
    let split = shape.split();
    let fits = match (&crossing[..], split) {
        ([], None) => return Ok(()),
        (&[i], Some(r)) => {
            let l = &layouts[i];
            r.below as usize == i
                && r.above as usize == layouts.len()
                && l.kind == MeldKind::Run
                && l.a < cells
                && l.cards.iter().all(|&(code, stands)| code == stands)
        }
        _ => false,
    };
    if !fits {
        return Err(EngineError::new("internal error: a table run crosses the cycle's cut"));
    }
    let l = &mut layouts[crossing[0]];
    let below = cells - l.a;
    let above = Layout { a: 0, b: l.b - cells, cards: l.cards.split_off(below), ..l.clone() };
    l.b = cells - 1;
    layouts.push(above);
    Ok(())
}

/// The grid's rules on the cycle cut at `cut` (the seam profiles' suits left to the shape's search).
fn cycle_rules(cut: u8) -> GridRules {
    GridRules {
        npos: RANKS as usize,
        ace_high: false,
        shape: GridShape::Cycle { cut, crossing: 0, split: None },
        no_double_joker: false,
        table_optional: false,
        mirrored: false,
        turn: 0,
    }
}

/// The grid's shape cut at `cut`, the table runs crossing it and its seam
/// profiles' choices, multiplied over the suits (None: a table run with a
/// joker or more than one crosses it, or a suit has too many profiles).
fn cut_shape(table: &[Vec<u8>], hand: &[u8], cut: u8) -> Option<(bool, u32, u64, GridShape)> {
    let rules = cycle_rules(cut);
    let g = GridGame { game: Game::Romme, rules, joker: JOKER };
    let mut split = None;
    let layouts: Option<Vec<Layout>> = table.iter().map(|m| grid::layout(&g, &seam::turned(m, cut))).collect();
    let layouts = layouts?;
    for (i, l) in layouts.iter().enumerate() {
        if l.b >= rules.npos {
            if split.is_some() || table[i].contains(&JOKER) {
                return None;
            }
            split = Some(SplitRun { suit: l.suit as u8, below: i as u8, above: table.len() as u8 });
        }
    }
    // (the part above the cut must be the only kept run of its suit starting at cell 0: a
    // kept run starting there goes on from a crossing run, which another one need not)
    if let Some(r) = split {
        // (nor may a set of one natural of that suit, which keep mode may read as a run)
        let suit = r.suit as usize;
        let starts = |l: &Layout| match l.kind {
            MeldKind::Run => l.suit == suit && l.a == 0,
            MeldKind::Set => {
                let naturals: Vec<u8> = l.cards.iter().filter(|c| c.0 != JOKER).map(|c| c.0).collect();
                naturals.len() == 1 && (naturals[0] / RANKS) as usize == suit
            }
        };
        if layouts.iter().any(starts) || table.len() >= 63 {
            return None;
        }
    }
    // (no run crossing first: the keep search then has one case, not two)
    let crossed = split.is_some() as u32;
    let mut naturals = [[0u32; 4]; SUITS];
    let mut jokers = 0;
    for &c in table.iter().flatten().chain(hand) {
        if c == JOKER {
            jokers += 1;
            continue;
        }
        let (suit, cell) = ((c / RANKS) as usize, (c % RANKS + RANKS - cut) % RANKS);
        // (the cells around the cut: the last two, the first two)
        match cell {
            11 => naturals[suit][0] += 1,
            12 => naturals[suit][1] += 1,
            0 => naturals[suit][2] += 1,
            1 => naturals[suit][3] += 1,
            _ => {}
        }
    }
    let (choices, crossing, many) = profile_choices(naturals, jokers)?;
    Some((many, crossed, choices, GridShape::Cycle { cut, crossing, split }))
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::meld::Options;

    /// The cells below and above the cut at `cut` of the one table run crossing it
    /// (None: no run or more than one crosses it, or a meld does not read).
    pub(super) fn split_parts(table: &[Vec<u8>], cut: u8) -> Option<(usize, usize)> {
        let g = GridGame { game: Game::Romme, rules: cycle_rules(cut), joker: JOKER };
        let mut crossing =
            table.iter().filter_map(|m| grid::layout(&g, &seam::turned(m, cut))).filter(|l| l.b >= g.rules.npos);
        let cells = RANKS as usize;
        match (crossing.next(), crossing.next()) {
            (Some(l), None) => Some((cells - l.a.min(cells), (l.b + 1).saturating_sub(cells))),
            _ => None,
        }
    }

    /// A hand card that only a run across the cut takes is placed: 8d before
    /// 9d 10d Jd Qd with the cut between 8 and 9, and 8d 9d 10d beside a set of
    /// aces (the sweep once took such cards out as fitting no run of the line).
    #[test]
    fn a_run_across_the_cut_takes_hand_cards() {
        let o = Options::from_pairs(vec![("rauber".to_string(), 1), ("wrap_around".to_string(), 1)]);
        let rules = Rules::from_options(&o).unwrap();
        let plain = Rules { wrap_around: false, ..rules };
        let (nine_to_queen, aces) = (vec![vec![21, 22, 23, 24]], vec![vec![0, 13, 26]]);
        for (table, hand, placed) in [(&nine_to_queen, vec![20], 1), (&aces, vec![20, 21, 22], 3)] {
            let (_, _, _, shape) = cut_shape(table, &hand, 8).expect("no table run crosses the cut");
            let turned: Vec<Vec<u8>> = table.iter().map(|m| seam::turned(m, 8)).collect();
            let grid = GameRules::Romme(plain);
            let (cutoff, tb) = (Cutoff::NONE, TieBreak::None);
            let sol = super::super::solve_grid_shaped(
                &grid,
                shape,
                &turned,
                &seam::turned(&hand, 8),
                TableObjective::Cards,
                &cutoff,
                tb,
                false,
            )
            .unwrap();
            assert_eq!(sol.placed.len(), placed, "{table:?} {hand:?}");
            assert!(sol.optimal);
        }
    }

    /// One look at `table` and `hand` under `wrap_around` (objective `cards`,
    /// tie-break `exact`), with the parts of the run its cut goes through.
    fn look_at(table: &[Vec<u8>], hand: &[u8]) -> (TableSolution, Option<(usize, usize)>) {
        let o = Options::from_pairs(vec![("rauber".to_string(), 1), ("wrap_around".to_string(), 1)]);
        let rules = Rules::from_options(&o).unwrap();
        let plain = Rules { wrap_around: false, ..rules };
        let cutoff = Cutoff::NONE;
        let ask = Ask {
            objective: TableObjective::Cards,
            rules: &rules,
            plain: &plain,
            cutoff: &cutoff,
            tie_break: TieBreak::Exact,
        };
        let Some(GridShape::Cycle { cut, split: Some(_), .. }) = best_cut(table, hand) else {
            panic!("every rank boundary is crossed by one table run: {table:?}");
        };
        (ask.look(table, hand).expect("the cycle answers"), split_parts(table, cut))
    }

    /// Hearts 10..3 round the ace, 3..7 and 7..10 cross every rank boundary, so
    /// the cut goes through the first (four cells below it, three above); the
    /// diamonds 2 3 4 in the hand. Keep mode keeps every run (nothing moved)
    /// and that is claimed: a part below the cut of three cells or more ends its
    /// lock as a crossing run does.
    #[test]
    fn a_cut_through_a_long_run_claims_the_fewest_moved() {
        let table = vec![vec![9, 10, 11, 12, 0, 1, 2], vec![2, 3, 4, 5, 6], vec![6, 7, 8, 9]];
        let (sol, parts) = look_at(&table, &[14, 15, 16]);
        assert_eq!(parts, Some((4, 3)));
        assert_eq!((sol.placed.len(), sol.optimal, sol.moved), (3, true, 0));
        assert!(sol.moved_optimal, "the fewest moved at a cut through a long run is claimed");
    }

    /// Hearts 5..8, 8..Q, Q K A 2 and 2..5 chained round the cycle: the cut goes
    /// through one of them (Q K A 2, two cells on either side). The set J 4d 4c 4s and the run of
    /// diamonds A 2 3 beside, 2d 3d in the hand: taking 4d from the set moves 4
    /// cards. Keep mode once ended the lock of Q K as a run of three or more, which
    /// no crossing run of two cells matches, so it missed the run kept whole and
    /// claimed 7 moved (breaking the diamonds' run instead); A 2 now goes on
    /// from Q K (glued), whatever their lengths, and 4 is found and claimed.
    #[test]
    fn a_cut_through_short_parts_claims_the_fewest_moved() {
        let table = vec![
            vec![4, 5, 6, 7],
            vec![7, 8, 9, 10, 11],
            vec![11, 12, 0, 1],
            vec![1, 2, 3, 4],
            vec![JOKER, 16, 29, 42],
            vec![13, 14, 15],
        ];
        let (sol, _) = look_at(&table, &[14, 15]);
        assert_eq!((sol.placed.len(), sol.optimal), (2, true));
        assert_eq!((sol.moved, sol.moved_optimal), (4, true), "the fewest moved is 4, claimed");
    }

    /// A cut through a table run (the spades K A 2 of the 60-card `wrap`
    /// bench's position 24): keep mode's case keeping both parts has an
    /// oracle of its own, fresh and loose, which asked at the root searched
    /// the whole position (430,000 work: the keep search was cut at its
    /// limit and left 22 moved, unproven). The root reaches the objective the
    /// first solve found, so it is not asked: 20 moved, proven.
    #[test]
    fn a_cut_through_a_run_keeps_both_parts_without_the_whole_search_at_the_root() {
        let table = vec![
            vec![1, 2, 3, 4],
            vec![4, 5, 6],
            vec![30, 31, 32, 33, 34],
            vec![7, 8, 9, 10, 11],
            vec![48, 22, 35, 9],
            vec![24, 37, 11, 50],
            vec![22, 23, 24, 25, 13],
            vec![38, 26, 27],
            vec![6, 7, 8],
            vec![42, 16, 3],
            vec![26, 0, 13, 39],
            vec![32, 33, 34],
            vec![14, 15, 16],
            vec![27, 28, 29],
            vec![43, 30, 17],
            vec![36, 10, 23, 49],
            vec![0, 1, 2],
        ];
        let hand = [43, 21, 51, 15, 41, 41, 44, 44, 14, 46, 28, 46, 12];
        let (sol, parts) = look_at(&table, &hand);
        assert!(parts.is_some());
        assert_eq!((sol.placed.len(), sol.optimal), (11, true));
        assert_eq!((sol.moved, sol.moved_optimal), (20, true), "the fewest moved is 20, proven");
    }

    /// The 60-card `wrap` bench's position 278 (seed 1): every rank boundary
    /// is crossed by a table run (the tests of its cut and of the LP's bound
    /// in the universe search share it).
    pub(in crate::search) fn position_278() -> (Vec<Vec<u8>>, [u8; 13]) {
        let table: Vec<Vec<u8>> = vec![
            vec![JOKER, 31, 32],
            vec![7, 46, 33],
            vec![30, 31, 32, 33, 34],
            vec![36, 10, 49, 23],
            vec![5, 44, 18],
            vec![28, 2, 15],
            vec![49, 50, 51, 39, 40],
            vec![23, 24, 25, 13],
            vec![15, 16, JOKER],
            vec![11, 12, 0, 1, 2],
            vec![25, 13, 14],
            vec![14, 40, 27, 1],
            vec![48, 35, 9, 22],
            vec![16, 42, 29, 3],
            vec![8, 9, 10, 11, 12],
            vec![47, 21, 34, 8],
        ];
        (table, [30, 22, 27, 19, 20, 26, 18, 17, 21, 20, 28, 6, 37])
    }

    /// [`solve`] under `wrap_around`, objective `cards`, tie-break `exact`.
    pub(in crate::search) fn solve_cards(table: &[Vec<u8>], hand: &[u8]) -> Option<Cycled> {
        solve_for(table, hand, TableObjective::Cards)
    }

    /// [`solve_cards`] under `objective`.
    fn solve_for(table: &[Vec<u8>], hand: &[u8], objective: TableObjective) -> Option<Cycled> {
        let o = Options::from_pairs(vec![("rauber".to_string(), 1), ("wrap_around".to_string(), 1)]);
        let rules = Rules::from_options(&o).unwrap();
        let plain = Rules { wrap_around: false, ..rules };
        solve(table, hand, objective, &rules, &plain, &Cutoff::NONE, TieBreak::Exact)
    }

    /// The 60-card `wrap` bench's position 108 under `points` (seed 1): the
    /// own look's keep search and relaxations leave its fewest moved unproven,
    /// and the seams after it found 17 moved, unproven. The mirror image's look
    /// (its cells scoring as the cards they mirror, so its answers keep their
    /// points) proves 12 moved at the same 123 points; the integer program
    /// agrees (`tests/helpers/oracle_table_ilp.best`: 123 points, 12 moved).
    #[test]
    fn the_mirror_images_look_proves_a_points_answer_on_the_cycle() {
        let table: Vec<Vec<u8>> = vec![
            vec![13, 26, 0, 39],
            vec![5, 6, 7, 8, 9],
            vec![8, 9, 10, 11],
            vec![26, 27, 28, 29, 30],
            vec![44, 45, 46, 47, 48],
            vec![16, 17, 18, 19],
            vec![40, 41, 42],
            vec![28, 2, 15],
            vec![49, 50, 51],
            vec![39, 40, 41, 42],
            vec![44, 5, 18],
            vec![33, 34, 35, 36, 37],
            vec![34, 35, 36, 37, 38],
            vec![51, 12, 25],
            vec![0, 1, 2, 3, 4],
        ];
        let hand = [33, 21, 23, 3, 48, 24, 46, 43, 19, 12, 14, 52, 52];
        let Some(Cycled::Proven(sol)) = solve_for(&table, &hand, TableObjective::Points) else {
            panic!("the fewest moved is not proven");
        };
        assert_eq!((sol.placed_points, sol.moved, sol.optimal, sol.moved_optimal), (123, 12, true, true));
    }

    /// The 60-card `wrap` bench's positions 20 and 46 (cards, the whole hand
    /// goes out; two jokers in the hand): every rank boundary that no table run
    /// (or one without a joker) crosses has a suit with 17 to 21 seam
    /// profiles, more than a state held (16), so neither had a cut and the
    /// universe search left their fewest moved (4 and 8) unproven. A suit may
    /// now have 32, at a cut taken after every cut with at most 16 in each
    /// suit: both proven on the cycle.
    #[test]
    fn a_suit_with_more_than_sixteen_profiles_has_a_cut() {
        let twenty: Vec<Vec<u8>> = vec![
            vec![19, 6, 45, 32],
            vec![3, 42, 16, 29],
            vec![31, 18, 44],
            vec![24, 37, 50, 11],
            vec![5, 6, 7, 8],
            vec![8, 9, 10],
            vec![37, 38, 26, 27, 28],
            vec![26, 0, 13, 39],
            vec![29, 16, 3, 42],
            vec![28, 15, 41, 2],
            vec![7, 20, 33, 46],
            vec![22, 35, 48, 9],
            vec![10, 11, 12],
            vec![31, 5, 44, 18],
            vec![2, 15, 41],
            vec![1, 14, 27],
        ];
        let forty_six: Vec<Vec<u8>> = vec![
            vec![10, 49, 36, 23],
            vec![51, 39, 40],
            vec![42, 43, 44, 45, 46],
            vec![24, 25, 13, 14],
            vec![28, 29, 30, 31, 32],
            vec![38, 26, 27, 28, 29],
            vec![13, 14, 15, 16, 17],
            vec![7, 8, 9, 10, 11],
            vec![21, 22, 23, 24],
            vec![5, 6, 7],
            vec![21, 47, 8, 34],
            vec![32, 33, 34, 35],
            vec![16, 17, 18, 19],
            vec![44, 45, 46, 47],
            vec![25, 38, 51],
        ];
        let positions = [
            (twenty, vec![25, 30, 4, 24, 43, 20, 38, 36, 40, 4, 19, 52, 52], 4),
            (forty_six, vec![6, 19, 3, 18, 43, 36, 35, 15, 39, 5, 27, 52, 52], 8),
        ];
        for (table, hand, fewest) in positions {
            let cuts: Vec<bool> = (0..RANKS).filter_map(|c| cut_shape(&table, &hand, c)).map(|c| c.0).collect();
            assert!(!cuts.is_empty() && cuts.iter().all(|&many| many), "a cut with at most 16 profiles a suit");
            let Some(Cycled::Proven(sol)) = solve_cards(&table, &hand) else {
                panic!("the fewest moved is not proven: {table:?}");
            };
            assert_eq!((sol.placed.len(), sol.moved), (13, fewest));
        }
    }

    /// The 60-card `wrap` bench's position 278: its cuts each have a suit with
    /// more than 16 seam profiles; keep mode there is cut in the position's
    /// look and was cut in the mirror image's as well (457,000 work in all,
    /// 6 moved, unproven); that look is no longer searched (250,000, the same
    /// answer).
    #[test]
    fn a_cut_with_many_profiles_has_no_mirror_look() {
        let (table, hand) = position_278();
        assert!(many_profiles(&table, &hand));
        let o = Options::from_pairs(vec![("rauber".to_string(), 1), ("wrap_around".to_string(), 1)]);
        let cutoff = Cutoff::start(crate::search::Budget::UNLIMITED);
        let objective = TableObjective::Cards;
        let sol = super::super::solve_table_cut(Game::Romme, &table, &hand, objective, &o, &cutoff, TieBreak::Exact);
        let sol = sol.unwrap();
        assert_eq!((sol.placed.len(), sol.optimal, sol.moved), (13, true, 6));
        assert!(cutoff.spent() < 350_000, "{} work", cutoff.spent());
    }

    /// The 60-card `wrap` bench's position 88 (cards, the whole hand goes
    /// out): the keep search's first call of its profile oracle, at position 1,
    /// searched every tuple's value exactly and took the keep search's whole
    /// limit in both looks (12 and 13 moved, unproven). A call now stops at a
    /// quarter of the limit and the plain oracle answers it: 4 moved, proven.
    #[test]
    fn a_costly_call_of_the_profile_oracle_leaves_the_keep_search_its_limit() {
        let table = vec![
            vec![0, 1, 2],
            vec![5, 18, 44],
            vec![45, 6, 32],
            vec![15, 2, 28],
            vec![6, 7, 8, 9, 10],
            vec![10, 23, 36],
            vec![17, 18, 19, 20],
            vec![45, 46, 47, 48, 49],
            vec![51, 39, 40, 41],
            vec![34, 21, 8, 47],
            vec![43, 17, 30, 4],
            vec![48, 49, 50],
            vec![37, 11, 24],
            vec![14, 1, 40, 27],
            vec![3, 29, 42],
            vec![20, 21, 22],
            vec![22, 23, 24, 25],
        ];
        let hand = [31, 9, 29, 12, 32, 50, 38, 39, 37, 35, 41, 52, 52];
        let Some(Cycled::Proven(sol)) = solve_cards(&table, &hand) else {
            panic!("the fewest moved is not proven");
        };
        assert_eq!((sol.placed.len(), sol.moved), (13, 4));
    }

    /// The bench's position 82: its mirror image's cut goes through a table
    /// run (the position's own cuts each have a suit with more than 16 seam
    /// profiles). That look's keep search searched the case breaking the run
    /// first, which took the whole limit and left the case keeping it nothing
    /// (13 moved, unproven); kept first, its answer bounds the other case: 11
    /// moved, proven (as the own look now proves it too).
    #[test]
    fn a_cut_through_a_run_searches_the_run_kept_first() {
        let table = vec![
            vec![14, 15, 16, 17],
            vec![47, 34, 8],
            vec![48, 49, 50],
            vec![8, 9, 10, 11],
            vec![20, 33, 46, 7],
            vec![13, 39, 26, 0],
            vec![51, 39, 40, 41, 42],
            vec![17, 18, 19, 20, 21],
            vec![9, 10, 11, 12, 0],
            vec![3, 16, 29],
            vec![22, 23, 24, 25],
            vec![19, 6, 45],
            vec![43, 44, 45, 46],
            vec![41, 28, 2, 52],
            vec![21, 34, 47],
            vec![40, 1, 27, 14],
        ];
        let hand = [35, 4, 7, 32, 36, 36, 50, 32, 6, 30, 51, 12, 52];
        assert!(many_profiles(&table, &hand));
        let mirror_image: Vec<Vec<u8>> = table.iter().map(|m| mirrored(m)).collect();
        let (sol, parts) = look_at(&mirror_image, &mirrored(&hand));
        assert!(parts.is_some());
        assert_eq!((sol.placed.len(), sol.moved, sol.moved_optimal), (13, 11, true));
        let Some(Cycled::Proven(sol)) = solve_cards(&table, &hand) else {
            panic!("the fewest moved is not proven");
        };
        assert_eq!((sol.placed.len(), sol.moved), (13, 11));
    }

    /// A position's mirror image, searched on the cycle and read back, has the
    /// position's answers: valid melds under `wrap_around`, the cards conserved,
    /// the same objective (under points its cells score as the cards they
    /// mirror), and the same fewest moved where both looks prove it.
    #[test]
    fn the_mirror_image_read_back_answers_the_position() {
        let mut seed = 3u64;
        let mut both_proven = 0;
        for i in 0..60 {
            let (table, hand) = crate::testkit::romme_position(&mut seed, 4 + i % 12, 6 + i % 11);
            for objective in [TableObjective::Cards, TableObjective::Net, TableObjective::Points] {
                let mut pairs = vec![("rauber".to_string(), 1), ("wrap_around".to_string(), 1)];
                if objective == TableObjective::Net {
                    pairs.push(("rauber_table_to_hand".to_string(), 1));
                }
                let o = Options::from_pairs(pairs);
                let rules = Rules::from_options(&o).unwrap();
                let plain = Rules { wrap_around: false, ..rules };
                let cutoff = Cutoff::NONE;
                let ask = Ask { objective, rules: &rules, plain: &plain, cutoff: &cutoff, tie_break: TieBreak::Exact };
                let own = ask.look(&table, &hand);
                let other = ask.mirrored_look(&table, &hand);
                let (Some(own), Some(other)) = (own, other) else {
                    continue;
                };
                let mut laid: Vec<u8> = other.melds.iter().flat_map(|m| m.codes()).collect();
                let mut want: Vec<u8> = table.iter().flatten().chain(&other.placed).copied().collect();
                for c in &other.taken {
                    let at = want.iter().position(|x| x == c).expect("a card taken back lay on the table");
                    want.remove(at);
                }
                laid.sort_unstable();
                want.sort_unstable();
                assert_eq!(laid, want, "{table:?} {hand:?}");
                for m in &other.melds {
                    assert!(romme::validate_meld(&m.codes(), &o).is_ok(), "invalid meld {:?}", m.codes());
                }
                assert_eq!(own.value(objective), other.value(objective), "{table:?} {hand:?} {objective:?}");
                if own.moved_optimal && other.moved_optimal {
                    both_proven += 1;
                    assert_eq!(own.moved, other.moved, "{table:?} {hand:?} {objective:?}");
                }
            }
        }
        assert!(both_proven >= 40, "only {both_proven} positions proven both ways");
    }

    /// The `wrap` bench's position 21 (seed 1, `points`): the own look's first solve proves
    /// 113 points against the LP's bound of 117 with about 520,000 work; cut at
    /// [`OWN_FIRST_SOLVE`], the looks change places, and the mirror image's look proves the
    /// answer, its fewest moved too, with about 160,000 (far above the bound below the whole).
    #[test]
    fn a_long_own_first_solve_hands_the_position_to_the_mirror_image() {
        let (table, hand) = crate::search::tests::wrap_bench_21();
        let names = ["rauber", "wrap_around"];
        let (s, work) = crate::search::tests::solve_romme_checked(&table, &hand, TableObjective::Points, &names);
        assert_eq!((s.placed.len(), s.placed_points, s.moved, s.optimal, s.moved_optimal), (12, 113, 20, true, true));
        assert!(work < 400_000, "{work} work");
    }
}
