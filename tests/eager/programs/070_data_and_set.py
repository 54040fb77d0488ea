# .data gives an untracked alias; changes through it are not versioned by autograd.
import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
d = w.data
print(d.requires_grad, d.data_ptr() == w.data_ptr())
d.mul_(3)
print(w)
print(w._version)
loss = (w ** 2).sum()
loss.backward()
print(w.grad)
w.data = torch.tensor([5.0, 6.0])
print(w, w.requires_grad, w.is_leaf)
w.data.zero_()
print(w)
