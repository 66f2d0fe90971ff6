//! The per-turn cap on hand cards where it binds a scored objective (Rummy's
//! points under `max_hand_cards_per_turn`): the hand cards a search may still
//! place below the node it searches, and the bound that puts on the points
//! still to come. The memo keys of a capped search hold the cards left.

use crate::search::model::{Model, Score, MAX_POS, SUITS};
use crate::search::state::{Key, State};

/// A binding cap on the hand cards placed.
#[derive(Clone, Debug)]
pub struct HandCap {
    /// Hand cards (jokers too) still allowed below the node searched.
    pub left: u32,
    /// The cap.
    cap: u32,
    /// `top[v * (cap + 1) + k]`: the most points `k` hand cards from after
    /// position `v` can score (the hand naturals there and every hand joker).
    top: Vec<i32>,
}

impl HandCap {
    /// The cap's state where `cap` binds the points objective of `m` (fewer
    /// than its hand cards); None elsewhere (other objectives, grids with the
    /// ace high, whose aces may score at both ends).
    pub fn binding(m: &Model, cap: u32) -> Option<HandCap> {
        if !Self::binds(m, cap) {
            return None;
        }
        let npos = m.rules.npos;
        let width = cap as usize + 1;
        let mut top = vec![0; npos * width];
        let hand_jokers = (m.jokers - m.table_jokers.min(m.jokers)) as usize;
        for v in 0..npos {
            let mut values: Vec<i32> = vec![m.joker_value; hand_jokers];
            for p in v + 1..npos {
                for s in 0..SUITS {
                    values.extend(std::iter::repeat_n(m.hand_value[p.min(MAX_POS - 1)], m.h[s][p] as usize));
                }
            }
            values.sort_unstable_by(|a, b| b.cmp(a));
            let mut sum = 0;
            for k in 1..width {
                sum += values.get(k - 1).copied().unwrap_or(0);
                top[v * width + k] = sum;
            }
        }
        Some(HandCap { left: cap, cap, top })
    }

    /// The cap as a search's root sees it: every hand card it allows still left
    /// (a sweep handed on from another search may stop anywhere on its path).
    pub fn at_root(&self) -> HandCap {
        HandCap { left: self.cap, ..self.clone() }
    }

    /// Whether `cap` binds the points objective of `m` (see [`Self::binding`]).
    pub fn binds(m: &Model, cap: u32) -> bool {
        m.score == Score::Points && !m.rules.ace_high && cap < m.hand_total() && cap <= 127
    }

    /// The most points a completion of `st` can score with at most `left`
    /// more hand cards: the best `left` of the hand cards not yet passed.
    pub fn bound(&self, m: &Model, st: &State) -> i32 {
        let v = st.pos as usize;
        if v >= m.rules.npos {
            return i32::MAX;
        }
        let suit = st.suit as usize;
        let stepped: u32 = st.leftovers[..suit.min(SUITS)].iter().map(|&l| (l >> 2) as u32).sum();
        let here = stepped + (suit..SUITS).map(|s| m.h[s][v] as u32).sum::<u32>();
        let (width, k) = (self.cap as usize + 1, self.left as usize);
        let value = m.hand_value[v.min(MAX_POS - 1)];
        (0..=k.min(here as usize)).map(|i| i as i32 * value + self.top[v * width + k - i]).max().unwrap_or(0)
    }

    /// `key` told apart by the cards left (a plain sweep's keys hold no kept melds there).
    #[inline]
    pub fn key(&self, key: Key) -> Key {
        (key.0, key.1 | (self.left as u64) << 48)
    }
}

/// The hand cards a search may still place, as both modes keep them: a
/// binding cap counts them down the path; without one any number goes.
pub trait CapLeft {
    /// The hand cards still allowed (0 without a cap: nothing counts them).
    fn left(&self) -> u32;
    /// Sets the hand cards still allowed (no cap: nothing).
    fn set_left(&mut self, left: u32);
    /// Whether a move placing `hand_placed` hand cards fits the `left` still allowed.
    fn admits(&self, hand_placed: u32, left: u32) -> bool;
    /// Lazy jokers' end: of the `hand_jokers`, the path laid `laid`; the spare ones are
    /// added afterwards, as many as the cards still allowed take (all without a cap:
    /// each scores). None where the path laid more than the cap allows.
    fn lazy_hand_jokers(&self, laid: u32, hand_jokers: u32) -> Option<u32>;
}

impl CapLeft for Option<HandCap> {
    fn left(&self) -> u32 {
        self.as_ref().map_or(0, |c| c.left)
    }
    fn set_left(&mut self, left: u32) {
        if let Some(cap) = self {
            cap.left = left;
        }
    }
    #[inline]
    fn admits(&self, hand_placed: u32, left: u32) -> bool {
        self.is_none() || hand_placed <= left
    }
    fn lazy_hand_jokers(&self, laid: u32, hand_jokers: u32) -> Option<u32> {
        match self {
            None => Some(hand_jokers),
            Some(cap) => (laid <= cap.left).then(|| hand_jokers.min(cap.left)),
        }
    }
}
