"""torch._logging: the TORCH_LOGS settings from Python.

set_logs(...) replaces them all, as in PyTorch: a log name (dynamo, aot,
inductor, all, ...) or a module name takes a logging level (None leaves it
off), an artifact (graph_code, guards, recompiles, ...) True or False."""

import torch._C as _C


def set_logs(*, modules=None, **settings):
    _C._logging._set_logs(settings, dict(modules or {}))
