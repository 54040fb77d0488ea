# with capture_scalar_outputs=True, .item() stays in the graph: no break
import torch
import torch._dynamo.testing

torch._dynamo.config.capture_scalar_outputs = True
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def fn(x):
    n = x.sum().item()
    return x * n


print(fn(torch.tensor([1.0, 2.0])))
print(cnt.frame_count)
