# importlib: import_module of built-in and standard modules (dotted names too), sys.modules caching, relative names with and without a package, the errors for missing modules, and importlib.util.find_spec/resolve_name (the optional-dependency check)
import importlib
import importlib.util
import sys

math_module = importlib.import_module("math")
print(math_module.sqrt(16.0), math_module is sys.modules["math"])
import math
print(math_module is math)
path = importlib.import_module("os.path")
print(path.join("a", "b"), path.__name__)
dc = importlib.import_module("dataclasses")
print(dc.is_dataclass(3), "dataclasses" in sys.modules)
names = ["json", "collections", "functools", "itertools"]
modules = [importlib.import_module(n) for n in names]
print([m.__name__ for m in modules])
import collections
print(importlib.import_module("collections").OrderedDict is collections.OrderedDict)
importlib.invalidate_caches()

for name, package in [("no_such_module_xyz", None), ("os.nothing_here", None), (".relative", None), ("..up", None)]:
    try:
        importlib.import_module(name, package)
    except (ImportError, TypeError) as e:
        print(type(e).__name__ + ":", e)
try:
    importlib.import_module("math.sqrt")
except ModuleNotFoundError as e:
    print("ModuleNotFoundError:", e, e.name)
try:
    importlib.import_module("no_such_module_xyz")
except ImportError as e:
    print(type(e).__name__, e.name, isinstance(e, ImportError))


# ---- importlib.util ----
print(importlib.util.find_spec("math") is not None, importlib.util.find_spec("no_such_mod_abc") is None)
print(importlib.util.find_spec("math").name, importlib.util.find_spec("math").parent, importlib.util.find_spec("json").name, importlib.util.find_spec("json.decoder").parent)
print(importlib.util.resolve_name(".x", "pkg"), importlib.util.resolve_name("abs", None))
try:
    importlib.util.resolve_name(".x", None)
except ImportError as e:
    print("ImportError:", e)
optional = {name: importlib.util.find_spec(name) is not None for name in ("json", "wandb", "tensorboard", "typing")}
print(optional)
print(importlib.util is sys.modules["importlib.util"], sorted(n for n in ("util", "import_module") if hasattr(importlib, n)))
try:
    importlib.reload(3)
except TypeError as e:
    print("TypeError:", e)
