"""``romme gui`` without a window: a stand-in for the table that records what the command hands it."""

from __future__ import annotations

import pytest


def record_table_start(monkeypatch: pytest.MonkeyPatch) -> dict[str, object]:
    """Makes ``romme gui`` hand its window, language, game and seed to the returned dict instead of opening
    the table (filled when the command would start it)."""
    from romme.commands import gui

    seen: dict[str, object] = {}

    class Table:
        @staticmethod
        def no_display_reason() -> str:
            return ""

        @staticmethod
        def run(window: object, lang: object, game: object, seed: object) -> None:
            seen.update(window=window, lang=lang, game=game, seed=seed)

        @staticmethod
        def exit_past_searches() -> None:
            return None

    monkeypatch.setattr(gui, "_load_frontend", Table)
    return seen
