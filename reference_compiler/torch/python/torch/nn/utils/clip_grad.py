"""Gradient clipping, after torch/nn/utils/clip_grad.py. On the CPU PyTorch
takes the foreach path, which computes each gradient's norm with
linalg_vector_norm and scales every gradient by one clamped coefficient;
these functions run the same ops one tensor at a time, so foreach=True and
foreach=False give the same numbers."""

import warnings
import torch

__all__ = ['clip_grad_norm', 'clip_grad_norm_', 'clip_grad_value_']


def _tensor_list(tensors):
    if isinstance(tensors, torch.Tensor):
        return [tensors]
    return list(tensors)


def _get_total_norm(tensors, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    """The norm of the tensors' norms: the norm of all of them as one vector."""
    with torch.no_grad():
        tensors = _tensor_list(tensors)
        norm_type = float(norm_type)
        if len(tensors) == 0:
            return torch.tensor(0.0)
        norms = [torch.linalg.vector_norm(t, norm_type) for t in tensors]
        total_norm = torch.linalg.vector_norm(torch.stack(norms), norm_type)
        if error_if_nonfinite and torch.logical_or(total_norm.isnan(), total_norm.isinf()):
            raise RuntimeError(f'The total norm of order {norm_type} for gradients from `parameters` is non-finite, so it cannot be clipped. To disable this error and scale the gradients by the non-finite norm anyway, set `error_if_nonfinite=False`')
        return total_norm


def _clip_grads_with_norm_(parameters, max_norm, total_norm, foreach=None):
    """Scales the gradients by min(max_norm / (total_norm + 1e-6), 1)."""
    with torch.no_grad():
        grads = [p.grad for p in _tensor_list(parameters) if p.grad is not None]
        max_norm = float(max_norm)
        if len(grads) == 0:
            return
        clip_coef = max_norm / (total_norm + 1e-06)
        clip_coef_clamped = torch.clamp(clip_coef, max=1.0)
        for g in grads:
            g.mul_(clip_coef_clamped)


def clip_grad_norm_(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    """Scales the gradients so that their total norm is at most max_norm;
    returns the total norm before clipping."""
    with torch.no_grad():
        is_generator = type(parameters).__name__ == 'generator'
        parameters = _tensor_list(parameters)
        if is_generator and len(parameters) == 0:
            warnings.warn('`parameters` is an empty generator, no gradient clipping will occur.', stacklevel=3)
        grads = [p.grad for p in parameters if p.grad is not None]
        total_norm = _get_total_norm(grads, norm_type, error_if_nonfinite, foreach)
        _clip_grads_with_norm_(parameters, max_norm, total_norm, foreach)
        return total_norm


def clip_grad_norm(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    """The deprecated name of clip_grad_norm_."""
    warnings.warn('`torch.nn.utils.clip_grad_norm` is now deprecated in favor of `torch.nn.utils.clip_grad_norm_`.',
                  FutureWarning, stacklevel=2)
    return clip_grad_norm_(parameters, max_norm, norm_type, error_if_nonfinite, foreach)


def clip_grad_value_(parameters, clip_value, foreach=None):
    """Clamps every gradient into [-clip_value, clip_value]."""
    with torch.no_grad():
        clip_value = float(clip_value)
        for p in _tensor_list(parameters):
            if p.grad is not None:
                p.grad.clamp_min_(-clip_value)
                p.grad.clamp_max_(clip_value)
