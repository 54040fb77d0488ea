#!/usr/bin/env python3
"""Writes number_format_test_data.inc: what CPython 3.11 answers for format()
specs on ints, floats and strs, float repr, int()/float() parsing, and the
arithmetic helpers of number_ops.h, for number_format_test.cpp to compare
against. Run it with CPython 3.11 from this directory to regenerate:

    python3 number_format_test_data.py > number_format_test_data.inc
"""
import math
import random

from cpp_literals import compact, sv_literal


def c_int(v):
    v = int(v)
    return "(-9223372036854775807LL - 1)" if v == -(2**63) else "%dLL" % v


def c_double(x):
    if math.isnan(x):
        return "kNaN"
    if math.isinf(x):
        return "kInf" if x > 0 else "-kInf"
    return x.hex()


def outcome(fn):
    """(result text, error type name) of calling fn."""
    try:
        return fn(), ""
    except Exception as e:  # noqa: BLE001 - every exception is data here
        return str(e), type(e).__name__


INTS = [0, 1, -1, 7, -7, 42, 255, -255, 1000, 1234567, -1234567, 65, 2**31, 2**53 + 1,
        2**63 - 1, -(2**63), 10**18, True, False]
FLOATS = [0.0, -0.0, 1.0, -1.0, 0.5, 1.5, 2.5, -2.5, 0.125, 0.375, 3.14159265358979, 1e16, 1e15,
          1e-5, 1e-4, 123456.789, 1234567.5, 1e22, 1e100, 1e300, 5e-324, 2.2250738585072014e-308,
          1.7976931348623157e308, 0.1, 0.2, 0.3, 1 / 3, 2 / 3, 100.0, 9.995, 0.005, 1e-7,
          float("inf"), float("-inf"), float("nan"), 12345678901234567890.0, -0.0001]
STRS = ["", "a", "abc", "hello world", "\u00e9t\u00e9", "\u20ac", "\U0001f600x"]
INT_SPECS = ["", "d", "5", "<5", "^7", ">7", "=7", "*^9", "+", " ", "-", "+5", "05", "010", "#x", "#X",
             "#o", "#b", "x", "X", "o", "b", "c", "n", ",", "_", "010,", "012_", "#_b", "#012_x", ",d",
             "e", ".2e", "f", ".3f", "g", "%", ".1%", "E", "G", "F", ".2", "z", "s", "x.", "abc",
             ",b", "_c", "5_,", ".", "+c", "#c", "\u00e9", "\u20ac>6", "0=8", "-^8", "#010b", " 05",
             "099999999999999999999999999"]
FLOAT_SPECS = ["", "f", ".0f", ".1f", ".2f", ".3f", ".10f", ".20f", "e", ".0e", ".2e", ".10e", "E",
               "g", ".0g", ".1g", ".2g", ".3g", ".10g", ".17g", "G", "#g", "#.3g", "#.0f", "#",
               "#.3", ".1", ".3", ".4", ".17", "%", ".0%", ".2%", "n", "10", "<10", "^10", "=+10",
               "+", " ", "010", "010.2f", "+010.3e", ",", ",.2f", "_.3f", "012,.1f", "z", "z.2f",
               "z.0f", "zg", "x", "d", "c", ".", ",n", "*>12.4g", ".3000000000",
               ".99999999999999999999"]
STR_SPECS = ["", "s", "5", "<5", ">5", "^5", "^6", "*^8", "05", "<05", "^05", ".2", "^7.2", ".0",
             "10.3s", "\u00e9^5", "d", "=5", "+", " ", "z", "#", ",", "_", "x<+z#", "5s"]

SPECIAL_FLOATS = FLOATS + [1e-310, 123e-310, 0.1 + 0.2, 1.1, 2.675, 1e23, 9007199254740993.0,
                           4.35, 0.3e-3, 3e-5, 1.5e-7, 123456789.0, 1e17, 2e16 + 8,
                           9.999999999999999e22]


def gen_format(out):
    out.append("static constexpr FormatCase kFormatCases[] = {")
    for v in INTS:
        for spec in INT_SPECS:
            text, err = outcome(lambda: format(v, spec))
            kind = "'b'" if isinstance(v, bool) else "'i'"
            out.append("  {%s, %s, 0, {}, %s, %s, %s}," % (kind, c_int(v), sv_literal(spec), sv_literal(text), sv_literal(err)))
    for v in FLOATS:
        for spec in FLOAT_SPECS:
            text, err = outcome(lambda: format(v, spec))
            out.append("  {'f', 0, %s, {}, %s, %s, %s}," % (c_double(v), sv_literal(spec), sv_literal(text), sv_literal(err)))
    for v in STRS:
        for spec in STR_SPECS:
            text, err = outcome(lambda: format(v, spec))
            out.append("  {'s', 0, 0, %s, %s, %s, %s}," % (sv_literal(v), sv_literal(spec), sv_literal(text), sv_literal(err)))
    out.append("};")


def gen_repr(out):
    rng = random.Random(2024)
    values = list(SPECIAL_FLOATS)
    for _ in range(400):
        values.append(rng.uniform(-1e6, 1e6))
    for _ in range(400):
        values.append(math.ldexp(rng.random(), rng.randint(-1074, 1023)) * rng.choice([1, -1]))
    for _ in range(100):
        values.append(round(rng.uniform(0, 1000), rng.randint(0, 6)))
    out.append("static constexpr ReprCase kReprCases[] = {")
    for v in values:
        out.append("  {%s, %s}," % (c_double(v), sv_literal(repr(v))))
    out.append("};")


INT_TEXTS = ["0", "1", "-1", " 42 ", "+7", "1_000", "1__0", "_1", "1_", "0x1f", "0X1F", "0o17", "0b101",
             "010", "00", "0_0", "0x_1f", "", "  ", "+", "-", "12a", "9223372036854775807",
             "-9223372036854775808", "9223372036854775808", "-9223372036854775809",
             "99999999999999999999", "z", "Z", "zz", "\u0661\u0662\u0663", "\u00a0 5 \u2003", "1e5",
             "1.0", "\t\n12\r\x0b\x0c", "\x1c12", "0x", "0b2", "-0", "7" * 30]
INT_BASES = [10, 0, 2, 8, 16, 36, 3]
FLOAT_TEXTS = ["0", "1.5", "-1.5", " 2.5 ", "+3", "1e5", "1E-5", "1.", ".5", ".", "1e", "e5", "1e+",
               "inf", "-inf", "+inf", "INF", "infinity", "-Infinity", "nan", "-nan", "NaN", "in f",
               "nan(1)", "infinit", "1_0.5", "1e1_0", "_1", "1_", "1__0", "1._5", "0x10", "",
               "1e400", "-1e400", "1e-400", "1" * 400, "0." + "0" * 400 + "1",
               "\u0661\u0662\u0663.\u0665", "\u00a01.5\u2003", "1.5x", "0.1", "2.675",
               "9007199254740993", "1.7976931348623157e308", "1.7976931348623159e308",
               "4.9406564584124654e-324", "2.4703282292062328e-324", "2.4703282292062327e-324",
               "123456789012345678901234567890e-10"]


def gen_parse(out):
    out.append("static constexpr IntParseCase kIntParseCases[] = {")
    for text in INT_TEXTS:
        for base in INT_BASES:
            result, err = outcome(lambda: str(int(text, base)))
            out.append("  {%s, %d, %s, %s}," % (sv_literal(text), base, sv_literal(result), sv_literal(err)))
    out.append("};")
    out.append("static constexpr FloatParseCase kFloatParseCases[] = {")
    for text in FLOAT_TEXTS:
        try:
            v = float(text)
            out.append("  {%s, %s, \"\", \"\"}," % (sv_literal(text), c_double(v)))
        except ValueError as e:
            out.append("  {%s, 0, %s, \"ValueError\"}," % (sv_literal(text), sv_literal(str(e))))
    out.append("};")


ARITH_INTS = [0, 1, -1, 2, -2, 3, -3, 7, -7, 10, 63, 64, 2**31, -(2**31), 2**62, 2**63 - 1, -(2**63)]
ARITH_FLOATS = [0.0, -0.0, 1.0, -1.0, 0.5, 2.5, -7.5, 3.0, 1e308, 1e-308, float("inf"), float("-inf"),
                float("nan"), 0.1, 2.0 ** 0.5]
INT_OPS = ["+", "-", "*", "/", "//", "%", "**", "<<", ">>", "&", "|", "^", "divmod", "round"]
FLOAT_OPS = ["+", "-", "*", "/", "//", "%", "**", "divmod", "round"]


def value_text(v):
    if isinstance(v, tuple):
        return "(" + ", ".join(value_text(x) for x in v) + ")"
    return repr(v)


def apply(op, a, b):
    if op == "divmod":
        return divmod(a, b)
    if op == "round":
        return round(a, b)
    return eval("a %s b" % op)


def gen_arith(out):
    out.append("static constexpr ArithCase kArithCases[] = {")
    operands = [(a, b) for a in ARITH_INTS for b in ARITH_INTS]
    for a, b in operands:
        for op in INT_OPS:
            if op in ("**", "<<") and b > 200 and a not in (0, 1, -1):
                continue  # too large to compute
            elif op == "round" and not -400 < b < 400:
                continue
            else:
                try:
                    result, err = value_text(apply(op, a, b)), ""
                except Exception as e:  # noqa: BLE001
                    result, err = str(e), type(e).__name__
            out.append("  {%s, 'i', %s, 0, 'i', %s, 0, %s, %s}," % (sv_literal(op), c_int(a), c_int(b), sv_literal(result), sv_literal(err)))
    mixed = [(x, y) for x in ARITH_FLOATS for y in ARITH_FLOATS] + \
            [(x, n) for x in ARITH_FLOATS for n in [0, 1, -1, 2, 3, -3, 10]] + \
            [(n, x) for n in [0, 1, -1, 2, -8, 10] for x in ARITH_FLOATS]
    for a, b in mixed:
        for op in FLOAT_OPS:
            if op == "round" and not isinstance(b, int):
                continue
            try:
                r = apply(op, a, b)
                if isinstance(r, complex):
                    raise ValueError("complex numbers are not supported (refc)")
                result, err = value_text(r), ""
            except Exception as e:  # noqa: BLE001
                result, err = str(e), type(e).__name__
            ka, kb = ("'f'" if isinstance(a, float) else "'i'"), ("'f'" if isinstance(b, float) else "'i'")
            ia = 0 if isinstance(a, float) else a
            ib = 0 if isinstance(b, float) else b
            fa = c_double(a) if isinstance(a, float) else "0"
            fb = c_double(b) if isinstance(b, float) else "0"
            out.append("  {%s, %s, %s, %s, %s, %s, %s, %s, %s}," % (sv_literal(op), ka, c_int(ia), fa, kb, c_int(ib), fb, sv_literal(result), sv_literal(err)))
    # round() of floats at many digit counts, and of ints at negative ones.
    rng = random.Random(7)
    for _ in range(300):
        x = rng.choice([rng.uniform(-1000, 1000), rng.uniform(-1, 1), round(rng.uniform(-100, 100), 3),
                        rng.uniform(-1e20, 1e20), rng.randint(-10**6, 10**6) + 0.5])
        n = rng.randint(-8, 8)
        r = round(x, n)
        out.append("  {\"round\", 'f', 0, %s, 'i', %s, 0, %s, \"\"}," % (c_double(x), c_int(n), sv_literal(repr(r))))
    for x in [5.5, 15.0, 25.0, 1.5e308, -1.5e308, 0.5, 1.5, 2.675, 1e300, 123.456, -0.0, 1e-320]:
        for n in [-400, -309, -308, -307, -2, -1, 0, 1, 2, 3, 308, 323, 324, 400]:
            result, err = outcome(lambda: repr(round(x, n)))
            out.append("  {\"round\", 'f', 0, %s, 'i', %s, 0, %s, %s}," % (c_double(x), c_int(n), sv_literal(result), sv_literal(err)))
    for v in [0, 5, 15, 25, 35, -35, 149, 150, 151, 9223372036854775807, -(2**63), 10**18, 5 * 10**18]:
        for n in [-1, -2, -3, -18, -19, -20, -100, 0, 3]:
            out.append("  {\"round\", 'i', %s, 0, 'i', %s, 0, %s, \"\"}," % (c_int(v), c_int(n), sv_literal(repr(round(v, n)))))
    out.append("};")



# (receiver, method, args): receiver is a value, or a type for a constructor call.
CALLS = [
    (int, None, ()), (int, None, (3.9,)), (int, None, (-3.9,)), (int, None, (True,)), (int, None, ("12",)),
    (int, None, (" -0x1f ", 16)), (int, None, ("0b11", 0)), (int, None, ("12", 1)), (int, None, (1.5, 10)),
    (int, None, (None,)), (int, None, (float("inf"),)), (int, None, (float("nan"),)), (int, None, (1e19,)),
    (int, None, ("z", 36)), (int, None, ("1", 2, 3)), (int, None, ("12", True)),
    (float, None, ()), (float, None, (3,)), (float, None, ("1e5",)), (float, None, (" -inf ",)),
    (float, None, ("x",)), (float, None, (None,)), (float, None, (True,)), (float, None, (1, 2)),
    (bool, None, ()), (bool, None, (0,)), (bool, None, (2.5,)), (bool, None, ("",)), (bool, None, ("x",)),
    (bool, None, (1, 2)),
    (5, "bit_length", ()), (-5, "bit_length", ()), (0, "bit_length", ()), (-(2**63), "bit_length", ()),
    (255, "bit_count", ()), (-7, "bit_count", ()), (6, "as_integer_ratio", ()), (7, "conjugate", ()),
    (3, "__truediv__", (2,)), (3, "__add__", (1.5,)), (3, "__radd__", (4,)), (-7, "__floordiv__", (2,)),
    (-7, "__mod__", (2,)), (7, "__rmod__", (-2,)), (7, "__divmod__", (-2,)), (7, "__rdivmod__", (30,)),
    (7, "__pow__", (2,)), (7, "__pow__", (2, 5)), (2, "__pow__", (-1,)), (3, "__pow__", (-1, 7)),
    (2, "__rpow__", (3,)), (0, "__pow__", (-1,)), (1, "__lshift__", (10,)), (1024, "__rshift__", (3,)),
    (5, "__neg__", ()), (5, "__invert__", ()), (-5, "__abs__", ()), (0, "__bool__", ()), (-1, "__hash__", ()),
    (42, "__repr__", ()), (1234, "__round__", (-2,)), (1250, "__round__", (-2,)), (7, "__round__", ()),
    (7, "__float__", ()), (7, "__index__", ()), (255, "__format__", ("#x",)), (3, "__eq__", (3.0,)),
    (3, "__lt__", (4,)), (3, "__ge__", (4,)), (True, "__add__", (True,)), (True, "__and__", (True,)),
    (True, "__or__", (2,)), (True, "__xor__", (True,)), (False, "__rand__", (True,)), (True, "__neg__", ()),
    (True, "__invert__", ()), (True, "__repr__", ()), (True, "__format__", ("d",)), (True, "__format__", ("x.",)),
    (True, "__round__", ()), (True, "__int__", ()),
    (1.5, "as_integer_ratio", ()), (-0.375, "as_integer_ratio", ()), (1e300, "as_integer_ratio", ()),
    (float("inf"), "as_integer_ratio", ()), (float("nan"), "as_integer_ratio", ()), (3.0, "is_integer", ()),
    (3.5, "is_integer", ()), (1.5, "hex", ()), (-0.1, "hex", ()), (5e-324, "hex", ()), (0.0, "hex", ()),
    (float("inf"), "hex", ()), (2.5, "__round__", ()), (3.5, "__round__", ()), (-2.5, "__round__", ()),
    (2.675, "__round__", (2,)), (1.5, "__round__", (None,)), (float("inf"), "__round__", ()),
    (float("nan"), "__round__", ()), (3.7, "__int__", ()), (-3.7, "__trunc__", ()), (-3.2, "__floor__", ()),
    (-3.2, "__ceil__", ()), (1e20, "__int__", ()), (1.5, "__add__", (1,)), (1.5, "__radd__", (True,)),
    (1.5, "__add__", ("x",)), (7.5, "__floordiv__", (2,)), (7.5, "__rfloordiv__", (2,)), (7.5, "__mod__", (-2,)),
    (7.5, "__divmod__", (2,)), (2.0, "__pow__", (0.5,)), (2.0, "__rpow__", (3,)), (2.0, "__pow__", (2, 3)),
    (-8.0, "__pow__", (1 / 3,)), (0.0, "__pow__", (-1,)), (1.0, "__truediv__", (0,)), (1.0, "__eq__", (1,)),
    (0.5, "__lt__", (1,)), (float("nan"), "__ne__", (float("nan"),)), (1.0, "__eq__", (None,)),
    (-0.0, "__repr__", ()), (1e16, "__repr__", ()), (2.5, "__format__", (".1f",)), (2.5, "__neg__", ()),
    (-2.5, "__abs__", ()), (0.0, "__bool__", ()), (1.5, "__hash__", ()), (2.0, "conjugate", ()),
]


def show(v):
    if isinstance(v, tuple):
        return "(" + ", ".join(show(x) for x in v) + ("," if len(v) == 1 else "") + ")"
    return repr(v)


def gen_calls(out):
    out.append("static constexpr CallCase kCallCases[] = {")
    for recv, method, args in CALLS:
        if isinstance(recv, type):
            fn = lambda: recv(*args)  # noqa: E731
            target = {int: "'i'", float: "'f'", bool: "'b'"}[recv]
            head = "%s, %s, %s" % (target, sv_literal(""), sv_literal("__new__"))
        else:
            fn = lambda: getattr(recv, method)(*args)  # noqa: E731
            head = "0, %s, %s" % (sv_literal(compact(recv)), sv_literal(method))
        try:
            result, err = show(fn()), ""
        except Exception as e:  # noqa: BLE001
            result, err = str(e), type(e).__name__
        if "complex" in result or "j)" in result:
            result, err = "complex numbers are not supported (refc)", "ValueError"
        out.append("  {%s, %s, %s, %s}," % (head, sv_literal("".join(compact(a) for a in args)), sv_literal(result), sv_literal(err)))
    out.append("};")


def main():
    out = ["// Generated by number_format_test_data.py from CPython 3.11. Do not edit.", "// clang-format off"]
    gen_format(out)
    gen_repr(out)
    gen_parse(out)
    gen_arith(out)
    gen_calls(out)
    out.append("// clang-format on")
    print("\n".join(out))


if __name__ == "__main__":
    main()
