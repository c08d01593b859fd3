"""Data files of the tests (python/tests/data; the RFC tables are copies of
the Rust tests' tests/data files, whose expected values the Rust tests check)."""

from __future__ import annotations

import os
import pathlib
import re
import sys
from typing import Dict, List, Optional, Tuple

import pytest

DATA = pathlib.Path(__file__).parent / "data"

# ErrorKind variants (the Rust tests' data) to the names Python sees.
KIND_NAMES = {
    "Reference": "URI reference",
    "Scheme": "scheme",
    "Authority": "authority",
    "Userinfo": "userinfo",
    "Host": "host",
    "IpLiteral": "IP literal",
    "Port": "port",
    "Path": "path",
    "Query": "query",
    "Fragment": "fragment",
    "PercentEncoded": "percent-encoding",
}


def lines(name: str) -> List[str]:
    return [l for l in (DATA / name).read_text(encoding="utf-8").split("\n")]


def table(name: str) -> List[List[str]]:
    """Tab-separated rows, comments and blank lines left out."""
    return [l.split("\t") for l in lines(name) if l and not l.startswith("#")]


def unescape(s: str) -> bytes:
    """\\xHH escapes of the data files to bytes."""
    return re.sub(rb"\\x([0-9A-Fa-f]{2})", lambda m: bytes([int(m.group(1), 16)]), s.encode("utf-8"))


def none(s: str) -> Optional[str]:
    return None if s == "(none)" else s


VALID_FIELDS = ("scheme", "authority", "userinfo", "host", "host_kind", "port_text", "path", "query", "fragment")


def valid_rows() -> List[Tuple[str, Dict[str, Optional[str]]]]:
    return [(r[0], dict(zip(VALID_FIELDS, map(none, r[1:])))) for r in table("rfc3986_valid.txt")]


def invalid_rows() -> List[Tuple[bytes, int, str]]:
    return [(unescape(r[0]), int(r[2]), KIND_NAMES[r[3]]) for r in table("rfc3986_invalid.txt") if r[1] == "uri-reference"]


def corpus() -> List[str]:
    """Mixed URLs (generated once, committed) and the repository's sample."""
    return lines("corpus.txt")[:-1] + [l for l in lines("urls.txt") if l]


JDK17 = pathlib.Path("/usr/lib/jvm/java-17-openjdk-amd64")


@pytest.fixture(scope="session")
def spark():
    """One local Spark session (local[2], no UI, on 127.0.0.1) for the whole
    test run, stopped at its end. Spark needs a JVM (JDK 17 or later):
    JAVA_HOME is set to the machine's JDK 17 when it is unset, and without a
    JVM the tests that use this fail (they do not skip)."""
    if not os.environ.get("JAVA_HOME") and JDK17.exists():
        os.environ["JAVA_HOME"] = str(JDK17)
    # The Python workers run this interpreter (the one uriscan is installed in).
    os.environ["PYSPARK_PYTHON"] = sys.executable
    os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    from pyspark.sql import SparkSession

    session = (
        SparkSession.builder.master("local[2]")
        .appName("uriscan-tests")
        .config("spark.ui.enabled", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.sql.session.timeZone", "UTC")
        .getOrCreate()
    )
    yield session
    session.stop()
