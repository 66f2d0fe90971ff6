"""Every int argument of ``romme._core`` that does not fit the core's type (a card code 300 or -1, a
count of 2**64, a 5,000-digit int) is refused with one of the package's errors naming it, never PyO3's
OverflowError: ``_core`` is importable, so its entries answer hostile input as the wrappers do
(``_core.rummy_partition([300], ...)`` raised OverflowError 'out of range integral type conversion
attempted'). The entries and their int arguments are read from ``_core.pyi``, so a new entry is
covered once its stub is written."""

from __future__ import annotations

import ast
import inspect
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from romme import _core
from romme.errors import DeckError, RommeError

STUB = Path(_core.__file__).parent / "_core.pyi"

#: Out of every range the core reads an int into (u8 to u64, i32, i64), and past Python's 4,300 digits.
HUGE = (2**64, -(2**63) - 1, 10**5000)
#: Card codes out of a byte's range.
NO_CODES = (300, -1, 256)

#: Entries that take ints but answer a bad one in their own way: a draft of no card codes is no meld.
OWN_ANSWER = {"rummy_read_draft", "einmaleins_read_draft"}


def _instances() -> dict[str, Any]:
    """An object of each class whose methods take ints."""
    rules = _core.RommeRules()
    empty_53 = bytes(53)
    return {
        "KrassExpert": _core.KrassExpert(),
        "RommeRules": rules,
        "RommeListing": _core.romme_listed_moves(rules, [], [], False, False, False, False, 0, None, True),
        "RummyTable": _core.RummyTable(b""),
        "RummyListing": _core.rummy_placements(b"", empty_53, True, 0, 0),
        "KrassPlays": _core.krass_plays([], 0),
        "EinmaleinsListing": _core.einmaleins_placements(b"", bytes(101), True, 0),
    }


def _plain(annotation: str) -> Any:
    """A value of the annotation's type that is no int (or an int in every range)."""
    if annotation == "str":
        return "rummy"
    if annotation.startswith("bytes"):
        return b""
    if annotation == "bool":
        return False
    if annotation == "RommeRules":
        return _core.RommeRules()
    if annotation == "_Turn":
        return ([], [], False, False, False, 0, None)
    if "None" in annotation and not annotation.startswith(("tuple", "list", "Sequence")):
        return None
    if annotation.startswith(("list", "Sequence", "tuple")):
        return []
    if annotation == "int":
        return 0
    raise AssertionError(f"no plain value for {annotation}")


def _bad(annotation: str, value: int) -> Iterator[Any]:
    """Values of the annotation's shape holding `value` where an int goes."""
    a = annotation.replace("Sequence", "list").replace("bytes | ", "")
    shapes: dict[str, list[Any]] = {
        "int": [value],
        "int | None": [value],
        "list[int]": [[value]],
        "list[list[int]]": [[[value]]],
        "list[tuple[int, int]]": [[(value, 0)], [(0, value)]],
        "list[list[tuple[int, int]]]": [[[(value, 0)]]],
        "tuple[int, int]": [(value, 0), (0, value)],
        "tuple[int, int] | None": [(value, 0)],
        "list[tuple[int, bool]]": [[(value, False)]],
        "list[tuple[int, int | None]]": [[(value, None)], [(0, value)]],
        "_Turn": [
            ([value], [], False, False, False, 0, None),
            ([], [], False, False, False, value, None),
            ([], [], False, False, False, 0, value),
        ],
    }
    yield from shapes.get(a, [])


def _entries() -> Iterator[tuple[str, str | None, list[tuple[str, str]]]]:
    """(function or method name, its class or None, its (parameter, annotation) list) of every stub entry
    with an int in a parameter (options dicts aside: their values are read apart)."""
    tree = ast.parse(STUB.read_text(encoding="utf-8"))

    def params(f: ast.FunctionDef) -> list[tuple[str, str]]:
        args = [a for a in f.args.args if a.arg not in ("self", "cls")]
        return [(a.arg, ast.unparse(a.annotation) if a.annotation else "Any") for a in args]

    def takes_int(ps: list[tuple[str, str]]) -> bool:
        return any(("int" in t or t == "_Turn") and not t.startswith("dict") for _, t in ps)

    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and takes_int(params(node)):
            yield node.name, None, params(node)
        elif isinstance(node, ast.ClassDef):
            for m in node.body:
                if isinstance(m, ast.FunctionDef) and m.name != "__new__" and takes_int(params(m)):
                    yield m.name, node.name, params(m)


def _calls() -> Iterator[tuple[str, Callable[[], object], int]]:
    """(id, a call with one int out of range, the value) for every int slot of every entry."""
    objects = _instances()
    for name, cls, ps in _entries():
        if name in OWN_ANSWER:
            continue
        target = getattr(objects[cls], name) if cls else getattr(_core, name)
        for i, (param, annotation) in enumerate(ps):
            for value in HUGE:
                for bad in _bad(annotation, value):
                    args = [_plain(t) for _, t in ps]
                    args[i] = bad
                    shown = str(value) if abs(value) < 10**100 else "10**5000"
                    yield (
                        f"{cls + '.' if cls else ''}{name}({param}={shown})",
                        (lambda target=target, args=args: target(*args)),
                        value,
                    )


CALLS = list(_calls())


def test_every_entry_with_int_arguments_is_covered() -> None:
    covered = {c.split("(")[0] for c, _, _ in CALLS}
    # (the stub lists 60 and more; a parse that found none would test nothing)
    assert len(covered) > 60, sorted(covered)
    assert {"rummy_partition", "solve_hand", "rng_permutation", "KrassExpert.play_choice"} <= covered


@pytest.mark.parametrize(("call", "value"), [(c, v) for _, c, v in CALLS], ids=[i for i, _, _ in CALLS])
def test_an_int_out_of_range_is_a_romme_error_naming_it(call: Callable[[], object], value: int) -> None:
    with pytest.raises(RommeError) as raised:
        call()
    message = str(raised.value)
    assert "\n" not in message
    if abs(value) < 10**100:
        assert str(value) in message, message


#: Every entry that takes card codes (a list of them or one), called with a card code.
CARD_ENTRIES: dict[str, Callable[[Any], object]] = {
    "solve_hand": lambda c: _core.solve_hand("rummy", [c], "max-cards"),
    "solve_hands": lambda c: _core.solve_hands("rummy", [[0], [c]], "max-cards"),
    "rummy_partition": lambda c: _core.rummy_partition([c], "max-cards"),
    "validate_meld": lambda c: _core.validate_meld("rummy", [0, 1, c]),
    "solve_table": lambda c: _core.solve_table("rummy", [[0, 1, c]], []),
    "solve_table hand": lambda c: _core.solve_table("rummy", [], [c]),
    "koenigs_melds_fully": lambda c: _core.koenigs_melds_fully([c], 1),
    "koenigs_go_out_discards": lambda c: _core.koenigs_go_out_discards([c], 1),
    "koenigs_best_left": lambda c: _core.koenigs_best_left([c], 1, "min-left"),
    "koenigs_distance": lambda c: _core.koenigs_distance([c], 1, 1),
    "koenigs_discard_measures": lambda c: _core.koenigs_discard_measures([c], 1),
    "koenigs_discard_distances": lambda c: _core.koenigs_discard_distances([c], 1, 1),
    "krass_combination": lambda c: _core.krass_combination([(c, 0)]),
    "krass_classify": lambda c: _core.krass_classify([(0, c)]),
    "krass_hand_power": lambda c: _core.krass_hand_power([c]),
    "krass_fit_position": lambda c: _core.krass_fit_position([], c),
    "krass_plays": lambda c: _core.krass_plays([c], 0),
    "krass_can_play": lambda c: _core.krass_can_play([c], 0),
    "krass_play_strength": lambda c: _core.krass_play_strength([c], []),
    "KrassExpert.measure": lambda c: _core.KrassExpert().measure([c]),
    "KrassExpert.insert_position": lambda c: _core.KrassExpert().insert_position([0], c),
    "KrassExpert.play_choice": lambda c: _core.KrassExpert().play_choice([c], [], 0, True, 0, [], (0, 0)),
    "romme_read_meld": lambda c: _core.romme_read_meld(_core.RommeRules(), [0, 1, c]),
    "romme_lay_off": lambda c: _core.romme_lay_off(_core.RommeRules(), b"", c),
    "romme_swap_joker": lambda c: _core.romme_swap_joker(_core.RommeRules(), b"", c),
    "romme_candidates": lambda c: _core.romme_candidates(_core.RommeRules(), [c]),
    "romme_best_melds": lambda c: _core.romme_best_melds(_core.RommeRules(), [c], "points"),
    "romme_best_opening": lambda c: _core.romme_best_opening(_core.RommeRules(), [0], must=c),
    "romme_meld_all_but_one": lambda c: _core.romme_meld_all_but_one(_core.RommeRules(), [c]),
    "romme_quick_melds": lambda c: _core.romme_quick_melds(_core.RommeRules(), [c]),
    "romme_can_open_with": lambda c: _core.romme_can_open_with(_core.RommeRules(), [0], c),
    "romme_joker_usable": lambda c: _core.romme_joker_usable(_core.RommeRules(), [c], [], 1),
    "romme_listed_moves": lambda c: _core.romme_listed_moves(
        _core.RommeRules(), [c], [], False, False, False, False, 0, None, True
    ),
    "romme_meld_turn": lambda c: _core.romme_meld_turn(
        _core.RommeRules(), ([0], [], False, False, False, 0, None), [[c]]
    ),
    "romme_lay_off_turn": lambda c: _core.romme_lay_off_turn(
        _core.RommeRules(), ([0], [], False, False, False, 0, None), c, 0
    ),
    "romme_swap_turn": lambda c: _core.romme_swap_turn(
        _core.RommeRules(), ([c], [], False, False, False, 0, None), 0, 0
    ),
    "romme_place_turn": lambda c: _core.romme_place_turn(
        _core.RommeRules(), ([0], [], False, False, False, 0, None), [[c]]
    ),
    "romme_discard_outlooks": lambda c: _core.romme_discard_outlooks(_core.RommeRules(), [0], [c]),
    "romme_partners": lambda c: _core.romme_partners(c, []),
    "rummy_placements": lambda c: _core.rummy_placements(b"", [c], True, 0, 0),
    "rummy_hand_melds": lambda c: _core.rummy_hand_melds([c]),
    "rummy_opening_sets": lambda c: _core.rummy_opening_sets([], [c], 0, 0),
    "einmaleins_placements": lambda c: _core.einmaleins_placements(b"", [c], True, 0),
    "einmaleins_fits": lambda c: _core.einmaleins_fits(b"", [], c),
    "einmaleins_accepts": lambda c: _core.einmaleins_accepts([(c, 0)]),
    "einmaleins_hand_melds": lambda c: _core.einmaleins_hand_melds([c]),
    "einmaleins_opening_sets": lambda c: _core.einmaleins_opening_sets([], [c], 0),
    "einmaleins_judge_place": lambda c: _core.einmaleins_judge_place(b"", [], [c], True, 0),
    "rummy_judge_place": lambda c: _core.rummy_judge_place(b"", [], [c], True, 0, 0),
}


@pytest.mark.parametrize("code", NO_CODES)
@pytest.mark.parametrize("entry", sorted(CARD_ENTRIES))
def test_a_card_code_out_of_a_bytes_range_is_a_deck_error(entry: str, code: int) -> None:
    with pytest.raises(DeckError, match=rf"card code {code} is out of range"):
        CARD_ENTRIES[entry](code)


#: The draft readers with a meld of each game (three naturals) and where in it a hostile number goes.
DRAFT_READERS = {
    "rummy": (_core.rummy_read_draft, [(0, None), (1, None), (2, None)]),
    "einmaleins": (_core.einmaleins_read_draft, [(63, None), (66, None), (69, None)]),  # D20 D30 D40
}


@pytest.mark.parametrize(
    "code", [*NO_CODES, 2**64, -(2**63) - 1, 10**5000, 255], ids=lambda c: str(c) if abs(c) < 10**100 else "10**5000"
)
@pytest.mark.parametrize("slot", ["code", "declared"])
@pytest.mark.parametrize("game", sorted(DRAFT_READERS))
def test_both_draft_readers_answer_none_for_a_number_that_is_no_card(game: str, slot: str, code: int) -> None:
    """rummy_read_draft and einmaleins_read_draft read alike: a draft holding a number that is no card code
    (negative, past a byte, past the deck) is no meld, None, where einmaleins_read_draft raised DeckError."""
    read, meld = DRAFT_READERS[game]
    assert read(meld) is not None
    hostile = [(code, None) if slot == "code" else (meld[0][0], code), *meld[1:]]
    assert read(hostile) is None


@pytest.mark.parametrize("game", sorted(DRAFT_READERS))
@pytest.mark.parametrize("value", ["5", 1.5, b"x", [1]])
def test_both_draft_readers_refuse_a_value_that_is_no_int_alike(game: str, value: Any) -> None:
    """A value that is no int is a caller's error, TypeError in both (rummy_read_draft answered None)."""
    read, meld = DRAFT_READERS[game]
    with pytest.raises(TypeError):
        read([(value, None), *meld[1:]])


@pytest.mark.parametrize("hand", [[0, 1, 2], (0, 1, 2), b"\x00\x01\x02", bytearray(b"\x00\x01\x02"), range(3)])
def test_card_codes_read_from_any_sequence_as_before(hand: Any) -> None:
    want = _core.rummy_partition([0, 1, 2], "max-cards")
    assert _core.rummy_partition(hand, "max-cards") == want


def test_every_default_of_an_entry_is_shown_in_its_signature() -> None:
    """An int read as ``Int<T>`` has a default PyO3 shows as ``...`` (``round=Int(0)``), which stubtest takes for
    a default other than the stub's ``0``: such an entry states its ``text_signature``."""
    hidden = []
    for name in dir(_core):
        entry = getattr(_core, name)
        for f in [entry, *(getattr(entry, m) for m in vars(entry))] if isinstance(entry, type) else [entry]:
            if not callable(f) or getattr(f, "__text_signature__", None) is None:
                continue
            params = inspect.signature(f).parameters.values()
            hidden += [f"{name}({p.name})" for p in params if p.default is Ellipsis]
    assert not hidden
