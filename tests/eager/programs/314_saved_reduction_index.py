# saved tensors of reductions, scans, sorting, joining and indexing ops as 2.14's derivative formulas save them (sum saves nothing; prod, amax, norm their input and result); an in-place change of output or input before backward raises or trains
import torch

I = torch.tensor([2, 0])
OPS = [
    ("sum_all", lambda x: x.sum()), ("mean_all", lambda x: x.mean()), ("prod_all", lambda x: x.prod()),
    ("amin", lambda x: x.amin(1)), ("amax_all", lambda x: x.amax()), ("max_all", lambda x: x.max()),
    ("min_dim", lambda x: x.min(1)[0]), ("median", lambda x: x.median()), ("median_dim", lambda x: x.median(1)[0]),
    ("kthvalue", lambda x: x.kthvalue(2, 1)[0]), ("mode", lambda x: x.mode(1)[0]),
    ("topk", lambda x: x.topk(2, 1)[0]), ("sort", lambda x: x.sort(1)[0]),
    ("norm_1", lambda x: x.norm(1)), ("norm_inf", lambda x: x.norm(float("inf"))), ("norm_dim", lambda x: x.norm(dim=1)),
    ("vector_norm", lambda x: torch.linalg.vector_norm(x, 3)), ("dist", lambda x: torch.dist(x, torch.zeros(3, 4))),
    ("var_all", lambda x: x.var()), ("std_mean", lambda x: torch.std_mean(x, 1)[0]),
    ("logsumexp_all", lambda x: x.logsumexp((0, 1))), ("cumsum_0", lambda x: x.cumsum(0)),
    ("cummax", lambda x: x.cummax(1)[0]), ("logcumsumexp", lambda x: x.logcumsumexp(1)),
    ("cat", lambda x: torch.cat([x, x], 1)), ("stack", lambda x: torch.stack([x, x])),
    ("split", lambda x: x.split(2, 1)[0] * 1), ("chunk", lambda x: x.chunk(2)[1] * 1), ("unbind", lambda x: x.unbind(1)[0] * 1),
    ("index_select", lambda x: x.index_select(1, I)), ("gather", lambda x: x.gather(1, I.expand(3, 2))),
    ("scatter", lambda x: x.scatter(1, I.expand(3, 2), 0.0)), ("scatter_add", lambda x: torch.zeros(3, 4).scatter_add(1, I.expand(3, 2), x[:, :2])),
    ("index_add", lambda x: x.index_add(1, I, x[:, :2])), ("masked_fill", lambda x: x.masked_fill(x > 0.5, 0.0)),
    ("index_tensor", lambda x: x[I]), ("index_put", lambda x: x.index_put((I,), torch.ones(4))),
    ("take", lambda x: x.take(I)), ("take_along_dim", lambda x: torch.take_along_dim(x, I.expand(3, 2), 1)),
    ("flip", lambda x: x.flip(0)), ("roll", lambda x: x.roll(1, 1)), ("repeat", lambda x: x.repeat(2, 1)),
    ("tril", lambda x: x.tril()), ("diagonal", lambda x: x.diagonal() * 1), ("trace", lambda x: x.trace()),
    ("expand", lambda x: x[:1].expand(3, 4) * 1), ("permute", lambda x: x.t() * 1), ("narrow", lambda x: x.narrow(1, 1, 2) * 1),
    ("reshape", lambda x: x.reshape(12) * 1), ("unfold", lambda x: x.unfold(1, 2, 1) * 1),
    ("masked_select", lambda x: x.masked_select(x > 0.5)), ("diff", lambda x: torch.diff(x)),
    ("cumprod_0", lambda x: x.cumprod(0)), ("renorm", lambda x: x.renorm(2, 0, 1.0)),
]

for name, f in OPS:
    res = []
    for where in ("output", "input"):
        base = (torch.tensor([[3.0, 1.0, 4.0, 1.5], [5.0, 9.0, 2.0, 6.0], [2.5, 3.5, 8.0, 7.0]]) / 8).requires_grad_(True) * 1
        try:
            y = f(base)
            (y if where == "output" else base).add_(0.125)
            y.sum().backward()
            res.append("ok")
        except RuntimeError as e:
            res.append("raises" if "inplace" in str(e) else "other: " + str(e)[:60])
    print(name, *res)
