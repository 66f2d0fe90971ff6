"""Packaging (issue 29): the built wheel, installed into a fresh venv, gives a working
``romme gui`` outside the source checkout: the table package, its rules pages and a headless
start. Slow (it compiles the Rust core): ``python3 -m pytest -m slow tests/core/test_wheel_install.py``;
``ROMME_WHEEL=path/to/romme-….whl`` tests that wheel instead of building one from this tree."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow


def run(cmd: list[str], cwd: Path, env: dict[str, str] | None = None, timeout: int = 1800) -> str:
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, (cmd, done.stdout[-2000:], done.stderr[-2000:])
    return done.stdout


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    work = tmp_path_factory.mktemp("wheel")
    prebuilt = os.environ.get("ROMME_WHEEL")  # a wheel built elsewhere (CI, or a clean checkout)
    if prebuilt:
        wheel = Path(prebuilt)
    else:
        if shutil.which("maturin") is None:
            pytest.skip("maturin is not installed")
        run(["maturin", "build", "--release", "--quiet", "-o", str(work / "dist")], cwd=ROOT)
        wheel = next((work / "dist").glob("romme-*.whl"))
    env_dir = work / "venv"
    # the venv sees the system's pygame-ce, click and rich, so no download is needed; romme and
    # romme_table must come from the wheel (the venv's own site-packages come first)
    run([sys.executable, "-m", "venv", "--system-site-packages", str(env_dir)], cwd=work)
    run([str(env_dir / "bin" / "python"), "-m", "pip", "install", "-q", "--no-deps", str(wheel)], cwd=work)
    return env_dir


def test_the_wheel_ships_the_table_and_its_rules_pages(venv: Path, tmp_path: Path):
    code = (
        "import romme, romme_table, romme_table.rules_pages as r; "
        "print(romme.__file__); print(romme_table.__file__); print(r.rules_text('krass', 'de').splitlines()[0])"
    )
    out = run([str(venv / "bin" / "python"), "-c", code], cwd=tmp_path).splitlines()
    assert all(line.startswith(str(venv)) for line in out[:2]), out
    assert out[2] == "# Krass Kariert"


def test_romme_gui_starts_headless_from_outside_the_checkout(venv: Path, tmp_path: Path):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "XDG_CONFIG_HOME": str(tmp_path / "config")}
    assert "Open the pygame table" in run([str(venv / "bin" / "romme"), "gui", "--help"], cwd=tmp_path, env=env)
    shot = tmp_path / "start.png"
    code = f"import romme_table; romme_table.run((800, 600), frames=3, screenshot={str(shot)!r})"
    run([str(venv / "bin" / "python"), "-c", code], cwd=tmp_path, env=env)
    assert shot.stat().st_size > 1000
    assert (tmp_path / "config" / "romme" / "table-settings.json").is_file()
