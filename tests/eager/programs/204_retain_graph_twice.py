# Backward twice through the same graph needs retain_graph=True; without it PyTorch raises.
import torch

x = torch.tensor([2.0], requires_grad=True)
y = x.exp() * x
y.backward(retain_graph=True)
print(x.grad)
y.backward()
print(x.grad)
z = x.sin() * x
z.backward()
try:
    z.backward()
except RuntimeError as e:
    print("RuntimeError:", str(e).split(".")[0])
