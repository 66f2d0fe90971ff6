#!/usr/bin/env bash
# Every check the project keeps green, in the order a failure is cheapest to find:
# lint and types (Python, Rust), then the Rust tests, then the Python tests.
# Run after `python3 -m pip install -e '.[test]'` (the README's test command does both).
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== ruff"
python3 -m ruff check python tests scripts benches
echo "== mypy --strict (python/romme, python/romme_table)"
python3 -m mypy --strict python/romme python/romme_table
echo "== stubtest (python/romme/_core.pyi against the built extension)"
python3 -m mypy.stubtest romme._core
echo "== cargo fmt --check"
cargo fmt --all -- --check
echo "== cargo clippy -D warnings"
cargo clippy --workspace --profile ci --all-targets --quiet -- -D warnings
echo "== cargo test"
cargo test --workspace --exclude romme-python --profile ci
echo "== pytest (one worker per core: pytest-xdist)"
python3 -m pytest -n auto
