# an unbacked .item() value returned from the graph (a Sym(u0) output) reaches the caller as a Python int
# env: TORCH_LOGS=graph_code
import torch
import torch._dynamo.testing

torch._dynamo.config.capture_scalar_outputs = True
cnt = torch._dynamo.testing.CompileCounter()


def fn(k):
    n = k.sum().item()
    return n + 1, k * 2


opt = torch.compile(fn, backend=cnt)
for value in (3, 8):
    k = torch.tensor([value, 2])
    got, want = opt(k), fn(k)
    print(value, got[0], type(got[0]).__name__, got[0] == want[0], torch.equal(got[1], want[1]))
print("frames", cnt.frame_count)
