# pathlib on the file system: mkdir (parents, exist_ok), exists/is_dir/is_file, iterdir, glob/rglob, rename, rmdir, cwd/absolute/resolve
import os
from pathlib import Path

base = Path("_373_scratch")
base.mkdir()
(base / "runs" / "exp1" / "ckpt").mkdir(parents=True)
(base / "runs" / "exp2").mkdir(parents=True, exist_ok=True)
(base / "runs" / "exp2").mkdir(exist_ok=True)
(base / "data.d").mkdir()
(base / ".hidden").mkdir()
try:
    base.mkdir()
except FileExistsError as e:
    print("FileExistsError:", e)
try:
    (base / "missing" / "child").mkdir()
except FileNotFoundError as e:
    print("FileNotFoundError:", e)
print(base.exists(), base.is_dir(), base.is_file(), (base / "nope").exists(), (base / "nope").is_dir())
print(sorted(p.name for p in base.iterdir()))
print(sorted(str(p) for p in (base / "runs").iterdir()))
print(sorted(str(p) for p in base.glob("*")))
print(sorted(str(p) for p in base.glob("runs/exp*")))
print(sorted(str(p) for p in base.glob("*.d")))
print(sorted(str(p) for p in base.glob("**")))
print(sorted(str(p) for p in base.glob("**/ckpt")))
print(sorted(str(p) for p in base.rglob("exp?")))
print(sorted(str(p) for p in base.glob("runs/*/")))
print(list(base.glob("no-match-*")), list(base.glob("runs/exp1/ckpt")))
try:
    list(base.glob(""))
except ValueError as e:
    print("ValueError:", e)
try:
    list(base.glob("/abs"))
except NotImplementedError as e:
    print("NotImplementedError:", e)
moved = (base / "runs" / "exp2").rename(base / "runs" / "exp3")
print(repr(moved), moved.exists(), (base / "runs" / "exp2").exists())
print(os.path.isdir(base / "runs"), os.path.exists(moved), sorted(os.listdir(base / "runs")))
print(Path.cwd().is_absolute(), Path("x").absolute() == Path.cwd() / "x", Path(".").resolve() == Path.cwd())
print((base / "runs" / ".." / "data.d").resolve() == (base / "data.d").resolve(), base.absolute().is_absolute())
for path in sorted(base.rglob("*"), reverse=True):
    path.rmdir()
try:
    (base / "runs").rmdir()
except FileNotFoundError as e:
    print("FileNotFoundError:", e)
base.rmdir()
print(base.exists())
