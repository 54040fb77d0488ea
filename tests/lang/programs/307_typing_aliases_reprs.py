# typing: the aliases and special forms annotations use, printed as CPython prints them; equality, hashing, __origin__/__args__, get_origin/get_args, annotations kept on functions and classes; the collections.abc classes behind the abstract aliases (isinstance of built-in values, the Mapping/MutableMapping/Sequence/Set mixins)
import typing
from typing import (Optional, List, Dict, Tuple, Set, FrozenSet, Union, Callable, Any,
                    Sequence, Mapping, Iterable, Iterator, Generator, Type, Literal,
                    Final, ClassVar, TYPE_CHECKING, MutableMapping, DefaultDict, Deque)

print(TYPE_CHECKING)
print(Optional[int], List[int], Dict[str, int], Union[int, str])
print(Callable[[int], str], Callable[[int, float], List[str]], Callable[[], None], Callable[..., int])
print(Tuple[int, ...], Tuple[()], Tuple[int, str], Set[float], FrozenSet[int])
print(Any, Sequence[int], Mapping[str, List[int]], MutableMapping[str, Any])
print(Optional[List[int]], Optional[Dict[str, Optional[int]]], Union[int, None, str])
print(Union[int], Union[int, Union[str, float]], Union[int, str, int], Union[None, int])
print(Literal['a', 'b'], Literal[1, 2, 1], Literal[True, None], Type[int], ClassVar[int], Final[int])
print(Iterable[int], Iterator[str], Generator[int, None, None], DefaultDict[str, int], Deque[float])
print(List, Dict, Tuple, Optional, Union, Callable, Sequence, Literal, ClassVar)
print(List[List[List[int]]], Dict[Tuple[int, int], Callable[[int], int]])
print(Optional["Node"], List["Node"], typing.ForwardRef("Node"))
print(Optional[int] == Union[int, None], Union[int, str] == Union[str, int], List[int] == List[int])
print(List[int] == List[str], List[int] == list, Literal[1, 2] == Literal[2, 1], Optional[int] == Optional[str])
print(hash(List[int]) == hash(List[int]), hash(Union[int, str]) == hash(Union[str, int]))
print(len({List[int], List[int], Dict[str, int]}))
print(List[int].__origin__, List[int].__args__, Dict[str, int].__args__, Tuple[int, ...].__args__)
print(Union[int, str].__args__, Optional[str].__args__, Callable[[int], str].__args__)
print(Callable[..., int].__args__, Literal['x'].__args__, ClassVar[int].__args__)
print(List.__origin__, Dict.__origin__, Type.__origin__, Tuple.__origin__, Set.__origin__)
print(typing.get_origin(List[int]), typing.get_origin(Union[int, str]) is Union, typing.get_origin(int))
print(typing.get_args(Callable[[int], str]), typing.get_args(Optional[int]), typing.get_args(int))
print(typing.get_args(Dict[str, List[int]]), typing.get_origin(Literal[1]) is Literal)
print(list[int], dict[str, int], Optional[list[int]], Union[list[int], None])
print(typing.Text, typing.Hashable, typing.Sized, typing.AbstractSet[int], typing.NoReturn)
print(typing.Annotated[int, "meta"], typing.get_args(typing.Annotated[int, "m", 2]))


def train(model: "Model", steps: int = 10, lr: Optional[float] = None,
          callbacks: List[Callable[[int], None]] = None) -> Dict[str, float]:
    return {}


print(train.__annotations__)


class Layer:
    width: int
    act: Optional[str] = None
    shape: Tuple[int, ...] = (1,)
    registry: ClassVar[Dict[str, int]] = {}


print(Layer.__annotations__, Layer.act, Layer.shape)
print(repr(Union[int, str]), str(Optional[int]), f"{List[int]}")
print(isinstance(3, Union[int, str].__args__), int in Union[int, str].__args__)


# ---- collections.abc, the origins of the abstract aliases ----
import collections.abc
from collections.abc import (Iterable, Iterator, Sized, Container, Collection, Sequence, MutableSequence,
                             Mapping, MutableMapping, Set, MutableSet, Hashable, Callable, Generator,
                             Reversible, KeysView, ItemsView, ValuesView, MappingView)
import collections
print(collections.abc.Sequence, Sequence.__module__, collections.abc.__name__)
vals = [[1], (1,), "s", {1: 2}, {1}, frozenset(), range(3), 3, None, iter([]), (x for x in []), len, {}.keys(), {}.items(), {}.values(), b"x", bytearray()]
for abc_cls in (Iterable, Iterator, Sized, Container, Collection, Sequence, MutableSequence, Mapping, MutableMapping, Set, MutableSet, Hashable, Callable, Generator, Reversible, KeysView, ItemsView, ValuesView, MappingView):
    print(f"{abc_cls.__name__:<16}", "".join("1" if isinstance(v, abc_cls) else "." for v in vals))
print(issubclass(Sequence, Iterable), issubclass(Sequence, Reversible), issubclass(Collection, Container), issubclass(KeysView, Set), issubclass(list, Sequence), issubclass(dict, Mapping))
class Config(Mapping):
    def __init__(self, **kw):
        self._d = dict(kw)
    def __getitem__(self, k):
        return self._d[k]
    def __iter__(self):
        return iter(self._d)
    def __len__(self):
        return len(self._d)
c = Config(a=1, b=2)
print(c["a"], c.get("z", 0), "a" in c, list(c.keys()), list(c.items()), list(c.values()), c == {"a": 1, "b": 2}, dict(c), len(c.keys()))
print(c.keys() & {"a", "q"}, c.keys() | {"z"} == {"a", "b", "z"}, isinstance(c, Mapping), isinstance(c, MutableMapping))
class Reg(MutableMapping):
    def __init__(self):
        self._d = {}
    def __getitem__(self, k): return self._d[k]
    def __setitem__(self, k, v): self._d[k] = v
    def __delitem__(self, k): del self._d[k]
    def __iter__(self): return iter(self._d)
    def __len__(self): return len(self._d)
r = Reg()
r.update({"x": 1}, y=2)
print(r.setdefault("z", 3), r.pop("x"), r.popitem(), dict(r), len(r))
r.clear()
print(len(r))
class Seq(Sequence):
    def __init__(self, n): self.n = n
    def __getitem__(self, i):
        if i >= self.n: raise IndexError(i)
        return i * 10
    def __len__(self): return self.n
s = Seq(4)
print(list(s), 20 in s, s.index(30), s.count(10), list(reversed(s)))
try:
    s.index(99)
except ValueError as e:
    print("ValueError", repr(e))
class Bad(Mapping):
    pass
try:
    Bad()
except TypeError as e:
    print("TypeError:", e)
class MySet(Set):
    def __init__(self, it=()): self._s = list(dict.fromkeys(it))
    def __contains__(self, x): return x in self._s
    def __iter__(self): return iter(self._s)
    def __len__(self): return len(self._s)
a, b = MySet([1, 2, 3]), MySet([2, 3, 4])
print(sorted(a & b), sorted(a | b), sorted(a - b), sorted(a ^ b), a <= MySet([1, 2, 3, 4]), a == MySet([3, 2, 1]), a.isdisjoint([9]))
print(MySet([1, 2])._hash() == frozenset([1, 2]).__hash__())
print(isinstance([1], typing.Sequence), isinstance({}, typing.Mapping), isinstance(3, typing.Iterable), issubclass(list, typing.MutableSequence), typing.Sequence.__origin__)
print(isinstance(collections.deque(), collections.abc.MutableSequence), isinstance(collections.OrderedDict(), Mapping), issubclass(collections.defaultdict, MutableMapping))
