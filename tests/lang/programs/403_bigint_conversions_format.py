# int <-> str, float and bytes conversions of big ints: int(str, base) with prefixes and underscores, str/repr/format specs, hex/oct/bin, float() rounding, int(float), to_bytes/from_bytes, the 4300-digit limit
import sys
print(int("123456789012345678901234567890"), int("-0x_dead_beef_cafe_babe_f00d", 0), int("0b" + "1" * 70, 0))
print(int("zzzzzzzzzzzzzzzzzz", 36), int("  -1_000_000_000_000_000_000_000  "), int("0o7777777777777777777777", 8))
print(int(b"99999999999999999999"), int("١٢٣٤٥٦٧٨٩٠١٢٣٤٥٦٧٨٩٠"), int("+000000000000000000000000000001"))
x = 2 ** 100 - 1
print(str(x), repr(-x), f"{x}", "%d" % x, "%x" % x, "%o" % -x, "%10.3e" % x)
print(format(x, ","), format(x, "_"), format(x, "x"), format(x, "#X"), format(x, "b"), format(x, "#o"))
print(format(x, "_x"), format(-x, "_b")[:20], format(x, ">50"), format(-x, "060,"))
print(format(x, "+d"), format(x, " d"), format(x, "e"), format(x, ".3f"), format(x, "g"), format(x, "%"))
print("{:,}".format(10 ** 30), "{:^45,}".format(-10 ** 30), f"{2 ** 80:=+40_}")
print(hex(2 ** 100), oct(-(2 ** 100)), bin(2 ** 64), hex(-(2 ** 63)), hex(2 ** 63))
print(float(2 ** 100), float(-(2 ** 64)), float(2 ** 53 + 1), float(2 ** 54 + 3), float(2 ** 1023))
print(float(2 ** 64 + 2 ** 11), float(2 ** 64 + 2 ** 11 + 1), float(2 ** 64 + 3 * 2 ** 11))
print(float(10 ** 308), float(-(10 ** 300)), float(2 ** 1024 - 2 ** 971), float(2 ** 1023 + 2 ** 970))
print(int(1e20), int(-1e30), int(2.0 ** 100), int(1.7976931348623157e308) == 2 ** 1024 - 2 ** 971)
print(int(123456789012345678901234567890.0), round(1e25), round(-2.5e22), (1e30).as_integer_ratio())
import math
print(math.floor(1e30), math.ceil(-1e30), math.trunc(1.5e40), math.floor(2 ** 80), math.ceil(2 ** 80 + 1))
print((2 ** 70).to_bytes(9, "big"), (2 ** 70).to_bytes(10, "little"), (-(2 ** 70)).to_bytes(10, "big", signed=True))
print(int.from_bytes(b"\xff" * 12, "big"), int.from_bytes(b"\xff" * 12, "big", signed=True))
print(int.from_bytes(b"\x00\x01" + b"\x00" * 10, "little"), int.from_bytes(bytes(range(1, 20)), "big", signed=True))
print((2 ** 64 - 1).to_bytes(8, "big"), (-(2 ** 63)).to_bytes(8, "big", signed=True), (2 ** 63).to_bytes(9, "big", signed=True))
big = 7 ** 6000
text = str(7 ** 4000)
print(len(text), text[:20], int(text) == 7 ** 4000)
print(sys.get_int_max_str_digits())
for label, f in [
    ("str limit", lambda: str(big)),
    ("int limit", lambda: int("1" * 4301)),
    ("hex fine", lambda: len(hex(big))),
    ("int hex fine", lambda: int("f" * 5000, 16) == 16 ** 5000 - 1),
    ("float big", lambda: float(2 ** 1024)),
    ("float add", lambda: 2 ** 1024 + 1.0),
    ("format f", lambda: format(2 ** 1024, "f")),
    ("format c", lambda: format(2 ** 70, "c")),
    ("to_bytes", lambda: (2 ** 70).to_bytes(8, "big")),
    ("to_bytes signed", lambda: (2 ** 63).to_bytes(8, "big", signed=True)),
    ("to_bytes neg", lambda: (-(2 ** 70)).to_bytes(10, "big")),
    ("int inf", lambda: int(float("inf"))),
    ("bad literal", lambda: int("12345678901234567890x")),
    ("set limit", lambda: sys.set_int_max_str_digits(100)),
]:
    try:
        print(label, f())
    except (ValueError, OverflowError, TypeError) as e:
        print(label, type(e).__name__, e)
sys.set_int_max_str_digits(0)
print(len(str(big)), int(str(big)) == big)
sys.set_int_max_str_digits(5000)
print(sys.get_int_max_str_digits(), len(str(7 ** 5500)))
try:
    str(7 ** 6000)
except ValueError as e:
    print(e)
