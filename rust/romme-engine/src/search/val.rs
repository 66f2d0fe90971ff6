//! DP values: what the sweep returns for "the cards at positions ≥ v".
//!
//! One sweep engine, three semirings: the set of achievable hand-card counts
//! (so a per-turn cap is exact: achievable counts need not be contiguous),
//! a plain maximum (no binding cap), and "best score per count" (points under a
//! binding cap).

/// Context shared by all values of one sweep.
#[derive(Clone, Copy, Debug)]
pub struct Cx {
    /// Most hand cards that may be placed (≤ 127).
    pub cap: u32,
}

/// A DP value. `cnt` is hand cards placed by a step, `score` what the objective
/// counts for them.
pub trait Val: Copy + PartialEq + std::fmt::Debug {
    /// What reconstruction aims at (a count, a score, or both).
    type Goal: Copy + std::fmt::Debug;
    /// The infeasible value.
    fn none() -> Self;
    /// Whether this is infeasible.
    fn is_none(&self) -> bool;
    /// The value of the final step placing `cnt` cards worth `score`.
    fn base(cnt: u32, score: i32, cx: &Cx) -> Self;
    /// The better of two alternatives (union of possibilities).
    fn join(self, o: Self) -> Self;
    /// This value after a step that placed `cnt` cards worth `score`.
    fn add(self, cnt: u32, score: i32, cx: &Cx) -> Self;
    /// The best goal reachable from this value.
    fn top(&self) -> Option<Self::Goal>;
    /// The goal left for the rest after a step placing `cnt` worth `score`.
    fn sub(g: Self::Goal, cnt: u32, score: i32) -> Option<Self::Goal>;
    /// Whether this value reaches goal `g` exactly.
    fn meets(&self, g: Self::Goal) -> bool;
    /// The number of hand cards the goal places, when the value knows it.
    fn goal_count(g: Self::Goal) -> Option<u32>;
    /// A goal this value meets that the objective rates as `g` (another count
    /// of hand cards for the same points), if any.
    fn equal(&self, g: Self::Goal) -> Option<Self::Goal> {
        self.meets(g).then_some(g)
    }
}

/// Bit k set ⇔ exactly k hand cards can be placed (k ≤ cap).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mask(pub u128);

fn cap_mask(cap: u32) -> u128 {
    if cap >= 127 {
        u128::MAX
    } else {
        (1u128 << (cap + 1)) - 1
    }
}

impl Val for Mask {
    type Goal = u32;
    fn none() -> Self {
        Mask(0)
    }
    fn is_none(&self) -> bool {
        self.0 == 0
    }
    fn base(cnt: u32, _score: i32, cx: &Cx) -> Self {
        if cnt > cx.cap {
            Mask(0)
        } else {
            Mask(1u128 << cnt)
        }
    }
    fn join(self, o: Self) -> Self {
        Mask(self.0 | o.0)
    }
    fn add(self, cnt: u32, _score: i32, cx: &Cx) -> Self {
        if cnt > cx.cap {
            return Mask(0);
        }
        Mask((self.0 << cnt) & cap_mask(cx.cap))
    }
    fn top(&self) -> Option<u32> {
        if self.0 == 0 {
            None
        } else {
            Some(127 - self.0.leading_zeros())
        }
    }
    fn sub(g: u32, cnt: u32, _score: i32) -> Option<u32> {
        g.checked_sub(cnt)
    }
    fn meets(&self, g: u32) -> bool {
        g < 128 && (self.0 >> g) & 1 == 1
    }
    fn goal_count(g: u32) -> Option<u32> {
        Some(g)
    }
}

/// The best score (no binding cap).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Best(pub i32);

impl Val for Best {
    type Goal = i32;
    fn none() -> Self {
        Best(i32::MIN)
    }
    fn is_none(&self) -> bool {
        self.0 == i32::MIN
    }
    fn base(_cnt: u32, score: i32, _cx: &Cx) -> Self {
        Best(score)
    }
    fn join(self, o: Self) -> Self {
        Best(self.0.max(o.0))
    }
    fn add(self, _cnt: u32, score: i32, _cx: &Cx) -> Self {
        if self.is_none() {
            self
        } else {
            Best(self.0 + score)
        }
    }
    fn top(&self) -> Option<i32> {
        (!self.is_none()).then_some(self.0)
    }
    fn sub(g: i32, _cnt: u32, score: i32) -> Option<i32> {
        Some(g - score)
    }
    fn meets(&self, g: i32) -> bool {
        !self.is_none() && self.0 == g
    }
    fn goal_count(_g: i32) -> Option<u32> {
        None
    }
}

const NEG: i16 = i16::MIN;

/// Best score for exactly k hand cards, k < N (points under a binding cap).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerCount<const N: usize>(pub [i16; N]);

impl<const N: usize> Val for PerCount<N> {
    type Goal = (u32, i32);
    fn none() -> Self {
        PerCount([NEG; N])
    }
    fn is_none(&self) -> bool {
        self.0.iter().all(|&x| x == NEG)
    }
    fn base(cnt: u32, score: i32, cx: &Cx) -> Self {
        let mut a = [NEG; N];
        if cnt <= cx.cap && (cnt as usize) < N {
            a[cnt as usize] = score.clamp(-30000, 30000) as i16;
        }
        PerCount(a)
    }
    fn join(self, o: Self) -> Self {
        let mut a = self.0;
        for (x, y) in a.iter_mut().zip(o.0.iter()) {
            *x = (*x).max(*y);
        }
        PerCount(a)
    }
    fn add(self, cnt: u32, score: i32, cx: &Cx) -> Self {
        let mut a = [NEG; N];
        let lim = (cx.cap as usize + 1).min(N);
        let c = cnt as usize;
        for k in 0..lim.saturating_sub(c) {
            let x = self.0[k];
            if x != NEG {
                a[k + c] = (x as i32 + score).clamp(-30000, 30000) as i16;
            }
        }
        PerCount(a)
    }
    fn top(&self) -> Option<(u32, i32)> {
        let mut best: Option<(u32, i32)> = None;
        for (k, &x) in self.0.iter().enumerate() {
            if x != NEG && best.is_none_or(|(_, b)| x as i32 >= b) {
                best = Some((k as u32, x as i32));
            }
        }
        best
    }
    fn sub(g: (u32, i32), cnt: u32, score: i32) -> Option<(u32, i32)> {
        Some((g.0.checked_sub(cnt)?, g.1 - score))
    }
    fn meets(&self, g: (u32, i32)) -> bool {
        (g.0 as usize) < N && self.0[g.0 as usize] != NEG && self.0[g.0 as usize] as i32 == g.1
    }
    fn goal_count(g: (u32, i32)) -> Option<u32> {
        Some(g.0)
    }
    fn equal(&self, g: (u32, i32)) -> Option<(u32, i32)> {
        // (the objective is the points: any count of hand cards scoring them will do)
        if self.meets(g) {
            return Some(g);
        }
        let k = self.0.iter().position(|&x| x != NEG && x as i32 == g.1)?;
        Some((k as u32, g.1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mask_caps_and_shifts() {
        let cx = Cx { cap: 3 };
        let m = Mask::base(1, 0, &cx).join(Mask::base(3, 0, &cx));
        assert_eq!(m.top(), Some(3));
        assert_eq!(m.add(1, 0, &cx).0, 0b0100);
        assert!(Mask::base(4, 0, &cx).is_none());
    }

    #[test]
    fn per_count_keeps_best_score() {
        let cx = Cx { cap: 5 };
        let a = PerCount::<8>::base(1, 7, &cx).join(PerCount::<8>::base(1, 9, &cx));
        assert_eq!(a.top(), Some((1, 9)));
        assert_eq!(a.add(2, 10, &cx).top(), Some((3, 19)));
    }
}
