# TORCH_LOGS=+dynamic: DEBUG level adds _update_var_to_range when a branch narrows the new symbol's range to [4, int_oo]
# env: TORCH_LOGS=+dynamic
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(x):
    if x.size(0) > 3:
        return x * 2
    return x - 2


opt = torch.compile(fn, backend=cnt)
for rows in (2, 5, 6):
    x = torch.ones(rows)
    print(rows, torch.allclose(opt(x), fn(x)))
print("frames", cnt.frame_count)
