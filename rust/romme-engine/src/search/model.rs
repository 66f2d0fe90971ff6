//! The grid the sweep works on: per suit and position, how many table and
//! hand naturals there are, how many jokers, and which table melds stay
//! locked (kept whole) in an anchored solve.

/// Most positions of a suit (Rommé: ace low 0, 2..K, ace high 13).
pub const MAX_POS: usize = 14;
/// Suits (colours, symbols) of every grid game.
pub const SUITS: usize = 4;

/// What the objective counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Hand cards placed.
    Cards,
    /// Hand points placed (the game's hand counting).
    Points,
    /// Hand cards placed minus table cards taken into the hand.
    Net,
}

impl Score {
    /// What `objective` counts.
    pub fn of(objective: super::TableObjective) -> Score {
        match objective {
            super::TableObjective::Cards => Score::Cards,
            super::TableObjective::Points => Score::Points,
            super::TableObjective::Net => Score::Net,
        }
    }
}

/// Meld rules the sweep needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridRules {
    /// Positions per suit (13, or 14 with the Rommé ace high).
    pub npos: usize,
    /// Aces sit at position 0 (low) and may instead sit at position npos-1 (high).
    pub ace_high: bool,
    /// How a suit's cells connect: a line, or the cycle of ranks (`wrap_around`).
    pub shape: GridShape,
    /// A meld needs ≥ 2 naturals when it holds ≥ 2 jokers, and a 3-run holds ≤ 1 joker
    /// (Rommé `no_double_joker`).
    pub no_double_joker: bool,
    /// Table cards may stay unplaced (taken into the hand).
    pub table_optional: bool,
    /// The position is read mirrored (Rommé: every rank r as 15 − r, the ace
    /// staying the ace, [`super::romme_mirror`]): a cell's hand value is its
    /// mirror cell's, so that `points` counts each card's own value.
    pub mirrored: bool,
    /// The position is read turned by this many ranks (Rommé `wrap_around`,
    /// a seam, [`super::universe::seam`]: the rank `turn` at the ace's cell),
    /// on the line: a cell's hand value is the value of the rank it held
    /// before the turn, so that `points` counts each card's own value.
    pub turn: u8,
}

impl GridRules {
    /// Rummy's grid: 13 cells on a line, the ace low only, every table card placed.
    pub const RUMMY: GridRules = GridRules {
        npos: 13,
        ace_high: false,
        shape: GridShape::Line,
        no_double_joker: false,
        table_optional: false,
        mirrored: false,
        turn: 0,
    };
}

/// How a suit's cells connect (docs/SEARCH-DESIGN.md §4.10).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GridShape {
    /// Runs end at the first and the last cell.
    Line,
    /// The 13 ranks as a cycle (Rommé `wrap_around`: K-A-2), read from a cut
    /// between two ranks: the position is turned so that cell 0 holds rank
    /// `cut` (cell `p` rank `(p + cut) % 13`) and no table run crosses the cut.
    /// Runs crossing it are the suit's *seam profile*, chosen at position 0
    /// ([`super::sweep::SeamProfiles`]).
    Cycle {
        /// The rank at cell 0.
        cut: u8,
        /// The suits (bits) whose cards around the cut let runs cross it.
        crossing: u8,
        /// A table run crossing the cut, read as two ([`SplitRun`]).
        split: Option<SplitRun>,
    },
}

/// A table run crossing the cycle's cut, read as two old melds: its part below
/// the cut (at the last cells, in the run's place among the table melds) and
/// its part above it (from cell 0, after the table melds). The run is kept
/// only where one new meld holds both parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SplitRun {
    /// Its suit.
    pub suit: u8,
    /// The table index of its part below the cut.
    pub below: u8,
    /// The table index of its part above the cut.
    pub above: u8,
}

impl GridShape {
    /// Whether runs may go on from the last cell to the first.
    pub fn is_cycle(self) -> bool {
        matches!(self, GridShape::Cycle { .. })
    }

    /// Whether runs of suit `s` may cross the cut (never on the line).
    pub fn crosses(self, s: usize) -> bool {
        matches!(self, GridShape::Cycle { crossing, .. } if crossing >> s & 1 == 1)
    }

    /// The table run crossing the cut, if any.
    pub fn split(self) -> Option<SplitRun> {
        match self {
            GridShape::Cycle { split, .. } => split,
            GridShape::Line => None,
        }
    }
}

/// A kept table run: suit, first and last position, and its jokers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LockedRun {
    /// Suit index.
    pub suit: usize,
    /// First position.
    pub a: usize,
    /// Last position (≥ a + 2).
    pub b: usize,
}

/// A kept table set of three that may take a fourth colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LockedGroup {
    /// Position (value).
    pub pos: usize,
    /// Colours already present (natural cards), as a bit mask.
    pub colours: u8,
    /// Jokers in it.
    pub jokers: u8,
}

/// The counts one sweep solves.
#[derive(Clone, Debug)]
pub struct Model {
    /// Meld rules.
    pub rules: GridRules,
    /// Free table naturals per suit and position (aces: position 0 only).
    pub t: [[u8; MAX_POS]; SUITS],
    /// Hand naturals per suit and position (aces: position 0 only).
    pub h: [[u8; MAX_POS]; SUITS],
    /// Free jokers (table jokers not in kept melds plus hand jokers).
    pub jokers: u8,
    /// Free table jokers (must be placed unless table cards are optional).
    pub table_jokers: u8,
    /// Kept runs starting at (suit, pos).
    pub lock_start: [[u8; MAX_POS]; SUITS],
    /// Kept runs ending at (suit, pos).
    pub lock_end: [[u8; MAX_POS]; SUITS],
    /// Kept sets of three per position.
    pub lock_groups: Vec<Vec<LockedGroup>>,
    /// What the objective counts.
    pub score: Score,
    /// Hand value of a natural per position (Points objective).
    pub hand_value: [i32; MAX_POS],
    /// Hand value of a joker.
    pub joker_value: i32,
}

impl Model {
    /// An empty model under `rules`.
    pub fn new(rules: GridRules, score: Score) -> Model {
        Model {
            rules,
            t: [[0; MAX_POS]; SUITS],
            h: [[0; MAX_POS]; SUITS],
            jokers: 0,
            table_jokers: 0,
            lock_start: [[0; MAX_POS]; SUITS],
            lock_end: [[0; MAX_POS]; SUITS],
            lock_groups: vec![Vec::new(); MAX_POS],
            score,
            hand_value: [0; MAX_POS],
            joker_value: 0,
        }
    }

    /// The objective score of `cnt` hand naturals placed at position `v`,
    /// with `taken` table cards left for the hand.
    #[inline]
    pub fn gain(&self, cnt: u32, v: usize, taken: u32) -> i32 {
        match self.score {
            Score::Cards => cnt as i32,
            Score::Points => cnt as i32 * self.hand_value[v],
            Score::Net => cnt as i32 - taken as i32,
        }
    }

    /// The objective score of the jokers: `hand` hand jokers placed, `taken` table jokers left.
    #[inline]
    pub fn joker_gain(&self, hand: u32, taken: u32) -> i32 {
        match self.score {
            Score::Cards => hand as i32,
            Score::Points => hand as i32 * self.joker_value,
            Score::Net => hand as i32 - taken as i32,
        }
    }

    /// Hand naturals plus hand jokers.
    pub fn hand_total(&self) -> u32 {
        let n: u32 = self.h.iter().flatten().map(|&x| x as u32).sum();
        n + (self.jokers - self.table_jokers.min(self.jokers)) as u32
    }
}
