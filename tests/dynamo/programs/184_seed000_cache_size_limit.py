# seed 000 (Changing the Cache Size Limit): the limit stops recompiling after 8 entries
import torch

torch._logging.set_logs(recompiles=True)

@torch.compile(dynamic=False)
def fn(x):
    return x + 1
for i in range(1, 10):
    # recompile every time due to dynamic=False
    fn(torch.ones(i))
