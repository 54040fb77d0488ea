"""torch.autograd: gradients of tensors with respect to graph leaves."""

import torch._C as _C
from torch.autograd.grad_mode import no_grad, enable_grad, set_grad_enabled, inference_mode, is_inference_mode_enabled
from torch.autograd.function import Function
from torch.autograd.gradcheck import gradcheck, gradgradcheck
from torch.autograd import profiler


def _as_tuple(x):
    if x is None:
        return ()
    if isinstance(x, (list, tuple)):
        return tuple(x)
    return (x,)


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False, inputs=None):
    """Accumulates the gradients of `tensors` into the .grad of the leaves."""
    tensors = _as_tuple(tensors)
    grad_tensors = _as_tuple(grad_tensors)
    if not grad_tensors:
        grad_tensors = (None,) * len(tensors)
    _C._run_backward(tensors, grad_tensors, retain_graph, create_graph, inputs, False, True)


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False,
         allow_unused=None, is_grads_batched=False, materialize_grads=False):
    """Returns the gradients of `outputs` with respect to `inputs`."""
    outputs = _as_tuple(outputs)
    inputs = _as_tuple(inputs)
    grad_outputs = _as_tuple(grad_outputs)
    if not grad_outputs:
        grad_outputs = (None,) * len(outputs)
    if allow_unused is None:
        allow_unused = materialize_grads
    result = _C._run_backward(outputs, grad_outputs, retain_graph, create_graph, inputs,
                              allow_unused, False)
    if materialize_grads:
        result = tuple(_C.zeros_like(i) if g is None else g for g, i in zip(result, inputs))
    return result

