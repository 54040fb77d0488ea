# torch.tensor dtype inference from nested lists: ints, floats, bools, mixed, scalars and explicit dtype.
import torch

print(torch.tensor([1, 2, 3]).dtype)
print(torch.tensor([1, 2.0, 3]).dtype, torch.tensor([1, 2.0, 3]))
print(torch.tensor([True, False]).dtype)
print(torch.tensor([True, 2]).dtype, torch.tensor([True, 2]))
print(torch.tensor([True, 2.5]))
print(torch.tensor([[1, 2], [3, 4]]).shape, torch.tensor([[[1.0]]]).shape)
print(torch.tensor(3).dtype, torch.tensor(3.0).dtype, torch.tensor(False).dtype)
print(torch.tensor([], dtype=torch.int32), torch.tensor([[], []]).shape)
print(torch.tensor([1, 2], dtype=torch.float16), torch.tensor([1.7, -1.7], dtype=torch.int64))
print(torch.tensor((1, 2, 3)), torch.tensor([(1, 2), (3, 4)]))
print(torch.tensor([2 ** 40, 1]).dtype, torch.tensor([1e-3, 1e3]))
print(torch.tensor(list(range(4))))
print(torch.tensor([1, 2], requires_grad=False).requires_grad, torch.tensor([1.0], requires_grad=True))
try:
    torch.tensor([[1, 2], [3]])
except ValueError as e:
    print("ValueError:", e)
try:
    torch.tensor([1, 2], requires_grad=True)
except RuntimeError as e:
    print("RuntimeError:", e)
