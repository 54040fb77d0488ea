# under fullgraph=True .item() is captured in the graph instead of breaking
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt, fullgraph=True)
def fn(x):
    n = x.max().item()
    return x * n


print(fn(torch.tensor([1.0, 4.0])))
print(cnt.frame_count)
