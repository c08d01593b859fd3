#!/usr/bin/env bash
# The Python package's checks: rustfmt and clippy on its crate, then a
# virtual environment with maturin, pytest and the peers from PyPI, the
# package built and installed into it (maturin develop, debug build), and
# pytest. Exits non-zero on any failure.
#
#   python/run-tests.sh [PYTEST ARGS...]
#
# CARGO_TARGET_DIR (default: target/ of the repository) holds the build, the
# virtual environment (python-venv/) and the wheelhouse of the extras'
# requirements (python-wheels/: tests/test_extras.py installs each extra
# alone from it, offline), which later runs reuse; PYTHON names the
# interpreter (default python3, 3.9 or later).
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

# The extras' requirements (all but "test") at requirements-test.txt's
# versions, as wheels: downloaded or built (pyspark is an sdist) once, then
# only checked offline.
wheels="$CARGO_TARGET_DIR/python-wheels"
echo "== wheelhouse of the extras ($wheels)"
extras="$CARGO_TARGET_DIR/python-extras.txt"
"$venv/bin/python" -c 'import sys, tomllib
extras = tomllib.load(open(sys.argv[1], "rb"))["project"]["optional-dependencies"]
print("\n".join(sorted({r for name, reqs in extras.items() if name != "test" for r in reqs})))' "$here/pyproject.toml" >"$extras"
wheel_args=(-q --disable-pip-version-check -c "$here/requirements-test.txt" -r "$extras")
if ! "$venv/bin/python" -m pip install --dry-run --ignore-installed --no-index --find-links "$wheels" "${wheel_args[@]}" >/dev/null 2>&1; then
    "$venv/bin/python" -m pip wheel -w "$wheels" "${wheel_args[@]}"
fi
export URISCAN_WHEELHOUSE="$wheels"

echo "== build and install (maturin develop)"
(cd "$here" && VIRTUAL_ENV="$venv" PATH="$venv/bin:$PATH" maturin develop -q)

echo "== pytest"
cd "$here"
exec "$venv/bin/python" -m pytest -q -p no:cacheprovider "$@"
