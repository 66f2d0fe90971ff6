"""Argument types of the measuring scripts (``argparse``): a bad value exits 2 with one error line, no traceback."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from romme.bots.master import check_think
from romme.errors import RommeError


def count(least: int) -> Callable[[str], int]:
    """A whole number of at least ``least``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"a whole number, got {text!r}") from None
        if value < least:
            raise argparse.ArgumentTypeError(f"at least {least}, got {value}")
        return value

    return parse


def seconds(text: str) -> float:
    """The master's thinking time a move, as the CLI's ``--think`` takes it (:func:`romme.bots.master.check_think`)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a number of seconds, got {text!r}") from None
    try:
        return check_think(value)
    except RommeError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
