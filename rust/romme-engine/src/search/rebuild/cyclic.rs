//! The rebuild on the cycle of ranks ([`super::super::model::GridShape::Cycle`]):
//! the runs crossing the cut enter at position 0 as open runs of their seam
//! profile's classes, with no card yet; at the end each is glued after a run
//! open there of the class it entered with. Matching by class may glue a
//! crossing run to a run that started at or before the cell where it ends (a
//! walk of more than 13 cells) or to itself (a loop round the cycle): such a
//! walk is split into runs of at most 13 cards, each with a natural, the same
//! cards ([`super::split_long`]), where it parts the fewest old melds (where it
//! parts one, the outcome says so: the fewest moved is then not claimed).

use super::super::options::RunClass;
use super::super::sweep::JokerMode;
use super::{split_long, Builder, Built, KeptRun, Laid, Length, OpenRun, LAZY_CLASS, PLACED_CLASS};

impl Builder<'_> {
    /// Position 0 of suit `s`: the crossing runs of seam profile `seam` enter as open runs.
    pub(super) fn enter_crossing(&mut self, runs: &mut Vec<OpenRun>, s: usize, seam: u8) {
        let code = self.seams.code(s, seam);
        let classes: &[Length] = if self.jokers == JokerMode::Lazy { &LAZY_CLASS } else { &PLACED_CLASS };
        for (class, &length) in classes.iter().enumerate().take(RunClass::ALL) {
            for _ in 0..super::super::options::class_count(code, class) {
                runs.push(OpenRun { crossing: Some(length), ..OpenRun::new(length) });
            }
        }
    }

    /// Whether kept run `k`, starting at position `v`, is the part above the
    /// cut of a table run crossing it ([`super::super::model::SplitRun`]): it
    /// goes on from the run holding the part below, glued at the end (keep mode
    /// absorbs no run into it).
    pub(super) fn goes_on_below(&self, k: &KeptRun, v: usize) -> bool {
        let above = self.g.rules.shape.split().map(|r| r.above as u16);
        v == 0 && above.is_some() && k.cards.iter().any(|l| l.tile.src == above)
    }

    /// A run of suit `s` closes: a meld, or (crossing the cut) kept for its part below the cut.
    pub(super) fn close(&mut self, s: usize, r: OpenRun) {
        if r.crossing.is_some() {
            self.crossed[s].push(r);
        } else {
            self.out.melds.push(Built { run: true, cards: r.cards });
        }
    }

    /// The runs of suit `s` open after the last position: each crossing run
    /// glued after one of them of the class it entered with, the others closed
    /// there (3+ runs only). None if they do not fit.
    pub(super) fn end_runs(&mut self, s: usize) -> Option<()> {
        // (nodes: the runs open at the end, then the crossing runs closed before it)
        let mut nodes = std::mem::take(&mut self.open[s]);
        let n_open = nodes.len();
        nodes.append(&mut self.crossed[s]);
        // Each crossing run gets a run open at the end to follow (one that does not cross
        // first: a crossing one makes a longer walk); `next[e]`: the run glued after `e`.
        let mut next: Vec<Option<usize>> = vec![None; n_open];
        // (the parts of a table run crossing the cut, kept, are glued first where their classes
        // allow: the run holding its part above the cut follows the one holding its part below)
        let holds =
            |r: &OpenRun, meld: Option<u8>| meld.is_some_and(|t| r.cards.iter().any(|l| l.tile.src == Some(t as u16)));
        let split = self.g.rules.shape.split().filter(|r| r.suit as usize == s);
        let (below, above) = (split.map(|r| r.below), split.map(|r| r.above));
        let mut order: Vec<usize> = (0..nodes.len()).filter(|&x| nodes[x].crossing.is_some()).collect();
        order.sort_by_key(|&x| !holds(&nodes[x], above));
        for x in order {
            let Some(entered) = nodes[x].crossing else { continue };
            let glued = holds(&nodes[x], above);
            let lead = (0..n_open)
                .filter(|&e| next[e].is_none() && nodes[e].class == entered)
                .min_by_key(|&e| (!(glued && holds(&nodes[e], below)), nodes[e].crossing.is_some()))?;
            next[lead] = Some(x);
        }
        let mut done = vec![false; nodes.len()];
        let mut walks: Vec<Vec<Laid>> = Vec::new();
        // (every crossing run follows one run: the walks start at the runs that do not cross,
        // and what is left are loops of crossing runs open at the end)
        let mut starts: Vec<usize> = (0..n_open).collect();
        starts.sort_by_key(|&e| nodes[e].crossing.is_some());
        for start in starts {
            if done[start] {
                continue;
            }
            if next[start].is_none() && nodes[start].crossing.is_none() {
                if nodes[start].class != Length::Long {
                    return None;
                }
                done[start] = true;
                self.out.melds.push(Built { run: true, cards: std::mem::take(&mut nodes[start].cards) });
                continue;
            }
            let mut cards = Vec::new();
            let mut at = Some(start);
            while let Some(i) = at.filter(|&i| !done[i]) {
                done[i] = true;
                cards.append(&mut nodes[i].cards);
                at = next.get(i).copied().flatten();
            }
            walks.push(cards);
        }
        if done.iter().any(|d| !d) {
            return None;
        }
        let max = self.g.max_run_len();
        for cards in walks {
            let mut parts = vec![Built { run: true, cards }];
            while let Some(i) = parts.iter().position(|m| m.cards.len() > max) {
                let long = parts.remove(i);
                let n = long.cards.len();
                let split = split_long(self.g, long);
                let srcs = |m: &Built| m.cards.iter().filter_map(|l| l.tile.src).collect::<Vec<u16>>();
                if let [lo, hi] = &split[..] {
                    let (a, b) = (srcs(lo), srcs(hi));
                    self.out.parted |= a.iter().any(|s| b.contains(s));
                }
                if split.iter().any(|m| m.cards.len() == n) {
                    return None;
                }
                parts.extend(split);
            }
            self.out.melds.extend(parts.into_iter().filter(|m| !m.cards.is_empty()));
        }
        Some(())
    }
}
