//! What Krass Kariert's expert bot weighs, and its choice of move (`romme.bots.krass.ExpertBot`
//! reads the observation and asks here).
//!
//! The expert scores every listed move by the hand it leaves and by what it does to the trick
//! (lower is better, in units of "one more play needed"):
//! - the hand: the fewest plays that empty it ([`super::min_play_count`]), the cards held, its
//!   ways out when it cannot beat (reserve, stop and draw cards) and its [`hand_power`];
//! - the trick: whether it will win the trick (and then draw for the draw cards in it), keep the
//!   lead, and press the later seats whose reserves are gone, with [`p_stuck`], the chance that a
//!   hand of their size can neither beat a combination nor escape with a stop or draw card.
//!
//! In simulation most deals end because a follower can neither beat nor take a reserve, so safety
//! weighs most. The weights were tuned in mirrored head-to-head matches.

use std::sync::OnceLock;

use super::plays::{self, readings_table, DRAW_STRENGTH, STOP_STRENGTH};
use super::{FewestPlays, SplicedCounts, DRAW, STOP, TYPE_COUNT, X};
use crate::meld::EngineError;
use crate::rng::SplitMix64;
use crate::search::hasher::FxMap;

/// Weight of each play still needed to empty the hand.
const W_PLAYS: f64 = 1.0;
/// Weight of each card held.
const W_CARD: f64 = 0.05;
/// Weight of the ways out when unable to beat (see [`outs`]).
const W_OUT: f64 = 1.4;
/// Weight of the strongest combination kept, scaled to 0..1 (by [`POWER_SCALE`]).
const W_POWER: f64 = 1.0;
/// Weight of winning the trick and leading the next one.
const W_LEAD: f64 = 0.6;
/// Weight of each card the trick winner must draw.
const W_DRAWN: f64 = 0.25;
/// Weight of the chance that a later seat without reserves is stuck (and loses the deal).
const W_PRESS: f64 = 1.5;
/// Weight of making an opponent draw.
const W_PUNISH: f64 = 0.15;
/// Weight per combination kind of a lead (keeps strong plays for following).
const W_LEADSTR: f64 = 0.15;
/// The power that counts as 1 in the score.
const POWER_SCALE: f64 = 80.0;
/// Worth of 0, 1, 2 and 3 or more ways out: concave, a second way out matters less than the first.
const OUTS: [f64; 4] = [0.0, 1.0, 1.6, 2.0];

/// Hands the stuck table knows (larger hands count as this size).
const STUCK_SIZES: usize = 20;
/// Strength levels the stuck table knows (stronger bars count as this one).
const STUCK_LEVELS: usize = 81;
/// Random deals the stuck table is estimated from.
const STUCK_SAMPLES: usize = 2000;
/// The stuck table's seed: `romme.rng.seed_from("krass-stuck")` (FNV-1a over the label's bytes).
const STUCK_SEED: u64 = fnv1a(b"krass-stuck");
/// Cards of the 54-card deck, stop and draw cards among them.
const DECK_CARDS: i64 = 54;
const DECK_SPECIALS: i64 = 4;
/// Hands measured before the measure cache starts afresh (it only saves time).
const CACHE_LIMIT: usize = 100_000;

/// FNV-1a over `bytes`, as `romme.rng.seed_from` turns a text into a seed.
const fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xCBF2_9CE4_8422_2325;
    let mut i = 0;
    while i < bytes.len() {
        h = (h ^ bytes[i] as u64).wrapping_mul(0x0100_0000_01B3);
        i += 1;
    }
    h
}

/// Strongest combination of every window of 1, 2 and 3 cards (0: none, or only a stop or draw
/// card), indexed like [`readings_table`].
fn window_power(length: usize) -> &'static [i32] {
    static TABLES: OnceLock<[Vec<i32>; 3]> = OnceLock::new();
    let tables = TABLES.get_or_init(|| {
        std::array::from_fn(|i| {
            readings_table(i + 1)
                .iter()
                .map(|r| r.iter().map(|(s, _)| *s).filter(|&s| s < DRAW_STRENGTH).max().unwrap_or(0))
                .collect()
        })
    });
    &tables[length - 1]
}

/// Whether a window of 2 or 3 cards is a play at all.
fn is_group(cards: &[u8]) -> bool {
    let index = cards.iter().fold(0, |acc, &c| acc * TYPE_COUNT + c as usize);
    !readings_table(cards.len())[index].is_empty()
}

/// The strongest combination any window of `hand` shows (0 if none; stop and draw cards do not
/// count); an error names a code that is no Krass card.
pub fn hand_power(hand: &[u8]) -> Result<i32, EngineError> {
    plays::check_hand(hand)?;
    Ok(power_of(hand))
}

/// [`hand_power`] of a hand of Krass codes.
fn power_of(hand: &[u8]) -> i32 {
    let (p1, p2, p3) = (window_power(1), window_power(2), window_power(3));
    let n = hand.len();
    let mut best = 0;
    for i in 0..n {
        let a = hand[i] as usize;
        let mut v = p1[a];
        if i + 1 < n {
            let k = a * TYPE_COUNT + hand[i + 1] as usize;
            v = v.max(p2[k]);
            if i + 2 < n {
                v = v.max(p3[k * TYPE_COUNT + hand[i + 2] as usize]);
            }
        }
        best = best.max(v);
    }
    best
}

/// `table[size][b]`: the share of random hands of `size` cards with no stop or draw card whose
/// strongest combination is at most `b`. Estimated once from [`STUCK_SAMPLES`] seeded random deals:
/// the first `size` cards of each (a partial Fisher-Yates from the front, over one deck list that
/// carries on from deal to deal).
fn stuck_table() -> &'static [[f64; STUCK_LEVELS]; STUCK_SIZES + 1] {
    static TABLE: OnceLock<[[f64; STUCK_LEVELS]; STUCK_SIZES + 1]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let (p1, p2, p3) = (window_power(1), window_power(2), window_power(3));
        let mut counts = [[0u32; STUCK_LEVELS]; STUCK_SIZES + 1];
        let mut rng = SplitMix64 { state: STUCK_SEED };
        let mut full: Vec<u8> = (0..4).flat_map(|_| 0..X).chain([X, X, DRAW, DRAW, STOP, STOP]).collect();
        for _ in 0..STUCK_SAMPLES {
            let mut best = 0;
            for size in 1..=STUCK_SIZES {
                let j = rng.below((full.len() - size + 1) as u64) as usize + size - 1;
                full.swap(size - 1, j);
                let c = full[size - 1];
                if c == DRAW || c == STOP {
                    break; // this deal's longer prefixes all hold a way out
                }
                best = best.max(p1[c as usize]);
                if size >= 2 {
                    let k = full[size - 2] as usize * TYPE_COUNT + c as usize;
                    best = best.max(p2[k]);
                    if size >= 3 {
                        best = best.max(p3[full[size - 3] as usize * TYPE_COUNT * TYPE_COUNT + k]);
                    }
                }
                counts[size][best as usize] += 1;
            }
        }
        let mut table = [[0.0; STUCK_LEVELS]; STUCK_SIZES + 1];
        for (row, count) in table.iter_mut().zip(&counts) {
            let mut acc = 0u32;
            for (cell, &c) in row.iter_mut().zip(count) {
                acc += c;
                *cell = acc as f64 / STUCK_SAMPLES as f64;
            }
        }
        table
    })
}

/// The chance that `size` cards drawn from `cards` miss all `specials`.
fn no_special(cards: i64, specials: i64, size: usize) -> f64 {
    let mut p = 1.0;
    for i in 0..size.min(STUCK_SIZES) as i64 {
        p *= (cards - specials - i).max(0) as f64 / (cards - i) as f64;
    }
    p
}

/// What a player knows of the cards hidden from them: `unseen` cards (other hands and the stock),
/// `specials` stop and draw cards among them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unseen {
    /// Cards the player cannot see.
    pub cards: i64,
    /// Stop and draw cards among them.
    pub specials: i64,
}

/// The chance that a random hand of `size` cards holds no stop or draw card and nothing that
/// beats `beat`. With `unseen` known, the share without a stop or draw card is corrected from the
/// full deck's (4 of 54) to the unseen cards' (when they are at least `size` and the specials
/// count is not negative).
pub fn p_stuck(size: usize, beat: i32, unseen: Option<Unseen>) -> f64 {
    stuck_with(size, beat, unseen.and_then(|u| special_correction(size, u)))
}

/// The factor [`p_stuck`] corrects the full deck's share of hands without a stop or draw card by,
/// if it does.
fn special_correction(size: usize, Unseen { cards, specials }: Unseen) -> Option<f64> {
    (specials >= 0 && cards >= size as i64)
        .then(|| no_special(cards, specials, size) / no_special(DECK_CARDS, DECK_SPECIALS, size))
}

/// [`p_stuck`] with its correction worked out.
fn stuck_with(size: usize, beat: i32, correction: Option<f64>) -> f64 {
    if beat < 0 {
        return 0.0;
    }
    let mut p = stuck_table()[size.min(STUCK_SIZES)][(beat as usize).min(STUCK_LEVELS - 1)];
    if let Some(factor) = correction {
        p *= factor;
    }
    p.min(1.0)
}

/// What the expert weighs of a hand: the fewest plays that empty it and its [`hand_power`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Measure {
    /// Fewest plays that empty the hand.
    pub plays: usize,
    /// The strongest combination it shows.
    pub power: i32,
}

/// [`Measure`]s of hands, remembered (hands recur across candidates and turns).
#[derive(Debug, Default)]
pub struct HandMeasures {
    /// By the hand packed into 4 bits a card (hands of at most 30 cards), its length in the top bits.
    known: FxMap<u128, Measure>,
    /// The min-plays count's tables, kept from hand to hand.
    counter: FewestPlays,
}

impl HandMeasures {
    /// The measure of `hand` (Krass codes, at most the deck's copies of each).
    pub fn measure(&mut self, hand: &[u8]) -> Result<Measure, EngineError> {
        let key = pack(hand);
        if let Some(m) = key.and_then(|k| self.known.get(&k)) {
            return Ok(*m);
        }
        let m = Measure { plays: self.counter.count(hand)?, power: power_of(hand) };
        self.remember(key, m);
        Ok(m)
    }

    /// The measure of the hand `splices` makes of its base hand (see [`SplicedCounts::splice`]);
    /// the hand is then `splices.hand()`.
    fn measure_splice(
        &mut self,
        splices: &mut SplicedCounts,
        start: usize,
        end: usize,
        middle: &[u8],
    ) -> Result<Measure, EngineError> {
        let key = pack(splices.splice(start, end, middle));
        if let Some(m) = key.and_then(|k| self.known.get(&k)) {
            return Ok(*m);
        }
        let m = Measure { plays: splices.count()?, power: power_of(splices.hand()) };
        self.remember(key, m);
        Ok(m)
    }

    fn remember(&mut self, key: Option<u128>, m: Measure) {
        if let Some(k) = key {
            if self.known.len() >= CACHE_LIMIT {
                self.known.clear();
            }
            self.known.insert(k, m);
        }
    }
}

/// A hand as one number (4 bits a card, the length above), if it is short enough and holds only
/// Krass codes (any other hand is measured afresh, and refused there).
fn pack(hand: &[u8]) -> Option<u128> {
    if hand.len() > 30 || hand.iter().any(|&c| c as usize >= TYPE_COUNT) {
        return None;
    }
    let cards = hand.iter().fold(0u128, |acc, &c| (acc << 4) | c as u128);
    Some(cards | (hand.len() as u128) << 120)
}

/// Where `card` joins the best group with its new neighbours (a triple or 3-straight, then a
/// pair or 2-straight); the hand's end if nowhere. An error names a code that is no Krass card.
pub fn fit_position(hand: &[u8], card: u8) -> Result<usize, EngineError> {
    plays::check_hand(hand)?;
    plays::check_hand(&[card])?;
    Ok(fit_of(hand, card))
}

/// [`fit_position`] of Krass codes.
fn fit_of(hand: &[u8], card: u8) -> usize {
    let (mut best, mut best_pos) = (0, hand.len());
    for pos in 0..=hand.len() {
        let mut row: Vec<u8> = hand[pos.saturating_sub(2)..pos].to_vec();
        let at = row.len(); // the card's index in row
        row.push(card);
        row.extend_from_slice(&hand[pos..(pos + 2).min(hand.len())]);
        let mut score = 0;
        if (at.saturating_sub(2)..=at).any(|start| row.get(start..start + 3).is_some_and(is_group)) {
            score = 3;
        }
        let pairs_left = at > 0 && is_group(&[row[at - 1], card]);
        let pairs_right = at + 1 < row.len() && is_group(&[card, row[at + 1]]);
        if score == 0 && (pairs_left || pairs_right) {
            score = 2;
        }
        if score > best {
            (best, best_pos) = (score, pos);
        }
    }
    best_pos
}

/// Where the expert inserts a card it drew: where the hand then empties in the fewest plays, then
/// shows the strongest combination, then nearest to [`fit_position`] (the first such position).
pub fn insert_position(hand: &[u8], card: u8, measures: &mut HandMeasures) -> Result<usize, EngineError> {
    let fit = fit_position(hand, card)?;
    let mut splices = SplicedCounts::new(hand)?;
    let mut best: Option<((usize, i32, usize), usize)> = None;
    for pos in 0..=hand.len() {
        let m = measures.measure_splice(&mut splices, pos, pos, &[card])?;
        let key = (m.plays, -m.power, pos.abs_diff(fit));
        if best.is_none_or(|(k, _)| key < k) {
            best = Some((key, pos));
        }
    }
    Ok(best.map_or(0, |(_, pos)| pos))
}

/// A seat that acts after the player in this trick, as the player sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LaterSeat {
    /// Cards in its hand.
    pub hand_size: usize,
    /// Whether its reserves are gone (it must beat, or is stuck).
    pub exposed: bool,
}

/// A lead or follow position as the player to move sees it.
#[derive(Clone, Copy, Debug)]
pub struct PlayView<'a> {
    /// The player's hand, in order.
    pub hand: &'a [u8],
    /// The player's reserve cards (listed as moves only when following).
    pub reserves: &'a [u8],
    /// The combination to beat ([`plays::FREE`] when there is none).
    pub beat: i32,
    /// Whether the player leads the trick.
    pub leading: bool,
    /// Draw cards played in this trick.
    pub draws: u32,
    /// The seats still to act after the player, in turn order.
    pub later: &'a [LaterSeat],
    /// The cards the player cannot see.
    pub unseen: Unseen,
}

/// The expert's move: its index in the position's move list (the plays that beat the trick as
/// [`plays::plays`] lists them, then, when following, every (reserve, position) pair reserve by
/// reserve) and the length of that list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// Index of the chosen move.
    pub index: usize,
    /// Number of moves listed.
    pub listed: usize,
}

/// One listed move as the expert weighs it: the hand it leaves and what it plays.
struct Candidate {
    /// Strength of the play; `None` for taking a reserve.
    strength: Option<i32>,
    /// Reserve cards left afterwards.
    reserves_left: usize,
}

/// A later seat with the correction of its stuck chance.
struct Pressed {
    seat: LaterSeat,
    correction: Option<f64>,
}

/// (someone later is stuck, nobody later beats) for a combination of `level`.
fn stuck_chance(level: i32, later: &[Pressed]) -> (f64, f64) {
    let (mut none_stuck, mut none_beat) = (1.0, 1.0);
    for q in later {
        let ps = stuck_with(q.seat.hand_size, level, q.correction);
        if q.seat.exposed {
            none_stuck *= 1.0 - ps;
        }
        none_beat *= if q.seat.exposed { ps } else { ps.max(0.5) };
    }
    (1.0 - none_stuck, none_beat)
}

/// Worth of the ways out a hand keeps: reserve, stop and draw cards.
fn outs(reserves_left: usize, hand: &[u8]) -> f64 {
    let k = reserves_left + hand.iter().filter(|&&c| c == DRAW || c == STOP).count();
    OUTS[k.min(OUTS.len() - 1)]
}

/// [`stuck_chance`] of the combinations a position's plays reach, each worked out once.
struct StuckMemo<'v, 'a> {
    view: &'v PlayView<'a>,
    later: Vec<Pressed>,
    /// By strength (combinations are below [`DRAW_STRENGTH`]).
    known: [Option<(f64, f64)>; DRAW_STRENGTH as usize],
}

impl StuckMemo<'_, '_> {
    fn get(&mut self, level: i32) -> (f64, f64) {
        let later = &self.later;
        let compute = || if later.is_empty() { (0.0, 1.0) } else { stuck_chance(level, later) };
        match usize::try_from(level).ok().and_then(|i| self.known.get_mut(i)) {
            Some(slot) => *slot.get_or_insert_with(compute),
            None => compute(),
        }
    }
}

/// The expert's score of a move leaving `hand` (lower is better).
fn score(c: &Candidate, hand: &[u8], m: Measure, stuck: &mut StuckMemo<'_, '_>, base_stuck: f64) -> f64 {
    let view = stuck.view;
    let mut score = W_PLAYS * m.plays as f64 + W_CARD * hand.len() as f64
        - W_OUT * outs(c.reserves_left, hand)
        - W_POWER * m.power as f64 / POWER_SCALE;
    let draws = view.draws as f64;
    let keeps_cards = !hand.is_empty();
    match c.strength {
        Some(DRAW_STRENGTH) if view.leading => score += W_DRAWN * 3.0, // nobody need play, and we may win and draw
        Some(DRAW_STRENGTH) => score -= W_PUNISH + W_PRESS * base_stuck,
        Some(STOP_STRENGTH) => {
            // Leading a stop only keeps the lead one already has.
            let lead = if keeps_cards && !view.leading { W_LEAD } else { 0.0 };
            score += W_DRAWN * 3.0 * draws - lead;
        }
        Some(s) => {
            let (stuck, win) = stuck.get(s);
            score -= W_PRESS * stuck;
            score += win * (W_DRAWN * 3.0 * draws - if keeps_cards { W_LEAD } else { 0.0 });
            if view.leading {
                score += W_LEADSTR * plays::kind_of(s).map_or(0, |k| k as i32) as f64;
            }
        }
        None => score -= W_PRESS * base_stuck,
    }
    score
}

/// The expert's choice among the listed moves of a lead or follow position: the lowest score
/// (the first listed on a tie).
pub fn play_choice(view: &PlayView<'_>, measures: &mut HandMeasures) -> Result<Choice, EngineError> {
    let hand = view.hand;
    plays::check_hand(view.reserves)?;
    let listed_plays = plays::plays(hand, view.beat)?;
    let reserve_moves = if view.leading { 0 } else { view.reserves.len() * (hand.len() + 1) };
    let later = view
        .later
        .iter()
        .map(|&seat| Pressed { seat, correction: special_correction(seat.hand_size, view.unseen) })
        .collect();
    let mut stuck = StuckMemo { view, later, known: [None; DRAW_STRENGTH as usize] };
    let (base_stuck, _) = stuck_chance(view.beat, &stuck.later);
    let mut best: Option<(f64, usize)> = None;
    let mut splices = SplicedCounts::new(hand)?;
    // each move as the splice of the hand it leaves: (start, end, cards put in)
    let mut weigh = |index: usize, (start, end, middle): (usize, usize, &[u8]), c: Candidate| {
        let m = measures.measure_splice(&mut splices, start, end, middle)?;
        let s = score(&c, splices.hand(), m, &mut stuck, base_stuck);
        if best.is_none_or(|(b, _)| s < b) {
            best = Some((s, index));
        }
        Ok::<(), EngineError>(())
    };
    for (index, (start, length, strength, _)) in listed_plays.iter().enumerate() {
        let c = Candidate { strength: Some(*strength), reserves_left: view.reserves.len() };
        weigh(index, (*start, start + length, &[]), c)?;
    }
    for j in 0..reserve_moves {
        let (r, pos) = (j / (hand.len() + 1), j % (hand.len() + 1));
        let c = Candidate { strength: None, reserves_left: view.reserves.len() - 1 };
        weigh(listed_plays.len() + j, (pos, pos, &view.reserves[r..=r]), c)?;
    }
    let index = best.map_or(0, |(_, index)| index);
    Ok(Choice { index, listed: listed_plays.len() + reserve_moves })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::krass::{min_plays, ComboKind};

    fn n(number: u8) -> u8 {
        number - 1
    }

    fn strength(kind: ComboKind, rank: i32) -> i32 {
        kind as i32 * 16 + rank
    }

    #[test]
    fn the_stuck_seed_is_the_python_label_seed() {
        // romme.rng.seed_from("krass-stuck")
        assert_eq!(STUCK_SEED, 0x8C79_FCC7_9E42_7838);
    }

    #[test]
    fn hand_power_is_the_strongest_window() {
        assert_eq!(hand_power(&[n(1), n(9), n(9), STOP]), Ok(strength(ComboKind::Pair, 9)));
        assert_eq!(hand_power(&[X, X, n(1)]), Ok(strength(ComboKind::Pair, 1)));
        assert_eq!(hand_power(&[STOP, DRAW]), Ok(0));
        assert_eq!(hand_power(&[]), Ok(0));
        assert!(hand_power(&[n(3), 15]).is_err());
    }

    #[test]
    fn measures_count_the_fewest_plays_and_remember_them() {
        let mut measures = HandMeasures::default();
        for hand in [&[n(5), n(9), n(5)][..], &[n(1), n(5), n(2), n(6)], &[], &[X, X], &[n(4), DRAW, n(4), X]] {
            let m = measures.measure(hand).unwrap();
            assert_eq!(m.plays, min_plays(hand).unwrap().len(), "{hand:?}");
            assert_eq!(measures.measure(hand).unwrap(), m);
        }
        let long: Vec<u8> = (0..4).flat_map(|_| 0..X).chain([X, X]).collect();
        assert_eq!(measures.measure(&long).unwrap().plays, min_plays(&long).unwrap().len());
        assert!(measures.measure(&[n(3); 5]).is_err(), "five copies of a number");
    }

    #[test]
    fn fit_position_joins_a_group() {
        assert!(matches!(fit_position(&[n(1), n(5), n(9)], n(6)), Ok(1 | 2)));
        assert_eq!(fit_position(&[n(1), n(12)], n(6)), Ok(2));
        assert_eq!(fit_position(&[n(5), n(7), n(12)], n(6)), Ok(0));
        assert!(fit_position(&[n(1)], 15).is_err());
    }

    #[test]
    fn stuck_chance_rises_with_the_bar_and_knows_the_specials() {
        for size in [1, 5, 20, 30] {
            let row: Vec<f64> = (-1..90).map(|b| p_stuck(size, b, None)).collect();
            assert!(row.windows(2).all(|w| w[0] <= w[1]) && row[0] == 0.0 && row[row.len() - 1] <= 1.0);
        }
        let bar = strength(ComboKind::Pair, 9);
        let no_specials = Some(Unseen { cards: 30, specials: 0 });
        let all_specials = Some(Unseen { cards: 10, specials: 4 });
        assert!(p_stuck(5, bar, no_specials) > p_stuck(5, bar, None));
        assert!(p_stuck(5, bar, None) > p_stuck(5, bar, all_specials));
        // too few unseen cards, or a count below zero: no correction
        assert_eq!(p_stuck(5, bar, Some(Unseen { cards: 3, specials: 0 })), p_stuck(5, bar, None));
        assert_eq!(p_stuck(5, bar, Some(Unseen { cards: 30, specials: -1 })), p_stuck(5, bar, None));
    }

    fn view<'a>(hand: &'a [u8], reserves: &'a [u8], beat: i32, leading: bool, later: &'a [LaterSeat]) -> PlayView<'a> {
        PlayView { hand, reserves, beat, leading, draws: 0, later, unseen: Unseen { cards: 30, specials: 2 } }
    }

    #[test]
    fn play_choice_weighs_the_listed_moves() {
        let mut measures = HandMeasures::default();
        let hand = [n(3), n(4), n(4), STOP, n(12)];
        let later = [LaterSeat { hand_size: 6, exposed: true }, LaterSeat { hand_size: 3, exposed: false }];
        let listed = plays::plays(&hand, plays::FREE).unwrap().len();
        let lead = play_choice(&view(&hand, &[n(1)], plays::FREE, true, &later), &mut measures).unwrap();
        assert_eq!(lead.listed, listed, "a leader takes no reserve");
        assert!(lead.index < lead.listed);
        let pair4 = strength(ComboKind::Pair, 4);
        let follow = play_choice(&view(&hand, &[n(1), n(9)], pair4, false, &later), &mut measures).unwrap();
        assert_eq!(follow.listed, plays::plays(&hand, pair4).unwrap().len() + 2 * (hand.len() + 1));
        assert!(follow.index < follow.listed);
        assert!(play_choice(&view(&[n(3), 15], &[], plays::FREE, true, &[]), &mut measures).is_err());
        assert!(play_choice(&view(&[n(3)], &[15], plays::FREE, false, &[]), &mut measures).is_err());
    }

    #[test]
    fn a_drawn_card_goes_where_it_saves_a_play() {
        let mut measures = HandMeasures::default();
        // 9 5 5 9 empties in two plays (pair 5, then pair 9); 5 9 5 9 or 9 5 9 5 need three
        assert!(matches!(insert_position(&[n(9), n(5), n(9)], n(5), &mut measures), Ok(1 | 2)));
        assert!(insert_position(&[n(9)], 15, &mut measures).is_err());
    }
}
