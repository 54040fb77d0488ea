# unbind along dims, and rebuilding with stack; torch.movedim and tensor unpacking in a for loop.
import torch

m = torch.arange(12).reshape(3, 4)
rows = m.unbind()
cols = torch.unbind(m, dim=1)
print(rows)
print(cols)
print(torch.equal(torch.stack(cols, 1), m))
a, b, c = m
print(a, b, c)
for i, row in enumerate(m.t()):
    print(i, row.tolist())
print(len(m), len(torch.zeros(5, 2)))
