"""torch.autograd.gradcheck and gradgradcheck: the Jacobian autograd computes
for each (output, input) pair against central finite differences, in
PyTorch's slow mode, with its argument names and failure messages."""

import torch


class GradcheckError(RuntimeError):
    pass


def _as_tuple(x):
    return tuple(x) if isinstance(x, (list, tuple)) else (x,)


def _differentiable_outputs(outputs):
    return [o for o in outputs if isinstance(o, torch.Tensor) and o.requires_grad]


def _numerical_jacobian(func, inputs, index, outputs, eps):
    """Columns d(outputs)/d(inputs[index][j]) by central differences, each
    output flattened: a list (one per output) of [numel_out, numel_in] tensors."""
    # A contiguous copy that still requires grad (func may differentiate
    # internally, as gradgradcheck's does), perturbed through a detached view.
    x = inputs[index].detach().clone(memory_format=torch.contiguous_format).requires_grad_()
    flat = x.detach().view(-1)
    args = list(inputs)
    args[index] = x
    columns = [[] for _ in outputs]
    for j in range(flat.numel()):
        original = flat[j].item()
        values = []
        for delta in (eps, -eps):
            flat[j] = original + delta
            values.append(tuple(v.detach() if isinstance(v, torch.Tensor) else v for v in _as_tuple(func(*args))))
        flat[j] = original
        for k in range(len(outputs)):
            columns[k].append(((values[0][k] - values[1][k]) / (2 * eps)).reshape(-1).double())
    return [torch.stack(c, 1) if c else torch.zeros(outputs[k].numel(), 0, dtype=torch.float64)
            for k, c in enumerate(columns)]


def _analytical_jacobian(output, wrt):
    """Rows d(output[k])/d(wrt): one [numel_out, numel_in] tensor per input."""
    rows = [[] for _ in wrt]
    flat_out = output.reshape(-1)
    for k in range(flat_out.numel()):
        grad_output = torch.zeros_like(flat_out)
        grad_output[k] = 1
        grads = torch.autograd.grad(flat_out, wrt, grad_output.view_as(flat_out), retain_graph=True,
                                    allow_unused=True)
        for i, g in enumerate(grads):
            rows[i].append(torch.zeros(wrt[i].numel(), dtype=torch.float64) if g is None else g.reshape(-1).double())
    return [torch.stack(r, 0) if r else torch.zeros(0, wrt[i].numel(), dtype=torch.float64)
            for i, r in enumerate(rows)]


def gradcheck(func, inputs, *, eps=1e-6, atol=1e-5, rtol=1e-3, raise_exception=True, nondet_tol=0.0,
              check_undefined_grad=True, check_grad_dtypes=False, check_batched_grad=False,
              check_batched_forward_grad=False, check_forward_ad=False, check_backward_ad=True,
              fast_mode=False, masked=None):
    """True when the analytical Jacobian of `func` at `inputs` matches the
    numerical one within atol + rtol * |numerical| (else GradcheckError, or
    False without raise_exception)."""
    inputs = _as_tuple(inputs)
    wrt_index = [i for i, x in enumerate(inputs) if isinstance(x, torch.Tensor) and x.requires_grad]
    if not wrt_index:
        raise ValueError('gradcheck expects at least one input tensor to require gradient, '
                         'but none of the them have requires_grad=True.')

    def fail(message):
        if raise_exception:
            raise GradcheckError(message)
        return False

    outputs = _as_tuple(func(*inputs))
    wrt = [inputs[i] for i in wrt_index]
    checked = [k for k, o in enumerate(outputs) if isinstance(o, torch.Tensor) and o.requires_grad]
    # One Jacobian per checked output, computed twice: backward must be reentrant.
    analytical = [_analytical_jacobian(outputs[k], wrt) for k in checked]
    for m, k in enumerate(checked):
        for first, again in zip(analytical[m], _analytical_jacobian(outputs[k], wrt)):
            if first.numel() and (again - first).abs().max().item() > nondet_tol:
                return fail(f'Backward is not reentrant, i.e., running backward with same input and '
                            f'grad_output multiple times gives different values, although analytical '
                            f'gradient matches numerical gradient.The tolerance for nondeterminism was '
                            f'{nondet_tol}.')
    for n, i in enumerate(wrt_index):
        numerical = _numerical_jacobian(func, inputs, i, [outputs[k] for k in checked], eps)
        for m, k in enumerate(checked):
            if not torch.allclose(analytical[m][n], numerical[m], rtol, atol):
                return fail(f'Jacobian mismatch for output {k} with respect to input {i},\n'
                            f'numerical:{numerical[m]}\nanalytical:{analytical[m][n]}\n')
    if not checked:  # no differentiable output: the function must not depend on the inputs
        floats = [o for o in outputs if isinstance(o, torch.Tensor) and o.is_floating_point()]
        for i in wrt_index:
            if any(not torch.equal(c, torch.zeros_like(c)) for c in _numerical_jacobian(func, inputs, i, floats, eps)):
                return fail('Numerical gradient for function expected to be zero')
    return True


def gradgradcheck(func, inputs, grad_outputs=None, *, eps=1e-6, atol=1e-5, rtol=1e-3,
                  gen_non_contig_grad_outputs=False, raise_exception=True, nondet_tol=0.0,
                  check_undefined_grad=True, check_grad_dtypes=False, check_batched_grad=False,
                  check_fwd_over_rev=False, check_rev_over_rev=True, fast_mode=False, masked=False):
    """gradcheck of the gradients of `func` (taken with create_graph=True)
    with respect to the inputs and the grad_outputs."""
    inputs = _as_tuple(inputs)
    outputs = _differentiable_outputs(_as_tuple(func(*inputs)))
    if grad_outputs is None:
        grad_outputs = tuple(torch.randn_like(o, dtype=torch.float64).to(o.dtype).requires_grad_()
                             for o in outputs)
    grad_outputs = _as_tuple(grad_outputs)
    count = len(inputs)

    def grads_of(*args):
        xs, gos = args[:count], args[count:]
        outs = _differentiable_outputs(_as_tuple(func(*xs)))
        wrt = [x for x in xs if isinstance(x, torch.Tensor) and x.requires_grad]
        grads = torch.autograd.grad(outs, wrt, gos, create_graph=True, allow_unused=True)
        return tuple(g for g in grads if g is not None)

    return gradcheck(grads_of, inputs + grad_outputs, eps=eps, atol=atol, rtol=rtol,
                     raise_exception=raise_exception, nondet_tol=nondet_tol)
