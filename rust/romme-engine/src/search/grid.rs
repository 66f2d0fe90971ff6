//! Grid games (Rummy, Rommé): card codes to (suit, position), the meld
//! predicate the search uses for its input and output, and the layout of a
//! kept run.

use crate::cards::Game;
use crate::meld::{EngineError, MeldKind};

use super::model::{GridRules, GridShape, MAX_POS, SUITS};

/// How a grid game maps its cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridGame {
    /// Rummy or Rommé.
    pub game: Game,
    /// Meld rules.
    pub rules: GridRules,
    /// The joker code.
    pub joker: u8,
}

impl GridGame {
    /// Suit and low position of a natural code (Rommé ace: position 0).
    pub fn cell(&self, code: u8) -> Option<(usize, usize)> {
        if code >= 52 {
            return None;
        }
        Some(((code / 13) as usize, (code % 13) as usize))
    }

    /// The natural code at (suit, position) (Rommé: position 13 is the ace).
    pub fn code_at(&self, suit: usize, pos: usize) -> u8 {
        let p = if pos >= 13 { pos - 13 } else { pos };
        (suit * 13 + p) as u8
    }

    /// Hand value of a natural at a position (Points objective), and of a joker.
    /// On the cycle the position is turned: cell `p` holds rank `(p + cut) % 13`;
    /// read mirrored ([`GridRules::mirrored`]) cell `p` of 1 to 12 holds the card of cell `13 - p`;
    /// turned on the line ([`GridRules::turn`], a seam, maybe read mirrored after the turn) cell
    /// `p` holds rank `(p + turn) % 13`.
    pub fn hand_value(&self, pos: usize) -> i32 {
        let pos = match self.rules.shape {
            GridShape::Cycle { cut, .. } => (pos + cut as usize) % 13,
            GridShape::Line => pos,
        };
        // (read mirrored, cell p holds the card of cell 13 - p: the ace at both ends stays the ace)
        let pos = if self.rules.mirrored && pos % 13 != 0 { 13 - pos } else { pos };
        // (a seam's turn came before the mirror image was read: undone last)
        let pos = if self.rules.turn > 0 { (pos + self.rules.turn as usize) % 13 } else { pos };
        match self.game {
            Game::Romme => match pos {
                0 | 13 => 11,
                p if p >= 9 => 10,
                p => p as i32 + 1,
            },
            _ => pos as i32 + 1,
        }
    }

    /// Hand value of a card by code (hand counting of `placed_points`).
    pub fn card_value(&self, code: u8) -> i32 {
        if code == self.joker {
            self.joker_value()
        } else {
            self.cell(code).map_or(0, |(_, p)| self.hand_value(p))
        }
    }

    /// Hand value of a joker.
    pub fn joker_value(&self) -> i32 {
        match self.game {
            Game::Romme => 20,
            _ => 25,
        }
    }

    /// Highest position a natural can take (Rommé ace high: 13).
    pub fn last_pos(&self) -> usize {
        self.rules.npos - 1
    }

    /// The most cards a run may hold (Rommé: 13, the ace low or high, not both).
    pub fn max_run_len(&self) -> usize {
        if self.rules.ace_high {
            13
        } else {
            self.rules.npos
        }
    }
}

/// A meld read as a run or a set, with what each joker stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Set or run.
    pub kind: MeldKind,
    /// Run: suit; set: position.
    pub suit: usize,
    /// Run: first position; set: the position.
    pub a: usize,
    /// Run: last position; set: the position.
    pub b: usize,
    /// The cards in meld order, each with the natural code it stands for.
    pub cards: Vec<(u8, u8)>,
}

/// Reads `codes` as a valid meld of `g` (None if it is not one). When several
/// layouts exist, the order given is honoured if it is an ascending run;
/// otherwise jokers go to inner gaps, then above the naturals, then below.
pub fn layout(g: &GridGame, codes: &[u8]) -> Option<Layout> {
    let n = codes.len();
    // (no meld is longer than a suit's row: a set holds at most four cards)
    if !(3..=MAX_POS).contains(&n) {
        return None;
    }
    // (the naturals on the stack: every answer's melds are read again, 12 a search, and the
    // lists this built cost half of it)
    let mut buf = [0u8; MAX_POS];
    let mut k = 0;
    for &c in codes.iter().filter(|&&c| c != g.joker) {
        buf[k] = c;
        k += 1;
    }
    let nat = &buf[..k];
    let jokers = n - nat.len();
    if nat.is_empty() || nat.iter().any(|&c| c >= 52) {
        return None;
    }
    if g.rules.no_double_joker && nat.len() == 1 && jokers >= 2 {
        return None;
    }
    // Set: one rank, distinct suits, 3..=4 cards.
    let (_, p0) = g.cell(nat[0])?;
    if n <= 4 && nat.iter().all(|&c| g.cell(c).map(|x| x.1) == Some(p0)) {
        let mut seen = 0u8;
        let mut ok = true;
        for &c in nat {
            let s = g.cell(c)?.0;
            ok &= seen >> s & 1 == 0;
            seen |= 1 << s;
        }
        if ok {
            let mut missing = (0..SUITS).filter(|s| seen >> s & 1 == 0);
            let cards = codes
                .iter()
                .map(|&c| if c == g.joker { (c, g.code_at(missing.next().unwrap_or(0), p0)) } else { (c, c) })
                .collect();
            return Some(Layout { kind: MeldKind::Set, suit: 0, a: p0, b: p0, cards });
        }
    }
    run_layout(g, codes, nat)
}

fn run_layout(g: &GridGame, codes: &[u8], nat: &[u8]) -> Option<Layout> {
    let n = codes.len();
    let suit = g.cell(nat[0])?.0;
    if nat.iter().any(|&c| g.cell(c).map(|x| x.0) != Some(suit)) {
        return None;
    }
    let last = g.last_pos();
    if n > g.max_run_len() {
        return None;
    }
    if g.rules.shape.is_cycle() {
        return cycle_run_layout(g, codes, nat, suit);
    }
    // Candidate positions of the naturals: aces may be low (0) or high (13).
    let ace_choices: &[bool] = if g.rules.ace_high { &[false, true] } else { &[false] };
    for &high in ace_choices {
        let mut buf = [0usize; MAX_POS];
        let pos = &mut buf[..nat.len()];
        for (x, &c) in pos.iter_mut().zip(nat) {
            *x = pos_of(g, c, high);
        }
        pos.sort_unstable();
        if pos.windows(2).any(|w| w[0] == w[1]) {
            continue;
        }
        let (lo, hi) = (pos[0], pos[pos.len() - 1]);
        if hi - lo + 1 > n || hi > last {
            continue;
        }
        // The given order, read as ascending from some start, is preferred wherever it
        // may start; then the jokers above the naturals, then below (the highest start).
        let first_nat = codes.iter().position(|&c| c != g.joker)?;
        let start_given = pos_of(g, codes[first_nat], high).checked_sub(first_nat);
        let room = |a: usize| a + n - 1 <= last;
        let fits = |a: usize| codes.iter().enumerate().all(|(i, &c)| c == g.joker || pos_of(g, c, high) == a + i);
        let span = (hi + 1).saturating_sub(n)..=lo;
        let start = match start_given {
            Some(a) if room(a) && (span.contains(&a) || fits(a)) => Some(a),
            _ => span.rev().find(|&a| room(a)),
        };
        // (Rommé: an ace low and high in one run is not allowed; the length limit of 13 guards it)
        let Some(a) = start else { continue };
        let mut cards = Vec::with_capacity(n);
        for p in a..a + n {
            match nat.iter().find(|&&c| pos_of(g, c, high) == p) {
                Some(&c) => cards.push((c, c)),
                None => cards.push((g.joker, g.code_at(suit, p))),
            }
        }
        if g.rules.no_double_joker && !ndj_run_ok(&cards, g.joker) {
            return None;
        }
        return Some(Layout { kind: MeldKind::Run, suit, a, b: a + n - 1, cards });
    }
    None
}

/// A run on the cycle of ranks ([`GridShape::Cycle`]): in the order given if
/// that is ascending round the cycle, else the naturals' shortest arc with the
/// jokers in its gaps and then above it. Its cells run from `a` to `b`, which
/// passes the last cell (12) where the run crosses the cut: cell `p` is `p % 13`.
pub(super) fn cycle_run_layout(g: &GridGame, codes: &[u8], nat: &[u8], suit: usize) -> Option<Layout> {
    let (n, cells) = (codes.len(), g.rules.npos);
    let mut pos: Vec<usize> = nat.iter().map(|&c| (c % 13) as usize).collect();
    pos.sort_unstable();
    if pos.windows(2).any(|w| w[0] == w[1]) {
        return None;
    }
    let first_nat = codes.iter().position(|&c| c != g.joker)?;
    let given = ((codes[first_nat] % 13) as usize + cells * 2 - first_nat) % cells;
    let fits = |a: usize| codes.iter().enumerate().all(|(i, &c)| c == g.joker || (c % 13) as usize == (a + i) % cells);
    let a = if fits(given) {
        given
    } else {
        // (the arc starts after the widest gap between neighbouring naturals round the cycle)
        let k = pos.len();
        let widest =
            (0..k).max_by_key(|&i| (pos[(i + 1) % k] + cells - pos[i] - 1) % cells + (k == 1) as usize * cells)?;
        let lo = pos[(widest + 1) % k];
        let span = (pos[widest] + cells - lo) % cells + 1;
        if span > n {
            return None;
        }
        lo
    };
    let mut cards = Vec::with_capacity(n);
    for p in a..a + n {
        let code = g.code_at(suit, p % cells);
        cards.push(if nat.contains(&code) { (code, code) } else { (g.joker, code) });
    }
    Some(Layout { kind: MeldKind::Run, suit, a, b: a + n - 1, cards })
}

/// The grid cell of card `c` in its suit's row: an ace in the last cell where
/// it is `high`.
pub(super) fn pos_of(_g: &GridGame, c: u8, high: bool) -> usize {
    let p = (c % 13) as usize;
    if high && p == 0 {
        13
    } else {
        p
    }
}

/// Rommé `no_double_joker` for a laid-out run: two adjacent jokers only in a run of ≥ 4.
pub fn ndj_run_ok(cards: &[(u8, u8)], joker: u8) -> bool {
    let adjacent = cards.windows(2).any(|w| w[0].0 == joker && w[1].0 == joker);
    !(adjacent && cards.len() < 4)
}

/// Checks a table meld, naming it in the error.
pub fn check_meld(
    g: &GridGame,
    codes: &[u8],
    index: usize,
    tokens: &dyn Fn(u8) -> String,
) -> Result<Layout, EngineError> {
    layout(g, codes).ok_or_else(|| {
        let text: Vec<String> = codes.iter().map(|&c| tokens(c)).collect();
        EngineError::new(format!("table meld {} ({}) is not a valid {} meld", index + 1, text.join(" "), g.game.id()))
    })
}

/// Number of positions a grid game needs.
pub fn positions(game: Game) -> usize {
    match game {
        Game::Romme => MAX_POS,
        _ => 13,
    }
}
