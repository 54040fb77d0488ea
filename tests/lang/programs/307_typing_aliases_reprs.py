# typing: the aliases and special forms annotations use, printed as CPython prints them; equality, hashing, __origin__/__args__, get_origin/get_args, and annotations kept on functions and classes
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
