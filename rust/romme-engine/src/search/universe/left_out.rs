//! The `points` objective between a floor and the LP's bound, read from the
//! hand cards an answer leaves out (docs/SEARCH-DESIGN.md §4.10). Every card
//! scores its own points wherever it is laid, and under `points` no table
//! card goes back to the hand: an answer scoring `p` leaves out hand cards
//! worth exactly the hand's points less `p`, and lays every other hand card.
//! Where few sets of hand cards are worth what a score above the floor leaves
//! out, the LP's bound of the cards placed ([`lp_kept`], `cards`) of the hand
//! less each set, below that hand's size (it cannot go out whole), proves that
//! no answer scores there; the universe search would have to search every
//! arrangement for one.

use crate::romme::{self, Rules};
use crate::search::{lp_kept, Cutoff, TableObjective};

/// Most sets of hand cards left out that are asked of the LP (each an LP of
/// the position, about 7,000 work on a 60-card table).
const MOST_SETS: usize = 16;
/// Most steps of the walk that lists them (a large hand has many sets worth little).
const MOST_STEPS: usize = 20_000;

/// Whether no answer scores more than `low` and at most `high` points
/// (false: not proven; the LP not built or stopped by `cutoff`, a hand
/// that could go out whole, or more than [`MOST_SETS`] sets to ask).
pub(super) fn none_between(
    table: &[Vec<u8>],
    hand: &[u8],
    rules: &Rules,
    low: i32,
    high: i32,
    cutoff: &Cutoff,
) -> bool {
    let total: i32 = hand.iter().map(|&c| romme::hand_points(c)).sum();
    let mut kinds: Vec<(u8, u8)> = Vec::new();
    let mut sorted = hand.to_vec();
    sorted.sort_unstable();
    for c in sorted {
        match kinds.last_mut() {
            Some((code, n)) if *code == c => *n += 1,
            _ => kinds.push((c, 1)),
        }
    }
    // (a score in (low, high] leaves out hand cards worth at least total - high and below total - low)
    let mut walk = Walk { kinds: &kinds, least: total - high, most: total - low - 1, steps: 0, sets: Vec::new() };
    if !walk.from(0, 0, &mut Vec::new()) {
        return false;
    }
    walk.sets.iter().all(|left| {
        let mut kept = hand.to_vec();
        for c in left {
            // (each set is built from the hand's own cards: always found)
            if let Some(at) = kept.iter().position(|x| x == c) {
                kept.swap_remove(at);
            }
        }
        let bound = lp_kept::position_objective_bound_within(table, &kept, TableObjective::Cards, rules, cutoff).0;
        bound.is_some_and(|most| (most as usize) < kept.len())
    })
}

/// The walk over the hand's kinds of cards (code, copies) listing the sets
/// worth `least` to `most` points.
struct Walk<'a> {
    kinds: &'a [(u8, u8)],
    least: i32,
    most: i32,
    steps: usize,
    sets: Vec<Vec<u8>>,
}

impl Walk<'_> {
    /// Lists the sets that take `set` (worth `worth`) and copies of the kinds
    /// from `i` on; false once there are too many or the walk is too long.
    fn from(&mut self, i: usize, worth: i32, set: &mut Vec<u8>) -> bool {
        self.steps += 1;
        if self.steps > MOST_STEPS {
            return false;
        }
        let Some(&(code, copies)) = self.kinds.get(i) else {
            if worth >= self.least {
                self.sets.push(set.clone());
            }
            return self.sets.len() <= MOST_SETS;
        };
        let value = romme::hand_points(code);
        let mut ok = true;
        for n in 0..=copies {
            let w = worth + n as i32 * value;
            if w > self.most {
                break;
            }
            set.extend(std::iter::repeat_n(code, n as usize));
            ok = self.from(i + 1, w, set);
            set.truncate(set.len() - n as usize);
            if !ok {
                break;
            }
        }
        ok
    }
}
