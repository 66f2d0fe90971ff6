//! Coverage-guided fuzzing of the hand solvers (`romme._core.solve_hand`): any
//! game, objective, options, round and cards give `Ok` with every card of the
//! hand either in a meld the meld check accepts or left (Krass: in one of its
//! plays), or a one-line `Err` — never a panic, an internal error or a
//! hang (2 s of this thread's CPU time, which a loaded machine does not inflate).
//! `cargo +nightly fuzz run --release -a --sanitizer none hand_solver`.
#![no_main]
use libfuzzer_sys::fuzz_target;
use romme_engine::cards::Game;
use romme_engine::hand::{solve_hand, validate_meld};
use romme_engine::testkit::{assert_conserved, assert_same_cards, CpuClock};

#[path = "../src/pick.rs"]
mod pick;

fuzz_target!(|data: &[u8]| {
    let mut b = pick::Bytes::new(data);
    let game = pick::game(&mut b);
    let objective = pick::objective(&mut b);
    let options = pick::options(&mut b);
    let round = b.below(14) as u8;
    let hand = pick::codes(&mut b, game, 120);
    let clock = CpuClock::start();
    match solve_hand(game, &hand, objective, &options, round) {
        Ok(s) if game == Game::Krass => {
            // (Krass answers with plays that empty the hand, in its order)
            let played: Vec<u8> = s.plays.iter().flatten().flatten().map(|p| p.0).collect();
            assert_same_cards(&played, &hand, "krass plays are not the hand");
        }
        Ok(s) => {
            assert_conserved(&hand, &s);
            for m in &s.melds {
                let ok = validate_meld(game, &m.codes(), &options, round);
                assert!(ok.is_ok(), "{game:?} {hand:?} {options:?}: invalid meld {:?}: {ok:?}", m.codes());
            }
        }
        Err(e) => {
            assert!(!e.0.contains("internal") && !e.0.contains('\n'), "{game:?} {hand:?} {options:?}: {e}");
        }
    }
    let secs = clock.elapsed_ms() / 1e3;
    assert!(secs < 2.0, "{game:?} {} cards {objective:?} {options:?} took {secs:.1} s of CPU", hand.len());
});
