//! Every game's rule options: the only list of their names, defaults, ranges and help texts (Python's
//! `romme.rules` reads it through `romme._core.game_options`), and the checked reading of their values.

use crate::cards::Game;
use crate::meld::{EngineError, Options};
use crate::{einmaleins, koenigs, krass, romme, rummy};

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

/// A game's rule options read and checked once ([`GameRules::read`]): what the core's meld
/// reading, hand solvers and table searches take. Königs-Rommé's and Krass Kariert's options
/// shape nothing the core answers (the flows read them), so they are checked, not kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameRules {
    /// Königs-Rommé (options checked).
    Koenigs,
    /// Rommé.
    Romme(romme::Rules),
    /// 1x1-Rommé.
    Einmaleins(einmaleins::Rules),
    /// Rummy.
    Rummy(rummy::Rules),
    /// Krass Kariert (options checked).
    Krass,
}

/// Which table cards a seat may take into its hand when it lays a new table (RULES §2, §3, §4): the
/// one answer the hint's objective and the table's board ask (`romme._core.table_to_hand`), in step
/// with the games' move checks (Rommé's `rearrange`, 1x1-Rommé's `taken_back_refusal`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableToHand {
    /// No table card goes into the hand (a swapped Rommé joker is laid again in the same turn).
    Nothing,
    /// Any table card (Räuber-Rommé with `rauber_table_to_hand`).
    Any,
    /// Only wilds freed by a swap and leftovers that fit nowhere on the new table (1x1-Rommé).
    Leftovers,
}

impl TableToHand {
    /// The answer's name: `nothing`, `any` or `leftovers`.
    pub fn name(self) -> &'static str {
        match self {
            TableToHand::Nothing => "nothing",
            TableToHand::Any => "any",
            TableToHand::Leftovers => "leftovers",
        }
    }
}

impl GameRules {
    /// Which table cards a seat that has `opened` (or not) may take into its hand with its table move:
    /// before opening none (the opening lays new melds from the hand only), after it Räuber-Rommé's
    /// with `rauber_table_to_hand` any, 1x1-Rommé's its leftovers, every other game's none.
    pub fn table_to_hand(&self, opened: bool) -> TableToHand {
        match self {
            _ if !opened => TableToHand::Nothing,
            GameRules::Romme(r) if r.takes_table_cards() => TableToHand::Any,
            GameRules::Einmaleins(_) => TableToHand::Leftovers,
            _ => TableToHand::Nothing,
        }
    }

    /// Whether a seat that has opened may move cards already on the table into other melds: Rummy's and
    /// 1x1-Rommé's players rearrange the whole table, Rommé's only under `rauber`; the other games lay no
    /// table melds. The one answer the table's board asks before it lets a table card be dragged.
    pub fn moves_table_cards(&self) -> bool {
        match self {
            GameRules::Romme(r) => r.rauber,
            GameRules::Einmaleins(_) | GameRules::Rummy(_) => true,
            GameRules::Koenigs | GameRules::Krass => false,
        }
    }

    /// Whether a Rommé set's jokers stay the cards they are declared as (`joker_declared` without
    /// `rauber`: only that card replaces such a joker, and no turn reads it anew); no other game
    /// declares a set's wilds. The search holds them so (`search::declared_sets`), and the answer's
    /// melds are put back in table order by them (`romme.table`).
    pub fn set_declarations_bind(&self) -> bool {
        matches!(self, GameRules::Romme(r) if r.joker_declared && !r.rauber)
    }

    /// Reads `options` for `game`: an unknown name or a value outside its range fails, naming it.
    pub fn read(game: Game, options: &Options) -> Result<GameRules, EngineError> {
        Ok(match game {
            Game::Koenigs => {
                options.check("koenigs", koenigs::OPTIONS)?;
                GameRules::Koenigs
            }
            Game::Romme => GameRules::Romme(romme::Rules::from_options(options)?),
            Game::Einmaleins => GameRules::Einmaleins(einmaleins::Rules::from_options(options)?),
            Game::Rummy => GameRules::Rummy(rummy::Rules::from_options(options)?),
            Game::Krass => {
                options.check("krass", krass::OPTIONS)?;
                GameRules::Krass
            }
        })
    }

    /// The game these rules are of.
    pub fn game(&self) -> Game {
        match self {
            GameRules::Koenigs => Game::Koenigs,
            GameRules::Romme(_) => Game::Romme,
            GameRules::Einmaleins(_) => Game::Einmaleins,
            GameRules::Rummy(_) => Game::Rummy,
            GameRules::Krass => Game::Krass,
        }
    }

    /// The same rules with the engine placing every joker (Rommé's `joker_declared` off): how the
    /// table searches read a lay-off.
    pub fn jokers_placed_by_engine(self) -> GameRules {
        match self {
            GameRules::Romme(r) => GameRules::Romme(romme::Rules { joker_declared: false, ..r }),
            other => other,
        }
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

    fn rules(game: Game, options: &[(&str, i64)]) -> GameRules {
        GameRules::read(game, &Options(options.iter().map(|&(n, v)| (n.to_string(), v)).collect())).unwrap()
    }

    #[test]
    fn table_cards_go_to_the_hand_where_the_rule_book_lets_them() {
        use TableToHand::*;
        let to_hand = [("rauber", 1), ("rauber_table_to_hand", 1)];
        // (RULES §2: "table cards may go back into the hand while rearranging", a Räuber option)
        let cases: [(GameRules, TableToHand); 7] = [
            (rules(Game::Romme, &to_hand), Any),
            (rules(Game::Romme, &[("rauber", 1)]), Nothing),
            (rules(Game::Romme, &[("rauber_table_to_hand", 1)]), Nothing), // (no rearranging without Räuber)
            (rules(Game::Romme, &[]), Nothing),
            // (RULES §3: "Only cards that fit nowhere may go to the hand after a rearrangement")
            (rules(Game::Einmaleins, &[]), Leftovers),
            // (RULES §4: "no card that lay on the table when the turn began goes into the hand")
            (rules(Game::Rummy, &[]), Nothing),
            (rules(Game::Koenigs, &[]), Nothing),
        ];
        for (r, after) in cases {
            assert_eq!(r.table_to_hand(true), after, "{r:?}");
            // (before opening a table move lays new melds from the hand only: RULES §2, §3, §4)
            assert_eq!(r.table_to_hand(false), Nothing, "{r:?}");
        }
    }

    #[test]
    fn table_cards_move_between_melds_where_the_rule_book_lets_them() {
        let cases: [(GameRules, bool); 6] = [
            // (RULES §2, `rauber`: "after opening, a player may rearrange all table melds into new valid melds")
            (rules(Game::Romme, &[("rauber", 1)]), true),
            // (RULES §2: a new table "is a rearrangement, allowed only with `rauber` after opening")
            (rules(Game::Romme, &[("rauber_table_to_hand", 1)]), false),
            (rules(Game::Romme, &[]), false),
            // (RULES §3: "rearrange the table's melds to place"; §4: "rearrange the whole table")
            (rules(Game::Einmaleins, &[]), true),
            (rules(Game::Rummy, &[]), true),
            (rules(Game::Koenigs, &[]), false),
        ];
        for (r, moves) in cases {
            assert_eq!(r.moves_table_cards(), moves, "{r:?}");
        }
    }

    #[test]
    fn a_sets_declaration_binds_only_under_joker_declared_without_rauber() {
        let cases: [(GameRules, bool); 5] = [
            (rules(Game::Romme, &[("joker_declared", 1)]), true),
            // (under `rauber` a rearrangement may declare a set's joker anew)
            (rules(Game::Romme, &[("joker_declared", 1), ("rauber", 1)]), false),
            (rules(Game::Romme, &[]), false),
            (rules(Game::Rummy, &[]), false),
            (rules(Game::Einmaleins, &[]), false),
        ];
        for (r, binds) in cases {
            assert_eq!(r.set_declarations_bind(), binds, "{r:?}");
        }
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

    #[test]
    fn every_game_reads_its_typed_rules_from_its_own_list_only() {
        for game in [Game::Koenigs, Game::Romme, Game::Einmaleins, Game::Rummy, Game::Krass] {
            let specs = of_game(game.id()).unwrap();
            let rules = GameRules::read(game, &Options::default()).unwrap();
            assert_eq!(rules.game(), game);
            for o in specs {
                assert!(GameRules::read(game, &with(o.name, o.hi)).is_ok(), "{game:?} {}", o.name);
                let e = GameRules::read(game, &with(o.name, o.hi + 1)).unwrap_err().0;
                assert!(e.contains(o.name) && !e.contains('\n'), "{e}");
            }
            let e = GameRules::read(game, &with("nope", 1)).unwrap_err().0;
            assert!(e.contains("unknown option \"nope\"") && !e.contains('\n'), "{e}");
        }
        let rummy = |name: &str, v: i64| match GameRules::read(Game::Rummy, &with(name, v)).unwrap() {
            GameRules::Rummy(r) => r,
            other => panic!("{other:?}"),
        };
        assert_eq!(rummy("max_hand_cards_per_turn", 6).max_hand_cards_per_turn, 6);
        let opening = rummy("opening_points", 40);
        assert_eq!((opening.opening_points, opening.max_hand_cards_per_turn), (40, 12));
    }
}
