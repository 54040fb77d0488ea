# from __future__ import annotations (PEP 563): annotations of functions, classes and modules are stored as their source text, as CPython's compiler writes it back; dataclasses still see ClassVar/InitVar/KW_ONLY through the strings, inspect shows them quoted, typing.get_type_hints evaluates them
from __future__ import annotations

import __future__
import dataclasses
import inspect
import typing
from dataclasses import InitVar, KW_ONLY, dataclass, field, fields
from typing import Callable, ClassVar, Dict, List, Optional, Tuple, Union

print(annotations, __future__.annotations.getMandatoryRelease(), __future__.all_feature_names[-1])
limit: int = 10
scale: float
print(__annotations__)


def train(model: Model, steps: int = 10, lr: Optional[float] = None,
          callbacks: List[Callable[[int], None]] = (), *hooks: Hook,
          log: Dict[str, Tuple[int, ...]] | None = None, **extra: float) -> Dict[str, float]:
    return {}


for name, text in train.__annotations__.items():
    print(f"{name:<10} {text!r}")
print(inspect.signature(train))


def shapes(a: list[int], b: 1 + 2 * 3, c: (1 + 2) * 3, d: -x ** 2, e: x if y else z,
           f: lambda q: q, g: [1, 'two', 3.5, None, True], h: {"k": v for v in w},
           i: a[1:2, ::3], j: Literal['a', "b"], k: f"{x!r:>{width}}", l: not x or y,
           m: x < y <= z, n: (1,), o: "quoted", p: 1e400) -> Tuple[()]:
    pass


for name, text in shapes.__annotations__.items():
    print(f"{name:<3} {text}")


class Model:
    layers: int = 2
    name: "str" = "m"
    registry: ClassVar[Dict[str, int]] = {}

    def forward(self, x: Tensor, mask: Optional[Tensor] = None) -> Tensor:
        return x


print(Model.__annotations__, inspect.signature(Model.forward))


@dataclass
class Config:
    n_layer: int = 12
    dropout: float = 0.0
    names: List[str] = field(default_factory=list)
    count: ClassVar[int] = 0
    typed_count: typing.ClassVar[int] = 0
    seed: InitVar[int] = 0
    scaled: dataclasses.InitVar[float] = 1.0
    _: KW_ONLY
    verbose: bool = False

    def __post_init__(self, seed, scaled):
        self.dropout = self.dropout * scaled + seed


c = Config(2, 0.5, seed=1, scaled=2.0, verbose=True)
print(c, [f.name for f in fields(c)], [f.type for f in fields(c)])
print(Config.__doc__)
print(inspect.signature(Config))


class Node:
    value: int
    next: Optional[Node] = None
    children: List[Node]
    either: Union[int, str]
    maybe: int | None


print(typing.get_type_hints(Node))
print(typing.get_type_hints(train.__wrapped__ if hasattr(train, "__wrapped__") else Model.forward, {"Tensor": int, "Optional": Optional}))
