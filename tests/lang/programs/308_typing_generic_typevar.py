# typing: TypeVar (bound, constraints, variance), ParamSpec, Concatenate, TypeVarTuple, user generic classes through Generic[T] (PEP 560 __mro_entries__, __orig_bases__, __parameters__), subscripting and instantiating them, Protocol and runtime_checkable isinstance checks, the Supports* protocols, IO
from typing import TypeVar, Generic, List, Dict, Optional, Protocol, runtime_checkable, Callable
import typing

T = TypeVar('T')
K = TypeVar('K', bound=int)
V = TypeVar('V', covariant=True)
C = TypeVar('C', contravariant=True)
S = TypeVar('S', int, str)
print(T, K, V, C, S, T.__name__, K.__bound__, S.__constraints__, V.__covariant__, C.__contravariant__)
print(List[T], Dict[str, T], Dict[str, T][int], Dict[K, V][int, str], Optional[T])
print(List[T].__parameters__, Dict[K, V].__parameters__, Callable[[T], K].__parameters__)
print(T == T, T == TypeVar('T'), List[T] == List[T])


class Stack(Generic[T]):
    def __init__(self) -> None:
        self.items: List[T] = []

    def push(self, item: T) -> None:
        self.items.append(item)

    def pop(self) -> T:
        return self.items.pop()


s = Stack[int]()
s.push(3)
s.push(4)
print(s.pop(), s.items, type(s).__name__, s.__orig_class__, type(s) is Stack)
print(Stack[int], Stack[str] == Stack[str], Stack.__parameters__, Stack.__orig_bases__)
print(Stack.__mro__, Stack.__bases__, isinstance(s, Generic))
print(typing.get_origin(Stack[int]) is Stack, typing.get_args(Stack[int]))
plain = Stack()
print(plain.items, hasattr(plain, "__orig_class__"))


class Pair(Generic[K, V]):
    def __init__(self, key: K, value: V):
        self.key = key
        self.value = value

    def __repr__(self):
        return f"Pair({self.key!r}, {self.value!r})"


print(Pair(1, "a"), Pair[int, str](2, "b"), Pair[int, str], Pair.__parameters__)


class IntStack(Stack[int]):
    def total(self):
        return sum(self.items)


i = IntStack()
i.push(5)
i.push(6)
print(i.total(), IntStack.__orig_bases__, IntStack.__parameters__, IntStack.__mro__)


class Mapper(Pair[str, T]):
    pass


print(Mapper.__parameters__, Mapper[int], Mapper("k", 1))


class Box(Generic[T]):
    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        print("subclassed", cls.__name__)


class FloatBox(Box[float]):
    pass


print(FloatBox.__orig_bases__)


class SupportsClose(Protocol):
    def close(self) -> None:
        ...


@runtime_checkable
class Named(Protocol):
    name: str


class Resource:
    def close(self) -> None:
        print("closed")


def shutdown(r: SupportsClose) -> None:
    r.close()


shutdown(Resource())
print(Named.__name__, SupportsClose.__mro__[-1])

for bad in (lambda: Generic[int], lambda: Generic[T, T], lambda: Stack[int, str], lambda: Stack[int][str],
            lambda: TypeVar('X', int), lambda: TypeVar('X', int, str, bound=int),
            lambda: TypeVar('X', covariant=True, contravariant=True), lambda: List[int][str]):
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)


def make_plain_generic():
    class Bad(Generic):
        pass


for make in (make_plain_generic,):
    try:
        make()
    except TypeError as e:
        print("TypeError:", e)


# ---- ParamSpec, Concatenate and runtime-checkable protocols ----
from typing import (Callable, Concatenate, ParamSpec, TypeVar, TypeGuard, Required, NotRequired, Unpack,
                    TypeVarTuple, Protocol, runtime_checkable, SupportsInt, SupportsFloat, SupportsIndex,
                    IO, TextIO, BinaryIO, AnyStr, Awaitable, ContextManager, ChainMap, Pattern, TypedDict,
                    assert_never, assert_type, get_overloads, clear_overloads, overload, is_typeddict,
                    dataclass_transform, List, Optional)
P = ParamSpec('P')
R = TypeVar('R')
Ts = TypeVarTuple('Ts')
print(P, P.args, P.kwargs, P.__name__, Callable[P, R], Callable[Concatenate[int, P], R], Concatenate[int, P])
print(typing.get_args(Callable[P, R]), Callable[P, R].__parameters__, Callable[Concatenate[str, P], int].__args__)
print(TypeGuard[int], Required[int], NotRequired[str], Unpack[Ts], Ts, AnyStr, AnyStr.__constraints__)
print(Awaitable[int], ContextManager[int], ChainMap[str, int], Pattern[str], IO[str], TextIO, BinaryIO, IO)
def deco(fn: Callable[P, R]) -> Callable[P, R]:
    def inner(*args: P.args, **kwargs: P.kwargs) -> R:
        return fn(*args, **kwargs)
    return inner
print(deco(lambda x: x + 1)(2))
@runtime_checkable
class Closer(Protocol):
    def close(self) -> None: ...
class HasName(Protocol):
    name: str
class F:
    def close(self): pass
class G:
    close = None
print(isinstance(F(), Closer), isinstance(G(), Closer), isinstance(3, Closer), Closer._is_protocol, HasName._is_protocol)
try:
    isinstance(F(), HasName)
except TypeError as e:
    print("TypeError:", e)
try:
    Closer()
except TypeError as e:
    print("TypeError:", e)
class Impl(Closer):
    def __init__(self, v):
        self.v = v
    def close(self):
        return self.v
print(Impl(3).close(), isinstance(Impl(1), Closer), Impl._is_protocol)
class Impl2(Closer):
    pass
print(type(Impl2()).__name__)
try:
    runtime_checkable(F)
except TypeError as e:
    print("TypeError:", str(e).split(" got")[0])
print(isinstance(3, SupportsInt), isinstance("3", SupportsInt), isinstance(3.5, SupportsFloat), isinstance(3, SupportsIndex), isinstance(3.0, SupportsIndex))
