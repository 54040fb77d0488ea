# open() in binary modes: BufferedReader/Writer/Random and unbuffered FileIO, read(n), readline, iteration, seek/tell with whence, append and update modes, line buffering
import os

NAME = "_331_scratch.bin"
payload = bytes(range(256)) + b"\nline two\nline three"
with open(NAME, "wb") as f:
    print(type(f).__name__, repr(f), f.mode, f.write(payload), f.tell())
    print(f.write(bytearray(b"!")), f.writable(), f.readable())
with open(NAME, "rb") as f:
    print(type(f).__name__, repr(f), f.mode)
    head = f.read(4)
    print(head, f.tell(), f.read(0), len(f.read(252)), f.tell())
    print(f.readline(), f.readline(4), f.readline(), f.readline(), f.readline())
    print(f.seek(-6, 2), f.read(), f.seek(10), f.seek(5, 1), f.read(3), f.tell())
    f.seek(0)
    print(len(f.read()), f.read(), f.read(5))
with open(NAME, "rb") as f:
    lines = list(f)
print(len(lines), lines[-2:], [len(x) for x in lines])
with open(NAME, "ab") as f:
    print(f.mode, repr(f), f.tell())
    f.write(b"\x00tail")
with open(NAME, "r+b") as f:
    print(type(f).__name__, f.mode, f.read(3))
    f.seek(0)
    f.write(b"XYZ")
    f.seek(-5, 2)
    print(f.read(), f.peek(1) == b"", f.read1(2))
with open(NAME, "rb") as f:
    data = f.read()
print(data[:4], data[-5:], len(data), data[256:266])
with open(NAME, "w+b") as f:
    print(f.mode, f.read(), f.write(b"abc"), f.seek(0), f.read())
with open(NAME, "xb" if not os.path.exists(NAME) else "rb") as f:
    print(f.mode)
os.remove(NAME)
with open(NAME, "xb") as f:
    print(f.mode, f.write(b"new"))
with open(NAME, "rb", buffering=0 if False else -1) as f:
    print(f.read(), f.fileno() > 2, f.isatty(), f.seekable())
os.remove(NAME)
import io
with open(NAME, "wb", buffering=0) as raw:
    print(type(raw).__name__, repr(raw), raw.closefd, isinstance(raw, io.FileIO), raw.write(b"unbuffered\n"))
    print(open(NAME, "rb").read())
print(repr(raw))
with open(NAME, "rb", buffering=0) as raw:
    print(raw.readline(), raw.read(2), raw.read())
for action in [lambda: open(NAME, "wb", buffering=0).read(), lambda: open(NAME, "rb", buffering=0).write(b"x"),
               lambda: raw.read(), lambda: open(NAME, "w", buffering=0)]:
    try:
        action()
    except (ValueError, OSError) as exc:
        print(type(exc).__name__, exc)
with open(NAME, "w", buffering=1) as text:
    text.write("line\n")
    print(text.line_buffering, repr(open(NAME).read()))
    text.write("partial")
    print(repr(open(NAME).read()))
os.remove(NAME)
