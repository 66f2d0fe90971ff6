"""Where many independent games run: this process, worker processes (``--jobs``) or Ray tasks.

Every backend returns the results in task order, and a task's result depends only on its arguments (each game
derives its seed from the run's seed and its index), so the backend changes the speed, never the answer.

``ray`` is an optional extra (``pip install 'romme[scale]'``). Without ``--address`` a local Ray is started for
the run with ``--jobs`` CPUs (all cores by default) and shut down after it; with ``--address`` (``auto``,
``ray://head:10001`` or ``head:6379``) the run joins that cluster, whose nodes must have romme installed.
"""

from __future__ import annotations

import importlib
import itertools
import logging
import multiprocessing
import os
import socket
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, TypeVar

from .errors import RommeError, RulesError, quote

T = TypeVar("T")
R = TypeVar("R")

BACKENDS = ("local", "ray")
#: the object store of a local Ray started for a run: results are a few numbers a game, so a small store is
#: enough, and a small one is set up faster than Ray's default (30 % of the memory)
RAY_OBJECT_STORE_BYTES = 100 * 1024 * 1024


@dataclass
class BackendClock:
    """Wall-clock seconds a run spent starting and stopping its backend (a local Ray: ``ray.init`` and
    ``ray.shutdown``), so that a run can report the games' own time beside the total."""

    start_seconds: float = 0.0
    stop_seconds: float = 0.0


def cores() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def check_backend(backend: str, address: str | None) -> None:
    """Refuses an unknown backend, an address without Ray, and Ray when it is not installed."""
    if backend not in BACKENDS:
        raise RulesError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
    if address is not None and backend != "ray":
        raise RulesError("--address needs --backend ray")
    if backend == "ray":
        try:
            importlib.import_module("ray")
        except ImportError:
            raise RulesError("--backend ray needs Ray: pip install 'romme[scale]' (ray>=2.9)") from None
        joined = ray_address(address)
        if joined is not None:
            probe_ray_address(joined, "--address" if joined == address else "RAY_ADDRESS")


def ray_address(address: str | None) -> str | None:
    """The cluster a Ray run joins (None: it starts a local Ray): ``address`` (``--address``), or where that is
    left out or ``auto`` a non-empty ``RAY_ADDRESS``, as ``ray.init`` itself reads it. A local start beside a
    RAY_ADDRESS raised Ray's ValueError ('num_cpus ... must not be provided'), and an ``auto`` went unprobed
    to that address."""
    from_environment = os.environ.get("RAY_ADDRESS", "")
    if from_environment and (address is None or address == "auto"):
        return from_environment
    return address


#: how long a cluster address may take to accept a connection, and then to answer the HTTP/2 greeting, before
#: the run is refused
RAY_PROBE_SECONDS = 3.0
#: what a client says first on an HTTP/2 connection (RFC 9113 3.4): the connection preface and an empty SETTINGS
#: frame. Both the GCS of a Ray head (``host:port``) and the Ray client server (``ray://host:port``) are gRPC
#: servers, which answer it with a SETTINGS frame of their own.
_HTTP2_GREETING = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + bytes([0, 0, 0, 4, 0, 0, 0, 0, 0])
_HTTP2_FRAME_HEADER = 9
_HTTP2_SETTINGS = 4


def probe_ray_address(address: str, source: str = "--address") -> None:
    """Refuses a cluster address where no gRPC server answers, in seconds: Ray itself retries such an address
    for minutes (``host:port`` with nothing there, or with a listener that is no Ray head, waited over 2 min in
    its GCS connect). A connection is made and the HTTP/2 greeting sent; the first frame back must be the
    server's SETTINGS. ``auto`` is left to Ray, which answers at once when no cluster runs here. Where Ray
    speaks TLS (:func:`ray_uses_tls`) the greeting goes inside TLS, which this probe does not speak: there only
    the connection is checked. ``source`` names where the address came from (``--address``, ``RAY_ADDRESS``)."""
    if address == "auto":
        return
    where = quote(address, 80) + ("" if source == "--address" else f" (from {source})")
    target = address.removeprefix("ray://")
    host, colon, port_text = target.rpartition(":")
    host = host.removeprefix("[").removesuffix("]")  # an IPv6 host: [::1]:6379
    # at most 5 digits before int(): past 4,300 digits int() raised ValueError (a traceback from the command)
    port_ok = port_text.isascii() and port_text.isdigit() and len(port_text) <= 5 and int(port_text) <= 65535
    if not colon or not host or not port_ok:
        raise RulesError(f"{source} {quote(address, 80)}: give auto, host:port or ray://host:port")
    try:
        conn = socket.create_connection((host, int(port_text)), timeout=RAY_PROBE_SECONDS)
    except (OSError, ValueError, UnicodeError) as exc:  # refused, timed out, no such host; a NUL in the host
        reason = " ".join(str(exc).split()) or type(exc).__name__
        raise RommeError(f"cannot join the Ray cluster at {where}: {reason[:200]}") from None
    if ray_uses_tls():
        conn.close()
        return
    with conn:
        answer = _greeting_answer(conn)
    if len(answer) < _HTTP2_FRAME_HEADER or answer[3] != _HTTP2_SETTINGS:
        heard = "nothing" if not answer else f"{answer[:_HTTP2_FRAME_HEADER]!r}"
        raise RommeError(
            f"cannot join the Ray cluster at {where}: no Ray (gRPC) server answers there "
            f"(heard {heard} within {RAY_PROBE_SECONDS:g} s)"
        )


def _greeting_answer(conn: socket.socket) -> bytes:
    """The HTTP/2 greeting sent on ``conn``, the first frame header that came back within RAY_PROBE_SECONDS
    (shorter, or empty, where the other side stayed silent, closed or reset the connection)."""
    answer = b""
    deadline = time.monotonic() + RAY_PROBE_SECONDS
    try:
        conn.sendall(_HTTP2_GREETING)
        while len(answer) < _HTTP2_FRAME_HEADER and (left := deadline - time.monotonic()) > 0:
            conn.settimeout(left)
            chunk = conn.recv(_HTTP2_FRAME_HEADER - len(answer))
            if not chunk:
                break
            answer += chunk
    except OSError:  # silent until the deadline, or the connection reset: judged by what came back
        pass
    return answer


def ray_uses_tls() -> bool:
    """Whether Ray's gRPC connections (the GCS's and the Ray client's) are made over TLS: Ray reads its
    ``RAY_USE_TLS`` thus (``ray._private.grpc_utils``, ``ray.util.client.worker``)."""
    return os.environ.get("RAY_USE_TLS", "0").lower() in ("1", "true")


def _run_timed_chunk(fn: Callable[[T], R], chunk: list[T]) -> tuple[list[R], float]:
    """The chunk's results and the seconds they took, from which the driver sizes the next chunks."""
    began = time.perf_counter()
    return [fn(t) for t in chunk], time.perf_counter() - began


class ChunkSizer:
    """The size of the next Ray task: as many tasks as take about ``TASK_SECONDS`` together, at most ``most``.

    Short games (a greedy or expert game of a few milliseconds) go several to a task, so Ray's round trip per
    task does not outweigh them; long ones (a master game of seconds) one to a task, so that the CPUs stay
    evenly busy to the end of the run. The first tasks are single, until a finished task tells how long one
    takes. Only the speed depends on the sizes: the results come back in task order whatever they are."""

    TASK_SECONDS = 0.25

    def __init__(self, most: int) -> None:
        self.most = max(1, most)
        self.seconds_each: float | None = None

    def size(self) -> int:
        if self.seconds_each is None:
            return 1
        if self.seconds_each <= 0:
            return self.most
        return max(1, min(self.most, int(self.TASK_SECONDS / self.seconds_each)))

    def finished(self, tasks: int, seconds: float) -> None:
        each = seconds / max(1, tasks)
        self.seconds_each = each if self.seconds_each is None else (self.seconds_each + each) / 2


def _pool_context() -> Any:
    """``forkserver`` where it exists: a worker forked from a process with threads (the pool's own, the core's
    search threads) can inherit a held lock and wait for ever; seen when workers were replaced mid-run. As with
    ``spawn``, a script that runs games in worker processes needs the ``if __name__ == "__main__":`` guard."""
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else None)


def run_local(fn: Callable[[T], R], tasks: Iterable[T], jobs: int, chunk: int = 1) -> Iterator[R]:
    """``map(fn, tasks)`` in order, in ``jobs`` worker processes when ``jobs > 1`` (a bounded window of tasks
    is read at a time, so millions of tasks are never all in memory). A worker that dies ends the run with
    :class:`RommeError` instead of a hang."""
    if jobs <= 1:
        yield from map(fn, tasks)
        return
    it = iter(tasks)
    pool = ProcessPoolExecutor(jobs, mp_context=_pool_context(), initializer=_end_with_run, initargs=(os.getpid(),))
    finished = False
    try:
        while batch := list(itertools.islice(it, jobs * 64)):
            yield from pool.map(fn, batch, chunksize=max(1, min(chunk, len(batch) // jobs)))
        finished = True
    except BrokenProcessPool:
        raise RommeError("a worker process died (out of memory or killed); run again or with fewer --jobs") from None
    finally:
        if finished:
            pool.shutdown(wait=True)
        else:
            _stop_workers(pool)


def _end_with_run(run_pid: int) -> None:
    """In a worker: a watcher thread ends this process once the run's process ``run_pid`` is gone, so that a run
    killed outright (SIGTERM, SIGKILL: no Python cleanup runs) leaves no workers playing on. (The fork server
    lives as long as its workers do, so the workers cannot wait for their parent instead.)"""
    import threading

    def watch() -> None:
        while True:
            time.sleep(RUN_WATCH_SECONDS)
            try:
                os.kill(run_pid, 0)
            except ProcessLookupError:
                os._exit(1)
            except PermissionError:  # the pid was taken by someone else's process: the run is gone
                os._exit(1)

    threading.Thread(target=watch, name="romme-run-watch", daemon=True).start()


#: how often a worker looks whether its run still exists
RUN_WATCH_SECONDS = 0.5


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """Ends a pool that was interrupted (Ctrl-C, an error, a consumer that stopped reading): the queued tasks are
    dropped and the workers terminated, instead of waiting for every game already handed to them."""
    workers = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        if worker.is_alive():
            worker.terminate()
    for worker in workers:
        worker.join(timeout=5)


def start_ray(ray: Any, jobs: int | None, address: str | None) -> None:
    """Joins the cluster at ``address``, or starts a lean local Ray: ``jobs`` CPUs (all cores by default), no
    dashboard, no usage statistics, worker logs not copied to this terminal, a small object store, no runtime
    environment (the workers import the installed romme), workers at this process's niceness."""
    address = ray_address(address)
    if address is not None:
        try:
            ray.init(address=address, logging_level=logging.WARNING, log_to_driver=False)
        except (ValueError, ConnectionError, RuntimeError, TimeoutError) as exc:
            # ray://... without ray[client] raised a ValueError traceback; no cluster there, a ConnectionError
            reason = " ".join(str(exc).split())
            raise RommeError(f"cannot join the Ray cluster at {address!r}: {reason[:300]}") from None
        return
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")  # no usage report at start-up (an HTTP round trip)
    ray.init(
        num_cpus=jobs or cores(),
        include_dashboard=False,
        logging_level=logging.WARNING,
        log_to_driver=False,
        object_store_memory=RAY_OBJECT_STORE_BYTES,
        # Ray runs its workers at niceness 15 by default: on a busy machine they then get a fraction of what this
        # process's own worker processes get. The workers play at the run's own niceness instead.
        _system_config={"worker_niceness": os.nice(0)},
    )


def run_ray(
    fn: Callable[[T], R],
    tasks: Iterable[T],
    jobs: int | None,
    address: str | None,
    chunk: int = 1,
    clock: BackendClock | None = None,
) -> Iterator[R]:
    """``map(fn, tasks)`` in order as Ray tasks of at most ``chunk`` tasks each (sized by :class:`ChunkSizer`),
    at most a few per CPU in flight.
    ``clock`` gets the seconds spent starting and stopping Ray (zero for a Ray that was already running)."""
    ray: Any = importlib.import_module("ray")  # an optional extra, typed as Any (no stubs needed)
    clock = clock if clock is not None else BackendClock()
    started = False
    if not ray.is_initialized():
        began = time.perf_counter()
        start_ray(ray, jobs, address)
        clock.start_seconds = time.perf_counter() - began
        started = True
    try:
        remote = ray.remote(_run_timed_chunk)
        in_flight = max(2, 4 * int(ray.cluster_resources().get("CPU", 1)))
        sizer = ChunkSizer(chunk)
        pending: list[tuple[Any, int]] = []

        def collect() -> list[R]:
            ref, size = pending.pop(0)
            results: list[R]
            results, seconds = ray.get(ref)
            sizer.finished(size, seconds)
            return results

        it = iter(tasks)
        while part := list(itertools.islice(it, sizer.size())):
            pending.append((remote.remote(fn, part), len(part)))
            if len(pending) >= in_flight:
                yield from collect()
        while pending:
            yield from collect()
    finally:
        if started:
            began = time.perf_counter()
            ray.shutdown()
            clock.stop_seconds = time.perf_counter() - began


def run(
    fn: Callable[[T], R],
    tasks: Iterable[T],
    backend: str = "local",
    jobs: int | None = 1,
    address: str | None = None,
    chunk: int = 1,
    clock: BackendClock | None = None,
) -> Iterator[R]:
    """The results of ``fn`` on every task, in task order, on ``backend`` (see the module docstring);
    ``clock`` gets the backend's start-up and shut-down seconds."""
    check_backend(backend, address)
    if backend == "ray":
        return run_ray(fn, tasks, jobs, address, chunk, clock)
    return run_local(fn, tasks, jobs or cores(), chunk)
