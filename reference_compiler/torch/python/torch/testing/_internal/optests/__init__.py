"""opcheck: tests that a custom operator is registered correctly, with
PyTorch 2.14's test names, result dict and OpCheckError text. What each test
does in refc:

- test_schema: runs the operator on copies of the inputs and checks that
  it mutates only the arguments its schema marks mutable (and, through the
  operator's own check, that no output aliases an input).
- test_autograd_registration: a custom operator always has its autograd
  layer (register_autograd's formula, or the error backward raises without
  one), so with inputs requiring grad this passes, as in 2.14.
- test_faketensor: runs the operator on fake copies of the inputs (its fake
  implementation) and on the real ones, and compares each output's
  requires_grad, storage offset, shape, dtype, device and strides.
- test_aot_dispatch_static / test_aot_dispatch_dynamic: refc has no AOT
  dispatch; these compile a call of the operator with torch.compile
  (fullgraph, backend="eager", static or dynamic shapes), so the fake
  implementation is traced, and check that outputs and input gradients
  equal eager's.
"""

import torch
from torch._library.custom_ops import CustomOpDef


class OpCheckError(Exception):
    pass


class MetadataMismatchError(RuntimeError):
    """A fake output's metadata differs from the real output's (torch._subclasses.fake_tensor's)."""

    def __init__(self, reason):
        super().__init__(reason)
        self.reason = reason

    def __repr__(self):
        return f"MetadataMismatchError(reason={self.reason!r})"


def _clone_inputs(value):
    if isinstance(value, torch.Tensor):
        clone = value.detach().clone()
        return clone.requires_grad_(value.requires_grad)
    if isinstance(value, (list, tuple)):
        return type(value)(_clone_inputs(v) for v in value)
    if isinstance(value, dict):
        return {k: _clone_inputs(v) for k, v in value.items()}
    return value


def _fake_inputs(value):
    """A fake tensor for each tensor (same sizes, strides, dtype, device, requires_grad)."""
    if isinstance(value, torch.Tensor):
        previous = torch._C._set_fake_mode(True)
        try:
            fake = torch.empty_strided(value.size(), value.stride(), dtype=value.dtype, device=value.device)
        finally:
            torch._C._set_fake_mode(previous)
        return fake.requires_grad_(value.requires_grad)
    if isinstance(value, (list, tuple)):
        return type(value)(_fake_inputs(v) for v in value)
    if isinstance(value, dict):
        return {k: _fake_inputs(v) for k, v in value.items()}
    return value


def _leaves(value):
    if isinstance(value, (list, tuple)):
        out = []
        for v in value:
            out.extend(_leaves(v))
        return out
    return [value]


def _is_fake_input(args, kwargs):
    return any(isinstance(t, torch.Tensor) and torch._C._is_fake(t) for t in _leaves([args, list(kwargs.values())]))


def schema_check(op, args, kwargs):
    args, kwargs = _clone_inputs((args, kwargs))
    if _is_fake_input(args, kwargs):
        return None
    schema = op._schema
    before = {}
    for i, a in enumerate(schema.arguments):
        value = kwargs.get(a.name) if a.kwarg_only or i >= len(args) else args[i]
        before[a.name] = (value, _clone_inputs(value))
    result = op(*args, **kwargs)
    for a in schema.arguments:
        if a.alias_info is not None and a.alias_info.is_write:
            continue
        now, then = before[a.name]
        tensors_now = [t for t in _leaves([now]) if isinstance(t, torch.Tensor)]
        tensors_then = [t for t in _leaves([then]) if isinstance(t, torch.Tensor)]
        for t_now, t_then in zip(tensors_now, tensors_then):
            if not torch.equal(t_now.detach(), t_then.detach()):
                name = a.name if a.name != "self" else "input"
                raise RuntimeError(f"Argument {name} is not defined as mutable but was mutated")
    return result


def autograd_registration_check(op, args, kwargs):
    # A custom operator's autograd layer is always registered (see the module docstring).
    return None


def _compare_fake_real(op, real, fake):
    context = f"When comparing the output of {op} on FakeTensor and concrete Tensors, found"
    real_flat, fake_flat = _leaves([real]), _leaves([fake])
    if len(fake_flat) != len(real_flat):
        raise AssertionError(f"{context} mismatch in number of returns {len(fake_flat)} != {len(real_flat)}")
    for idx, (r, f) in enumerate(zip(real_flat, fake_flat)):
        if isinstance(r, torch.Tensor) != isinstance(f, torch.Tensor):
            raise AssertionError(f"{context} mismatched number of tensor outputs")
        if not isinstance(r, torch.Tensor):
            continue
        problem = None
        if r.requires_grad != f.requires_grad:
            problem = (f"{context} mismatched requires_grad-ness of outputs. This usually means that you have "
                       f"added autograd support for your operator at a dispatch key other than Autograd, which "
                       f"will lead to problems")
        elif r.storage_offset() != f.storage_offset():
            problem = f"{context} mismatched storage offset"
        elif r.shape != f.shape:
            problem = f"Shapes {r.shape} and {f.shape} are not equal!"
        elif r.dtype != f.dtype:
            problem = f"Dtypes {r.dtype} and {f.dtype} are not equal!"
        elif r.device != f.device:
            problem = f"Devices {r.device} and {f.device} are not equal!"
        else:
            mismatched = [d for d in range(r.dim()) if r.size(d) > 1 and r.stride(d) != f.stride(d)]
            if mismatched:
                problem = (f"Stride mismatch! Strides are {r.stride()} and {f.stride()} "
                           f"(mismatched at {mismatched[0]})!")
        if problem is not None:
            if len(real_flat) == 1:
                raise MetadataMismatchError(f"{context} mismatched tensor metadata: {problem}")
            raise MetadataMismatchError(f"{context} mismatched tensor metadata for output[{idx}]: {problem}")


def fake_check(op, args, kwargs):
    if _is_fake_input(args, kwargs):
        return None
    args, kwargs = _clone_inputs((args, kwargs))
    fake_args, fake_kwargs = _fake_inputs((args, kwargs))
    fake = op(*fake_args, **fake_kwargs)
    real = op(*args, **kwargs)
    _compare_fake_real(op, real, fake)


def _assert_close(actual, expected, what):
    for a, e in zip(_leaves([actual]), _leaves([expected])):
        if isinstance(e, torch.Tensor):
            if not isinstance(a, torch.Tensor) or a.shape != e.shape or a.dtype != e.dtype:
                raise AssertionError(f"The {what} of the compiled call differ from eager's in their metadata")
            if not torch.allclose(a.detach(), e.detach(), equal_nan=True):
                raise AssertionError(f"Tensor-likes are not close! ({what})")
        elif a != e:
            raise AssertionError(f"Scalars are not equal! ({what})")


def aot_dispatch_check(op, args, kwargs, dynamic):
    if _is_fake_input(args, kwargs):
        return None

    def call_op(*args, **kwargs):
        return op(*args, **kwargs)

    compiled = torch.compile(call_op, backend="eager", fullgraph=True, dynamic=dynamic)
    eager_args, eager_kwargs = _clone_inputs((args, kwargs))
    compiled_args, compiled_kwargs = _clone_inputs((args, kwargs))
    expected = call_op(*eager_args, **eager_kwargs)
    actual = compiled(*compiled_args, **compiled_kwargs)
    _assert_close(actual, expected, "outputs")
    # Gradients of the outputs' sum with respect to the inputs that require grad.
    eager_inputs = [t for t in _leaves([eager_args, list(eager_kwargs.values())]) if isinstance(t, torch.Tensor)]
    compiled_inputs = [t for t in _leaves([compiled_args, list(compiled_kwargs.values())])
                       if isinstance(t, torch.Tensor)]
    outs = [t for t in _leaves([expected]) if isinstance(t, torch.Tensor) and t.requires_grad]
    if not outs or not any(t.requires_grad for t in eager_inputs):
        return None
    sum(o.sum() for o in outs).backward()
    sum(o.sum() for o in _leaves([actual]) if isinstance(o, torch.Tensor) and o.requires_grad).backward()
    for e, a in zip(eager_inputs, compiled_inputs):
        if e.requires_grad:
            _assert_close(a.grad, e.grad, "gradients")
    return None


ALL_TEST_UTILS = {
    "test_schema": schema_check,
    "test_autograd_registration": autograd_registration_check,
    "test_faketensor": fake_check,
    "test_aot_dispatch_static": lambda op, args, kwargs: aot_dispatch_check(op, args, kwargs, False),
    "test_aot_dispatch_dynamic": lambda op, args, kwargs: aot_dispatch_check(op, args, kwargs, True),
}

DEFAULT_TEST_UTILS = ["test_schema", "test_autograd_registration", "test_faketensor", "test_aot_dispatch_dynamic"]


def opcheck(op, args, kwargs=None, *, test_utils=DEFAULT_TEST_UTILS, raise_exception=True, rtol=None, atol=None):
    """See torch.library.opcheck."""
    if (rtol is None) ^ (atol is None):
        raise ValueError("opcheck(op, ...): if you specify one of rtol/atol, you must specify both")
    if kwargs is None:
        kwargs = {}
    if isinstance(op, CustomOpDef):
        op = op._opoverload
    if isinstance(op, torch._ops.OpOverloadPacket):
        op = op.default
    if not isinstance(op, torch._ops.OpOverload):
        raise ValueError(f"opcheck(op, ...): op must be instance of torch._ops.OpOverload, e.g. "
                         f"torch.ops.aten.sin.default, got {type(op)}")
    if test_utils == "ALL":
        test_utils = tuple(ALL_TEST_UTILS.keys())
    if isinstance(test_utils, str):
        test_utils = (test_utils,)
    if not isinstance(test_utils, (tuple, list)) or not set(test_utils).issubset(ALL_TEST_UTILS.keys()):
        raise ValueError(f"opcheck(op, ..., test_utils={test_utils}), expected test_utils to be subset of "
                         f"{tuple(ALL_TEST_UTILS.keys())} but it was not")
    results_dict = {}
    for test_util in test_utils:
        try:
            ALL_TEST_UTILS[test_util](op, args, kwargs)
            results_dict[test_util] = "SUCCESS"
        except Exception as ex:
            if raise_exception:
                raise OpCheckError(f"opcheck(op, ...): {test_util} failed with {ex} (scroll up for stack trace)") \
                    from ex
            results_dict[test_util] = ex
    return results_dict
