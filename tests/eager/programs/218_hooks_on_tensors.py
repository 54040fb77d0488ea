# Tensor.register_hook to inspect and rescale gradients, and removing a hook with handle.remove().
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
seen = []
h = x.register_hook(lambda g: seen.append(g.clone()))
y = (x * 3).sum()
y.backward()
print(seen, x.grad)
h.remove()
x.grad = None
h2 = x.register_hook(lambda g: g * 10)
(x * 3).sum().backward()
print(x.grad, len(seen))
mid = x * 2
mid.register_hook(lambda g: print("grad at mid", g))
(mid ** 2).sum().backward()
print(x.grad)
