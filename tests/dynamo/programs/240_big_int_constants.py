# ints beyond 64 bits in compiled code: a big int argument is guarded by value (with automatic_dynamic_shapes off a new value recompiles), big constants fold into the graph, eager tensor ops refuse big ints with PyTorch's errors
import torch
import torch._dynamo.testing

torch._dynamo.config.automatic_dynamic_shapes = False
cnt = torch._dynamo.testing.CompileCounter()
BIG = 2 ** 70


@torch.compile(backend=cnt)
def scale(x, n):
    if n > BIG:
        return x * (n % 1000)
    return x - (n // BIG)


x = torch.ones(3)
print(scale(x, 2 ** 71), scale(x, 2 ** 71))
print(cnt.frame_count, cnt.op_count)
print(scale(x, 2 ** 72 + 5))
print(scale(x, -(2 ** 80)))
print(cnt.frame_count, cnt.op_count)


@torch.compile(backend=cnt)
def folded(x):
    m = (2 ** 64 + 7) * (2 ** 64 - 7)
    return x + (m % 97), m.bit_length(), hash(m)


print(folded(x))
print(cnt.frame_count, cnt.op_count)

x = torch.ones(2)
for f in [lambda: torch.tensor(2 ** 70), lambda: torch.tensor([1, 2 ** 70]), lambda: x + 2 ** 70,
          lambda: x * (2 ** 64), lambda: torch.full((2,), 2 ** 70), lambda: x[2 ** 70]]:
    try:
        print(f())
    except (ValueError, OverflowError, RuntimeError) as e:
        print(type(e).__name__, str(e).splitlines()[0])
