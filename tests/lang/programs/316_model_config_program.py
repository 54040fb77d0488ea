# a training script written the usual way: a dataclass config with typing annotations, a registry keyed by name, inspect.signature to pick constructor arguments, importlib to load a module by name, asdict for logging
import importlib
import inspect
import math
from dataclasses import MISSING, asdict, dataclass, field, fields, replace
from typing import Any, Callable, Dict, List, Optional, Tuple, Type, TypeVar, Union

T = TypeVar("T")


@dataclass
class OptimizerConfig:
    name: str = "adamw"
    lr: float = 3e-4
    betas: Tuple[float, float] = (0.9, 0.95)
    weight_decay: float = 0.1


@dataclass
class GPTConfig:
    block_size: int = 1024
    vocab_size: int = 50304
    n_layer: int = 12
    n_head: int = 12
    n_embd: int = 768
    dropout: float = 0.0
    bias: bool = True
    optim: OptimizerConfig = field(default_factory=OptimizerConfig)
    tags: List[str] = field(default_factory=list)

    def __post_init__(self):
        if self.n_embd % self.n_head != 0:
            raise ValueError(f"n_embd={self.n_embd} is not divisible by n_head={self.n_head}")

    @property
    def head_dim(self) -> int:
        return self.n_embd // self.n_head


REGISTRY: Dict[str, Type[Any]] = {}


def register(name: str) -> Callable[[Type[T]], Type[T]]:
    def wrap(cls: Type[T]) -> Type[T]:
        REGISTRY[name] = cls
        return cls
    return wrap


@register("mlp")
class MLP:
    def __init__(self, n_embd: int, dropout: float = 0.0, bias: bool = True) -> None:
        self.n_embd = n_embd
        self.hidden = 4 * n_embd
        self.dropout = dropout
        self.bias = bias

    def __repr__(self) -> str:
        return f"MLP(n_embd={self.n_embd}, hidden={self.hidden}, dropout={self.dropout}, bias={self.bias})"


@register("attention")
class Attention:
    def __init__(self, n_embd: int, n_head: int, block_size: int, *, causal: bool = True) -> None:
        self.shape = (n_head, n_embd // n_head)
        self.block_size = block_size
        self.causal = causal

    def __repr__(self) -> str:
        return f"Attention(shape={self.shape}, block_size={self.block_size}, causal={self.causal})"


def build(name: str, config: GPTConfig, **overrides: Any) -> Any:
    cls = REGISTRY[name]
    sig = inspect.signature(cls)
    values = asdict(config)
    kwargs = {p.name: values[p.name] for p in sig.parameters.values() if p.name in values}
    kwargs.update(overrides)
    bound = sig.bind(**kwargs)
    bound.apply_defaults()
    print(f"build {name}{sig} <- {dict(bound.arguments)}")
    return cls(*bound.args, **bound.kwargs)


config = GPTConfig(n_layer=4, n_head=4, n_embd=256, tags=["tiny"])
print(config)
print(config.head_dim, config.optim.lr, config == GPTConfig(n_layer=4, n_head=4, n_embd=256, tags=["tiny"]))
for f in fields(config):
    print(f"  {f.name:<10} {str(f.type):<28} default={f.default if f.default is not MISSING else '<factory>'}")
print(build("mlp", config), build("attention", config, causal=False))
small = replace(config, n_layer=2, optim=replace(config.optim, lr=1e-3))
print(small.n_layer, small.optim, config.optim.lr)
log = asdict(small)
print(sorted(log), log["optim"])
try:
    GPTConfig(n_embd=100, n_head=3)
except ValueError as e:
    print("ValueError:", e)
try:
    build("mlp", config, width=3)
except TypeError as e:
    print("TypeError:", e)

schedule_module = importlib.import_module("math")


def cosine_lr(step: int, total: int, base: float, floor: Optional[float] = None) -> float:
    low = 0.0 if floor is None else floor
    return low + 0.5 * (base - low) * (1 + schedule_module.cos(math.pi * step / total))


print(inspect.signature(cosine_lr))
print([round(cosine_lr(s, 10, config.optim.lr), 7) for s in range(0, 11, 5)])
Number = Union[int, float]


def scale(values: List[Number], by: Number = 2) -> List[Number]:
    return [v * by for v in values]


print(inspect.signature(scale), scale([1, 2.5]), scale.__annotations__)
