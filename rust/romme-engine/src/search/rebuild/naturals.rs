//! The naturals a suit step of the rebuild lays at its cell: the first `need` table naturals (in the
//! order the step sorted them) and the first `need` hand naturals of the cell, each laid once, read
//! in place instead of moved to lists of their own (a rebuild steps every cell of every suit).

use super::Tile;

/// The naturals of a cell to lay, and which of them are laid (a bit each: a cell holds two
/// naturals at most, two decks).
pub(super) struct Naturals<'a> {
    table: &'a [Tile],
    hand: &'a [Tile],
    laid_table: u64,
    laid_hand: u64,
}

impl<'a> Naturals<'a> {
    /// The first `need_t` of `tt` and the first `need_h` of `hh` (None past 64 of either).
    pub(super) fn of(tt: &'a [Tile], need_t: usize, hh: &'a [Tile], need_h: usize) -> Option<Naturals<'a>> {
        let (table, hand) = (tt.get(..need_t)?, hh.get(..need_h)?);
        (need_t <= 64 && need_h <= 64).then_some(Naturals { table, hand, laid_table: 0, laid_hand: 0 })
    }

    /// The natural for a slot whose run last took a card of table meld `src`: the first table
    /// natural left of that meld, else the first table natural left, else the first hand natural
    /// left (None: nothing left).
    pub(super) fn next(&mut self, src: Option<u16>) -> Option<Tile> {
        let left = |laid: u64| move |i: &usize| laid >> i & 1 == 0;
        let table = 0..self.table.len();
        let same = table.clone().filter(left(self.laid_table)).find(|&i| src.is_some() && self.table[i].src == src);
        if let Some(i) = same.or_else(|| table.clone().find(left(self.laid_table))) {
            self.laid_table |= 1 << i;
            return Some(self.table[i]);
        }
        let i = (0..self.hand.len()).find(left(self.laid_hand))?;
        self.laid_hand |= 1 << i;
        Some(self.hand[i])
    }

    /// Whether every natural to lay is laid.
    pub(super) fn all_laid(&self) -> bool {
        let all = |n: usize| if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        self.laid_table == all(self.table.len()) && self.laid_hand == all(self.hand.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The form before [`Naturals`]: the naturals moved to two lists, each laid one removed from
    /// its list (the reference the test compares with).
    fn by_lists(tt: &[Tile], need_t: usize, hh: &[Tile], need_h: usize, srcs: &[Option<u16>]) -> Option<Vec<Tile>> {
        let (mut nat_pool, mut rest_h) = (tt[..need_t].to_vec(), hh[..need_h].to_vec());
        let mut out = Vec::new();
        for &src in srcs {
            let idx = nat_pool.iter().position(|t| src.is_some() && t.src == src);
            out.push(match idx {
                Some(i) => nat_pool.remove(i),
                None if !nat_pool.is_empty() => nat_pool.remove(0),
                None => {
                    if rest_h.is_empty() {
                        return None;
                    }
                    rest_h.remove(0)
                }
            });
        }
        (nat_pool.is_empty() && rest_h.is_empty()).then_some(out)
    }

    /// 50,000 random cells (up to four table and three hand naturals of up to three melds, slots
    /// continuing up to three melds or none): the same naturals laid in the same order, and the
    /// same cells left with naturals unlaid or with slots short of naturals.
    #[test]
    fn naturals_in_place_are_laid_as_from_lists() {
        let mut rng = crate::testkit::Rng(0x2545_f491_4f6c_dd1d);
        let mut next = |n: u64| rng.below(n as usize);
        let mut outcomes = [0; 2];
        for round in 0..50_000 {
            let src = |x: usize| if x == 0 { None } else { Some(x as u16 - 1) };
            let tt: Vec<Tile> = (0..next(5)).map(|i| Tile { code: 5, id: i as u16, src: src(1 + next(3)) }).collect();
            let hh: Vec<Tile> = (0..next(4)).map(|i| Tile { code: 5, id: 10 + i as u16, src: None }).collect();
            let (need_t, need_h) = (next(tt.len() as u64 + 1), next(hh.len() as u64 + 1));
            let srcs: Vec<Option<u16>> = (0..next(6)).map(|_| src(next(4))).collect();
            let mut laid = Naturals::of(&tt, need_t, &hh, need_h).unwrap();
            let in_place: Option<Vec<Tile>> = srcs.iter().map(|&s| laid.next(s)).collect();
            let in_place = in_place.filter(|_| laid.all_laid());
            let reference = by_lists(&tt, need_t, &hh, need_h, &srcs);
            assert_eq!(format!("{in_place:?}"), format!("{reference:?}"), "round {round}");
            outcomes[reference.is_some() as usize] += 1;
        }
        assert!(outcomes[0] > 1_000 && outcomes[1] > 1_000, "{outcomes:?}");
    }
}
