//! Keep mode's private jokers after the rebuild: a kept re-readable run's own jokers end in the
//! meld holding its naturals ([`place_private_jokers`]).

use super::super::grid::GridGame;
use super::{run_pos, run_takes_joker, Built, Laid, Outcome, Tile};

/// Keep mode: the private jokers of the kept re-readable runs `owners` (each
/// its natural tile ids and joker tiles) must end in the meld holding that
/// run's naturals. Jokers are alike, so it is enough that the meld holds as
/// many jokers as its runs own; missing ones are taken from where they are
/// spare (left for the hand, or at the free end of a run that stays valid,
/// or the fourth card of a set) and added at a free end. Then the tiles are
/// exchanged so that each run's own jokers are in its meld. A joker of a
/// meld kept whole with its jokers (table index in `kept`) is never given up:
/// that meld would no longer be whole. If it cannot be done (the caller then
/// has no proof): the first natural of each run to blame (all of them where
/// no one run is).
pub fn place_private_jokers(
    g: &GridGame,
    o: &mut Outcome,
    owners: &[(u16, Vec<Tile>)],
    kept: u64,
) -> Result<(), Vec<u16>> {
    join_neighbours(g, o, owners);
    // (the runs whose meld is `mi`, or every run: the ones to blame)
    let blame = |o: &Outcome, mi: Option<usize>| -> Vec<u16> {
        owners.iter().filter(|(n, _)| mi.is_none() || meld_of(o, *n) == mi).map(|(n, _)| *n).collect()
    };
    let mut need: Vec<(usize, Vec<Tile>)> = Vec::new();
    for (natural, jokers) in owners {
        let Some(mi) = meld_of(o, *natural) else {
            return Err(blame(o, None));
        };
        match need.iter_mut().find(|(m, _)| *m == mi) {
            Some((_, js)) => js.extend(jokers.iter().copied()),
            None => need.push((mi, jokers.clone())),
        }
    }
    let jokers_in = |m: &Built| m.cards.iter().filter(|l| l.tile.code == g.joker).count();
    for i in 0..need.len() {
        let (mi, want) = (need[i].0, need[i].1.len());
        while jokers_in(&o.melds[mi]) < want {
            if !o.melds[mi].run {
                return Err(blame(o, Some(mi)));
            }
            // a spare joker: left for the hand first, else one a meld can give up
            let owes = |x: usize| need.iter().find(|(m, _)| *m == x).map_or(0, |(_, js)| js.len());
            let givers: Vec<usize> =
                (0..o.melds.len()).filter(|&x| x != mi && jokers_in(&o.melds[x]) > owes(x)).collect();
            let spare = o
                .taken
                .iter()
                .position(|t| t.code == g.joker)
                .map(|k| o.taken.remove(k))
                .or_else(|| givers.into_iter().find_map(|x| give_up_joker(g, &mut o.melds[x], kept)));
            let Some(j) = spare else {
                return Err(blame(o, Some(mi)));
            };
            if !run_takes_joker(g, &mut o.melds[mi], j) {
                return Err(blame(o, Some(mi)));
            }
        }
    }
    // Exchange tiles: each owned joker into its meld, in place of one its runs do not own.
    for (mi, js) in &need {
        for j in js {
            if o.melds[*mi].cards.iter().any(|l| l.tile.id == j.id) {
                continue;
            }
            // (a joker this meld's runs do not own; another run's goes back where `j` was)
            let Some(slot) =
                o.melds[*mi].cards.iter().position(|l| l.tile.code == g.joker && js.iter().all(|x| x.id != l.tile.id))
            else {
                return Err(blame(o, None));
            };
            let other = o.melds[*mi].cards[slot].tile;
            let elsewhere = o
                .melds
                .iter()
                .enumerate()
                .find_map(|(x, m)| m.cards.iter().position(|l| l.tile.id == j.id).map(|k| (x, k)));
            match elsewhere {
                Some((x, k)) => o.melds[x].cards[k].tile = other,
                None => {
                    // (left for the hand: only a table joker may take its place there)
                    let Some(k) = o.taken.iter().position(|t| t.id == j.id) else {
                        return Err(blame(o, None));
                    };
                    if other.src.is_none() {
                        return Err(blame(o, None));
                    }
                    o.taken[k] = other;
                }
            }
            o.melds[*mi].cards[slot].tile = *j;
        }
    }
    Ok(())
}

/// The meld holding the tile `id`.
fn meld_of(o: &Outcome, id: u16) -> Option<usize> {
    o.melds.iter().position(|m| m.cards.iter().any(|l| l.tile.id == id))
}

/// The sweep may lay a kept run's private joker in a run of its suit that ends
/// right below the kept run or starts right above it (R5 *=R6 R7 | R8..R11
/// kept): the two are one run. Joins such neighbours into the kept run's meld
/// while it holds fewer jokers than its runs own.
fn join_neighbours(g: &GridGame, o: &mut Outcome, owners: &[(u16, Vec<Tile>)]) {
    let is_joker = |l: &Laid| l.tile.code == g.joker;
    for (natural, _) in owners {
        while let Some(mi) = meld_of(o, *natural) {
            let m = &o.melds[mi];
            let owned: usize = owners.iter().filter(|(n, _)| meld_of(o, *n) == Some(mi)).map(|(_, js)| js.len()).sum();
            if !m.run || m.cards.is_empty() || m.cards.iter().filter(|l| is_joker(l)).count() >= owned {
                break;
            }
            let Some((s, _)) = g.cell(m.cards[0].stands_for) else {
                break;
            };
            let (a, b) = (run_pos(g, &m.cards, 0), run_pos(g, &m.cards, m.cards.len() - 1));
            let joins = |x: &Built, below: bool| {
                let n = x.cards.len();
                let (Some(first), Some(last)) = (x.cards.first(), x.cards.last()) else {
                    return false;
                };
                let same_suit = g.cell(first.stands_for).is_some_and(|c| c.0 == s);
                let touching =
                    if below { run_pos(g, &x.cards, n - 1) + 1 == a } else { run_pos(g, &x.cards, 0) == b + 1 };
                // (no two jokers side by side where the rules forbid it)
                let (lo, hi) = if below { (last, &m.cards[0]) } else { (&m.cards[m.cards.len() - 1], first) };
                let doubled = g.rules.no_double_joker && is_joker(lo) && is_joker(hi);
                x.run && same_suit && touching && !doubled && x.cards.iter().any(is_joker)
            };
            let Some((x, below)) =
                o.melds.iter().enumerate().filter(|&(x, _)| x != mi).find_map(|(x, m)| {
                    [true, false].into_iter().find(|&below| joins(m, below)).map(|below| (x, below))
                })
            else {
                break;
            };
            let other = o.melds[x].cards.clone();
            let cards = &mut o.melds[mi].cards;
            if below {
                cards.splice(0..0, other);
            } else {
                cards.extend(other);
            }
            o.melds.remove(x);
        }
    }
}

/// Takes a joker a meld can do without: at an end of a run of four or more,
/// or in a set of four; not one of a meld in `kept` (table indices).
fn give_up_joker(g: &GridGame, m: &mut Built, kept: u64) -> Option<Tile> {
    let is_joker = |l: &Laid| l.tile.code == g.joker && l.tile.src.is_none_or(|s| kept >> s.min(63) & 1 == 0);
    if m.cards.len() < 4 {
        return None;
    }
    if !m.run {
        let k = m.cards.iter().position(is_joker)?;
        return Some(m.cards.remove(k).tile);
    }
    if m.cards.last().is_some_and(is_joker) {
        return m.cards.pop().map(|l| l.tile);
    }
    if m.cards.first().is_some_and(is_joker) {
        return Some(m.cards.remove(0).tile);
    }
    None
}
