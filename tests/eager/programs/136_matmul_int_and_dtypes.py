# Matrix products for int64, int32, float64 and float16 operands, and the resulting dtypes.
import torch

for dt in [torch.int64, torch.int32, torch.float64, torch.float16, torch.bfloat16]:
    a = torch.tensor([[1, 2], [3, 4]], dtype=dt)
    b = torch.tensor([[5, 6], [7, 8]], dtype=dt)
    c = a @ b
    print(dt, c.dtype, c.tolist())
print(torch.tensor([1, 2, 3], dtype=torch.int8) @ torch.tensor([4, 5, 6], dtype=torch.int8))
print(torch.tensor([[100, 100]], dtype=torch.uint8) @ torch.tensor([[2], [1]], dtype=torch.uint8))
