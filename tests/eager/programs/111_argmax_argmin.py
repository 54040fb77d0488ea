# argmax and argmin over flattened input and along dims, with keepdim and ties (first occurrence).
import torch

x = torch.tensor([[1.0, 5.0, 5.0], [7.0, 7.0, 0.0], [2.0, -3.0, -3.0]])
print(x.argmax(), x.argmin())
print(x.argmax(0), x.argmax(1))
print(x.argmin(dim=1), x.argmin(dim=0, keepdim=True))
print(torch.argmax(x, dim=-1, keepdim=True))
scores = torch.tensor([0.1, 0.7, 0.2])
labels = ["cat", "dog", "bird"]
print(labels[scores.argmax().item()], labels[int(scores.argmin())])
print(torch.tensor([3, 3, 3]).argmax(), torch.tensor([float("nan"), 1.0]).argmax())
print(torch.tensor([[True, False], [False, True]]).int().argmax(1))
