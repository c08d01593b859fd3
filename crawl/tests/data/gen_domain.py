#!/usr/bin/env python3
"""Writes domain.txt from domain_inputs.txt with tldextract's bundled list snapshot.

Run by hand (needs `pip install tldextract`); suffix_list_urls=() means no network fetch.
    python3 crawl/tests/data/gen_domain.py
"""
import os
import sys
from importlib.metadata import version

import tldextract

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from gen_surt_escape import inputs, unescape  # noqa: E402

extractors = {
    "icann": tldextract.TLDExtract(suffix_list_urls=(), cache_dir=None, include_psl_private_domains=False),
    "private": tldextract.TLDExtract(suffix_list_urls=(), cache_dir=None, include_psl_private_domains=True),
}
rows = []
for line in inputs(os.path.join(HERE, "domain_inputs.txt")):
    host = unescape(line).decode("utf-8")
    for name, ex in extractors.items():
        r = ex(host)
        rows.append((name, line, r.subdomain, r.domain, r.suffix))
with open(os.path.join(HERE, "domain.txt"), "w", encoding="utf-8") as f:
    f.write(f"""# Produced by tldextract=={version('tldextract')} (its bundled Public Suffix List snapshot, no
# network fetch: TLDExtract(suffix_list_urls=(), cache_dir=None, include_psl_private_domains=...))
# on the hosts of domain_inputs.txt, by gen_domain.py. Columns, tab-separated:
# sections (icann: ICANN rules only; private: both sections), host, subdomain, domain, suffix.
""")
    for r in rows:
        f.write("\t".join(r) + "\n")
