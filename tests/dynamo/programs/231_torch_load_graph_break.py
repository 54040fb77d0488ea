# torch.load in a compiled function: a skipped function, so the graph breaks and the loaded tensor flows into the resumed graph
import os
import torch
from torch._dynamo.testing import CompileCounter

torch.save(torch.tensor([1.0, -2.0, 3.0]), "_231_weights.pt")
counter = CompileCounter()


@torch.compile(backend=counter)
def f(x):
    x = x.relu()
    w = torch.load("_231_weights.pt")
    return x * w + 1


print(f(torch.tensor([-1.0, 0.5, 2.0])))
print(counter.frame_count, counter.op_count)
print(f(torch.tensor([3.0, 0.5, -2.0])))
print(counter.frame_count, counter.op_count)
os.remove("_231_weights.pt")
