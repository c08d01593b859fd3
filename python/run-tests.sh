#!/usr/bin/env bash
# The Python package's checks: rustfmt and clippy on its crate, then a
# virtual environment with maturin, pytest and the peers from PyPI, the
# package built and installed into it (maturin develop, debug build), and
# pytest. Exits non-zero on any failure.
#
#   python/run-tests.sh [PYTEST ARGS...]
#
# CARGO_TARGET_DIR (default: target/ of the repository) holds the build and
# the virtual environment (python-venv/), which later runs reuse; PYTHON
# names the interpreter (default python3, 3.9 or later).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target}"
venv="$CARGO_TARGET_DIR/python-venv"
python="${PYTHON:-python3}"
manifest="$here/Cargo.toml"

echo "== rustfmt and clippy (python/)"
cargo fmt --manifest-path "$manifest" -- --check
cargo clippy --manifest-path "$manifest" --all-targets --features extension-module -- -D warnings

echo "== virtual environment ($venv)"
if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv"
fi
"$venv/bin/python" -m pip install -q --disable-pip-version-check -r "$here/requirements-test.txt"

echo "== build and install (maturin develop)"
(cd "$here" && VIRTUAL_ENV="$venv" PATH="$venv/bin:$PATH" maturin develop -q)

echo "== pytest"
cd "$here"
exec "$venv/bin/python" -m pytest -q -p no:cacheprovider "$@"
