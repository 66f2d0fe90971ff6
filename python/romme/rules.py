"""Rule options of every game: names, defaults, presets, validation.

The options themselves (names, defaults, ranges, help) are listed by the core
(``_core.game_options``), which validates them too; this module reads values typed by a
user, and keeps the presets.
A :class:`Rules` value is frozen and validated; an unknown option or a bad
value raises :class:`RulesError` naming the valid ones.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from . import _core
from .errors import RulesError, quote


@dataclass(frozen=True)
class Option:
    """One rule option: its default, allowed values and what it means."""

    name: str
    default: bool | int
    doc: str
    lo: int | None = None
    hi: int | None = None

    def check(self, value: Any) -> bool | int:
        if isinstance(self.default, bool):
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.lower() in ("true", "yes", "on", "1", "false", "no", "off", "0"):
                return value.lower() in ("true", "yes", "on", "1")
            if isinstance(value, int) and value in (0, 1):
                return bool(value)
            raise RulesError(f"option {self.name} takes true or false, got {quote(value)}")
        if isinstance(value, str):
            value = _read_int(self.name, value, f"{self.lo}..{self.hi}")
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesError(f"option {self.name} takes an integer, got {quote(value)}")
        if (self.lo is not None and value < self.lo) or (self.hi is not None and value > self.hi):
            raise RulesError(f"option {self.name} must be in {self.lo}..{self.hi}, got {quote(value)}")
        return value


_INTEGER_TEXT = re.compile(r"[-+]?[0-9]{1,9}", re.ASCII)
_LONG_INTEGER_TEXT = re.compile(r"[-+]?[0-9]+", re.ASCII)


def _read_int(name: str, text: str, allowed: str) -> int:
    """An option value typed as text: ASCII digits only (not ``²`` or Arabic-Indic digits) and at
    most 9 of them, which every option's range fits and which keeps ``int()`` from its digit limit.
    A longer integer is out of the range ``allowed`` (not "no integer")."""
    if not _INTEGER_TEXT.fullmatch(text.strip()):
        if _LONG_INTEGER_TEXT.fullmatch(text.strip()):
            raise RulesError(f"option {name} must be in {allowed}, got {quote(text.strip())}")
        raise RulesError(f"option {name} takes an integer (digits 0-9), got {quote(text)}")
    return int(text)


def _opts(*options: Option) -> dict[str, Option]:
    return {o.name: o for o in options}


def _game_options(game: str) -> dict[str, Option]:
    """A game's options as the core lists them (its only list: names, defaults, ranges, help)."""
    options: list[Option] = []
    for spec in _core.game_options(game):
        if spec.is_flag:
            options.append(Option(spec.name, bool(spec.default), spec.help))
        else:
            options.append(Option(spec.name, spec.default, spec.help, lo=spec.lo, hi=spec.hi))
    return _opts(*options)


#: Every game's options (docs/RULES.md lists them with their meanings).
OPTIONS: dict[str, dict[str, Option]] = {
    game: _game_options(game) for game in ("koenigs", "koenigs-solo", "romme", "einmaleins", "rummy", "krass")
}

#: Named presets per game: preset name -> option overrides.
PRESETS: dict[str, dict[str, dict[str, bool | int]]] = {
    "koenigs": {"standard": {}, "keep-top": {"keep_top_discard": True}},
    "koenigs-solo": {"standard": {}},
    "romme": {
        "standard": {},
        "40": {"opening_points": 40},
        "rauber": {"rauber": True},
        "rauber-no-discard": {"rauber": True, "rauber_discard_pile": False},
        "rauber-to-hand": {"rauber": True, "rauber_table_to_hand": True},
        "wrap": {"wrap_around": True, "joker_swap_completes": True},
        "klopfen": {"knocking": True},
        "hand-romme": {"hand_romme": True},
        "strict": {
            "joker_declared": True,
            "no_double_joker": True,
            "opening_without_jokers": True,
            "discard_pickup_after_opening": True,
        },
    },
    "einmaleins": {"standard": {}},
    "rummy": {"standard": {}, "no-cap": {"max_hand_cards_per_turn": 0}},
    "krass": {"standard": {}, "long": {"long_game": True}},
}


def _check_game(game: str) -> None:
    if not isinstance(game, str) or game not in OPTIONS:
        raise RulesError(f"unknown game {quote(game)}; valid games: {', '.join(OPTIONS)}")


@dataclass(frozen=True)
class Rules:
    """A game's validated, immutable rule options (``rules.opening_points``)."""

    game: str
    options: Mapping[str, bool | int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        _check_game(self.game)
        known = OPTIONS[self.game]
        merged: dict[str, bool | int] = {n: o.default for n, o in known.items()}
        if not isinstance(self.options, Mapping):
            raise RulesError(f"rule options are a mapping of names to values, got {quote(self.options)}")
        for name, value in dict(self.options).items():
            if not isinstance(name, str) or name not in known:
                valid = ", ".join(known) or "none"
                raise RulesError(f"unknown option {quote(name)} for {self.game}; valid options: {valid}")
            merged[name] = known[name].check(value)
        object.__setattr__(self, "options", MappingProxyType(merged))

    def __getattr__(self, name: str) -> Any:
        try:
            return self.__dict__["options"][name]
        except KeyError:
            raise AttributeError(name) from None

    def __iter__(self) -> Iterator[tuple[str, bool | int]]:
        return iter(self.options.items())

    def __hash__(self) -> int:
        return hash((self.game, tuple(sorted(self.options.items()))))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rules) and self.game == other.game and dict(self.options) == dict(other.options)

    def __reduce__(self) -> tuple[Any, ...]:
        # pickling (multiprocessing): the options mapping proxy is not picklable itself
        return (Rules, (self.game, dict(self.options)))

    def replace(self, **changes: bool | int) -> Rules:
        return Rules(self.game, {**self.options, **changes})

    def changed(self) -> dict[str, bool | int]:
        """Only the options that differ from the defaults (for save files)."""
        return {n: v for n, v in self.options.items() if OPTIONS[self.game][n].default != v}

    def to_json(self) -> dict[str, bool | int]:
        return dict(self.options)

    @classmethod
    def make(cls, game: str, rules: Rules | str | Mapping[str, Any] | None = None, **overrides: Any) -> Rules:
        """Rules from a preset name, a mapping, a Rules value or None (defaults),
        with keyword overrides on top."""
        _check_game(game)
        if isinstance(rules, Rules):
            if rules.game != game:
                raise RulesError(f"rules for {rules.game} given to {game}")
            base: dict[str, Any] = dict(rules.options)
        elif isinstance(rules, str):
            presets = PRESETS[game]
            if rules not in presets:
                raise RulesError(f"unknown preset {quote(rules)} for {game}; presets: {', '.join(presets)}")
            base = dict(presets[rules])
        elif rules is None:
            base = {}
        elif isinstance(rules, Mapping):
            base = dict(rules)
        else:
            raise RulesError(f"rules are a preset name, a mapping of options or a Rules value, got {quote(rules)}")
        base.update(overrides)
        return cls(game, base)


def parse_option_pairs(game: str, pairs: tuple[str, ...] | list[str]) -> dict[str, Any]:
    """``["opening_points=40", "rauber=true"]`` -> checked dict (RulesError if bad)."""
    _check_game(game)
    out: dict[str, Any] = {}
    for pair in pairs:
        if not isinstance(pair, str) or "=" not in pair:
            raise RulesError(f"option {quote(pair)} is not KEY=VALUE")
        key, value = pair.split("=", 1)
        key = key.strip().replace("-", "_")
        if key not in OPTIONS[game]:
            valid = ", ".join(OPTIONS[game]) or "none"
            raise RulesError(f"unknown option {quote(key)} for {game}; valid options: {valid}")
        out[key] = OPTIONS[game][key].check(value.strip())
    return out
