//! Keep mode's move order, with each move's sort key made once.

use super::*;

/// Moves a keep-mode node sorts by their keys made once; a node with more sorts by comparing
/// them (its moves are few: a suit step's options, a set stage's outcomes).
const KEYED: usize = 48;

/// Keep mode's move order: most cards kept first, then (on the cycle of ranks,
/// where position 0 chooses the seam profiles) fewer runs crossing the cut,
/// then as [`order_by`]; ties in the order the moves were made. The cut lies where
/// no table run crosses (or one), so the answers keeping most old melds seldom cross
/// it: a first search from position 1 with runs crossing in every suit often took
/// keep mode's whole limit and kept little (docs/SEARCH-DESIGN.md §4.10).
pub(super) fn order_keep(buf: &mut [Branch], seam: &SeamProfiles) {
    order_keep_by(buf, |st| crossing(st, seam));
}

/// [`order_keep`] with `crossing` counting a state's runs crossing the cut.
fn order_keep_by(buf: &mut [Branch], crossing: impl Fn(&State) -> u32) {
    let n = buf.len();
    if n < 2 {
        return;
    }
    if n > KEYED {
        buf.sort_by(|a, b| compare(a, b, &crossing));
        return;
    }
    // (a key a move, its index in the lowest bits: a sort comparing the moves counted both
    // moves' crossing runs, four suits by five classes, at every comparison)
    let mut keys = [0u128; KEYED];
    for (i, b) in buf.iter().enumerate() {
        keys[i] = key(b, &crossing) | i as u128;
    }
    let keys = &mut keys[..n];
    sort_keys(keys);
    // The moves to their places, a cycle of the permutation at a time (position j takes the move
    // keys[j] names; bit 31 marks the places filled).
    const FILLED: u128 = 1 << 31;
    for i in 0..n {
        if keys[i] & FILLED != 0 {
            continue;
        }
        let first = buf[i];
        let mut j = i;
        loop {
            keys[j] |= FILLED;
            let from = (keys[j] as u32 & 0x7fff_ffff) as usize;
            if from == i {
                buf[j] = first;
                break;
            }
            buf[j] = buf[from];
            j = from;
        }
    }
}

/// The order of [`order_keep`] as a comparison.
fn compare(a: &Branch, b: &Branch, crossing: &impl Fn(&State) -> u32) -> std::cmp::Ordering {
    (b.kept, crossing(&a.child), b.score)
        .cmp(&(a.kept, crossing(&b.child), a.score))
        .then_with(|| (open_short(&a.child), a.child.jokers_laid).cmp(&(open_short(&b.child), b.child.jokers_laid)))
}

/// The sort key of [`order_keep`] above 32 bits for the move's index: most kept (bits 96-127),
/// fewest crossing runs (80-95), best score (48-79), fewest runs that must go on (40-47),
/// fewest jokers laid (32-39).
fn key(b: &Branch, crossing: &impl Fn(&State) -> u32) -> u128 {
    // (the most first: the sign bit flipped makes the order unsigned, the rest flipped reverses it)
    let most_first = |x: i32| !(x as u32 ^ 1 << 31) as u128;
    let (crossing, short) = (crossing(&b.child), open_short(&b.child));
    // (at most four suits' runs: five classes of at most 15 each)
    debug_assert!(crossing <= 0xffff && short <= 0xff);
    most_first(b.kept) << 96
        | (crossing as u128) << 80
        | most_first(b.score) << 48
        | (short as u128) << 40
        | (b.child.jokers_laid as u128) << 32
}

/// The runs crossing the cut in `st`'s seam profiles, over the suits (none on
/// the line, nor past position 0 in the search with vectors, which forgets the
/// profile; counting the suits that have any instead proved one answer fewer
/// of the bench's 300).
fn crossing(st: &State, seam: &SeamProfiles) -> u32 {
    // (each suit's profile 0 is the one with no run crossing, cyclic::profiles: the most states')
    if u32::from_le_bytes(st.seam) == 0 {
        return 0;
    }
    let runs = |code: u32| (0..RunClass::ALL).map(|class| class_count(code, class)).sum::<u32>();
    (0..SUITS).map(|s| runs(seam.code(s, st.seam[s]))).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::splitmix as next;

    /// The moves sorted by their keys are in the order the comparison sorts them to (stable:
    /// ties in the order made), on random lists of 2 to 60 moves whose kept cards, crossing runs
    /// (here a suit's seam profile index), scores (negative ones too), open runs and jokers laid
    /// tie often; the longest go the comparing way.
    #[test]
    fn the_keyed_order_is_the_compared_one() {
        let mut seed = 5u64;
        let crossing = |st: &State| st.seam[0] as u32;
        for round in 0..400 {
            let n = 2 + round % 59;
            let buf: Vec<Branch> = (0..n)
                .map(|i| {
                    let child = State {
                        pos: 0,
                        suit: 0,
                        jokers_laid: (next(&mut seed) % 3) as u8,
                        codes: std::array::from_fn(|_| (next(&mut seed) % 3) as u32 * 0x11),
                        leftovers: [0; SUITS],
                        aces_high: [0; SUITS],
                        seam: [(next(&mut seed) % 3) as u8, 0, 0, 0],
                        committed_jokers: 0,
                        kept: 0,
                        private_jokers: 0,
                        carrier_marks: [CarrierMark::NONE; SUITS],
                        deficit: 0,
                    };
                    let outcome = SetOutcome { hand_in_sets: 0, jokers_in_sets: 0, table_left_over: 0 };
                    Branch {
                        child,
                        hand_placed: i as u32,
                        score: (next(&mut seed) % 5) as i32 - 2,
                        kept: (next(&mut seed) % 4) as i32 * 3,
                        dec: Decision::Sets { pos: 0, outcome, absorbs: Default::default() },
                    }
                })
                .collect();
            let mut keyed = buf.clone();
            order_keep_by(&mut keyed, crossing);
            let mut compared = buf;
            compared.sort_by(|a, b| compare(a, b, &crossing));
            let order = |v: &[Branch]| v.iter().map(|b| b.hand_placed).collect::<Vec<_>>();
            assert_eq!(order(&keyed), order(&compared), "{n} moves");
        }
    }
}
