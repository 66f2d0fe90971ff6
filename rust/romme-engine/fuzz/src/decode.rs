//! Shared by the fuzz target and the repro binary: fuzz bytes to a table position, and the answer checks.
#![allow(dead_code)]

use romme_engine::cards::{deck_types, numnum_values, Game};
use romme_engine::hand::validate_meld;
use romme_engine::meld::Options;
use romme_engine::search::{solve_table_with, Budget, TableObjective, TableSolution, TieBreak};
use romme_engine::testkit::CpuClock;

pub struct R<'a> {
    d: &'a [u8],
    i: usize,
}
impl<'a> R<'a> {
    pub fn u8(&mut self) -> u8 {
        let v = self.d.get(self.i).copied().unwrap_or(0);
        self.i += 1;
        v
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        if n > 256 {
            let v = (self.u8() as usize) << 8 | self.u8() as usize;
            v % n
        } else {
            self.u8() as usize % n
        }
    }
    fn done(&self) -> bool {
        self.i >= self.d.len()
    }
}

#[derive(Clone, Debug)]
pub struct Input {
    pub game: Game,
    pub table: Vec<Vec<u8>>,
    pub hand: Vec<u8>,
    pub objective: TableObjective,
    pub options: Vec<(String, i64)>,
    pub budget: Budget,
    pub tie: TieBreak,
}

struct Pool {
    left: Vec<i32>,
    chaos: bool,
}
impl Pool {
    fn take(&mut self, c: u8) -> bool {
        if self.chaos {
            return true;
        }
        match self.left.get_mut(c as usize) {
            Some(n) if *n > 0 => {
                *n -= 1;
                true
            }
            _ => false,
        }
    }
    fn give(&mut self, c: u8) {
        if !self.chaos {
            if let Some(n) = self.left.get_mut(c as usize) {
                *n += 1;
            }
        }
    }
}

const J: u8 = 52;
const W: u8 = 100;

fn sc(s: u8, r: u8) -> u8 {
    // suited code, rank 1..=13 (14 = ace high)
    let r = (r - 1) % 13 + 1;
    s * 13 + r - 1
}

/// Takes `cards` from the pool, substituting `joker` for an exhausted natural; None (pool restored) when impossible.
fn commit(pool: &mut Pool, cards: Vec<u8>, joker: u8) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(cards.len());
    for c in cards {
        if pool.take(c) {
            out.push(c);
        } else if c != joker && pool.take(joker) {
            out.push(joker);
        } else {
            for &x in &out {
                pool.give(x);
            }
            return None;
        }
    }
    Some(out)
}

fn jokerize(r: &mut R, cards: &mut Vec<u8>, joker: u8) {
    let n = match r.u8() % 16 {
        0..=7 => 0,
        8..=12 => 1,
        13..=14 => 2,
        _ => 3,
    };
    for _ in 0..n {
        let b = r.u8();
        let len = cards.len();
        match b % 8 {
            // append a joker at an end
            0 => cards.push(joker),
            1 => cards.insert(0, joker),
            _ => cards[b as usize / 8 % len] = joker,
        }
    }
}

fn maybe_shuffle(r: &mut R, cards: &mut [u8]) {
    let b = r.u8();
    if b.is_multiple_of(4) {
        // a few swaps
        for k in 0..(b / 4 % 4 + 1) {
            let len = cards.len();
            let i = (b as usize + k as usize * 7) % len;
            let j = r.below(len);
            cards.swap(i, j);
        }
    }
}

fn suited_meld(r: &mut R, game: Game, wrap: bool) -> Vec<u8> {
    let k = r.u8();
    let s = r.u8() % 4;
    if k % 16 == 15 {
        // garbage
        let len = r.below(7);
        return (0..len).map(|_| r.u8() % 54).collect();
    }
    let mut cards = if k % 8 < 5 {
        // run
        let lb = r.u8();
        let len = if lb & 0x80 != 0 { 3 + (lb as usize & 0x7f) % 11 } else { 3 + (lb as usize) % 4 };
        let mut start = 1 + r.below(14);
        let top = if game == Game::Rummy { 13 } else { 14 };
        if !(wrap && game == Game::Romme) && start + len - 1 > top {
            start = (top + 1).saturating_sub(len).max(1);
        }
        let len = len.min(if wrap { 13 } else { top + 1 - start });
        (0..len).map(|j| sc(s, (start + j) as u8)).collect::<Vec<u8>>()
    } else {
        // set
        let rank = 1 + r.below(13) as u8;
        let m = r.u8();
        let omit = if m.is_multiple_of(3) { 4 } else { m / 3 % 4 };
        (0..4u8).filter(|&x| x != omit).map(|x| sc(x, rank)).collect()
    };
    let is_set = k % 8 >= 5;
    jokerize(r, &mut cards, J);
    if is_set && cards.len() > 4 && k & 0x80 == 0 {
        cards.truncate(4);
    }
    maybe_shuffle(r, &mut cards);
    cards
}

struct NumNum {
    code: [[u8; 82]; 4],
    runs: Vec<(u8, u32, u32, u32)>, // symbol, row, first index, len
    sets: Vec<(u32, Vec<u8>)>,      // value, symbols having it
}

fn numnum() -> &'static NumNum {
    use std::sync::OnceLock;
    static N: OnceLock<NumNum> = OnceLock::new();
    N.get_or_init(|| {
        let mut code = [[255u8; 82]; 4];
        let mut c = 0u8;
        for (s, suit_codes) in code.iter_mut().enumerate() {
            for v in numnum_values(s) {
                suit_codes[v as usize] = c;
                c += 1;
            }
        }
        let has = |s: usize, v: u32| v < 82 && code[s][v as usize] != 255;
        let mut runs = Vec::new();
        for s in 0..4 {
            for k in 2..=40u32 {
                for a in 1..=40u32 {
                    for len in 3..=7u32 {
                        if (a..a + len).all(|j| has(s, k * j)) {
                            runs.push((s as u8, k, a, len));
                        }
                    }
                }
            }
        }
        let mut sets = Vec::new();
        for v in 1..82u32 {
            let syms: Vec<u8> = (0..4u8).filter(|&s| has(s as usize, v)).collect();
            if syms.len() >= 2 {
                sets.push((v, syms));
            }
        }
        NumNum { code, runs, sets }
    })
}

fn numnum_meld(r: &mut R) -> Vec<u8> {
    let n = numnum();
    let k = r.u8();
    if k % 16 == 15 {
        let len = r.below(7);
        return (0..len).map(|_| r.u8() % 104).collect();
    }
    let mut cards: Vec<u8> = if k % 8 < 5 {
        let (s, row, a, len) = n.runs[r.below(n.runs.len())];
        let mut v: Vec<u8> = (a..a + len).map(|j| n.code[s as usize][(row * j) as usize]).collect();
        // own-symbol 1-cards are wild in a run
        if r.u8().is_multiple_of(8) {
            let len = v.len();
            let i = r.below(len);
            v[i] = n.code[s as usize][1];
        }
        v
    } else {
        let (v, syms) = &n.sets[r.below(n.sets.len())];
        let m = r.u8();
        let mut out: Vec<u8> = syms.iter().map(|&s| n.code[s as usize][*v as usize]).collect();
        if out.len() == 4 && !m.is_multiple_of(3) {
            out.remove((m / 3) as usize % 4);
        }
        if out.len() < 3 && m & 0x80 == 0 {
            out.push(W);
        }
        out
    };
    jokerize(r, &mut cards, W);
    maybe_shuffle(r, &mut cards);
    cards
}

pub fn decode(data: &[u8]) -> Input {
    let mut r = R { d: data, i: 0 };
    let h = r.u8();
    let game = match h % 32 {
        0..=11 => Game::Rummy,
        12..=23 => Game::Romme,
        24..=30 => Game::Einmaleins,
        _ => {
            if h & 0x10 != 0 {
                Game::Koenigs
            } else {
                Game::Krass
            }
        }
    };
    let chaos = h & 0xe0 == 0xe0; // 1/8: ignore copy limits
    let ob = r.u8();
    let mut objective = [TableObjective::Cards, TableObjective::Points, TableObjective::Net][ob as usize % 3];
    // (0x08 without 0x04: Rummy's net needs both, so no tie-break comes with any objective)
    let tie = match (ob & 0x10 != 0, ob & 0x0c == 0x08) {
        (true, _) => TieBreak::Fast,
        (false, true) => TieBreak::None,
        _ => TieBreak::Exact,
    };
    // a work budget (the bots' and the hint's: the same cut on any machine) or a time budget
    let budget = match ob >> 5 {
        0..=2 => Budget::UNLIMITED,
        3 => Budget::work(300),
        4 => Budget::work(20_000),
        5 => Budget::time_ms(1),
        6 => Budget::time_ms(20),
        _ => Budget::time_ms(300),
    };
    let mut options: Vec<(String, i64)> = Vec::new();
    let mut wrap = false;
    let mut jokers = 2i32;
    match game {
        Game::Rummy => {
            if objective == TableObjective::Net && ob & 0x0c != 0x0c {
                objective = TableObjective::Cards;
            }
            let o = r.u8();
            if !o.is_multiple_of(4) {
                let v = [0i64, 1, 2, 3, 4, 5, 6, 8, 12, 12, 20, 106, 0, 2, 0, 3][o as usize / 4 % 16];
                let v = if o == 0xff {
                    107
                } else if o == 0xfe {
                    -1
                } else {
                    v
                };
                options.push(("max_hand_cards_per_turn".into(), v));
            }
            if o & 0x80 != 0 && o & 0x40 != 0 {
                options.push(("opening_points".into(), 30));
            }
        }
        Game::Romme => {
            let o = r.u8();
            let o2 = r.u8();
            let flag = |v: bool| v as i64;
            let rauber = o & 3 != 0 || (objective == TableObjective::Net && o2 & 4 == 0);
            if rauber || o2 & 1 != 0 {
                options.push(("rauber".into(), flag(rauber)));
            }
            if o & 4 != 0 {
                options.push(("wrap_around".into(), 1));
                wrap = true;
            }
            if o & 8 != 0 {
                options.push(("no_double_joker".into(), 1));
            }
            if o & 16 != 0 {
                options.push(("joker_declared".into(), 1));
            }
            if o & 32 != 0 || (objective == TableObjective::Net && o2 & 2 == 0) {
                options.push(("rauber_table_to_hand".into(), 1));
            }
            if o & 64 != 0 {
                options.push(("opening_without_jokers".into(), 1));
            }
            if o & 128 != 0 {
                let jpd = [0i64, 1, 2, 3, 3, 2, 1, 0][(o2 >> 1) as usize % 8];
                let jpd = if o2 == 0xff { 4 } else { jpd };
                options.push(("jokers_per_deck".into(), jpd));
                jokers = 2 * jpd.clamp(0, 3) as i32;
            } else {
                jokers = 6;
            }
            if o2 & 0x70 == 0x70 {
                let names = [
                    "joker_swap_completes",
                    "lay_off_in_opening_turn",
                    "knocking",
                    "hand_romme",
                    "target",
                    "rauber_discard_pile",
                    "opening_points",
                    "bogus",
                ];
                let v = [0i64, 1, 1, 31][(o2 >> 6) as usize];
                options.push((names[(o2 >> 1) as usize % 8].into(), v));
            }
        }
        Game::Einmaleins => {
            let o = r.u8();
            if o % 8 == 7 {
                options.push(("opening_points".into(), [51i64, 1, 0, 40][(o >> 3) as usize % 4]));
            }
            if o % 16 == 6 {
                options.push(("target".into(), 100));
            }
        }
        _ => {}
    }
    let types = deck_types(game);
    let mut left: Vec<i32> = types.iter().map(|t| t.copies as i32).collect();
    let joker = if game == Game::Einmaleins { W } else { J };
    if game == Game::Romme {
        left[J as usize] = jokers;
    }
    if game == Game::Einmaleins {
        left[101] = 0;
        left[102] = 0;
    }
    let mut pool = Pool { left, chaos };
    let nb = r.u8();
    let nmelds = if nb & 0x80 != 0 { nb as usize % 32 } else { nb as usize % 9 };
    let mut table = Vec::new();
    for _ in 0..nmelds {
        if r.done() {
            break;
        }
        let m = match game {
            Game::Rummy | Game::Romme => suited_meld(&mut r, game, wrap),
            Game::Einmaleins => numnum_meld(&mut r),
            _ => (0..3 + r.below(3)).map(|_| r.u8() % 60).collect(),
        };
        if let Some(m) = commit(&mut pool, m, joker) {
            table.push(m);
        }
    }
    let hb = r.u8();
    let nhand = if hb & 0x80 != 0 { hb as usize % 48 } else { hb as usize % 16 };
    let mut hand = Vec::new();
    let nat = match game {
        Game::Einmaleins => 100,
        Game::Rummy | Game::Romme => 52,
        g => g.type_count(),
    };
    for _ in 0..nhand {
        let b = r.u8();
        let c = if b % 32 < 2 {
            joker
        } else if b % 32 == 2 {
            r.u8()
        } else {
            (r.below(nat)) as u8
        };
        if pool.take(c) || chaos {
            hand.push(c);
        }
    }
    Input { game, table, hand, objective, options, budget, tie }
}

fn counts(cards: impl IntoIterator<Item = u8>) -> Vec<i32> {
    let mut n = vec![0i32; 256];
    for c in cards {
        n[c as usize] += 1;
    }
    n
}

fn meld_options(inp: &Input) -> Options {
    match inp.game {
        Game::Romme => Options::from_pairs(
            inp.options
                .iter()
                .filter(|(n, _)| ["wrap_around", "no_double_joker", "joker_declared"].contains(&n.as_str()))
                .map(|(n, v)| (n.clone(), (*v != 0) as i64))
                .chain(inp.options.iter().filter(|(n, v)| n == "jokers_per_deck" && (0..=3).contains(v)).cloned()),
        ),
        _ => Options::default(),
    }
}

/// Checks an Ok answer; returns a description of the first violation.
pub fn check(inp: &Input, s: &TableSolution) -> Result<(), String> {
    let old = counts(inp.table.iter().flatten().copied());
    let hand = counts(inp.hand.iter().copied());
    let placed = counts(s.placed.iter().copied());
    let taken = counts(s.taken.iter().copied());
    let new = counts(s.melds.iter().flat_map(|m| m.codes()));
    for c in 0..256 {
        if placed[c] > hand[c] {
            return Err(format!("placed card {c} not in hand ({} placed, {} in hand)", placed[c], hand[c]));
        }
        if taken[c] > old[c] {
            return Err(format!("taken card {c} not on table"));
        }
        if new[c] != old[c] + placed[c] - taken[c] {
            return Err(format!(
                "cards not conserved: card {c}: new table {} != old {} + placed {} - taken {}",
                new[c], old[c], placed[c], taken[c]
            ));
        }
    }
    let mo = meld_options(inp);
    for m in &s.melds {
        if let Err(e) = validate_meld(inp.game, &m.codes(), &mo, 0) {
            return Err(format!("invalid meld {:?} in answer: {e}", m.codes()));
        }
        if inp.game != Game::Einmaleins {
            if let Some(p) = m.cards.iter().find(|p| p.code != J && p.code != p.stands_for) {
                return Err(format!("natural {} stands for {} in {:?}", p.code, p.stands_for, m.cards));
            }
        }
    }
    if inp.game == Game::Rummy && !s.taken.is_empty() {
        return Err("rummy answer takes table cards".into());
    }
    if inp.game == Game::Romme && inp.objective != TableObjective::Net && !s.taken.is_empty() {
        return Err("romme answer takes table cards without objective net".into());
    }
    if inp.game == Game::Rummy && inp.objective != TableObjective::Net {
        let cap = inp.options.iter().find(|(n, _)| n == "max_hand_cards_per_turn").map_or(12, |x| x.1);
        if cap > 0 && s.placed.len() as i64 > cap {
            return Err(format!("placed {} cards, cap {cap}", s.placed.len()));
        }
    }
    let rauber = inp.options.iter().any(|(n, v)| n == "rauber" && *v != 0);
    // without Räuber only a joker swap moves table cards: the swapped meld's, once (search/joker_swaps.rs)
    let swapped = |m: &Vec<u8>| m.len() as u32 == s.moved && m.contains(&J);
    if inp.game == Game::Romme && !rauber && s.moved != 0 && !inp.table.iter().any(swapped) {
        return Err(format!("romme without rauber moved {} table cards", s.moved));
    }
    Ok(())
}

/// Solves the position: the answer, and the milliseconds of this thread's CPU it took (repro's "slow").
pub fn run(inp: &Input) -> (Result<TableSolution, String>, f64) {
    let o = Options::from_pairs(inp.options.clone());
    let clock = CpuClock::start();
    let r = solve_table_with(inp.game, &inp.table, &inp.hand, inp.objective, &o, inp.budget, inp.tie);
    let ms = clock.elapsed_ms();
    (r.map_err(|e| e.0), ms)
}

pub fn literal(inp: &Input) -> String {
    let table: Vec<String> = inp
        .table
        .iter()
        .map(|m| format!("vec![{}]", m.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(", ")))
        .collect();
    let opts: Vec<String> = inp.options.iter().map(|(n, v)| format!("(\"{n}\".to_string(), {v})")).collect();
    format!(
        "solve_table_with(Game::{:?}, &[{}], &{:?}, TableObjective::{:?}, &Options::from_pairs(vec![{}]), {:?}, TieBreak::{:?})",
        inp.game,
        table.join(", "),
        inp.hand,
        inp.objective,
        opts.join(", "),
        inp.budget,
        inp.tie
    )
}
