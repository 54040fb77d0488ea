"""torch._ops: HigherOrderOperator, the operators that take functions
(torch.ops.higher_order.cond; torch._higher_order_ops defines them and
their namespace).

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
