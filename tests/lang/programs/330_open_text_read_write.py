# open() in text mode: write, read, read(n), readline, readlines, iteration, with, seek/tell, the attributes and repr of a TextIOWrapper, utf-8-sig files
import os

NAME = "_330_scratch.txt"
with open(NAME, "w") as f:
    print(type(f).__name__, f.name, f.mode, f.closed, f.readable(), f.writable(), f.seekable())
    print(f.write("first line\n"), f.write("second: é ✓\n"), f.tell())
    f.writelines(["third\n", "fourth\n"])
    print("last, no newline", end="", file=f)
print(f.closed, repr(f))

with open(NAME) as f:
    print(repr(f), f.encoding, f.errors)
    print(repr(f.read(5)), repr(f.read(6)), f.tell())
    print(repr(f.readline()), repr(f.readline(3)), repr(f.readline()))
    rest = f.read()
    print(repr(rest), repr(f.read()), repr(f.readline()))
    print(f.seek(0), repr(f.readline()), f.tell())
    f.seek(0, 2)
    print(repr(f.read()), f.tell() == os.path.getsize(NAME))

f = open(NAME, "r", encoding="utf-8")
print(f.readlines())
f.close()
f.close()
with open(NAME, mode="rt") as f:
    for number, line in enumerate(f, 1):
        print(number, line.rstrip("\n"))
with open(NAME) as f:
    print(f.readlines(15), f.readlines(1), len(f.readlines()))
with open(NAME, "a") as f:
    f.write("\nappended")
with open(NAME, "r+") as f:
    print(repr(f.read(5)))
    f.seek(0)
    f.write("FIRST")
    f.seek(0)
    print(repr(f.readline()))
with open(NAME) as f:
    lines = [line.strip() for line in f if line.strip()]
print(lines)
with open(NAME, "w") as f:
    pass
print(os.path.getsize(NAME), open(NAME).read() == "")
os.remove(NAME)
print(os.path.exists(NAME))
SIG = "_330_bom.txt"
with open(SIG, "w", encoding="utf-8-sig") as f:
    f.write("name,value\n")
    f.write("é,1\n")
    print(f.tell(), f.encoding)
with open(SIG, "rb") as f:
    print(f.read())
with open(SIG, encoding="utf-8-sig") as f:
    print(repr(f.readline()), f.tell(), f.seek(0), repr(f.read(4)))
with open(SIG, encoding="utf-8") as f:
    print(repr(f.readline()))
with open(SIG, "a", encoding="utf-8-sig") as f:
    f.write("x,2\n")
with open(SIG, "rb") as f:
    print(f.read().count(b"\xef\xbb\xbf"))
os.remove(SIG)
print("é".encode("utf-8-sig"), b"\xef\xbb\xbfabc".decode("utf_8_sig"), b"abc".decode("utf-8-sig"))
