"""torch.fx.experimental.symbolic_shapes: the errors of dynamic shapes (the
ShapeEnv itself is refc's C++ reference_compiler/symbolic)."""


class ConstraintViolationError(RuntimeError):
    """A dimension marked dynamic (torch._dynamo.mark_dynamic) was specialized by
    the traced code, or narrowed outside the range the user gave."""


# A trace needed the value of a symbol only known when the graph runs.
from torch._C import _GuardOnDataDependentSymNode as GuardOnDataDependentSymNode  # noqa: E402
