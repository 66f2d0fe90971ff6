//! Hand measures the Königs-Rommé expert decides by: how far a hand is from going out, the points
//! its best lay-down leaves, and both for every discard of a hand. Both are read off the DP value
//! (no melds built); the DPs of one question share their memo (adding wilds or taking one card out
//! leaves most sub-hands the same).

use super::{cards_left, check_input, check_size, points_left, Gen, Split, JOKER_COPIES, L, NATURAL_COPIES};
use crate::meld::{EngineError, Objective, Options};
use crate::partition::{
    contains, count, lowest, too_hard, total, Counts, FxMap, MeldGen, Solver, Step, HAND_STEPS, TAG_LEAVE,
};

/// The solvers of one question: per objective, its generator.
struct Gens {
    max_cards: Gen,
    min_left: Gen,
}

impl Gens {
    fn new(wr: u8) -> Gens {
        Gens {
            max_cards: Gen { objective: Objective::MaxCards, wr },
            min_left: Gen { objective: Objective::MinLeft, wr },
        }
    }
}

/// Wild cards of the deck not in a hand split as `split`: the most a distance may add.
fn spare_wilds(split: &Split) -> usize {
    usize::from(JOKER_COPIES + L.suits * NATURAL_COPIES).saturating_sub(usize::from(split.wilds()))
}

/// The least `j` (at most `most`, and at most the wild cards still in the deck) such that the hand
/// of `cards` cards split as `split` plus `j` wild cards leaves at most `j` cards unmelded: the good
/// draws the hand still needs, each followed by a discard. `None` when no such `j` is. (Which wilds
/// are added does not matter: the DP counts wilds as one budget.) One DP a count of wilds: the whole
/// hand's question; the discards of a hand ask [`Melded`], which answers every count at once.
fn distance_of(solver: &mut Solver<'_, Gen>, split: &Split, cards: usize, most: usize) -> Option<usize> {
    let mut with = split.clone();
    for j in 0..=most.min(spare_wilds(split)) {
        if cards_left(solver, &with, cards + j) <= j {
            return Some(j);
        }
        with.jokers += 1;
    }
    None
}

/// Checks a hand (codes, copies, size) for round `round`; the round's wild rank and the hand's split.
fn checked_split(codes: &[u8], round: u8) -> Result<(u8, Split), EngineError> {
    let wr = check_input(codes, &Options::default(), round)?;
    check_size(codes)?;
    Ok((wr, Split::new(codes, wr)?))
}

/// Most draws a distance looks ahead (the work limit counts this many DPs a distance).
const MOST_DRAWS: usize = 36;

/// How many more good draws `codes` needs before it can go out in round `round`, looking at most
/// `most` draws ahead (see [`distance_of`]); `None` when it needs more.
pub fn distance(codes: &[u8], round: u8, most: usize) -> Result<Option<usize>, EngineError> {
    let (wr, split) = checked_split(codes, round)?;
    let most = most.min(MOST_DRAWS);
    let gens = Gens::new(wr);
    let mut far = Solver::new(&gens.max_cards).limit_steps(HAND_STEPS * (most + 1));
    let d = distance_of(&mut far, &split, codes.len(), most);
    if far.aborted() {
        return Err(too_hard("koenigs", codes.len()));
    }
    Ok(d)
}

/// One discard's measures: the card, the distance of the hand without it (when asked for) and the
/// points the best lay-down of the hand without it leaves.
pub type DiscardMeasure = (u8, Option<usize>, i32);

/// The distinct cards of `hand`, ascending.
fn distinct(hand: &[u8]) -> Vec<u8> {
    let mut out = hand.to_vec();
    out.sort_unstable();
    out.dedup();
    out
}

/// For each distinct card of `hand` (ascending), its [`DiscardMeasure`]; distances (looking at most
/// `most_draws` ahead) only when `most_draws` is given.
pub fn discard_measures(hand: &[u8], round: u8, most_draws: Option<usize>) -> Result<Vec<DiscardMeasure>, EngineError> {
    let (wr, split) = checked_split(hand, round)?;
    let cards = distinct(hand);
    let most = most_draws.map(|d| d.min(MOST_DRAWS));
    let gens = Gens::new(wr);
    // the work limits of the questions this one answers at once (a distance and a points DP a discard), summed
    let mut far =
        most.map(|most| Melded::new(&gens.max_cards, &split, most, HAND_STEPS * (most + 2) * (cards.len() + 1)));
    let mut left = Solver::new(&gens.min_left).limit_steps(HAND_STEPS * cards.len());
    let mut out = Vec::with_capacity(cards.len());
    for d in cards {
        let rest = split.without(d, wr);
        let dist = far.as_mut().and_then(|far| far.distance(&rest, hand.len() - 1));
        out.push((d, dist, points_left(&mut left, &gens.min_left, &rest)));
    }
    if far.is_some_and(|far| far.aborted) || left.aborted() {
        return Err(too_hard("koenigs", hand.len()));
    }
    Ok(out)
}

/// For each distinct card of `hand` (ascending): the card and the distance (looking at most `most`
/// draws ahead) of the hand without it.
pub fn discard_distances(hand: &[u8], round: u8, most: usize) -> Result<Vec<(u8, Option<usize>)>, EngineError> {
    let (wr, split) = checked_split(hand, round)?;
    let most = most.min(MOST_DRAWS);
    let cards = distinct(hand);
    let gens = Gens::new(wr);
    let mut far = Melded::new(&gens.max_cards, &split, most, HAND_STEPS * (most + 2) * (cards.len() + 1));
    let out = cards.into_iter().map(|d| (d, far.distance(&split.without(d, wr), hand.len() - 1))).collect();
    if far.aborted {
        return Err(too_hard("koenigs", hand.len()));
    }
    Ok(out)
}

/// Most wild cards a hand plus its look-ahead may hold: every wild of the deck.
const ALL_WILDS: usize = JOKER_COPIES as usize + L.suits as usize * NATURAL_COPIES as usize;

/// By a count of wilds `W` (index `0..=ALL_WILDS`): the most naturals of a position that melds with
/// at most `W` wilds (wilds a meld does not need join one, L4).
type MeldedByWilds = [u8; ALL_WILDS + 1];

/// The distances of the discards of one hand from one DP: for every multiset of naturals it meets,
/// the most naturals that meld with each count of wilds at once ([`MeldedByWilds`]), where
/// [`distance_of`] solves one DP a count of wilds (a position's value with `w` wilds and with
/// `w + 1` are separate memo entries there, each found by its own walk over the steps). The steps
/// are [`Gen`]'s (max-cards), generated once a position for the most wilds asked.
struct Melded<'g> {
    gen: &'g Gen,
    /// The most wilds a question here asks about (the hand's own plus the look-ahead, at most all).
    wilds: usize,
    most: usize,
    memo: FxMap<Counts, MeldedByWilds>,
    pool: Vec<Vec<Step>>,
    steps: usize,
    max_steps: usize,
    aborted: bool,
}

impl<'g> Melded<'g> {
    fn new(gen: &'g Gen, hand: &Split, most: usize, max_steps: usize) -> Melded<'g> {
        let wilds = (usize::from(hand.wilds()) + most).min(ALL_WILDS);
        let memo = FxMap::with_capacity_and_hasher(256, Default::default());
        Melded { gen, wilds, most, memo, pool: Vec::new(), steps: 0, max_steps, aborted: false }
    }

    /// [`distance_of`] for the hand of `cards` cards split as `split` (at most the split this was
    /// made for), from 0 draws: the least `j` (at most `most` and the deck's spare wilds) such that
    /// the hand plus `j` wilds leaves at most `j` cards. With `W` wilds in all the max-cards DP melds
    /// every wild and the most naturals `N(W)`, so it leaves `naturals - N(W)` cards, or all `cards
    /// + j` where no natural melds and `W` is 1 or 2 (L4's exception). The test is monotone in `j`,
    /// so this is the least `j` from any floor under it.
    fn distance(&mut self, split: &Split, cards: usize) -> Option<usize> {
        let w = usize::from(split.wilds());
        let naturals = total(split.naturals) as usize;
        let melded = self.melded(split.naturals);
        (0..=self.most.min(spare_wilds(split))).find(|&j| {
            let all = w + j;
            let n = usize::from(melded[all.min(self.wilds)]);
            if n == 0 && all <= 2 {
                cards == 0
            } else {
                naturals - n <= j
            }
        })
    }

    /// The [`MeldedByWilds`] of the naturals `counts` (up to [`Self::wilds`]; zeros past the work limit).
    fn melded(&mut self, counts: Counts) -> MeldedByWilds {
        let mut best = [0u8; ALL_WILDS + 1];
        let Some(c) = lowest(counts) else {
            return best;
        };
        if let Some(v) = self.memo.get(&counts) {
            return *v;
        }
        if self.aborted || self.steps >= self.max_steps {
            self.aborted = true;
            return best;
        }
        let mut steps = self.pool.pop().unwrap_or_default();
        steps.clear();
        let most = self.wilds as u8;
        self.gen.steps(c, counts, [most, 0, 0, 0, 0, 0], &mut steps);
        // as the partition solver: a step must remove `c` and only cards that are there
        steps.retain(|s| count(s.take, c) > 0 && contains(counts, s.take));
        self.steps += steps.len();
        for s in &steps {
            let sub = self.melded(counts - s.take);
            let (gain, cost) =
                if s.tag == TAG_LEAVE { (0, 0) } else { (total(s.take) as u8, usize::from(most - s.res[0])) };
            for all in cost..=self.wilds {
                best[all] = best[all].max(gain + sub[all - cost]);
            }
        }
        self.pool.push(steps);
        self.memo.insert(counts, best);
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{parse_cards, Game};
    use crate::koenigs::going_out::best_left;
    use crate::koenigs::JOKER;
    use crate::testkit::{deal, full_deck, Rng};

    fn codes(text: &str) -> Vec<u8> {
        parse_cards(Game::Koenigs, text).unwrap()
    }

    /// The definition, one solve per step (at most 5 draws).
    fn distance_by_definition(hand: &[u8], round: u8) -> Option<usize> {
        let wr = round + 2;
        let mut spare: Vec<u8> = vec![JOKER; 6];
        for suit in 0..5 {
            spare.extend([L.code(suit, wr); 2]);
        }
        for c in hand {
            if let Some(i) = spare.iter().position(|s| s == c) {
                spare.remove(i);
            }
        }
        (0..=5).find(|&j| {
            let with: Vec<u8> = hand.iter().chain(&spare[..j]).copied().collect();
            best_left(&with, round, Objective::MaxCards).unwrap().0.len() <= j
        })
    }

    #[test]
    fn distances_and_points_of_discards() {
        let hand = codes("3h 4h 5h Kd 9s Qc 10t");
        let measures = discard_measures(&hand, 5, Some(5)).unwrap();
        assert_eq!(measures.len(), 7);
        for &(d, dist, points) in &measures {
            let mut rest = hand.clone();
            rest.remove(rest.iter().position(|&c| c == d).unwrap());
            assert_eq!(dist, distance_by_definition(&rest, 5));
            assert_eq!(points, best_left(&rest, 5, Objective::MinLeft).unwrap().1);
        }
        assert_eq!(distance(&codes("3h 4h 5h"), 5, 5).unwrap(), Some(0));
        assert_eq!(distance(&codes("3h 4h 9s"), 5, 5).unwrap(), distance_by_definition(&codes("3h 4h 9s"), 5));
        assert_eq!(distance(&codes("3h 9s Kd Qc"), 5, 0).unwrap(), None, "needs draws, none allowed");
        assert!(discard_measures(&hand, 0, Some(5)).is_err());
        assert!(discard_measures(&hand, 5, None).unwrap().iter().all(|m| m.1.is_none()));
        let distances = discard_distances(&hand, 5, 5).unwrap();
        assert_eq!(distances, measures.iter().map(|m| (m.0, m.1)).collect::<Vec<_>>());
    }

    /// Random hands of every round: distances (read off the DP value, from the floor) as the
    /// definition (the solver's lay-downs, one per step), points as the solver's lay-down.
    #[test]
    fn measures_answer_as_the_definition() {
        let mut rng = Rng(30);
        let deck = full_deck(Game::Koenigs);
        for case in 0..300 {
            let round = 1 + (case % 11) as u8;
            let size = 3 + rng.below(10);
            let hand = deal(&mut rng, &deck, size);
            let measures = discard_measures(&hand, round, Some(5)).unwrap();
            for &(d, dist, points) in &measures {
                let mut rest = hand.clone();
                rest.remove(rest.iter().position(|&c| c == d).unwrap());
                assert_eq!(dist, distance_by_definition(&rest, round), "{hand:?} without {d}, round {round}");
                assert_eq!(points, best_left(&rest, round, Objective::MinLeft).unwrap().1, "{hand:?} without {d}");
            }
            assert_eq!(distance(&hand, round, 5).unwrap(), distance_by_definition(&hand, round), "{hand:?}");
            let distances = discard_distances(&hand, round, 5).unwrap();
            assert_eq!(distances, measures.iter().map(|m| (m.0, m.1)).collect::<Vec<_>>());
        }
    }

    /// The discards' distances of one DP for every count of wilds ([`Melded`]) as the DP of one count
    /// at a time ([`distance`] of each hand without a card), for every look-ahead up to 8 draws, on
    /// random hands of up to 16 cards (wild-heavy ones included) of every round.
    #[test]
    fn discard_distances_as_one_dp_per_count_of_wilds() {
        let mut rng = Rng(49);
        let deck = full_deck(Game::Koenigs);
        for case in 0..600 {
            let round = 1 + (case % 11) as u8;
            let size = 1 + rng.below(16);
            let mut hand = deal(&mut rng, &deck, size);
            if case % 5 == 0 {
                let wild = L.code((case / 5 % 5) as u8, round + 2);
                hand.retain(|&c| c != wild && c != JOKER);
                hand.extend([JOKER, JOKER, wild]);
            }
            let most = case % 9;
            let measured = discard_measures(&hand, round, Some(most)).unwrap();
            for &(d, dist, _) in &measured {
                let mut rest = hand.clone();
                rest.remove(rest.iter().position(|&c| c == d).unwrap());
                assert_eq!(
                    dist,
                    distance(&rest, round, most).unwrap(),
                    "{hand:?} without {d}, round {round}, most {most}"
                );
            }
            let distances = discard_distances(&hand, round, most).unwrap();
            assert_eq!(distances, measured.iter().map(|m| (m.0, m.1)).collect::<Vec<_>>());
        }
    }

    /// A question cut by its work limit answers with an error; a look-ahead cut short by `most`
    /// answers `None` exactly where the definition needs more.
    #[test]
    fn cut_questions() {
        let hand = codes("3h 4h 5h 6h 8c 8c 9c 9c 10c 10c Jd Jd Qd Qd Ks 5s 6s 7s 8s");
        let before = discard_distances(&hand, 1, 0).unwrap();
        // three dense suits, threes wild: past the work limit
        let dense: Vec<u8> = (0..36u8).collect();
        let e = distance(&dense, 1, 0).unwrap_err();
        assert!(e.0.contains("too hard for the exact koenigs solver"), "{e}");
        assert_eq!(discard_distances(&hand, 1, 0).unwrap(), before);
        for (d, dist) in discard_distances(&hand, 1, 3).unwrap() {
            let mut rest = hand.clone();
            rest.remove(rest.iter().position(|&c| c == d).unwrap());
            assert_eq!(dist, distance_by_definition(&rest, 1).filter(|&j| j <= 3), "without {d}");
        }
    }
}
