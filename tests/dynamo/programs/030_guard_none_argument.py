# None versus a tensor for the same parameter: the guard `y is None` fails and recompiles
import torch
import torch._dynamo.testing

torch._logging.set_logs(recompiles=True)
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt, dynamic=False)
def fn(x, y=None):
    if y is None:
        return x * 2
    return x + y


x = torch.ones(2)
print(fn(x))
print(fn(x, torch.full((2,), 4.0)))
print(fn(x, None))
print(cnt.frame_count)
