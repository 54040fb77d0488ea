# bytes split/rsplit (whitespace and separators, maxsplit), splitlines, partition, the strip family and join
line = b"  alpha  beta\tgamma\n delta  "
print(line.split(), line.split(None, 1), line.rsplit(None, 1), line.split(maxsplit=2))
print(b"a,b,,c".split(b","), b"a,b,,c".split(b",", 1), b"a,b,,c".rsplit(b",", 1), b"".split(b","), b"".split())
print(b"a--b--c".split(b"--"), b"a--b--c".rsplit(b"--", maxsplit=1), b"x".split(sep=b"x"))
print(b"one\ntwo\r\nthree\rfour\n".splitlines(), b"one\ntwo\r\n".splitlines(True), b"".splitlines())
print(b"key=value=more".partition(b"="), b"key=value=more".rpartition(b"="), b"novalue".partition(b"="))
print(b"novalue".rpartition(b"="))
print(line.strip(), line.lstrip(), line.rstrip(), b"xxhixx".strip(b"x"), b"abcba".strip(b"ab"))
print(b"\t\n\x0b\x0c\r data \r\n".strip(), b"..a..".lstrip(b"."), b"..a..".rstrip(b"."), b"a".strip(None))
print(b", ".join([b"a", b"b", bytearray(b"c")]), b"".join([]), b"-".join(b"%d" for b in []))
print(bytearray(b"+").join([b"x", b"y"]), type(bytearray(b"+").join([b"x"])).__name__)
parts = bytearray(b"k1:v1;k2:v2").split(b";")
print(parts, [p.split(b":") for p in parts], type(parts[0]).__name__)
for f in [lambda: b"a b".split(b""), lambda: b"a".split(","), lambda: b"a".partition(b""),
          lambda: b"a".strip("a"), lambda: b",".join([b"a", "b"]), lambda: b",".join([1]),
          lambda: b"a".split(None, "1")]:
    try:
        print(f())
    except (TypeError, ValueError) as exc:
        print(type(exc).__name__, exc)
