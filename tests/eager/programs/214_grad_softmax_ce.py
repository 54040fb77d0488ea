# Gradients of softmax, log_softmax and cross_entropy equal softmax minus one-hot.
import torch
import torch.nn.functional as F

z = torch.tensor([[1.0, 2.0, 3.0]], requires_grad=True)
F.softmax(z, dim=1)[0, 2].backward()
print(z.grad)
z.grad = None
F.log_softmax(z, dim=1)[0, 0].backward()
print(z.grad)
z.grad = None
loss = F.cross_entropy(z, torch.tensor([1]))
loss.backward()
print(loss, z.grad)
print(torch.allclose(z.grad, F.softmax(z, 1).detach() - torch.tensor([[0.0, 1.0, 0.0]])))
