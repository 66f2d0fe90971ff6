//! Coverage-guided fuzzing of the meld check (`romme._core.validate_meld`) and
//! the card text reader: any game, options, round and cards give a meld of
//! exactly the cards given, each standing for a card of the game, or a
//! one-line `Err`; any text reads as the game's codes or an `Err`. Never a
//! panic. `cargo +nightly fuzz run --release -a --sanitizer none meld_check`.
#![no_main]
use libfuzzer_sys::fuzz_target;
use romme_engine::cards::parse_cards;
use romme_engine::hand::validate_meld;

#[path = "../src/pick.rs"]
mod pick;

fuzz_target!(|data: &[u8]| {
    let mut b = pick::Bytes::new(data);
    let game = pick::game(&mut b);
    let options = pick::options(&mut b);
    let round = b.below(14) as u8;
    let codes = pick::codes(&mut b, game, 16);
    match validate_meld(game, &codes, &options, round) {
        Ok(m) => {
            let (mut got, mut want) = (m.codes(), codes.clone());
            got.sort_unstable();
            want.sort_unstable();
            assert_eq!(got, want, "{game:?} {options:?}: the meld's cards are not the cards given");
            assert!(m.cards.iter().all(|p| (p.stands_for as usize) < game.type_count()), "{game:?} {m:?}");
        }
        Err(e) => assert!(!e.0.contains("internal") && !e.0.contains('\n'), "{game:?} {codes:?}: {e}"),
    }
    let text = String::from_utf8_lossy(b.rest());
    if let Ok(read) = parse_cards(game, &text) {
        assert!(read.iter().all(|&c| (c as usize) < game.type_count()), "{game:?} {text:?} read as {read:?}");
    }
});
