import pytest


@pytest.fixture(autouse=True)
def hints_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """H waits for its hint here: the table's tests read a hint the moment H is pressed (the window searches a slow
    one behind the drawing: tests/gui/test_gui_hint_thread.py drives that)."""
    from romme_table import hint_moves

    monkeypatch.setattr(hint_moves, "HINT_WAIT", None)
