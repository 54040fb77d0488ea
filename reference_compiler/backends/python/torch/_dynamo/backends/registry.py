"""The Python side of the backend registry (refc's list is backends.def):
each available backend is a function (graph_module, example_inputs) ->
callable, named as torch.compile(backend=...) names it."""

import torch
from torch._dynamo.exc import ReluCompileError, TestingOnlyCompileError


def eager(gm, example_inputs, **kwargs):
    """Runs the graph as captured."""
    return gm.forward


def aot_eager(gm, example_inputs, **kwargs):
    """AOT Autograd's forward and backward ATen graphs (no decompositions, the
    min-cut partitioner, as in 2.14), run by the graph interpreter."""
    import torch._C._aot
    from torch._functorch.aot_autograd import count_compilation
    count_compilation()
    return torch._C._aot.aot_eager(gm, example_inputs)


def aot_eager_default_partitioner(gm, example_inputs, **kwargs):
    """aot_eager with the default partitioner (the forward saves what the backward reads)."""
    import torch._C._aot
    from torch._functorch.aot_autograd import count_compilation
    count_compilation()
    return torch._C._aot.aot_eager_default_partitioner(gm, example_inputs)


def aot_eager_decomp_partition(gm, example_inputs, **kwargs):
    """aot_eager with Inductor's decompositions and the min-cut partitioner:
    the graphs Inductor would compile, run by the graph interpreter."""
    import torch._C._aot
    from torch._functorch.aot_autograd import count_compilation
    count_compilation()
    return torch._C._aot.aot_eager_decomp_partition(gm, example_inputs)


def _relu_nodes(gm):
    return [node for node in gm.graph.nodes if node.op == 'call_function' and node.target is torch.relu]


def relu_compile_error_TESTING_ONLY(gm, example_inputs):
    """Fails to compile any graph calling torch.relu."""
    if _relu_nodes(gm):
        raise ReluCompileError()
    return gm


def relu_runtime_error_TESTING_ONLY(gm, example_inputs):
    """Compiles, but a graph calling torch.relu fails when it runs."""
    for node in _relu_nodes(gm):
        node.target = torch._assert
        node.args = (False, "ReluRuntimeError")
    gm.recompile()
    return gm


def relu_accuracy_error_TESTING_ONLY(gm, example_inputs):
    """Compiles torch.relu(x) as x + 1: a wrong result, and no error."""
    for node in _relu_nodes(gm):
        node.target = torch.add
        node.args = (node.args[0], 1)
    gm.recompile()
    return gm


def non_leaf_compile_error_TESTING_ONLY(gm, example_inputs):
    """Fails to compile a graph with calls when an input is not a leaf tensor."""
    if not any(node.op == 'call_function' for node in gm.graph.nodes):
        return gm
    for t in example_inputs:
        if not t.is_leaf:
            raise TestingOnlyCompileError()
    return gm
