"""torch._dynamo.backends.common: aot_autograd(), the helper custom backends
build on: a backend that runs AOT Autograd and hands the graphs it makes to
the given compilers."""

import torch
from torch._functorch.aot_autograd import aot_module_simplified


def aot_autograd(**kwargs):
    def compiler_fn(gm, example_inputs):
        return aot_module_simplified(gm, example_inputs, **kwargs)
    return compiler_fn
