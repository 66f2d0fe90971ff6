"""The game flows, one module per game; importing a module registers it.

``romme.games()`` is also the public function listing the games (issue API).
Importing a submodule such as ``romme.games.koenigs`` makes Python set the
attribute ``romme.games`` to this package, shadowing that function; so the
package itself is made callable and answers exactly like
:func:`romme.engine.games`.
"""

from __future__ import annotations
"""The game flows, one module per game; importing a module registers it."""

import sys
import types
from typing import Any


class _CallablePackage(types.ModuleType):
    def __call__(self) -> dict[str, dict[str, Any]]:
        from ..engine import games

        return games()


sys.modules[__name__].__class__ = _CallablePackage
class _GamesPackage(types.ModuleType):
    """Importing ``romme.games.<id>`` sets the attribute ``romme.games`` to this package, hiding the
    function :func:`romme.engine.games` that ``romme`` re-exports under the same name; calling the
    package does what the function does, so ``romme.games()`` works in any import order."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        from ..engine import games

        return games(*args, **kwargs)


sys.modules[__name__].__class__ = _GamesPackage
