//! Sets (groups) at one position: which (hand cards, jokers, table cards
//! left) combinations the leftovers of a position can form.
//!
//! A set holds 3–4 cards of distinct suits with at least one natural (with
//! `no_double_joker`: at most one joker unless it has two naturals). Table
//! leftovers must all be used unless table cards are optional.

use std::cell::RefCell;
use std::rc::Rc;

use super::model::SUITS;

/// One set: suits taken from the table leftovers, from the hand leftovers, and jokers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Suits supplied by table naturals (bit mask).
    pub table: u8,
    /// Suits supplied by hand naturals (bit mask).
    pub hand: u8,
    /// Jokers in the set.
    pub jokers: u8,
}

/// One achievable outcome of the set stage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SetOutcome {
    /// Hand naturals placed in sets.
    pub hand_in_sets: u8,
    /// Jokers placed in sets.
    pub jokers_in_sets: u8,
    /// Table naturals left over (taken into the hand).
    pub table_left_over: u8,
}

/// Rules of the set stage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SetRules {
    /// Most jokers usable.
    pub jokers: u8,
    /// Rommé `no_double_joker`.
    pub no_double_joker: bool,
    /// Table leftovers may be taken into the hand.
    pub table_optional: bool,
    /// Lazy jokers: a set holds a joker only if it has exactly three cards.
    pub lazy: bool,
    /// Swap rule: no joker in a set while a hand natural of a suit the set lacks
    /// stays out (they could trade places).
    pub swap_hand: bool,
}

fn shape_ok(reals: u8, jokers: u8, r: &SetRules) -> bool {
    let n = reals + jokers;
    (3..=4).contains(&n)
        && reals >= 1
        && !(r.no_double_joker && jokers >= 2 && reals < 2)
        && !(r.lazy && jokers > 0 && n != 3)
}

/// Calls `f(shapes, taken)` for every way to arrange the leftovers `lt` (table,
/// per suit) and `lh` (hand) into sets with at most `jl` jokers; hand leftovers
/// may stay out. Stops early when `f` returns true; returns whether it did.
pub fn enumerate(
    lt: [u8; SUITS],
    lh: [u8; SUITS],
    jl: u8,
    r: &SetRules,
    f: &mut dyn FnMut(&[Shape], u8) -> bool,
) -> bool {
    let mut cur = Vec::new();
    rec(lt, lh, jl, 0, r, &mut cur, f)
}

fn rec(
    mut lt: [u8; SUITS],
    mut lh: [u8; SUITS],
    jl: u8,
    taken: u8,
    r: &SetRules,
    cur: &mut Vec<Shape>,
    f: &mut dyn FnMut(&[Shape], u8) -> bool,
) -> bool {
    let first_t = (0..SUITS).find(|&c| lt[c] > 0);
    let (c, from_table) = match first_t {
        Some(c) => (c, true),
        None => match (0..SUITS).find(|&c| lh[c] > 0) {
            Some(c) => (c, false),
            None => return f(cur, taken),
        },
    };
    if from_table && r.table_optional {
        lt[c] -= 1;
        if rec(lt, lh, jl, taken + 1, r, cur, f) {
            return true;
        }
        lt[c] += 1;
    }
    if !from_table {
        // This hand card (and its twin) may stay in the hand.
        let keep = lh[c];
        lh[c] = 0;
        if rec(lt, lh, jl, taken, r, cur, f) {
            return true;
        }
        lh[c] = keep;
    }
    // Sets through the chosen card: every other suit contributes nothing, a
    // table natural or a hand natural (table ones only while any remain).
    let mut others = [0usize; SUITS - 1];
    for (slot, o) in others.iter_mut().zip((0..SUITS).filter(|&o| o != c)) {
        *slot = o;
    }
    let combos = 3usize.pow(others.len() as u32);
    for code in 0..combos {
        let mut x = code;
        let mut shape = Shape { table: 0, hand: 0, jokers: 0 };
        if from_table {
            shape.table |= 1 << c;
        } else {
            shape.hand |= 1 << c;
        }
        let mut ok = true;
        let mut reals = 1u8;
        for &o in &others {
            match x % 3 {
                1 => {
                    if lt[o] == 0 || !from_table {
                        ok = false;
                    }
                    shape.table |= 1 << o;
                    reals += 1;
                }
                2 => {
                    if lh[o] == 0 {
                        ok = false;
                    }
                    shape.hand |= 1 << o;
                    reals += 1;
                }
                _ => {}
            }
            x /= 3;
        }
        if !ok || reals > 4 {
            continue;
        }
        for jk in 0..=jl.min(4 - reals) {
            if !shape_ok(reals, jk, r) {
                continue;
            }
            let mut lt2 = lt;
            let mut lh2 = lh;
            for s in 0..SUITS {
                if shape.table >> s & 1 == 1 {
                    lt2[s] -= 1;
                }
                if shape.hand >> s & 1 == 1 {
                    lh2[s] -= 1;
                }
            }
            cur.push(Shape { jokers: jk, ..shape });
            let stop = rec(lt2, lh2, jl - jk, taken, r, cur, f);
            cur.pop();
            if stop {
                return true;
            }
        }
    }
    false
}

/// The distinct outcomes `(hand_in_sets, jokers_in_sets, table_left_over)` for leftovers `lt`, `lh`.
pub fn outcomes(lt: [u8; SUITS], lh: [u8; SUITS], r: &SetRules) -> Vec<SetOutcome> {
    let mut seen: Vec<SetOutcome> = Vec::new();
    enumerate(lt, lh, r.jokers, r, &mut |shapes, taken| {
        if r.swap_hand {
            let mut left = lh;
            for sh in shapes {
                for (c, l) in left.iter_mut().enumerate() {
                    *l -= sh.hand >> c & 1;
                }
            }
            let lacks = |sh: &Shape| (0..SUITS).any(|c| left[c] > 0 && (sh.table | sh.hand) >> c & 1 == 0);
            if shapes.iter().any(|sh| sh.jokers > 0 && lacks(sh)) {
                return false;
            }
        }
        let hand_in_sets = shapes.iter().map(|s| s.hand.count_ones() as u8).sum();
        let jokers_in_sets = shapes.iter().map(|s| s.jokers).sum();
        let o = SetOutcome { hand_in_sets, jokers_in_sets, table_left_over: taken };
        if !seen.contains(&o) {
            seen.push(o);
        }
        false
    });
    seen.sort_by_key(|o| (o.jokers_in_sets, std::cmp::Reverse(o.hand_in_sets), o.table_left_over));
    seen
}

/// Packs leftovers (each ≤ 3) into a cache key.
pub fn pack(lt: [u8; SUITS], lh: [u8; SUITS]) -> u16 {
    let mut k = 0u16;
    for s in 0..SUITS {
        k |= ((lt[s].min(3) as u16) | ((lh[s].min(3) as u16) << 2)) << (4 * s);
    }
    k
}

type ShapeCache = super::hasher::FxMap<(u16, SetOutcome, SetRules), Option<Rc<[Shape]>>>;

thread_local! {
    static SHAPES: RefCell<ShapeCache> = RefCell::new(Default::default());
}

/// The first sets (in [`enumerate`] order) that use the leftovers `lt`, `lh`
/// with outcome `go`, memoised per thread: the rebuild asks for the same
/// leftovers and outcomes again and again, and the enumeration is the costly part.
pub fn shapes_for(lt: [u8; SUITS], lh: [u8; SUITS], go: SetOutcome, r: &SetRules) -> Option<Rc<[Shape]>> {
    if lt.iter().chain(lh.iter()).any(|&n| n > 3) {
        return find_shapes(lt, lh, go, r).map(Rc::from);
    }
    let key = (pack(lt, lh), go, *r);
    SHAPES.with(|c| {
        if let Some(v) = c.borrow().get(&key) {
            return v.clone();
        }
        let v: Option<Rc<[Shape]>> = find_shapes(lt, lh, go, r).map(Rc::from);
        c.borrow_mut().insert(key, v.clone());
        v
    })
}

fn find_shapes(lt: [u8; SUITS], lh: [u8; SUITS], go: SetOutcome, r: &SetRules) -> Option<Vec<Shape>> {
    let mut chosen = None;
    enumerate(lt, lh, go.jokers_in_sets, r, &mut |shapes, taken| {
        let hand_in_sets: u8 = shapes.iter().map(|s| s.hand.count_ones() as u8).sum();
        let jokers_in_sets: u8 = shapes.iter().map(|s| s.jokers).sum();
        if hand_in_sets == go.hand_in_sets && jokers_in_sets == go.jokers_in_sets && taken == go.table_left_over {
            chosen = Some(shapes.to_vec());
            true
        } else {
            false
        }
    });
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;

    const R: SetRules =
        SetRules { jokers: 0, no_double_joker: false, table_optional: false, lazy: false, swap_hand: false };

    /// With no natural left the one arrangement is no set (the rebuild's set step reads it so without
    /// the cache): no shapes where the outcome places and leaves nothing, else none fits, whatever
    /// the jokers and rules.
    #[test]
    fn nothing_left_fits_only_the_empty_outcome() {
        for (hand_in_sets, jokers_in_sets, table_left_over) in (0..27).map(|x| (x % 3, x / 3 % 3, x / 9)) {
            for jokers in 0..3 {
                let r = SetRules { jokers, table_optional: jokers == 1, ..R };
                let go = SetOutcome { hand_in_sets, jokers_in_sets, table_left_over };
                let shapes = shapes_for([0; SUITS], [0; SUITS], go, &r);
                let empty = (hand_in_sets, jokers_in_sets, table_left_over) == (0, 0, 0);
                assert_eq!(shapes.map(|s| s.len()), empty.then_some(0), "{go:?} {r:?}");
            }
        }
    }

    /// van der Wekken's closed formula for the most naturals in sets (no jokers, no table).
    fn closed_formula(c: [u8; 4]) -> u8 {
        let mut v = c;
        v.sort();
        let t = v[0] + v[1];
        if t <= v[2] {
            3 * t
        } else {
            (t + v[2]) + v[3].min((t + v[2]) / 2)
        }
    }

    #[test]
    fn matches_closed_formula() {
        for code in 0..81 {
            let c = [code % 3, code / 3 % 3, code / 9 % 3, code / 27 % 3].map(|x| x as u8);
            let best = outcomes([0; 4], c, &R).iter().map(|o| o.hand_in_sets).max().unwrap_or(0);
            assert_eq!(best, closed_formula(c), "{c:?}");
        }
    }

    #[test]
    fn table_leftovers_must_be_used() {
        // one table natural alone cannot form a set
        assert!(outcomes([1, 0, 0, 0], [0; 4], &R).is_empty());
        let r = SetRules { jokers: 2, ..R };
        let o = outcomes([1, 0, 0, 0], [0; 4], &r);
        assert_eq!(o, vec![SetOutcome { hand_in_sets: 0, jokers_in_sets: 2, table_left_over: 0 }]);
        let r = SetRules { jokers: 2, no_double_joker: true, table_optional: false, lazy: false, swap_hand: false };
        assert!(outcomes([1, 0, 0, 0], [0; 4], &r).is_empty());
    }
}
