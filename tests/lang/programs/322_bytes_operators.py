# bytes and bytearray operators: + * in, comparisons across both types, hashing, sorting and bytes as dict keys
a, b = b"abc", bytearray(b"abd")
print(a + b, b + a, type(a + b).__name__, type(b + a).__name__)
print(a * 3, 2 * a, a * 0, a * -1, b * 2, type(b * 2).__name__)
print(b"b" in a, 98 in a, b"bc" in a, b"" in a, 120 in a, bytearray(b"ab") in a, b"d" in b)
print(a == b"abc", a == bytearray(b"abc"), a != b, a < b, b > a, a <= a, b >= b"abd")
print(a == "abc", a != "abc", b"" < b"\x00", b"\xff" > b"\x7f\xff", b"ab" < b"abc")
print(sorted([b"pear", b"apple", b"Zebra", b"apple2", b""]))
print(max(b"hello"), min(b"hello"), sum(b"\x01\x02\x03"))
print(hash(b"key") == hash(b"k" + b"ey"), hash(b"abc") == hash("abc"), hash(b"") == hash(""))
counts = {}
for word in b"to be or not to be".split():
    counts[word] = counts.get(word, 0) + 1
print(counts)
print({b"x", b"y", b"x"} == {b"y", b"x"}, b"x" in {b"x": 1})

errors = [
    lambda: a + "abc",
    lambda: b + "abc",
    lambda: "abc" + a,
    lambda: a * "2",
    lambda: a * 1.5,
    lambda: "a" in a,
    lambda: 256 in a,
    lambda: -1 in a,
    lambda: a < "abc",
    lambda: b < 3,
    lambda: hash(b),
    lambda: {b: 1},
    lambda: a - a,
]
for i, f in enumerate(errors):
    try:
        print(i, f())
    except (TypeError, ValueError) as exc:
        print(i, type(exc).__name__, exc)
x = b"grow"
x += b"n"
x *= 2
print(x)
