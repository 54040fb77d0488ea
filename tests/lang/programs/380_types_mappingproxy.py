# types: MappingProxyType is a read-only view (reads, iteration, len, in, ==, repr, copy; item assignment is a TypeError), the mapping views dataclasses, inspect and enum return, and the type names of functions, generators, built-ins and modules
import dataclasses
import enum
import inspect
import sys
import types

base = {"b": 2, "a": 1}
view = types.MappingProxyType(base)
print(view["a"], len(view), "b" in view, list(view), view.get("z", 0))
print(sorted(view.items()), view == {"a": 1, "b": 2}, view.copy() is not base)
print(repr(view), type(view))
base["c"] = 3
print(len(view), view["c"])
try:
    view["d"] = 4
except TypeError as e:
    print("TypeError:", e)


@dataclasses.dataclass
class Point:
    x: int = dataclasses.field(default=0, metadata={"unit": "px"})


class Color(enum.Enum):
    RED = 1
    GREEN = 2


def f(a, b=2):
    pass


print(type(dataclasses.fields(Point)[0].metadata), dataclasses.fields(Point)[0].metadata["unit"])
print(type(inspect.signature(f).parameters), list(inspect.signature(f).parameters))
print(type(Color.__members__), list(Color.__members__))


def gen():
    yield 1


print(types.FunctionType is type(f), types.LambdaType is type(lambda: 0))
print(types.GeneratorType is type(gen()), types.BuiltinFunctionType is type(len), types.ModuleType is type(sys))
print(types.FunctionType.__name__, types.GeneratorType.__name__, types.BuiltinFunctionType.__name__, types.ModuleType.__name__)
