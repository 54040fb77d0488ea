# io.StringIO: write/read/getvalue, seek/tell in characters, readline/readlines/iteration, newline modes, print(file=...), closing
import io

buf = io.StringIO()
print(type(buf).__name__, buf.write("héllo\n"), buf.write("wörld\n"), buf.tell())
print(repr(buf.read()), buf.seek(0), repr(buf.read(3)), buf.tell(), repr(buf.readline()), repr(buf.readline()))
print(repr(buf.getvalue()), buf.readable(), buf.writable(), buf.seekable(), buf.closed)
print("a", 1, 2.5, None, sep="|", end="!\n", file=buf)
print(repr(buf.getvalue()))
src = io.StringIO("line one\nline two\r\nline three")
print(src.tell(), src.readlines(), src.readlines())
src.seek(0)
print([line for line in src], list(io.StringIO("")))
edit = io.StringIO("abcdef")
edit.seek(2)
print(edit.write("XY"), repr(edit.getvalue()), edit.tell(), repr(edit.read()))
edit.seek(10)
print(edit.write("!"), repr(edit.getvalue()), edit.seek(0, 2), edit.truncate(3), repr(edit.getvalue()))
print(repr(io.StringIO("a\r\nb\rc", newline=None).getvalue()), io.StringIO("a\r\nb\rc", newline=None).readlines())
print(io.StringIO("a\r\nb\rc", newline="").readlines(), io.StringIO("a\r\nb\rc").readlines())
crlf = io.StringIO(newline="\r\n")
crlf.write("x\ny\n")
print(repr(crlf.getvalue()), io.StringIO(initial_value="kw").read(), io.StringIO(None).getvalue() == "")
print(io.StringIO("abc").readline(2), io.StringIO("abc").read(-1), io.StringIO("abc").read(None))
with io.StringIO("ctx") as s:
    print(s.read(), s.closed)
print(s.closed, io.StringIO().newlines, io.StringIO().line_buffering)
log = io.StringIO()
log.writelines(["epoch 1\n", "epoch 2\n"])
print(log.getvalue().splitlines())
for f in [lambda: io.StringIO(5), lambda: io.StringIO().write(5), lambda: io.StringIO().seek(-1),
          lambda: io.StringIO().seek(1, 1), lambda: io.StringIO().seek(0, 3), lambda: io.StringIO(newline="x"),
          lambda: s.read(), lambda: s.getvalue(), lambda: s.write("x"), lambda: next(s)]:
    try:
        print(f())
    except (TypeError, ValueError, OSError) as exc:
        print(type(exc).__name__, exc)
