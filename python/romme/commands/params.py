"""Click parameter types shared by the commands: values checked where they enter, so a bad one
ends the command with exit code 2 and one line naming the option (never a traceback later on)."""

from __future__ import annotations

import math

import click

from ..errors import RulesError
from ..rng import check_seed

#: The longest time budget taken: a day. Longer ones are surely a typo, and the core counts the
#: budget in milliseconds in 64 bits, which ``inf`` or ``1e17`` seconds overflow.
MAX_TIME_BUDGET = 86_400.0


#: The longest ``--seed``: the commands derive the seeds of games, seats and bots from it by
#: appending ``/<game>/<seat>``, which must stay within what :func:`romme.rng.check_seed` takes.
MAX_SEED_OPTION_CHARS = 200


class SeedType(click.ParamType):
    """``--seed``: any text UTF-8 can encode, at most :data:`MAX_SEED_OPTION_CHARS` characters (the
    command line turns undecodable bytes such as ``$'\\xff'`` into lone surrogates, which no save
    file can hold)."""

    name = "seed"

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> str:
        if not isinstance(value, str):
            self.fail(f"a seed is a text, got {value!r}", param, ctx)
        if len(value) > MAX_SEED_OPTION_CHARS:
            self.fail(f"a seed has at most {MAX_SEED_OPTION_CHARS} characters, got {len(value)}", param, ctx)
        try:
            check_seed(value)
        except RulesError as exc:
            self.fail(str(exc), param, ctx)
        return value


class TimeBudgetType(click.ParamType):
    """``--time-budget``: seconds, a finite number above 0 and at most :data:`MAX_TIME_BUDGET`."""

    name = "seconds"

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> float:
        if isinstance(value, float):
            seconds = value
        else:
            try:
                seconds = float(str(value).strip()) if str(value).strip().isascii() else math.nan
            except ValueError:
                self.fail(f"{value!r} is not a number of seconds", param, ctx)
        if math.isnan(seconds):
            self.fail(f"{value!r} is not a number of seconds", param, ctx)
        if not 0 < seconds <= MAX_TIME_BUDGET:
            self.fail(f"must be above 0 and at most {MAX_TIME_BUDGET:g} seconds, got {value}", param, ctx)
        return seconds


SEED = SeedType()
TIME_BUDGET = TimeBudgetType()
