# os.stat / os.lstat / os.path.getmtime and Path.stat / lstat / is_symlink: the fields programs read, and the errors
import os
from pathlib import Path

base = Path("_375_scratch")
base.mkdir()
st = os.stat(base)
print(type(st).__name__, len(st), isinstance(st, tuple), st.st_mode == st[0], st.st_size == st[6])
print(type(st.st_mtime).__name__, type(st.st_size).__name__, (st.st_mode & 0o170000) == 0o040000)
print(Path(base).stat() == os.stat(str(base)), base.lstat().st_mode == st.st_mode)
print(base.is_symlink(), (base / "missing").is_symlink(), base.stat(follow_symlinks=False).st_ino == st.st_ino)
print(type(os.path.getmtime(base)).__name__, os.path.getmtime(base) == st.st_mtime)
print(type(os.path.getatime(base)).__name__, type(os.path.getctime(base)).__name__)
(base / "inner").mkdir()
print(os.stat(base / "inner").st_nlink >= 2, os.stat(base).st_ino != os.stat(base / "inner").st_ino)
for bad in [lambda: os.stat(base / "missing"), lambda: (base / "missing").stat(),
            lambda: os.lstat("_375_no_such"), lambda: os.path.getmtime("_375_no_such"),
            lambda: os.stat(2.5), lambda: os.lstat(3), lambda: os.stat(None)]:
    try:
        bad()
    except (OSError, TypeError) as e:
        print(type(e).__name__ + ":", e)
print(os.stat(0).st_mode >= 0)
(base / "inner").rmdir()
base.rmdir()
print(base.exists())
