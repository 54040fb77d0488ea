"""torch.library.custom_op and CustomOpDef (PyTorch 2.14's
torch/_library/custom_ops.py): a type-annotated Python function made an
operator, torch.ops.<ns>.<name>.default, with a schema inferred from its
annotations. A call binds its arguments to the schema, then runs, in the
order 2.14's dispatcher does, the autograd layer (register_autograd's
formula), and below it the fake implementation when the inputs are fake
tensors (tracing: register_fake's function) or else the kernel for the
inputs' device (register_kernel; the decorated function by default), whose
outputs must not alias its inputs. Tracing records the call as one graph node
(reference_compiler/dynamo/trace_rules.cpp) and never looks inside it."""

import sys

import torch
import torch._ops
from torch._library import autograd
from torch._library.function_schema import parse_schema
from torch._library.infer_schema import infer_schema

OPDEFS = {}


def custom_op(name, fn=None, /, *, mutates_args, device_types=None, schema=None, tags=None):
    """Wraps a function into a custom operator (used as a decorator, or called with the function)."""

    if tags:
        raise NotImplementedError("custom_op: operator tags (torch.Tag.inplace, torch.Tag.out, ...) are not "
                                  "supported")

    def inner(fn):
        schema_str = infer_schema(fn, mutates_args=mutates_args) if schema is None else schema
        namespace, opname = name.split("::")
        result = CustomOpDef(namespace, opname, schema_str, fn)
        if schema is not None:
            expected = set()
            for arg in result._opoverload._schema.arguments:
                if arg.alias_info is not None and arg.alias_info.is_write:
                    expected.add(arg.name)
            if expected != set(mutates_args):
                raise ValueError(
                    f"Attempted to create a custom op with `mutates_args={mutates_args}` and `schema={schema}. "
                    f"The schema suggests that the op mutates {expected}which is different from what was provided "
                    f"to us in `mutates_args`. Please make these consistent.")
        result.register_kernel(device_types)(fn)
        return result

    if fn is None:
        return inner
    return inner(fn)


def _bind(schema, args, kwargs):
    """(args, kwargs) of a call -> (positional values, keyword-only values), defaults filled
    in, as the dispatcher binds a call to the schema (its errors)."""
    positional = [a for a in schema.arguments if not a.kwarg_only]
    if len(args) > len(positional):
        raise RuntimeError(f"{schema.name}() takes {len(positional)} positional argument(s) but {len(args)} "
                           f"was/were given.  Declaration: {schema}")
    names = {a.name for a in schema.arguments}
    for key in kwargs:
        if key not in names:
            raise RuntimeError(f"Unknown keyword argument '{key}' for operator '{schema.name}'. Schema: {schema}")
    bound_args, bound_kwargs = [], {}
    for i, a in enumerate(schema.arguments):
        if i < len(args) and not a.kwarg_only:
            value = args[i]
        elif a.name in kwargs:
            value = kwargs[a.name]
        elif a.has_default_value:
            value = a.default_value
        else:
            raise RuntimeError(f"{schema.name}() is missing value for argument '{a.name}'. Declaration: {schema}")
        _check_argument_type(schema, i, a, value)
        if a.kwarg_only:
            bound_kwargs[a.name] = value
        else:
            bound_args.append(value)
    return tuple(bound_args), bound_kwargs


def _matches(schema_type, value):
    """Whether `value` can be passed as an argument of type `schema_type` ("Tensor?", "SymInt[]")."""
    if schema_type.endswith("?"):
        return value is None or _matches(schema_type[:-1], value)
    if schema_type.endswith("[]"):
        return isinstance(value, (list, tuple)) and all(_matches(schema_type[:-2], v) for v in value)
    accepted = {"Tensor": (torch.Tensor,), "SymInt": (int, torch.SymInt), "float": (float, int, torch.SymFloat),
                "bool": (bool,), "str": (str,), "ScalarType": (torch.dtype,), "Device": (torch.device, str)}
    kinds = accepted.get(schema_type)
    return kinds is None or (isinstance(value, kinds) and not (schema_type == "SymInt" and isinstance(value, bool)))


def _check_argument_type(schema, position, argument, value):
    if _matches(argument.type._text, value):
        return
    if argument.type._text == "Tensor":
        details = f"Unable to cast {value!r} to Tensor"
    else:
        details = (f"Unable to cast Python instance of type {type(value)} to C++ type '?' (#define "
                   f"PYBIND11_DETAILED_ERROR_MESSAGES or compile in debug mode for details)")
    raise RuntimeError(f"{schema.name}() Expected a value of type '{argument.type}' for argument "
                       f"'{argument.name}' but instead found type '{type(value).__name__}'.\nPosition: {position}\n"
                       f"Value: {value!r}\nDeclaration: {schema}\nCast error details: {details}")


def _tensors_in(values):
    for v in values:
        if isinstance(v, torch.Tensor):
            yield v
        elif isinstance(v, (list, tuple)):
            for item in v:
                if isinstance(item, torch.Tensor):
                    yield item


class CustomOpDef:
    """A custom operator made by torch.library.custom_op, with the methods registering its behaviours."""

    def __init__(self, namespace, name, schema, fn):
        self._namespace = namespace
        self._name = name
        self._schema = schema
        self._init_fn = fn
        self._backend_fns = {}
        self._abstract_fn = None
        self._setup_context_fn = None
        self._backward_fn = None
        parsed = parse_schema(self._qualname + schema)
        if any(a.kwarg_only and a.type.is_tensor_like() for a in parsed.arguments):
            raise NotImplementedError(f"custom_op with kwarg-only Tensor args. Please make your tensors not "
                                      f"kwarg-only. Got: {name + schema}")
        self._opoverload = torch._ops._define_overload(parsed, self._dispatch)
        self._autograd_impl = autograd.make_autograd_impl(self._opoverload, self, self._below_autograd)
        OPDEFS[self._qualname] = self

    @property
    def _qualname(self):
        return f"{self._namespace}::{self._name}"

    def __repr__(self):
        return f"<CustomOpDef({self._qualname})>"

    def __call__(self, *args, **kwargs):
        return self._opoverload(*args, **kwargs)

    def register_kernel(self, device_types, fn=None, /):
        """Registers `fn` as the implementation for the given device type(s) (None: all)."""

        def inner(fn):
            if device_types is None or isinstance(device_types, str):
                types = [device_types]
            else:
                types = list(device_types)
            for device_type in types:
                # The kernel is opaque to torch.compile (2.14 disables Dynamo on it).
                self._backend_fns[device_type] = torch._disable_dynamo(fn)
            return fn

        if fn is None:
            return inner
        return inner(fn)

    def register_fake(self, fn, /):
        """Registers the FakeTensor implementation: what tracing runs instead of the kernel."""
        self._abstract_fn = fn
        return fn

    def register_autograd(self, backward, /, *, setup_context=None):
        """Registers the backward formula backward(ctx, *grads) and setup_context(ctx, inputs, output)."""
        schema = self._opoverload._schema
        if schema.is_mutable or any(r.alias_info is not None for r in schema.returns):
            raise RuntimeError(f"Cannot register autograd formula for non-functional operator {self} with schema "
                               f"{schema}. Please create a functional operator and register an autograd formula "
                               f"for that.")
        self._backward_fn = backward
        self._setup_context_fn = setup_context

    # ---- the call, layer by layer -------------------------------------------------

    def _dispatch(self, args, kwargs):
        args, kwargs = _bind(self._opoverload._schema, args, kwargs)
        return self._autograd_impl(args, kwargs)

    def _below_autograd(self, args, kwargs):
        tensors = list(_tensors_in(list(args) + list(kwargs.values())))
        if torch._C._is_fake_mode_enabled() or any(torch._C._is_fake(t) for t in tensors):
            return self._fake_impl(args, kwargs)
        device_type = tensors[0].device.type if tensors else None
        fn = self._backend_fns.get(device_type, self._backend_fns.get(None))
        if fn is None:
            raise NotImplementedError(f"Could not run '{self._qualname}' with arguments from the "
                                      f"'{device_type.upper() if device_type else 'CPU'}' backend.")
        result = fn(*args, **kwargs)
        outputs = result if isinstance(result, tuple) else (result,)
        if torch._C._any_output_is_alias_to_input_or_output(args, kwargs, outputs):
            raise RuntimeError(
                f"{self._name} (with implementation in {sys.modules[__name__]}): The output of this custom "
                f"operator (1) must not also be an input to this custom operator and (2) may not alias any "
                f"inputs to this custom operator or other returns. The most common way to trigger this error is "
                f"if we have y = custom_op(x) and y and x are the same Tensor. Please instead return a clone of "
                f"the offending output tensor(s) (e.g. return x.clone()) or refactor the custom operator to not "
                f"return y.")
        return result

    def _fake_impl(self, args, kwargs):
        if self._abstract_fn is None:
            schema = self._opoverload._schema
            # A mutating operator that returns nothing needs no fake implementation.
            if schema.is_mutable and len(schema.returns) == 0:
                return None
            raise RuntimeError(
                f"There was no fake impl registered for {self}. This is necessary for torch.compile/export/fx "
                f"tracing to work. Please use `{self._init_fn.__name__}.register_fake` to add an fake impl.")
        return self._abstract_fn(*args, **kwargs)


def _maybe_get_opdef(op):
    """The CustomOpDef of `op` (a CustomOpDef, an OpOverload or "ns::name"), or None."""
    if isinstance(op, CustomOpDef):
        return op
    if isinstance(op, torch._ops.OpOverload):
        op = op._schema.name
    if isinstance(op, torch._ops.OpOverloadPacket):
        op = op._qualified_op_name
    return OPDEFS.get(op)
