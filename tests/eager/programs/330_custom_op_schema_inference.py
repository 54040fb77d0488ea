# torch.library.custom_op infers the schema from annotations; the op is reachable as torch.ops.mylib.*; bad annotations raise
import torch
from typing import Optional


@torch.library.custom_op("mylib::mix", mutates_args=())
def mix(x: torch.Tensor, y: Optional[torch.Tensor], ts: list[torch.Tensor], n: int = 2, *,
        alpha: float = 0.5, sizes: Optional[list[int]] = None, flag: bool = True) -> tuple[torch.Tensor, torch.Tensor]:
    return x * n, x * alpha


@torch.library.custom_op("mylib::fill", mutates_args={"out"})
def fill(out: torch.Tensor, value: float, dtype: torch.dtype = torch.float64, eps: float = 1e-05) -> None:
    out.fill_(value)


print(mix, type(mix).__name__, torch.ops.mylib.mix, torch.ops.mylib.mix.default)
print(torch.ops.mylib.mix.default._schema)
print(fill._opoverload._schema)
print(torch.ops.mylib.mix.overloads(), torch.ops.mylib.mix.default.name(), torch.ops.mylib.mix.default.__name__)
s = torch.ops.mylib.mix.default._schema
print(s.name, repr(s.overload_name), [(a.name, str(a.type), a.default_value, a.kwarg_only) for a in s.arguments])
print(torch.library.infer_schema(mix._init_fn, mutates_args=()))
print(torch.library.infer_schema(fill._init_fn, op_name="fill2", mutates_args="unknown"))
print(torch.ops.mylib, type(torch.ops.mylib.mix).__name__, type(torch.ops.mylib.mix.default).__name__)


def bad(make):
    try:
        make()
    except Exception as e:
        print(type(e).__name__ + ":", str(e).split(" The valid types")[0])


bad(lambda: torch.ops.mylib.nothere)
bad(lambda: torch.ops.mylib.mix.other)
bad(lambda: torch.library.custom_op("mylib::a")(lambda x: x))
bad(lambda: torch.library.custom_op("mylib::b", mutates_args=())(lambda x: x))


def no_return(x: torch.Tensor):
    return x


def bad_param(x: dict) -> torch.Tensor:
    return x


bad(lambda: torch.library.custom_op("mylib::c", no_return, mutates_args=()))
bad(lambda: torch.library.custom_op("mylib::d", bad_param, mutates_args=()))
bad(lambda: torch.library.custom_op("mylib::f", no_return, mutates_args=("y",)))
