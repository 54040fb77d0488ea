# set_logs(dynamic=logging.DEBUG) is +dynamic: duck sizing and range updates appear next to the INFO records
import logging
import torch
import torch._dynamo.testing

torch._logging.set_logs(dynamic=logging.DEBUG)
cnt = torch._dynamo.testing.CompileCounter()


def fn(x, y):
    if x.size(0) >= 3:
        return x + y
    return x - y


opt = torch.compile(fn, backend=cnt, dynamic=True)
for rows in (4, 6):
    x, y = torch.ones(rows), torch.ones(rows)
    print(rows, torch.allclose(opt(x, y), fn(x, y)), cnt.frame_count)
