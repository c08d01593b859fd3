"""The Python section of the README (python/README.md, and the Python
examples of the repository's README.md and GUIDE.md) runs as written, and the
docstrings' examples of the Python modules.

A block fenced ```` ```python spark ```` needs Spark: it runs with the test
session's Spark (conftest.py's ``spark`` fixture) already started, so that
the block's ``SparkSession.builder...getOrCreate()`` gets that session
instead of starting a second JVM."""

from __future__ import annotations

import doctest
import pathlib
import re

import pytest

import uriscan

README = pathlib.Path(__file__).parent.parent / "README.md"
BLOCKS = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S)
TOP_README = pathlib.Path(__file__).parent.parent.parent / "README.md"
TOP_BLOCKS = re.findall(r"```python\n(.*?)```", TOP_README.read_text(encoding="utf-8"), flags=re.S)
GUIDE = pathlib.Path(__file__).parent.parent.parent / "GUIDE.md"
GUIDE_BLOCKS = re.findall(r"```python\n(.*?)```", GUIDE.read_text(encoding="utf-8"), flags=re.S)


SPARK_BLOCKS = re.findall(r"```python spark\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S)


def test_readme_has_examples():
    assert len(BLOCKS) >= 5


@pytest.mark.parametrize("code", BLOCKS, ids=[f"block{i}" for i in range(len(BLOCKS))])
def test_readme_block(code):
    exec(compile(code, str(README), "exec"), {"__name__": "readme"})


@pytest.mark.parametrize("code", SPARK_BLOCKS, ids=[f"spark{i}" for i in range(len(SPARK_BLOCKS))])
def test_readme_spark_block(code, spark):
    exec(compile(code, str(README), "exec"), {"__name__": "readme"})


def test_readme_has_a_spark_example():
    assert len(SPARK_BLOCKS) >= 1


@pytest.mark.parametrize("code", TOP_BLOCKS, ids=[f"top{i}" for i in range(len(TOP_BLOCKS))])
def test_top_readme_block(code):
    exec(compile(code, str(TOP_README), "exec"), {"__name__": "readme"})


def test_top_readme_has_a_python_example():
    assert len(TOP_BLOCKS) >= 1


@pytest.mark.parametrize("code", GUIDE_BLOCKS, ids=[f"guide{i}" for i in range(len(GUIDE_BLOCKS))])
def test_guide_block(code):
    exec(compile(code, str(GUIDE), "exec"), {"__name__": "guide"})


def test_guide_has_a_python_example():
    assert len(GUIDE_BLOCKS) >= 1


def _globs():
    import pyarrow as pa

    import uriscan.arrow as ua

    return {"uriscan": uriscan, "pa": pa, "ua": ua}


@pytest.mark.parametrize("name", ["uriscan", "uriscan._errors", "uriscan.arrow", "uriscan.polars", "uriscan.pandas", "uriscan.duckdb", "uriscan.spark"])
def test_module_docstrings(name):
    import importlib

    module = importlib.import_module(name)
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    tests = finder.find(module, globs=_globs())
    for t in tests:
        runner.run(t)
    assert runner.failures == 0


def test_native_docstrings():
    """Every public function and method has a docstring; its examples run."""
    import uriscan._uriscan as native

    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    parser = doctest.DocTestParser()
    names = [n for n in dir(native) if not n.startswith("_")]
    for n in names:
        obj = getattr(native, n)
        assert obj.__doc__, n
        t = parser.get_doctest(obj.__doc__, _globs(), n, None, 0)
        runner.run(t)
    for n in dir(native.URI):
        if not n.startswith("_"):
            assert getattr(native.URI, n).__doc__, n
    for n in uriscan.__all__:
        assert getattr(uriscan, n).__doc__ or n in ("SYNTAXES", "COMPONENTS", "PARSE_RECORD"), n
    assert runner.failures == 0
