#!/usr/bin/env python3
"""Writes str_methods_test_data.inc: CPython 3.11's results (or exception
type and message) for str methods and operators called with many receivers
and arguments, for str_methods_test.cpp. Run it with CPython 3.11 from this
directory to regenerate:

    python3 str_methods_test_data.py > str_methods_test_data.inc
"""
from cpp_literals import compact, sv_literal



def c_arg(v):
    return sv_literal(compact(v))


TEXTS = ["", "a", "abc", "  hello world  ", "a,b,,c", "Hello World", "hELLO wORLD", "\t x \n y \r\n",
         "abcabcabc", "caf\u00e9 \u00e9t\u00e9", "\u00df\u00e9\u0130", "\u03a3\u03b1\u03a3 \u03a3",
         "line1\nline2\r\nline3\rline4\x0bline5\x1c\u2028end\n", "12345", "\u0661\u0662", "\u00bd\u00b2",
         "MiXeD cAsE 123", "'quote'", "\"dq\"", "it's \"both\"", "tab\there", "\x00\x7f\x80\u200b\U0001f600",
         "  \u3000\u00a0ws\u2003 ", "snake_case_name", "_private", "9lives", "\u00ea\u00e9\u00e8"]

CALLS = [
    ("upper", ()), ("lower", ()), ("casefold", ()), ("swapcase", ()), ("title", ()), ("capitalize", ()),
    ("isalpha", ()), ("isdigit", ()), ("isdecimal", ()), ("isnumeric", ()), ("isalnum", ()), ("isspace", ()),
    ("isupper", ()), ("islower", ()), ("istitle", ()), ("isidentifier", ()), ("isprintable", ()), ("isascii", ()),
    ("split", ()), ("split", (None, 1)), ("split", (",",)), ("split", (",", 1)), ("split", ("abc",)),
    ("rsplit", ()), ("rsplit", (None, 1)), ("rsplit", (",", 1)), ("rsplit", ("b",)), ("split", ("",)),
    ("strip", ()), ("lstrip", ()), ("rstrip", ()), ("strip", ("a",)), ("strip", ("ac",)), ("rstrip", ("\u00e9t",)),
    ("strip", (" \u00e9",)), ("strip", (5,)),
    ("replace", ("a", "X")), ("replace", ("a", "X", 1)), ("replace", ("", "-")), ("replace", ("", "-", 2)),
    ("replace", ("\u00e9", "E")), ("replace", ("abc", "")), ("replace", ("a",)),
    ("find", ("a",)), ("find", ("b", 2)), ("find", ("c", -3, -1)), ("find", ("",)), ("find", ("", 100)),
    ("rfind", ("a",)), ("rfind", ("\u00e9",)), ("index", ("b",)), ("rindex", ("b",)), ("index", ("zz",)),
    ("count", ("a",)), ("count", ("",)), ("count", ("abc", 1)), ("count", ("", 2, 4)),
    ("startswith", ("a",)), ("startswith", (("x", "ab"),)), ("startswith", ("b", 1)), ("startswith", ("", 100)),
    ("endswith", ("c",)), ("endswith", ("ab", 0, 2)), ("endswith", (("z", "\u00e9"),)), ("startswith", (5,)),
    ("partition", (",",)), ("partition", (" ",)), ("rpartition", (",",)), ("rpartition", ("zz",)),
    ("partition", ("",)),
    ("center", (9,)), ("center", (10, "*")), ("ljust", (8, "\u00e9")), ("rjust", (8,)), ("center", (2,)),
    ("center", (6, "ab")), ("zfill", (8,)), ("zfill", (2,)),
    ("splitlines", ()), ("splitlines", (True,)), ("expandtabs", ()), ("expandtabs", (4,)), ("expandtabs", (0,)),
    ("removeprefix", ("ab",)), ("removesuffix", ("bc",)), ("removeprefix", ("",)),
    ("join", (["x", "y", "z"],)), ("join", (("a",),)), ("join", ([],)), ("join", (["x", 1],)), ("join", (5,)),
    ("__getitem__", (0,)), ("__getitem__", (-1,)), ("__getitem__", (100,)), ("__getitem__", (slice(1, None, None),)),
    ("__getitem__", (slice(None, None, -1),)), ("__getitem__", (slice(0, 10, 2),)), ("__getitem__", (slice(-3, -1, None),)),
    ("__getitem__", (slice(None, None, 0),)), ("__getitem__", ("x",)),
    ("__contains__", ("a",)), ("__contains__", ("",)), ("__contains__", ("\u00e9t",)), ("__contains__", (1,)),
    ("__add__", ("!",)), ("__add__", (1,)), ("__mul__", (3,)), ("__mul__", (0,)), ("__mul__", (-1,)),
    ("__rmul__", (2,)),
    ("__eq__", ("abc",)), ("__ne__", ("abc",)), ("__lt__", ("b",)), ("__le__", ("abc",)), ("__gt__", ("\u00e9",)),
    ("__ge__", ("a",)), ("__eq__", (1,)), ("__len__", ()), ("__hash__", ()), ("__repr__", ()), ("__str__", ()),
    ("__format__", ("",)), ("__format__", (">10",)), ("__format__", ("^9.2",)),
    ("translate", ({97: "A", 98: None, 99: 67},)), ("upper", (1,)),
]

FORMATS = [
    ("{} and {}", (1, "x"), {}), ("{0}{1}{0}", ("a", "b"), {}), ("{name}!", (), {"name": "Bob"}),
    ("{:>8}|{:<8}|{:^8}", ("r", "l", "c"), {}), ("{:08.3f}", (3.14159,), {}), ("{:,}", (1234567,), {}),
    ("{!r} {!s} {!a}", ("\u00e9", "\u00e9", "\u00e9"), {}), ("{0[0]}{0[1]}", ("xy",), {}),
    ("{0.real}", (5,), {}), ("{:{}}", ("abc", 6), {}), ("{:{w}.{p}}", (3.14159,), {"w": 10, "p": 3}),
    ("{{}} {{{0}}}", (7,), {}), ("{", (), {}), ("}", (), {}), ("{0", (1,), {}), ("{!}", (1,), {}),
    ("{0!x}", (1,), {}), ("{0!rx}", (1,), {}), ("{0}{}", (1, 2), {}), ("{}{0}", (1, 2), {}),
    ("{2}", (1, 2), {}), ("{x}", (), {}), ("{0.}", (1,), {}), ("{0[}", ([1],), {}), ("{0[0]x}", ([5],), {}),
    ("{0:{1:{2}}}", (1, 2, 3), {}), ("{:d}", ("a",), {}), ("{:x}", (255,), {}), ("{:b}", (True,), {}),
    ("{}", (True,), {}), ("{}", (None,), {}), ("{:>5}", (None,), {}), ("{}", ([1, "a"],), {}),
    ("{}", (1.0,), {}), ("{:.2%}", (0.256,), {}), ("{:e}", (12345,), {}), ("{0[a]}", ({"a": 9},), {}),
    ("{0[1]}", ({1: "int", "1": "str"},), {}), ("{ 0}", (), {}), ("{0:}}", (1,), {}), ("{:{}}}", (1, 2), {}),
    ("{0!r:>10}", ("x",), {}), ("{\u00e9}", (), {"\u00e9": 1}),
]

PERCENT = [
    ("%s", 1), ("%s %s", (1, 2)), ("%d", 3.7), ("%i", True), ("%5d|%-5d|", (42, 42)), ("%05d", -42),
    ("%+d % d", (5, 5)), ("%x %X %o", (255, 255, 8)), ("%#x %#X %#o", (255, 255, 8)), ("%.3d", 5),
    ("%#.3x", 5), ("%c%c", (65, "\u00e9")), ("%r", "x"), ("%a", "\u00e9"), ("%5.1s|", "abc"),
    ("%-6s|", "\u00e9t\u00e9"), ("%.2f", 3.14159), ("%10.3e", 12345.678), ("%g %G", (1e20, 1e-20)),
    ("%#.0e %#.0f", (5, 5)), ("%F", float("inf")), ("%05f", float("inf")), ("%05.1f", -2.5),
    ("%*d", (5, 1)), ("%-*d|", (5, 1)), ("%.*f", (2, 3.14159)), ("%(a)s-%(b)r", {"a": 1, "b": "z"}),
    ("%%", ()), ("%s%%", 50), ("%s", ()), ("%s %s", (1,)), ("%s", (1, 2)), ("abc", 5), ("abc", ()),
    ("abc", []), ("%s", []), ("%(a)s", 1), ("%(a)s", {}), ("%z", 1), ("%", 1), ("%d", "a"), ("%x", 1.5),
    ("%c", "ab"), ("%c", 1.5), ("%c", 1114112), ("%.2f", "x"), ("%(a", {}), ("%s", None), ("%5%", ()),
    ("%ld", 5), ("%u", -3), ("%d", 2**62), ("% 05d", 3), ("%-05d|", 3), ("%+.2e", 1.5), ("%e", 1),
]


def outcome(fn):
    try:
        return repr(fn()), ""
    except Exception as e:  # noqa: BLE001 - every exception is data here
        return str(e), type(e).__name__


def main():
    out = ["// Generated by str_methods_test_data.py from CPython 3.11. Do not edit.", "// clang-format off",
           "static constexpr MethodCase kMethodCases[] = {"]
    for text in TEXTS:
        for name, args in CALLS:
            result, err = outcome(lambda: getattr(text, name)(*args))
            out.append("  {%s, %s, %s, %s, %s}," % (sv_literal(name), sv_literal(text), c_arg(tuple(args)),
                                                    sv_literal(result), sv_literal(err)))
    out.append("};")
    out.append("static constexpr FormatCallCase kFormatCalls[] = {")
    for fmt, args, kwargs in FORMATS:
        result, err = outcome(lambda: fmt.format(*args, **kwargs))
        out.append("  {%s, %s, %s, %s, %s}," % (sv_literal(fmt), c_arg(tuple(args)), c_arg(kwargs),
                                                sv_literal(result), sv_literal(err)))
    out.append("};")
    out.append("static constexpr PercentCase kPercentCases[] = {")
    for fmt, args in PERCENT:
        result, err = outcome(lambda: fmt % args)
        out.append("  {%s, %s, %s, %s}," % (sv_literal(fmt), c_arg(args), sv_literal(result), sv_literal(err)))
    out.append("};")
    out.append("// clang-format on")
    print("\n".join(out))


if __name__ == "__main__":
    main()
