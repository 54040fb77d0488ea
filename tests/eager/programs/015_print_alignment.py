# Column alignment of mixed-width values and signs in 2-d float and int tensors.
import torch

x = torch.tensor([[1.0, -200.5, 3.25], [-0.001, 45.0, 6000.0]])
print(x)
print(torch.tensor([[1, -200, 3], [-7, 45, 6000]]))
print(torch.tensor([[-1.0, 2.0], [3.0, -4.0]]))
print(torch.tensor([[0.0, 0.0], [0.0, 0.0]]))
print(torch.tensor([[1.5, 22.75], [333.125, 4444.0625]]))
print(torch.tensor([[1e-3, -1e3]]))
print(torch.tensor([[10, 200], [3000, 4]], dtype=torch.int32))
print(torch.tensor([[-5], [10], [-100]]))
print(torch.tensor([[0.5], [-12.0]]))
