"""The type stubs (_uriscan.pyi) name what the native module has."""

from __future__ import annotations

import ast
import pathlib

import uriscan
from uriscan import _uriscan

STUB = pathlib.Path(uriscan.__file__).with_name("_uriscan.pyi")


def _stub_names():
    tree = ast.parse(STUB.read_text(encoding="utf-8"))
    functions = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
    uri = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "URI")
    members = {n.name for n in uri.body if isinstance(n, ast.FunctionDef)}
    return functions, members


def test_stub_matches_module():
    functions, members = _stub_names()
    native = {n for n in dir(_uriscan) if callable(getattr(_uriscan, n)) and n != "URI" and not n.startswith("__")}
    assert functions == native
    public = {n for n in dir(_uriscan.URI) if not n.startswith("_")}
    assert public <= members
    assert (pathlib.Path(uriscan.__file__).parent / "py.typed").exists()
