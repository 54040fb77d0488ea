# a graph break inside `with torch.no_grad():` resumes inside the block (grad mode is restored)
import torch
import torch._dynamo.testing

torch._logging.set_logs(graph_breaks=True)
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def fn(x):
    a = x * 2
    with torch.no_grad():
        b = x + 1
        torch._dynamo.graph_break()
        c = b * 3
    return a, b, c


a, b, c = fn(torch.ones(2, requires_grad=True))
print(a.requires_grad, b.requires_grad, c.requires_grad)
print(c, torch.is_grad_enabled())
print(cnt.frame_count)
