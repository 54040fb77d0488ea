# a Python branch on an unbacked .item() value cannot be guarded: the data-dependent jump breaks the graph
# env: TORCH_LOGS=graph_breaks,dynamic
import torch
import torch._dynamo.testing

torch._dynamo.config.capture_scalar_outputs = True
cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    n = x.sum().item()
    if n > 0:
        return x + 1
    return x - 1


opt = torch.compile(fn, backend=cnt)
for values in ([1.0, 2.0], [-3.0, 1.0]):
    x = torch.tensor(values)
    print(values, torch.allclose(opt(x), fn(x)), cnt.frame_count)
