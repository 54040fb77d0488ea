# Autograd restrictions: integer tensors cannot require grad; grad of non-scalar and of tensors not requiring grad.
import torch

def attempt(label, fn):
    try:
        print(label, fn())
    except RuntimeError as e:
        print(label, "RuntimeError:", e)

attempt("int", lambda: torch.tensor([1, 2]).requires_grad_())
attempt("no_grad_backward", lambda: torch.ones(2).sum().backward())
x = torch.ones(2, requires_grad=True)
attempt("unused", lambda: torch.autograd.grad((x * 2).sum(), [x, torch.ones(2, requires_grad=True)]))
attempt("allow_unused", lambda: torch.autograd.grad((x * 2).sum(), [x, torch.ones(2, requires_grad=True)], allow_unused=True))
attempt("nonscalar", lambda: torch.autograd.grad(x * 2, x))
