//! Unit tests of the 1x1 table search (the random comparison with a brute-force
//! oracle is tests/tables/test_table_einmaleins.py).

use super::*;
use crate::cards::{parse_cards, Game};
use crate::einmaleins::exact_partition;
use crate::einmaleins::{card, hand_points};
use crate::meld::Objective;
use crate::testkit::CpuClock;

fn cards(tokens: &str) -> Vec<u8> {
    parse_cards(Game::Einmaleins, tokens).unwrap()
}

fn table(text: &str) -> Vec<Vec<u8>> {
    text.split('|').filter(|m| !m.trim().is_empty()).map(cards).collect()
}

fn solve(t: &str, hand: &str, objective: TableObjective) -> TableSolution {
    solve_table(&table(t), &cards(hand), objective, &Options::default(), 0).unwrap()
}

fn shown(sol: &TableSolution) -> Vec<String> {
    let mut out: Vec<String> = sol.melds.iter().map(|m| super::shown(&m.codes())).collect();
    out.sort();
    out
}

#[test]
fn one_card_is_wild_only_in_its_own_symbols_run() {
    let sol = solve("", "K7 K1 K21", TableObjective::Cards);
    assert_eq!(sol.placed.len(), 3);
    assert_eq!(sol.melds[0].stands_for(), cards("K7 K14 K21"));
    assert!(solve("", "K7 H1 K21", TableObjective::Cards).placed.is_empty());
    assert!(solve("H5 K5 D5", "H1", TableObjective::Cards).placed.is_empty());
    assert_eq!(solve("H5 K5 D5", "W", TableObjective::Cards).placed, cards("W"));
}

#[test]
fn lay_offs_move_nothing_and_splits_move_whole_melds() {
    let sol = solve("H4 H6 H8", "W", TableObjective::Cards);
    assert_eq!((sol.placed.len(), sol.moved, sol.melds[0].cards.len()), (1, 0, 4));
    let sol = solve("H3 H6 H9 H12", "H8 H16", TableObjective::Cards);
    assert_eq!((sol.placed.len(), sol.moved), (2, 4));
    assert_eq!(shown(&sol), ["H3 H6 H9", "H8 H12 H16"]);
    let sol = solve("H2 H4 H6 H8 H10 H12 H14", "K8 D8", TableObjective::Cards);
    assert_eq!((sol.placed.len(), sol.moved), (2, 7));
    assert_eq!(solve("H2 H4 H6 H8 H10 H12 H14", "H16", TableObjective::Cards).moved, 0);
}

#[test]
fn a_set_of_ones_may_stay_whole_inside_a_run() {
    // H1 W W (a set of 1s) and H2: H2 H1=H4 W=H6 W=H8 keeps the old meld whole
    let sol = solve("H1 W W", "H2", TableObjective::Cards);
    assert_eq!((sol.placed.len(), sol.moved), (1, 0));
    // two sets of 1s on the table stay two sets
    let sol = solve("H1 W W | K1 D1 W", "", TableObjective::Cards);
    assert_eq!((sol.melds.len(), sol.moved), (2, 0));
}

#[test]
fn net_takes_back_leftovers_and_points_count_hand_values() {
    assert!(solve("H2 H4 H6", "K2 D2 K4 D4", TableObjective::Cards).placed.is_empty());
    let sol = solve("H2 H4 H6", "K2 D2 K4 D4", TableObjective::Net);
    assert_eq!((sol.placed.len(), sol.taken.clone(), sol.moved), (4, cards("H6"), 3));
    assert!(solve("H2 H4 H6", "H8", TableObjective::Cards).taken.is_empty());
    let sol = solve("K5 D5 Q5", "H5 W", TableObjective::Points);
    assert_eq!((sol.placed.clone(), sol.placed_points), (cards("W"), 100));
    assert_eq!(solve("K5 D5 Q5", "H5 W", TableObjective::Cards).placed, cards("H5"));
}

#[test]
fn bad_input_is_an_error_naming_the_problem() {
    let err = |t: &[Vec<u8>], h: &[u8], o: &Options| solve_table(t, h, TableObjective::Cards, o, 0).unwrap_err().0;
    let o = Options::default();
    assert!(err(&table("H2 H4 H6 | H3 H5 H7"), &[], &o).contains("table meld 2 (H3 H5 H7)"));
    assert!(err(&table("W W W"), &[], &o).contains("table meld 1"));
    assert!(err(&[vec![1, 3, 200]], &[], &o).contains("table meld 1"));
    assert!(err(&table("H2 H4 H6"), &[250], &o).contains("not a 1x1 card"));
    assert!(err(&table("H2 H4 H6"), &cards("H4"), &o).contains("H4 twice"));
    assert!(err(&table("H5 K5 W | H6 W W"), &cards("W"), &o).contains("wish cards"));
    assert!(err(&table("H2 H4 H6"), &[101], &o).contains("ban card"));
    let bad = Options::from_pairs([("colour".to_string(), 1)]);
    assert!(err(&table("H2 H4 H6"), &[], &bad).contains("colour"));
    let bad = Options::from_pairs([("opening_points".to_string(), 0)]);
    assert!(err(&table("H2 H4 H6"), &[], &bad).contains("opening_points"));
}

#[test]
fn every_card_on_the_table_and_a_budget_never_hang() {
    // the whole deck: every number card and the wish cards, in valid melds
    let all: Vec<u8> = (0..100).collect();
    let mut melds: Vec<Vec<u8>> = Vec::new();
    for v in 2..=11u32 {
        melds.push((0..4u8).filter_map(|s| card(s, v)).collect());
    }
    melds.push((0..4u8).filter_map(|s| card(s, 1)).collect());
    let used: Vec<u8> = melds.iter().flatten().copied().collect();
    let rest: Vec<u8> = all.iter().copied().filter(|c| !used.contains(c)).chain([WISH; 3]).collect();
    let clock = CpuClock::start();
    let sol = solve_table(&melds, &rest, TableObjective::Cards, &Options::default(), 50).unwrap();
    assert!(clock.elapsed_ms() < 3000.0, "{} ms of CPU", clock.elapsed_ms());
    let n: usize = sol.melds.iter().map(|m| m.cards.len()).sum();
    assert_eq!(n, used.len() + sol.placed.len());
    for m in &sol.melds {
        validate_meld(&m.codes(), &Options::default()).unwrap();
    }
}

#[test]
fn the_wild_scarcity_bound_lets_naturals_share_a_wild() {
    // H4 and H8 need a wild each, but share the one wish card (H6 is not in play)
    let sol = solve("K5 D5 Q5 W", "H4 H8", TableObjective::Cards);
    assert_eq!((sol.placed.len(), sol.optimal), (2, true));
    // one wish card serves four hand naturals in one run H2 H4 W H8 H10
    let sol = solve("K5 D5 Q5 W", "H2 H4 H8 H10", TableObjective::Points);
    assert_eq!((sol.placed.len(), sol.placed_points, sol.optimal), (4, 24, true));
    // two groups, two wish cards (each taken from a set, which counts as moving it)
    let sol = solve("K5 D5 Q5 W | K7 D7 Q7 W", "H4 H8 K9 D9", TableObjective::Cards);
    assert_eq!((sol.placed.len(), sol.moved, sol.optimal), (4, 8, true));
}

#[test]
fn the_wild_scarcity_bound_counts_the_wilds_table_naturals_need() {
    // the table's H3 W H9 keeps its wish card: K5 D5 cannot have it
    let sol = solve("H3 W H9", "K5 D5", TableObjective::Cards);
    assert_eq!((sol.placed.len(), sol.moved, sol.optimal), (0, 0, true));
    // under Net the table naturals may go to the hand instead (a tie, so nothing moves)
    let sol = solve("H3 W H9", "K5 D5", TableObjective::Net);
    assert_eq!((sol.moved, sol.optimal), (0, true));
    // with a second wish card both fit
    let sol = solve("H3 W H9 | K7 D7 Q7 W", "K5 D5", TableObjective::Cards);
    assert_eq!((sol.placed.len(), sol.optimal), (2, true));
}

/// A random position: a table of the melds the hand solver lays from `pile`
/// random cards of the deck, a hand of `hand` of the other cards.
fn random_position(rng: &mut crate::testkit::Rng, pile: usize, hand: usize) -> (Vec<Vec<u8>>, Vec<u8>) {
    let mut cards: Vec<u8> = (0..NUMBERS as u8).chain([WISH; 3]).collect();
    rng.shuffle(&mut cards);
    // (the hand solver takes at most 45 cards)
    let table: Vec<Vec<u8>> = cards[..pile]
        .chunks(40)
        .flat_map(|chunk| exact_partition(chunk, Objective::MaxCards).unwrap().0)
        .map(|m| m.codes())
        .collect();
    for c in table.iter().flatten() {
        let at = cards.iter().position(|x| x == c).unwrap();
        cards.remove(at);
    }
    (table, cards[..hand].to_vec())
}

#[test]
fn positions_own_lps_never_cut_the_optimum() {
    // the branch and bound with every expanded position's own LPs solved
    // finds what the search with the root's prices alone finds (the
    // brute-force oracle checks that one, tests/tables/test_table_einmaleins.py)
    let mut rng = crate::testkit::Rng(32);
    let wishes = |s: &TableSolution| s.placed.iter().filter(|&&c| c == WISH).count();
    for k in 0..24 {
        let (t, h) = random_position(&mut rng, 40 + k % 3 * 20, 7 + k % 4);
        for objective in [TableObjective::Cards, TableObjective::Points, TableObjective::Net] {
            let solve = |tightening| {
                solve_tightened(&t, &h, objective, &Options::default(), &Cutoff::NONE, tightening).unwrap().0
            };
            let (plain, tight) = (solve(Tightening::NEVER), solve(Tightening::ALWAYS));
            assert!(plain.optimal && tight.optimal, "{t:?} {h:?} {objective:?}");
            let key = |s: &TableSolution| (s.placed.len(), s.placed_points, s.taken.len(), s.moved, wishes(s));
            assert_eq!(key(&plain), key(&tight), "{t:?} {h:?} {objective:?}");
        }
    }
}

/// The brute-force optimum of a small position, independent of the search:
/// every way to lay the physical cards in melds the meld predicate accepts
/// (every table card laid, but under `Net` each may go to the hand for one
/// card; hand cards may stay), by the search's tie-break order. Returns the
/// objective's value, the fewest table cards moved (a table card stays when
/// one new meld holds every card of its old meld) and the fewest hand wilds
/// laid (wish cards, and 1-cards in runs).
fn brute_force(table: &[Vec<u8>], hand: &[u8], objective: TableObjective) -> (i32, u32, i32) {
    let d = deck();
    let phys: Vec<(u8, Option<usize>)> = table
        .iter()
        .enumerate()
        .flat_map(|(i, m)| m.iter().map(move |&c| (c, Some(i))))
        .chain(hand.iter().map(|&c| (c, None)))
        .collect();
    let old: Vec<(u32, i32)> = (0..table.len())
        .map(|i| (0..phys.len()).filter(|&j| phys[j].1 == Some(i)).fold((0u32, 0), |(m, n), j| (m | 1 << j, n + 1)))
        .collect();
    let is_one = |c: u8| c != WISH && d.value[c as usize] == 1;
    let may_share = |a: u8, b: u8| {
        a == WISH
            || b == WISH
            || d.value[a as usize] == d.value[b as usize]
            || d.symbol[a as usize] == d.symbol[b as usize]
    };
    // (value, table cards kept, −hand wilds) of laying the cards `group` as one meld
    let meld_score = |group: u32| -> Option<[i32; 3]> {
        let js: Vec<usize> = (0..phys.len()).filter(|&j| group >> j & 1 == 1).collect();
        let codes: Vec<u8> = js.iter().map(|&j| phys[j].0).collect();
        validate_meld(&codes, &Options::default()).ok()?;
        let in_run = codes.iter().any(|&c| is_natural(c));
        let from_hand: Vec<u8> = js.iter().filter(|&&j| phys[j].1.is_none()).map(|&j| phys[j].0).collect();
        let value = match objective {
            TableObjective::Points => from_hand.iter().map(|&c| hand_points(c)).sum(),
            TableObjective::Cards | TableObjective::Net => from_hand.len() as i32,
        };
        let kept = old.iter().filter(|&&(m, _)| m & !group == 0).map(|&(_, n)| n).sum();
        let wilds = from_hand.iter().filter(|&&c| c == WISH || (in_run && is_one(c))).count() as i32;
        Some([value, kept, -wilds])
    };
    fn best(
        rest: u32,
        phys: &[(u8, Option<usize>)],
        objective: TableObjective,
        may_share: &dyn Fn(u8, u8) -> bool,
        meld_score: &dyn Fn(u32) -> Option<[i32; 3]>,
        memo: &mut std::collections::HashMap<u32, Option<[i32; 3]>>,
    ) -> Option<[i32; 3]> {
        if rest == 0 {
            return Some([0; 3]);
        }
        if let Some(v) = memo.get(&rest) {
            return *v;
        }
        let first = rest.trailing_zeros() as usize;
        let others = rest & !(1 << first);
        let mut top: Option<[i32; 3]> = None;
        let mut consider = |gain: [i32; 3], sub: Option<[i32; 3]>| {
            if let Some(s) = sub {
                let v = [gain[0] + s[0], gain[1] + s[1], gain[2] + s[2]];
                if top.is_none_or(|t| v > t) {
                    top = Some(v);
                }
            }
        };
        match phys[first].1 {
            None => consider([0; 3], best(others, phys, objective, may_share, meld_score, memo)),
            Some(_) if objective == TableObjective::Net => {
                consider([-1, 0, 0], best(others, phys, objective, may_share, meld_score, memo))
            }
            Some(_) => {}
        }
        let partners = (0..phys.len())
            .filter(|&j| others >> j & 1 == 1 && may_share(phys[first].0, phys[j].0))
            .fold(0u32, |m, j| m | 1 << j);
        // every subset of the partners with at least two cards
        let mut sub = partners;
        while sub != 0 {
            if sub.count_ones() >= 2 {
                if let Some(gain) = meld_score(sub | 1 << first) {
                    consider(gain, best(others & !sub, phys, objective, may_share, meld_score, memo));
                }
            }
            sub = (sub - 1) & partners;
        }
        memo.insert(rest, top);
        top
    }
    let all = (1u32 << phys.len()) - 1;
    let mut memo = std::collections::HashMap::new();
    let [value, kept, wilds] = best(all, &phys, objective, &may_share, &meld_score, &mut memo).expect("the old table");
    (value, table.iter().map(|m| m.len() as u32).sum::<u32>() - kept as u32, -wilds)
}

/// A small random position around a few symbols and low values: up to three
/// table melds (sets, runs with a wild now and then, sets of 1s) and a hand of
/// three to five of the other cards.
fn small_position(rng: &mut crate::testkit::Rng) -> (Vec<Vec<u8>>, Vec<u8>) {
    let symbols: Vec<u8> = (0..4u8).filter(|_| rng.below(3) > 0).collect();
    let symbols = if symbols.len() < 2 { vec![0, 1] } else { symbols };
    let top = [12u32, 18, 24][rng.below(3)];
    let mut pool: Vec<u8> =
        symbols.iter().flat_map(|&s| (1..=top).filter_map(move |v| card(s, v))).chain([WISH; 3]).collect();
    rng.shuffle(&mut pool);
    let mut table: Vec<Vec<u8>> = Vec::new();
    let take = |pool: &mut Vec<u8>, c: u8| pool.iter().position(|&x| x == c).map(|at| pool.remove(at)).is_some();
    for _ in 0..8 {
        if table.len() == 1 + rng.below(3) {
            break;
        }
        let s = symbols[rng.below(symbols.len())];
        let meld: Vec<u8> = match rng.below(4) {
            0 => {
                let v = 2 + rng.below(top as usize - 1) as u32;
                symbols.iter().filter_map(|&t| card(t, v)).chain([WISH]).take(3 + rng.below(2)).collect()
            }
            1 => symbols.iter().filter_map(|&t| card(t, 1)).chain([WISH, WISH]).take(3).collect(),
            _ => {
                let k = 2 + rng.below(4) as u32;
                let i = 1 + rng.below(3) as u32;
                let mut run: Vec<u8> = (i..i + 3 + rng.below(2) as u32).filter_map(|j| card(s, k * j)).collect();
                if rng.below(3) == 0 && !run.is_empty() {
                    let at = rng.below(run.len());
                    run[at] = if rng.below(2) == 0 { WISH } else { card(s, 1).unwrap_or(WISH) };
                }
                run
            }
        };
        if validate_meld(&meld, &Options::default()).is_err() || !meld.iter().all(|&c| pool.contains(&c)) {
            continue;
        }
        meld.iter().for_each(|&c| {
            take(&mut pool, c);
        });
        table.push(meld);
    }
    let hand = pool[..3 + rng.below(3)].to_vec();
    (table, hand)
}

#[test]
fn positions_own_lps_and_the_quick_bound_agree_with_a_brute_force() {
    // the whole tie-break order of the search as it runs (the LP prices alone
    // where they prune, position LPs after its thresholds) and of the search
    // that solves every expanded position's own LPs (with the root's LPs cut
    // where the cuts lower its bound, and cut wherever there are cuts),
    // against the brute force; the hypothesis comparison with the Python
    // oracle is tests/tables/test_table_einmaleins.py
    let mut rng = crate::testkit::Rng(3203);
    let (mut searched, mut lp_solves, mut cut_searches) = (0, 0, 0);
    for _ in 0..150 {
        let (t, h) = small_position(&mut rng);
        for objective in [TableObjective::Cards, TableObjective::Points, TableObjective::Net] {
            let want = brute_force(&t, &h, objective);
            for tightening in [Tightening::SEARCH, Tightening::ALWAYS, Tightening::ALWAYS_CUT] {
                let (sol, solved, cuts) =
                    solve_tightened(&t, &h, objective, &Options::default(), &Cutoff::NONE, tightening).unwrap();
                assert!(sol.optimal && sol.moved_optimal, "{t:?} {h:?} {objective:?}");
                let got = (objective_value(objective, &sol), sol.moved, hand_wilds(&sol));
                assert_eq!(got, want, "{t:?} {h:?} {objective:?} {tightening:?}");
                searched += 1;
                lp_solves += solved;
                cut_searches += (cuts > 0) as usize;
            }
        }
    }
    // the positions' own LPs were solved, and not on a few positions only
    assert!(lp_solves > searched, "{lp_solves} position LPs in {searched} searches");
    // and the search ran with cuts on the root's LPs
    assert!(cut_searches >= 20, "{cut_searches} searches with cuts");
}

/// The objective's value of an answer.
fn objective_value(objective: TableObjective, sol: &TableSolution) -> i32 {
    match objective {
        TableObjective::Cards => sol.placed.len() as i32,
        TableObjective::Points => sol.placed_points,
        TableObjective::Net => sol.placed.len() as i32 - sol.taken.len() as i32,
    }
}

/// The hand wilds an answer lays: its wish cards, and its 1-cards laid in runs (melds with a natural).
fn hand_wilds(sol: &TableSolution) -> i32 {
    let laid: Vec<u8> = sol
        .melds
        .iter()
        .map(|m| m.codes())
        .filter(|codes| codes.iter().any(|&c| is_natural(c)))
        .flat_map(|codes| codes.into_iter().filter(|&c| c != WISH && !is_natural(c)))
        .collect();
    (sol.placed.iter().filter(|&&c| c == WISH).count() + sol.placed.iter().filter(|c| laid.contains(c)).count()) as i32
}

/// Solves the root LPs of `free` again with the cuts of melds in conflict
/// and the {0,½}-cuts (whether or not they lower its bound); returns the number of cuts.
fn with_cuts(free: &Table) -> usize {
    with_cut_families(free, CutFamilies::All)
}

/// The same with the cuts of `families`.
fn with_cut_families(free: &Table, families: CutFamilies) -> usize {
    let (bound, model) = LpBound::fit(free, free.all, free.res0, families, None).expect("the root LPs with cuts");
    let cuts = model.cuts();
    (*free.lp.borrow_mut(), *free.lp_model.borrow_mut()) = (Some(bound), Some(model));
    cuts
}

#[test]
fn lp_prices_pay_for_every_meld_the_search_may_lay() {
    // the LPs leave out the melds another one dominates; their prices must
    // still pay for every meld the branch and bound lays (else a bound could
    // fall below the optimum): at the root and at positions' own LPs
    // (the root's LPs with and without the cuts of melds in conflict)
    let mut rng = crate::testkit::Rng(3217);
    let (mut checked, mut columns, mut cuts) = (0, 0, 0);
    for k in 0..24 {
        let (t, h) = random_position(&mut rng, 40 + k % 3 * 10, 9 + k % 5);
        for (objective, cut) in [TableObjective::Cards, TableObjective::Points, TableObjective::Net]
            .into_iter()
            .flat_map(|o| [(o, false), (o, true)])
        {
            let (locked, all, res0) = position(&t, &h, objective, Tightening::SEARCH);
            let free = unlocked(&locked, all, res0);
            if cut {
                with_cuts(&free);
            }
            let (lp, lp_model) = (free.lp.borrow(), free.lp_model.borrow());
            let (Some(root), Some(model)) = (lp.as_ref(), lp_model.as_ref()) else { panic!("no root LP: {t:?} {h:?}") };
            cuts += model.cuts();
            let (worst, n) = root.worst_unpaid(&free, all, res0);
            assert!(worst <= 1e-5, "root prices short by {worst}: {t:?} {h:?} {objective:?}");
            checked += n;
            columns += LpBound::columns(model);
            // positions as the search reaches them: the lowest naturals gone, and some wilds
            for cut in [3, 8, 15, 25] {
                let counts = all & !((1u128 << cut) - 1);
                let mut res = res0;
                res[RES_WISHES] = res0[RES_WISHES].saturating_sub((cut % 2) as u8);
                res[RES_ONES] &= !(1 << (cut % 4));
                let Some(cap) = free.scarce(counts, res) else { continue };
                let mut asked = None;
                let kept_matters = |first| {
                    asked = Some(first);
                    true
                };
                let Some((own, bases)) = model.at(counts, res, cap, None, root, i32::MIN, kept_matters) else {
                    continue;
                };
                let (worst, n) = own.worst_unpaid(&free, counts, res);
                assert!(worst <= 1e-5, "position prices short by {worst}: {t:?} {h:?} {objective:?} {cut}");
                checked += n;
                // where the kept LP decides nothing it is not solved: the position keeps the
                // kept prices of the position it starts from (here itself), which still pay
                let first = asked.expect("the kept LP asked about");
                assert!(first <= cap, "{first} above the cap {cap}");
                let skipped = model.at(counts, res, cap, Some((&bases, &own)), root, i32::MIN, |_| false);
                let Some((skipped, _)) = skipped else { panic!("no prices without the kept LP: {t:?} {h:?}") };
                let live = model.cut_rhs(counts, res);
                assert_eq!(skipped.paid(counts, res, &live).1, own.paid(counts, res, &live).1);
                let (worst, _) = skipped.worst_unpaid(&free, counts, res);
                assert!(worst <= 1e-5, "prices without the kept LP short by {worst}: {t:?} {h:?} {objective:?}");
            }
        }
    }
    // the dominated melds were left out of the LPs, and checked here
    assert!(checked > 2 * columns, "{checked} melds checked, {columns} LP columns");
    // (the partitions the hand solver deals leave the LPs mostly integral)
    assert!(cuts >= 10, "{cuts} cuts");
}

#[test]
fn under_points_a_positions_kept_lp_is_solved_only_where_the_first_component_ties() {
    // a position's bound is at or below the aim wherever its first component is
    // below the aim's, and above it wherever it is above: the cards kept decide
    // only at the tie, so under `points` the position keeps the kept LP's basis
    // (and prices) it started from, here the root's; under `cards` (the cards
    // kept the gap) its own kept LP is solved
    let mut rng = crate::testkit::Rng(57);
    let no_cuts = Tightening { cut_after: usize::MAX, ..Tightening::ALWAYS };
    let mut tried = 0;
    for _ in 0..8 {
        let (t, h) = random_position(&mut rng, 40, 9);
        for objective in [TableObjective::Points, TableObjective::Cards] {
            let (locked, all, res0) = position(&t, &h, objective, no_cuts);
            let free = unlocked(&locked, all, res0);
            // the lowest five naturals gone
            let counts = all & !((1u128 << 5) - 1);
            let kept_shared = |aim: i32| {
                free.resolved.borrow_mut().clear();
                free.tighten(counts, res0, Score([aim, 0, 0]))?;
                let model = free.lp_model.borrow();
                let resolved = free.resolved.borrow();
                Some(model.as_ref()?.keeps_the_roots_kept_basis(&resolved.last()?.bases))
            };
            let (Some(low), Some(high)) = (kept_shared(-1_000_000), kept_shared(1_000_000)) else { continue };
            let points = objective == TableObjective::Points;
            assert_eq!((low, high), (points, points), "{t:?} {h:?} {objective:?}");
            tried += 1;
        }
    }
    assert!(tried >= 12, "{tried}");
}

#[test]
fn the_bounds_shortcuts_agree_with_their_definitions() {
    // the prices a position pays (from the sum of the naturals from its lowest
    // up, less those it lacks) and a natural's need (0 at once where it holds
    // every natural the need looks at), against the walks that define them
    let mut rng = crate::testkit::Rng(3221);
    let (mut positions, mut shortcuts) = (0, 0);
    for k in 0..12 {
        let (t, h) = random_position(&mut rng, 40 + k % 3 * 10, 9 + k % 5);
        let (locked, all, res0) = position(&t, &h, TableObjective::Points, Tightening::SEARCH);
        let free = unlocked(&locked, all, res0);
        let lp = free.lp.borrow();
        let Some(root) = lp.as_ref() else { panic!("no root LP: {t:?} {h:?}") };
        for cut in [0, 3, 8, 15, 25, 40] {
            for lacking in 0..4u32 {
                // the lowest naturals gone, and a few above them taken by melds
                let mut counts = all & !((1u128 << cut) - 1);
                for _ in 0..lacking * 3 {
                    counts &= !(1u128 << (cut + rng.below(30)).min(127));
                }
                let mut res = res0;
                res[RES_WISHES] = res0[RES_WISHES].saturating_sub(lacking as u8 % 2);
                let (fast, walk) =
                    (root.paid(counts, res, &CutRhs::NONE), root.paid_by_walk(counts, res, &CutRhs::NONE));
                // within far less than the bounds' rounding allows (0.004): a table natural no
                // meld can hold is priced about the artificial column's 10⁷, whose sums cancel
                let near = |a: f64, b: f64| (a - b).abs() <= 1e-6;
                assert!(near(fast.0, walk.0) && near(fast.1, walk.1), "{fast:?} {walk:?}");
                for l in types(counts) {
                    let need = free.need(l, counts, res);
                    assert_eq!(need, free.need_by_windows(l, counts, res), "{t:?} {h:?} {l} {counts:b}");
                    shortcuts += (need == 0) as usize;
                }
                positions += 1;
            }
        }
    }
    assert!(positions > 200 && shortcuts > 1000, "{positions} positions, {shortcuts} needs of 0");
}

#[test]
fn the_root_bound_is_never_below_the_optimum() {
    // the bound the branch and bound starts from, with the LP prices alone and
    // with the combinatorial bound, against the brute force's whole tie-break
    // order; and again with the cuts of melds in conflict on the root's LPs
    let mut rng = crate::testkit::Rng(3229);
    let mut cuts = 0;
    for _ in 0..150 {
        let (t, h) = small_position(&mut rng);
        for objective in [TableObjective::Cards, TableObjective::Points, TableObjective::Net] {
            let (value, moved, wilds) = brute_force(&t, &h, objective);
            let table_cards = t.iter().map(|m| m.len() as i32).sum::<i32>();
            let best = Score([value, table_cards - moved as i32, -wilds]);
            let (locked, all, res0) = position(&t, &h, objective, Tightening::SEARCH);
            let free = unlocked(&locked, all, res0);
            assert!(free.lp.borrow().is_some(), "no root LP: {t:?} {h:?}");
            for cut in [false, true] {
                if cut {
                    cuts += with_cuts(&free);
                }
                let lp_alone = free.bound_above(all, res0, Score([i32::MAX; 3]));
                assert!(lp_alone >= best, "LP {lp_alone:?} below {best:?}: {t:?} {h:?} {objective:?} {cut}");
                let both = free.bound(all, res0);
                assert!(both >= best, "bound {both:?} below {best:?}: {t:?} {h:?} {objective:?} {cut}");
            }
        }
    }
    assert!(cuts >= 20, "{cuts} cuts");
}

#[test]
fn odd_row_cuts_keep_the_whole_tie_break_of_a_brute_force() {
    // the {0,½}-cuts alone on the root's LPs, kept wherever there are any,
    // every expanded position's own LPs solved with them: the search's
    // value, fewest moved and fewest hand wilds against the brute force
    let mut rng = crate::testkit::Rng(3251);
    let (mut searched, mut cut_searches) = (0, 0);
    for _ in 0..150 {
        let (t, h) = small_position(&mut rng);
        for objective in [TableObjective::Cards, TableObjective::Points, TableObjective::Net] {
            let want = brute_force(&t, &h, objective);
            let (sol, _, cuts) =
                solve_tightened(&t, &h, objective, &Options::default(), &Cutoff::NONE, Tightening::ALWAYS_ODD_ROWS)
                    .unwrap();
            assert!(sol.optimal && sol.moved_optimal, "{t:?} {h:?} {objective:?}");
            assert_eq!(
                (objective_value(objective, &sol), sol.moved, hand_wilds(&sol)),
                want,
                "{t:?} {h:?} {objective:?}"
            );
            searched += 1;
            cut_searches += (cuts > 0) as usize;
        }
    }
    assert!(cut_searches >= 20, "{cut_searches} of {searched} searches with cuts");
}

#[test]
fn the_root_lps_with_cuts_go_on_from_the_basis_without_them() {
    // the search solves the root's LPs again with cuts from the optimal basis of
    // those without (the same first LP, not solved again): the same cuts and the
    // same bound as solved afresh
    let mut rng = crate::testkit::Rng(3271);
    let mut cuts = 0;
    for k in 0..30 {
        let (t, h) = random_position(&mut rng, 40 + k % 2 * 10, 13);
        for objective in [TableObjective::Cards, TableObjective::Points, TableObjective::Net] {
            let (locked, all, res0) = position(&t, &h, objective, Tightening::SEARCH);
            let free = unlocked(&locked, all, res0);
            let families = CutFamilies::All.for_objective(objective);
            let fit = |uncut| LpBound::fit(&free, all, res0, families, uncut).expect("the root LPs with cuts");
            let (afresh, afresh_model) = fit(None);
            let (on, on_model) = fit(free.lp_model.borrow().as_ref());
            assert_eq!(afresh_model.cuts(), on_model.cuts(), "{t:?} {h:?} {objective:?}");
            cuts += on_model.cuts();
            let bound = |lp: LpBound, model: LpModel| {
                (*free.lp.borrow_mut(), *free.lp_model.borrow_mut()) = (Some(lp), Some(model));
                free.bound_above(all, res0, Score([i32::MAX; 3]))
            };
            let uncut = (free.lp.borrow().clone(), free.lp_model.borrow().clone());
            assert_eq!(bound(afresh, afresh_model), bound(on, on_model), "{t:?} {h:?} {objective:?}");
            (*free.lp.borrow_mut(), *free.lp_model.borrow_mut()) = uncut;
        }
    }
    assert!(cuts >= 8, "{cuts} cuts");
}

#[test]
fn the_root_bound_with_odd_row_cuts_is_never_below_the_optimum() {
    // the root's LP prices with the {0,½}-cuts alone, on small positions
    // against the brute force and on larger ones against the search
    let mut rng = crate::testkit::Rng(3259);
    let mut cuts = 0;
    let mut check = |t: &[Vec<u8>], h: &[u8], objective: TableObjective, best: Score| {
        let (locked, all, res0) = position(t, h, objective, Tightening::SEARCH);
        let free = unlocked(&locked, all, res0);
        cuts += with_cut_families(&free, CutFamilies::OddRowsOnly);
        let lp_alone = free.bound_above(all, res0, Score([i32::MAX; 3]));
        assert!(lp_alone >= best, "LP {lp_alone:?} below {best:?}: {t:?} {h:?} {objective:?}");
    };
    for k in 0..180 {
        let (t, h) = if k < 150 { small_position(&mut rng) } else { random_position(&mut rng, 40, 9) };
        for objective in [TableObjective::Cards, TableObjective::Points, TableObjective::Net] {
            let (value, moved) = if k < 150 {
                let (value, moved, _) = brute_force(&t, &h, objective);
                (value, moved)
            } else {
                let sol = solve_table(&t, &h, objective, &Options::default(), 0).unwrap();
                assert!(sol.optimal);
                (objective_value(objective, &sol), sol.moved)
            };
            let table_cards = t.iter().map(|m| m.len() as i32).sum::<i32>();
            check(&t, &h, objective, Score([value, table_cards - moved as i32, i32::MIN]));
        }
    }
    assert!(cuts >= 20, "{cuts} cuts");
}

#[test]
fn a_cut_search_of_a_hand_too_large_for_the_hand_solver_still_lays_melds() {
    // the whole deck as the hand of an empty table: the search is cut, and the
    // fallback gives the hand solver at most FALLBACK_HAND (24) naturals, so it
    // takes melds greedily first
    let hand: Vec<u8> = (0..100).chain([WISH; 3]).collect();
    let clock = CpuClock::start();
    let sol = solve_table(&[], &hand, TableObjective::Cards, &Options::default(), 50).unwrap();
    assert!(clock.elapsed_ms() < 3000.0, "{} ms of CPU", clock.elapsed_ms());
    assert!(!sol.optimal);
    let laid: Vec<u8> = sol.melds.iter().flat_map(|m| m.codes()).collect();
    let mut sorted = laid.clone();
    sorted.sort();
    assert_eq!(sorted, sol.placed);
    let mut left = hand.clone();
    for c in &laid {
        let k = left.iter().position(|x| x == c).expect("a laid card comes from the hand");
        left.swap_remove(k);
    }
    for m in &sol.melds {
        validate_meld(&m.codes(), &Options::default()).unwrap();
    }
    assert!(sol.placed.len() >= 80, "placed only {} of the deck's {} cards", sol.placed.len(), hand.len());
}
