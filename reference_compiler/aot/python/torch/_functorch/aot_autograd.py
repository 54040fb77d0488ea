"""torch._functorch.aot_autograd: AOT Autograd for custom backends.

aot_module_simplified(gm, example_inputs, fw_compiler, bw_compiler, ...)
traces a Dynamo graph to its forward and backward ATen graphs (refc's
reference_compiler/aot/) and hands each to a compiler: a callable
(graph_module, example_inputs) -> callable, as in 2.14. The backward is
compiled at the first backward pass; without grad, `inference_compiler`
(default: fw_compiler) gets the one forward graph. `decompositions` is a
table of torch._decomp (or a function returning one); `partition_fn` names
one of torch._functorch.partitioners."""

import torch
import torch._C._aot as _aot
from torch._functorch.partitioners import default_partition, _partitioner_name


def aot_module_simplified(mod, args, fw_compiler, bw_compiler=None, partition_fn=default_partition,
                          decompositions=None, keep_inference_input_mutations=False, inference_compiler=None,
                          cudagraphs=None, boxed_forward_device_index=None, ignore_shape_env=False):
    count_compilation()
    if bw_compiler is None:
        bw_compiler = fw_compiler
    if inference_compiler is None:
        inference_compiler = fw_compiler
    return _aot.aot_compile(mod, list(args), fw_compiler, bw_compiler, inference_compiler, decompositions,
                            _partitioner_name(partition_fn))


def count_compilation():
    """counters["aot_autograd"]["total"]: the graphs AOT Autograd compiled (2.14's counter)."""
    from torch._dynamo.utils import counters
    counters["aot_autograd"]["total"] += 1


def make_boxed_func(f):
    """A compiled function that takes its arguments as one list (2.14's boxed calling convention)."""
    def g(args):
        return f(*args)
    g._boxed_call = True
    return g
