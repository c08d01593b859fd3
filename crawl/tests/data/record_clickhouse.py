#!/usr/bin/env python3
"""The ClickHouse oracle: asks ClickHouse (in-process, through the `chdb` package from PyPI)
every URL function of the ClickHouse family on the inputs files, and writes its answers into
the data files the tests read.

    python3 -m venv venv && venv/bin/pip install chdb==4.4.0     # ClickHouse 26.9.2.1
    venv/bin/python crawl/tests/data/record_clickhouse.py             # rewrites the data files
    venv/bin/python crawl/tests/data/record_clickhouse.py --generate  # first rewrites the generated inputs
    venv/bin/python crawl/tests/data/record_clickhouse.py --tld-list PSL_FILE...  # crawl/src/clickhouse_tld.rs

| inputs file                          | data file                     |
| clickhouse_url_inputs.txt            | clickhouse_url.txt            |
| clickhouse_url_fns_inputs.txt        | clickhouse_url_fns.txt        |
| clickhouse_quirks_inputs.txt         | clickhouse_quirks.txt         |
| clickhouse_generated_inputs.txt      | clickhouse_generated.txt      |

Every function of FUNCTIONS runs on every input (the URL functions on the inputs that are
UTF-8; the encoding functions on all). A comment line of an inputs file is copied into the data
file before the rows of the inputs that follow it, so a `# quirk NAME: ...` line stands beside
the rows that show the quirk. The tests (crawl/tests/clickhouse.rs) read the data files only;
they never run Python or ClickHouse. Results are fetched as hex, so every byte is exact.
"""
import datetime
import os
import random
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from gen_surt_escape import escape, unescape  # noqa: E402

# (label, SQL with `u` for the input, kind): kind is "str", "list" or "num". A label is the
# function's name with its arguments after `/` (comma-separated), as the tests and
# crawl/examples/function_answers.rs read it.
FUNCTIONS = [
    ("protocol", "protocol(u)", "str"),
    ("domain", "domain(u)", "str"),
    ("domainWithoutWWW", "domainWithoutWWW(u)", "str"),
    ("topLevelDomain", "topLevelDomain(u)", "str"),
    ("firstSignificantSubdomain", "firstSignificantSubdomain(u)", "str"),
    ("cutToFirstSignificantSubdomain", "cutToFirstSignificantSubdomain(u)", "str"),
    ("cutToFirstSignificantSubdomainWithWWW", "cutToFirstSignificantSubdomainWithWWW(u)", "str"),
    ("port", "port(u)", "num"),
    ("port/443", "port(u, 443)", "num"),
    ("path", "path(u)", "str"),
    ("pathFull", "pathFull(u)", "str"),
    ("netloc", "netloc(u)", "str"),
    ("queryString", "queryString(u)", "str"),
    ("fragment", "fragment(u)", "str"),
    ("queryStringAndFragment", "queryStringAndFragment(u)", "str"),
    ("extractURLParameter/param1", "extractURLParameter(u, 'param1')", "str"),
    ("extractURLParameter/x", "extractURLParameter(u, 'x')", "str"),
    ("extractURLParameter/q", "extractURLParameter(u, 'q')", "str"),
    ("extractURLParameter/a", "extractURLParameter(u, 'a')", "str"),
    ("extractURLParameters", "extractURLParameters(u)", "list"),
    ("extractURLParameterNames", "extractURLParameterNames(u)", "list"),
    ("URLHierarchy", "URLHierarchy(u)", "list"),
    ("URLPathHierarchy", "URLPathHierarchy(u)", "list"),
    ("cutWWW", "cutWWW(u)", "str"),
    ("cutQueryString", "cutQueryString(u)", "str"),
    ("cutFragment", "cutFragment(u)", "str"),
    ("cutQueryStringAndFragment", "cutQueryStringAndFragment(u)", "str"),
    ("cutURLParameter/a", "cutURLParameter(u, 'a')", "str"),
    ("cutURLParameter/x", "cutURLParameter(u, 'x')", "str"),
    ("cutURLParameter/c,e", "cutURLParameter(u, ['c', 'e'])", "str"),
    ("cutURLParameter/x,q", "cutURLParameter(u, ['x', 'q'])", "str"),
    ("domainRFC", "domainRFC(u)", "str"),
    ("domainWithoutWWWRFC", "domainWithoutWWWRFC(u)", "str"),
    ("topLevelDomainRFC", "topLevelDomainRFC(u)", "str"),
    ("firstSignificantSubdomainRFC", "firstSignificantSubdomainRFC(u)", "str"),
    ("cutToFirstSignificantSubdomainRFC", "cutToFirstSignificantSubdomainRFC(u)", "str"),
    ("cutToFirstSignificantSubdomainWithWWWRFC", "cutToFirstSignificantSubdomainWithWWWRFC(u)", "str"),
    ("portRFC", "portRFC(u)", "num"),
    ("portRFC/443", "portRFC(u, 443)", "num"),
]
# ClickHouse's `...Custom` functions with the suffix list clickhouse_custom_tld.dat (named
# `custom` in the configuration record_clickhouse.py gives ClickHouse). They are not in the
# function set (they take a list name), so only the data files and the tests have them.
CUSTOM_LIST = "clickhouse_custom_tld.dat"
CUSTOM_FUNCTIONS = [
    (f"{name}/custom", f"{name}(u, 'custom')", "str")
    for name in [
        "firstSignificantSubdomainCustom",
        "cutToFirstSignificantSubdomainCustom",
        "cutToFirstSignificantSubdomainCustomWithWWW",
        "firstSignificantSubdomainCustomRFC",
        "cutToFirstSignificantSubdomainCustomRFC",
        "cutToFirstSignificantSubdomainCustomWithWWWRFC",
    ]
]
# The encoding functions read any bytes.
BYTE_FUNCTIONS = [
    ("encodeURLComponent", "encodeURLComponent(u)", "str"),
    ("encodeURLFormComponent", "encodeURLFormComponent(u)", "str"),
    ("decodeURLComponent", "decodeURLComponent(u)", "str"),
    ("decodeURLFormComponent", "decodeURLFormComponent(u)", "str"),
]

DATA_FILES = [
    ("clickhouse_url_inputs.txt", "clickhouse_url.txt"),
    ("clickhouse_url_fns_inputs.txt", "clickhouse_url_fns.txt"),
    ("clickhouse_quirks_inputs.txt", "clickhouse_quirks.txt"),
    ("clickhouse_generated_inputs.txt", "clickhouse_generated.txt"),
]


def is_utf8(b):
    try:
        b.decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


_CONNECTION = None


def query(sql):
    """Runs `sql` in ClickHouse (one in-process server, configured with the custom suffix list)
    and gives its TSVRaw output."""
    global _CONNECTION
    import chdb

    if _CONNECTION is None:
        config = os.path.join(tempfile.mkdtemp(), "config.xml")
        with open(config, "w") as f:
            f.write(
                "<clickhouse><top_level_domains_path>%s/</top_level_domains_path>"
                "<top_level_domains_lists><custom>%s</custom></top_level_domains_lists></clickhouse>\n"
                % (HERE, CUSTOM_LIST)
            )
        _CONNECTION = chdb.connect(f":memory:?config-file={config}")
    return _CONNECTION.query(sql, "TSVRaw").data()


def version():
    import chdb

    return f"ClickHouse {query('SELECT version()').strip()} (chdb {chdb.__version__})"


def answers(inputs, functions):
    """ClickHouse's answers: for each input (bytes), one value per function (bytes for a
    string, a list of bytes for a list, an int for a number)."""
    if not inputs:
        return []
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "inputs.tsv")
        with open(path, "w") as f:
            for i, b in enumerate(inputs):
                f.write(f"{i}\t{b.hex()}\n")
        columns = []
        for i, (_, sql, kind) in enumerate(functions):
            if kind == "list":
                # `[` then `,HEX` per element: [] is `[`, [''] is `[,`.
                columns.append(f"concat('[', arrayStringConcat(arrayMap(x -> concat(',', hex(x)), {sql}))) AS c{i}")
            elif kind == "num":
                columns.append(f"toString({sql}) AS c{i}")
            else:
                columns.append(f"hex({sql}) AS c{i}")
        sql = (
            f"SELECT n, {', '.join(columns)} FROM "
            f"(SELECT n, unhex(h) AS u FROM file('{path}', 'TSV', 'n UInt32, h String')) ORDER BY n"
        )
        text = query(sql)
    rows = []
    for line in text.splitlines():
        cells = line.split("\t")[1:]
        row = []
        for (_, _, kind), cell in zip(functions, cells):
            if kind == "list":
                row.append([bytes.fromhex(x) for x in cell[1:].split(",")[1:]])
            elif kind == "num":
                row.append(int(cell))
            else:
                row.append(bytes.fromhex(cell))
        rows.append(row)
    assert len(rows) == len(inputs), (len(rows), len(inputs))
    return rows


def read_inputs(path):
    """The lines of an inputs file: ("comment", text) or ("input", escaped text)."""
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line:
                continue
            yield ("comment", line) if line.startswith("#") else ("input", line)


def record(inputs_name, data_name, when):
    lines = list(read_inputs(os.path.join(HERE, inputs_name)))
    raw = [unescape(text) for kind, text in lines if kind == "input"]
    url_inputs = [b for b in raw if is_utf8(b)]
    url_answers = dict(zip(url_inputs, answers(url_inputs, FUNCTIONS + CUSTOM_FUNCTIONS)))
    byte_answers = dict(zip(raw, answers(raw, BYTE_FUNCTIONS)))
    out = [
        f"# Produced by {version()} on {when}, by record_clickhouse.py from {inputs_name}",
        "# (inputs written for this project). Columns, tab-separated: function (its arguments after",
        "# `/`), input, then the answer: one column for a string, one per element for an array (none",
        "# for an empty array), a number in decimal. Escapes as in surt.txt. Comment lines are the",
        "# inputs file's: a `# quirk NAME` line names the ClickHouse quirk its rows show.",
    ]
    # The inputs file's own header (its first line, or its first lines up to a bare `#`) says
    # what it is; the data file's header replaces it.
    leading = 0
    while leading < len(lines) and lines[leading][0] == "comment":
        leading += 1
    bare = [i for i in range(leading) if lines[i][1] == "#"]
    skip = bare[0] + 1 if bare else 1
    for kind, text in lines[skip:]:
        if kind == "comment":
            out.append(text)
            continue
        b = unescape(text)
        labelled = []
        if b in url_answers:
            labelled += zip(FUNCTIONS + CUSTOM_FUNCTIONS, url_answers[b])
        labelled += zip(BYTE_FUNCTIONS, byte_answers[b])
        for (label, _, kind_), value in labelled:
            if kind_ == "list":
                cells = [escape(v) for v in value]
            elif kind_ == "num":
                cells = [str(value)]
            else:
                cells = [escape(value)]
            out.append("\t".join([label, text] + cells))
    with open(os.path.join(HERE, data_name), "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    print(f"{data_name}: {sum(1 for k, _ in lines if k == 'input')} inputs", file=sys.stderr)


# --- generated adversarial inputs -------------------------------------------------------------

SCHEMES = ["http", "https", "HTTP", "ftp", "svn+ssh", "a.b-c", "9x", "x", "file", "mailto", "data",
           "averyveryverylongscheme", "h\u00e9", ""]
HOSTS = ["example.com", "www.example.com", "a.b.co.uk", "www.fpl.fs.fed.us", "localhost", "www.", "www.a",
         "1.2.3.4", "[::1]", "[2001:db8::1]", "[::ffff:1.2.3.4]", "[v1.x]", "a..b", ".a.com", "a.com.",
         "xn--bcher-kva.example", "b\u00fccher.de", "ex_ample.com", "a%2eb.com", "WWW.Example.COM",
         "news.clickhouse.com.tr", "foo.blogspot.com", "a.b.c.d.e.f", "com", "a.b", "www.www.a.com",
         "x.github.io", "co.uk", "com.tr", "a.com:", "", "a-.com", "a.com~", "a;b.com"]
USERINFO = ["", "", "", "u@", "u:p@", "u:p@q@", ":@", "a b@", "u;x@", "us%20er@", "@"]
PORTS = ["", "", "", ":80", ":8080", ":", ":0", ":65535", ":65536", ":99999999", ":8a", ":-1", ": 80", "::80",
         ":80:81"]
PATH_PARTS = ["", "a", "b", "..", ".", "%2F", "x.html", "a b", "\u00e9", "~u", ";p=1", "@", ":", "www.x",
              "?", "#", "//", "a.b"]
PARAMS = ["a=1", "x=2", "q=3", "c=4", "e=5", "param1=v", "a", "x", "", "=1", "a=", "x=1=2", "q=%20+",
          "a&amp;b=1", "x=1?q=2", "a=1#x=2", "c=d", "e", "xx=1", "ax=1", "%61=1"]
FRAGMENTS = ["", "f", "x=1", "a?b", "a/b?c", "q=1&x=2", "#", "/p?x=1", "a=1&c=2"]


def generate(seed=26_9, n=300):
    """Adversarial URLs: the parts ClickHouse's readers look at, mixed."""
    rnd = random.Random(seed)
    out = []
    seen = set()
    while len(out) < n:
        scheme = rnd.choice(SCHEMES)
        sep = rnd.choice(["://", "://", "://", ":", ":/", "//", ":///", ""])
        url = (scheme + sep if scheme or sep == "//" else "") + rnd.choice(USERINFO) + rnd.choice(HOSTS)
        url += rnd.choice(PORTS)
        for _ in range(rnd.choice([0, 1, 1, 2, 3])):
            url += "/" + rnd.choice(PATH_PARTS)
        if rnd.random() < 0.6:
            url += "?" + "&".join(rnd.choice(PARAMS) for _ in range(rnd.choice([0, 1, 2, 3, 4])))
        if rnd.random() < 0.4:
            url += "#" + rnd.choice(FRAGMENTS)
        if rnd.random() < 0.1:
            i = rnd.randrange(len(url) + 1)
            url = url[:i] + rnd.choice(" \t<>%{}|\\^~[];=&@:/?#.") + url[i:]
        if url not in seen:
            seen.add(url)
            out.append(url)
    return out


def write_generated(seed=26_9, n=300):
    with open(os.path.join(HERE, "clickhouse_generated_inputs.txt"), "w", encoding="utf-8") as f:
        f.write(f"# Inputs generated by record_clickhouse.py --generate (seed {seed}, {n} URLs): the parts\n")
        f.write("# ClickHouse's URL readers look at (schemes, userinfo, hosts, ports, paths, parameters,\n")
        f.write("# fragments, a stray delimiter), mixed. Escapes as in surt_inputs.txt.\n#\n")
        for url in generate(seed, n):
            line = escape(url.encode("utf-8"))
            # A line starting with `#` would be a comment.
            f.write(("\\x23" + line[1:] if line.startswith("#") else line) + "\n")


# --- ClickHouse's list of two-label public suffixes ------------------------------------------

def psl_two_label_rules(path):
    """The rules of a Public Suffix List file with exactly one dot, as written (`co.uk`, `*.ck`,
    `!www.ck`): the shape of the list ClickHouse compiles into its first-significant-subdomain
    lookup."""
    rules = set()
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("//") and line.split()[0].count(".") == 1:
                rules.add(line.split()[0])
    return rules


def write_tld_list(psl_files):
    """Asks ClickHouse which candidate (every one-dot rule of the given Public Suffix List
    copies) its lookup holds: `firstSignificantSubdomain('http://x.zqzq.CANDIDATE/')` is `zqzq`
    exactly when it does. Writes the ones it holds to crawl/src/clickhouse_tld.rs."""
    candidates = sorted(set().union(*(psl_two_label_rules(p) for p in psl_files)), key=lambda s: s.encode())
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "candidates.tsv")
        with open(path, "w") as f:
            for i, c in enumerate(candidates):
                f.write(f"{i}\t{c.encode().hex()}\n")
        text = query(
            "SELECT n FROM file('%s', 'TSV', 'n UInt32, h String') WHERE "
            "firstSignificantSubdomain(concat('http://x.zqzq.', unhex(h), '/')) = 'zqzq' ORDER BY n" % path
        )
    held = [candidates[int(n)] for n in text.split()]
    target = os.path.join(HERE, "..", "..", "src", "clickhouse_tld.rs")
    with open(target, "w", encoding="utf-8") as f:
        f.write("// DO NOT EDIT: written by crawl/tests/data/record_clickhouse.py --tld-list")
        f.write(" (%d candidate files)\n" % len(psl_files))
        f.write(f"// from {version()} on {datetime.date.today().isoformat()}.\n")
        f.write("//! The two-label suffixes ClickHouse's `firstSignificantSubdomain` looks up (its list is\n")
        f.write("//! the Public Suffix List's rules with exactly one dot, taken literally: `*.ck` and\n")
        f.write("//! `!www.ck` are strings, not patterns). Found by asking ClickHouse about every one-dot\n")
        f.write(f"//! rule of the Public Suffix List copies at hand ({len(candidates)} candidates); a rule of its\n")
        f.write("//! list that none of those copies has is missing here. Sorted by bytes.\n\n")
        f.write(f"/// {len(held)} suffixes, sorted by bytes (for a binary search).\n")
        f.write("pub(crate) static TWO_LABEL_SUFFIXES: &[&str] = &[\n")
        for h in held:
            f.write(f"    \"{h}\",\n")
        f.write("];\n")
    print(f"clickhouse_tld.rs: {len(held)} of {len(candidates)} candidates", file=sys.stderr)


def main():
    if "--tld-list" in sys.argv[1:]:
        write_tld_list([a for a in sys.argv[1:] if a != "--tld-list"])
        return
    if "--generate" in sys.argv[1:]:
        write_generated()
    when = datetime.date.today().isoformat()
    for inputs_name, data_name in DATA_FILES:
        record(inputs_name, data_name, when)


if __name__ == "__main__":
    main()
