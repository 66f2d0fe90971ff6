"""The game flows, one module per game; importing a module registers it.

``romme.games()`` is also the public function listing the games (issue API).
Importing a submodule such as ``romme.games.koenigs`` makes Python set the
attribute ``romme.games`` to this package, shadowing that function; so the
package itself is made callable and answers exactly like
:func:`romme.engine.games`.
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
