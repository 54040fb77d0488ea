# addmm, baddbmm, addmv and addr with beta and alpha, and beta=0 ignoring nan in the input.
import torch

inp = torch.ones(2, 2)
a = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
b = torch.tensor([[0.5, 0.0], [1.0, 2.0]])
print(torch.addmm(inp, a, b))
print(torch.addmm(inp, a, b, beta=0.5, alpha=2))
print(torch.addmm(torch.tensor([10.0, 20.0]), a, b))
print(torch.addmm(torch.full((2, 2), float("nan")), a, b, beta=0))
bi = torch.zeros(2, 2, 2)
x = torch.stack([a, b])
y = torch.stack([b, a])
print(torch.baddbmm(bi + 1, x, y, alpha=0.5))
print(torch.addmv(torch.tensor([1.0, 1.0]), a, torch.tensor([1.0, -1.0])))
print(torch.addr(torch.zeros(2, 3), torch.tensor([1.0, 2.0]), torch.tensor([1.0, 0.0, -1.0])))
print(torch.addbmm(torch.zeros(2, 2), x, y))
print(torch.mv(a, torch.tensor([2.0, 1.0])))
