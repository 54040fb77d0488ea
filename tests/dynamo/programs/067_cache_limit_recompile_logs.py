# recompiles logged up to the limit, then the warning names the function and the last reason
import torch
import torch._dynamo.testing

torch._logging.set_logs(recompiles=True)
torch._dynamo.config.cache_size_limit = 3
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt, dynamic=False)
def fn(x, k):
    return x * k


for k in range(1, 6):
    fn(torch.ones(2), k)
print(cnt.frame_count)
