"""The game flows, one module per game; importing a module registers it.

``romme.games`` is both this package and the listing function: calling the
package, ``romme.games()``, returns :func:`romme.engine.games` (Python binds
the subpackage to the attribute ``romme.games`` once it is imported, so a
plain function of that name could not stay visible).
"""

from __future__ import annotations

import sys
import types
from typing import Any


class _CallablePackage(types.ModuleType):
    def __call__(self) -> dict[str, dict[str, Any]]:
        from ..engine import games

        return games()


sys.modules[__name__].__class__ = _CallablePackage
