# automatic dynamic: outputs of the dynamic graph carry the real sizes of each call
# env: TORCH_LOGS=recompiles
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    return torch.cat([x, x], 0), x.unsqueeze(1)


opt = torch.compile(fn, backend=cnt)
for rows in (2, 3, 5):
    x = torch.arange(rows, dtype=torch.float32)
    got, want = opt(x), fn(x)
    print(tuple(got[0].shape), tuple(got[1].shape), all(torch.equal(a, b) for a, b in zip(got, want)))
print("frames", cnt.frame_count)
