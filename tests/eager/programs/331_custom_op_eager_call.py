# a custom op called eagerly: the function runs; arguments bind to the schema (2.14's errors); outputs must not alias inputs
import torch
from typing import Optional


@torch.library.custom_op("mylib::mix", mutates_args=())
def mix(x: torch.Tensor, y: Optional[torch.Tensor] = None, n: int = 2, *, alpha: float = 0.5) -> torch.Tensor:
    out = x * n
    if y is not None:
        out = out + alpha * y
    return out


@torch.library.custom_op("mylib::parts", mutates_args=())
def parts(xs: list[torch.Tensor]) -> list[torch.Tensor]:
    return [t * i for i, t in enumerate(xs)]


@torch.library.custom_op("mylib::add_into", mutates_args={"acc"})
def add_into(acc: torch.Tensor, x: torch.Tensor) -> None:
    acc.add_(x)


@torch.library.custom_op("mylib::scaled", mutates_args=(), schema="(Tensor x, float k) -> (Tensor, Tensor)")
def scaled(x, k):
    return x * k, x + k


x = torch.arange(3.0)
print(mix(x), mix(x, torch.ones(3), 3, alpha=2.0), torch.ops.mylib.mix(x, n=-1))
print(torch.ops.mylib.mix.default(x, y=x), parts([x, x + 1]), scaled(x, 0.5))
acc = torch.zeros(3)
print(add_into(acc, x), torch.ops.mylib.add_into.default(acc, x), acc)
print(torch.ops.mylib.scaled.default._schema)


@torch.library.custom_op("mylib::same", mutates_args=())
def same(x: torch.Tensor) -> torch.Tensor:
    return x


@torch.library.custom_op("mylib::row", mutates_args=())
def row(x: torch.Tensor) -> torch.Tensor:
    return x[0]


for call in [lambda: mix(), lambda: mix(x, None, 2, 3), lambda: mix(x, beta=2), lambda: mix(1),
             lambda: mix(x, n=2.5), lambda: same(x), lambda: row(torch.ones(2, 2))]:
    try:
        call()
    except Exception as e:
        text = str(e)
        print(type(e).__name__ + ":", text[text.find("): ") + 3:] if "implementation in" in text else text)
