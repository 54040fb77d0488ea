# Tensor.item() breaks the graph (capture_scalar_outputs is off) and warns once
import torch
import torch._dynamo.testing

torch._logging.set_logs(graph_breaks=True)
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def fn(x):
    y = x * 2
    n = y.sum().item()
    return y + n


print(fn(torch.ones(2)))
print(cnt.frame_count, cnt.op_count)
print(fn(torch.ones(2)))
print(cnt.frame_count, cnt.op_count)
