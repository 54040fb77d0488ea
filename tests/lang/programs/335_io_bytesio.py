# io.BytesIO: write/read/getvalue, seek with whence, readline and iteration, readinto, truncate, closing
import io

buf = io.BytesIO()
print(type(buf).__name__, buf.write(b"header\n"), buf.write(bytearray(b"\x00\x01\x02\n")), buf.tell())
print(buf.read(), buf.seek(0), buf.read(3), buf.tell(), buf.readline(), buf.readline(), buf.readline())
print(buf.getvalue(), len(buf.getvalue()), buf.readable(), buf.writable(), buf.seekable())
print(buf.seek(-2, 2), buf.read(), buf.seek(-100, 1), buf.tell(), buf.seek(3, 1), buf.read(2))
data = io.BytesIO(b"one\ntwo\r\nthree")
print(data.tell(), list(data), data.read(), data.seek(0), data.readlines(), data.read1(5))
patch = io.BytesIO(b"abcdef")
patch.seek(2)
print(patch.write(b"XY"), patch.getvalue(), patch.tell())
patch.seek(8)
print(patch.write(b"!"), patch.getvalue(), patch.truncate(4), patch.getvalue(), patch.tell())
target = bytearray(4)
src = io.BytesIO(b"xyz")
print(src.readinto(target), target, src.readinto(target), io.BytesIO(initial_bytes=b"kw").read())
records = io.BytesIO()
for i in range(3):
    records.write(i.to_bytes(2, "little") + bytes([65 + i]))
records.seek(0)
chunk = records.read(3)
while chunk:
    print(int.from_bytes(chunk[:2], "little"), chunk[2:])
    chunk = records.read(3)
with io.BytesIO(b"ctx") as b:
    print(b.read(), b.closed)
print(b.closed)
for f in [lambda: io.BytesIO("text"), lambda: io.BytesIO().write("text"), lambda: io.BytesIO().seek(-1),
          lambda: io.BytesIO().seek(0, 5), lambda: b.read(), lambda: b.getvalue(), lambda: b.write(b"x"),
          lambda: b.tell(), lambda: b.readable()]:
    try:
        print(f())
    except (TypeError, ValueError) as exc:
        print(type(exc).__name__, exc)
