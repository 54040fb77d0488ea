"""torch._higher_order_ops: the higher-order operators (each registers itself
in torch._ops when its module is imported), their user-facing functions
(torch.cond), and torch.ops.higher_order, their namespace."""

from torch._higher_order_ops.cond import cond, cond_op
from torch._ops import _registry


class _HigherOrderNamespace:
    """torch.ops.higher_order: the registered higher-order operators by name."""

    def __getattr__(self, name):
        if name not in _registry:
            raise AttributeError(f"'_OpNamespace' 'higher_order' object has no attribute '{name}'")
        return _registry[name]


higher_order = _HigherOrderNamespace()
