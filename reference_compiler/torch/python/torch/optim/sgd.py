"""torch.optim.SGD, after PyTorch's torch/optim/sgd.py: momentum (with
dampening and Nesterov), weight decay and maximize, using the single-tensor
update PyTorch runs on CPU, op for op."""

import torch
from torch import Tensor
from torch.optim.optimizer import (Optimizer, _setdefault_in_groups, _to_scalar,
                                   _use_grad_for_differentiable)

__all__ = ['SGD', 'sgd']


class SGD(Optimizer):
    """Implements stochastic gradient descent (optionally with momentum)."""

    def __init__(self, params, lr=0.001, momentum=0, dampening=0, weight_decay=0, nesterov=False, *, maximize=False,
                 foreach=None, differentiable=False, fused=None):
        if isinstance(lr, Tensor) and lr.numel() != 1:
            raise ValueError('Tensor lr must be 1-element')
        if lr < 0.0:
            raise ValueError(f'Invalid learning rate: {lr}')
        if momentum < 0.0:
            raise ValueError(f'Invalid momentum value: {momentum}')
        if weight_decay < 0.0:
            raise ValueError(f'Invalid weight_decay value: {weight_decay}')
        defaults = {'lr': lr, 'momentum': momentum, 'dampening': dampening, 'weight_decay': weight_decay,
                    'nesterov': nesterov, 'maximize': maximize, 'foreach': foreach, 'differentiable': differentiable,
                    'fused': fused}
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError('Nesterov momentum requires a momentum and zero dampening')
        super().__init__(params, defaults)

    def __setstate__(self, state):
        super().__setstate__(state)
        _setdefault_in_groups(self, {'nesterov': False, 'maximize': False, 'foreach': None, 'differentiable': False,
                                     'fused': False})

    def _init_group(self, group, params, grads, momentum_buffer_list):
        for p in group['params']:
            if p.grad is not None:
                params.append(p)
                grads.append(p.grad)
                if group['momentum'] != 0:
                    state = self.state[p]
                    momentum_buffer_list.append(state.get('momentum_buffer'))

    @_use_grad_for_differentiable
    def step(self, closure=None):
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()
        for group in self.param_groups:
            params = []
            grads = []
            momentum_buffer_list = []
            self._init_group(group, params, grads, momentum_buffer_list)
            sgd(params, grads, momentum_buffer_list, weight_decay=group['weight_decay'], momentum=group['momentum'],
                lr=group['lr'], dampening=group['dampening'], nesterov=group['nesterov'], maximize=group['maximize'])
            if group['momentum'] != 0:
                for p, momentum_buffer in zip(params, momentum_buffer_list):
                    state = self.state[p]
                    state['momentum_buffer'] = momentum_buffer
        return loss


def sgd(params, d_p_list, momentum_buffer_list, *, weight_decay, momentum, lr, dampening, nesterov, maximize):
    """Functional API that performs SGD algorithm computation (PyTorch's
    _single_tensor_sgd)."""
    lr = _to_scalar(lr)
    for i, param in enumerate(params):
        grad = d_p_list[i] if not maximize else -d_p_list[i]
        if weight_decay != 0:
            if isinstance(weight_decay, Tensor) and weight_decay.requires_grad:
                grad = grad.addcmul_(param.clone(), weight_decay)
            else:
                grad = grad.add(param, alpha=weight_decay)
        if momentum != 0:
            buf = momentum_buffer_list[i]
            if buf is None:
                buf = grad.detach().clone()
                momentum_buffer_list[i] = buf
            else:
                buf.mul_(momentum).add_(grad, alpha=1 - dampening)
            if nesterov:
                grad = grad.add(buf, alpha=momentum)
            else:
                grad = buf
        if isinstance(lr, Tensor) and lr.requires_grad:
            param.addcmul_(grad, lr, value=-1)
        else:
            param.add_(grad, alpha=-lr)
