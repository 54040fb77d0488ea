"""C++ literals for the *_test_data.py generators of this folder (imported
from beside them: run the generators from this directory)."""


def sv_literal(s):
    """A C++ string literal for s's UTF-8 bytes (octal escapes never run on),
    wrapped in SV() so embedded NULs survive."""
    out = []
    for b in s.encode("utf-8", "surrogatepass"):
        c = chr(b)
        if c == '"' or c == "\\":
            out.append("\\" + c)
        elif 32 <= b < 127:
            out.append(c)
        else:
            out.append("\\%03o" % b)
    return 'SV("' + "".join(out) + '")'
