"""The game flows, one module per game; importing a module registers it."""

import sys
import types
from typing import Any


class _GamesPackage(types.ModuleType):
    """Importing ``romme.games.<id>`` sets the attribute ``romme.games`` to this package, hiding the
    function :func:`romme.engine.games` that ``romme`` re-exports under the same name; calling the
    package does what the function does, so ``romme.games()`` works in any import order."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        from ..engine import games

        return games(*args, **kwargs)


sys.modules[__name__].__class__ = _GamesPackage
