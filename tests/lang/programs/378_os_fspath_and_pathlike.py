# os.fspath and os.PathLike: path objects in os and os.path calls, isinstance checks, and the TypeErrors for non-paths
import os
from pathlib import Path, PurePath, PurePosixPath


class Checkpoint(os.PathLike):
    def __init__(self, step):
        self.step = step

    def __fspath__(self):
        return "ckpt_%03d.pt" % self.step


class Duck:
    def __fspath__(self):
        return "duck.txt"


class BadPath:
    def __fspath__(self):
        return 42


print(os.fspath("plain"), os.fspath(Path("a/b")), os.fspath(Checkpoint(7)), os.fspath(Duck()))
print(isinstance(Path("x"), os.PathLike), isinstance(PurePosixPath("x"), os.PathLike), isinstance("x", os.PathLike))
print(issubclass(PurePath, os.PathLike), isinstance(Checkpoint(1), os.PathLike), os.PathLike.__name__, os.PathLike.__module__)
print(os.path.join(Path("runs"), Checkpoint(3)), os.path.join("runs", Duck()), os.path.basename(Checkpoint(12)))
print(os.path.splitext(Checkpoint(5)), os.path.dirname(Path("a/b/c.txt")), os.path.exists(Checkpoint(9)))
print(Path(Checkpoint(2)), Path("dir") / Checkpoint(4), PurePath(Duck()).suffix)
print(os.path.isabs(Path("/x")), os.path.normpath(Path("a//b/../c")), os.path.split(Path("a/b")))
for bad in [lambda: os.fspath(3), lambda: os.fspath(None), lambda: os.fspath(BadPath()),
            lambda: os.path.join(Path("a"), 5), lambda: os.path.exists(BadPath()),
            lambda: os.listdir(2.5), lambda: Path(BadPath()), lambda: os.mkdir(None)]:
    try:
        bad()
    except TypeError as e:
        print("TypeError:", e)
base = Path("_378_scratch")
os.mkdir(base)
os.makedirs(base / "a" / "b", exist_ok=True)
print(sorted(os.listdir(base)), os.path.isdir(base / "a" / "b"), os.path.isfile(base))
os.rename(base / "a" / "b", base / "a" / "c")
print(os.listdir(base / "a"))
os.rmdir(base / "a" / "c")
os.rmdir(base / "a")
os.rmdir(base)
print(os.path.exists(base))
