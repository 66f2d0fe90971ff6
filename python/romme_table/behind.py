"""Searches run behind the drawing (a bot's move, the hint), each in a daemon thread of its own, one at a time per
purpose: a search waits for the last one of its name to end. A search the window no longer wants (the position left,
H pressed again, the table closed) is stopped (:meth:`Behind.stop`): the table searches of its thread end at their
next check (:func:`romme.table.searches_stopped_by`), as at a passed deadline, and its answer is never read. So quick
H presses after moves never run several whole-table hints side by side, each to its budget.

The window closing must not wait for a search: the workers of a :class:`concurrent.futures.ThreadPoolExecutor` are
joined when the interpreter exits, so a hint searched for seconds would keep the closed window's process alive that
long. A daemon thread is not waited for; the extension's searches hold no Python object while they run (they release
the GIL), so leaving one unfinished at the exit frees nothing it uses. But a search that comes back while the
interpreter finalizes has its thread ended as it takes the GIL again (``pthread_exit``, unwinding through the
extension's frames, which aborts the process: 'FATAL: exception not rethrown'), so ``romme gui`` ends its process at
once where one still runs (:func:`exit_past_searches`).
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar

from romme.table import SearchStop, searches_stopped_by

T = TypeVar("T")


class Behind(Future[T]):
    """A search's future that its asker can stop once it no longer wants the answer."""

    def __init__(self) -> None:
        super().__init__()
        self._stop = SearchStop()

    def stop(self) -> None:
        """The search is not wanted: one still waiting for its turn never starts, one running has its table
        searches end at their next check (it answers as a cut search does; nobody reads it)."""
        self.cancel()
        self._stop.stop()

    @property
    def stopped(self) -> bool:
        """Whether :meth:`stop` was called."""
        return self._stop.stopped


def run_behind(name: str, call: Callable[..., T], *args: Any) -> Behind[T]:
    """Starts ``call(*args)`` in a new daemon thread named ``name``, once the last search started under that name
    has ended: its future holds the answer or the error."""
    future: Behind[T] = Behind()
    with _lock:
        before = _last.get(name)

        def work() -> None:
            if before is not None:
                before.join()  # (bounded: every search has a work budget, and a stopped one ends within its finish)
            if not future.set_running_or_notify_cancel():
                return
            try:
                with searches_stopped_by(future._stop):
                    answer = call(*args)
            except BaseException as exc:  # (handed to the one who reads the future, as an executor does)
                future.set_exception(exc)
            else:
                future.set_result(answer)

        thread = threading.Thread(target=work, name=name, daemon=True)
        _last[name] = thread
        _threads.add(thread)
        thread.start()
    return future


#: the last thread :func:`run_behind` started for each name, which the next of that name waits for
_last: dict[str, threading.Thread] = {}
_lock = threading.Lock()


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
