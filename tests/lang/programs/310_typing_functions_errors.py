# typing: cast, overload with get_overloads/clear_overloads, assert_never, assert_type, dataclass_transform, is_typeddict, no_type_check, final, NewType, get_type_hints (classes over the MRO, functions, string annotations), and the TypeErrors of misused special forms and aliases
import functools
import sys
import typing
from typing import (Any, Callable, ClassVar, Dict, Final, Generic, List, Optional, Tuple,
                    TypeVar, Union, cast, get_type_hints, no_type_check, overload)

T = TypeVar('T')
print(cast(int, "not an int"), cast("List[int]", [1]), cast(Optional[str], None))


@overload
def double(x: int) -> int: ...


@overload
def double(x: str) -> str: ...


def double(x):
    return x * 2


print(double(3), double("ab"))


@overload
def only_overload(x: int) -> int: ...


try:
    only_overload(1)
except NotImplementedError as e:
    print("NotImplementedError:", e)


@no_type_check
def untyped(a: "whatever") -> "nothing":
    return a


print(untyped(5), untyped.__no_type_check__, get_type_hints(untyped))


@typing.final
class Leaf:
    @typing.final
    def method(self):
        return 1


print(Leaf().method(), Leaf.__final__)
UserId = typing.NewType('UserId', int)
print(UserId(5), UserId.__name__, UserId.__supertype__)


class Base:
    a: int
    b: "str"


class Node(Base):
    value: Optional[int] = None
    next: "Optional[Node]" = None
    children: "List[Node]"
    mapping: "Dict[str, Tuple[int, ...]]"
    both: "int | None"
    count: ClassVar[int] = 0


print(get_type_hints(Base))
print(get_type_hints(Node))


def fn(x: int, y: "Node", z: None = None, *args: "str", **kw: float) -> "List[Node]":
    return []


print(get_type_hints(fn))
print(get_type_hints(lambda: 0), get_type_hints(Leaf))


def attempt(what, make):
    try:
        result = make()
    except TypeError as e:
        print(what, "-> TypeError:", e)
    else:
        print(what, "->", result)


attempt("List[int, str]", lambda: List[int, str])
attempt("Dict[str]", lambda: Dict[str])
attempt("Optional[int, str]", lambda: Optional[int, str])
attempt("Union[()]", lambda: Union[()])
attempt("Union[3, (1, 2)]", lambda: Union[3, (1, 2)])
attempt("List()", lambda: List())
attempt("Dict()", lambda: Dict())
attempt("Union()", lambda: Union())
attempt("Optional()", lambda: Optional())
attempt("Callable[int]", lambda: Callable[int])
attempt("Callable[[int], (1, 2)]", lambda: Callable[[int], (1, 2)])
attempt("List[ClassVar[int]]", lambda: List[ClassVar[int]])
attempt("List[Final[int]]", lambda: List[Final[int]])
attempt("List[ClassVar]", lambda: List[ClassVar])
attempt("Optional[Union]", lambda: Optional[Union])
attempt("List[int][str]", lambda: List[int][str])
attempt("Tuple[int][str]", lambda: Tuple[int][str])
attempt("Generic[int]", lambda: Generic[int])
attempt("Generic[()]", lambda: Generic[()])
attempt("ClassVar[int, str]", lambda: ClassVar[int, str])
attempt("ForwardRef(1)", lambda: typing.ForwardRef(1))


def subclass(base):
    def make():
        class Sub(base):
            pass
        return Sub
    return make


attempt("class Sub(Union)", subclass(Union))
attempt("class Sub(Optional[int])", subclass(Optional[int]))
attempt("class Sub(ClassVar)", subclass(ClassVar))
attempt("class Sub(Generic)", subclass(Generic))
attempt("Any()", lambda: Any())
attempt("Any[int]", lambda: Any[int])
attempt("class Sub(Any)", subclass(Any))
print(Any, type(Any).__name__, Any.__module__, repr(Any), Optional[Any], List[Any])
attempt("isinstance(1, Any)", lambda: isinstance(1, Any))
attempt("isinstance(1, Union)", lambda: isinstance(1, Union))
attempt("issubclass(int, ClassVar)", lambda: issubclass(int, ClassVar))
attempt("isinstance([], List[int])", lambda: isinstance([], List[int]))
attempt("issubclass(list, List[int])", lambda: issubclass(list, List[int]))
print(isinstance([], List), isinstance({}, Dict), isinstance((), Tuple), isinstance([], Dict), issubclass(dict, Dict))
print(isinstance(3, Optional[int]), isinstance(None, Optional[int]), isinstance("a", Optional[int]))
print(isinstance("a", Union[int, str]), issubclass(bool, Union[int, str]), issubclass(float, Union[int, str]))
print(isinstance(3, (str, Union[int, float])), isinstance(int, typing.Type), isinstance(3, int | str))


# ---- the remaining functions ----
from typing import (Callable, Concatenate, ParamSpec, TypeVar, TypeGuard, Required, NotRequired, Unpack,
                    TypeVarTuple, Protocol, runtime_checkable, SupportsInt, SupportsFloat, SupportsIndex,
                    IO, TextIO, BinaryIO, AnyStr, Awaitable, ContextManager, ChainMap, Pattern, TypedDict,
                    assert_never, assert_type, get_overloads, clear_overloads, overload, is_typeddict,
                    dataclass_transform, List, Optional)
try:
    assert_never(5)
except AssertionError as e:
    print("AssertionError:", e)
try:
    assert_never("x" * 200)
except AssertionError as e:
    print("AssertionError:", e)
print(assert_type(5, int))
@overload
def f(x: int) -> int: ...
@overload
def f(x: str) -> str: ...
def f(x): return x
print(len(get_overloads(f)), [o.__annotations__ for o in get_overloads(f)])
clear_overloads()
print(get_overloads(f))
class Movie(TypedDict):
    name: str
print(is_typeddict(Movie), is_typeddict(dict), is_typeddict(3))
@dataclass_transform(kw_only_default=True)
def model(cls): return cls
print(model.__dataclass_transform__)
try:
    Concatenate[int, str]
except TypeError as e:
    print("TypeError:", e)
try:
    Concatenate[()]
except TypeError as e:
    print("TypeError:", e)


class Measured:
    size: typing.Annotated[int, "bytes"]
    name: "typing.Annotated[str, 'label']"


print(get_type_hints(Measured), get_type_hints(Measured, include_extras=True))


# ---- get_type_hints: class namespaces, localns, modules, wrapped functions ----
class Outer:
    class Inner:
        pass
    field: "Inner"
    other: "List[Inner]"
print(get_type_hints(Outer))
Inner = int
class Outer2:
    class Inner:
        pass
    field: "Inner"
print(get_type_hints(Outer2))
def f(a: "Optional[Outer]") -> "int": pass
print(get_type_hints(f), get_type_hints(f, localns={"Outer": str}))
x: "List[int]" = []
print(get_type_hints(sys.modules[__name__]))
def deco(fn):
    @functools.wraps(fn)
    def w(*a): return fn(*a)
    return w
@deco
def g(q: "Outer2") -> None: pass
print(get_type_hints(g))
