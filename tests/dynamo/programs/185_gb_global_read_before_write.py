# a global read before the frame rebinds it keeps its old value across the graph break
import torch
g = torch.ones(1)

@torch.compile(backend="eager")
def f(x):
    global g
    y = g
    g = g + x
    print("break")
    return y, g

print(f(torch.ones(1)))
print(g)
