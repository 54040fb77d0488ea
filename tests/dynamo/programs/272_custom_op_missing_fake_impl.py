# a custom op without a fake impl: eager works, torch.compile raises 2.14's TorchRuntimeError; register_fake, register_kernel fix it
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
# A kernel registered for cpu replaces the function there; the graph calls it.
opaque.register_kernel("cpu", lambda x, k: x * k - 10)
print(torch.compile(fn, backend="eager", fullgraph=True)(x), fn(x))
