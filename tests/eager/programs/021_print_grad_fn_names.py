# grad_fn=<...> suffixes for many op families, and grad_fn.name().
import torch
import torch.nn.functional as F

x = torch.tensor([[1.0, -2.0], [3.0, 0.5]], requires_grad=True)
results = {
    "add": x + 1,
    "mul": x * x,
    "div": x / 2,
    "neg": -x,
    "pow": x ** 2,
    "exp": x.exp(),
    "relu": x.relu(),
    "sigmoid": torch.sigmoid(x),
    "tanh": torch.tanh(x),
    "sum": x.sum(),
    "sum_dim": x.sum(1),
    "mean": x.mean(),
    "view": x.view(4),
    "reshape": x.reshape(4),
    "t": x.t(),
    "permute": x.permute(1, 0),
    "unsqueeze": x.unsqueeze(0),
    "select": x[0],
    "slice": x[:, 1:],
    "expand": x[:1].expand(3, 2),
    "clone": x.clone(),
    "mm": x @ x,
    "softmax": F.softmax(x, dim=1),
    "log_softmax": F.log_softmax(x, dim=1),
    "max": x.max(),
    "abs": x.abs(),
    "cat": torch.cat([x, x]),
    "stack": torch.stack([x, x]),
}
for name, y in results.items():
    print(name, y.grad_fn.name())
print(x * 2)
print(x.sum())
print(F.gelu(x))
print(x.t())
