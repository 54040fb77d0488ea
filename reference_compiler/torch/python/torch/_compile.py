"""torch._disable_dynamo: how torch's own functions opt out of torch.compile
(PyTorch's torch/_compile.py). The wrapper lives in this file so that the
tracer, which never inlines this file's code, breaks the graph on a call to
a decorated function (Optimizer.zero_grad) instead of tracing it."""

import functools


def _disable_dynamo(fn=None, recursive=True):
    if fn is None:
        return functools.partial(_disable_dynamo, recursive=recursive)

    @functools.wraps(fn)
    def inner(*args, **kwargs):
        disable_fn = getattr(fn, '__dynamo_disable', None)
        if disable_fn is None:
            import torch._dynamo
            disable_fn = torch._dynamo.disable(fn, recursive)
            fn.__dynamo_disable = disable_fn
        return disable_fn(*args, **kwargs)

    return inner
