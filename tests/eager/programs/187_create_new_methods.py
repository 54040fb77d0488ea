# new_zeros, new_ones, new_full, new_empty and new_tensor inherit dtype (and device) from the source tensor.
import torch

base = torch.tensor([1, 2], dtype=torch.int32)
print(base.new_zeros(3), base.new_ones((2, 2)))
print(base.new_full((2,), 7), base.new_full((2,), 7.9))
print(base.new_empty(4).shape, base.new_empty(4).dtype)
print(base.new_tensor([5, 6]), base.new_tensor([1.5, 2.5]))
f = torch.tensor([1.0], dtype=torch.float64)
print(f.new_zeros(2), f.new_tensor([1, 2]), f.new_ones(1, dtype=torch.int64))
h = torch.ones(1, dtype=torch.float16)
print(h.new_full((2, 2), 1.0 / 3.0))
g = torch.ones(1, requires_grad=True)
print(g.new_zeros(2).requires_grad, g.new_tensor([1.0]).requires_grad)
