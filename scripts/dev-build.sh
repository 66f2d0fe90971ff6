#!/usr/bin/env bash
# Developer build without pip: compiles the extension (ci profile) into
# python/romme/ of this checkout. Use with PYTHONPATH=python, e.g.
#   scripts/dev-build.sh && PYTHONPATH=python python3 -m pytest -q
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build -p romme-python --profile ci --quiet
# copy, then rename: cp over the loaded library rewrites it in place and running Python processes
# that use it crash (a hostile campaign run died with a segfault when a build landed under it)
cp target/ci/lib_core.so python/romme/_core.new.so
mv -f python/romme/_core.new.so python/romme/_core.abi3.so
