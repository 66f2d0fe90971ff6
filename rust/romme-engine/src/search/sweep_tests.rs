//! Unit tests of the sweep: joker need and lookahead over kept melds, the sets cut, the cut of aces kept high.

use super::super::model::{GridRules, GridShape, LockedGroup, Score};
use super::*;

fn rummy() -> Model {
    Model::new(GridRules::RUMMY, Score::Cards)
}

#[test]
fn joker_need_counts_kept_melds_as_present() {
    let mut m = rummy();
    // kept run of suit 1 over positions 2..=4; hand naturals at (1, 5) and (1, 8)
    m.lock_start[1][2] = 1;
    m.lock_end[1][4] = 1;
    m.h[1][5] = 1;
    m.h[1][8] = 1;
    // kept set of three colours at position 9, a hand natural of the fourth
    m.lock_groups[9].push(LockedGroup { pos: 9, colours: 0b0111, jokers: 0 });
    m.h[3][9] = 1;
    let j = JokerNeed::new(&m);
    assert_eq!(j.need[1][5], 0); // extends the kept run
    assert_eq!(j.need[1][8], 2); // alone: two jokers
    assert_eq!(j.need[3][9], 0); // the fourth colour of the kept set
                                 // after position 4: both suit-1 naturals with two jokers, one with none
    assert_eq!((j.after[1][2][4], j.after[1][0][4], j.after[1][3][4]), (2, 1, 2));
}

#[test]
fn joker_need_scores_the_cards_after_by_the_objective() {
    // two hand naturals of suit 2 at positions 6 and 9: counted under cards, their hand points under points
    for score in [Score::Cards, Score::Points] {
        let mut m = Model::new(GridRules::RUMMY, score);
        m.h[2][6] = 1;
        m.h[2][9] = 1;
        let j = JokerNeed::new(&m);
        let worth = |p: usize| if score == Score::Points { m.hand_value[p] } else { 1 };
        assert_eq!(j.after[2][3][0], worth(6) + worth(9));
        assert_eq!(j.after[2][3][6], worth(9));
        assert_eq!(j.after[2][3][9], 0);
    }
}

#[test]
fn lookahead_lets_short_runs_merge_into_kept_runs() {
    // kept run r5 r6 r7 (suit 1, positions 4..=6); hand r3 r4 join it from below
    let mut m = rummy();
    m.lock_start[1][4] = 1;
    m.lock_end[1][6] = 1;
    m.h[1][2] = 1;
    m.h[1][3] = 1;
    for lazy in [JokerMode::Placed, JokerMode::Lazy] {
        let mut sw = Sweep::plain(&m, 127, &Cutoff::NONE, 100_000, lazy);
        assert_eq!(sw.max_root(), 2);
    }
    // a run of length 1 with no card after it is a dead end (r3 alone)
    m.h[1][3] = 0;
    let mut sw: Sweep<MaxMode> = Sweep::plain(&m, 127, &Cutoff::NONE, 100_000, JokerMode::Placed);
    assert_eq!(sw.max_root(), 0);
}

#[test]
fn kept_set_takes_a_hand_natural_left_for_the_set_stage() {
    // kept set of three (suits 1, 2, 3) at position 4; the hand natural of suit 0
    let mut m = rummy();
    m.lock_groups[4].push(LockedGroup { pos: 4, colours: 0b1110, jokers: 0 });
    m.h[0][4] = 1;
    for lazy in [JokerMode::Placed, JokerMode::Lazy] {
        let mut sw = Sweep::plain(&m, 127, &Cutoff::NONE, 100_000, lazy);
        assert_eq!(sw.max_root(), 1);
        // (the exact-count search cuts on the bound alone)
        let mut sw = Sweep::plain(&m, 127, &Cutoff::NONE, 100_000, lazy);
        assert!(sw.reach_root(1, &mut Vec::new()));
    }
}

#[test]
fn sets_cut_keeps_tight_sets() {
    // two table naturals of suit 0 at position 4, one of suits 1 and 2: the
    // sets {0, 1, J} and {0, 2, J} need both jokers, exactly what the cut allows
    let mut m = rummy();
    m.t[0][4] = 2;
    m.t[1][4] = 1;
    m.t[2][4] = 1;
    m.jokers = 2;
    for lazy in [JokerMode::Placed, JokerMode::Lazy] {
        let mut sw = Sweep::plain(&m, 127, &Cutoff::NONE, 100_000, lazy);
        assert_eq!(sw.max_root(), 2);
    }
    // a hand natural of suit 3 takes one joker's place: {0, 1, 3, J}, {0, 2, J}
    m.h[3][4] = 1;
    let mut sw: Sweep<MaxMode> = Sweep::plain(&m, 127, &Cutoff::NONE, 100_000, JokerMode::Placed);
    assert_eq!(sw.max_root(), 3);
    // with a single joker no arrangement exists, and the state is cut
    m.h[3][4] = 0;
    m.jokers = 1;
    let mut sw: Sweep<MaxMode> = Sweep::plain(&m, 127, &Cutoff::NONE, 100_000, JokerMode::Placed);
    assert!(sw.max_root() <= -1000);
    let st = State { pos: 4, suit: 4, leftovers: [2, 1, 1, 0], ..sw.root() };
    assert!(!sw.sets_possible(&st));
    m.jokers = 2;
    let sw: Sweep<MaxMode> = Sweep::plain(&m, 127, &Cutoff::NONE, 100_000, JokerMode::Placed);
    assert!(sw.sets_possible(&st));
}

/// The cut of aces kept for "ace high" that no run can take never cuts an
/// answer: random Rommé positions (runs up to the ace high, sets, jokers)
/// give the same objective, the same proof and the same fewest moved with
/// it and without it, and it cuts moves on them.
#[test]
fn high_ace_cut_never_cuts_an_answer() {
    use super::super::switches::{HIGH_ACE_CUTS, HIGH_ACE_CUT_OFF};
    use super::super::{solve_grid, TableObjective, TieBreak};
    use crate::cards::Game;
    let mut seed = 23u64;
    HIGH_ACE_CUTS.with(|n| n.set(0));
    for i in 0..60 {
        let (table, hand) = crate::testkit::romme_position(&mut seed, 4 + i % 14, 5 + i % 10);
        for objective in [TableObjective::Cards, TableObjective::Points, TableObjective::Net] {
            let o = crate::testkit::rauber_options(objective == TableObjective::Net, false);
            let rules = crate::options::GameRules::read(Game::Romme, &o).unwrap();
            let solve = |cut: bool| {
                HIGH_ACE_CUT_OFF.with(|f| f.set(!cut));
                let s = solve_grid(&rules, &table, &hand, objective, &Cutoff::NONE, TieBreak::Exact, false);
                HIGH_ACE_CUT_OFF.with(|f| f.set(false));
                s.unwrap()
            };
            let (with, without) = (solve(true), solve(false));
            for m in &with.melds {
                assert!(crate::romme::validate_meld(&m.codes(), &o).is_ok(), "invalid meld {:?}", m.codes());
            }
            let at = format!("{table:?} {hand:?} {objective:?}");
            assert!(with.optimal && without.optimal, "{at}");
            assert_eq!(with.value(objective), without.value(objective), "{at}");
            if with.moved_optimal && without.moved_optimal {
                assert_eq!(with.moved, without.moved, "{at}");
            }
        }
    }
    let cuts = HIGH_ACE_CUTS.with(|n| n.take());
    assert!(cuts >= 1000, "only {cuts} moves cut");
}

#[test]
fn open_short_counts_what_short_counts_over_the_suits() {
    // every class count 0..=15 in each class of one suit (the byte sums carry nothing), the
    // others' codes varied too, and bits above the five classes ignored
    let mut st = Sweep::plain(&rummy(), 127, &Cutoff::NONE, 1, JokerMode::Placed).root();
    for code in (0..1u32 << 20).step_by(7) {
        st.codes = [code, code ^ 0xf_ffff, code.rotate_left(4) & 0xf_ffff, 0xf_ffff];
        let plain: u32 = st.codes.iter().map(|&c| short(c)).sum();
        assert_eq!(open_short(&st), plain, "codes {:x?}", st.codes);
        st.codes[3] |= 0xff << 20;
        assert_eq!(open_short(&st), plain, "codes {:x?} (bits above the classes)", st.codes);
    }
}

#[test]
fn step_options_read_through_the_front_are_the_steps_own() {
    // three times more distinct steps than the front has slots, each asked twice in a shuffled
    // order: slots are shared (a colliding key must miss, never return the other step's options)
    // and the map behind the front serves what the front lost
    let mut rng = crate::testkit::Rng(4093);
    let m = rummy();
    let mut sw = Sweep::plain(&m, 127, &Cutoff::NONE, 1, JokerMode::Placed);
    let mut steps = Vec::new();
    while steps.len() < 3 << StepCache::FRONT_BITS {
        // (joker-only runs where they are tracked)
        let track_z = rng.below(2) == 1;
        let classes = if track_z { RunClass::ALL } else { RunClass::N3 + 1 };
        let code = (0..classes).fold(0, |c, k| c | (rng.below(3) as u32) << (4 * k));
        let p = SuitIn {
            code,
            table: rng.below(3) as u8,
            hand: rng.below(3) as u8,
            jokers_free: rng.below(3) as u8,
            can_start: rng.below(2) == 1,
            kept_starts: 0,
            kept_ends: 0,
            track_z,
            swap_table_left: rng.below(2) == 1,
            swap_hand_left: rng.below(2) == 1,
            lazy: false,
            joker_start: false,
            dominance: rng.below(2) == 1,
            carrier: Default::default(),
        };
        if !steps.contains(&p) {
            steps.push(p);
        }
    }
    let mut asks: Vec<SuitIn> = steps.iter().chain(&steps).copied().collect();
    rng.shuffle(&mut asks);
    for p in asks {
        let range = sw.options(p);
        assert_eq!(sw.steps.arena[range].to_vec(), suit_options(p), "{p:?}");
    }
}

/// Hand and table aces kept for "ace high" keyed alike in the plain sweep's
/// memo never change an answer: random Rommé positions (plain and
/// `no_double_joker`, every objective) give the same objective, the same
/// proofs and the same fewest moved with it and without it, for less work.
#[test]
fn hand_and_table_aces_kept_high_keyed_alike_keep_every_answer() {
    use super::super::budget::Budget;
    use super::super::switches::HIGH_ACES_APART;
    use super::super::{solve_table_cut, TableObjective, TieBreak};
    use crate::cards::Game;
    let mut seed = 31u64;
    let mut work = [0u64; 2];
    for i in 0..60 {
        let (table, hand) = crate::testkit::romme_position(&mut seed, 4 + i % 14, 5 + i % 10);
        for objective in [TableObjective::Cards, TableObjective::Points, TableObjective::Net] {
            let o = crate::testkit::rauber_options(objective == TableObjective::Net, i % 2 == 1);
            let mut solve = |alike: bool| {
                HIGH_ACES_APART.with(|f| f.set(!alike));
                let cutoff = Cutoff::start(Budget::UNLIMITED);
                let s = solve_table_cut(Game::Romme, &table, &hand, objective, &o, &cutoff, TieBreak::Exact);
                HIGH_ACES_APART.with(|f| f.set(false));
                work[alike as usize] += cutoff.spent();
                s.unwrap()
            };
            let (with, without) = (solve(true), solve(false));
            for m in &with.melds {
                assert!(crate::romme::validate_meld(&m.codes(), &o).is_ok(), "invalid meld {:?}", m.codes());
            }
            let at = format!("{table:?} {hand:?} {objective:?}");
            assert_eq!((with.optimal, with.value(objective)), (without.optimal, without.value(objective)), "{at}");
            if with.moved_optimal && without.moved_optimal {
                assert_eq!(with.moved, without.moved, "{at}");
            }
        }
    }
    assert!(work[1] < work[0], "work alike {} / apart {}", work[1], work[0]);
}

/// Position 136 of the variants bench's 60-card `no_double_joker` row (seed
/// 1), objective `cards`: the oracle proved states keeping an ace of suit 0
/// high dead once with the hand's ace and once with the table's, and the
/// keep searches of both looks ran out of work (12 moved, unproven). Keyed
/// alike, it is proven.
const BENCH_136_TABLE: [&[u8]; 17] = [
    &[42, 3, 29],
    &[8, 9, 10, 11, 12],
    &[43, 44, 45, 46],
    &[43, 4, 30, 17],
    &[5, 31, 18],
    &[47, 21, 34, 8],
    &[48, 49, 50],
    &[16, 3, 29, 42],
    &[1, 27, 40, 14],
    &[35, 36, 37],
    &[39, 0, 26, 13],
    &[51, 38, 12],
    &[37, 50, 24, 11],
    &[7, 33, 46, 20],
    &[48, 22, 35],
    &[18, 31, 44],
    &[40, 14, 52, 1],
];
const BENCH_136_HAND: [u8; 13] = [2, 0, 51, 38, 24, 6, 41, 32, 4, 28, 34, 26, 52];

#[test]
fn aces_kept_high_keyed_alike_prove_bench_position_136() {
    use super::super::{solve_table, TableObjective};
    use crate::cards::Game;
    let table: Vec<Vec<u8>> = BENCH_136_TABLE.iter().map(|m| m.to_vec()).collect();
    let o = crate::testkit::rauber_options(false, true);
    let s = solve_table(Game::Romme, &table, &BENCH_136_HAND, TableObjective::Cards, &o, 0).unwrap();
    assert!(s.optimal && s.moved_optimal, "{} moved, unproven", s.moved);
    assert_eq!((s.placed.len(), s.moved), (13, 12));
}

/// Position 178 of the same row: the keep searches of both looks ran out of
/// work (14 moved, unproven) where the hand's ace and the table's ace of a
/// suit kept high split keep mode's own memo. Keyed alike there too, it is
/// proven.
const BENCH_178_TABLE: [&[u8]; 16] = [
    &[37, 11, 24],
    &[47, 8, 21, 34],
    &[5, 6, 7, 8, 9],
    &[33, 34, 35, 36, 37],
    &[2, 15, 41],
    &[38, 12, 25, 51],
    &[11, 12, 0],
    &[19, 32, 45, 6],
    &[39, 40, 41, 42, 43],
    &[43, 17, 30],
    &[0, 13, 39, 26],
    &[21, 22, 23, 24],
    &[15, 16, 17, 18],
    &[46, 20, 7],
    &[27, 14, 1, 40],
    &[16, 42, 29, 3],
];
const BENCH_178_HAND: [u8; 13] = [13, 23, 45, 50, 10, 31, 4, 9, 30, 26, 44, 2, 52];

#[test]
fn aces_kept_high_keyed_alike_in_keep_mode_prove_bench_position_178() {
    use super::super::{solve_table, TableObjective};
    use crate::cards::Game;
    let table: Vec<Vec<u8>> = BENCH_178_TABLE.iter().map(|m| m.to_vec()).collect();
    let o = crate::testkit::rauber_options(false, true);
    let s = solve_table(Game::Romme, &table, &BENCH_178_HAND, TableObjective::Cards, &o, 0).unwrap();
    assert!(s.optimal && s.moved_optimal, "{} moved, unproven", s.moved);
    assert_eq!((s.placed.len(), s.moved), (13, 14));
}

#[test]
fn joker_need_by_bit_masks_matches_the_cell_by_cell_reference() {
    // 3,000 random models (cards 0..=2 a cell, 0..=3 jokers, kept runs and sets of three) on the
    // line, with aces high and on the cycle, under every objective: every table alike
    let mut rng = crate::testkit::Rng(0x2545_f491_4f6c_dd1d);
    let mut next = |n: u64| rng.below(n as usize);
    let cycle = GridShape::Cycle { cut: 3, crossing: 0b0101, split: None };
    let romme = GridRules { npos: 14, ace_high: true, ..GridRules::RUMMY };
    for round in 0..3_000 {
        let rules = match round % 3 {
            0 => GridRules::RUMMY,
            1 => romme,
            _ => GridRules { shape: cycle, ..GridRules::RUMMY },
        };
        let score = [Score::Cards, Score::Points, Score::Net][next(3)];
        let mut m = Model::new(rules, score);
        for p in 0..rules.npos {
            m.hand_value[p] = 1 + p as i32;
            for s in 0..4 {
                m.t[s][p] = [0, 0, 1, 2][next(4)] as u8;
                m.h[s][p] = [0, 0, 0, 1, 2][next(5)] as u8;
            }
        }
        m.jokers = next(4) as u8;
        m.table_jokers = next(m.jokers as u64 + 1) as u8;
        for _ in 0..next(3) {
            let (s, a) = (next(4), next(rules.npos as u64 - 2));
            let b = a + 2 + next((rules.npos - a - 2) as u64);
            m.lock_start[s][a] += 1;
            m.lock_end[s][b] += 1;
        }
        if next(3) == 0 {
            let p = next(rules.npos as u64);
            m.lock_groups[p].push(LockedGroup { pos: p, colours: 0b0111 << next(2), jokers: next(2) as u8 });
        }
        let (fast, slow) = (JokerNeed::new(&m), JokerNeed::reference(&m));
        assert_eq!((fast.need, fast.after, fast.short), (slow.need, slow.after, slow.short), "model {m:?}");
    }
}

#[test]
fn nonzero_cells_reads_every_cell_of_a_row() {
    // every count 0..=255 at every cell, beside random rows: the cells not 0, as bits
    let mut rng = crate::testkit::Rng(0x9e37_79b9_7f4a_7c15);
    for round in 0..20_000 {
        let bits = rng.next_u64();
        let mut row: [u8; 14] = std::array::from_fn(|p| [0, 0, 1, 2, 0x80, 0xff][(bits >> (3 * p)) as usize % 6]);
        row[round % 14] = (round / 14 % 256) as u8;
        let plain = (0..14).fold(0u32, |acc, p| acc | ((row[p] != 0) as u32) << p);
        assert_eq!(joker_need::nonzero_cells(&row), plain, "{row:?}");
    }
}

#[test]
fn ones4_counts_the_bits_of_a_nibble() {
    for x in 0..16u8 {
        assert_eq!(joker_need::ones4(x) as u32, x.count_ones());
    }
}
