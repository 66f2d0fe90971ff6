//! From the search's outcome to the answer: the new table as melds, the
//! placed cards and points, and how many table cards moved.

use super::grid::{self, GridGame, Layout};
use super::model::MAX_POS;
use super::rebuild::{self, Outcome};
use super::{Ctx, TableSolution};
use crate::cards::Game;
use crate::meld::{EngineError, Meld, MeldKind, Placed};

/// Per old meld of `ctx`, whether `o` keeps it whole (all its cards in one new meld, none taken
/// back) and how many of its cards `o` holds (laid or taken back), handed to `each` in table order.
/// (On the stack: every greedy try that reaches its goal and every answer asks, 5,000 times over the
/// Rummy expert's 1,562 recorded searches.)
fn old_melds(ctx: &Ctx, o: &Outcome, mut each: impl FnMut(usize, bool, u32)) {
    // (the new meld its cards lie in, while they all lie in one (NONE: none, or taken back), and
    // its cards seen)
    const NONE: u32 = u32::MAX;
    let n = ctx.layouts.len();
    let (mut stack, mut heap) = ([(NONE, 0u32); OLD_MELDS_ON_STACK], Vec::new());
    let olds: &mut [(u32, u32)] = if n <= OLD_MELDS_ON_STACK {
        &mut stack[..n]
    } else {
        heap.resize(n, (NONE, 0));
        &mut heap
    };
    let mut note = |src: Option<u16>, new: u32| {
        if let Some(s) = src {
            let (meld, seen) = &mut olds[s as usize];
            *meld = if *seen == 0 || *meld == new { new } else { NONE };
            *seen += 1;
        }
    };
    for (i, m) in o.melds.iter().enumerate() {
        m.cards.iter().for_each(|l| note(l.tile.src, i as u32));
    }
    o.taken.iter().for_each(|t| note(t.src, NONE));
    let whole = |(meld, seen): (u32, u32), i: usize| meld != NONE && seen as usize == ctx.layouts[i].cards.len();
    // (a run crossing the cycle's cut is whole where one new meld holds both its parts)
    let split = ctx.g.rules.shape.split().map(|r| (r.below as usize, r.above as usize));
    let parts =
        split.map(|(low, high)| whole(olds[low], low) && whole(olds[high], high) && olds[low].0 == olds[high].0);
    for (i, &old) in olds.iter().enumerate() {
        let whole = match (split, parts) {
            (Some((low, high)), Some(one)) if i == low || i == high => one,
            _ => whole(old, i),
        };
        each(i, whole, old.1);
    }
}

/// Old melds [`old_melds`] reads on the stack (more: on the heap).
const OLD_MELDS_ON_STACK: usize = 64;

/// The old melds that an outcome keeps whole (as a bit set).
pub(super) fn intact(ctx: &Ctx, o: &Outcome) -> u64 {
    let mut bits = 0u64;
    old_melds(ctx, o, |i, whole, _| bits |= (whole as u64).wrapping_shl(i as u32));
    bits
}

/// Table cards whose new meld does not hold their whole old meld.
pub(super) fn moved(ctx: &Ctx, o: &Outcome) -> u32 {
    let mut n = 0;
    old_melds(ctx, o, |_, whole, seen| n += if whole { 0 } else { seen });
    n
}

pub(super) fn finish(
    ctx: &Ctx,
    o: Option<Outcome>,
    optimal: bool,
    moved_optimal: bool,
) -> Result<TableSolution, EngineError> {
    let mut o = o.ok_or_else(|| EngineError::new("internal error: the table search found no arrangement"))?;
    let g = &ctx.g;
    // A run joined after the build may hold the ace low and high: its end jokers
    // go elsewhere or it is split, and a kept meld it parts is no longer proven
    // the fewest moved.
    let mut moved_optimal = moved_optimal && !o.parted;
    if o.melds.iter().any(|m| m.run && m.cards.len() > g.max_run_len()) {
        let before = moved(ctx, &o);
        o.melds = rebuild::fit_long(g, std::mem::take(&mut o.melds));
        moved_optimal &= moved(ctx, &o) == before;
    }
    let mut melds = Vec::with_capacity(o.melds.len());
    let mut placed = Vec::new();
    let mut placed_points = 0;
    let as_laid = AsLaid::of(ctx);
    for b in &o.melds {
        // (on the stack: a meld longer than a suit's row is no meld, and the list cost as much as its check)
        let mut buf = [0u8; MAX_POS];
        let long: Vec<u8>;
        let codes: &[u8] = if b.cards.len() <= MAX_POS {
            for (x, l) in buf.iter_mut().zip(&b.cards) {
                *x = l.tile.code;
            }
            &buf[..b.cards.len()]
        } else {
            long = b.cards.iter().map(|l| l.tile.code).collect();
            &long
        };
        // Every answer is checked with the same predicate as the input (a table meld as it lay was:
        // its check's layout is the one of these cards).
        let checked = as_laid.meld_of(&ctx.layouts, b).map(|i| ctx.layouts[i].a);
        let Some(start) = checked.or_else(|| grid::layout(g, codes).or_else(|| sorted_layout(g, b)).map(|l| l.a))
        else {
            return Err(EngineError::new(format!("internal error: built an invalid meld {codes:?}")));
        };
        let kind = if b.run { MeldKind::Run } else { MeldKind::Set };
        let mut cards: Vec<Placed> =
            b.cards.iter().map(|l| Placed { code: l.tile.code, stands_for: l.stands_for }).collect();
        if b.run {
            in_run_order(g, &mut cards, start);
        }
        let points = points_of(g, b.run, &cards);
        for l in &b.cards {
            if l.tile.src.is_none() {
                placed.push(l.tile.code);
                placed_points += g.card_value(l.tile.code);
            }
        }
        melds.push(Meld { kind, cards, points });
    }
    placed.sort();
    let mut taken: Vec<u8> = o.taken.iter().map(|t| t.code).collect();
    taken.sort();
    // (nothing moved is the fewest, whatever found it: the greedy steps' answers too)
    let moved = moved(ctx, &o);
    let moved_optimal = moved_optimal || moved == 0;
    Ok(TableSolution {
        moved,
        melds,
        placed,
        taken,
        optimal,
        moved_optimal,
        placed_points,
        budget_cut: false,
        second_swap: false,
    })
}

/// Which built melds are a table meld as it lay: its cards, in its order (their ids, numbered from 1 in
/// table order, say so: [`super::position_model::table_tiles`]). Its layout is then the one its input check
/// read from these very cards, so the answer's check of it is that check (most melds of an answer are the
/// table's as they lay). Not on the cycle of ranks, where a run crossing the cut lies as two halves.
pub(super) struct AsLaid {
    /// The id of each table meld's first card; empty where no meld is taken as laid.
    first_ids: Vec<u16>,
}

impl AsLaid {
    pub(super) fn of(ctx: &Ctx) -> AsLaid {
        if ctx.g.rules.shape.is_cycle() {
            return AsLaid { first_ids: Vec::new() };
        }
        let mut next = 1u16;
        let first_ids = ctx
            .layouts
            .iter()
            .map(|l| {
                let first = next;
                next += l.cards.len() as u16;
                first
            })
            .collect();
        AsLaid { first_ids }
    }

    /// The table meld `b` is, as it lay, if it is one.
    pub(super) fn meld_of(&self, layouts: &[Layout], b: &rebuild::Built) -> Option<usize> {
        let i = b.cards.first()?.tile.src? as usize;
        let first = *self.first_ids.get(i)?;
        let whole = b.cards.len() == layouts[i].cards.len()
            && (first..).zip(&b.cards).all(|(id, l)| l.tile.id == id && l.tile.src == Some(i as u16));
        whole.then_some(i)
    }
}

/// A run's cards in ascending order of the cells they stand for, an ace high
/// where the run does not reach the 2 (`joker_declared` reads a run in the
/// order given: a kept ace-high run's naturals once came out ace first, so
/// Q K A * read as A Q K *). On the cycle of ranks a run goes on past the
/// last cell: its cells from `start` round the cycle.
fn in_run_order(g: &GridGame, cards: &mut [Placed], start: usize) {
    if g.rules.shape.is_cycle() {
        let cells = g.rules.npos;
        cards.sort_by_key(|p| (grid::pos_of(g, p.stands_for, false) + cells - start % cells) % cells);
        return;
    }
    let high = g.rules.ace_high && !cards.iter().any(|p| g.cell(p.stands_for).is_some_and(|c| c.1 == 1));
    cards.sort_by_key(|p| grid::pos_of(g, p.stands_for, high));
}

/// A run given in ascending order may hold jokers at either end; check it as laid.
pub(super) fn sorted_layout(g: &GridGame, b: &rebuild::Built) -> Option<Layout> {
    if !b.run || b.cards.len() < 3 || b.cards.len() > g.max_run_len() {
        return None;
    }
    let suit = b.cards.iter().find(|l| l.tile.code != g.joker).and_then(|l| g.cell(l.tile.code))?.0;
    let sf: Vec<u8> = b.cards.iter().map(|l| l.stands_for).collect();
    let first = sf.first().and_then(|&c| g.cell(c))?;
    let base = if first.1 == 0 && b.cards.len() > 1 && sf.get(1).and_then(|&c| g.cell(c)).is_some_and(|x| x.1 != 1) {
        13
    } else {
        first.1
    };
    for (i, l) in b.cards.iter().enumerate() {
        let want = g.code_at(suit, base + i);
        if l.stands_for != want || (l.tile.code != g.joker && l.tile.code != want) {
            return None;
        }
    }
    Some(Layout { kind: MeldKind::Run, suit, a: base, b: base + b.cards.len() - 1, cards: Vec::new() })
}

/// A meld's points under the game's meld counting (each card as what it stands for).
pub(super) fn points_of(g: &GridGame, run: bool, cards: &[Placed]) -> i32 {
    cards.iter().map(|p| meld_points(g, p.stands_for, run, cards)).sum()
}

fn meld_points(g: &GridGame, stands_for: u8, run: bool, cards: &[Placed]) -> i32 {
    let Some((_, p)) = g.cell(stands_for) else {
        return 0;
    };
    match g.game {
        Game::Romme => {
            if p == 0 {
                // ace: 1 low in a run with a 2, else 11
                let low = run && cards.iter().any(|c| g.cell(c.stands_for).is_some_and(|x| x.1 == 1));
                if low {
                    1
                } else {
                    11
                }
            } else if p >= 9 {
                10
            } else {
                p as i32 + 1
            }
        }
        _ => p as i32 + 1,
    }
}
