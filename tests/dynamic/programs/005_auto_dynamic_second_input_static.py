# automatic dynamic: only the input whose size changed gets a symbol; the other tensor keeps static sizes
# env: TORCH_LOGS=recompiles,graph_code
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x, w):
    return x @ w


opt = torch.compile(fn, backend=cnt)
w = torch.ones(4, 2)
for rows in (3, 5, 8):
    x = torch.ones(rows, 4)
    print(rows, torch.allclose(opt(x, w), fn(x, w)))
print("frames", cnt.frame_count)
