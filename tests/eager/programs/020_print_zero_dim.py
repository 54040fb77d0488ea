# Printing 0-d tensors of all dtypes, and 0-d results of reductions and indexing.
import torch

for dt in [torch.float32, torch.float64, torch.float16, torch.bfloat16, torch.int8, torch.uint8, torch.int32, torch.int64, torch.bool]:
    t = torch.tensor(1, dtype=dt)
    print(dt, t, t.dim(), t.shape)
print(torch.tensor(3.0) * 2)
print(torch.arange(5).sum())
print(torch.arange(5.0)[2])
print(torch.tensor([[1, 2], [3, 4]])[1, 0])
print(torch.tensor(0.1, dtype=torch.float64))
print(torch.tensor(-2.5e-7))
print(torch.tensor(123456.0))
print(torch.tensor(1234567.0))
print(torch.tensor([5.0]).squeeze())
