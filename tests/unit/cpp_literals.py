"""C++ literals and the compact value encoding for the *_test_data.py
generators of this folder (imported from beside them: run the generators from
this directory)."""


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


def compact(v):
    """A value in the tests' compact text encoding (decode_next() in test_support.h
    reads it back)."""
    if v is None:
        return "N"
    if isinstance(v, bool):
        return "B1" if v else "B0"
    if isinstance(v, int):
        return "I%d;" % v
    if isinstance(v, float):
        return "F%s;" % (repr(v) if v != v or v in (float("inf"), float("-inf")) else v.hex())
    if isinstance(v, str):
        return "S%d:%s" % (len(v.encode("utf-8", "surrogatepass")), v)
    if isinstance(v, tuple):
        return "T%d;" % len(v) + "".join(compact(x) for x in v)
    if isinstance(v, list):
        return "L%d;" % len(v) + "".join(compact(x) for x in v)
    if isinstance(v, dict):
        return "D%d;" % len(v) + "".join(compact(k) + compact(x) for k, x in v.items())
    if isinstance(v, slice):
        return "X" + compact(v.start) + compact(v.stop) + compact(v.step)
    raise TypeError(v)
