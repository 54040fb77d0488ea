# text files and newlines: universal newlines on read, newline='' / '\n' / '\r' / '\r\n' on read and write, the newlines attribute, as CPython
import os

NAME = "_332_scratch.txt"
with open(NAME, "wb") as f:
    f.write(b"unix\nwindows\r\nmac\rend")
for newline in [None, "", "\n", "\r", "\r\n"]:
    with open(NAME, newline=newline) as f:
        print(repr(newline), f.readlines())
    with open(NAME, newline=newline) as f:
        print(repr(newline), repr(f.read()))
with open(NAME) as f:
    print(repr(f.read(9)), repr(f.read(2)), f.tell(), repr(f.readline()))
for newline in [None, "", "\n", "\r", "\r\n"]:
    with open(NAME, "w", newline=newline) as f:
        f.write("a\nb\r\nc\rd\n")
    with open(NAME, "rb") as f:
        print(repr(newline), f.read())
with open(NAME, "wb") as f:
    f.write(b"x\r" * 5000 + b"\n")
with open(NAME) as f:
    lines = f.readlines()
print(len(lines), lines[0], repr(lines[-1]))
with open(NAME, newline="") as f:
    lines = f.readlines()
print(len(lines), repr(lines[-1]))
for data in [b"a\nb\n", b"a\r\nb", b"a\rb\nc\r\nd", b"none"]:
    with open(NAME, "wb") as f:
        f.write(data)
    for newline in [None, "", "\n"]:
        with open(NAME, newline=newline) as f:
            before = f.newlines
            f.read()
            print("newlines", repr(data), repr(newline), before, f.newlines)
for bad in ["x", "\n\n", 5]:
    try:
        open(NAME, newline=bad)
    except (ValueError, TypeError) as exc:
        print(type(exc).__name__, exc)
os.remove(NAME)
