"""types: names for the interpreter's built-in types, and MappingProxyType
(the read-only view of a dict that dataclasses' field metadata, inspect's
Signature.parameters and an enum's __members__ are), as CPython 3.11 has them."""

import sys


class mappingproxy:
    """A read-only view of a mapping: reads go through, there is no way to write."""

    def __init__(self, mapping):
        self._mapping = mapping

    def __getitem__(self, key):
        return self._mapping[key]

    def __iter__(self):
        return iter(self._mapping)

    def __len__(self):
        return len(self._mapping)

    def __contains__(self, key):
        return key in self._mapping

    def __eq__(self, other):
        return self._mapping == other

    def __repr__(self):
        return "mappingproxy(%r)" % (self._mapping,)

    def __str__(self):
        return str(self._mapping)

    def get(self, key, default=None):
        return self._mapping.get(key, default)

    def keys(self):
        return self._mapping.keys()

    def values(self):
        return self._mapping.values()

    def items(self):
        return self._mapping.items()

    def copy(self):
        return self._mapping.copy()


mappingproxy.__module__ = "builtins"  # <class 'mappingproxy'>, as CPython prints the type
MappingProxyType = mappingproxy


def _function():
    pass


def _generator():
    yield


FunctionType = LambdaType = type(_function)
GeneratorType = type(_generator())
BuiltinFunctionType = BuiltinMethodType = type(len)
ModuleType = type(sys)
