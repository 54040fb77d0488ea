# a custom op without a fake impl: eager works; under torch.compile tracing it raises 2.14's TorchRuntimeError
import torch


@torch.library.custom_op("mylib::opaque", mutates_args=())
def opaque(x: torch.Tensor, k: int) -> torch.Tensor:
    return x * k


def fn(x):
    return opaque(x.sin(), 3) + 1


x = torch.zeros(3)
print(fn(x))
for fullgraph in (False, True):
    try:
        torch.compile(fn, backend="eager", fullgraph=fullgraph)(x)
    except Exception as e:
        print(type(e).__module__, type(e).__name__)
        print(str(e).split("\n  Hint:")[0])
    torch._dynamo.reset()


# After registering one, the same function compiles.
@opaque.register_fake
def _(x, k):
    return torch.empty_like(x)


print(torch.compile(fn, backend="eager", fullgraph=True)(x))
