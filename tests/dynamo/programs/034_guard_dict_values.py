# a dict argument: the int value read under a key is guarded, tensor values only on metadata
import torch
import torch._dynamo.testing

torch._logging.set_logs(recompiles=True)
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt, dynamic=False)
def fn(cfg):
    return cfg["w"] * cfg["k"]


print(fn({"w": torch.ones(2), "k": 2}))
print(fn({"w": torch.full((2,), 3.0), "k": 2}))
print(cnt.frame_count)
print(fn({"w": torch.ones(2), "k": 5}))
print(cnt.frame_count)
