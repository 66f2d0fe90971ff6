//! The typed, frozen answers of `romme._core`: melds, the cards placed in them, hand and table
//! solutions. Python reads them through getters; nothing on them can be changed.

use pyo3::prelude::*;
use pyo3::types::PyTuple;
use romme_engine::meld::{HandSolution as EngineHand, Meld as EngineMeld, MeldKind};
use romme_engine::table::TableSolution as EngineTable;

/// `set` or `run`.
pub(crate) fn kind_name(k: MeldKind) -> &'static str {
    match k {
        MeldKind::Set => "set",
        MeldKind::Run => "run",
    }
}

/// One card laid in a meld: its code and the natural card it stands for (itself unless wild).
#[pyclass(frozen, eq, hash, module = "romme._core")]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PlacedCard {
    /// The card's type code.
    #[pyo3(get)]
    code: u8,
    /// The natural card's code it represents (`code` for a natural card).
    #[pyo3(get)]
    stands_for: u8,
}

#[pymethods]
impl PlacedCard {
    /// Whether the card stands for another card (a joker, a wish card, a 1x1 value-1 card in a run).
    #[getter]
    fn is_wild(&self) -> bool {
        self.code != self.stands_for
    }

    fn __repr__(&self) -> String {
        format!("PlacedCard(code={}, stands_for={})", self.code, self.stands_for)
    }
}

/// A valid meld: set or run, its cards in meld order (runs ascending) and its points under the
/// game's meld counting.
#[pyclass(frozen, eq, module = "romme._core")]
#[derive(Clone, PartialEq, Eq)]
pub struct Meld {
    kind: &'static str,
    cards: Vec<(u8, u8)>,
    /// The meld's points (Rommé, 1x1-Rommé: opening points; Rummy: the natural numbers, jokers 0;
    /// Königs-Rommé: the natural values represented).
    #[pyo3(get)]
    points: i32,
}

impl Meld {
    pub(crate) fn of(m: &EngineMeld) -> Meld {
        Meld {
            kind: kind_name(m.kind),
            cards: m.cards.iter().map(|p| (p.code, p.stands_for)).collect(),
            points: m.points,
        }
    }
}

#[pymethods]
impl Meld {
    /// `set` or `run`.
    #[getter]
    fn kind(&self) -> &'static str {
        self.kind
    }

    /// The cards as :class:`PlacedCard` values, in meld order.
    #[getter]
    fn cards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.cards.iter().map(|&(code, stands_for)| PlacedCard { code, stands_for }))
    }

    /// The cards as `(code, stands_for)` pairs, in meld order.
    #[getter]
    fn pairs<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.cards.iter().copied())
    }

    /// The codes of the cards laid, in meld order.
    #[getter]
    fn codes(&self) -> Vec<u32> {
        self.cards.iter().map(|&(c, _)| c as u32).collect()
    }

    /// The natural cards represented, in meld order.
    #[getter]
    fn stands_for(&self) -> Vec<u32> {
        self.cards.iter().map(|&(_, s)| s as u32).collect()
    }

    fn __len__(&self) -> usize {
        self.cards.len()
    }

    fn __repr__(&self) -> String {
        format!("Meld(kind={:?}, cards={:?}, points={})", self.kind, self.cards, self.points)
    }
}

/// The answer of a hand solver (`solve_hand`, `solve_hands`); see docs/ARCHITECTURE.md.
#[pyclass(frozen, module = "romme._core")]
pub struct HandSolution {
    melds: Vec<Meld>,
    left: Vec<u8>,
    /// Points of the cards left under the game's hand counting.
    #[pyo3(get)]
    left_points: i32,
    /// Königs-Rommé: whether all but one card can be melded (None in the other games).
    #[pyo3(get)]
    can_go_out: Option<bool>,
    /// Königs-Rommé: the card to discard (None in the other games, or when there is none).
    #[pyo3(get)]
    discard: Option<u8>,
    /// Rommé, 1x1-Rommé, Rummy: the highest opening total reachable, None below the minimum.
    #[pyo3(get)]
    opening_points: Option<i32>,
    plays: Option<Vec<Vec<(u8, u8)>>>,
    /// Whether the answer is proven optimal (False: the exact solve reached its work
    /// limit and the answer is the best partition found).
    #[pyo3(get)]
    proven: bool,
}

impl HandSolution {
    pub(crate) fn of(s: &EngineHand) -> HandSolution {
        HandSolution {
            melds: s.melds.iter().map(Meld::of).collect(),
            left: s.left.clone(),
            left_points: s.left_points,
            can_go_out: s.can_go_out,
            discard: s.discard,
            opening_points: s.opening_points,
            plays: s.plays.clone(),
            proven: s.proven,
        }
    }
}

#[pymethods]
impl HandSolution {
    /// The melds of an optimal partition.
    #[getter]
    fn melds<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.melds.iter().cloned())
    }

    /// The cards not melded (codes).
    #[getter]
    fn left(&self) -> Vec<u32> {
        self.left.iter().map(|&c| c as u32).collect()
    }

    /// Krass Kariert: the plays in order, each a list of `(code, value)` (value: the number an X
    /// stands for); None in the other games.
    #[getter]
    fn plays(&self) -> Option<Vec<Vec<(u8, u8)>>> {
        self.plays.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "HandSolution(melds={}, left={:?}, left_points={}, proven={})",
            self.melds.len(),
            self.left,
            self.left_points,
            if self.proven { "True" } else { "False" }
        )
    }
}

/// The answer of the table search (`solve_table`); see docs/ARCHITECTURE.md.
#[pyclass(frozen, module = "romme._core")]
pub struct TableSolution {
    table: Vec<Meld>,
    placed: Vec<u8>,
    taken: Vec<u8>,
    /// Table cards whose meld did not stay whole.
    #[pyo3(get)]
    moved: u32,
    /// Whether the search proved the objective optimal (False when a budget or the work limit cut it).
    #[pyo3(get)]
    optimal: bool,
    /// Whether the fewest moved table cards are proven.
    #[pyo3(get)]
    moved_optimal: bool,
    /// Points of the hand cards placed.
    #[pyo3(get)]
    placed_points: i32,
    /// Whether the caller's budget (time or work; not the search's own work limit) cut the search.
    #[pyo3(get)]
    budget_cut: bool,
    /// Whether the answer is unproven only because the turn could swap a second table joker
    /// (Rommé without Räuber: one place-move holds one swap); nothing cut the search.
    #[pyo3(get)]
    second_swap: bool,
    /// The work the search spent, in the units of `work_budget` (a search's own
    /// limits and the mirror race's second thread not counted).
    #[pyo3(get)]
    work: u64,
}

impl TableSolution {
    pub(crate) fn of(s: &EngineTable, work: u64) -> TableSolution {
        TableSolution {
            table: s.melds.iter().map(Meld::of).collect(),
            placed: s.placed.clone(),
            taken: s.taken.clone(),
            moved: s.moved,
            optimal: s.optimal,
            moved_optimal: s.moved_optimal,
            placed_points: s.placed_points,
            budget_cut: s.budget_cut,
            second_swap: s.second_swap,
            work,
        }
    }
}

#[pymethods]
impl TableSolution {
    /// The whole new table.
    #[getter]
    fn table<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.table.iter().cloned())
    }

    /// The hand cards placed (codes).
    #[getter]
    fn placed(&self) -> Vec<u32> {
        self.placed.iter().map(|&c| c as u32).collect()
    }

    /// The table cards taken back into the hand (codes).
    #[getter]
    fn taken(&self) -> Vec<u32> {
        self.taken.iter().map(|&c| c as u32).collect()
    }

    fn __repr__(&self) -> String {
        format!(
            "TableSolution(table={}, placed={:?}, taken={:?}, moved={}, optimal={})",
            self.table.len(),
            self.placed,
            self.taken,
            self.moved,
            self.optimal
        )
    }
}

/// Adds the answer types to `romme._core`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PlacedCard>()?;
    m.add_class::<Meld>()?;
    m.add_class::<HandSolution>()?;
    m.add_class::<TableSolution>()?;
    Ok(())
}
