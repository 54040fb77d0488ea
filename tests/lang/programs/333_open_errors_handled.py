# open() failures and misuse, caught: the OSError subclasses with errno/strerror/filename, io.UnsupportedOperation, closed files, bad modes and arguments
import io
import os

NAME = "_333_scratch.txt"
with open(NAME, "w") as f:
    f.write("data\n")


def attempt(label, action):
    try:
        result = action()
        print(label, "->", repr(result))
    except OSError as exc:
        print(label, "!", type(exc).__name__, exc, "|", exc.errno, exc.strerror, exc.filename)
    except (ValueError, TypeError, LookupError) as exc:
        print(label, "!", type(exc).__name__, exc)


attempt("missing", lambda: open("_333_no_such_file.txt"))
attempt("missing dir", lambda: open("_333_no_such_dir/x.txt", "w"))
attempt("exists", lambda: open(NAME, "x"))
attempt("directory", lambda: open("."))
for mode in ["rw", "z", "rbt", "b", "+", "rr", "wa", "U"]:
    attempt("mode " + mode, lambda: open(NAME, mode))
attempt("encoding in binary", lambda: open(NAME, "rb", encoding="utf-8"))
attempt("errors in binary", lambda: open(NAME, "rb", errors="strict"))
attempt("newline in binary", lambda: open(NAME, "rb", newline=""))
attempt("unknown encoding", lambda: open(NAME, encoding="no-such-codec"))
attempt("file type", lambda: open(3.5))
attempt("mode type", lambda: open(NAME, 1))
attempt("encoding type", lambda: open(NAME, encoding=8))

reader = open(NAME)
writer = open(NAME, "a")
breader = open(NAME, "rb")
bwriter = open(NAME, "ab")
attempt("read writer", lambda: writer.read())
attempt("readline writer", lambda: writer.readline())
attempt("write reader", lambda: reader.write("x"))
attempt("binary read writer", lambda: bwriter.read())
attempt("binary write reader", lambda: breader.write(b"x"))
attempt("write bytes to text", lambda: writer.write(b"x"))
attempt("write str to binary", lambda: bwriter.write("x"))
attempt("write int", lambda: writer.write(5))
attempt("read arg", lambda: reader.read("all"))
attempt("text cur seek", lambda: reader.seek(3, 1))
attempt("text end seek", lambda: reader.seek(-1, 2))
attempt("text negative seek", lambda: reader.seek(-1))
attempt("binary whence", lambda: breader.seek(0, 7))
attempt("truncate reader", lambda: reader.truncate())
attempt("tell after next", lambda: (next(reader), reader.tell()))
for f in [reader, writer, breader, bwriter]:
    f.close()
attempt("closed read", lambda: reader.read())
attempt("closed write", lambda: writer.write("x"))
attempt("closed readline", lambda: reader.readline())
attempt("closed iteration", lambda: next(reader))
attempt("closed with", lambda: reader.__enter__())
attempt("closed seek", lambda: reader.seek(0))
attempt("closed tell", lambda: reader.tell())
attempt("closed flush", lambda: writer.flush())
attempt("closed binary read", lambda: breader.read())
attempt("closed binary readline", lambda: breader.readline())
attempt("closed binary write", lambda: bwriter.write(b"x"))
attempt("closed binary seek", lambda: breader.seek(0))
attempt("closed binary flush", lambda: bwriter.flush())
attempt("closed attributes", lambda: (reader.closed, reader.name, breader.name, repr(breader)))
print(issubclass(io.UnsupportedOperation, OSError), io.UnsupportedOperation.__module__, io.UnsupportedOperation.__name__)
try:
    open(NAME).write("x")
except io.UnsupportedOperation as exc:
    print("caught", type(exc).__name__, exc)
with open(NAME, "wb") as f:
    f.write(b"good\n\xff\xfe bad\n")
attempt("bad utf-8", lambda: open(NAME).read())
attempt("bad utf-8 readline", lambda: open(NAME).readline())
attempt("replace", lambda: open(NAME, errors="replace").read())
attempt("latin-1", lambda: open(NAME, encoding="latin-1").readlines())
attempt("ascii write", lambda: open(NAME, "w", encoding="ascii").write("é"))
os.remove(NAME)
print(os.path.exists(NAME))
