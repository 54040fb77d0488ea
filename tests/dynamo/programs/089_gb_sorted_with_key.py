# sorted() of tensors with a key computed from tensor values breaks the graph
import torch
import torch._dynamo.testing

torch._logging.set_logs(graph_breaks=True)
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def fn(x, y):
    a = x + 1
    b = y + 1
    first = sorted([a, b], key=lambda t: t.sum())[0]
    return first * 2


print(fn(torch.tensor([3.0]), torch.tensor([1.0])))
print(cnt.frame_count, cnt.op_count)
