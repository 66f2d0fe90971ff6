import os

import pytest
from hypothesis import HealthCheck, settings

# Before any test module imports pygame: no window on screen, no greeting printed.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# "ci" (default) keeps the whole suite well under 10 minutes; "dev" digs deeper:
#   HYPOTHESIS_PROFILE=dev python3 -m pytest
settings.register_profile("ci", max_examples=200, deadline=None, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=2000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(scope="module")
def surface():
    """The table tests' window (tests/helpers/gui_driver.py), one per module; a module may define its own instead."""
    from gui_driver import open_window  # pygame only for the modules that ask for a window

    yield from open_window()
