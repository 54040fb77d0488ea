# bytearray mutation: item and slice assignment, del, append/extend/insert/pop/remove/clear/reverse, += and *=
buf = bytearray(b"hello")
buf[0] = 72
buf[-1] = ord("O")
print(buf)
buf[1:3] = b"EY"
print(buf)
buf[1:3] = b""
print(buf)
buf[1:1] = [105, 106]
print(buf)
buf[::2] = b"abc"
print(buf)
del buf[0]
print(buf)
del buf[::2]
print(buf)
buf.append(33)
buf.extend(b" more")
buf.extend([46, 46])
buf.extend(bytearray(b"!"))
buf.extend(x for x in b"gen")
buf.insert(0, 60)
buf.insert(-1, 62)
buf.insert(100, 90)
print(buf, len(buf))
print(buf.pop(), buf.pop(0), buf.pop(-2), buf)
buf.remove(ord("m"))
print(buf)
buf.reverse()
print(buf)
copy = buf.copy()
copy[0] = 0
print(buf[0] != copy[0], type(copy).__name__)
alias = buf
buf += b"++"
buf *= 2
print(alias is buf, buf)
buf.clear()
print(buf, len(buf))
grid = bytearray(8)
for i in range(8):
    grid[i] = i * i
print(list(grid), bytes(grid))
for f in [lambda: buf.pop(), lambda: bytearray(b"ab").pop(5), lambda: bytearray(b"a").append(256),
          lambda: bytearray(b"a").append("a"), lambda: bytearray(b"a").remove(5),
          lambda: bytearray(b"a").__setitem__(0, 300), lambda: bytearray(b"abc").__setitem__(slice(0, 3, 2), b"xyz"),
          lambda: bytearray(b"abc").__setitem__(slice(0, 1), 5), lambda: bytearray().extend(5),
          lambda: bytearray().extend("text"), lambda: bytearray(b"a")[3], lambda: bytearray(b"a").__delitem__(4),
          lambda: bytearray(b"a").__setitem__("k", 1)]:
    try:
        print(f())
    except (TypeError, ValueError, IndexError) as exc:
        print(type(exc).__name__, exc)
