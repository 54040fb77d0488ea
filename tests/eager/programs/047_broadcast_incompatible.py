# Errors from incompatible broadcast shapes in binary ops, expand and broadcast_shapes, caught and printed.
import torch

def attempt(label, fn):
    try:
        r = fn()
        print(label, "ok", tuple(r.shape))
    except RuntimeError as e:
        print(label, "RuntimeError:", e)

attempt("add", lambda: torch.ones(2, 3) + torch.ones(2))
attempt("mul", lambda: torch.ones(4, 1, 3) * torch.ones(2, 2))
attempt("ok", lambda: torch.ones(4, 1, 3) * torch.ones(2, 1))
attempt("expand", lambda: torch.ones(2, 3).expand(4, 3))
attempt("expand_dims", lambda: torch.ones(2, 3).expand(3))
attempt("expand_neg", lambda: torch.ones(3).expand(-1, 3))
attempt("where", lambda: torch.where(torch.ones(3, dtype=torch.bool), torch.ones(2), torch.ones(3)))
attempt("broadcast_to", lambda: torch.broadcast_to(torch.ones(3), (3, 2)))
try:
    torch.broadcast_shapes((2, 3), (4, 3))
except RuntimeError as e:
    print("broadcast_shapes RuntimeError:", e)
