"""Helpers shared by the hand-solver tests."""

from __future__ import annotations

from hypothesis import settings

#: For the cheap oracle comparisons: three times the profile's examples
#: (ci: 600 hands per test, dev: 6000).
MANY = settings(max_examples=3 * settings.default.max_examples)
