# Uncaught error: calling backward a second time after the graph's saved tensors were freed.
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
loss = (x.exp() * x).sum()
loss.backward()
print(x.grad)
other = (x * 3).sum()
other.backward()
print(x.grad)
loss.backward()
print("unreachable")
