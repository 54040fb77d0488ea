# Tensor.tolist() on a float tensor breaks the graph; the list is built in Python
import torch
import torch._dynamo.testing

torch._logging.set_logs(graph_breaks=True)
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def fn(x):
    y = x * 2
    vals = y.tolist()
    return y + len(vals)


print(fn(torch.tensor([0.5, 1.5])))
print(cnt.frame_count, cnt.op_count)
