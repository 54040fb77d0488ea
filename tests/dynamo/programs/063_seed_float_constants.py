# seed 000, "Wrapping Constants with Tensors": floats recompile per value, a tensor does not
import torch
import torch._dynamo.testing

torch._dynamo.config.specialize_float = True
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt, dynamic=False)
def fn(x, c):
    return x + c


for i in range(5):
    fn(torch.ones(2), 0.5 + i)
print(cnt.frame_count)
cnt.clear()
torch._dynamo.reset()
for i in range(5):
    fn(torch.ones(2), torch.tensor(0.5 + i))
print(cnt.frame_count)
print(fn(torch.ones(2), torch.tensor(2.5)))
