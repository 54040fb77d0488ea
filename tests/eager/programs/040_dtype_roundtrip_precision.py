# Loss of precision converting float32/float64 through float16 and bfloat16, and exact int round trips.
import torch

x = torch.tensor([1.0009765625, 1.00048828125, 2049.0, 0.1], dtype=torch.float64)
print(x.half().double().tolist())
print(x.bfloat16().double().tolist())
print(x.float().double().tolist())
y = torch.arange(-3, 4, dtype=torch.int32)
print(y.float().int().tolist(), y.half().long().tolist())
big = torch.tensor([1 << 53, (1 << 53) + 1])
print(big.double().long().tolist())
print(torch.tensor([1e-5], dtype=torch.float16).item(), torch.tensor([6e-8], dtype=torch.float16).item())
print(torch.tensor([65519.0]).half().item(), torch.tensor([65520.0]).half().item())
