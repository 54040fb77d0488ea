# is_contiguous for transposes, slices, expands and size-1 dims, and contiguous() identity.
import torch

x = torch.arange(12).reshape(3, 4)
checks = {
    "base": x,
    "t": x.t(),
    "row_slice": x[1:],
    "col_slice": x[:, 1:],
    "step": x[::2],
    "expand": torch.ones(1, 4).expand(3, 4),
    "unsqueeze_t": x.t().unsqueeze(0),
    "size1": torch.ones(3, 1).t(),
    "empty": torch.zeros(0, 5)[:, ::2],
}
for name, t in checks.items():
    print(name, tuple(t.shape), t.stride(), t.is_contiguous())
print(x.contiguous() is x, x.t().contiguous() is x.t())
print(x.t().contiguous().stride())
