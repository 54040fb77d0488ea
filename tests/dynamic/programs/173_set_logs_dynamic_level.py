# torch._logging.set_logs(dynamic=logging.INFO, recompiles=True) shows the same records as TORCH_LOGS=dynamic,recompiles
import logging
import torch
import torch._dynamo.testing

torch._logging.set_logs(dynamic=logging.INFO, recompiles=True)
cnt = torch._dynamo.testing.CompileCounter()


def fn(x, n):
    return x.sum() * n


opt = torch.compile(fn, backend=cnt)
for rows in (2, 3, 4):
    x = torch.ones(rows)
    print(rows, torch.allclose(opt(x, rows), fn(x, rows)), cnt.frame_count)
