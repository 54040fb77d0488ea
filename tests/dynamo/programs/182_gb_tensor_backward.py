# Tensor.backward() breaks the graph; the graph after it sees the gradient
# env: TORCH_LOGS=graph_breaks
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()
w = torch.nn.Parameter(torch.tensor([1.0, 2.0, 3.0]))


@torch.compile(backend=cnt)
def fn(x):
    loss = (w * x).sum()
    loss.backward()
    return w.grad * 2


print(fn(torch.tensor([0.5, 1.0, 2.0])))
print(cnt.frame_count, cnt.op_count)
