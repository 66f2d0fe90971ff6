//! Keep mode's call of its plain oracle, which keeps the profiles (the keep
//! search's `oracle_alive` and the vectors' `keep_vector` both ask it).

use super::*;

impl<'m> Sweep<'m, KeepMode<'m>> {
    /// Keep mode: whether the plain oracle (which keeps the profiles) reaches
    /// `need` from the relaxed state `p` at position `pos`, within `room` of
    /// the keep search's limit (which counts the oracle's work: one dead proof
    /// may cost more than the whole limit, and the search stops only after it).
    /// None where the search stops here instead: nothing left (cut, or, where
    /// it `asks`, stopped to have its ceiling asked), or the oracle cut at that
    /// stop (it goes on after it, on its memo).
    pub(in crate::search::sweep) fn plain_oracle_alive(
        &mut self,
        p: State,
        pos: u8,
        need: i32,
        room: usize,
        asks: bool,
    ) -> Option<bool> {
        if room == 0 {
            self.stop_without_room(asks);
            return None;
        }
        let o = self.mode.oracle.as_mut()?;
        let w = o.work();
        let alive = o.max_value_within(p, need - 1, room) >= need;
        let used = o.work() - w;
        self.mode.oracle_work += used;
        if o.aborted && asks && used >= room {
            o.aborted = false;
            self.stop_without_room(true);
            return None;
        }
        let aborted = o.aborted;
        self.count_odds(pos, alive);
        self.aborted |= aborted;
        Some(alive)
    }

    /// Keep mode: an oracle call at position `pos` answered `alive` (its odds, [`Self::oracle_due`]).
    pub(in crate::search::sweep) fn count_odds(&mut self, pos: u8, alive: bool) {
        if let Some((calls, dead, _)) = self.mode.oracle_odds.get_mut(pos as usize) {
            *calls += 1;
            *dead += !alive as u32;
        }
    }
}
