# arithmetic on a dynamic int is traced as SymInt operations and returns a plain Python int
# env: TORCH_LOGS=recompiles,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x, n):
    return x * n, n * 2 + 1


opt = torch.compile(fn, backend=cnt)
x = torch.ones(2)
for n in (3, 4, 8):
    got, want = opt(x, n), fn(x, n)
    print(n, got[1], type(got[1]).__name__, got[1] == want[1], torch.allclose(got[0], want[0]))
print("frames", cnt.frame_count)
