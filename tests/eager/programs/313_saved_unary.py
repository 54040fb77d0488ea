# saved tensors of the pointwise unary ops and activations as 2.14's derivative formulas save them: some save their result (exp, tanh, sigmoid), some their input (sin, log); an in-place change of each before backward raises or trains
import torch
import torch.nn.functional as F

NAMES = """cos tan asin acos atan sinh cosh asinh acosh atanh log2 log10 log1p expm1 exp2 erfc erfinv sign floor
    ceil round trunc frac square lgamma digamma sinc logit sgn deg2rad rad2deg neg positive nan_to_num
    reciprocal rsqrt sqrt relu""".split()
ACTS = [
    ("hardsigmoid", F.hardsigmoid), ("hardswish", F.hardswish), ("mish", F.mish), ("relu6", F.relu6),
    ("selu", F.selu), ("celu", F.celu), ("softsign", F.softsign), ("tanhshrink", F.tanhshrink),
    ("logsigmoid", F.logsigmoid), ("hardshrink", F.hardshrink), ("softshrink", F.softshrink),
    ("threshold", lambda x: F.threshold(x, 0.9, 0.0)), ("glu", lambda x: F.glu(x, 1)),
    ("gelu_tanh", lambda x: F.gelu(x, approximate="tanh")), ("elu_inplace", lambda x: F.elu(x * 1, inplace=True)),
    ("leaky_inplace", lambda x: F.leaky_relu(x * 1, 0.1, inplace=True)), ("relu_inplace", lambda x: F.relu(x * 1, inplace=True)),
    ("prelu", lambda x: F.prelu(x, torch.tensor([0.25]))),
    ("softmin", lambda x: F.softmin(x, 1)), ("softmax_0", lambda x: torch.softmax(x, 0)),
    ("log_softmax_m1", lambda x: x.log_softmax(-1)), ("normalize", lambda x: F.normalize(x, dim=1)),
    ("pow_half", lambda x: x.pow(0.5)), ("pow_0", lambda x: x.pow(0) * x), ("exp_inplace", lambda x: (x * 1).exp_()),
    ("sigmoid_inplace", lambda x: (x * 1).sigmoid_()), ("tanh_inplace", lambda x: (x * 1).tanh_()),
]
OPS = [(n, getattr(torch, n)) for n in NAMES] + ACTS

for name, f in OPS:
    res = []
    for where in ("output", "input"):
        base = (torch.arange(12.0).reshape(3, 4) / 24 + 0.25).requires_grad_(True) * 1
        try:
            y = f(base)
            (y if where == "output" else base).add_(0.125)
            y.sum().backward()
            res.append("ok")
        except RuntimeError as e:
            res.append("raises" if "inplace" in str(e) else "other: " + str(e)[:60])
    print(name, *res)
