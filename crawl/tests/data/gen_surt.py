#!/usr/bin/env python3
"""Writes surt.txt from surt_inputs.txt by running the reference `surt` package.

Run by hand (needs `pip install surt==0.3.1`; no network is used by surt itself):
    python3 crawl/tests/data/gen_surt.py
The tests read surt.txt only; they never run Python.
"""
import os
import re
import sys

import surt
from surt import DefaultIAURLCanonicalizer
from surt.handyurl import handyurl

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_surt_escape import escape, inputs, unescape  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

OPTION_SETS = {
    "-": {},
    "with_scheme": {"with_scheme": True},
    "with_scheme,no_massage,trailing_comma,no_reverse_ip": {
        "with_scheme": True, "host_massage": False, "trailing_comma": True, "reverse_ipaddr": False},
    "no_reverse_ip": {"reverse_ipaddr": False},
}


def run(fn):
    try:
        return escape(fn())
    except Exception as e:  # the reference raises on some dirty lines
        return "!" + type(e).__name__


def main():
    version = getattr(surt, "__version__", None)
    if version is None:
        from importlib.metadata import version as v
        version = v("surt")
    rows = []
    for line in inputs(os.path.join(HERE, "surt_inputs.txt")):
        raw = unescape(line)
        for name, opts in OPTION_SETS.items():
            rows.append((name, escape(raw), run(lambda: surt.surt(raw, **opts))))
        if raw and not raw.startswith(b"filedesc"):
            rows.append(("canon", escape(raw), run(
                lambda: DefaultIAURLCanonicalizer.canonicalize(handyurl.parse(raw)).geturl_bytes())))
    with open(os.path.join(HERE, "surt.txt"), "w", encoding="utf-8") as f:
        f.write(f"""# Produced by running surt=={version}'s `surt.surt(url, **options)` (Python {sys.version.split()[0]})
# on the inputs of surt_inputs.txt (written for this project), by gen_surt.py.
# Columns, tab-separated: options, input, expected key.
#   options: `-` (defaults), or names: with_scheme, no_massage (host_massage=False),
#   trailing_comma, no_reverse_ip (reverse_ipaddr=False); `canon` is the canonical URL
#   (DefaultIAURLCanonicalizer.canonicalize(handyurl.parse(url)).geturl_bytes()).
#   input/expected escapes: \\xHH for bytes below 0x21, 0x7F and bytes that are not UTF-8; \\\\ for \\.
#   expected `!Name`: the reference raises exception Name (the crate's key is in surt_differences.txt).
""")
        for r in rows:
            f.write("\t".join(r) + "\n")


main()
