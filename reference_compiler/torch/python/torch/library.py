"""torch.library as PyTorch 2.14 has it for Python custom operators:
custom_op, the registrations that take an operator or its "ns::name"
(register_fake, register_autograd, register_kernel), infer_schema and
opcheck. Library / define / impl (operators declared by schema string, with
kernels per dispatch key) are not provided."""

from torch._library.custom_ops import CustomOpDef, _maybe_get_opdef, custom_op
from torch._library.infer_schema import infer_schema

__all__ = ["custom_op", "infer_schema", "opcheck", "register_autograd", "register_fake", "register_kernel",
           "CustomOpDef"]


def _opdef_or_raise(op, what):
    opdef = _maybe_get_opdef(op)
    if opdef is None:
        raise NotImplementedError(f"torch.library.{what} is only supported here for operators made with "
                                  f"torch.library.custom_op, got {op}")
    return opdef


def _check_op(op, what):
    if not isinstance(op, (str, CustomOpDef)) and not hasattr(op, "_schema"):
        raise ValueError(f"{what}({op}): got unexpected type for op: {type(op)}")


def register_fake(op, func=None, /, *, lib=None, _stacklevel=1, allow_override=False):
    """Registers a FakeTensor implementation ("fake impl") for this operator (usable as a decorator)."""
    _check_op(op, "register_fake")
    opdef = _opdef_or_raise(op, "register_fake")

    def register(func):
        opdef.register_fake(func)
        return func

    if func is None:
        return register
    return register(func)


def register_autograd(op, backward, /, *, setup_context=None, lib=None):
    """Registers a backward formula for this custom op."""
    _check_op(op, "register_autograd")
    _opdef_or_raise(op, "register_autograd").register_autograd(backward, setup_context=setup_context)


def register_kernel(op, device_types, func=None, /, *, lib=None):
    """Registers an implementation for a device type for this operator (usable as a decorator)."""
    _check_op(op, "register_kernel")
    return _opdef_or_raise(op, "register_kernel").register_kernel(device_types, func)


def opcheck(op, args, kwargs=None, *, test_utils=("test_schema", "test_autograd_registration", "test_faketensor",
                                                  "test_aot_dispatch_dynamic"),
            raise_exception=True, atol=None, rtol=None):
    """Given an operator and some sample arguments, tests if the operator is registered correctly
    (torch.testing._internal.optests.opcheck)."""
    import torch.testing._internal.optests as optests

    return optests.opcheck(op, args, kwargs, test_utils=test_utils, raise_exception=raise_exception, rtol=rtol,
                           atol=atol)
