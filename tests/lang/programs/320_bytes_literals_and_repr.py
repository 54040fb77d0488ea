# bytes literals (escapes, raw, prefixes, adjacent concatenation) and the repr of bytes and bytearray
a = b"hello"
b = b'\x00\x01\xff\t\n\r\\'
c = rb"\x41\n" Rb'raw' bR"\\" B"up"
d = (b"multi"
     b"-part"
     b'')
e = b"""triple
quoted"""
f = b'\101\102\777\q\u1234\N{x}'
print(a, b, c, d, e, f)
print(repr(b"it's"), repr(b'say "hi"'), repr(b'both \' and "'), repr(b''))
print(str(b"abc"), len(a), len(b), len(c), len(f))
print(a[0], a[-1], a[1:3], a[::-1], a[10:], a[-3:])
print(type(a), type(a[0]), type(a[1:2]))
print(list(b"AZaz09"), [x for x in b"\x00\x7f\x80"])
for byte in b"hi!":
    print(byte, chr(byte), end="; ")
print()
ba = bytearray(b"bytes\x80")
print(ba, repr(bytearray()), str(ba), len(ba), ba[0], ba[1:3], type(ba[1:3]))
print(bytearray(b"q\"'"), bytearray(b"it's"))
print(b"a" in [b"a"], b"\x7f\x80\xfe" + b"~ ")
print(isinstance(a, bytes), isinstance(ba, bytes), isinstance(ba, bytearray), bytes.__name__, bytearray.__name__)
print(b"" == b"", not b"", bool(b"\x00"), bool(bytearray()))
