# y's size shares x's symbol (duck sizing) after a loop over x.shape[0] made
# that symbol a constant: the guard pinning y's size reads y's own source
import torch

def f(x, y):
    for i in range(x.shape[0]):
        x = x + i
    return x @ y

opt = torch.compile(f, backend="eager", dynamic=True)
print(opt(torch.ones(5)[1:], torch.ones(4, 1)))
print(opt(torch.ones(5)[1:], torch.ones(4, 2)))
