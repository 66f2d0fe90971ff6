//! Card types of the five games and their decks.
//!
//! Every game numbers its card *types* with small integers (`u8` codes); copies
//! of the same type are indistinguishable. The code layout per game is:
//!
//! | game | codes |
//! |---|---|
//! | koenigs | `suit * 11 + (rank - 3)` for suits c d h s t (0..5), ranks 3..=13; joker 55 |
//! | romme | `suit * 13 + (rank - 1)` for suits c d h s, ranks 1 (ace)..=13; joker 52 |
//! | einmaleins | number cards 0..100 in [`numnum_values`] order (symbol-major); `W` 100, `V2` 101, `V5` 102 |
//! | rummy | `colour * 13 + (number - 1)` for colours B R G Y; joker 52 |
//! | krass | numbers 1..=12 as 0..12; `X` 12, `N` 13, `S` 14 |
//!
//! This module is the one place that knows these layouts; Python reads them
//! through `romme._core.deck_types`.

use crate::meld::EngineError;

mod numnum_deck;

/// The five games (Königs-Rommé solitaire shares the Königs-Rommé deck).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Game {
    /// Königs-Rommé (and its solitaire).
    Koenigs,
    /// Classic Rommé with its house variants.
    Romme,
    /// 1x1-Rommé on the NumNum deck.
    Einmaleins,
    /// Rummy, the Rummikub-like Räuber game.
    Rummy,
    /// Krass Kariert.
    Krass,
}

impl Game {
    /// All games, in a fixed order.
    pub const ALL: [Game; 5] = [Game::Koenigs, Game::Romme, Game::Einmaleins, Game::Rummy, Game::Krass];

    /// The game id used by the CLI and Python API.
    pub fn id(self) -> &'static str {
        match self {
            Game::Koenigs => "koenigs",
            Game::Romme => "romme",
            Game::Einmaleins => "einmaleins",
            Game::Rummy => "rummy",
            Game::Krass => "krass",
        }
    }

    /// Parses a game id (`koenigs-solo` maps to the Königs-Rommé deck).
    pub fn from_id(id: &str) -> Option<Game> {
        match id {
            "koenigs" | "koenigs-solo" => Some(Game::Koenigs),
            "romme" => Some(Game::Romme),
            "einmaleins" => Some(Game::Einmaleins),
            "rummy" => Some(Game::Rummy),
            "krass" => Some(Game::Krass),
            _ => None,
        }
    }

    /// Number of card type codes of this game.
    pub fn type_count(self) -> usize {
        match self {
            Game::Koenigs => 56,
            Game::Romme | Game::Rummy => 53,
            Game::Einmaleins => 103,
            Game::Krass => 15,
        }
    }
}

/// What kind of card a type is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A natural card with a suit (symbol, colour) and a rank (value, number).
    Natural,
    /// A joker (Königs-Rommé, Rommé, Rummy) or wish card (1x1 `W`).
    Joker,
    /// Krass Kariert's X card: any number 1..=12 when played.
    X,
    /// Krass Kariert's draw card (`N`).
    Draw,
    /// Krass Kariert's stop card (`S`).
    Stop,
    /// NumNum ban card (`V2`, `V5`): part of the deck, not of 1x1-Rommé.
    Ban,
}

/// One card type: its code, canonical token, suit index and rank.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardType {
    /// The type code within its game.
    pub code: u8,
    /// Canonical token, e.g. `10t`, `Ah`, `H12`, `R7`, `X`.
    pub token: String,
    /// Suit/symbol/colour index, or 255 when the card has none.
    pub suit: u8,
    /// Rank/value/number (ace = 1 in Rommé), 0 when the card has none.
    pub rank: u8,
    /// What kind of card it is.
    pub kind: Kind,
    /// How many copies of it the game's deck holds (Rommé: with 3 jokers per deck).
    pub copies: u8,
}

/// Suit letters of Königs-Rommé (c d h s t).
pub const KOENIGS_SUITS: [char; 5] = ['c', 'd', 'h', 's', 't'];
/// Suit letters of Rommé (c d h s).
pub const ROMME_SUITS: [char; 4] = ['c', 'd', 'h', 's'];
/// Colour letters of Rummy (B R G Y).
pub const RUMMY_COLOURS: [char; 4] = ['B', 'R', 'G', 'Y'];
/// Symbol letters of the NumNum deck (H K D Q).
pub const NUMNUM_SYMBOLS: [char; 4] = ['H', 'K', 'D', 'Q'];

/// The NumNum deck (this project's reconstruction, `docs/DECKS.md`): per symbol
/// (H K D Q) the values besides 1..=11, one card each. The deck is data, read
/// from `data/numnum.txt` when the crate compiles: correct it there, and only there.
pub const NUMNUM_EXTRA_VALUES: [[u8; numnum_deck::EXTRA_PER_SYMBOL]; 4] = numnum_deck::DECK.extra_values;
/// Copies of the NumNum wish card `W` (`data/numnum.txt`).
pub const NUMNUM_WISH_COPIES: u8 = numnum_deck::DECK.wish_copies;
/// Copies of each ban card (`V2`, `V5`) in the full NumNum deck (`data/numnum.txt`).
pub const NUMNUM_BAN_COPIES: u8 = numnum_deck::DECK.ban_copies;

/// Number card values of one NumNum symbol, ascending (1..=11 then the extras).
pub fn numnum_values(symbol: usize) -> impl Iterator<Item = u8> {
    (1u8..=11).chain(NUMNUM_EXTRA_VALUES[symbol].iter().copied())
}

/// The code layout of a suited deck: `suit * ranks + (rank - low)` for
/// ranks `low..=high`, suit-major. Königs-Rommé, Rommé and Rummy number their
/// natural cards this way; their modules read ranks and suits through it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SuitedLayout {
    /// Number of suits (colours).
    pub suits: u8,
    /// Lowest rank (number) of a suit.
    pub low: u8,
    /// Highest rank (number) of a suit.
    pub high: u8,
}

impl SuitedLayout {
    /// Ranks per suit.
    #[inline]
    pub const fn ranks(self) -> u8 {
        self.high - self.low + 1
    }

    /// Rank of a natural code.
    #[inline]
    pub const fn rank(self, code: u8) -> u8 {
        code % self.ranks() + self.low
    }

    /// Suit (colour) of a natural code.
    #[inline]
    pub const fn suit(self, code: u8) -> u8 {
        code / self.ranks()
    }

    /// The code of `rank` in `suit`.
    #[inline]
    pub const fn code(self, suit: u8, rank: u8) -> u8 {
        suit * self.ranks() + rank - self.low
    }

    /// Rank-major index of a natural code (every suit of the lowest rank,
    /// then the next rank, ...): the solvers' order, so that the lowest
    /// remaining card is one of the lowest rank.
    #[inline]
    pub const fn rank_major(self, code: u8) -> usize {
        (self.rank(code) - self.low) as usize * self.suits as usize + self.suit(code) as usize
    }

    /// The natural code at rank-major index `i` (inverse of [`Self::rank_major`]).
    #[inline]
    pub const fn from_rank_major(self, i: usize) -> u8 {
        self.code((i % self.suits as usize) as u8, (i / self.suits as usize) as u8 + self.low)
    }
}

/// Königs-Rommé: ranks 3..=13 in suits c d h s t.
pub const KOENIGS_LAYOUT: SuitedLayout = SuitedLayout { suits: 5, low: 3, high: 13 };
/// Rommé (ranks 1..=13 in c d h s) and Rummy (numbers 1..=13 in B R G Y).
pub const THIRTEEN_LAYOUT: SuitedLayout = SuitedLayout { suits: 4, low: 1, high: 13 };

/// `A`, `2`..`10`, `J`, `Q`, `K` for a rank 1..=13.
pub fn rank_token(rank: u8) -> String {
    match rank {
        1 => "A".into(),
        11 => "J".into(),
        12 => "Q".into(),
        13 => "K".into(),
        r => r.to_string(),
    }
}

/// All card types of a game, indexed by code (built once: every table search
/// checks card counts against it).
pub fn deck_types(game: Game) -> &'static [CardType] {
    static DECKS: [std::sync::OnceLock<Vec<CardType>>; Game::ALL.len()] =
        [const { std::sync::OnceLock::new() }; Game::ALL.len()];
    let i = Game::ALL.iter().position(|&g| g == game).unwrap_or(0);
    DECKS[i].get_or_init(|| build_deck_types(game))
}

fn build_deck_types(game: Game) -> Vec<CardType> {
    let mut out = Vec::with_capacity(game.type_count());
    let nat = |code: usize, token: String, suit: usize, rank: u8, copies: u8| CardType {
        code: code as u8,
        token,
        suit: suit as u8,
        rank,
        kind: Kind::Natural,
        copies,
    };
    let special = |code: usize, token: &str, kind: Kind, copies: u8| CardType {
        code: code as u8,
        token: token.into(),
        suit: 255,
        rank: 0,
        kind,
        copies,
    };
    match game {
        Game::Koenigs => {
            for (s, ch) in KOENIGS_SUITS.iter().enumerate() {
                for rank in 3u8..=13 {
                    out.push(nat(out.len(), format!("{}{}", rank_token(rank), ch), s, rank, 2));
                }
            }
            out.push(special(out.len(), "*", Kind::Joker, 6));
        }
        Game::Romme => {
            for (s, ch) in ROMME_SUITS.iter().enumerate() {
                for rank in 1u8..=13 {
                    out.push(nat(out.len(), format!("{}{}", rank_token(rank), ch), s, rank, 2));
                }
            }
            out.push(special(out.len(), "*", Kind::Joker, 6));
        }
        Game::Rummy => {
            for (c, ch) in RUMMY_COLOURS.iter().enumerate() {
                for n in 1u8..=13 {
                    out.push(nat(out.len(), format!("{ch}{n}"), c, n, 2));
                }
            }
            out.push(special(out.len(), "*", Kind::Joker, 2));
        }
        Game::Einmaleins => {
            for (s, ch) in NUMNUM_SYMBOLS.iter().enumerate() {
                for v in numnum_values(s) {
                    out.push(nat(out.len(), format!("{ch}{v}"), s, v, 1));
                }
            }
            out.push(special(out.len(), "W", Kind::Joker, NUMNUM_WISH_COPIES));
            out.push(CardType { rank: 2, ..special(out.len(), "V2", Kind::Ban, NUMNUM_BAN_COPIES) });
            out.push(CardType { rank: 5, ..special(out.len(), "V5", Kind::Ban, NUMNUM_BAN_COPIES) });
        }
        Game::Krass => {
            for n in 1u8..=12 {
                out.push(CardType { suit: 255, ..nat(out.len(), n.to_string(), 0, n, 4) });
            }
            out.push(special(out.len(), "X", Kind::X, 2));
            out.push(special(out.len(), "N", Kind::Draw, 2));
            out.push(special(out.len(), "S", Kind::Stop, 2));
        }
    }
    debug_assert_eq!(out.len(), game.type_count());
    out
}

/// The joker (wish card) code of a game, if it has one.
pub fn joker_code(game: Game) -> Option<u8> {
    match game {
        Game::Koenigs => Some(55),
        Game::Romme | Game::Rummy => Some(52),
        Game::Einmaleins => Some(100),
        Game::Krass => None,
    }
}

/// The token of `code` in `game` (as in [`deck_types`]), or `code N` for a code the game lacks.
pub fn token(game: Game, code: u8) -> String {
    deck_types(game).get(code as usize).map_or_else(|| format!("code {code}"), |t| t.token.clone())
}

/// Codes of whitespace-separated card tokens of `game`, written as in
/// [`deck_types`] (`Kd`, `10t`, `Ah`, `R7`, `H12`, `W`, `X`, `*`).
pub fn parse_cards(game: Game, text: &str) -> Result<Vec<u8>, EngineError> {
    let types = deck_types(game);
    text.split_whitespace()
        .map(|token| {
            types
                .iter()
                .find(|t| t.token == token)
                .map(|t| t.code)
                .ok_or_else(|| EngineError::new(format!("{token:?} is not a {} card", game.id())))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_match_the_decks() {
        for (game, layout) in
            [(Game::Koenigs, KOENIGS_LAYOUT), (Game::Romme, THIRTEEN_LAYOUT), (Game::Rummy, THIRTEEN_LAYOUT)]
        {
            for t in deck_types(game).iter().filter(|t| t.kind == Kind::Natural) {
                assert_eq!((layout.suit(t.code), layout.rank(t.code)), (t.suit, t.rank));
                assert_eq!(layout.code(t.suit, t.rank), t.code);
                assert_eq!(layout.from_rank_major(layout.rank_major(t.code)), t.code);
            }
            let mut order: Vec<usize> = (0..layout.suits * layout.ranks()).map(|c| layout.rank_major(c)).collect();
            order.sort_unstable();
            assert_eq!(order, (0..order.len()).collect::<Vec<_>>());
        }
        assert_eq!(
            (token(Game::Rummy, 20), token(Game::Einmaleins, 100), token(Game::Krass, 99)),
            ("R8".into(), "W".into(), "code 99".into())
        );
    }

    #[test]
    fn tokens_parse_to_their_codes() {
        for g in Game::ALL {
            let types = deck_types(g);
            let text: Vec<&str> = types.iter().map(|t| t.token.as_str()).collect();
            let codes: Vec<u8> = types.iter().map(|t| t.code).collect();
            assert_eq!(parse_cards(g, &text.join(" ")), Ok(codes));
        }
        assert_eq!(parse_cards(Game::Romme, "Ac 10s *"), Ok(vec![0, 48, 52]));
        assert!(parse_cards(Game::Koenigs, "Ah").unwrap_err().0.contains("\"Ah\" is not a koenigs card"));
    }

    #[test]
    fn deck_sizes_match_decks_md() {
        let total = |g| deck_types(g).iter().map(|t| t.copies as usize).sum::<usize>();
        assert_eq!(total(Game::Koenigs), 116);
        assert_eq!(total(Game::Romme), 110);
        assert_eq!(total(Game::Rummy), 106);
        assert_eq!(total(Game::Einmaleins), 109);
        assert_eq!(total(Game::Krass), 54);
    }

    #[test]
    fn codes_are_indices_and_tokens_unique() {
        for g in Game::ALL {
            let types = deck_types(g);
            let mut tokens: Vec<_> = types.iter().map(|t| t.token.clone()).collect();
            for (i, t) in types.iter().enumerate() {
                assert_eq!(t.code as usize, i);
            }
            tokens.sort();
            tokens.dedup();
            assert_eq!(tokens.len(), types.len());
        }
    }

    #[test]
    fn joker_codes_point_at_jokers() {
        for g in Game::ALL {
            if let Some(j) = joker_code(g) {
                assert_eq!(deck_types(g)[j as usize].kind, Kind::Joker);
            }
        }
    }
}
