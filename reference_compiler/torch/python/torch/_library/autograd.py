"""The autograd layer of a custom operator (PyTorch's
torch/_library/autograd.py): when grad mode is on and an input requires
grad, the call runs as an autograd.Function, GeneratedBackwardFor_<ns>_<op>_<overload>,
whose forward runs the operator below autograd and calls register_autograd's
setup_context(ctx, inputs, output), and whose backward calls its backward
formula (2.14's RuntimeError when there is none). list[Tensor] inputs and
outputs are flattened, so each tensor in them gets its own gradient."""

import torch
from torch.autograd.function import Function


class _Metadata:
    """What apply passes as its last argument: the keyword-only arguments and
    how the tensor lists were flattened."""

    def __init__(self, keyword_only_args, input_spec):
        self.keyword_only_args = keyword_only_args
        self.input_spec = input_spec


def _is_tensor_list(value):
    return isinstance(value, list) and all(isinstance(v, torch.Tensor) for v in value)


def _flatten(args):
    """([a, b], x) -> ((a, b, x), [2, None]): tensor lists spread out, their lengths kept."""
    flat, spec = [], []
    for a in args:
        if _is_tensor_list(a):
            flat.extend(a)
            spec.append(len(a))
        else:
            flat.append(a)
            spec.append(None)
    return tuple(flat), spec


def _unflatten(flat, spec):
    out, i = [], 0
    for length in spec:
        if length is None:
            out.append(flat[i])
            i += 1
        else:
            out.append(list(flat[i:i + length]))
            i += length
    return tuple(out)


def make_autograd_impl(op, info, redispatch):
    """The call of `op` as autograd sees it: autograd_impl(args, kwargs).
    `info` holds _backward_fn and _setup_context_fn (the CustomOpDef);
    `redispatch(args, kwargs)` runs the operator below autograd."""
    schema = op._schema
    num_positional_args = sum(not a.kwarg_only for a in schema.arguments)
    has_kwarg_only_args = num_positional_args != len(schema.arguments)
    returns_list = len(schema.returns) == 1 and not schema._tuple_return and schema.returns[0].type.is_tensor_list()

    def forward(ctx, *flat_and_metadata):
        metadata = flat_and_metadata[-1]
        args = _unflatten(flat_and_metadata[:-1], metadata.input_spec)
        kwargs = metadata.keyword_only_args
        result = redispatch(args, kwargs)
        if info._setup_context_fn:
            if has_kwarg_only_args:
                info._setup_context_fn(ctx=ctx, inputs=args, keyword_only_inputs=kwargs, output=result)
            else:
                info._setup_context_fn(ctx=ctx, inputs=args, output=result)
        ctx._pt_input_spec = metadata.input_spec
        return tuple(result) if returns_list else result

    def backward(ctx, *grads):
        if not info._backward_fn:
            raise RuntimeError(f"Trying to backward through {op} but no autograd formula was registered. "
                               f"Please use register_autograd to add one.")
        spec = ctx._pt_input_spec
        prev_needs_input_grad = ctx.needs_input_grad
        if returns_list:
            grads = (list(grads),)
        try:
            ctx.needs_input_grad = _unflatten(prev_needs_input_grad[:-1], spec)
            result = info._backward_fn(ctx, *grads)
        finally:
            ctx.needs_input_grad = prev_needs_input_grad
        num_actual_inputs = len(spec)
        valid_return_counts = {num_actual_inputs, num_positional_args}
        actual = len(result) if isinstance(result, tuple) else 1
        if actual not in valid_return_counts:
            expected = (str(num_actual_inputs) if num_actual_inputs == num_positional_args
                        else f"{num_actual_inputs} or {num_positional_args}")
            raise RuntimeError(f"The backward formula for {op} returned an incorrect number of gradients "
                               f"(expected {expected}, got {actual}). Expected one gradient for each forward "
                               f"input, or for each positional input to the operator. Use None for inputs that "
                               f"do not require a gradient.")
        if not isinstance(result, tuple):
            result = (result,)
        flat = []
        for grad, length in zip(result, spec):
            if length is None:
                flat.append(grad)
            else:
                flat.extend(grad if isinstance(grad, list) else [None] * length)
        return (*flat, None)

    name = f"GeneratedBackwardFor_{op.namespace}_{op._opname}_{op._overloadname}"
    generated = type(name, (Function,), {"forward": staticmethod(forward), "backward": staticmethod(backward)})

    def autograd_impl(args, kwargs):
        flat, spec = _flatten(args)
        if torch.is_grad_enabled() and any(isinstance(t, torch.Tensor) and t.requires_grad for t in flat):
            result = generated.apply(*flat, _Metadata(kwargs, spec))
            return list(result) if returns_list else result
        # Below autograd: the kernel's own ops record no history.
        with torch.no_grad():
            return redispatch(args, kwargs)

    return autograd_impl
