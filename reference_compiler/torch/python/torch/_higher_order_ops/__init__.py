"""torch._higher_order_ops: the higher-order operators (each registers itself
in torch.ops.higher_order) and their user-facing functions (torch.cond)."""

from torch._higher_order_ops.cond import cond, cond_op
