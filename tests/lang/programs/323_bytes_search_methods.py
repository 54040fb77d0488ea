# bytes search methods: find/rfind/index/rindex/count (bytes or int needles, start/end), startswith/endswith, replace
s = b"the cat sat on the mat"
print(s.find(b"at"), s.find(b"at", 6), s.find(b"at", 6, 9), s.find(b"dog"), s.find(116), s.find(b""))
print(s.rfind(b"at"), s.rfind(b"the"), s.rfind(b"at", 0, 10), s.rfind(122))
print(s.index(b"sat"), s.rindex(b"t"), s.count(b"at"), s.count(b"t"), s.count(116, 10), s.count(b""))
print(s.startswith(b"the"), s.startswith(b"cat", 4), s.startswith((b"x", b"th")), s.endswith(b"mat"))
print(s.endswith(b"on", 0, 14), s.endswith((b"a", b"t")), s.startswith(b""), b"".endswith(b""))
print(s.replace(b"at", b"og"), s.replace(b"the ", b""), s.replace(b"t", b"T", 2), s.replace(b"", b"|", 3))
print(b"aaa".replace(b"a", b"bb"), b"abc".replace(b"", b"-"), b"xyz".replace(b"q", b"r"))
ba = bytearray(s)
print(ba.find(b"cat"), ba.count(bytearray(b"t")), ba.replace(b"cat", b"dog"), ba.startswith(b"the"))
print(s.find(bytearray(b"on")), s.find(b"at", -5), s.find(b"at", None, None), s.removeprefix(b"the "))
print(s.removesuffix(b" mat"), s.removesuffix(b"xyz"), ba.removeprefix(b"the"))
for f in [lambda: s.index(b"dog"), lambda: s.rindex(b"dog"), lambda: s.find("cat"),
          lambda: s.count(300), lambda: s.startswith("the"), lambda: s.endswith(["mat"]),
          lambda: s.replace("a", "b"), lambda: s.find(), lambda: ba.index(b"z"),
          lambda: s.find(b"a", "0")]:
    try:
        print(f())
    except (TypeError, ValueError) as exc:
        print(type(exc).__name__, exc)
