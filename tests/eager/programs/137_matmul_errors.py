# Shape and dtype errors from mm, bmm, matmul, dot and linear, caught and printed.
import torch
import torch.nn.functional as F

def attempt(label, fn):
    try:
        r = fn()
        print(label, "ok", tuple(r.shape))
    except RuntimeError as e:
        print(label, "RuntimeError:", e)

attempt("mm", lambda: torch.mm(torch.ones(2, 3), torch.ones(2, 3)))
attempt("mm1d", lambda: torch.mm(torch.ones(3), torch.ones(3, 2)))
attempt("bmm", lambda: torch.bmm(torch.ones(2, 2, 3), torch.ones(3, 3, 2)))
attempt("bmm2d", lambda: torch.bmm(torch.ones(2, 3), torch.ones(3, 2)))
attempt("matmul", lambda: torch.ones(2, 3) @ torch.ones(4, 5))
attempt("matmul1d", lambda: torch.ones(3) @ torch.ones(4))
attempt("matmul_batch", lambda: torch.ones(2, 2, 3) @ torch.ones(3, 3, 2))
attempt("dot", lambda: torch.dot(torch.ones(3), torch.ones(3, 1)))
attempt("dtype", lambda: torch.mm(torch.ones(2, 2), torch.ones(2, 2, dtype=torch.float64)))
attempt("linear", lambda: F.linear(torch.ones(2, 3), torch.ones(4, 5)))
attempt("matmul0d", lambda: torch.matmul(torch.tensor(1.0), torch.ones(2)))
