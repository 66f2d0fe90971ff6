//! The path of an answer a sweep's value search found: max mode's
//! ([`Sweep::max_trace`]) and keep mode's ([`Sweep::keep_trace`]) walk down
//! from a state, taking at each the first move, in the search's order, after
//! which the rest of the target is still reached.

use super::hand_cap::{CapLeft, HandCap};
use super::{Branch, Decision, State, Sweep, SweepMode};

/// A sweep mode whose search may bind the hand cards placed (the per-turn cap).
pub(super) trait Capped {
    /// The cap, where it binds: the hand cards still allowed on the path searched.
    fn cap(&mut self) -> &mut Option<HandCap>;
}

impl<M: SweepMode> Sweep<'_, M> {
    /// The decisions of a path from `st` to the end that reaches `target`,
    /// with (under a binding cap) `left` hand cards still allowed: at each
    /// state the first move in `order`'s order that the cap admits and after
    /// which `reaches` the rest (`rest`: the target less the move's share);
    /// None where no move does. The cap's cards left are as before after.
    pub(super) fn trace<T: Copy>(
        &mut self,
        mut st: State,
        mut target: T,
        mut left: u32,
        order: impl Fn(&Self, &mut Vec<Branch>),
        rest: impl Fn(T, &Branch) -> T,
        reaches: impl Fn(&mut Self, State, T) -> bool,
    ) -> Option<Vec<Decision>>
    where
        M: Capped,
    {
        let start = self.mode.cap().left();
        let mut decs = Vec::new();
        let mut buf = Vec::new();
        while (st.pos as usize) < self.m.rules.npos {
            buf.clear();
            self.moves(&st, &mut buf);
            order(self, &mut buf);
            let mut found = None;
            for mv in buf.iter() {
                if !self.mode.cap().admits(mv.hand_placed, left) {
                    continue;
                }
                self.mode.cap().set_left(left.saturating_sub(mv.hand_placed));
                if reaches(self, mv.child, rest(target, mv)) {
                    found = Some(*mv);
                    break;
                }
            }
            let Some(mv) = found else {
                self.mode.cap().set_left(start);
                return None;
            };
            decs.push(mv.dec);
            target = rest(target, &mv);
            left = left.saturating_sub(mv.hand_placed);
            st = mv.child;
        }
        self.mode.cap().set_left(left);
        let ok = reaches(self, st, target);
        self.mode.cap().set_left(start);
        ok.then_some(decs)
    }
}
