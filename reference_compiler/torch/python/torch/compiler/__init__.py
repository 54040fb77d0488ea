"""torch.compiler: the user-facing controls of torch.compile."""

import torch
from torch.compiler import config


def disable(fn=None, recursive=True, *, reason=None):
    from torch._dynamo.eval_frame import disable as _disable
    return _disable(fn, recursive, reason=reason)


def reset():
    import torch._dynamo
    torch._dynamo.reset()


def list_backends(exclude_tags=('debug', 'experimental')):
    import torch._dynamo
    return torch._dynamo.list_backends(exclude_tags)


def is_compiling():
    return False
