# The requires_grad=True and grad_fn=<...> suffixes in printed tensors.
import torch

w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
print(w)
print(torch.tensor(2.0, requires_grad=True))
print(torch.zeros(2, 2, dtype=torch.float64, requires_grad=True))
print(w * 2)
print(w + 1)
print(w - w)
print(w / 4)
print(w.sum())
print(w.mean())
print(w.exp())
print(w.view(3, 1))
print(w[1:])
print(w[0])
print(w.unsqueeze(0).t())
print(w.pow(2))
print(w.detach())
with torch.no_grad():
    print(w * 2)
print((w * 2).requires_grad, (w * 2).is_leaf)
