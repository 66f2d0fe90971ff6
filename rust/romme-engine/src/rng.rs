//! The games' seeded randomness, as `romme.rng.Rng` draws it (SplitMix64, rejection sampling,
//! Fisher-Yates from the last index down): the same state gives the same numbers in both, so a
//! deal shuffled here replays exactly as one shuffled in Python.

use crate::meld::EngineError;

/// SplitMix64's increment.
const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// The most items a permutation is made for (2^20): `n` comes from the caller (a sequence's `len()`,
/// which a hostile object may make 2^31), and memory reserved for 2^31 indices (16 GB) may be
/// granted under overcommit and the process killed as they are written; a deck holds a few hundred.
pub const MOST_SHUFFLED: usize = 1 << 20;

/// A SplitMix64 generator (Steele, Lea & Flood, 2014).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
    /// The generator's whole state.
    pub state: u64,
}

impl SplitMix64 {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GAMMA);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform integer in `0..n` (`n` ≥ 1), without modulo bias: draws at or above the largest
    /// multiple of `n` below 2^64 are rejected.
    pub fn below(&mut self, n: u64) -> u64 {
        let n = n.max(1);
        let limit = (1u128 << 64) - (1u128 << 64) % n as u128;
        loop {
            let x = self.next_u64();
            if (x as u128) < limit {
                return x % n;
            }
        }
    }

    /// The Fisher-Yates shuffle of `0..n`: for i from n-1 down to 1 swap i with `below(i + 1)`.
    /// Applying it to a list (`out[k] = list[perm[k]]`) shuffles the list as `Rng.shuffle` does.
    pub fn permutation(&mut self, n: usize) -> Vec<usize> {
        let mut perm: Vec<usize> = (0..n).collect();
        self.shuffle_in_place(&mut perm);
        perm
    }

    /// [`Self::permutation`], or the error naming why not where `n` is over [`MOST_SHUFFLED`] or `n`
    /// indices do not fit in memory: `n` comes from the caller, and a failed allocation would panic
    /// ('capacity overflow') or abort the process. A refused permutation draws nothing.
    pub fn try_permutation(&mut self, n: usize) -> Result<Vec<usize>, EngineError> {
        if n > MOST_SHUFFLED {
            return Err(EngineError::new(format!(
                "cannot shuffle {n} items: Rng.shuffle takes at most {MOST_SHUFFLED}"
            )));
        }
        let mut perm: Vec<usize> = Vec::new();
        perm.try_reserve_exact(n).map_err(|_| {
            EngineError::new(format!("cannot shuffle {n} items: their permutation does not fit in memory"))
        })?;
        perm.extend(0..n);
        self.shuffle_in_place(&mut perm);
        Ok(perm)
    }

    fn shuffle_in_place(&mut self, perm: &mut [usize]) {
        let n = perm.len();
        for i in (1..n).rev() {
            let j = self.below(i as u64 + 1) as usize;
            perm.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_reference_values() {
        // The first outputs for seed 0 of the reference implementation (Vigna's splitmix64.c).
        let mut rng = SplitMix64 { state: 0 };
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn a_permutation_too_large_for_memory_is_refused() {
        // a hostile sequence's len(): 2**62 indices overflow the capacity (was the panic 'capacity overflow';
        // an allocation the system refuses is refused alike, but no test can count on the system refusing)
        let mut rng = SplitMix64 { state: 104 };
        let refused = |rng: &mut SplitMix64, n: usize| rng.try_permutation(n).map_err(|e| e.0);
        // (the cap refuses them first now; try_reserve stays for a cap a caller might raise)
        assert!(refused(&mut rng, 1 << 62).is_err());
        assert!(refused(&mut rng, usize::MAX).is_err());
        // 2**31 indices (16 GB) may be reserved under overcommit, and the process killed as they are
        // written: refused past MOST_SHUFFLED before any memory is asked for (one past it here: without
        // the cap it is made, 8 MB)
        let past = MOST_SHUFFLED + 1;
        assert_eq!(
            refused(&mut rng, past),
            Err(format!("cannot shuffle {past} items: Rng.shuffle takes at most 1048576"))
        );
        assert_eq!(rng.state, 104, "a refused permutation draws nothing");
    }

    #[test]
    fn permutations_are_permutations_and_below_stays_below() {
        let mut rng = SplitMix64 { state: 7 };
        for n in [0, 1, 2, 55, 116] {
            let mut p = rng.permutation(n);
            p.sort_unstable();
            assert_eq!(p, (0..n).collect::<Vec<_>>());
        }
        for n in [0, 1, 2, 55, 116, MOST_SHUFFLED] {
            let mut other = rng;
            assert_eq!(other.try_permutation(n).ok(), Some(rng.permutation(n)));
        }
        for n in [1, 3, 1 << 40, u64::MAX] {
            assert!((0..100).all(|_| rng.below(n) < n));
        }
    }
}
