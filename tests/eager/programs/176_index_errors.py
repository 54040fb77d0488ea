# Index errors: out-of-range int, out-of-range index tensor, wrong mask shape, float index tensor.
import torch

x = torch.arange(6).reshape(2, 3)

def attempt(label, fn):
    try:
        print(label, fn())
    except (IndexError, RuntimeError, TypeError) as e:
        print(label, type(e).__name__ + ":", e)

attempt("int", lambda: x[2])
attempt("neg", lambda: x[0, -4])
attempt("ok", lambda: x[-1, -3])
attempt("mask", lambda: x[torch.tensor([True, False, True])])
attempt("float", lambda: x[torch.tensor([0.0])])
attempt("too_many", lambda: x[0, 0, 0])
attempt("select", lambda: x.select(1, 3))
attempt("narrow", lambda: x.narrow(1, 2, 2))
attempt("gather", lambda: x.gather(1, torch.tensor([[0, 1, 2, 3]])))
