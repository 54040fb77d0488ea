"""torch._ops: HigherOrderOperator, the operators that take functions
(torch.ops.higher_order.cond; torch._higher_order_ops defines them and
their namespace), and the operators torch.library defines: their
namespaces (torch.ops.mylib), packets (torch.ops.mylib.foo) and overloads
(torch.ops.mylib.foo.default). torch.ops.aten is native (op_callables.cpp).

Graphs call a higher-order operator with GraphModules for its functions; run
eagerly, it is the Python function the operator's `impl` is. Tracing never
calls it: the tracer knows each one (reference_compiler/dynamo/higher_order_ops.h)."""


class HigherOrderOperator:
    """An operator taking functions; registered in torch.ops.higher_order under its name."""

    def __init__(self, name):
        self.__name__ = name
        _registry[name] = self

    def __call__(self, *args, **kwargs):
        return self.impl(*args, **kwargs)

    def impl(self, *args, **kwargs):
        raise NotImplementedError(f"higher order operator {self.__name__} has no eager implementation")

    def __repr__(self):
        return f"<torch._ops.higher_order.{self.__name__}>"


_registry = {}


class OpOverload:
    """One overload of a custom operator (torch.ops.mylib.foo.default): what
    graphs call. Calling it runs the operator through its autograd formula,
    its fake implementation (on fake tensors) or its kernel."""

    def __init__(self, packet, overload_name, schema, call):
        self._overloadpacket = packet
        self._overloadname = overload_name
        self._schema = schema
        self._call = call
        self.namespace, self._opname = schema.name.split("::")
        self.__name__ = f"{self._opname}.{overload_name}"
        self.__qualname__ = self.__name__

    def name(self):
        return self._schema.name

    def __call__(self, *args, **kwargs):
        return self._call(args, kwargs)

    def __repr__(self):
        return f"{self.namespace}.{self._opname}.{self._overloadname}"

    def __str__(self):
        return repr(self)


class OpOverloadPacket:
    """A custom operator with all its overloads (torch.ops.mylib.foo)."""

    def __init__(self, qualified_name):
        self._qualified_op_name = qualified_name
        self.__name__ = qualified_name.split("::")[1]
        self._overloads = {}

    def overloads(self):
        return list(self._overloads)

    def __getattr__(self, name):
        if name.startswith("__") or name == "_overloads":
            raise AttributeError(name)
        if name not in self._overloads:
            ns, op = self._qualified_op_name.split("::")
            raise AttributeError(f"The underlying op of '{ns}.{op}' has no overload name '{name}'")
        return self._overloads[name]

    def __call__(self, *args, **kwargs):
        return self._overloads["default"](*args, **kwargs)

    def __repr__(self):
        return self._qualified_op_name.replace("::", ".")


class _OpNamespace:
    """torch.ops.<namespace>: the custom operators defined in it, by name."""

    def __init__(self, name):
        self.name = name
        self._packets = {}

    def __getattr__(self, op_name):
        if op_name.startswith("__") or op_name == "_packets":
            raise AttributeError(op_name)
        if op_name not in self._packets:
            raise AttributeError(f"'_OpNamespace' '{self.name}' object has no attribute '{op_name}'")
        return self._packets[op_name]

    def __repr__(self):
        return f"<module 'torch.ops.{self.name}' from 'torch.ops'>"


_namespaces = {}


def _namespace(name):
    """torch.ops.<name> (made when first asked for, as in PyTorch)."""
    if name not in _namespaces:
        _namespaces[name] = _OpNamespace(name)
    return _namespaces[name]


def _define_overload(schema, call):
    """Registers the operator `schema` names (its default overload) and returns its OpOverload;
    defining it again replaces it."""
    namespace, op_name = schema.name.split("::")
    packet = OpOverloadPacket(schema.name)
    overload = OpOverload(packet, schema.overload_name or "default", schema, call)
    packet._overloads[overload._overloadname] = overload
    _namespace(namespace)._packets[op_name] = packet
    return overload
