# In-place samplers normal_, uniform_, fill via torch.normal with tensor and scalar mean/std.
import torch

torch.manual_seed(123)
w = torch.empty(2, 3)
w.normal_()
print(w)
w.normal_(mean=5.0, std=0.1)
print(w)
u = torch.empty(6)
u.uniform_(-1, 1)
print(u)
print(torch.normal(torch.tensor([0.0, 10.0, 100.0]), torch.tensor([1.0, 1.0, 0.0])))
print(torch.normal(2.0, 3.0, size=(4,)))
print(torch.empty(3, dtype=torch.float64).uniform_())
print(torch.rand_like(torch.zeros(2, 2)), torch.randn_like(torch.zeros(3)))
