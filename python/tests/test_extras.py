"""Each extra of pyproject.toml installs what its interface needs: for each
extra, a fresh virtual environment gets exactly that extra's requirements
(at the versions of requirements-test.txt, from a local wheelhouse, never
the network) and runs that interface's example of the README (the blocks
test_readme.py extracts) with the package on PYTHONPATH (the module built in
place).

python/run-tests.sh builds the wheelhouse in its set-up step and names it in
URISCAN_WHEELHOUSE; without it the tests that install are skipped. The Spark
example needs a JVM (JDK 17 or later), found as conftest.py's ``spark``
fixture finds it: without one that test fails, it does not skip."""

from __future__ import annotations

import os
import pathlib
import re
import shutil
import signal
import subprocess
import sys
from typing import Dict, List

import pytest

import test_readme
from conftest import JDK17

tomllib = pytest.importorskip("tomllib", reason="pyproject.toml is read with tomllib (Python 3.11 or later)")

PYTHON_DIR = pathlib.Path(__file__).parent.parent
PYPROJECT = PYTHON_DIR / "pyproject.toml"
PINS = PYTHON_DIR / "requirements-test.txt"
WHEELHOUSE = os.environ.get("URISCAN_WHEELHOUSE")

needs_wheelhouse = pytest.mark.skipif(
    not WHEELHOUSE,
    reason="URISCAN_WHEELHOUSE is unset: python/run-tests.sh builds the extras' wheelhouse and sets it",
)

#: The module each extra is for; its example is the README block importing it.
MODULES = {
    "arrow": "uriscan.arrow",
    "polars": "uriscan.polars",
    "pandas": "uriscan.pandas",
    "duckdb": "uriscan.duckdb",
    "spark": "uriscan.spark",
}


def extras() -> Dict[str, List[str]]:
    """The extras of pyproject.toml and their requirements (``test``, the
    test suite's own set, is none of the interfaces')."""
    with open(PYPROJECT, "rb") as f:
        found = tomllib.load(f)["project"]["optional-dependencies"]
    return {name: reqs for name, reqs in found.items() if name != "test"}


def example(extra: str) -> str:
    """The README block of the extra's interface: the one importing its
    module (the Spark block for ``spark``)."""
    blocks = test_readme.SPARK_BLOCKS if extra == "spark" else test_readme.BLOCKS
    pattern = re.compile(rf"^import {re.escape(MODULES[extra])}\b", flags=re.M)
    found = [b for b in blocks if pattern.search(b)]
    assert len(found) == 1, f"{extra}: {len(found)} README blocks import {MODULES[extra]}"
    return found[0]


def _start(cmd: List[str], env: Dict[str, str]) -> subprocess.Popen:
    """``cmd`` started in its own process group (so that a timeout can kill
    all of it, a JVM included), its output captured."""
    return subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)


def _finish(cmd: List[str], child: subprocess.Popen, timeout: float) -> subprocess.CompletedProcess:
    """Waits for ``child`` at most ``timeout`` seconds: past that its whole
    process group is killed and the test fails."""
    try:
        out, err = child.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        out, err = child.communicate()
        pytest.fail(f"{cmd[:4]} ran over {timeout} s\n{out[-2000:]}\n{err[-4000:]}")
    return subprocess.CompletedProcess(cmd, child.returncode, out, err)


def _run(cmd: List[str], timeout: float, env: Dict[str, str]) -> subprocess.CompletedProcess:
    """``cmd`` run to its end, bounded in time as :func:`_finish` says."""
    return _finish(cmd, _start(cmd, env), timeout)


def _clean_env() -> Dict[str, str]:
    """The environment without what would let the child see other packages
    or sources: PYTHON* and PIP_* settings (the pip configuration files too),
    and assertions stay on."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "PIP_", "VIRTUAL_ENV"))}
    env["PIP_CONFIG_FILE"] = os.devnull
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


# Run in the child: the example as a script, then where uriscan came from.
DRIVER = (
    "import runpy, sys\n"
    "runpy.run_path(sys.argv[1], run_name='readme')\n"
    "import uriscan\n"
    "print('example ran; uriscan from', uriscan.__file__)\n"
)


def test_every_extra_is_an_interface_with_an_example():
    assert set(extras()) == set(MODULES)
    for extra in MODULES:
        assert f"import {MODULES[extra]}" in example(extra)


def test_readme_says_what_each_extra_installs():
    """The install section's table lists, per extra, the distributions it
    requires."""
    readme = test_readme.README.read_text(encoding="utf-8")
    for extra, reqs in extras().items():
        row = re.search(rf"^\| `{extra}` \|(.*)$", readme, flags=re.M)
        assert row, f"no row for the extra {extra} in the README's table"
        for req in reqs:
            name = re.match(r"[A-Za-z0-9_.-]+", req).group(0)
            assert f"`{name}`" in row.group(1), (extra, name, row.group(0))


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Dict[str, tuple]:
    """A fresh environment per extra, holding exactly that extra's
    requirements: the five installs run side by side (their time is mostly
    unpacking wheels, Spark's a third of a gigabyte), each bounded in time.
    Maps each extra to its environment's directory and its install's
    result; the test of the extra checks that result."""
    env = _clean_env()
    base = tmp_path_factory.mktemp("extras")
    started = {}
    for extra in sorted(MODULES):
        venv = base / extra
        done = _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], 120, env)
        assert done.returncode == 0, done.stderr
        # This interpreter's pip installs into the new environment (pip 22.3 or later).
        install = [sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "install", "-q", "--no-compile"]
        install += ["--no-index", "--find-links", WHEELHOUSE, "-c", str(PINS), *extras()[extra]]
        started[extra] = (venv, install, _start(install, env))
    return {extra: (venv, _finish(install, child, 600)) for extra, (venv, install, child) in started.items()}


@needs_wheelhouse
@pytest.mark.parametrize("extra", sorted(MODULES))
def test_extra_alone_runs_its_example(extra, installed, tmp_path):
    env = _clean_env()
    venv, done = installed[extra]
    assert done.returncode == 0, done.stdout + done.stderr
    python = str(venv / "bin" / "python")
    frozen = _run([sys.executable, "-m", "pip", "--python", python, "freeze"], 120, env)
    assert frozen.returncode == 0, frozen.stderr

    script = tmp_path / f"readme_{extra}.py"
    script.write_text(example(extra), encoding="utf-8")
    env["PYTHONPATH"] = str(PYTHON_DIR)
    env["PYTHONNOUSERSITE"] = "1"
    timeout = 120
    if extra == "spark":
        if not env.get("JAVA_HOME") and JDK17.exists():
            env["JAVA_HOME"] = str(JDK17)
        env["PYSPARK_PYTHON"] = env["PYSPARK_DRIVER_PYTHON"] = python
        # As conftest.py's session: no UI, on the loopback interface.
        env["SPARK_LOCAL_IP"] = "127.0.0.1"
        env["PYSPARK_SUBMIT_ARGS"] = "--conf spark.ui.enabled=false --conf spark.driver.host=127.0.0.1 pyspark-shell"
        timeout = 300
    done = _run([python, "-c", DRIVER, str(script)], timeout, env)
    assert done.returncode == 0, f"installed:\n{frozen.stdout}\n{done.stderr[-4000:]}"
    assert done.stdout.splitlines()[-1] == f"example ran; uriscan from {PYTHON_DIR / 'uriscan' / '__init__.py'}", done.stdout
    # Passed: the environment (a gigabyte for Spark) is not kept in pytest's basetemp.
    shutil.rmtree(venv)
