# automatic dynamic: same sizes, different strides (contiguous, then transposed) recompile on the stride; the new entry has the symbolic stride [1, s0]
# env: TORCH_LOGS=recompiles,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    return x * 3


opt = torch.compile(fn, backend=cnt)
base = torch.arange(9, dtype=torch.float32).view(3, 3)
for x in (base, base.t(), base, base.t()):
    print(x.stride(), torch.allclose(opt(x), fn(x)))
print("frames", cnt.frame_count)
