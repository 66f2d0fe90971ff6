//! The place move of the three table games (Rommé, 1x1-Rommé, Rummy): a whole new table for the
//! old one, laid from the hand of the seat to move. Rommé's meld, lay-off and joker swap are
//! shortcuts of it.
//!
//! This module holds what their judges share: reading a position against the deck, the table diff
//! (the melds added and removed, the cards placed from the hand and taken back), the checks the
//! games make alike (every placed card in the hand, a card kept for the discard, every new meld
//! read as it declares, the opening), the verdict and the quoting of messages. Each game's judge
//! ([`crate::romme::place`], [`crate::rummy::place`], [`crate::einmaleins::place`]) reads melds
//! with its own reader, adds its own rules and orders the checks as the game's messages have
//! always come.

use crate::meld::EngineError;
use crate::rummy::listing::{MeldCards, Pair};

/// What a legal place move moves: the hand cards it lays and the table cards it gives the hand
/// (each code once per copy, ascending).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moved {
    /// The hand cards the new table holds more of.
    pub placed: Vec<u8>,
    /// The table cards it holds fewer of (back to the hand).
    pub taken: Vec<u8>,
}

/// The judgement of a place move: what it does (the cards it moves; Rommé's judge adds the new
/// table and the turn after it), or the rule it breaks (a message naming it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict<L = Moved> {
    /// The move is legal.
    Legal(L),
    /// The move breaks the rule named.
    Illegal(String),
}

/// The deck a judge reads tables and hands of: the game's name in messages, its card types, and
/// how a message names a card.
pub struct TableDeck {
    /// The game as messages name it (`Rommé`, `Rummy`, `1x1-Rommé`).
    pub game: &'static str,
    /// Card types: codes are `0..types`, a hand is `types` counts by code.
    pub types: usize,
    /// A card's token (`R7`, `W`, `*`).
    pub token: fn(u8) -> String,
}

impl TableDeck {
    /// An error unless every card of `table` (code and what it stands for) is a card of the deck;
    /// what each card declares is the meld reader's to judge.
    pub fn check_table<M: AsRef<[Pair]>>(&self, table: &[M], what: &str) -> Result<(), EngineError> {
        let foreign = |&&(c, s): &&Pair| c as usize >= self.types || s as usize >= self.types;
        match table.iter().flat_map(|m| m.as_ref()).find(foreign) {
            Some((c, s)) => Err(EngineError::new(format!("{what} holds no {} card ({c}, {s})", self.game))),
            None => Ok(()),
        }
    }

    /// An error unless `hand` is one count per card type.
    pub fn check_hand(&self, hand: &[u8]) -> Result<(), EngineError> {
        if hand.len() == self.types {
            return Ok(());
        }
        Err(EngineError::new(format!("a {} hand is {} counts by code, got {}", self.game, self.types, hand.len())))
    }

    /// What the place move from `old` to `new` changes, once `hand`, `old` and `new` are known to be
    /// a position of this deck (else an error naming what is not).
    pub fn change<'a, M: AsRef<[Pair]>>(
        &self,
        old: &'a [M],
        new: &'a [M],
        hand: &[u8],
    ) -> Result<TableChange<'a, M>, EngineError> {
        self.check_hand(hand)?;
        self.check_table(old, "the table")?;
        self.check_table(new, "the new table")?;
        Ok(TableChange::between(old, new, self.types))
    }

    /// A meld as the table notation writes it (`H12 W=H18 H24`: a wild with the card it stands for).
    pub fn meld_text(&self, meld: &[Pair]) -> String {
        let token = self.token;
        let card = |&(c, s): &Pair| if c == s { token(c) } else { format!("{}={}", token(c), token(s)) };
        meld.iter().map(card).collect::<Vec<_>>().join(" ")
    }

    /// Cards by their tokens, space separated (`R7 R8 *`).
    pub fn cards_text(&self, cards: &[u8]) -> String {
        cards.iter().map(|&c| (self.token)(c)).collect::<Vec<_>>().join(" ")
    }
}

/// A text quoted as the package's messages quote it (`romme.errors.quote`: the repr, cut after 40
/// characters with the length added).
pub fn quoted(text: &str) -> String {
    let repr = format!("'{text}'");
    let n = repr.chars().count();
    if n <= 40 {
        repr
    } else {
        format!("{}…({n} characters)", repr.chars().take(40).collect::<String>())
    }
}

/// Whether `meld` is a meld declaring what it declares: `is_meld` accepts its codes as a meld at
/// all, and `read` (the game's reader of cards with their declarations) reads it as itself: the same
/// cards standing for the same cards, in any order.
pub fn declares_itself(
    meld: &[Pair],
    is_meld: impl Fn(&[u8]) -> bool,
    read: impl Fn(&[(u8, Option<u8>)]) -> Option<MeldCards>,
) -> bool {
    let codes: Vec<u8> = meld.iter().map(|p| p.0).collect();
    if !is_meld(&codes) {
        return false;
    }
    let draft: Vec<(u8, Option<u8>)> = meld.iter().map(|&(c, s)| (c, Some(s))).collect();
    read(&draft).is_some_and(|mut read| {
        let mut own = meld.to_vec();
        read.sort_unstable();
        own.sort_unstable();
        read == own
    })
}

/// The refusal of a move that leaves the hand empty where the game ends a turn by a discard.
pub const KEEP_ONE_TO_DISCARD: &str = "going out is only by discarding the last card: keep one card to discard";

/// The codes of `counts` (by code), each once per copy, ascending.
pub fn cards_of(counts: &[i32]) -> Vec<u8> {
    let copies = |(c, &n): (usize, &i32)| std::iter::repeat_n(c as u8, n.max(0) as usize);
    counts.iter().enumerate().flat_map(copies).collect()
}

/// Per meld of `after` (a table search's answer), the place (from 0) of the meld of `before` (the
/// table it rebuilt) holding the same cards as a multiset, wilds included, or `None`: a move built
/// from a search answer gives such a meld as it lies on the table (its card order, what its wilds
/// stand for), since the search writes every meld in its own reading (Rommé's `* Js Qs` as
/// `Js Qs *=Ks`, a set sorted). Matched one to one in table order (a double deck holds equal
/// melds). The one home of that rule: the Rummy expert's searched turn asks it here, the Python
/// moves built from answers through `_core.unchanged_melds`.
pub fn unchanged_melds<T: Ord + Clone, B: AsRef<[T]>, A: AsRef<[T]>>(before: &[B], after: &[A]) -> Vec<Option<usize>> {
    // (every meld of `before` sorted into one list, each a range of it, and each of `after` sorted into one
    // list used again: the Rummy expert asks this every placing turn, and a list per meld cost more than the
    // matching)
    let mut keys: Vec<T> = Vec::with_capacity(before.iter().map(|m| m.as_ref().len()).sum());
    let mut ranges: Vec<Option<(usize, usize)>> = Vec::with_capacity(before.len());
    for m in before {
        let start = keys.len();
        keys.extend_from_slice(m.as_ref());
        keys[start..].sort_unstable();
        ranges.push(Some((start, keys.len())));
    }
    let mut key: Vec<T> = Vec::new();
    after
        .iter()
        .map(|m| {
            key.clear();
            key.extend_from_slice(m.as_ref());
            key.sort_unstable();
            // (the first meld of `before` not matched yet, in table order)
            let at = ranges.iter().position(|r| r.is_some_and(|(a, b)| keys[a..b] == key[..]))?;
            ranges[at] = None;
            Some(at)
        })
        .collect()
}

/// What a place move changes on the table: the melds of the new table the old one lacks
/// (`added`, in their order on the new table) and those of the old one the new one lacks
/// (`removed`, in the order of their first place on the old table), melds kept in both matched one
/// for one (the same cards declaring the same wilds, in order); and by code the hand cards placed
/// (the cards the new table holds more of) and the table cards taken back (those it holds fewer of).
/// A meld is anything holding its `(code, stands_for)` pairs (a game's own meld type needs no copy).
pub struct TableChange<'a, M = MeldCards> {
    /// The old table, whole.
    pub old: &'a [M],
    /// The new table, whole.
    pub new: &'a [M],
    /// New melds.
    pub added: Vec<&'a M>,
    /// Melds gone from the table.
    pub removed: Vec<&'a M>,
    /// The places (from 0) of the added melds on the new table, one for one.
    pub added_at: Vec<usize>,
    /// The places (from 0) of the removed melds on the old table, one for one (of copies of a meld
    /// the last ones are removed: the first ones are matched with the new table's copies).
    pub removed_at: Vec<usize>,
    /// Cards placed from the hand, counts by code.
    pub placed: Vec<i32>,
    /// Table cards taken back, counts by code.
    pub taken: Vec<i32>,
    /// The codes of the deck's wilds (ascending), which the pairing of old and new melds does not count as
    /// shared naturals ([`TableChange::with_wilds`]; none unless given).
    pub wilds: Vec<u8>,
}

impl<'a, M: AsRef<[Pair]>> TableChange<'a, M> {
    /// The change from `old` to `new` for a deck of `types` card codes (every code below it).
    pub fn between(old: &'a [M], new: &'a [M], types: usize) -> TableChange<'a, M> {
        let (was, whole) = (old, new);
        let same = |a: &M, b: &M| a.as_ref() == b.as_ref();
        // Melds at the same place in both (the usual case: a move built from the old table) are kept.
        let mut i = 0;
        while i < old.len() && i < new.len() && same(&old[i], &new[i]) {
            i += 1;
        }
        let mut j = 0;
        while j < old.len() - i && j < new.len() - i && same(&old[old.len() - 1 - j], &new[new.len() - 1 - j]) {
            j += 1;
        }
        let (old, new) = (&old[i..old.len() - j], &new[i..new.len() - j]);
        // each distinct old meld (its first place) with how many copies are not matched yet
        let mut left: Vec<(usize, usize)> = Vec::new();
        for (k, m) in old.iter().enumerate() {
            match left.iter_mut().find(|(f, _)| same(&old[*f], m)) {
                Some((_, n)) => *n += 1,
                None => left.push((k, 1)),
            }
        }
        let (mut added, mut added_at) = (Vec::new(), Vec::new());
        for (k, m) in new.iter().enumerate() {
            match left.iter_mut().find(|(f, n)| *n > 0 && same(&old[*f], m)) {
                Some((_, n)) => *n -= 1,
                None => {
                    added.push(m);
                    added_at.push(i + k);
                }
            }
        }
        let (mut removed, mut removed_at) = (Vec::new(), Vec::new());
        for (first, n) in left.into_iter().filter(|&(_, n)| n > 0) {
            let copies = (first..old.len()).filter(|&k| same(&old[k], &old[first])).collect::<Vec<_>>();
            for &k in &copies[copies.len() - n..] {
                removed.push(&old[k]);
                removed_at.push(i + k);
            }
        }
        let counts = |melds: &[&M]| {
            let mut out = vec![0i32; types];
            for &(c, _) in melds.iter().flat_map(|m| m.as_ref()) {
                out[c as usize] += 1;
            }
            out
        };
        let (gain, loss) = (counts(&added), counts(&removed));
        let placed = gain.iter().zip(&loss).map(|(g, l)| (g - l).max(0)).collect();
        let taken = gain.iter().zip(&loss).map(|(g, l)| (l - g).max(0)).collect();
        TableChange { old: was, new: whole, added, removed, added_at, removed_at, placed, taken, wilds: Vec::new() }
    }

    /// The same change with the cards of codes `wilds` read as the deck's wilds (Rommé's and Rummy's joker,
    /// 1x1-Rommé's wish card) by the pairing of old and new melds ([`TableChange::goes_on_from`]).
    pub fn with_wilds(mut self, wilds: &[u8]) -> TableChange<'a, M> {
        self.wilds = wilds.to_vec();
        self.wilds.sort_unstable();
        self.wilds.dedup();
        self
    }

    /// The change between two tables of any codes: the deck is as large as the largest code.
    pub fn of_codes(old: &'a [M], new: &'a [M]) -> TableChange<'a, M> {
        let top = old.iter().chain(new).flat_map(|m| m.as_ref()).map(|p| p.0 as usize + 1).max();
        TableChange::between(old, new, top.unwrap_or(0))
    }

    /// How many table cards change meld as a player counts them: each removed meld goes on as the one
    /// added meld holding most of its cards (by code; each added meld goes on from one removed meld at
    /// most, the pairs chosen to keep the most cards), its other cards move, the cards taken back among
    /// them. Laying off moves none, a card taken off a meld one, a meld parted in two the smaller part.
    /// A pair must share naturals, not wilds ([`TableChange::with_wilds`]): two or more, or the old meld's
    /// one natural (`5h * *` goes on as `5h 6h 7h`, its jokers swapped). A wild is like every other copy of
    /// it, so it tells a player nothing of where a meld went: `7d 7s 7h *` whose 7s and joker went into
    /// `7s 8s *` was taken apart (the log says 'take apart 7d 7s 7h *', not '… becomes 7s 8s *'). A meld of
    /// wilds only goes on as no other. A card wild only where it lies (1x1-Rommé's 1-card in a run of its own
    /// symbol) is a natural here: the one H1 of the deck, seen wherever it lies. A new meld holding one card
    /// of an old one does not go on from it: a run 5h 6h 7h whose cards went into three sets was taken apart,
    /// all three moved (the log says 'take apart 5h 6h 7h').
    /// (The table search's own count, `TableSolution::moved`, is its tie-break: every card of a meld that
    /// does not stay whole.)
    pub fn changed_meld(&self) -> u32 {
        let cards: usize = self.removed.iter().map(|m| m.as_ref().len()).sum();
        let kept: i64 = self.gone_on().iter().map(|&(_, _, n)| n).sum();
        (cards as i64 - kept).max(0) as u32
    }

    /// Per meld of the new table, the place on the old table of the meld it goes on from as a player follows
    /// the melds, or `None` (a new meld): a meld kept as it lay from a copy the move keeps (copies matched one
    /// for one in table order), an added meld from the removed meld it goes on as by [`TableChange::changed_meld`]'s
    /// pairing (two or more naturals shared, or the old meld's one natural; one to one, the pairs keeping the
    /// most cards). The one home of that
    /// rule: the table's marks of what is new to a player (`_core.TableChange.goes_on_from`) follow it too.
    pub fn goes_on_from(&self) -> Vec<Option<usize>> {
        let mut out = vec![None; self.new.len()];
        let mut taken = vec![false; self.old.len()]; // old melds removed or already matched
        for &k in &self.removed_at {
            taken[k] = true;
        }
        let mut added = vec![false; self.new.len()];
        for &k in &self.added_at {
            added[k] = true;
        }
        for (k, m) in self.new.iter().enumerate().filter(|&(k, _)| !added[k]) {
            let j = (0..self.old.len()).find(|&j| !taken[j] && self.old[j].as_ref() == m.as_ref());
            if let Some(j) = j {
                taken[j] = true;
                out[k] = Some(j);
            }
        }
        for (r, a, _) in self.gone_on() {
            out[self.added_at[a]] = Some(self.removed_at[r]);
        }
        out
    }

    /// The removed melds that go on as added ones: `(place in removed, place in added, cards kept)`, each pair
    /// sharing two naturals or more by code, or the old meld's only natural, one to one, the pairs chosen to keep
    /// the most cards (wilds included: a joker that stays in its meld does not move).
    fn gone_on(&self) -> Vec<(usize, usize, i64)> {
        let codes = |m: &M| {
            let mut c: Vec<u8> = m.as_ref().iter().map(|p| p.0).collect();
            c.sort_unstable();
            c
        };
        let (gone, laid): (Vec<Vec<u8>>, Vec<Vec<u8>>) =
            (self.removed.iter().map(|&m| codes(m)).collect(), self.added.iter().map(|&m| codes(m)).collect());
        let natural =
            |m: &Vec<u8>| -> Vec<u8> { m.iter().copied().filter(|c| self.wilds.binary_search(c).is_err()).collect() };
        let (gone_nat, laid_nat): (Vec<Vec<u8>>, Vec<Vec<u8>>) =
            (gone.iter().map(natural).collect(), laid.iter().map(natural).collect());
        let kept = |r: usize, c: usize| {
            let naturals = common(&gone_nat[r], &laid_nat[c]);
            let goes_on = naturals >= 2 || (naturals == 1 && gone_nat[r].len() == 1);
            if goes_on {
                common(&gone[r], &laid[c])
            } else {
                0
            }
        };
        let shared: Vec<Vec<i64>> = (0..gone.len()).map(|r| (0..laid.len()).map(|c| kept(r, c)).collect()).collect();
        // (only the melds sharing naturals so with one of the other side go into the matching, whose work is
        // cubic in them: a meld taken apart or one of hand cards shares with none)
        let rows: Vec<usize> = (0..gone.len()).filter(|&r| shared[r].iter().any(|&n| n > 0)).collect();
        let cols: Vec<usize> = (0..laid.len()).filter(|&c| shared.iter().any(|row| row[c] > 0)).collect();
        let w: Vec<Vec<i64>> = rows.iter().map(|&r| cols.iter().map(|&c| shared[r][c]).collect()).collect();
        let pairs = best_match(&w).into_iter().enumerate();
        pairs.filter_map(|(i, c)| c.filter(|&c| w[i][c] > 0).map(|c| (rows[i], cols[c], w[i][c]))).collect()
    }

    /// How many hand cards the move places.
    pub fn placed_count(&self) -> i32 {
        self.placed.iter().sum()
    }

    /// How many table cards the move takes back.
    pub fn taken_count(&self) -> i32 {
        self.taken.iter().sum()
    }

    /// The cards the move moves (the verdict of a legal move).
    pub fn moved(&self) -> Moved {
        Moved { placed: cards_of(&self.placed), taken: cards_of(&self.taken) }
    }

    /// The first card the move places that `hand` (counts by code) does not hold that often, or
    /// `None`. The new table is read in order, each card beyond the copies the old table holds
    /// laid from the hand: the card named is the first the hand runs out of.
    pub fn first_not_held(&self, hand: &[u8]) -> Option<u8> {
        let mut total = vec![0i32; self.placed.len()];
        for &(c, _) in self.new.iter().flat_map(|m| m.as_ref()) {
            total[c as usize] += 1;
        }
        // occurrence k (from 1) of code c is laid from the hand once k > kept[c]
        let kept: Vec<i32> = total.iter().zip(&self.placed).map(|(t, p)| t - p).collect();
        let mut seen = vec![0i32; self.placed.len()];
        self.new.iter().flat_map(|m| m.as_ref()).map(|&(c, _)| c).find(|&c| {
            seen[c as usize] += 1;
            seen[c as usize] > kept[c as usize] + hand[c as usize] as i32
        })
    }

    /// The refusal of a move that places a card `hand` (counts by code) does not hold
    /// ([`TableChange::first_not_held`]), or `None`.
    pub fn not_in_hand(&self, hand: &[u8], deck: &TableDeck) -> Option<String> {
        let c = self.first_not_held(hand)?;
        Some(format!("{} is placed but is not in the hand", (deck.token)(c)))
    }

    /// How many cards `hand` (counts by code) holds after the move.
    pub fn left_in_hand(&self, hand: &[u8]) -> i32 {
        hand.iter().map(|&n| n as i32).sum::<i32>() - self.placed_count() + self.taken_count()
    }

    /// The hand (counts by code) after the move, as codes ascending: less the cards placed, with
    /// the cards taken back. Meant for a move whose placed cards the hand holds.
    pub fn hand_after(&self, hand: &[u8]) -> Vec<u8> {
        let after: Vec<i32> =
            hand.iter().zip(self.placed.iter().zip(&self.taken)).map(|(&h, (p, t))| h as i32 - p + t).collect();
        cards_of(&after)
    }

    /// The refusal naming the first new meld that `is_valid` refuses, or `None`.
    pub fn invalid_meld(&self, is_valid: impl Fn(&M) -> bool, deck: &TableDeck) -> Option<String> {
        let m = self.added.iter().find(|m| !is_valid(m))?;
        Some(format!("{} is not a valid meld", quoted(&deck.meld_text(m.as_ref()))))
    }

    /// The refusal of an opening that changes the table's melds or whose new melds are worth fewer
    /// than `minimum` by `points` (the message says what counts: `counted`), or `None`.
    pub fn opening_refusal(&self, minimum: i32, points: impl Fn(&[Pair]) -> i32, counted: &str) -> Option<String> {
        if !self.removed.is_empty() {
            return Some("the opening lays new melds from the hand only; the table must stay as it is".into());
        }
        let pts: i32 = self.added.iter().map(|m| points(m.as_ref())).sum();
        (pts < minimum).then(|| format!("the opening needs {minimum} points from {counted}, these make {pts}"))
    }
}

/// How many cards two sorted code lists share (as multisets).
fn common(a: &[u8], b: &[u8]) -> i64 {
    let (mut i, mut j, mut n) = (0, 0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => (i, j, n) = (i + 1, j + 1, n + 1),
        }
    }
    n
}

/// Per row of `w`, the column it is matched to, rows to columns one to one, the pairs' sum of `w[r][c]` the
/// largest (the Hungarian method, O(rows² · columns); weights ≥ 0, so a row may as well be matched to a column
/// it shares nothing with). A greedy match of the largest shares first falls short: rows {3, 2} and {2, 0}
/// keep 3 so, 4 crossed.
fn best_match(w: &[Vec<i64>]) -> Vec<Option<usize>> {
    let (n, m) = (w.len(), w.first().map_or(0, Vec::len));
    if n == 0 || m == 0 {
        return vec![None; n];
    }
    if n > m {
        let turned: Vec<Vec<i64>> = (0..m).map(|c| w.iter().map(|row| row[c]).collect()).collect();
        let mut out = vec![None; n];
        for (c, r) in best_match(&turned).into_iter().enumerate() {
            if let Some(r) = r {
                out[r] = Some(c);
            }
        }
        return out;
    }
    // costs -w, potentials u (rows) and v (columns), p[c]: the row matched to column c (from 1; 0 none)
    let inf = i64::MAX / 4;
    let (mut u, mut v) = (vec![0i64; n + 1], vec![0i64; m + 1]);
    let (mut p, mut way) = (vec![0usize; m + 1], vec![0usize; m + 1]);
    for row in 1..=n {
        p[0] = row;
        let mut c0 = 0;
        let (mut least, mut used) = (vec![inf; m + 1], vec![false; m + 1]);
        loop {
            used[c0] = true;
            let r0 = p[c0];
            let (mut delta, mut c1) = (inf, 0);
            for c in 1..=m {
                if !used[c] {
                    let cost = -w[r0 - 1][c - 1] - u[r0] - v[c];
                    if cost < least[c] {
                        least[c] = cost;
                        way[c] = c0;
                    }
                    if least[c] < delta {
                        delta = least[c];
                        c1 = c;
                    }
                }
            }
            for c in 0..=m {
                if used[c] {
                    u[p[c]] += delta;
                    v[c] -= delta;
                } else {
                    least[c] -= delta;
                }
            }
            c0 = c1;
            if p[c0] == 0 {
                break;
            }
        }
        while c0 != 0 {
            let c1 = way[c0];
            p[c0] = p[c1];
            c0 = c1;
        }
    }
    let mut out = vec![None; n];
    for c in (1..=m).filter(|&c| p[c] != 0) {
        out[p[c] - 1] = Some(c - 1);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn token(code: u8) -> String {
        format!("c{code}")
    }

    const DECK: TableDeck = TableDeck { game: "Test", types: 10, token };

    fn meld(codes: &[u8]) -> MeldCards {
        codes.iter().map(|&c| (c, c)).collect()
    }

    #[test]
    fn unchanged_melds_match_the_same_cards_one_to_one() {
        let before: Vec<Vec<u8>> = vec![vec![9, 1, 2], vec![3, 4, 5], vec![3, 4, 5]];
        let after: Vec<Vec<u8>> = vec![vec![5, 4, 3], vec![1, 2, 9], vec![1, 2], vec![3, 5, 4], vec![4, 5, 3]];
        assert_eq!(unchanged_melds(&before, &after), vec![Some(1), Some(0), None, Some(2), None]);
        assert_eq!(unchanged_melds::<u8, Vec<u8>, Vec<u8>>(&[], &after[..1]), vec![None]);
    }

    #[test]
    fn the_diff_matches_kept_melds_one_for_one() {
        let (a, b, c) = (meld(&[1, 2, 3]), meld(&[4, 5, 6]), meld(&[1, 2, 3, 7]));
        // a grown meld: the old one removed, the new one added, its extra card placed
        let old = vec![a.clone(), b.clone()];
        let new = vec![c.clone(), b.clone()];
        let change = TableChange::between(&old, &new, 10);
        assert_eq!((&change.added, &change.removed), (&vec![&c], &vec![&a]));
        assert_eq!((&change.added_at, &change.removed_at), (&vec![0], &vec![0]));
        assert_eq!(cards_of(&change.placed), vec![7]);
        assert_eq!(change.taken_count(), 0);
        // two copies of a meld on the old table, one left: one removed, its cards taken back
        let old = vec![a.clone(), b.clone(), a.clone()];
        let new = vec![b.clone(), a.clone()];
        let change = TableChange::between(&old, &new, 10);
        assert_eq!((change.added.len(), &change.removed), (0, &vec![&a]));
        // the last a is kept at its place at the end of both tables: the first one is removed
        assert_eq!(change.removed_at, vec![0]);
        assert_eq!(change.moved(), Moved { placed: vec![], taken: vec![1, 2, 3] });
        // of copies in the middle the first ones are matched, the last ones removed
        let (before, after) = (vec![c.clone(), a.clone(), b.clone(), a.clone(), c.clone()], vec![b.clone(), a.clone()]);
        let change = TableChange::between(&before, &after, 10);
        assert_eq!((change.added_at, change.removed_at), (vec![], vec![0, 4, 3]));
        // melds in another order are the same table
        let shuffled = [a.clone(), a.clone(), b.clone()];
        let change = TableChange::between(&old, &shuffled, 10);
        assert!(change.added.is_empty() && change.removed.is_empty());
        // the same cards declaring another wild are another meld
        let declared = vec![(1, 1), (9, 2), (3, 3)];
        let free = [meld(&[1, 9, 3])];
        let change = TableChange::between(&free, std::slice::from_ref(&declared), 10);
        assert_eq!((&change.added, change.placed_count(), change.taken_count()), (&vec![&declared], 0, 0));
    }

    #[test]
    fn the_shared_checks_name_the_card_or_meld() {
        let old = vec![meld(&[1, 2, 3])];
        let new = vec![meld(&[1, 2, 3, 4]), meld(&[5, 6, 7])];
        let change = TableChange::between(&old, &new, 10);
        let mut hand = vec![0u8; 10];
        hand[4] = 1;
        hand[6] = 1;
        hand[7] = 1;
        assert_eq!(change.not_in_hand(&hand, &DECK).as_deref(), Some("c5 is placed but is not in the hand"));
        hand[5] = 1;
        assert_eq!(change.not_in_hand(&hand, &DECK), None);
        let no_sevens = |m: &MeldCards| !m.iter().any(|p| p.0 == 7);
        assert_eq!(change.invalid_meld(no_sevens, &DECK).as_deref(), Some("'c5 c6 c7' is not a valid meld"));
        let opening = change.opening_refusal(10, |m| m.len() as i32, "new melds");
        assert_eq!(
            opening.as_deref(),
            Some("the opening lays new melds from the hand only; the table must stay as it is")
        );
        let new = [meld(&[1, 2, 3]), meld(&[5, 6, 7])];
        let change = TableChange::between(&old, &new, 10);
        let opening = change.opening_refusal(10, |m| m.len() as i32, "new melds");
        assert_eq!(opening.as_deref(), Some("the opening needs 10 points from new melds, these make 3"));
        assert_eq!(change.opening_refusal(3, |m| m.len() as i32, "new melds"), None);
    }

    #[test]
    fn the_hand_check_names_the_first_card_the_hand_runs_out_of() {
        let counts = |codes: &[u8]| {
            let mut out = vec![0u8; 10];
            codes.iter().for_each(|&c| out[c as usize] += 1);
            out
        };
        // the new table read in order: the first 1 is the old table's, the second and third from the
        // hand, which holds one; 4 comes later (and the hand holds none of it either)
        let old = vec![meld(&[1, 2, 3])];
        let new = vec![meld(&[1, 2, 3]), meld(&[1, 5, 6]), meld(&[1, 5, 4])];
        let change = TableChange::between(&old, &new, 10);
        assert_eq!(change.first_not_held(&counts(&[1, 5, 5, 6])), Some(1));
        assert_eq!(change.first_not_held(&counts(&[1, 1, 5, 5, 6])), Some(4));
        assert_eq!(change.first_not_held(&counts(&[1, 1, 4, 5, 5, 6])), None);
        // a kept meld written after a new one still holds the old copies: 7 is the card short
        let old = vec![meld(&[1, 2, 3])];
        let new = vec![meld(&[1, 2, 3, 7]), meld(&[1, 2, 3])];
        let change = TableChange::between(&old, &new, 10);
        assert_eq!(change.first_not_held(&counts(&[1, 2])), Some(7));
        assert_eq!(
            change.not_in_hand(&counts(&[1, 2, 7]), &DECK).as_deref(),
            Some("c3 is placed but is not in the hand")
        );
        // what is left in the hand and the hand after a legal move
        let hand = counts(&[1, 2, 3, 7, 9]);
        assert_eq!((change.left_in_hand(&hand), change.hand_after(&hand)), (1, vec![9]));
        let taking = TableChange::between(&new, &old, 10);
        assert_eq!(taking.hand_after(&counts(&[9])), vec![1, 2, 3, 7, 9]);
    }

    #[test]
    fn bad_input_is_an_error_and_long_texts_are_cut() {
        assert!(DECK.check_table(&[vec![(10, 1)]], "the table").is_err());
        assert!(DECK.check_table(&[vec![(1, 10)]], "the table").is_err());
        assert!(DECK.check_table(&[meld(&[0, 9])], "the table").is_ok());
        assert!(DECK.check_hand(&[0; 9]).is_err() && DECK.check_hand(&[0; 10]).is_ok());
        assert_eq!(DECK.meld_text(&[(1, 1), (9, 2)]), "c1 c9=c2");
        assert_eq!(quoted("abc"), "'abc'");
        let long = "x".repeat(50);
        assert_eq!(quoted(&long), format!("'{}…(52 characters)", "x".repeat(39)));
        let any = |_: &[u8]| true;
        assert!(declares_itself(&[(1, 1), (2, 2)], any, |_| Some(vec![(2, 2), (1, 1)])));
        assert!(!declares_itself(&[(1, 1), (2, 2)], any, |_| Some(vec![(2, 2), (1, 3)])));
        assert!(!declares_itself(&[(1, 1)], any, |_| None));
        assert!(!declares_itself(&[(1, 1)], |_| false, |_| Some(vec![(1, 1)])));
    }

    #[test]
    fn a_card_changes_meld_as_a_player_counts_it() {
        let changed = |old: &[&[u8]], new: &[&[u8]]| {
            let (old, new): (Vec<MeldCards>, Vec<MeldCards>) =
                (old.iter().map(|m| meld(m)).collect(), new.iter().map(|m| meld(m)).collect());
            TableChange::between(&old, &new, 30).changed_meld()
        };
        // laid off on (grown at either end): nothing moves
        assert_eq!(changed(&[&[1, 2, 3], &[7, 8, 9]], &[&[0, 1, 2, 3, 4], &[7, 8, 9]]), 0);
        // one card taken off a run into a new meld of hand cards: one moves (the table search counts 4)
        assert_eq!(changed(&[&[1, 2, 3, 4]], &[&[1, 2, 3], &[4, 14, 24]]), 1);
        // a run parted in two: the smaller part moves; two melds joined: the smaller one
        assert_eq!(changed(&[&[1, 2, 3, 4, 5, 6, 7]], &[&[1, 2, 3], &[4, 5, 6, 7]]), 3);
        assert_eq!(changed(&[&[1, 2, 3], &[4, 5, 6, 7]], &[&[1, 2, 3, 4, 5, 6, 7]]), 3);
        // a run whose cards went one each into three sets: taken apart, all three moved
        assert_eq!(changed(&[&[1, 2, 3], &[9, 10, 11]], &[&[9, 10, 11], &[1, 21], &[2, 22], &[3, 23]]), 3);
        // a card taken back into the hand moves; the melds the cards went to match the most kept, not the
        // greedy's largest share first ({1 2 3} with 6 7 kept 3 so, 1 2 3 moving and 4 5 staying keep 4)
        assert_eq!(changed(&[&[1, 2, 3, 4]], &[&[1, 2, 3]]), 1);
        assert_eq!(changed(&[&[1, 2, 3, 4, 5], &[6, 7]], &[&[1, 2, 3, 6, 7], &[4, 5]]), 3);
        // the same cards declaring other wilds stay; of two copies of a card one moves, two go back
        let old = vec![vec![(1, 1), (2, 2), (29, 3)]];
        let new = vec![vec![(29, 0), (1, 1), (2, 2)]];
        assert_eq!(TableChange::between(&old, &new, 30).changed_meld(), 0);
        assert_eq!(changed(&[&[1, 2, 3], &[1, 11, 21]], &[&[1, 2, 3, 1]]), 3);
        assert_eq!(best_match(&[vec![3, 2], vec![2, 0]]), vec![Some(1), Some(0)]);
        assert_eq!(best_match(&[vec![1], vec![5], vec![2]]), vec![None, Some(0), None]);
        assert_eq!(best_match(&[vec![0, 4, 1]]), vec![Some(1)]);
    }

    #[test]
    fn a_meld_goes_on_from_the_old_meld_the_changed_count_pairs_it_with() {
        let from = |old: &[&[u8]], new: &[&[u8]]| {
            let (old, new): (Vec<MeldCards>, Vec<MeldCards>) =
                (old.iter().map(|m| meld(m)).collect(), new.iter().map(|m| meld(m)).collect());
            TableChange::between(&old, &new, 30).goes_on_from()
        };
        // two decks: 5 laid off on the twin 2 3 4, the run 3 4 5 beside it kept as it lay (a greedy pairing by
        // the largest share took the new 2 3 4 5 for the old 3 4 5)
        assert_eq!(from(&[&[3, 4, 5], &[2, 3, 4]], &[&[2, 3, 4, 5], &[3, 4, 5]]), vec![Some(1), Some(0)]);
        // a run 5..9 split in two (4 laid before 5 6), the twin 7 laid before 8 9 10: the pairs keep 6 cards
        let split = from(&[&[5, 6, 7, 8, 9], &[8, 9, 10]], &[&[7, 8, 9, 10], &[4, 5, 6], &[7, 8, 9]]);
        assert_eq!(split, vec![Some(1), None, Some(0)]);
        // copies kept one for one; a meld sharing one card with an old one is new
        assert_eq!(
            from(&[&[1, 2, 3], &[1, 2, 3]], &[&[1, 2, 3], &[4, 5, 6], &[1, 2, 3]]),
            vec![Some(0), None, Some(1)]
        );
        assert_eq!(from(&[&[1, 2, 3, 4]], &[&[1, 2, 3], &[4, 14, 24]]), vec![Some(0), None]);
        assert_eq!(from(&[&[1, 2, 3]], &[]), vec![]);
    }

    #[test]
    fn a_meld_goes_on_only_where_it_shares_naturals() {
        // 29 is the deck's wild (a joker); 1 2 3 are 7d 7s 7h, 4 is 8s, 5 is 5h, 6 7 are 6h 7h, 8 is 8c
        let change = |old: &[&[u8]], new: &[&[u8]], wilds: &[u8]| {
            let (old, new): (Vec<MeldCards>, Vec<MeldCards>) =
                (old.iter().map(|m| meld(m)).collect(), new.iter().map(|m| meld(m)).collect());
            let change = TableChange::between(&old, &new, 30).with_wilds(wilds);
            (change.goes_on_from(), change.changed_meld())
        };
        // '7d 7s 7h *' whose 7s and joker went into '7s 8s *': one natural shared, the set taken apart, all four
        // cards moved (counting the joker, the set went on as the run, two moved)
        let (old, new): (&[&[u8]], &[&[u8]]) = (&[&[1, 2, 3, 29]], &[&[2, 4, 29], &[1, 11, 21], &[3, 13, 23]]);
        assert_eq!(change(old, new, &[29]), (vec![None, None, None], 4));
        assert_eq!(change(old, new, &[]), (vec![Some(0), None, None], 2));
        // '5h * *' turned into '5h 6h 7h' and '* * 8c': the run keeps the old meld's one natural, its jokers swapped
        let (old, new): (&[&[u8]], &[&[u8]]) = (&[&[5, 29, 29]], &[&[5, 6, 7], &[29, 29, 8]]);
        assert_eq!(change(old, new, &[29]), (vec![Some(0), None], 2));
        assert_eq!(change(old, new, &[]), (vec![None, Some(0)], 1));
        // a meld of wilds only goes on as no other; a wild staying in its meld does not move
        assert_eq!(change(&[&[29, 29, 29]], &[&[29, 29, 8]], &[29]), (vec![None], 3));
        assert_eq!(change(&[&[1, 29, 3]], &[&[1, 29, 3, 4]], &[29]), (vec![Some(0)], 0));
        // two naturals shared go on whatever the wilds
        assert_eq!(change(&[&[1, 2, 29]], &[&[1, 2, 8]], &[29, 29]), (vec![Some(0)], 1));
    }
}
