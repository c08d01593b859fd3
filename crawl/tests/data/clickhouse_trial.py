#!/usr/bin/env python3
"""A trial, not a test: how often the ClickHouse family of uriscan-crawl agrees with ClickHouse
(chdb) on URLs this project did not write. Needs chdb (see record_clickhouse.py) and cargo.

    URISCAN_BENCH_DATA=../shared/data venv/bin/python crawl/tests/data/clickhouse_trial.py corpora
    venv/bin/python crawl/tests/data/clickhouse_trial.py fuzz 20000 [SEED]   # random URLs
    venv/bin/python crawl/tests/data/clickhouse_trial.py file FILE            # one input a line

`corpora` reads kasztp.txt, node_files.txt, isaacs_files.txt and both columns of
relative_urls_cc_10k.csv (the Common Crawl pairs, header left out) from URISCAN_BENCH_DATA and
prints, per function, the share of rows where both answers are equal byte for byte. The other
modes print the inputs where they differ (a few per function). Our answers come from
crawl/examples/function_answers.rs (the function set, as `uriscan fn` and SQL call it).
"""
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
sys.path.insert(0, HERE)
from record_clickhouse import BYTE_FUNCTIONS, FUNCTIONS, answers, generate, is_utf8, version  # noqa: E402

ALL = FUNCTIONS + BYTE_FUNCTIONS


def encode(kind, value):
    """ClickHouse's answer in function_answers' output form."""
    if kind == "list":
        return "[" + "".join("," + v.hex() for v in value)
    if kind == "num":
        return str(value)
    return value.hex()


def ours(inputs, functions):
    cmd = ["cargo", "run", "-q", "--release", "-p", "uriscan-crawl", "--example", "function_answers", "--"]
    cmd += [label for label, _, _ in functions]
    stdin = "".join(b.hex() + "\n" for b in inputs)
    out = subprocess.run(cmd, input=stdin, capture_output=True, text=True, cwd=ROOT, check=True).stdout
    rows = [line.split("\t") for line in out.splitlines()]
    assert len(rows) == len(inputs)
    return rows


def compare(inputs, functions=ALL):
    """Per function: (rows compared, rows equal, [(input, clickhouse, ours)] where they differ)."""
    inputs = [b for b in inputs if is_utf8(b)]
    theirs = answers(inputs, functions)
    mine = ours(inputs, functions)
    result = []
    for i, (label, _, kind) in enumerate(functions):
        diffs = []
        for b, t, m in zip(inputs, theirs, mine):
            if encode(kind, t[i]) != m[i]:
                diffs.append((b, t[i], m[i]))
        result.append((label, len(inputs), len(inputs) - len(diffs), diffs))
    return result


def show(value, kind="str"):
    """A value for people: ClickHouse's (bytes, list, int) or ours (function_answers' text)."""
    if isinstance(value, bytes):
        return repr(value.decode("utf-8", "backslashreplace"))
    if isinstance(value, list):
        return "[" + ", ".join(show(v) for v in value) + "]"
    if isinstance(value, str) and value != "NULL" and kind == "list":
        return show([bytes.fromhex(x) for x in value[1:].split(",")[1:]])
    if isinstance(value, str) and value != "NULL" and kind == "str":
        return show(bytes.fromhex(value))
    return str(value)


def print_diffs(results, per_function=5):
    kinds = {label: kind for label, _, kind in ALL}
    bad = 0
    for label, n, equal, diffs in results:
        if not diffs:
            continue
        bad += 1
        print(f"{label}: {len(diffs)} of {n} differ")
        for b, t, m in diffs[:per_function]:
            print(f"  {show(b)}\n    clickhouse {show(t)}\n    ours       {show(m, kinds[label])}")
    print(f"{bad} functions differ on some input" if bad else "every function agrees on every input")


def corpora():
    data = os.environ.get("URISCAN_BENCH_DATA")
    if not data:
        sys.exit("URISCAN_BENCH_DATA must name the corpora's directory")
    sets = []
    for name in ["kasztp.txt", "node_files.txt", "isaacs_files.txt"]:
        with open(os.path.join(data, name), "rb") as f:
            sets.append((name, [line for line in f.read().split(b"\n") if line]))
    with open(os.path.join(data, "relative_urls_cc_10k.csv"), "rb") as f:
        pairs = [line.split(b",", 1) for line in f.read().split(b"\n")[1:] if line]
    sets.append(("cc base", [p[0] for p in pairs]))
    sets.append(("cc relative", [p[1] for p in pairs if len(p) == 2]))
    table = {}
    examples = {}
    for name, lines in sets:
        for label, n, equal, diffs in compare(lines):
            table.setdefault(label, []).append((n, equal))
            examples.setdefault(label, []).extend(diffs[:2])
    print(f"Agreement with {version()}, share of rows with equal answers:\n")
    print("| function | " + " | ".join(name for name, _ in sets) + " |")
    print("|---|" + "---|" * len(sets))
    for label, cells in table.items():
        print(f"| {label} | " + " | ".join(f"{100 * e / n:.2f} %" if n else "-" for n, e in cells) + " |")
    if "--examples" in sys.argv:
        for label, ex in examples.items():
            kind = next(k for lab, _, k in ALL if lab == label)
            for b, t, m in ex[:4]:
                print(f"{label}\t{show(b)}\tclickhouse {show(t)}\tours {show(m, kind)}")


# Bytes the readers look at, and some they do not.
ALPHABET = b"/:?#@.&=[];%~+-_ \t<>{}|\\^wwwWabcxqz0189" + b"\x00\x01\x7f" + "\u00e9".encode()


def fuzz(n, seed):
    rnd = random.Random(seed)
    urls = [u.encode("utf-8") for u in generate(seed, n)]
    # Short strings over ALPHABET (cut back to UTF-8 where a cut split a character).
    for _ in range(n):
        s = bytes(rnd.choice(ALPHABET) for _ in range(rnd.randrange(0, 24)))
        urls.append(s.decode("utf-8", "ignore").encode())
    # The same after a start the readers branch on.
    starts = [b"http://", b"//", b"https://u:p@", b"http://[", b"http://u@[", b"x://", b"ab.cd:", b"file:///", b"hb://"]
    for _ in range(n):
        s = rnd.choice(starts) + bytes(rnd.choice(ALPHABET) for _ in range(rnd.randrange(0, 24)))
        urls.append(s.decode("utf-8", "ignore").encode())
    # And mutations: a byte dropped, doubled or replaced by a delimiter.
    for u in list(urls):
        i = rnd.randrange(len(u) + 1)
        urls.append(u[:i] + bytes([rnd.choice(b"/?#@:.&=[]%;~ ")]) + u[i:])
        if u:
            j = rnd.randrange(len(u))
            urls.append(u[:j] + u[j + 1:])
    print_diffs(compare(urls))


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else "corpora"
    if mode == "corpora":
        corpora()
    elif mode == "fuzz":
        fuzz(int(sys.argv[2]) if len(sys.argv) > 2 else 5000, int(sys.argv[3]) if len(sys.argv) > 3 else 1)
    elif mode == "file":
        with open(sys.argv[2], "rb") as f:
            print_diffs(compare([line for line in f.read().split(b"\n") if line]))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
