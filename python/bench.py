#!/usr/bin/env python3
"""The Python package's speed against its peers (issues 29 and 38's
targets), and every registry function called from Python against the same
kernel timed inside Rust: not a test, a measurement. Run it with a release
build installed:

    cd python && maturin develop --release
    URISCAN_BENCH_DATA=/path/to/data python bench.py

URISCAN_BENCH_DATA names the directory of the corpora (kasztp.txt,
node_files.txt, isaacs_files.txt from ada-url's url-various-datasets); their
lines are repeated up to URISCAN_BENCH_ROWS rows (default 1,000,000).
Without it a generated corpus is used. The peers that are not installed
are left out (pip install rfc3986 tldextract surt ada-url polars-tldextract).

URISCAN_BENCH_FUNCTIONS=0 leaves out the per-function table.

Column calls are timed as the best of a few rounds; per-row peers once,
slow ones on a subsample (the ns/URL is what is compared). Ratios are the
peer's time per URL over uriscan's.
"""

from __future__ import annotations

import gc
import os
import pathlib
import random
import sys
import time
import urllib.parse
from typing import Callable, List, Optional

import pyarrow as pa

# The installed package, not the source directory beside this script (where
# `maturin develop` may have left a debug build).
sys.path[:] = [p for p in sys.path if pathlib.Path(p or ".").resolve() != pathlib.Path(__file__).resolve().parent]

import uriscan  # noqa: E402
import uriscan.arrow as ua  # noqa: E402
from uriscan import _uriscan  # noqa: E402

ROUNDS = 5
CORPORA = ("kasztp.txt", "node_files.txt", "isaacs_files.txt")


def load(rows: int) -> List[str]:
    d = os.environ.get("URISCAN_BENCH_DATA")
    lines: List[str] = []
    if d:
        for name in CORPORA:
            p = pathlib.Path(d) / name
            if p.exists():
                lines += [l for l in p.read_text(encoding="utf-8", errors="replace").splitlines() if l]
    if not lines:
        rnd = random.Random(29)
        hosts = ["example.com", "www.example.co.uk", "a.github.io", "127.0.0.1", "[::1]", "cdn.site.org"]
        for i in range(50_000):
            lines.append(
                f"https://{rnd.choice(hosts)}/path/{i}/{rnd.randint(0, 10**6)}.html"
                + rnd.choice(["", "?q=1&utm_source=x", "#top", "?a=%20b"])
            )
    out = (lines * (rows // len(lines) + 1))[:rows]
    return out


def best(f: Callable[[], object], rounds: int = ROUNDS) -> float:
    t = float("inf")
    for _ in range(rounds):
        gc.collect()
        start = time.perf_counter()
        f()
        t = min(t, time.perf_counter() - start)
    return t


def per_row(f: Callable[[str], object], values: List[str]) -> Callable[[], None]:
    def run() -> None:
        for v in values:
            try:
                f(v)
            except ValueError:
                pass

    return run


class Table:
    def __init__(self) -> None:
        self.rows: List[tuple] = []

    def add(self, what: str, ours_ns: float, peer: str, peer_ns: Optional[float], target: str) -> None:
        ratio = f"{peer_ns / ours_ns:.1f}x" if peer_ns else "n/a"
        self.rows.append((what, f"{ours_ns:.1f}", peer, f"{peer_ns:.1f}" if peer_ns else "n/a", ratio, target))
        print(f"  {what}: {ours_ns:.1f} ns/URL vs {peer} {peer_ns and round(peer_ns, 1)} ns/URL ({ratio})", file=sys.stderr)

    def print(self) -> None:
        print("| measurement | uriscan ns/URL | peer | peer ns/URL | ratio | target |")
        print("| --- | --- | --- | --- | --- | --- |")
        for r in self.rows:
            print("| " + " | ".join(r) + " |")


def main() -> None:
    rows = int(os.environ.get("URISCAN_BENCH_ROWS", "1000000"))
    values = load(rows)
    n = len(values)
    sub = values[: min(n, 100_000)]
    arr = pa.array(values, type=pa.string())
    src = os.environ.get("URISCAN_BENCH_DATA") or "generated"
    print(f"{n} URLs from {src}; subsample {len(sub)} for slow per-row peers; Python {sys.version.split()[0]}", file=sys.stderr)
    print(f"uriscan from {_uriscan.__file__}", file=sys.stderr)
    t = Table()

    col_parse = ns(best(lambda: ua.parse(arr)), n)
    col_parse_2 = ns(best(lambda: ua.parse(arr, threads=2)), n)
    urlsplit = ns(best(lambda: [urllib.parse.urlsplit(v) for v in values], 1), n)
    t.add("column parse (ua.parse, struct)", col_parse, "urllib.parse.urlsplit list comprehension", urlsplit, ">= 30x (29), >= 60x (38)")
    t.add("column parse, threads=2", col_parse_2, "urllib.parse.urlsplit list comprehension", urlsplit, "")
    hostname = ns(best(lambda: [urllib.parse.urlsplit(v).hostname for v in values], 1), n)
    t.add("column host", ns(best(lambda: ua.host(arr)), n), "urllib.parse.urlsplit(v).hostname per row", hostname, ">= 100x (38)")
    try:
        import rfc3986

        rf = ns(best(per_row(rfc3986.uri_reference, sub), 1), len(sub))
        t.add("column parse", col_parse, "rfc3986.uri_reference per row (no validation)", rf, ">= 100x")
        host = ns(best(lambda: ua.host(arr)), n)
        t.add("column host", host, "rfc3986.uri_reference per row (no validation)", rf, "")
        import warnings

        warnings.simplefilter("ignore", DeprecationWarning)
        rfv = ns(best(per_row(lambda v: rfc3986.uri_reference(v).is_valid(), sub), 1), len(sub))
        t.add("column parse", col_parse, "rfc3986.uri_reference(v).is_valid() per row", rfv, "")
    except ImportError:
        pass
    try:
        import ada_url

        ada = ns(best(per_row(ada_url.parse_url, values), 1), n)
        t.add("column parse", col_parse, "ada_url.parse_url per row", ada, ">= 5x")
        ada_check = ns(best(per_row(ada_url.check_url, values), 1), n)
        valid = ns(best(lambda: ua.is_valid(arr)), n)
        t.add("column is_valid", valid, "ada_url.check_url per row", ada_check, "")
    except ImportError:
        pass

    per_value = ns(best(per_row(uriscan.parse, values), 1), n)
    t.add("per-value uriscan.parse loop", per_value, "urllib.parse.urlsplit loop", ns(best(per_row(urllib.parse.urlsplit, values), 1), n), ">= 3x")

    dom = ns(best(lambda: ua.registrable_domain(arr)), n)
    try:
        import tldextract

        ex = tldextract.TLDExtract(suffix_list_urls=())
        ex("http://warm.example.com/")
        attr = "top_domain_under_public_suffix" if hasattr(ex("a.b.com"), "top_domain_under_public_suffix") else "registered_domain"
        tx = ns(best(per_row(lambda v: getattr(ex(v), attr), sub), 1), len(sub))
        t.add("column registrable_domain", dom, "tldextract per row", tx, ">= 10x")
    except ImportError:
        pass
    try:
        import polars as pl
        import polars_tldextract  # noqa: F401  (registers .tld)

        import uriscan.polars as _uri_polars  # noqa: F401  (registers .uri)

        df = pl.DataFrame({"url": arr})
        pt = ns(best(lambda: df.select(pl.col("url").tld.registrable_domain(parallel=False))), n)
        t.add("column registrable_domain", dom, "polars-tldextract (parallel=False)", pt, ">= 1x")
        pt2 = ns(best(lambda: df.select(pl.col("url").tld.registrable_domain(parallel=True))), n)
        dom2 = ns(best(lambda: ua.registrable_domain(arr, threads=0)), n)
        t.add("column registrable_domain, threads=0", dom2, "polars-tldextract (parallel=True)", pt2, "")
        ours_pl = ns(best(lambda: df.select(pl.col("url").uri.registrable_domain())), n)
        t.add("polars pl.col.uri.registrable_domain", ours_pl, "polars-tldextract (parallel=False)", pt, "")
    except ImportError:
        pass

    key = ns(best(lambda: ua.surt(arr)), n)
    try:
        import surt

        sp = ns(best(per_row(surt.surt, sub), 1), len(sub))
        t.add("column surt", key, "surt.surt per row", sp, ">= 50x")
    except ImportError:
        pass

    for op, call in (("parse", lambda: ua.parse(arr)), ("host", lambda: ua.host(arr)), ("surt", lambda: ua.surt(arr))):
        # Interleaved rounds, the best of each side: load on the machine
        # hits both alike.
        rust = py = float("inf")
        for _ in range(2 * ROUNDS):
            rust = min(rust, _uriscan._time_column(op, [arr], 1))
            py = min(py, best(call, 1))
        t.add(f"boundary: ua.{op} from Python vs the kernel in Rust", ns(py, n), "same kernel timed inside Rust", ns(rust, n), "overhead < 10%")
        t.rows[-1] = t.rows[-1][:4] + (f"overhead {100 * (py - rust) / rust:+.1f}%",) + t.rows[-1][5:]

    t.print()
    if os.environ.get("URISCAN_BENCH_FUNCTIONS", "1") != "0":
        functions(arr)


def functions(arr: pa.Array) -> None:
    """Every function of the registry called from Python (`ua.call`: the
    chunks handed over, the column made, the result imported by pyarrow)
    against the same kernel timed inside Rust (`_time_column`), rounds
    interleaved, the best of each side (issue 38: within 1.1x)."""
    n = len(arr)
    print("\n| function | arguments | Python ns/URL | Rust ns/URL | Python / Rust |", flush=True)
    print("| --- | --- | --- | --- | --- |", flush=True)
    worst = 0.0
    for f in ua.FUNCTIONS:
        # Required arguments only: `id` (a name kasztp's queries have) for a
        # text one, `HOST` for Spark's part, 2 for a count.
        args = ua._required_args(f, "id", ["id"])
        try:
            ua.call(f["name"], arr[:1000], *args)
        except ValueError as e:
            # (Spark's url_decode fails a call on a malformed escape.)
            print(f"| `{f['name']}` | {args} | fails: {str(e).splitlines()[0][:60]} | | |", flush=True)
            continue
        rust = py = float("inf")
        for _ in range(ROUNDS):
            rust = min(rust, _uriscan._time_column("fn:" + f["name"], [arr], 1, None, False, args))
            py = min(py, best(lambda: ua.call(f["name"], arr, *args), 1))
        worst = max(worst, py / rust)
        print(f"| `{f['name']}` | {args} | {ns(py, n):.1f} | {ns(rust, n):.1f} | {py / rust:.3f} |", flush=True)
    print(f"\nworst Python / Rust: {worst:.3f}", flush=True)


def ns(seconds: float, count: int) -> float:
    return seconds / count * 1e9


if __name__ == "__main__":
    main()
