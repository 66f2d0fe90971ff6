//! Coverage-guided fuzzing of Krass Kariert's combinations
//! (`romme._core.krass_combination`) and of the readings the game uses: any
//! cards with any numbers give a play, no play or an `Err`, the classifier and
//! the combination agree, and every reading found is of the cards given.
//! Never a panic. `cargo +nightly fuzz run --release -a --sanitizer none krass_combos`.
#![no_main]
use libfuzzer_sys::fuzz_target;
use romme_engine::krass::{self, Play};

#[path = "../src/pick.rs"]
mod pick;

fuzz_target!(|data: &[u8]| {
    let mut b = pick::Bytes::new(data);
    let n = b.below(6);
    let pairs: Vec<(u8, u8)> = (0..n).map(|_| (b.byte(), b.byte() % 20)).collect();
    let combination = krass::combination(&pairs);
    let classified = krass::classify(&pairs);
    assert_eq!(combination.clone().ok().flatten(), classified.clone().ok(), "{pairs:?}");
    if let Err(e) = &combination {
        assert!(!e.0.contains('\n'), "{pairs:?}: {e}");
    }
    let codes: Vec<u8> = pairs.iter().map(|p| p.0 % 64).take(4).collect();
    if let Some((play, values)) = krass::best_reading(&codes) {
        assert_eq!(values.iter().map(|v| v.0).collect::<Vec<_>>(), codes, "{play:?}: not a reading of the cards");
    }
    let target = match krass::classify(&pairs) {
        Ok(Play::Combo(c)) => Some(c),
        _ => None,
    };
    if let Some((combo, values)) = krass::lowest_beating(&codes, target) {
        let again = krass::classify(&values);
        assert_eq!(again.ok(), Some(Play::Combo(combo)), "{codes:?} beating {target:?}");
        if let Some(t) = target {
            assert!(combo.beats(t), "{combo:?} does not beat {t:?}");
        }
    }
});
