# warnings: catch_warnings(record=True) and restoring state, stacklevel, formatwarning with linecache source lines, warn_explicit
import linecache
import warnings


def deprecated_api(n):
    warnings.warn("deprecated_api(%d) is deprecated" % n, FutureWarning, stacklevel=2)
    return n * 2


def wrapper(n):
    return deprecated_api(n)


def deep(level):
    warnings.warn("level %d" % level, stacklevel=level)


with warnings.catch_warnings(record=True) as log:
    warnings.simplefilter("always")
    wrapper(1)
    deprecated_api(2)
    for level in (1, 2, 3):
        deep(level)
    warnings.warn_explicit("explicit", UserWarning, "somewhere.py", 42)
    warnings.warn_explicit("explicit module", UserWarning, "mod.py", 7, module="mod", registry={})
for w in log:
    print(w.category.__name__, "|", w.message, "|", w.filename.rsplit("/", 1)[-1], w.lineno, w.line)
    print("   ", type(w.message).__name__, isinstance(w.message, Warning))

with warnings.catch_warnings():
    warnings.simplefilter("error")
    try:
        wrapper(3)
    except FutureWarning as e:
        print("inside: error", e)
with warnings.catch_warnings(record=True) as log:
    wrapper(3)
print("after exit the filters are back:", len(log))

with warnings.catch_warnings(action="ignore"):
    wrapper(4)
    print("ignored inside", len(warnings.filters) > 0)

text = warnings.formatwarning("a message", UserWarning, __file__, 7)
print(repr(text.split(": ", 1)[1]))
print(repr(warnings.formatwarning("m", DeprecationWarning, "nofile.py", 3)))
print(repr(warnings.formatwarning("m", DeprecationWarning, "nofile.py", 3, line="  given line  ")))
print(repr(linecache.getline(__file__, 1)[:30]))
print(repr(linecache.getline(__file__, 100000)), repr(linecache.getline("no_such_file.py", 1)))
print(len(linecache.getlines(__file__)) > 40)

cm = warnings.catch_warnings()
print(repr(cm), repr(warnings.catch_warnings(record=True)))
with cm:
    try:
        cm.__enter__()
    except RuntimeError as e:
        print("RuntimeError", str(e))
try:
    warnings.catch_warnings().__exit__(None, None, None)
except RuntimeError as e:
    print("RuntimeError", str(e))
wrapper(5)
