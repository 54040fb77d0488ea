# maybe_mark_dynamic on a dim the code specializes: no error, the symbol is replaced by 8 (set_replacement)
# env: TORCH_LOGS=recompiles,dynamic
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    if x.size(0) == 8:
        return x * 2
    return x


opt = torch.compile(fn, backend=cnt)
for rows in (8, 8, 3):
    x = torch.ones(rows)
    torch._dynamo.maybe_mark_dynamic(x, 0)
    print(rows, torch.allclose(opt(x), fn(x)), cnt.frame_count)
