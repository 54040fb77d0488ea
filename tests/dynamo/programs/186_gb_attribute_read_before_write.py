# an attribute read before the frame sets it keeps its old value across the graph break
import torch

class M:
    def __init__(self):
        self.w = torch.ones(1)

@torch.compile(backend="eager")
def f(m, x):
    y = m.w
    m.w = m.w + x
    print("break")
    return y, m.w

m = M()
print(f(m, torch.ones(1)))
print(m.w)
