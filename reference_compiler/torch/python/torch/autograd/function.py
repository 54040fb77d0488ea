"""torch.autograd.Function: differentiable operations defined in Python.

`apply` runs `forward` with gradients off; when a tensor input requires grad,
the outputs become the outputs of one graph node, named "<Class>Backward",
whose backward calls the class's `backward(ctx, *grad_outputs)`. Both the
`forward(ctx, *args)` style and the `forward(*args)` + `setup_context` style
work.
"""

import torch
import torch._C as _C


class FunctionCtx:
    """The `ctx` forward and backward share."""

    def save_for_backward(self, *tensors):
        self.to_save = tensors

    @property
    def saved_tensors(self):
        return getattr(self, "to_save", ())

    def mark_dirty(self, *tensors):
        self.dirty_tensors = tensors

    def mark_non_differentiable(self, *tensors):
        self.non_differentiable = tensors

    def set_materialize_grads(self, value):
        self.materialize_grads = value


class Function:
    """Base class of user-defined autograd functions."""

    @staticmethod
    def forward(*args, **kwargs):
        raise NotImplementedError("You must implement the forward function for custom autograd.Function.")

    @staticmethod
    def setup_context(ctx, inputs, output):
        raise NotImplementedError("setup_context is not implemented.")

    @staticmethod
    def backward(ctx, *grad_outputs):
        raise NotImplementedError("You must implement either the backward or vjp method for your custom "
                                  "autograd.Function to use it with backward mode AD.")

    @classmethod
    def apply(cls, *args, **kwargs):
        ctx = FunctionCtx()
        ctx.needs_input_grad = tuple(isinstance(a, torch.Tensor) and a.requires_grad for a in args)
        separate_setup = cls.setup_context is not Function.setup_context
        with torch.no_grad():
            if separate_setup:
                output = cls.forward(*args, **kwargs)
                cls.setup_context(ctx, args, output)
            else:
                output = cls.forward(ctx, *args, **kwargs)
        if not (torch.is_grad_enabled() and any(ctx.needs_input_grad)):
            return output
        single = not isinstance(output, tuple)
        outputs = (output,) if single else output
        # An input returned as an output gets a fresh alias to carry the history.
        outputs = tuple(o.detach() if any(o is a for a in args) else o for o in outputs)

        def backward(*grads):
            return cls.backward(ctx, *grads)

        _C._record_function(cls.__name__ + "Backward", backward, args, outputs)
        return outputs[0] if single else outputs


class once_differentiable:
    """Decorator kept for compatibility: backward runs without building a graph."""

    def __new__(cls, fn):
        def wrapper(ctx, *args):
            with torch.no_grad():
                return fn(ctx, *args)
        return wrapper
