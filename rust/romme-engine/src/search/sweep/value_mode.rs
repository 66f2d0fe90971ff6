//! Value mode of the sweep: the whole value of every state in a value type
//! ([`Val`]: the set of hand-card counts within the cap, or the best points
//! per count under a binding cap), then the trace of one solution reaching a
//! goal.

use super::*;

/// [`Sweep`]'s value mode: the memo of each state's value.
pub struct ValueMode<V: Val> {
    memo: FxMap<Key, V>,
}

impl<V: Val> SweepMode for ValueMode<V> {
    #[inline]
    fn keep_info(&self) -> Option<&Rc<KeepInfo>> {
        None
    }

    fn states(&self) -> usize {
        self.memo.len()
    }
}

impl<'m, V: Val> Sweep<'m, ValueMode<V>> {
    /// A value sweep with a hand-card cap, an optional deadline and a state limit.
    pub fn values(m: &'m Model, cap: u32, deadline: Option<Instant>, max_states: usize) -> Self {
        Sweep::with_mode(m, cap, deadline, max_states, JokerMode::Placed, ValueMode { memo: FxMap::default() })
    }

    /// The value of the whole problem.
    pub fn solve(&mut self) -> V {
        let r = self.root();
        self.state_value(r)
    }

    /// Cuts the search at the state limit or the deadline.
    fn check_budget(&mut self) {
        if self.mode.memo.len() >= self.max_states {
            self.aborted = true;
        }
        if self.mode.memo.len().is_multiple_of(1024) && self.out_of_time() {
            self.aborted = true;
        }
    }

    /// The value of state `st`.
    pub fn state_value(&mut self, st: State) -> V {
        if st.pos as usize >= self.m.rules.npos {
            return self.base(&st);
        }
        let key = st.key();
        if let Some(&x) = self.mode.memo.get(&key) {
            return x;
        }
        self.poll_stop();
        if self.aborted {
            return V::none();
        }
        let mut buf = self.bufs.pop().unwrap_or_default();
        buf.clear();
        self.moves(&st, &mut buf);
        let mut val = V::none();
        for mv in buf.iter() {
            let c = self.state_value(mv.child);
            if !c.is_none() {
                val = val.join(c.add(mv.hand_placed, mv.score, &self.cx));
            }
        }
        buf.clear();
        self.bufs.push(buf);
        self.check_budget();
        if !self.aborted {
            self.mode.memo.insert(key, val);
        }
        val
    }

    /// The decisions of one solution reaching `goal` (None if it is not reachable).
    pub fn trace(&mut self, goal: V::Goal) -> Option<Vec<Decision>> {
        let mut st = self.root();
        let mut g = goal;
        let mut decs = Vec::new();
        let mut buf = Vec::new();
        while (st.pos as usize) < self.m.rules.npos {
            buf.clear();
            self.moves(&st, &mut buf);
            let mut found = None;
            for mv in buf.iter() {
                let Some(g2) = V::sub(g, mv.hand_placed, mv.score) else {
                    continue;
                };
                let c = self.state_value(mv.child);
                if c.meets(g2) {
                    found = Some((*mv, g2));
                    break;
                }
            }
            let (mv, g2) = found?;
            decs.push(mv.dec);
            st = mv.child;
            g = g2;
        }
        self.base::<V>(&st).meets(g).then_some(decs)
    }
}
