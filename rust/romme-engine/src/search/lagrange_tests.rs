//! Unit tests of the Lagrangian bound.

use super::*;

/// A remembered set outcome is the one worked out afresh, in the same order
/// (the order picks among equally priced outcomes, so the fit depends on it),
/// also after the cache was cleared.
#[test]
fn remembered_set_outcomes_are_worked_out_ones() {
    let mut seed = 11u64;
    let mut next = || {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (seed >> 33) as u8
    };
    let same = |a: &[SetOut], b: &[SetOut]| {
        a.len() == b.len()
            && a.iter().zip(b).all(|(x, y)| x.usage == y.usage && x.jokers == y.jokers && x.credit == y.credit)
    };
    let mut kinds = Vec::new();
    for _ in 0..SET_CACHE + 50 {
        let avail: [u8; SUITS] = std::array::from_fn(|_| next() % 3);
        let jokers = next() % 3;
        let olds: Vec<(u8, u8, u8)> = (0..next() % 3).map(|_| (1 + next() % 15, next() % 2, 3 + next() % 2)).collect();
        kinds.push((avail, jokers, olds));
    }
    // (the first pass fills the cache past its size, so the second finds some cleared)
    for _ in 0..2 {
        for (avail, jokers, olds) in &kinds {
            let fresh = work_out_sets(*avail, *jokers, olds);
            assert!(same(&set_outcomes(*avail, *jokers, olds), &fresh), "{avail:?} {jokers} {olds:?}");
            assert!(same(&set_outcomes(*avail, *jokers, olds), &fresh));
        }
    }
}
