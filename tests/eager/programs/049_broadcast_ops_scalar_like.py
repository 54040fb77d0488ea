# Broadcasting of size-1 dims in many ops: atan2, pow, fmod, lerp, addcmul, clamp with tensor bounds.
import torch

a = torch.tensor([[1.0], [-2.0]])
b = torch.tensor([0.5, 1.0, 2.0])
print(torch.atan2(a, b))
print(torch.pow(b, a))
print(torch.fmod(torch.tensor([[7.0, -7.0]]), torch.tensor([[2.0], [3.0]])))
print(torch.lerp(torch.zeros(2, 1), torch.ones(3) * 10, torch.tensor([0.0, 0.5, 1.0])))
print(torch.addcmul(torch.zeros(1, 3), a, b, value=2))
print(torch.clamp(torch.arange(6.0).reshape(2, 3), min=torch.tensor([1.0, 2.0, 3.0]), max=torch.tensor([[2.0], [4.0]])))
print(torch.logical_xor(torch.tensor([[True], [False]]), torch.tensor([True, False])))
