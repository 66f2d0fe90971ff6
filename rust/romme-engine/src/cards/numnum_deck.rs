//! The NumNum deck's composition, read from `data/numnum.txt` while the crate
//! compiles.
//!
//! The deck is this project's reconstruction (`docs/DECKS.md`), so it is data a
//! player who owns the real deck may correct, in that one file. The reader is a
//! `const fn`: a malformed file stops the build with the reason, so the engine
//! never meets a bad deck at run time.

/// Number cards of one symbol besides the values 1..=11.
pub(crate) const EXTRA_PER_SYMBOL: usize = 14;

/// Symbol letters in the order of the card codes (H K D Q).
const SYMBOL_LETTERS: [u8; 4] = [b'H', b'K', b'D', b'Q'];

/// What `data/numnum.txt` says.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct NumnumDeck {
    /// Per symbol (H K D Q) the values besides 1..=11, ascending.
    pub extra_values: [[u8; EXTRA_PER_SYMBOL]; 4],
    /// Copies of the wish card `W`.
    pub wish_copies: u8,
    /// Copies of each ban card (`V2`, `V5`).
    pub ban_copies: u8,
}

/// The deck the engine plays with.
pub(crate) const DECK: NumnumDeck = parse(include_str!("../../data/numnum.txt"));

/// Reads the deck file: `#` comment lines, one line per symbol (`H 12 14 …`,
/// fourteen ascending values above 11) and one per special card with its
/// copies (`W 3`, `V2 3`, `V5 3`). Panics (at compile time for [`DECK`]) on
/// anything else.
pub(crate) const fn parse(text: &str) -> NumnumDeck {
    let bytes = text.as_bytes();
    let mut extra_values = [[0u8; EXTRA_PER_SYMBOL]; 4];
    let mut symbol_seen = [false; 4];
    let mut wish_copies: Option<u8> = None;
    let mut ban2_copies: Option<u8> = None;
    let mut ban5_copies: Option<u8> = None;
    let mut line_start = 0;
    while line_start < bytes.len() {
        let line_end = end_of_line(bytes, line_start);
        let key_start = skip_blanks(bytes, line_start, line_end);
        let key_end = end_of_word(bytes, key_start, line_end);
        if key_start < key_end && bytes[key_start] != b'#' {
            let rest = key_end;
            if key_end - key_start == 1 && symbol_index(bytes[key_start]) < 4 {
                let symbol = symbol_index(bytes[key_start]);
                if symbol_seen[symbol] {
                    panic!("numnum.txt: a symbol has two lines");
                }
                symbol_seen[symbol] = true;
                extra_values[symbol] = parse_symbol_values(bytes, rest, line_end);
            } else if is_word(bytes, key_start, key_end, b"W") {
                wish_copies = Some(parse_copies(bytes, rest, line_end, wish_copies));
            } else if is_word(bytes, key_start, key_end, b"V2") {
                ban2_copies = Some(parse_copies(bytes, rest, line_end, ban2_copies));
            } else if is_word(bytes, key_start, key_end, b"V5") {
                ban5_copies = Some(parse_copies(bytes, rest, line_end, ban5_copies));
            } else {
                panic!("numnum.txt: a line starts with none of H K D Q W V2 V5");
            }
        }
        line_start = line_end + 1;
    }
    if !(symbol_seen[0] && symbol_seen[1] && symbol_seen[2] && symbol_seen[3]) {
        panic!("numnum.txt: each of H K D Q needs its line");
    }
    let (Some(wish_copies), Some(ban2), Some(ban5)) = (wish_copies, ban2_copies, ban5_copies) else {
        panic!("numnum.txt: W, V2 and V5 each need their line");
    };
    if ban2 != ban5 {
        panic!("numnum.txt: the ban cards V2 and V5 come in the same number of copies");
    }
    NumnumDeck { extra_values, wish_copies, ban_copies: ban2 }
}

/// The fourteen values after a symbol letter.
const fn parse_symbol_values(bytes: &[u8], from: usize, line_end: usize) -> [u8; EXTRA_PER_SYMBOL] {
    let mut values = [0u8; EXTRA_PER_SYMBOL];
    let mut count = 0;
    let mut at = skip_blanks(bytes, from, line_end);
    while at < line_end {
        let end = end_of_word(bytes, at, line_end);
        let value = parse_number(bytes, at, end);
        if count == EXTRA_PER_SYMBOL {
            panic!("numnum.txt: a symbol has more than fourteen values besides 1-11");
        }
        let floor = if count == 0 { 11 } else { values[count - 1] };
        if value <= floor {
            panic!("numnum.txt: a symbol's values must ascend and lie above 11");
        }
        values[count] = value;
        count += 1;
        at = skip_blanks(bytes, end, line_end);
    }
    if count != EXTRA_PER_SYMBOL {
        panic!("numnum.txt: a symbol has fewer than fourteen values besides 1-11");
    }
    values
}

/// The one number after a special card's token; `earlier` is what an earlier
/// line gave (a second line is an error).
const fn parse_copies(bytes: &[u8], from: usize, line_end: usize, earlier: Option<u8>) -> u8 {
    if earlier.is_some() {
        panic!("numnum.txt: a special card has two lines");
    }
    let start = skip_blanks(bytes, from, line_end);
    let end = end_of_word(bytes, start, line_end);
    if skip_blanks(bytes, end, line_end) != line_end {
        panic!("numnum.txt: a special card's line holds one number, its copies");
    }
    parse_number(bytes, start, end)
}

/// A decimal number from 1 to 255.
const fn parse_number(bytes: &[u8], start: usize, end: usize) -> u8 {
    if start == end {
        panic!("numnum.txt: a number is missing");
    }
    let mut value: u32 = 0;
    let mut at = start;
    while at < end {
        let digit = bytes[at];
        if !digit.is_ascii_digit() {
            panic!("numnum.txt: a value is not a number");
        }
        value = value * 10 + (digit - b'0') as u32;
        if value > 255 {
            panic!("numnum.txt: a number exceeds 255");
        }
        at += 1;
    }
    if value == 0 {
        panic!("numnum.txt: a number is 0");
    }
    value as u8
}

/// 0..4 for H K D Q, 4 for any other byte.
const fn symbol_index(letter: u8) -> usize {
    let mut i = 0;
    while i < SYMBOL_LETTERS.len() {
        if SYMBOL_LETTERS[i] == letter {
            return i;
        }
        i += 1;
    }
    SYMBOL_LETTERS.len()
}

const fn is_word(bytes: &[u8], start: usize, end: usize, word: &[u8]) -> bool {
    if end - start != word.len() {
        return false;
    }
    let mut i = 0;
    while i < word.len() {
        if bytes[start + i] != word[i] {
            return false;
        }
        i += 1;
    }
    true
}

const fn is_blank(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\r')
}

const fn end_of_line(bytes: &[u8], from: usize) -> usize {
    let mut at = from;
    while at < bytes.len() && bytes[at] != b'\n' {
        at += 1;
    }
    at
}

const fn skip_blanks(bytes: &[u8], from: usize, end: usize) -> usize {
    let mut at = from;
    while at < end && is_blank(bytes[at]) {
        at += 1;
    }
    at
}

const fn end_of_word(bytes: &[u8], from: usize, end: usize) -> usize {
    let mut at = from;
    while at < end && !is_blank(bytes[at]) {
        at += 1;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str = "# a comment\n\
        H 12 14 15 16 18 20 24 27 30 32 36 48 60 72\n\
        K 12 13 14 21 22 24 26 28 33 35 36 42 49 63\r\n\
        D 12 15 20 24 25 30 35 36 40 45 50 55 70 80\n\
        \tQ 12 13 16 18 24 27 34 36 39 51 54 64 78 81\n\
        \n\
        W 3\n\
        V2 2\n\
        V5 2";

    /// Whatever a correction of the data file changes, the deck keeps its 109
    /// cards and every card the 1x1-Rommé sheet's examples use.
    #[test]
    fn the_deck_file_keeps_the_sheet_s_cards() {
        let numbers = 4 * (11 + EXTRA_PER_SYMBOL);
        assert_eq!(numbers + DECK.wish_copies as usize + 2 * DECK.ban_copies as usize, 109);
        let has = |symbol: usize, value: u8| value <= 11 || DECK.extra_values[symbol].contains(&value);
        let (h, k, d) = (0, 1, 2);
        for (symbol, value) in
            [(h, 12), (h, 15), (h, 16), (h, 24), (h, 36), (k, 14), (k, 21), (d, 40), (d, 45), (d, 50)]
        {
            assert!(has(symbol, value), "{}{value}", SYMBOL_LETTERS[symbol] as char);
        }
    }

    #[test]
    fn blanks_comments_and_carriage_returns_are_read_over() {
        let deck = parse(SMALL);
        assert_eq!(deck.extra_values[1][13], 63);
        assert_eq!(deck.extra_values[3][0], 12);
        assert_eq!((deck.wish_copies, deck.ban_copies), (3, 2));
    }

    #[test]
    #[should_panic(expected = "ascend")]
    fn values_out_of_order_are_refused() {
        parse(&SMALL.replacen("H 12 14", "H 14 12", 1));
    }

    #[test]
    #[should_panic(expected = "fewer than fourteen")]
    fn a_short_symbol_line_is_refused() {
        parse(&SMALL.replacen(" 60 72", " 60", 1));
    }

    #[test]
    #[should_panic(expected = "W, V2 and V5")]
    fn a_missing_special_card_is_refused() {
        parse(&SMALL.replacen("W 3", "# W 3", 1));
    }

    #[test]
    #[should_panic(expected = "same number of copies")]
    fn ban_cards_with_different_copies_are_refused() {
        parse(&SMALL.replacen("V5 2", "V5 3", 1));
    }

    #[test]
    #[should_panic(expected = "two lines")]
    fn a_symbol_given_twice_is_refused() {
        parse(&format!("{SMALL}\nK 12 13 14 21 22 24 26 28 33 35 36 42 49 63"));
    }
}
