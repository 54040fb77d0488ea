"""The Python side of the backend registry (refc's list is backends.def):
each available backend is a function (graph_module, example_inputs) ->
callable, named as torch.compile(backend=...) names it."""

import torch
from torch._dynamo.exc import ReluCompileError, TestingOnlyCompileError


def eager(gm, example_inputs, **kwargs):
    """Runs the graph as captured."""
    return gm.forward


def _has_relu(gm):
    for node in gm.graph.nodes:
        if node.op == 'call_function' and node.target in (torch.relu, torch.nn.functional.relu):
            return True
        if node.op == 'call_method' and node.target == 'relu':
            return True
    return False


def relu_compile_error_TESTING_ONLY(gm, example_inputs):
    """Fails to compile any graph containing relu."""
    if _has_relu(gm):
        raise ReluCompileError()
    return gm.forward


def non_leaf_compile_error_TESTING_ONLY(gm, example_inputs):
    """Fails to compile any graph with an input that is not a leaf tensor."""
    for x in example_inputs:
        if isinstance(x, torch.Tensor) and not x.is_leaf:
            raise TestingOnlyCompileError()
    return gm.forward
