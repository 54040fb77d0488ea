"""importlib for refc: importing a module by its name at run time.

After CPython 3.11's Lib/importlib/__init__.py: import_module (absolute
names, and relative ones given a package, with CPython's messages) and
invalidate_caches; importlib.util (find_spec) is its own module. refc runs
each module once and cannot run it again, so reload raises
NotImplementedError.
"""

import sys

__all__ = ['import_module', 'invalidate_caches', 'reload']


def _resolve_name(name, package, level):
    bits = package.rsplit('.', level - 1)
    if len(bits) < level:
        raise ImportError('attempted relative import beyond top-level package')
    base = bits[0]
    return f'{base}.{name}' if name else base


def import_module(name, package=None):
    """The module called name, imported if it was not yet ("pkg.mod" gives pkg.mod)."""
    level = 0
    if name.startswith('.'):
        if not package:
            raise TypeError("the 'package' argument is required to perform a "
                            f"relative import for {name!r}")
        for character in name:
            if character != '.':
                break
            level += 1
        name = _resolve_name(name[level:], package, level)
    if name in sys.modules:
        return sys.modules[name]
    __import__(name)
    return sys.modules[name]


def invalidate_caches():
    """Nothing to do: refc's module finders keep no caches."""


def reload(module):
    """Not available: refc runs a module's code only once (the argument is
    checked first, with CPython's errors)."""
    if type(module).__name__ != 'module':
        raise TypeError("reload() argument must be a module")
    name = module.__name__
    if sys.modules.get(name) is not module:
        raise ImportError(f"module {name} not in sys.modules", name=name)
    raise NotImplementedError("importlib.reload() is not supported: refc runs a module "
                              "only once")


# importlib.util is there without importing it, as in a CPython program
# (whose start-up imports it).
from importlib import util
