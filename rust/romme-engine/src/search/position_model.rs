//! How a position becomes the sweep's [`Model`]: the table's melds (those kept whole
//! locked, the rest as free cards) and the hand as counts per cell, and, where an
//! answer is to be rebuilt, the physical cards behind the counts ([`Cards`]).

use super::model::{self, LockedGroup, Model};
use super::rebuild::{Cards, KeptRun, KeptSet, Laid, Tile};
use super::{Ctx, Layout};
use crate::meld::MeldKind;

/// The table's physical cards meld by meld, as laid, numbered from 1.
pub(super) fn table_tiles(ctx: &Ctx) -> Vec<Vec<Laid>> {
    let mut before: u16 = 0;
    let mut tiles = Vec::with_capacity(ctx.layouts.len());
    for (i, lay) in ctx.layouts.iter().enumerate() {
        tiles.push(laid_tiles(i, lay, before).collect());
        before += lay.cards.len() as u16;
    }
    tiles
}

/// The physical cards of table meld `i` (laid as `lay`), numbered on from the
/// `before` cards of the melds ahead of it (table cards are numbered from 1 in
/// table order; hand cards after them).
fn laid_tiles(i: usize, lay: &Layout, before: u16) -> impl Iterator<Item = Laid> + '_ {
    let src = Some(i as u16);
    (before + 1..)
        .zip(&lay.cards)
        .map(move |(id, &(code, stands_for))| Laid { tile: Tile { code, id, src }, stands_for })
}

/// Builds the model and the physical cards with the melds in `keep` kept whole.
pub(super) fn build_model(ctx: &Ctx, keep: u64) -> (Model, Cards) {
    let mut cards = Cards::new();
    let m = model_and_cards(ctx, keep, Some(&mut cards));
    (m, cards)
}

/// [`build_model`]'s model, and its physical cards where `cards` is given: a solve needs them
/// only to rebuild an answer, and most anchored solves find none ([`CardsFor::Later`]).
pub(super) fn model_and_cards(ctx: &Ctx, keep: u64, mut cards: Option<&mut Cards>) -> Model {
    let g = &ctx.g;
    let keep = whole_across_the_cut(ctx, keep);
    let mut m = Model::new(g.rules, ctx.score);
    for p in 0..model::MAX_POS {
        m.hand_value[p] = g.hand_value(p);
    }
    m.joker_value = g.joker_value();
    lay_out(ctx, keep, Some(&mut m), cards.as_deref_mut());
    if keep == 0 {
        drop_unplaceable(&mut m);
        if let Some(c) = cards {
            set_aside_unplaceable(&m, c);
        }
    }
    m
}

/// `keep` with a table run crossing the cycle's cut kept whole or not at all: its parts together.
fn whole_across_the_cut(ctx: &Ctx, keep: u64) -> u64 {
    match ctx.g.rules.shape.split() {
        Some(r) if keep >> r.below & 1 != keep >> r.above & 1 => keep | 1 << r.below | 1 << r.above,
        _ => keep,
    }
}

/// Counts the position's cards into the model (`m`) and lays them out as physical cards
/// (`cards`), each where given, with the melds in `keep` kept whole.
fn lay_out(ctx: &Ctx, keep: u64, mut m: Option<&mut Model>, mut cards: Option<&mut Cards>) {
    let g = &ctx.g;
    // (table jokers first: they are the first free jokers)
    let mut jokers: u8 = 0;
    // (hand cards are numbered after the table's)
    let mut before: u16 = 0;
    let mut id = ctx.layouts.iter().map(|l| l.cards.len() as u16).sum::<u16>();
    for (i, lay) in ctx.layouts.iter().enumerate() {
        let kept = keep >> i & 1 == 1;
        let laid_cards = laid_tiles(i, lay, before);
        before += lay.cards.len() as u16;
        if kept {
            match lay.kind {
                MeldKind::Run => {
                    if let Some(m) = m.as_deref_mut() {
                        m.lock_start[lay.suit][lay.a] += 1;
                        m.lock_end[lay.suit][lay.b] += 1;
                    }
                    if let Some(c) = cards.as_deref_mut() {
                        let (suit, first, last) = (lay.suit, lay.a, lay.b);
                        c.kept_runs.push(KeptRun { suit, first, last, cards: laid_cards.collect(), carrier: false });
                    }
                }
                MeldKind::Set => {
                    if let (Some(m), true) = (m.as_deref_mut(), lay.cards.len() < 4) {
                        let codes = lay.cards.iter().map(|&(code, _)| code);
                        let colours =
                            codes.clone().filter(|&code| code != g.joker).fold(0u8, |acc, code| acc | 1 << (code / 13));
                        let jokers = codes.filter(|&code| code == g.joker).count() as u8;
                        m.lock_groups[lay.a].push(LockedGroup { pos: lay.a, colours, jokers });
                    }
                    if let Some(c) = cards.as_deref_mut() {
                        c.kept_sets.push(KeptSet { pos: lay.a, cards: laid_cards.collect() });
                    }
                }
            }
            continue;
        }
        for l in laid_cards {
            if l.tile.code == g.joker {
                jokers += 1;
                if let Some(c) = cards.as_deref_mut() {
                    c.jokers.push(l.tile);
                }
            } else if let Some((s, p)) = g.cell(l.tile.code) {
                if let Some(m) = m.as_deref_mut() {
                    m.t[s][p] += 1;
                }
                if let Some(c) = cards.as_deref_mut() {
                    c.table[s][p].push(l.tile);
                }
            }
        }
    }
    let table_jokers = jokers;
    for &code in &ctx.hand {
        id += 1;
        let tile = Tile { code, id, src: None };
        if code == g.joker {
            jokers += 1;
            if let Some(c) = cards.as_deref_mut() {
                c.jokers.push(tile);
            }
        } else if let Some((s, p)) = g.cell(code) {
            if let Some(m) = m.as_deref_mut() {
                m.h[s][p] += 1;
            }
            if let Some(c) = cards.as_deref_mut() {
                c.hand[s][p].push(tile);
            }
        }
    }
    if let Some(m) = m {
        m.table_jokers = table_jokers;
        m.jokers = jokers;
    }
}

/// Takes out hand naturals that fit no meld even with every card and joker
/// available (tightens the search's upper bound; they stay in the hand).
fn drop_unplaceable(m: &mut Model) {
    let npos = m.rules.npos;
    let at = |m: &Model, s: usize, x: usize| -> u8 {
        let x = if m.rules.ace_high && x == npos - 1 { 0 } else { x };
        m.t[s][x] + m.h[s][x]
    };
    let j = m.jokers as usize;
    for s in 0..model::SUITS {
        for p in 0..npos {
            if m.h[s][p] == 0 {
                continue;
            }
            let colours = (0..model::SUITS).filter(|&c| c != s && at(m, c, p) > 0).count();
            let mut ok = colours + j >= 2;
            // (an ace sits low and may sit high)
            let spots = [p, npos - 1];
            let high = m.rules.ace_high && p == 0;
            // (on the cycle of ranks a run may cross the cut: its three cells wrap round)
            let cycle = m.rules.shape.is_cycle();
            for &q in &spots[..1 + high as usize] {
                for back in 0..=2 {
                    let first = if cycle { Some((q + npos - back) % npos) } else { q.checked_sub(back) };
                    let Some(a) = first.filter(|&a| cycle || a + 2 < npos) else { continue };
                    let missing = (0..=2).map(|d| (a + d) % npos).filter(|&x| x != q && at(m, s, x) == 0).count();
                    ok |= missing <= j;
                }
            }
            if !ok {
                m.h[s][p] = 0;
            }
        }
    }
}

/// Moves the hand naturals [`drop_unplaceable`] took out of the model `m` (those of a cell where
/// `m` counts none) out of `cards`' hand, cell by cell.
fn set_aside_unplaceable(m: &Model, cards: &mut Cards) {
    for s in 0..model::SUITS {
        for p in 0..m.rules.npos {
            if m.h[s][p] == 0 && !cards.hand[s][p].is_empty() {
                let mut out = std::mem::take(&mut cards.hand[s][p]);
                cards.unplaceable.append(&mut out);
            }
        }
    }
}

/// The physical cards of `m`, the model of [`model_and_cards`] with `keep` kept whole (a solve builds
/// them only to rebuild an answer: most anchored solves find none), without building the model again.
pub(super) fn cards_of(ctx: &Ctx, keep: u64, m: &Model) -> Cards {
    let keep = whole_across_the_cut(ctx, keep);
    let mut cards = Cards::new();
    lay_out(ctx, keep, None, Some(&mut cards));
    if keep == 0 {
        set_aside_unplaceable(m, &mut cards);
    }
    cards
}
