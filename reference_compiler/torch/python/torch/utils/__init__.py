"""torch.utils: the helpers torch.nn and torch.optim share (hooks, clearing
gradients)."""

import torch.utils.hooks


def _zero_grads(params, set_to_none):
    """Module.zero_grad and Optimizer.zero_grad: each gradient is dropped
    (set_to_none) or zeroed in place, cut from any graph first."""
    for p in params:
        if p.grad is not None:
            if set_to_none:
                p.grad = None
            else:
                if p.grad.grad_fn is not None:
                    p.grad.detach_()
                else:
                    p.grad.requires_grad_(False)
                p.grad.zero_()
