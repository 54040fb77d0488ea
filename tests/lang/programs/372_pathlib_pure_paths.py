# pathlib pure paths: parsing, str/repr, name/stem/suffix(es), parent(s), parts, /, joinpath, with_*, relative_to, match, ordering, os.fspath
import os
from pathlib import Path, PurePath, PurePosixPath, PosixPath

p = Path("runs", "exp1//ckpt/./model.tar.gz")
print(p, repr(p), p.name, p.stem, p.suffix, p.suffixes, p.parts)
print(repr(p.parent), [str(x) for x in p.parents], repr(p.parents), len(p.parents))
print(p.parents[0], p.parents[-1], p.parents[1:3], p.parents[-2])
for text in ["", ".", "/", "//", "///", "//srv/share", "///usr//lib/", "a/..", "../x", "~/cfg"]:
    q = PurePath(text)
    print(repr(text), repr(q), repr(q.name), q.parts, repr(q.anchor), repr(q.root), q.is_absolute())
print(repr(PurePath("x")), repr(PurePosixPath("a", "b")), type(Path("a")).__name__, type(PurePath()).__name__)

root = Path("/usr") / "lib" / "python3.11"
print(repr(root), root.is_absolute(), root.drive == "", root / "/etc" / "hosts", "/opt" / Path("bin"))
print(Path("a").joinpath("b", Path("c"), "d.py"), Path("a", Path("/abs"), "c"))
print(p.with_name("best.pt"), p.with_suffix(".zip"), Path("notes.txt").with_suffix(""), Path("a/b.py").with_stem("c"))
print(Path("archive.tar.gz").with_suffix(".bz2"), Path("README").with_suffix(".md"))
print(root.relative_to("/usr"), root.relative_to("/"), Path("a/b/c").relative_to("a"), Path("a/b").relative_to("a", "b"))
print(root.is_relative_to("/usr"), root.is_relative_to("/etc"))
for name, p2 in [(".bashrc", Path(".bashrc")), ("a.", Path("a.")), ("x.tar.", Path("x.tar.")), ("..", Path("..")), ("a..b", Path("a..b"))]:
    print(name, repr(p2.suffix), repr(p2.stem), p2.suffixes)


def attempt(fn):
    try:
        print(fn())
    except (ValueError, TypeError) as e:
        print(type(e).__name__ + ":", e)


attempt(lambda: root.relative_to("/etc"))
attempt(lambda: Path("a").relative_to("/a"))
attempt(lambda: Path("/").with_name("x"))
attempt(lambda: p.with_name("a/b"))
attempt(lambda: p.with_name(""))
attempt(lambda: p.with_suffix("zip"))
attempt(lambda: p.with_suffix("."))
attempt(lambda: p.with_suffix("./x"))
attempt(lambda: Path(3))
attempt(lambda: Path("a") / 3)
attempt(lambda: 3 / Path("a"))
attempt(lambda: Path("a").relative_to())
attempt(lambda: Path("a") < "b")

print(Path("a") == Path("a/"), Path("a") == PurePosixPath("a"), Path("a") == "a", Path("a/b") != Path("a"))
print(sorted([Path("b"), Path("a/c"), Path("a"), Path("/z")]), Path("a") < Path("b"), Path("b") >= Path("a/c"))
print(hash(Path("a/b")) == hash(PurePosixPath("a/b")), len({Path("x"), Path("x/"), PurePath("x")}))
print(isinstance(Path("a"), PurePath), isinstance(Path("a"), PosixPath), isinstance(PurePath("a"), Path))
print(os.fspath(Path("x/y")), os.fspath("plain"), str(Path("a/b")), Path("a/b").as_posix(), Path("/a b").as_uri(), Path("/caf\u00e9/x%y").as_uri())
print(os.path.join(Path("base"), "file.txt"), os.path.basename(Path("dir/file.txt")), os.path.splitext(Path("a/b.py")))
attempt(lambda: os.fspath(3))
print(Path("a/b.py").match("*.py"), Path("/a/b.py").match("/*.py"), Path("/b.py").match("/*.py"))
print(Path("a/b/c.py").match("b/*.py"), Path("a.txt").match("*.py"), Path("x/data_01.bin").match("data_0[0-9].bin"))
print(Path("x/data_1.bin").match("data_?.b?n"), Path("x/Y.txt").match("[!x]*"))
