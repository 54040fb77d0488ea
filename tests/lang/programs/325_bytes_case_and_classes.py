# bytes case methods, ASCII class tests, padding, translate and maketrans
s = b"Hello, World! 123 \xe9"
print(s.upper(), s.lower(), s.swapcase(), b"hello world".title(), b"hELLO".capitalize())
print(b"123".isdigit(), b"12a".isdigit(), b"".isdigit(), b"abc".isalpha(), b"ab1".isalnum(), b"a b".isalnum())
print(b" \t\n".isspace(), b"".isspace(), b"abc".islower(), b"aBc".islower(), b"ABC1".isupper(), b"123".isupper())
print(b"Title Case".istitle(), b"Not title".istitle(), b"abc".isascii(), s.isascii(), b"".isascii())
print(b"\xe9".upper(), b"\xe9".isalpha(), bytearray(b"MiXeD").lower())
print(b"ab".center(6), b"ab".center(7, b"*"), b"ab".ljust(5, b"."), b"ab".rjust(5), b"abc".center(2))
print(b"42".zfill(5), b"-42".zfill(5), b"+7".zfill(4), b"".zfill(2), bytearray(b"9").zfill(3))
table = bytes.maketrans(b"abc", b"xyz")
print(len(table), b"aabbcc".translate(table), b"hello".translate(None, b"l"), b"abc".translate(table, b"c"))
print(bytearray(b"cab").translate(table), bytearray.maketrans(b"a", b"b")[97])
for f in [lambda: b"a".center(3, b"xy"), lambda: b"a".ljust(3, "x"), lambda: b"a".translate(b"short"),
          lambda: bytes.maketrans(b"ab", b"c"), lambda: b"a".upper(1)]:
    try:
        print(f())
    except (TypeError, ValueError) as exc:
        print(type(exc).__name__, exc)
