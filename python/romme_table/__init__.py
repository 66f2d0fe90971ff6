"""romme_table: the pygame-ce table for all five romme games.

``romme`` never imports this package; ``romme gui`` loads it on demand.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from .app import no_display_reason, run
from .behind import exit_past_searches

__all__ = ["exit_past_searches", "no_display_reason", "run"]
