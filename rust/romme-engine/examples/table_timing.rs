//! Times the Rummy table search on positions read from a file, one JSON object
//! a line with "table" (list of melds) and "hand" (list of codes), as printed by
//! `benches/bench_table.py --dump-slow`. Prints the time, `moved` and whether
//! the answer is proven optimal, per line; then the median / p99 / max.
//!
//! `cargo run -p romme-engine --profile ci --example table_timing FILE [-q] [--fast | --none]` (-q: the
//! summary only; --fast: the fast tie-break; --none: the objective alone)

use std::time::Instant;

use romme_engine::cards::Game;
use romme_engine::meld::Options;
use romme_engine::search::{solve_table_with, TableObjective, TieBreak};

/// The integers of `s` after `"key":`, nested lists flattened by depth: returns
/// the melds (depth 2) or one list (depth 1).
fn field(line: &str, key: &str) -> Vec<Vec<u8>> {
    let at = line.find(&format!("\"{key}\"")).expect("key") + key.len() + 2;
    let rest = &line[at..];
    let mut out: Vec<Vec<u8>> = Vec::new();
    let (mut depth, mut num) = (0, String::new());
    for ch in rest.chars() {
        match ch {
            '[' => {
                depth += 1;
                out.push(Vec::new());
            }
            ']' | ',' => {
                if !num.is_empty() {
                    out.last_mut().expect("list").push(num.parse().expect("code"));
                    num.clear();
                }
                if ch == ']' {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
            }
            c if c.is_ascii_digit() => num.push(c),
            _ => {}
        }
    }
    out
}

fn main() {
    let path = std::env::args().nth(1).expect("file");
    let quiet = std::env::args().any(|a| a == "-q");
    let tie_break = if std::env::args().any(|a| a == "--fast") {
        TieBreak::Fast
    } else if std::env::args().any(|a| a == "--none") {
        TieBreak::None
    } else {
        TieBreak::Exact
    };
    let text = std::fs::read_to_string(path).expect("read");
    let opts = Options::from_pairs([("max_hand_cards_per_turn".to_string(), 0)]);
    let mut times = Vec::new();
    let (mut not_opt, mut not_mv) = (0, 0);
    for line in text.lines().filter(|l| l.contains("\"table\"")) {
        let table: Vec<Vec<u8>> = field(line, "table").into_iter().skip(1).collect();
        let hand = field(line, "hand").remove(0);
        let start = Instant::now();
        let s =
            solve_table_with(Game::Rummy, &table, &hand, TableObjective::Cards, &opts, 0, tie_break).expect("solves");
        let ms = start.elapsed().as_secs_f64() * 1e3;
        times.push(ms);
        not_opt += !s.optimal as u32;
        not_mv += !s.moved_optimal as u32;
        if !quiet {
            println!(
                "{ms:8.3} ms  placed {:2}  moved {:2}  moved_optimal {}",
                s.placed.len(),
                s.moved,
                s.moved_optimal
            );
        }
    }
    times.sort_by(|a, b| a.partial_cmp(b).expect("number"));
    let q = |p: f64| times[((times.len() - 1) as f64 * p) as usize];
    println!(
        "{} positions: median {:.3} ms  p99 {:.3} ms  max {:.3} ms  optimal false {not_opt}  moved_optimal false {not_mv}",
        times.len(),
        q(0.5),
        q(0.99),
        q(1.0)
    );
}
