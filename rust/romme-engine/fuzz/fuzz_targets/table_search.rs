//! Coverage-guided fuzzing of the table search: any position (mostly valid
//! melds, with jokers, of every game, objective, tie-break and option) gives
//! `Ok` with a checked answer or a clean `Err`, never a panic or an internal
//! error. `cargo fuzz run --release -a --sanitizer none table_search` from
//! `rust/romme-engine`; `cargo run --release --bin repro FILE...` replays a
//! crash file as a Rust literal.
#![no_main]
use libfuzzer_sys::fuzz_target;

#[path = "../src/decode.rs"]
mod decode;

fuzz_target!(|data: &[u8]| {
    let inp = decode::decode(data);
    match decode::run(&inp).0 {
        Ok(s) => {
            if let Err(e) = decode::check(&inp, &s) {
                panic!("answer check failed: {e}\n{}\nanswer: {s:?}", decode::literal(&inp));
            }
        }
        Err(e) if e.contains("internal") => panic!("internal error: {e}\n{}", decode::literal(&inp)),
        Err(_) => {}
    }
});
