"""torch._ops: HigherOrderOperator, the operators that take functions
(torch.ops.higher_order.cond), and torch.ops.higher_order, their namespace.

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


class _HigherOrderNamespace:
    """torch.ops.higher_order: the registered higher-order operators by name."""

    def __getattr__(self, name):
        if name not in _registry:
            # The operators register when their modules are imported.
            import torch._higher_order_ops  # noqa: F401
        if name not in _registry:
            raise AttributeError(f"'_OpNamespace' 'higher_order' object has no attribute '{name}'")
        return _registry[name]


higher_order = _HigherOrderNamespace()
