//! Coverage-guided fuzzing of the table search: any position (mostly valid
//! melds, with jokers, of every game, objective, tie-break, budget and option)
//! gives `Ok` with a checked answer or a clean `Err`, never a panic or an
//! internal error; under a work budget (the bots' and the hint's) the same
//! answer twice, as a seed's replay needs. `cargo fuzz run --release -a
//! --sanitizer none table_search` from `rust/romme-engine`; `cargo run --release
//! --bin repro FILE...` replays a crash file as a Rust literal.
#![no_main]
use libfuzzer_sys::fuzz_target;

#[path = "../src/decode.rs"]
mod decode;

fuzz_target!(|data: &[u8]| {
    let inp = decode::decode(data);
    let (first, _) = decode::run(&inp);
    match &first {
        Ok(s) => {
            if let Err(e) = decode::check(&inp, s) {
                panic!("answer check failed: {e}\n{}\nanswer: {s:?}", decode::literal(&inp));
            }
        }
        Err(e) if e.contains("internal") => panic!("internal error: {e}\n{}", decode::literal(&inp)),
        Err(_) => {}
    }
    if inp.budget.work.is_some() && inp.budget.time_ms.is_none() {
        let (again, _) = decode::run(&inp);
        assert!(
            again == first,
            "a work budget answered twice differently:\n{}\n{first:?}\n{again:?}",
            decode::literal(&inp)
        );
    }
});
