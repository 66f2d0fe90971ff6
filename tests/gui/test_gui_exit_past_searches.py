"""``romme gui`` ends its process at once where a hint or a bot still searches in the extension after the window
closed (``romme_table.behind.exit_past_searches``): the interpreter's exit would end that thread as it came back from
the extension, and the thread's end unwinding through the extension's frames aborts the process ('FATAL: exception
not rethrown', exit status 134), whenever the search came back while the interpreter finalized."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from click.testing import CliRunner

ROOT = Path(__file__).resolve().parents[2]

#: a real table search started behind, the process asked to end as ``romme gui`` ends it just before the search
#: comes back (its cost measured first): without the exit at once the search comes back while the interpreter
#: finalizes, and the process aborts
SCRIPT = textwrap.dedent(
    """
    import sys, time
    import romme
    from romme_table import behind
    TABLE = "2h 3h 4h | Kc Kd Ks"
    HAND = ("Ac Qc Jh 8d 9h 6s 5h 8s 5s Js 2d 3d * 9h Qs 8h Js 2h 10d Kh 3s 6d 9s 4c 5c 10h Qd Jc * Ad 8d 7d Kh Qh "
            "3s Jc 7h 6c 8c Qd * 4s 9c 2d 7c 6d Jd *")
    start = time.thread_time()
    romme.solve_table("romme", TABLE, HAND)
    cost = time.thread_time() - start
    future = behind.run_behind("romme-hint", romme.solve_table, "romme", TABLE, HAND)
    time.sleep(0.9 * cost)
    print("leaving", flush=False)  # (flushed by the exit)
    if sys.argv[1] == "gui":
        behind.exit_past_searches()
    print("returned", "searching" if behind.searching() else "done")
    """
)


def test_the_process_ends_at_once_past_a_search_in_the_extension() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "python")}
    out = subprocess.run([sys.executable, "-c", SCRIPT, "gui"], capture_output=True, text=True, env=env, timeout=120)
    # ended by exit_past_searches (nothing printed after it), or the search came back first and the process ended
    # as any other
    assert out.returncode == 0 and out.stdout in ("leaving\n", "leaving\nreturned done\n"), (out.returncode,
                                                                                          out.stdout, out.stderr)
    assert "FATAL" not in out.stderr, out.stderr


def test_without_a_search_behind_nothing_ends_the_process() -> None:
    from romme_table import behind

    done = behind.run_behind("romme-hint", sum, [1, 2])
    assert done.result(timeout=10) == 3
    for _ in range(100):
        if not behind.searching():
            break
        time.sleep(0.01)
    assert not behind.searching()
    behind.exit_past_searches()  # (returns: this test process goes on)


def test_romme_gui_ends_past_the_searches_after_the_window_closed(monkeypatch) -> None:  # noqa: ANN001
    import romme_table
    from romme.cli import main

    calls: list[str] = []
    monkeypatch.setattr(romme_table, "no_display_reason", lambda: None)
    monkeypatch.setattr(romme_table, "run", lambda *a, **kw: calls.append("run"))
    monkeypatch.setattr(romme_table, "exit_past_searches", lambda: calls.append("exit"))
    assert CliRunner().invoke(main, ["gui"]).exit_code == 0
    assert calls == ["run", "exit"]
