"""Searches run behind the drawing (a bot's move, the hint), each in a daemon thread of its own.

A search cannot be interrupted, and a table closed or a position left only drops its answer. The window closing must
not wait for it: the workers of a :class:`concurrent.futures.ThreadPoolExecutor` are joined when the interpreter
exits, so a hint searched for seconds would keep the closed window's process alive that long. A daemon thread is not
waited for; the extension's searches hold no Python object while they run (they release the GIL), so leaving one
unfinished at the exit frees nothing it uses. But a search that comes back while the interpreter finalizes has its
thread ended as it takes the GIL again (``pthread_exit``, unwinding through the extension's frames, which aborts the
process: 'FATAL: exception not rethrown'), so ``romme gui`` ends its process at once where one still runs
(:func:`exit_past_searches`).
"""

from __future__ import annotations

import os
import sys
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

    thread = threading.Thread(target=work, name=name, daemon=True)
    _threads.add(thread)
    thread.start()
    return future


#: the threads :func:`run_behind` started (a finished one is forgotten at the next look)
_threads: set[threading.Thread] = set()


def searching() -> bool:
    """Whether a search started by :func:`run_behind` still runs."""
    _threads.difference_update([t for t in list(_threads) if not t.is_alive()])
    return bool(_threads)


def exit_past_searches() -> None:
    """The process ends now, its output flushed, where a search still runs behind: the interpreter's exit would
    stop that thread as it comes back from the extension, which aborts the process. The window is closed and its
    game saved first (:func:`.app.run`); nothing else is left to end."""
    if searching():
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(0)
