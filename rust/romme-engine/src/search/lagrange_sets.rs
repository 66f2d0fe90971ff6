//! The set stage of the Lagrangian bound: the ways to lay sets at one position and the old-set cards each keeps,
//! worked out once per kind of position and thread.

use std::cell::RefCell;
use std::rc::Rc;

use super::super::hasher::FxMap;
use super::super::model::SUITS;
use super::NONE;

/// One way to lay sets at a position: colours used, jokers, cards of old sets kept.
#[derive(Clone, Copy, Debug)]
pub(super) struct SetOut {
    pub(super) usage: [u8; SUITS],
    pub(super) jokers: u8,
    pub(super) credit: f64,
}

/// Most set outcomes [`set_outcomes`] remembers per thread (a solve meets at
/// most 13 kinds of positions, and a long series of solves a few hundred).
pub(super) const SET_CACHE: usize = 4096;

/// The ways to lay sets at a position with `avail` naturals per colour,
/// `jokers` jokers and the old sets `olds` (colours, jokers, size) decided
/// there. The same few kinds of positions recur in every solve (and in both
/// threads of the race, mirrored), so each is worked out once per thread.
pub(super) fn set_outcomes(avail: [u8; SUITS], jokers: u8, olds: &[(u8, u8, u8)]) -> Rc<[SetOut]> {
    type Key = ([u8; SUITS], u8, Vec<(u8, u8, u8)>);
    thread_local! {
        static KNOWN: RefCell<FxMap<Key, Rc<[SetOut]>>> = RefCell::new(FxMap::default());
    }
    let key = (avail, jokers, olds.to_vec());
    if let Some(known) = KNOWN.with(|k| k.borrow().get(&key).cloned()) {
        return known;
    }
    let outs: Rc<[SetOut]> = work_out_sets(avail, jokers, olds).into();
    KNOWN.with(|k| {
        let mut k = k.borrow_mut();
        if k.len() >= SET_CACHE {
            k.clear();
        }
        k.insert(key, outs.clone());
    });
    outs
}

pub(super) fn work_out_sets(avail: [u8; SUITS], jokers: u8, olds: &[(u8, u8, u8)]) -> Vec<SetOut> {
    let mut types = Vec::new();
    for mask in 1u8..16 {
        let k = mask.count_ones() as u8;
        for jk in 0..=3u8 {
            if (3..=4).contains(&(k + jk)) {
                types.push((mask, jk));
            }
        }
    }
    let mut best: FxMap<([u8; SUITS], u8), f64> = FxMap::default();
    let mut chosen = Vec::new();
    grow_sets(&types, 0, &mut chosen, ([0; SUITS], 0), (avail, jokers), olds, &mut best);
    best.into_iter().map(|((usage, jokers), credit)| SetOut { usage, jokers, credit }).collect()
}

/// Cards of `olds` the sets `chosen` keep at most (each set keeps one old set).
fn kept_by(olds: &[(u8, u8, u8)], chosen: &[(u8, u8)], used: u32) -> f64 {
    let Some((&(m0, j0, size), rest)) = olds.split_first() else {
        return 0.0;
    };
    let size = size as f64;
    let mut v = kept_by(rest, chosen, used);
    for (k, &(mask, jk)) in chosen.iter().enumerate() {
        if used >> k & 1 == 0 && mask & m0 == m0 && jk >= j0 {
            v = v.max(size + kept_by(rest, chosen, used | 1 << k));
        }
    }
    v
}

fn grow_sets(
    types: &[(u8, u8)],
    start: usize,
    chosen: &mut Vec<(u8, u8)>,
    (usage, jt): ([u8; SUITS], u8),
    (avail, jokers): ([u8; SUITS], u8),
    olds: &[(u8, u8, u8)],
    best: &mut FxMap<([u8; SUITS], u8), f64>,
) {
    let c = kept_by(olds, chosen, 0);
    let e = best.entry((usage, jt)).or_insert(NONE);
    *e = e.max(c);
    for (i, &(mask, jk)) in types.iter().enumerate().skip(start) {
        let mut u = usage;
        let mut ok = jt + jk <= jokers;
        for (s, us) in u.iter_mut().enumerate() {
            if mask >> s & 1 == 1 {
                *us += 1;
                ok &= *us <= avail[s];
            }
        }
        if ok {
            chosen.push((mask, jk));
            grow_sets(types, i, chosen, (u, jt + jk), (avail, jokers), olds, best);
            chosen.pop();
        }
    }
}
