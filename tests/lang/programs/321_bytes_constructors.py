# bytes() and bytearray() from ints, iterables, str with an encoding, buffers and __bytes__, with CPython's errors; str(), int() and float() of bytes; copying them
print(bytes(), bytes(3), bytes([65, 66, 67]), bytes(range(5)), bytes((0, 255)))
print(bytes("héllo", "utf-8"), bytes("abc", encoding="ascii"), bytes("é", "latin-1"))
print(bytes(bytearray(b"copy")), bytes(b"same"), bytes(x * 2 for x in [1, 2, 3]))
print(bytearray(), bytearray(2), bytearray([1, 2]), bytearray("ü", "utf-8"), bytearray(b"ab"))
print(bytearray(bytearray(b"x")), bytes(True), bytes([True, False]))


class Packet:
    def __init__(self, payload):
        self.payload = payload

    def __bytes__(self):
        return b"<" + self.payload + b">"


class Broken:
    def __bytes__(self):
        return "not bytes"


print(bytes(Packet(b"data")))

cases = [
    lambda: bytes(-1),
    lambda: bytes(1.5),
    lambda: bytearray(1.5),
    lambda: bytes("text"),
    lambda: bytearray("text"),
    lambda: bytes([256]),
    lambda: bytes([-1]),
    lambda: bytes(["a"]),
    lambda: bytes([1.0]),
    lambda: bytes(b"x", "utf-8"),
    lambda: bytes(3, "utf-8"),
    lambda: bytes("a", encoding=3),
    lambda: bytes(b"a", errors="strict"),
    lambda: bytes("é", "ascii"),
    lambda: bytes("x", "no-such-codec"),
    lambda: bytes(None),
    lambda: bytes(Broken()),
    lambda: bytes(source=1, junk=2),
]
for i, case in enumerate(cases):
    try:
        print(i, case())
    except (TypeError, ValueError, LookupError) as exc:
        print(i, type(exc).__name__, exc)
import copy
print(str(b"caf\xc3\xa9", "utf-8"), str(bytearray(b"x"), encoding="latin-1"), str(b"\xff", "ascii", "replace"))
print(int(b" 42 "), int(bytearray(b"ff"), 16), float(b"1.5"), float(bytearray(b" -2e3 ")))
print(copy.copy(b"c"), copy.deepcopy([b"d", bytearray(b"e")]), copy.copy(bytearray(b"f")))
for f in [lambda: str(5, "utf-8"), lambda: str("s", "utf-8"), lambda: int(b"x"), lambda: int(b"12", 3),
          lambda: float(b"1.5x"), lambda: str(b"\xff", "utf-8")]:
    try:
        print(f())
    except (TypeError, ValueError) as exc:
        print(type(exc).__name__, exc)
