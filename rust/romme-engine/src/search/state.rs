//! The state of the value sweep ([`super::sweep`]) and its memo key; the
//! Lagrangian bound reads states too.

use super::keep::{MAX_CARRIED_MELDS, MAX_END_CARRIED_MELDS};
use super::model::SUITS;
use super::options::CarrierMark;

/// A sweep state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct State {
    /// Position being processed.
    pub pos: u8,
    /// Suit being processed (4 = set stage).
    pub suit: u8,
    /// Jokers laid so far.
    pub jokers_laid: u8,
    /// Per-suit codes (new for suits < `suit`, old for the rest).
    pub codes: [u32; SUITS],
    /// Leftovers per suit waiting for the set stage: table | hand << 2.
    pub leftovers: [u8; SUITS],
    /// Aces kept for "ace high" per suit: table | hand << 2.
    pub aces_high: [u8; SUITS],
    /// On the cycle of ranks: per suit, the index of the seam profile chosen at
    /// position 0 (the runs crossing the cut, [`super::sweep::SeamProfiles`]; 0: none).
    pub seam: [u8; SUITS],
    /// Keep mode: jokers committed to kept melds decided so far.
    pub committed_jokers: u8,
    /// Keep mode: the kept melds decided and not yet finished (bits by table index).
    pub kept: u64,
    /// Keep mode: unused private jokers of kept re-readable runs, 2 bits a suit
    /// (see [`super::keep::OldMeld::private`]).
    pub private_jokers: u8,
    /// Keep mode: per suit, the class + 1 of the open run that must
    /// hold the suit's private jokers ([`super::options::Carrier`]).
    pub carrier_marks: [CarrierMark; SUITS],
    /// The jokers the runs of the suits stepped need at the next position
    /// ([`super::sweep::Sweep::deficit`] summed; not part of the key: the codes tell it).
    pub deficit: u8,
}

/// [`super::sweep::Sweep::keep_value`]: no solution.
pub const KEEP_NONE: i32 = -1_000_000;

/// A memo key: a state without its position in the search.
pub type Key = (u128, u64);

impl State {
    /// Whether it keeps a hand ace for "ace high" (the hand's field of
    /// [`State::aces_high`], bits 2 and 3 of each suit's byte).
    #[inline]
    pub(super) fn keeps_a_hand_ace_high(&self) -> bool {
        u32::from_le_bytes(self.aces_high) & 0x0c0c_0c0c != 0
    }

    /// The state with its hand aces kept for "ace high" read as table aces of
    /// their suits, and how many they are (the sweeps' memos key them alike
    /// where they are: [`super::sweep::Sweep::high_aces_alike`]).
    pub(super) fn hand_aces_as_table(&self) -> (State, u32) {
        let mut alike = *self;
        let mut hand = 0;
        for a in alike.aces_high.iter_mut() {
            hand += (*a >> 2) as u32;
            *a = (*a & 3) + (*a >> 2);
        }
        (alike, hand)
    }

    pub(super) fn key(&self) -> Key {
        // (four 4-bit fields from four bytes)
        let nibbles = |b: [u8; SUITS]| {
            let x = u32::from_le_bytes(b) & 0x0f0f_0f0f;
            let x = (x | x >> 4) & 0x00ff_00ff;
            ((x | x >> 8) & 0xffff) as u128
        };
        let c = &self.codes;
        let low = c[0] as u64 | (c[1] as u64) << 20 | (c[2] as u64) << 40 | (c[3] as u64) << 60;
        let mut k = low as u128 | ((c[3] >> 4) as u128) << 64;
        k |= nibbles(self.leftovers) << 80;
        // (aces are kept high on the line, seam profiles chosen on the cycle: one of the two is zero)
        k |= nibbles(std::array::from_fn(|s| self.aces_high[s] | self.seam[s])) << 96;
        // (jokers laid and jokers committed to kept melds: what follows sees only their
        // sum, at most 6; the bounds that tell them apart are bounds, not values)
        let k = k
            | (self.pos as u128) << 112
            | (self.suit as u128) << 116
            | ((self.jokers_laid + self.committed_jokers) as u128) << 120;
        // (a seam profile's index past the nibble: its fifth bit, a bit a suit above the jokers'
        // sum; the product gathers the four bytes' bits into bits 24-27 without carries)
        let fifth = (u32::from_le_bytes(self.seam) >> 4 & 0x0101_0101).wrapping_mul(0x0102_0408) >> 24;
        let k = k | (fifth as u128) << 124;
        // (keep mode takes at most 56 melds, and tracks carriers (3 bits a suit) only with at most
        // MAX_CARRIED_MELDS: KeepInfo::new; end carriers' flags, a bit a suit below them, only with
        // at most MAX_END_CARRIED_MELDS)
        let marks =
            self.carrier_marks.iter().enumerate().fold(0u64, |acc, (s, m)| acc | (m.plain().0 as u64) << (3 * s));
        let ends = self.carrier_marks.iter().enumerate().fold(0u64, |acc, (s, m)| acc | (m.is_end() as u64) << s);
        let marks = marks << MAX_CARRIED_MELDS | ends << MAX_END_CARRIED_MELDS;
        (k, self.kept | marks | (self.private_jokers as u64) << 56)
    }
}
