"""Searches run behind the drawing (a bot's move, the hint), each in a daemon thread of its own.

A search cannot be interrupted, and a table closed or a position left only drops its answer. The window closing must
not wait for it: the workers of a :class:`concurrent.futures.ThreadPoolExecutor` are joined when the interpreter
exits, so a hint searched for seconds would keep the closed window's process alive that long. A daemon thread is not
waited for; the extension's searches hold no Python object while they run (they release the GIL), so leaving one
unfinished at the exit frees nothing it uses.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar

T = TypeVar("T")


def run_behind(name: str, call: Callable[..., T], *args: Any) -> Future[T]:
    """Starts ``call(*args)`` in a new daemon thread named ``name``: its future holds the answer or the error."""
    future: Future[T] = Future()

    def work() -> None:
        if not future.set_running_or_notify_cancel():
            return
        try:
            answer = call(*args)
        except BaseException as exc:  # (handed to the one who reads the future, as an executor does)
            future.set_exception(exc)
        else:
            future.set_result(answer)

    threading.Thread(target=work, name=name, daemon=True).start()
    return future
