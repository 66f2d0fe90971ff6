#[path = "decode.rs"]
mod decode;
use romme_engine::search::{Budget, TableObjective, TableSolution, TieBreak};

fn value(o: TableObjective, s: &TableSolution) -> i64 {
    match o {
        TableObjective::Cards => s.placed.len() as i64,
        TableObjective::Points => s.placed_points as i64,
        TableObjective::Net => s.placed.len() as i64 - s.taken.len() as i64,
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let diff = args.first().is_some_and(|a| a == "--diff");
    let quiet = args.iter().any(|a| a == "--quiet");
    for path in args.iter().filter(|a| !a.starts_with("--")) {
        let data = std::fs::read(path).unwrap();
        let mut inp = decode::decode(&data);
        if diff {
            inp.budget = Budget::UNLIMITED;
            inp.tie = TieBreak::Exact;
            let (a, ma) = decode::run(&inp);
            inp.tie = TieBreak::Fast;
            let (b, mb) = decode::run(&inp);
            let mut bad = Vec::new();
            if ma.max(mb) > 2000.0 {
                bad.push(format!("slow: exact {ma:.0} ms, fast {mb:.0} ms of CPU"));
            }
            match (&a, &b) {
                (Ok(x), Ok(y)) => {
                    for (n, s) in [("exact", x), ("fast", y)] {
                        if let Err(e) = decode::check(&inp, s) {
                            bad.push(format!("{n}: check {e}"));
                        }
                    }
                    if x.optimal && y.optimal && value(inp.objective, x) != value(inp.objective, y) {
                        bad.push(format!(
                            "objective differs: exact {} fast {}",
                            value(inp.objective, x),
                            value(inp.objective, y)
                        ));
                    }
                    if x.moved_optimal && y.moved_optimal && x.optimal && y.optimal && x.moved != y.moved {
                        bad.push(format!("proven moved differs: exact {} fast {}", x.moved, y.moved));
                    }
                    if x.moved_optimal && x.optimal && y.optimal && y.moved < x.moved {
                        bad.push(format!("fast moved {} < exact proven {}", y.moved, x.moved));
                    }
                    if y.moved_optimal && x.optimal && y.optimal && x.moved < y.moved {
                        bad.push(format!("exact moved {} < fast proven {}", x.moved, y.moved));
                    }
                }
                (Err(e), Err(f)) if e == f => {}
                _ => bad.push(format!("ok/err differ: {:?} vs {:?}", a.as_ref().map(|_| ()), b.as_ref().map(|_| ()))),
            }
            if !bad.is_empty() {
                println!("== {path}\n{}\n  {}", decode::literal(&inp), bad.join("; "));
            }
            continue;
        }
        println!("== {path}\n{}", decode::literal(&inp));
        let (r, ms) = decode::run(&inp);
        match &r {
            Ok(s) if quiet => println!("Ok in {ms:.1} ms; check: {:?}", decode::check(&inp, s)),
            Ok(s) => println!(
                "Ok in {ms:.1} ms: placed {:?} taken {:?} moved {} optimal {} moved_optimal {}; check: {:?}",
                s.placed,
                s.taken,
                s.moved,
                s.optimal,
                s.moved_optimal,
                decode::check(&inp, s)
            ),
            Err(e) => println!("Err in {ms:.1} ms: {e}"),
        }
    }
}
