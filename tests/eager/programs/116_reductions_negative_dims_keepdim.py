# Reductions with negative dims, keepdim and dim tuples produce consistent shapes across ops.
import torch

x = torch.arange(60.0).reshape(3, 4, 5)
for name in ["sum", "mean", "amax", "amin", "std", "var", "prod"]:
    fn = getattr(x, name)
    a = fn(dim=-1)
    b = fn(dim=2, keepdim=True)
    print(name, tuple(a.shape), tuple(b.shape), torch.equal(a, b.squeeze(2)))
print(x.sum((-1, -2)), x.mean((0, -1)))
print(x.max(-2).values.shape, x.argmax(-3).shape, x.logsumexp((-1, 0)).shape)
