"""torch._functorch.aot_autograd: AOT Autograd for custom backends.

aot_module_simplified(gm, example_inputs, fw_compiler, bw_compiler, ...)
traces a Dynamo graph to its forward and backward ATen graphs (refc's
reference_compiler/aot/) and hands each to a compiler: a callable
(graph_module, example_inputs) -> callable, as in 2.14. The backward is
compiled at the first backward pass; without grad, `inference_compiler`
(default: fw_compiler) gets the one forward graph."""

import torch
import torch._C._aot as _aot


def aot_module_simplified(mod, args, fw_compiler, bw_compiler=None, partition_fn=None, decompositions=None,
                          keep_inference_input_mutations=False, inference_compiler=None, cudagraphs=None,
                          boxed_forward_device_index=None, ignore_shape_env=False):
    if bw_compiler is None:
        bw_compiler = fw_compiler
    if inference_compiler is None:
        inference_compiler = fw_compiler
    if partition_fn is not None and partition_fn is not default_partition:
        raise NotImplementedError("aot_module_simplified: refc has only the default partitioner yet")
    if decompositions:
        raise NotImplementedError("aot_module_simplified: refc does not apply decomposition tables yet")
    return _aot.aot_compile(mod, list(args), fw_compiler, bw_compiler, inference_compiler)


def default_partition(joint_module, _joint_inputs, *, num_fwd_outputs):
    """The default partitioner's name, as partition_fn= accepts it (refc partitions in C++)."""
    raise NotImplementedError("default_partition runs inside refc's AOT pipeline")


def make_boxed_func(f):
    """A compiled function that takes its arguments as one list (2.14's boxed calling convention)."""
    def g(args):
        return f(*args)
    g._boxed_call = True
    return g
