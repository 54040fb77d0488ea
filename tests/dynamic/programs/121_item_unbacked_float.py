# capture_scalar_outputs = True: .item() of a float tensor is the unbacked float Sym(zuf0) in the graph
# env: TORCH_LOGS=dynamic,graph_code
import torch
import torch._dynamo.testing

torch._dynamo.config.capture_scalar_outputs = True
cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    m = x.mean().item()
    return x - m


opt = torch.compile(fn, backend=cnt)
for values in ([1.0, 2.0, 6.0], [0.5, 0.25, 4.0]):
    x = torch.tensor(values)
    print(values, torch.allclose(opt(x), fn(x)), cnt.frame_count)
