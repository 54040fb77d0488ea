# a tuple mixing a tensor, an int and a string: every element is guarded
import torch
import torch._dynamo.testing

torch._logging.set_logs(recompiles=True)
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt, dynamic=False)
def fn(pair):
    t, k, name = pair
    if name == "scale":
        return t * k
    return t + k


print(fn((torch.ones(2), 2, "scale")))
print(fn((torch.ones(2), 3, "scale")))
print(fn((torch.ones(2), 3, "shift")))
print(cnt.frame_count)
