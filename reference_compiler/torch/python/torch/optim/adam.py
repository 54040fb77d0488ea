"""torch.optim.Adam, after PyTorch's torch/optim/adam.py: bias-corrected
first and second moments, optional AMSGrad, L2 or decoupled (AdamW) weight
decay, maximize, and lr / betas given as floats or tensors. The update is
PyTorch's single-tensor path (the one it runs on CPU), op for op, so the
parameters match PyTorch's bit for bit."""

import torch
from torch import Tensor
from torch.optim.optimizer import (Optimizer, _get_scalar_dtype, _get_value, _setdefault_in_groups,
                                   _to_scalar, _use_grad_for_differentiable)

__all__ = ['Adam', 'adam']


class Adam(Optimizer):
    """Implements Adam algorithm."""

    def __init__(self, params, lr=0.001, betas=(0.9, 0.999), eps=1e-08, weight_decay=0, amsgrad=False, *,
                 foreach=None, maximize=False, capturable=False, differentiable=False, fused=None,
                 decoupled_weight_decay=False):
        if isinstance(lr, Tensor):
            if foreach and not capturable:
                raise ValueError('lr as a Tensor is not supported for capturable=False and foreach=True')
            if lr.numel() != 1:
                raise ValueError('Tensor lr must be 1-element')
        if not 0.0 <= lr:
            raise ValueError(f'Invalid learning rate: {lr}')
        if not 0.0 <= eps:
            raise ValueError(f'Invalid epsilon value: {eps}')
        if not 0.0 <= betas[0] < 1.0:
            raise ValueError(f'Invalid beta parameter at index 0: {betas[0]}')
        if not 0.0 <= betas[1] < 1.0:
            raise ValueError(f'Invalid beta parameter at index 1: {betas[1]}')
        if not 0.0 <= weight_decay:
            raise ValueError(f'Invalid weight_decay value: {weight_decay}')
        if not (isinstance(betas[0], float) and isinstance(betas[1], float) or (isinstance(betas[0], Tensor) and isinstance(betas[1], Tensor))):
            raise ValueError('betas must be either both floats or both Tensors')
        if isinstance(betas[0], Tensor):
            if not capturable and foreach:
                raise ValueError('betas[0] as a Tensor is not supported for capturable=False and foreach=True')
            if betas[0].numel() != 1:
                raise ValueError('Tensor betas[0] must be 1-element')
        if isinstance(betas[1], Tensor):
            if not capturable and foreach:
                raise ValueError('betas[1] as a Tensor is not supported for capturable=False and foreach=True')
            if betas[1].numel() != 1:
                raise ValueError('Tensor betas[1] must be 1-element')
        betas = (_to_scalar(betas[0]), _to_scalar(betas[1]))
        defaults = {'lr': lr, 'betas': betas, 'eps': eps, 'weight_decay': weight_decay, 'amsgrad': amsgrad,
                    'maximize': maximize, 'foreach': foreach, 'capturable': capturable,
                    'differentiable': differentiable, 'fused': fused, 'decoupled_weight_decay': decoupled_weight_decay}
        super().__init__(params, defaults)

    def __setstate__(self, state):
        super().__setstate__(state)
        _setdefault_in_groups(self, {'amsgrad': False, 'maximize': False, 'foreach': None, 'capturable': False,
                                     'differentiable': False, 'decoupled_weight_decay': False, 'fused': None})
        for group in self.param_groups:
            fused = group['fused']
            for p in group['params']:
                p_state = self.state.get(p, [])
                if len(p_state) != 0 and not torch.is_tensor(p_state['step']):
                    step_val = float(p_state['step'])
                    p_state['step'] = torch.tensor(step_val, dtype=_get_scalar_dtype(is_fused=fused))

    def _init_group(self, group, params_with_grad, grads, exp_avgs, exp_avg_sqs, max_exp_avg_sqs, state_steps):
        for p in group['params']:
            if p.grad is not None:
                params_with_grad.append(p)
                grads.append(p.grad)
                state = self.state[p]
                if len(state) == 0:
                    # The step count lives on the CPU as a float tensor.
                    state['step'] = torch.tensor(0.0, dtype=_get_scalar_dtype())
                    state['exp_avg'] = torch.zeros_like(p, memory_format=torch.preserve_format)
                    state['exp_avg_sq'] = torch.zeros_like(p, memory_format=torch.preserve_format)
                    if group['amsgrad']:
                        state['max_exp_avg_sq'] = torch.zeros_like(p, memory_format=torch.preserve_format)
                exp_avgs.append(state['exp_avg'])
                exp_avg_sqs.append(state['exp_avg_sq'])
                if group['amsgrad']:
                    max_exp_avg_sqs.append(state['max_exp_avg_sq'])
                if group['differentiable'] and state['step'].requires_grad:
                    raise RuntimeError('`requires_grad` is not supported for `step` in differentiable mode')
                state_steps.append(state['step'])

    @_use_grad_for_differentiable
    def step(self, closure=None):
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()
        for group in self.param_groups:
            params_with_grad = []
            grads = []
            exp_avgs = []
            exp_avg_sqs = []
            max_exp_avg_sqs = []
            state_steps = []
            beta1, beta2 = group['betas']
            self._init_group(group, params_with_grad, grads, exp_avgs, exp_avg_sqs, max_exp_avg_sqs, state_steps)
            adam(params_with_grad, grads, exp_avgs, exp_avg_sqs, max_exp_avg_sqs, state_steps,
                 amsgrad=group['amsgrad'], beta1=beta1, beta2=beta2, lr=group['lr'],
                 weight_decay=group['weight_decay'], eps=group['eps'], maximize=group['maximize'],
                 differentiable=group['differentiable'], capturable=group['capturable'],
                 decoupled_weight_decay=group['decoupled_weight_decay'])
        return loss


def adam(params, grads, exp_avgs, exp_avg_sqs, max_exp_avg_sqs, state_steps, differentiable=False, capturable=False,
         *, amsgrad, beta1, beta2, lr, weight_decay, eps, maximize, decoupled_weight_decay=False):
    """Functional API that performs Adam algorithm computation (PyTorch's
    _single_tensor_adam)."""
    if not torch.compiler.is_compiling() and not all(isinstance(t, torch.Tensor) for t in state_steps):
        raise RuntimeError('API has changed, `state_steps` argument must contain a list of singleton tensors')
    lr = _to_scalar(lr)
    beta1 = _to_scalar(beta1)
    beta2 = _to_scalar(beta2)
    # A tensor beta1 is converted once per (device, dtype) of the parameters.
    beta1_dict = {(beta1.device, beta1.dtype): beta1} if isinstance(beta1, Tensor) else None
    for i, param in enumerate(params):
        grad = grads[i] if not maximize else -grads[i]
        exp_avg = exp_avgs[i]
        exp_avg_sq = exp_avg_sqs[i]
        step_t = state_steps[i]
        step_t += 1
        if weight_decay != 0:
            if decoupled_weight_decay:
                param.mul_(1 - lr * weight_decay)
            elif differentiable and isinstance(weight_decay, Tensor) and weight_decay.requires_grad:
                grad = grad.addcmul_(param.clone(), weight_decay)
            else:
                grad = grad.add(param, alpha=weight_decay)
        if beta1_dict is not None:
            key = (param.device, param.dtype)
            if key not in beta1_dict:
                beta1_dict[key] = beta1.to(device=param.device, dtype=param.dtype, non_blocking=True)
            device_beta1 = beta1_dict[key]
        else:
            device_beta1 = beta1
        exp_avg.lerp_(grad, 1 - device_beta1)
        if differentiable and isinstance(beta2, Tensor) and beta2.requires_grad:
            exp_avg_sq.lerp_(torch.square(grad), weight=1 - beta2)
        else:
            exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
        if capturable or differentiable:
            # The step stays a tensor (a compiled step takes this path: the
            # tracer sets capturable, as PyTorch's does). A beta that requires
            # grad saves the step for backward: it gets a copy, since step_t
            # is bumped in place on the next call.
            step = step_t
            if isinstance(beta1, Tensor) and beta1.requires_grad:
                bias_correction1 = 1 - beta1 ** step.clone()
            else:
                bias_correction1 = 1 - beta1 ** step
            if isinstance(beta2, Tensor) and beta2.requires_grad:
                bias_correction2 = 1 - beta2 ** step.clone()
            else:
                bias_correction2 = 1 - beta2 ** step
            step_size = lr / bias_correction1
            step_size_neg = step_size.neg()
            bias_correction2_sqrt = bias_correction2.sqrt()
            if amsgrad:
                max_exp_avg_sq = max_exp_avg_sqs[i].clone()
                max_exp_avg_sqs[i].copy_(torch.maximum(max_exp_avg_sq, exp_avg_sq))
                denom = (max_exp_avg_sqs[i].sqrt() / (bias_correction2_sqrt * step_size_neg)).add_(eps / step_size_neg)
            else:
                denom = (exp_avg_sq.sqrt() / (bias_correction2_sqrt * step_size_neg)).add_(eps / step_size_neg)
            param.addcdiv_(exp_avg.clone() if differentiable else exp_avg, denom)
        else:
            step = _get_value(step_t)
            bias_correction1 = 1 - beta1 ** step
            bias_correction2 = 1 - beta2 ** step
            step_size = lr / bias_correction1
            bias_correction2_sqrt = bias_correction2 ** 0.5
            if amsgrad:
                max_exp_avg_sqs[i].copy_(torch.maximum(max_exp_avg_sqs[i], exp_avg_sq))
                denom = (max_exp_avg_sqs[i].sqrt() / bias_correction2_sqrt).add_(eps)
            else:
                denom = (exp_avg_sq.sqrt() / bias_correction2_sqrt).add_(eps)
            param.addcdiv_(exp_avg, denom, value=-step_size)
