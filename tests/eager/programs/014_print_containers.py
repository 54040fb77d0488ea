# Printing lists, tuples and dicts holding tensors (element reprs) and multi-line reprs inside them.
import torch

xs = [torch.tensor([1.0, 2.0]), torch.tensor([3, 4]), torch.tensor(True)]
print(xs)
print(tuple(xs))
d = {"weight": torch.ones(2, 2), "bias": torch.zeros(2)}
print(d)
print([torch.tensor(1.5, requires_grad=True)])
print(torch.arange(6).split(2))
print(torch.arange(6).reshape(2, 3).unbind(0))
print(list(torch.arange(3)))
for row in torch.arange(6).reshape(3, 2):
    print(row)
print([t.item() for t in torch.tensor([0.5, 1.5])])
