# saved tensors of binary and ternary ops as 2.14's derivative formulas save them: an in-place change of the output, of self and of other before backward, with other needing a gradient and not
import torch

OPS = [
    ("add", lambda a, b: a + b), ("sub", lambda a, b: a - b), ("rsub", lambda a, b: 1 - a + b * 0),
    ("mul", lambda a, b: a * b), ("div", lambda a, b: a / b), ("div_scalar", lambda a, b: a / 2 + b),
    ("div_floor", lambda a, b: torch.div(a, b, rounding_mode="floor") + a),
    ("div_trunc", lambda a, b: torch.div(a, b, rounding_mode="trunc") + a),
    ("remainder", lambda a, b: torch.remainder(a, b)), ("fmod", lambda a, b: torch.fmod(a, b)),
    ("pow", lambda a, b: a ** b), ("pow_scalar", lambda a, b: a ** 3 + b), ("rpow", lambda a, b: 2 ** a + b),
    ("atan2", lambda a, b: torch.atan2(a, b)), ("maximum", lambda a, b: torch.maximum(a, b)),
    ("minimum", lambda a, b: torch.minimum(a, b)), ("fmax", lambda a, b: torch.fmax(a, b)),
    ("fmin", lambda a, b: torch.fmin(a, b)), ("logaddexp", lambda a, b: torch.logaddexp(a, b)),
    ("logaddexp2", lambda a, b: torch.logaddexp2(a, b)), ("lerp", lambda a, b: torch.lerp(a, b, 0.3)),
    ("lerp_t", lambda a, b: torch.lerp(a, b, b)), ("addcmul", lambda a, b: torch.addcmul(a, a, b)),
    ("addcdiv", lambda a, b: torch.addcdiv(a, a, b)), ("where", lambda a, b: torch.where(a > 0.9, a, b)),
    ("clamp_t", lambda a, b: torch.clamp(a, min=b)), ("clamp_max_t", lambda a, b: torch.clamp(a, max=b)),
    ("clamp", lambda a, b: torch.clamp(a, 0.7, 1.1) + b), ("clamp_min", lambda a, b: torch.clamp_min(a, 0.7) + b),
    ("mse", lambda a, b: torch.nn.functional.mse_loss(a, b, reduction="none")),
    ("l1", lambda a, b: torch.nn.functional.l1_loss(a, b, reduction="none")),
    ("bce", lambda a, b: torch.nn.functional.binary_cross_entropy(torch.sigmoid(b), a / 2, reduction="none")),
]

def run(f, where, other_grad):
    a = (torch.arange(12.0).reshape(3, 4) / 12 + 0.5).requires_grad_(True) * 1
    b = (torch.arange(12.0, 0, -1).reshape(3, 4) / 10 + 0.25).requires_grad_(other_grad)
    b = b * 1 if other_grad else b
    try:
        y = f(a, b)
        {"out": y, "self": a, "other": b}[where].add_(0.125)
        y.sum().backward()
        return "ok"
    except RuntimeError as e:
        return "raises" if "inplace" in str(e) else "other: " + str(e)[:60]

for name, f in OPS:
    print(name, *[run(f, w, g) for g in (True, False) for w in ("out", "self", "other")])
