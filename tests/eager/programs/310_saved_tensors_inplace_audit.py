# saved tensors as PyTorch 2.14's derivative formulas save them: for each op, an in-place change to its output, then to its input, before backward either raises "modified by an inplace operation" or trains, as in PyTorch (out = bn(x); out += residual trains)
import torch
import torch.nn.functional as F

def x_():
    return (torch.arange(96.0).reshape(2, 3, 4, 4) / 96 + 0.5).requires_grad_(True)

OPS = [
    ("relu", lambda x: torch.relu(x)), ("sigmoid", lambda x: torch.sigmoid(x)), ("tanh", lambda x: torch.tanh(x)),
    ("exp", lambda x: torch.exp(x)), ("log", lambda x: torch.log(x)), ("sqrt", lambda x: torch.sqrt(x)),
    ("rsqrt", lambda x: torch.rsqrt(x)), ("sin", lambda x: torch.sin(x)), ("abs", lambda x: torch.abs(x)),
    ("pow2", lambda x: x ** 2), ("pow_t", lambda x: x ** x), ("mul", lambda x: x * x), ("div", lambda x: x / (x + 1)),
    ("add", lambda x: x + 1), ("neg", lambda x: -x), ("gelu", lambda x: F.gelu(x)), ("silu", lambda x: F.silu(x)),
    ("elu", lambda x: F.elu(x)), ("leaky", lambda x: F.leaky_relu(x)), ("softplus", lambda x: F.softplus(x)),
    ("hardtanh", lambda x: F.hardtanh(x)), ("softmax", lambda x: F.softmax(x, 1)), ("log_softmax", lambda x: F.log_softmax(x, 1)),
    ("sum", lambda x: x.sum(1)), ("mean", lambda x: x.mean(1)), ("prod", lambda x: x.prod(1)), ("amax", lambda x: x.amax(1)),
    ("max_dim", lambda x: x.max(1)[0]), ("norm", lambda x: x.norm()), ("var", lambda x: x.var(1)), ("std", lambda x: x.std(1)),
    ("logsumexp", lambda x: x.logsumexp(1)), ("cumsum", lambda x: x.cumsum(1)), ("cumprod", lambda x: x.cumprod(1)),
    ("matmul", lambda x: x @ x), ("bn_train", lambda x: F.batch_norm(x, None, None, torch.ones(3), torch.zeros(3), True)),
    ("layer_norm", lambda x: F.layer_norm(x, (4,))), ("group_norm", lambda x: F.group_norm(x, 3)),
    ("conv", lambda x: F.conv2d(x, torch.ones(3, 3, 3, 3), padding=1)), ("max_pool", lambda x: F.max_pool2d(x, 2)),
    ("avg_pool", lambda x: F.avg_pool2d(x, 2)), ("dropout_eval", lambda x: F.dropout(x, 0.5, False)),
    ("erf", lambda x: torch.erf(x)), ("reciprocal", lambda x: torch.reciprocal(x)), ("atan", lambda x: torch.atan(x)),
    ("mse", lambda x: F.mse_loss(x, torch.zeros_like(x), reduction="none")), ("cross_entropy", lambda x: F.cross_entropy(x.flatten(2).mean(2), torch.tensor([0, 1]), reduction="none")),
    ("embedding_like_index", lambda x: x[:, 0]), ("cat", lambda x: torch.cat([x, x]) * 1),
]

for name, f in OPS:
    res = []
    for where in ("output", "input"):
        x = x_()
        base = x * 1
        try:
            y = f(base)
            if where == "output":
                y.add_(1)
            else:
                base.add_(1)
            y.sum().backward()
            res.append("ok")
        except RuntimeError as e:
            res.append("raises" if "inplace" in str(e) else "other: " + str(e)[:40])
    print(name, *res)
