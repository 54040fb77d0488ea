# bytes.hex (with separators and group sizes) and bytes.fromhex / bytearray.fromhex
data = bytes(range(250, 256)) + b"\x00\x10AZ"
print(data.hex(), b"".hex(), bytearray(b"\x01\xab").hex())
print(data.hex(":"), data.hex("-", 2), data.hex(" ", -3), data.hex(b"|", 4), data.hex(":", 100))
print(bytes.fromhex("deadBEEF"), bytes.fromhex(" 0a 0b\t0c\n"), bytes.fromhex(""), bytearray.fromhex("ff00"))
print(type(bytearray.fromhex("00")).__name__, bytes.fromhex(data.hex()) == data)
digest = 0
for byte in bytes.fromhex("0102030405"):
    digest = (digest * 31 + byte) % 1000003
print(digest)
for f in [lambda: bytes.fromhex("zz"), lambda: bytes.fromhex("abc"), lambda: bytes.fromhex("ab cd e"),
          lambda: bytes.fromhex(b"ab"), lambda: bytes.fromhex("a b"), lambda: data.hex("::"),
          lambda: data.hex(1)]:
    try:
        print(f())
    except (TypeError, ValueError) as exc:
        print(type(exc).__name__, exc)
