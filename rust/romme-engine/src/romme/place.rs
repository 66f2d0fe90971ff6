//! Rommé's place move (the whole new table, `place M | M …`) judged on the frame the three table
//! games share ([`crate::table_place`]: the position read against the deck, the table diff, the
//! hand check, the card kept for the discard, the verdict). What stays here is Rommé's own:
//! reading the new table (a meld written as an old one lies is that meld, others are read by
//! [`super::table_meld::read_meld`]), the shortcut reading (docs/RULES.md §2, "Decisions": every
//! old meld stays in its place, grown by lay-offs or with jokers swapped out, and new melds
//! follow; each shortcut is then checked by its own rule, one after the other, as if played so),
//! and the rules of a Räuber rearrangement, which any other new table is.

use super::table_meld::{lay_off, swap_joker, token, Shape, TableMeld, DECLARED};
use super::turn::{build_all, err, Outcome, Turn};
use super::{Rules, JOKER};
use crate::meld::EngineError;
use crate::table_place::{Moved, TableChange, TableDeck, Verdict, KEEP_ONE_TO_DISCARD};

/// The Rommé deck as the judge reads it (naturals 0..=51, the joker 52).
const DECK: TableDeck = TableDeck { game: "Rommé", types: JOKER as usize + 1, token };

/// One shortcut of a place-move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shortcut {
    /// New melds from the hand (card specs, jokers declared).
    Meld(Vec<Vec<u8>>),
    /// One card spec laid off on table meld `target` (1-based).
    LayOff { spec: u8, target: usize },
    /// The natural `card` in place of a joker of table meld `target` (1-based).
    Swap { target: usize, card: u8 },
}

/// How a place-move was judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judged {
    /// As its shortcuts, in the order the rules took them.
    Shortcuts(Vec<Shortcut>),
    /// As a Räuber rearrangement of the whole table.
    Rearrangement,
}

/// An accepted place-move: the new table, how it was judged, the turn after it and the cards it
/// moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed {
    pub table: Vec<TableMeld>,
    pub judged: Judged,
    pub outcome: Outcome,
    pub moved: Moved,
}

impl Turn<'_> {
    /// The place-move `specs` (the whole new table, one spec list a meld): legal with what it
    /// changes, or the rule it breaks. A meld written as an old table meld is that meld. An error
    /// only for a turn that is no position (a hand card no Rommé card).
    pub fn place(&self, specs: &[Vec<u8>], rules: &Rules) -> Result<Verdict<Placed>, EngineError> {
        let hand = self.hand_counts()?;
        let new = match self.read_table(specs, rules) {
            Ok(new) => new,
            Err(refusal) => return Ok(Verdict::Illegal(refusal.0)),
        };
        let change = DECK.change(self.table, &new, &hand)?;
        Ok(match self.judge_place(&new, &change, &hand, rules) {
            Ok((judged, outcome)) => Verdict::Legal(Placed { moved: change.moved(), table: new, judged, outcome }),
            Err(refusal) => Verdict::Illegal(refusal.0),
        })
    }

    /// The Räuber rearrangement into `new` (checked melds) judged as one, without looking for
    /// shortcuts first: what it changes, or the rule it breaks (the listing's check of the
    /// rearrangements it lists).
    pub(super) fn rearranged(&self, new: &[TableMeld], rules: &Rules) -> Result<Outcome, EngineError> {
        let hand = self.hand_counts()?;
        let change = DECK.change(self.table, new, &hand)?;
        self.rearrange(new, &change, &hand, rules)
    }

    /// The hand as counts by code, or an error naming a code that is no Rommé card.
    fn hand_counts(&self) -> Result<Vec<u8>, EngineError> {
        let mut counts = vec![0u8; DECK.types];
        for &c in self.hand {
            let n = counts.get_mut(c as usize).ok_or_else(|| EngineError::new(format!("{c} is no Rommé card")))?;
            *n = n.saturating_add(1);
        }
        Ok(counts)
    }

    /// The shortcuts of the move, each checked by its rule; else (with `rauber`) the rearrangement.
    fn judge_place(
        &self,
        new: &[TableMeld],
        change: &TableChange<TableMeld>,
        hand: &[u8],
        rules: &Rules,
    ) -> Result<(Judged, Outcome), EngineError> {
        let Some(steps) = shortcuts(self.table, new, self.opened, rules) else {
            if !rules.rauber {
                return err(
                    "without the rauber option a place only adds melds, lays off and swaps jokers: every meld on \
                     the table stays in its place, whole",
                );
            }
            return Ok((Judged::Rearrangement, self.rearrange(new, change, hand, rules)?));
        };
        // shortcuts lay a hand card each (a swap lays the natural for the joker it takes)
        if change.placed_count() == 0 {
            return err("a place must lay at least one hand card (the table is as it was)");
        }
        let outcome = self.play_shortcuts(&steps, rules)?;
        Ok((Judged::Shortcuts(steps), outcome))
    }

    /// The new table's melds: an old table meld where the specs are its own, else read afresh.
    fn read_table(&self, specs: &[Vec<u8>], rules: &Rules) -> Result<Vec<TableMeld>, EngineError> {
        if specs.is_empty() {
            return err("no meld given");
        }
        let old: Vec<Vec<u8>> = self.table.iter().map(TableMeld::specs).collect();
        specs
            .iter()
            .map(|m| match old.iter().position(|o| o == m) {
                Some(i) => Ok(self.table[i].clone()),
                None => build_all(std::slice::from_ref(m), rules).map(|mut v| v.remove(0)),
            })
            .collect()
    }

    /// The shortcuts checked one after the other, each on the turn the ones before it left.
    fn play_shortcuts(&self, steps: &[Shortcut], rules: &Rules) -> Result<Outcome, EngineError> {
        let mut hand = self.hand.to_vec();
        let mut table = self.table.to_vec();
        let mut owed = self.owed_jokers;
        let mut opened = self.opened;
        for step in steps {
            let turn = Turn { hand: &hand, table: &table, owed_jokers: owed, opened, ..*self };
            let outcome = match step {
                Shortcut::Meld(melds) => {
                    let (outcome, made) = turn.meld(melds, rules)?;
                    table.extend(made);
                    outcome
                }
                Shortcut::LayOff { spec, target } => {
                    let (outcome, i, meld) = turn.lay_off(*spec, *target as i64, rules)?;
                    table[i] = meld;
                    outcome
                }
                Shortcut::Swap { target, card } => {
                    let (outcome, i, meld) = turn.swap(*target as i64, *card, rules)?;
                    table[i] = meld;
                    outcome
                }
            };
            opened |= outcome.opens;
            hand = outcome.hand;
            owed = outcome.owed;
        }
        Ok(Outcome { hand, owed, opens: opened && !self.opened })
    }

    /// Räuber-Rommé: the table rearranged into `new` (checked melds). The hand lays what the new
    /// table holds beyond the old one and takes back what it lacks (only with `rauber_table_to_hand`).
    fn rearrange(
        &self,
        new: &[TableMeld],
        change: &TableChange<TableMeld>,
        hand: &[u8],
        rules: &Rules,
    ) -> Result<Outcome, EngineError> {
        self.may_table("rearranging", rules)?;
        if change.taken_count() > 0 && !rules.takes_table_cards() {
            return err(format!(
                "rauber_table_to_hand is off: table cards stay on the table ({} missing)",
                taken_words(self.table, change)
            ));
        }
        if change.placed_count() == 0 {
            // Rearranging extends laying off ("an ausgelegte Figuren nicht nur anlegen, sondern auch die
            // Figuren komplett neu kombinieren"); how many cards go back to the hand the sheet does not limit.
            return err("a rearrangement must lay at least one hand card");
        }
        if let Some(c) = change.first_not_held(hand) {
            return err(format!("rearrange: {} is not in the hand (or not that often)", token(c)));
        }
        if self.with_discard && change.left_in_hand(hand) == 0 {
            return err(KEEP_ONE_TO_DISCARD);
        }
        let rest = change.hand_after(hand);
        let jokers = change.placed[JOKER as usize];
        let owed = self.owed_jokers.saturating_sub(jokers.clamp(0, 255) as u8);
        self.after_owed(owed, &rest, new, rules)?;
        Ok(Outcome { hand: rest, owed, opens: false })
    }
}

/// The table cards a move takes back as the refusal names them: each by its first place on the
/// old table, as often as taken.
fn taken_words(table: &[TableMeld], change: &TableChange<TableMeld>) -> String {
    let mut left = change.taken.clone();
    let mut words = Vec::new();
    for &(c, _) in table.iter().flat_map(|m| &m.cards) {
        let n = std::mem::take(&mut left[c as usize]);
        words.extend((0..n).map(|_| token(c)));
    }
    words.join(" ")
}

/// The shortcuts that turn `table` into `new` (its old melds in their places, each grown by
/// lay-offs or with jokers swapped out, then new melds), in the order the rules take them: an
/// opening first; else swaps, new melds, lay-offs. None when no shortcuts make it.
pub fn shortcuts(table: &[TableMeld], new: &[TableMeld], opened: bool, rules: &Rules) -> Option<Vec<Shortcut>> {
    if new.len() < table.len() {
        return None;
    }
    let mut swaps = Vec::new();
    let mut layoffs = Vec::new();
    let mut laid_back = false;
    for (i, (was, now)) in table.iter().zip(new).enumerate() {
        let (steps, back) = steps_between(i + 1, was, now, rules)?;
        laid_back |= back;
        for step in steps {
            match step {
                Shortcut::Swap { .. } => swaps.push(step),
                _ => layoffs.push(step),
            }
        }
    }
    if laid_back && swaps.len() > 1 {
        // (a place holds one swap: a joker laid back beside another swap is no reading of shortcuts, and
        // under rauber the table stays a rearrangement, as before such a reading)
        return None;
    }
    let fresh: Vec<Vec<u8>> = new[table.len()..].iter().map(TableMeld::specs).collect();
    let melds = if fresh.is_empty() { None } else { Some(Shortcut::Meld(fresh)) };
    let out: Vec<Shortcut> = if opened {
        swaps.into_iter().chain(melds).chain(layoffs).collect()
    } else {
        melds.into_iter().chain(swaps).chain(layoffs).collect()
    };
    Some(out)
}

/// Card counts by code (jokers at [`JOKER`]).
fn counts(meld: &TableMeld) -> [u8; 53] {
    let mut out = [0u8; 53];
    for &(c, _) in &meld.cards {
        out[c as usize] += 1;
    }
    out
}

/// Swaps, then lay-offs, that turn table meld `was` (number `target`) into `now`; None if they
/// cannot (a natural card left it, or the cards do not go there by lay-offs). Cards are tried
/// lowest code first. A meld that holds as many jokers as before may also have had one swapped out
/// and laid back on it (`5h 6h *=7h` to `5h 6h 7h *=8h` with the 7h: the swap, then the joker laid
/// off), which lay-offs alone cannot make.
/// The bool: a joker was laid back.
fn steps_between(target: usize, was: &TableMeld, now: &TableMeld, rules: &Rules) -> Option<(Vec<Shortcut>, bool)> {
    if was == now {
        return Some((Vec::new(), false));
    }
    match grown(target, was, now, 0, rules) {
        Some(steps) => Some((steps, false)),
        None => grown(target, was, now, 1, rules).map(|steps| (steps, true)),
    }
}

/// [`steps_between`] with `back` jokers swapped out of `was` and laid off on it again.
fn grown(target: usize, was: &TableMeld, now: &TableMeld, back: u8, rules: &Rules) -> Option<Vec<Shortcut>> {
    let (had, has) = (counts(was), counts(now));
    if (0..JOKER as usize).any(|c| had[c] > has[c]) {
        return None;
    }
    let j = JOKER as usize;
    if back > 0 && (had[j] == 0 || has[j] == 0) {
        return None;
    }
    let mut need: [u8; 53] = std::array::from_fn(|c| has[c].saturating_sub(had[c]));
    need[j] += back;
    let mut steps = Vec::new();
    let mut cur = was.clone();
    // a joker left: a hand card took its place
    for _ in 0..had[j].saturating_sub(has[j]) + back {
        let (card, swapped) = (0..JOKER)
            .filter(|&c| need[c as usize] > 0)
            .find_map(|c| swap_joker(&cur, c, rules).ok().map(|m| (c, m)))?;
        cur = swapped;
        steps.push(Shortcut::Swap { target, card });
        need[card as usize] -= 1;
    }
    // a joker laid off stands for what the new meld's jokers stand for, or where the rules place it
    let wanted: Vec<u8> = now.cards.iter().filter(|&&(c, _)| c == JOKER).map(|&(_, s)| DECLARED + s).collect();
    while need.iter().any(|&k| k > 0) {
        let (card, spec, grown) = (0..=JOKER).filter(|&c| need[c as usize] > 0).find_map(|card| {
            let specs = if card == JOKER { wanted.iter().copied().chain([JOKER]).collect() } else { vec![card] };
            specs.into_iter().find_map(|spec| lay_off(&cur, spec, rules).ok().map(|m| (card, spec, m)))
        })?;
        cur = grown;
        steps.push(Shortcut::LayOff { spec, target });
        need[card as usize] -= 1;
    }
    let sorted = |m: &TableMeld| {
        let mut cards = m.cards.clone();
        cards.sort_unstable();
        cards
    };
    let codes = |m: &TableMeld| {
        let mut codes: Vec<u8> = m.cards.iter().map(|&(c, _)| c).collect();
        codes.sort_unstable();
        codes
    };
    // a set's jokers may stand for other suits than written: the same cards make the same set. Not
    // with joker_declared: a laid joker is one exact card ("Dieser Joker kann dann nur durch genau diese
    // Karte ersetzt werden"), so declaring it anew is no shortcut; only a Räuber rearrangement reads
    // jokers afresh ("Joker verwenden und neu bestimmen")
    let both_sets = !rules.joker_declared && matches!((cur.shape, now.shape), (Shape::Set { .. }, Shape::Set { .. }));
    if sorted(&cur) == sorted(now) || (both_sets && codes(&cur) == codes(now)) {
        Some(steps)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{parse_cards, Game};
    use crate::meld::Options;
    use crate::romme::table_meld::read_meld;

    fn code(t: &str) -> u8 {
        parse_cards(Game::Romme, t).unwrap()[0]
    }

    fn spec(t: &str) -> u8 {
        match t.strip_prefix("*=") {
            Some(c) => DECLARED + code(c),
            None => code(t),
        }
    }

    fn specs(text: &str) -> Vec<Vec<u8>> {
        text.split('|').map(|m| m.split_whitespace().map(spec).collect()).collect()
    }

    fn rules(pairs: &[(&str, i64)]) -> Rules {
        Rules::from_options(&Options::from_pairs(pairs.iter().map(|(k, v)| (k.to_string(), *v)))).unwrap()
    }

    fn table(text: &str, r: &Rules) -> Vec<TableMeld> {
        specs(text).iter().map(|m| read_meld(m, r).unwrap()).collect()
    }

    fn hand(text: &str) -> Vec<u8> {
        text.split_whitespace().map(code).collect()
    }

    fn turn<'a>(hand: &'a [u8], table: &'a [TableMeld], opened: bool) -> Turn<'a> {
        Turn { hand, table, with_discard: true, opened, opened_before: opened, owed_jokers: 0, must_open_with: None }
    }

    /// The place-move `text` on `turn`: what the judge accepts, or the rule it names.
    fn place(turn: Turn, text: &str, r: &Rules) -> Result<Placed, String> {
        match turn.place(&specs(text), r).unwrap() {
            Verdict::Legal(placed) => Ok(placed),
            Verdict::Illegal(rule) => Err(rule),
        }
    }

    #[test]
    fn a_grown_table_is_its_swaps_new_melds_and_lay_offs() {
        let r = rules(&[]);
        let t = table("5h 6h * 8h | Kc Kd Ks", &r);
        let h = hand("7h 9h 2c 3c 4c Kh Qs");
        let placed = place(turn(&h, &t, true), "5h 6h 7h 8h 9h | Kc Kd Ks Kh | 2c 3c 4c *=5c", &r).unwrap();
        assert_eq!(
            placed.judged,
            Judged::Shortcuts(vec![
                Shortcut::Swap { target: 1, card: code("7h") },
                Shortcut::Meld(specs("2c 3c 4c *=5c")),
                Shortcut::LayOff { spec: code("9h"), target: 1 },
                Shortcut::LayOff { spec: code("Kh"), target: 2 },
            ])
        );
        assert_eq!(placed.outcome.hand, hand("Qs"));
        assert_eq!(placed.outcome.owed, 0);
        // the shared diff: the swapped joker placed again in the new meld, so only naturals move
        let mut laid = hand("7h 9h 2c 3c 4c Kh");
        laid.sort_unstable();
        assert_eq!(placed.moved, Moved { placed: laid, taken: vec![] });
    }

    #[test]
    fn a_joker_swapped_out_may_be_laid_back_on_its_meld() {
        // RULES.md §2: the joker taken by a swap "must then be laid again in the same turn (in a new meld
        // or as a lay-off)", also on the meld it left; lay-offs alone cannot put 7h where the joker lies
        for options in [vec![], vec![("joker_declared", 1)]] {
            let r = rules(&options);
            let t = table("5h 6h *=7h | Kh Kd *=Kc", &r);
            let h = hand("7h Kc 2s");
            let placed = place(turn(&h, &t, true), "5h 6h 7h *=8h | Kh Kd *=Kc", &r).unwrap();
            let joker = DECLARED + code("8h");
            let steps =
                vec![Shortcut::Swap { target: 1, card: code("7h") }, Shortcut::LayOff { spec: joker, target: 1 }];
            assert_eq!(placed.judged, Judged::Shortcuts(steps), "{options:?}");
            assert_eq!((placed.outcome.hand, placed.outcome.owed), (hand("Kc 2s"), 0));
            // a set's declared joker leaves it only for its card, and may come back as another suit
            let placed = place(turn(&h, &t, true), "5h 6h *=7h | Kh Kd Kc *=Ks", &r).unwrap();
            assert_eq!(placed.outcome.hand, hand("7h 2s"), "{options:?}");
        }
        // one swap a place: a joker laid back beside another swap is no shortcut (a rearrangement under rauber)
        let t = table("5h 6h *=7h | Kh Kd *=Kc", &rules(&[]));
        let h = hand("7h Kc 2s 2d 9c");
        assert!(place(turn(&h, &t, true), "5h 6h 7h *=8h | Kh Kd Kc | 2s 2d *=2c", &rules(&[])).is_err());
        let r = rules(&[("rauber", 1)]);
        let got = place(turn(&h, &t, true), "5h 6h 7h *=8h | Kh Kd Kc | 2s 2d *=2c", &r).unwrap();
        assert_eq!(got.judged, Judged::Rearrangement);
        // the card the joker stands for must be in the hand: no swap of 8h into 5h 6h *=7h
        let r = rules(&[]);
        let t = table("5h 6h *=7h", &r);
        assert!(place(turn(&hand("8h 2s"), &t, true), "5h 6h *=7h 8h", &r).is_ok());
        assert!(place(turn(&hand("4h 2s"), &t, true), "5h 6h 7h *=4h", &r).is_err());
    }

    #[test]
    fn an_opening_place_is_judged_first_as_the_opening() {
        let r = rules(&[]);
        let h = hand("Kc Kd Ks Qh Qd Qs 2c");
        let placed = place(turn(&h, &[], false), "Kc Kd Ks | Qh Qd Qs", &r).unwrap();
        assert!(placed.outcome.opens);
        let short = place(turn(&h, &[], false), "Kc Kd Ks", &r).unwrap_err();
        assert_eq!(short, "opening needs 31 points from new melds, these make 30");
    }

    #[test]
    fn another_table_is_a_rearrangement_only_with_rauber() {
        let h = hand("4h 9h 10h Jh 2c");
        for rauber in [false, true] {
            let r = rules(&[("rauber", i64::from(rauber))]);
            let t = table("5h 6h 7h 8h | Kc Kd Ks", &r);
            match place(turn(&h, &t, true), "4h 5h 6h 7h | 8h 9h 10h Jh | Kc Kd Ks", &r) {
                Ok(p) => {
                    assert!(rauber);
                    assert_eq!(p.judged, Judged::Rearrangement);
                    assert_eq!(p.outcome.hand, hand("2c"));
                    assert_eq!(p.moved, Moved { placed: hand("4h 9h 10h Jh"), taken: vec![] });
                }
                Err(e) => {
                    assert!(!rauber);
                    assert!(e.starts_with("without the rauber option"), "{e}");
                }
            }
        }
    }

    #[test]
    fn a_rearrangement_names_what_it_may_not_take_or_lay() {
        let r = rules(&[("rauber", 1)]);
        let t = table("Kc Kd Ks | 5h 6h 7h 8h", &r);
        let h = hand("9h 10h 2c");
        // the taken cards by their first place on the old table, as often as taken
        let taken = place(turn(&h, &t, true), "5h 6h 7h 8h 9h 10h", &r).unwrap_err();
        assert_eq!(taken, "rauber_table_to_hand is off: table cards stay on the table (Kc Kd Ks missing)");
        assert_eq!(
            place(turn(&h, &t, true), "5h 6h 7h 8h | Kc Kd Ks", &r).unwrap_err(),
            "a rearrangement must lay at least one hand card"
        );
        // the first card the hand lacks, reading the new table in order (10h it holds)
        let short = place(turn(&h, &t, true), "Kc Kd Ks | 10h Jh Qh | 5h 6h 7h 8h 9h", &r).unwrap_err();
        assert_eq!(short, "rearrange: Jh is not in the hand (or not that often)");
        let h = hand("9h 10h");
        let all = place(turn(&h, &t, true), "Kc Kd Ks | 5h 6h 7h | 8h 9h 10h", &r).unwrap_err();
        assert_eq!(all, KEEP_ONE_TO_DISCARD);
        // with rauber_table_to_hand the taken cards join the hand, which is kept sorted
        let r = rules(&[("rauber", 1), ("rauber_table_to_hand", 1)]);
        let h = hand("9h 10h 2c");
        let p = place(turn(&h, &t, true), "5h 6h 7h 8h 9h 10h", &r).unwrap();
        let mut after = hand("2c Kc Kd Ks");
        after.sort_unstable();
        assert_eq!((p.outcome.hand, p.moved.taken), (after, hand("Kc Kd Ks")));
        let not_opened = place(turn(&h, &t, false), "5h 6h 7h 8h 9h 10h", &r).unwrap_err();
        assert!(not_opened.starts_with("rearranging only after opening"), "{not_opened}");
    }

    #[test]
    fn a_declared_set_joker_is_declared_anew_only_by_a_rauber_rearrangement() {
        // sheet 001, "Varianten: Joker": "Legst du eine Figur mit einem Joker aus, so musst du klar Ansagen,
        // welche Karte dieser Joker ersetzt. Dieser Joker kann dann nur durch genau diese Karte ersetzt
        // werden." Re-declaring the set's joker from Kc to Ks beside a lay-off was taken as the lay-off
        // alone, and the Ks held then swapped the joker out. Räuber-Rommé: "Du kannst dabei Joker verwenden
        // und neu bestimmen", so there the same table is a rearrangement.
        let h = hand("Ks 8s 9c 4d");
        let new = "Kh Kd *=Ks | 5s 6s 7s 8s";
        for (options, judged) in [
            (vec![("joker_declared", 1)], None),
            (vec![("joker_declared", 1), ("rauber", 1)], Some(Judged::Rearrangement)),
            (vec![], Some(Judged::Shortcuts(vec![Shortcut::LayOff { spec: code("8s"), target: 2 }]))),
        ] {
            let r = rules(&options);
            let t = table("Kh Kd *=Kc | 5s 6s 7s", &r);
            let got = place(turn(&h, &t, true), new, &r);
            match judged {
                Some(judged) => assert_eq!(got.unwrap().judged, judged, "{options:?}"),
                None => assert!(got.unwrap_err().starts_with("without the rauber option"), "{options:?}"),
            }
        }
        // the set as it lies, the joker written undeclared or as declared, still takes the lay-off
        let r = rules(&[("joker_declared", 1)]);
        let t = table("Kh Kd *=Kc | 5s 6s 7s", &r);
        for kept in ["Kh Kd *=Kc | 5s 6s 7s 8s", "Kh Kd * | 5s 6s 7s 8s", "Kh Kd *=Kc Ks | 5s 6s 7s"] {
            assert!(place(turn(&h, &t, true), kept, &r).is_ok(), "{kept}");
        }
    }

    #[test]
    fn the_table_as_it_was_and_broken_melds_are_refused() {
        let r = rules(&[]);
        let t = table("5h 6h 7h", &r);
        let h = hand("Kc Kd");
        assert_eq!(
            place(turn(&h, &t, true), "5h 6h 7h", &r).unwrap_err(),
            "a place must lay at least one hand card (the table is as it was)"
        );
        assert_eq!(turn(&h, &t, true).place(&[], &r).unwrap(), Verdict::Illegal("no meld given".into()));
        let broken = place(turn(&h, &t, true), "5h 6h 7h | Kc Kd", &r).unwrap_err();
        assert_eq!(broken, "meld Kc Kd: a set holds 3 or 4 cards, got 2");
        // a hand card that is no Rommé card: no position
        assert!(turn(&[53], &t, true).place(&specs("5h 6h 7h 8h"), &r).is_err());
    }
}
