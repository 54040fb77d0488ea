# under fullgraph=True a branch on an unbacked .item() value raises the data-dependent guard error
# env: TORCH_LOGS=dynamic
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    n = x.sum().item()
    if n > 0:
        return x + 1
    return x - 1


opt = torch.compile(fn, backend=cnt, fullgraph=True)
x = torch.tensor([1.0, 2.0])
print(torch.allclose(fn(x), x + 1))
try:
    opt(x)
except Exception as exc:
    print(type(exc).__name__)
    print("Could not guard on data-dependent expression" in str(exc))
print("frames", cnt.frame_count)
