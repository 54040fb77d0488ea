# bytes.decode and str.encode: utf-8 (the default), ascii and latin-1 under their aliases, the error handlers, and CPython's UnicodeDecodeError/UnicodeEncodeError messages
text = "naïve café – 日本 ✓"
data = text.encode()
print(data, len(text), len(data), data.decode() == text, data.decode("utf-8"), text.encode("UTF8") == data)
print("abc".encode("ascii"), "é".encode("latin-1"), b"\xe9".decode("latin1"), b"\xe9".decode("ISO-8859-1"))
print(bytes(range(0xC0, 0xC8)).decode("latin_1"), "ÿ".encode("l1"), b"plain".decode("us-ascii"))
print(bytearray("ü", "utf-8").decode(), "x".encode(encoding="utf_8", errors="strict"))
bad = b"ok \xff\xfe end \xe2\x82 \xe2\x28\xa1 \xf0\x9f\x98"
for handler in ["replace", "ignore", "backslashreplace", "surrogateescape"]:
    print(handler, repr(bad.decode("utf-8", handler)))
print(repr(b"\x80abc".decode("ascii", "replace")), repr("café ☕".encode("ascii", "replace")))
print("café ☕ 𝄞".encode("ascii", "backslashreplace"), "café ☕".encode("latin-1", errors="ignore"))
print(b"\xff".decode("utf-8", "surrogateescape").encode("utf-8", "surrogateescape"))
samples = [b"\xff", b"abc\x80", b"\xe2\x82", b"\xe2", b"\xe2\x28\xa1", b"\xed\xa0\x80", b"\xf0\x9f\x98", b"\xc0\xaf", b"\xf8"]
for sample in samples:
    try:
        sample.decode()
    except UnicodeDecodeError as exc:
        print(type(exc).__name__, exc, exc.start, exc.end, exc.reason)
for sample, codec in [(b"\xc3\xa9", "ascii"), (b"ok\x80\x81", "ascii")]:
    try:
        sample.decode(codec)
    except UnicodeError as exc:
        print(type(exc).__name__, exc)
for s, codec in [("é", "ascii"), ("éé!", "ascii"), ("€", "latin-1"), ("a\ud800", "utf-8"), ("x€€y", "latin-1")]:
    try:
        s.encode(codec)
    except UnicodeEncodeError as exc:
        print(type(exc).__name__, exc, exc.start, exc.end)
for f in [lambda: b"a".decode("no-such"), lambda: "a".encode("rot-13-ish"), lambda: b"a".decode(1),
          lambda: "a".encode(errors=1), lambda: b"\xff".decode("ascii", "bogus"), lambda: "x".encode("ascii", "bogus"),
          lambda: isinstance(UnicodeDecodeError("utf-8", b"", 0, 1, "r"), ValueError)]:
    try:
        print(f())
    except (LookupError, TypeError, ValueError) as exc:
        print(type(exc).__name__, exc)
