# Gradients through conv2d, max_pool2d, avg_pool2d and batch_norm on tiny inputs.
import torch
import torch.nn.functional as F

x = torch.arange(16.0).reshape(1, 1, 4, 4).requires_grad_()
w = torch.ones(1, 1, 2, 2, requires_grad=True)
F.conv2d(x, w).sum().backward()
print(x.grad[0, 0])
print(w.grad)
x.grad = None
F.max_pool2d(x, 2).sum().backward()
print(x.grad[0, 0])
x.grad = None
F.avg_pool2d(x, 2, stride=1).sum().backward()
print(x.grad[0, 0])
y = torch.tensor([[1.0, 2.0], [3.0, 6.0], [4.0, 1.0]], requires_grad=True)
out = F.batch_norm(y, None, None, training=True)
(out * torch.tensor([[1.0, 0.0], [0.0, 1.0], [2.0, 0.0]])).sum().backward()
print(y.grad)
