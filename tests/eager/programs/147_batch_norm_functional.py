# F.batch_norm in training mode updates running stats with momentum; eval mode uses them.
import torch
import torch.nn.functional as F

x = torch.tensor([[1.0, 10.0], [3.0, 20.0], [5.0, 60.0], [7.0, 40.0]])
rm = torch.zeros(2)
rv = torch.ones(2)
y = F.batch_norm(x, rm, rv, training=True, momentum=0.1)
print(y)
print(rm, rv)
y2 = F.batch_norm(x, rm, rv, training=True, momentum=0.5)
print(rm, rv)
e = F.batch_norm(x, rm, rv, weight=torch.tensor([2.0, 1.0]), bias=torch.tensor([0.0, -1.0]), training=False)
print(e)
img = torch.arange(16.0).reshape(2, 2, 2, 2)
print(F.batch_norm(img, None, None, training=True))
