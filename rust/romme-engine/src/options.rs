//! Every game's rule options: the only list of their names, defaults, ranges and help texts (Python's
//! `romme.rules` reads it through `romme._core.game_options`), and the checked reading of their values.

use crate::meld::{EngineError, Options};

/// One rule option as the rules page and `romme.rules` show it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// The option's name, as in a rules file and on the command line.
    pub name: &'static str,
    /// Whether the option is true/false (its value is 0 or 1).
    pub flag: bool,
    /// The value when the option is not given (0 or 1 for a flag).
    pub default: i64,
    /// The least value allowed.
    pub lo: i64,
    /// The greatest value allowed.
    pub hi: i64,
    /// What the option means, one line.
    pub help: &'static str,
}

/// A true/false option.
pub const fn flag(name: &'static str, default: bool, help: &'static str) -> OptionSpec {
    OptionSpec { name, flag: true, default: default as i64, lo: 0, hi: 1, help }
}

/// An integer option in `lo..=hi`.
pub const fn number(name: &'static str, default: i64, lo: i64, hi: i64, help: &'static str) -> OptionSpec {
    OptionSpec { name, flag: false, default, lo, hi, help }
}

/// The options of the game with id `game` (`koenigs-solo` has none), or `None` for an unknown id.
pub fn of_game(game: &str) -> Option<&'static [OptionSpec]> {
    match game {
        "koenigs" => Some(crate::koenigs::OPTIONS),
        "koenigs-solo" => Some(&[]),
        "romme" => Some(crate::romme::OPTIONS),
        "einmaleins" => Some(crate::einmaleins::OPTIONS),
        "rummy" => Some(crate::rummy::OPTIONS),
        "krass" => Some(crate::krass::OPTIONS),
        _ => None,
    }
}

impl Options {
    /// Fails naming the first option that is not one of `specs`, or the first value outside its range.
    pub fn check(&self, game: &str, specs: &[OptionSpec]) -> Result<(), EngineError> {
        let names: Vec<&str> = specs.iter().map(|o| o.name).collect();
        self.check_known(game, &names)?;
        for o in specs {
            self.int(o.name, o.default, o.lo, o.hi)?;
        }
        Ok(())
    }

    /// The value of option `name` of `specs` (its default when absent), checked against its range.
    pub fn value(&self, specs: &[OptionSpec], name: &str) -> Result<i64, EngineError> {
        let o = specs
            .iter()
            .find(|o| o.name == name)
            .ok_or_else(|| EngineError::new(format!("internal error: no option {name}")))?;
        self.int(o.name, o.default, o.lo, o.hi)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(name: &str, value: i64) -> Options {
        Options(std::iter::once((name.to_string(), value)).collect())
    }

    #[test]
    fn every_game_checks_each_option_against_its_own_range() {
        for game in ["koenigs", "koenigs-solo", "romme", "einmaleins", "rummy", "krass"] {
            let specs = of_game(game).unwrap();
            for o in specs {
                assert!(o.lo <= o.default && o.default <= o.hi, "{game} {}", o.name);
                assert!(!o.flag || (o.lo, o.hi) == (0, 1), "{game} {}", o.name);
                assert!(with(o.name, o.default).check(game, specs).is_ok(), "{game} {}", o.name);
                assert!(with(o.name, o.lo - 1).check(game, specs).is_err(), "{game} {}", o.name);
                assert!(with(o.name, o.hi + 1).check(game, specs).is_err(), "{game} {}", o.name);
                assert_eq!(with(o.name, o.hi).value(specs, o.name).unwrap(), o.hi);
                assert_eq!(Options::default().value(specs, o.name).unwrap(), o.default);
            }
            let unknown = with("nope", 1).check(game, specs).unwrap_err().0;
            assert!(unknown.contains("unknown option \"nope\""), "{unknown}");
        }
        assert!(of_game("chess").is_none());
    }
}
