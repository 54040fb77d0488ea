# TORCH_LOGS=graph_code: custom op calls (a tuple result, a mutating op, a packet call) printed as 2.14 prints them
import torch

torch._logging.set_logs(graph_code=True)


@torch.library.custom_op("mylib::halves", mutates_args=())
def halves(x: torch.Tensor, scale: float = 1.0) -> tuple[torch.Tensor, torch.Tensor]:
    n = x.shape[0] // 2
    return x[:n] * scale, x[n:] * scale


@torch.library.register_fake("mylib::halves")
def _(x, scale=1.0):
    n = x.shape[0] // 2
    return x.new_empty(n), x.new_empty(x.shape[0] - n)


@torch.library.custom_op("mylib::accumulate", mutates_args={"acc"})
def accumulate(acc: torch.Tensor, x: torch.Tensor) -> None:
    acc.add_(x)


@torch.compile(backend="eager")
def fn(x, acc):
    a, b = halves(x.cos(), scale=2.0)
    torch.ops.mylib.accumulate(acc, a)
    return torch.ops.mylib.halves.default(b)[1] * acc.sum()


acc = torch.zeros(2)
print(fn(torch.zeros(5), acc), acc)
