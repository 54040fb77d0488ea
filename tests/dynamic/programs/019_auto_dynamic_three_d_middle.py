# automatic dynamic: in a 3-d input only the middle dim changes; the graph is f32[2, s0, 4] with symbolic stride 4*s0
# env: TORCH_LOGS=recompiles,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    return x.mean(1)


opt = torch.compile(fn, backend=cnt)
for mid in (3, 5, 9):
    x = torch.arange(2 * mid * 4, dtype=torch.float32).view(2, mid, 4)
    print(mid, torch.allclose(opt(x), fn(x)))
print("frames", cnt.frame_count)
