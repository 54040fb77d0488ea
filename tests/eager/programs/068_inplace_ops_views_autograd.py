# In-place ops on views of tensors that require grad, recorded as CopySlices in autograd.
import torch

leaf = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
y = leaf * 1
y[1:3].mul_(10)
print(y)
y.sum().backward()
print(leaf.grad)
z = leaf.clone()
z[0] = 0.0
print(z)
(z * z).sum().backward()
print(leaf.grad)
w = leaf.detach().clone()
w.view(2, 2)[0].add_(100)
print(w, w.requires_grad)
