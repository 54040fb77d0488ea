"""importlib.util for refc: finding a module's spec without naming it in an import.

After CPython 3.11's Lib/importlib/util.py: find_spec, resolve_name and the
ModuleSpec it returns. Every refc module is built in, so a spec's origin is
'built-in' and it has no location. refc has no import hooks that could find
a module without running it: find_spec imports the module to learn whether
it exists (None when it does not), as CPython does for the parents of a
dotted name.
"""

import sys

import importlib

__all__ = ['find_spec', 'resolve_name', 'ModuleSpec']


class BuiltinImporter:
    """The loader of built-in modules (its name and module are CPython's)."""


BuiltinImporter.__module__ = '_frozen_importlib'


class ModuleSpec:
    """What the import system knows of a module: its name, loader and origin."""

    def __init__(self, name, loader, *, origin=None, loader_state=None, is_package=None):
        self.name = name
        self.loader = loader
        self.origin = origin
        self.loader_state = loader_state
        self.submodule_search_locations = [] if is_package else None
        self.cached = None
        self.has_location = False

    @property
    def parent(self):
        """The name of the package the module belongs to ('' at top level)."""
        if self.submodule_search_locations is None:
            return self.name.rpartition('.')[0]
        return self.name

    def __repr__(self):
        args = [f'name={self.name!r}', f'loader={self.loader!r}']
        if self.origin is not None:
            args.append(f'origin={self.origin!r}')
        if self.submodule_search_locations is not None:
            args.append(f'submodule_search_locations={self.submodule_search_locations}')
        return f'{self.__class__.__name__}({", ".join(args)})'

    def __eq__(self, other):
        if not isinstance(other, ModuleSpec):
            return NotImplemented
        return (self.name == other.name and self.loader == other.loader and
                self.origin == other.origin and
                self.submodule_search_locations == other.submodule_search_locations)


def resolve_name(name, package):
    """The absolute name of a (possibly relative) module name within package."""
    if not name.startswith('.'):
        return name
    elif not package:
        raise ImportError(f'no package specified for {repr(name)} '
                          '(required for relative module names)')
    level = 0
    for character in name:
        if character != '.':
            break
        level += 1
    return importlib._resolve_name(name[level:], package, level)


def find_spec(name, package=None):
    """The ModuleSpec of the module called name, or None when there is none."""
    fullname = resolve_name(name, package) if name.startswith('.') else name
    if fullname in sys.modules:
        module = sys.modules[fullname]
        if module is None:
            return None
        spec = getattr(module, '__spec__', None)
        if spec is not None:
            return spec
    parent_name = fullname.rpartition('.')[0]
    if parent_name:
        parent = importlib.import_module(parent_name)
        if not hasattr(parent, '__path__') and not hasattr(parent, fullname.rpartition('.')[2]):
            try:
                importlib.import_module(fullname)
            except ModuleNotFoundError as e:
                raise ModuleNotFoundError(
                    f"__path__ attribute not found on {parent_name!r} "
                    f"while trying to find {fullname!r}", name=fullname) from e
    try:
        importlib.import_module(fullname)
    except ModuleNotFoundError as e:
        if e.name == fullname:
            return None
        raise
    return ModuleSpec(fullname, BuiltinImporter, origin='built-in')
