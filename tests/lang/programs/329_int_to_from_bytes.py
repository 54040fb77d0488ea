# int.to_bytes and int.from_bytes: byte orders, signed values, the 3.11 defaults and the overflow errors
print((1024).to_bytes(2, "big"), (1024).to_bytes(2, "little"), (5).to_bytes(), (0).to_bytes(0, "big"))
print((255).to_bytes(1, "big"), (-1).to_bytes(2, "big", signed=True), (-129).to_bytes(2, "little", signed=True))
print((2 ** 40 + 7).to_bytes(8, "big"), (2 ** 62).to_bytes(9, "big"), (-2).to_bytes(10, "little", signed=True))
print(int.from_bytes(b"\x04\x00", "big"), int.from_bytes(b"\x04\x00", "little"), int.from_bytes(b"\xff\xfe", "little", signed=True))
print(int.from_bytes(b"", "big"), int.from_bytes([1, 2], "big"), int.from_bytes(bytearray(b"\x80"), "big", signed=True))
print(int.from_bytes(b"\x00" * 12 + b"\x01", "big"), int.from_bytes(b"\xff" * 12, "big", signed=True), int.from_bytes(b"\x2a"))
print(int.from_bytes(byteorder="little", bytes=b"\x01\x02"), True.to_bytes(1, "big"))
for n in [0, 1, 127, 128, -128, -129, 32767, -32768, 2 ** 31, -(2 ** 62) * 2, (2 ** 62 - 1) * 2 + 1]:
    raw = n.to_bytes(8, "big", signed=True)
    assert int.from_bytes(raw, "big", signed=True) == n
    print(n, raw.hex(), int.from_bytes(raw[::-1], "little", signed=True) == n)
for f in [lambda: (1024).to_bytes(1, "big"), lambda: (-1).to_bytes(2, "big"), lambda: (128).to_bytes(1, "big", signed=True),
          lambda: (-129).to_bytes(1, "big", signed=True), lambda: (5).to_bytes(2, "middle"), lambda: (1).to_bytes(-1, "big"),
          lambda: int.from_bytes("ab", "big"), lambda: int.from_bytes(b"a", "sideways"), lambda: int.from_bytes([256], "big"),
          lambda: (1).to_bytes(2, byteorder=1)]:
    try:
        print(f())
    except (OverflowError, ValueError, TypeError) as exc:
        print(type(exc).__name__, exc)
