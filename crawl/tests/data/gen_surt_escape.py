"""The data files' escapes, shared by the generators."""


def unescape(s):
    out = bytearray()
    b = s.encode("utf-8")
    i = 0
    while i < len(b):
        c = b[i:i + 1]
        if c == b"\\" and i + 1 < len(b):
            n = b[i + 1:i + 2]
            if n == b"x":
                out.append(int(b[i + 2:i + 4], 16)); i += 4; continue
            out += {b"t": b"\t", b"n": b"\n", b"r": b"\r", b"\\": b"\\"}[n]; i += 2; continue
        out += c; i += 1
    return bytes(out)


def escape(b):
    out = []
    text = b.decode("utf-8", "surrogateescape")
    for ch in text:
        o = ord(ch)
        if ch == "\\":
            out.append("\\\\")
        elif 0xDC80 <= o <= 0xDCFF:
            out.append("\\x%02X" % (o - 0xDC00))
        elif o < 0x21 or o == 0x7F:
            out.append("\\x%02X" % o)
        else:
            out.append(ch)
    return "".join(out)


def inputs(path):
    """The escaped input lines of an inputs file, comments and blank lines left out."""
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line and not line.startswith("#"):
                yield line
