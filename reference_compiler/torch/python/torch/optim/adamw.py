"""torch.optim.AdamW: Adam with decoupled weight decay (default 0.01), as
PyTorch's torch/optim/adamw.py defines it."""

from torch.optim.adam import Adam, adam

__all__ = ['AdamW', 'adamw']


class AdamW(Adam):
    """Implements AdamW algorithm."""

    def __init__(self, params, lr=0.001, betas=(0.9, 0.999), eps=1e-08, weight_decay=0.01, amsgrad=False, *,
                 maximize=False, foreach=None, capturable=False, differentiable=False, fused=None):
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, foreach=foreach, maximize=maximize,
                         capturable=capturable, differentiable=differentiable, fused=fused,
                         decoupled_weight_decay=True)

    def __setstate__(self, state):
        super().__setstate__(state)
        for group in self.param_groups:
            group['decoupled_weight_decay'] = True


def adamw(params, grads, exp_avgs, exp_avg_sqs, max_exp_avg_sqs, state_steps, differentiable=False, *, amsgrad,
          beta1, beta2, lr, weight_decay, eps, maximize):
    """Functional API that performs AdamW algorithm computation."""
    adam(params, grads, exp_avgs, exp_avg_sqs, max_exp_avg_sqs, state_steps, differentiable=differentiable,
         amsgrad=amsgrad, beta1=beta1, beta2=beta2, lr=lr, weight_decay=weight_decay, eps=eps, maximize=maximize,
         decoupled_weight_decay=True)
