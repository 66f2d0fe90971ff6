//! Vectors of one length stored one after another in large blocks, for memos
//! whose every entry is such a vector (the profile oracle's and keep mode's on
//! the cycle of ranks): an allocation an entry cost more than a node's merges
//! of small vectors, and one growing list copies itself each time it grows.

/// Elements a block holds (a vector longer than this has a block of its own).
const BLOCK: usize = 1 << 15;

/// The vectors, each at the place [`Slab::push`] gave it.
pub(crate) struct Slab<T> {
    blocks: Vec<Vec<T>>,
}

impl<T: Copy> Default for Slab<T> {
    fn default() -> Self {
        Slab { blocks: Vec::new() }
    }
}

impl<T: Copy> Slab<T> {
    /// Stores a copy of `v`; its place (a block and where in it it starts).
    pub(crate) fn push(&mut self, v: &[T]) -> u64 {
        let room = self.blocks.last().is_some_and(|b| b.capacity() - b.len() >= v.len());
        if !room {
            self.blocks.push(Vec::with_capacity(BLOCK.max(v.len())));
        }
        let at = self.blocks.len() - 1;
        let block = &mut self.blocks[at];
        let start = block.len();
        block.extend_from_slice(v);
        (at as u64) << 32 | start as u64
    }

    /// The vector of length `n` at `place`.
    pub(crate) fn get(&self, place: u64, n: usize) -> &[T] {
        let start = place as u32 as usize;
        &self.blocks[(place >> 32) as usize][start..start + n]
    }

    /// The vector of length `n` at `place`, to change it.
    pub(crate) fn get_mut(&mut self, place: u64, n: usize) -> &mut [T] {
        let start = place as u32 as usize;
        &mut self.blocks[(place >> 32) as usize][start..start + n]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each vector reads back as stored, across blocks and with a vector
    /// longer than a block, and changes stay with their own vector.
    #[test]
    fn vectors_read_back_as_stored() {
        let mut slab = Slab::default();
        let mut stored = Vec::new();
        for i in 0..3000u32 {
            let n = if i == 1500 { BLOCK + 7 } else { 1 + (i as usize * 37) % 90 };
            let v: Vec<u32> = (0..n as u32).map(|j| i * 1000 + j).collect();
            stored.push((slab.push(&v), v));
        }
        assert!(slab.blocks.len() > 3);
        slab.get_mut(stored[10].0, stored[10].1.len())[0] = 7;
        stored[10].1[0] = 7;
        for (place, v) in &stored {
            assert_eq!(slab.get(*place, v.len()), &v[..]);
        }
    }
}
