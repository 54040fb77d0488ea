"""torch.fx.GraphModule: a captured graph as an nn.Module.

The graph itself lives in C++ (refc's graph IR); `graph` is a thin view of
it (its nodes, its printed code), and `forward` is the graph's generated code
compiled as ordinary bytecode, as FX's GraphModule runs its generated code."""

import torch
import torch._C._dynamo as _dynamo_c


class Graph:
    """A view of a captured graph: its nodes in order, and its code."""

    def __init__(self, handle):
        self._handle = handle

    @property
    def nodes(self):
        return _dynamo_c._graph_nodes(self._handle)

    def python_code(self, root_module='self'):
        return _dynamo_c._graph_code(self._handle, 'GraphModule')

    def __str__(self):
        return _dynamo_c._graph_code(self._handle, 'GraphModule')


class GraphModule(torch.nn.Module):
    def __init__(self, root, graph, class_name='GraphModule'):
        super().__init__()
        if not isinstance(graph, Graph):
            graph = Graph(graph)
        self.graph = graph
        self._class_name = class_name
        # Subgraphs (a torch.cond's branches) are submodules, read by get_attr nodes.
        for name, handle in _dynamo_c._graph_subgraphs(graph._handle):
            setattr(self, name, GraphModule(self, handle, name))
        self.forward = _dynamo_c._graph_forward(graph._handle, self)

    def recompile(self):
        """Regenerates forward after the graph's nodes were edited."""
        self.forward = _dynamo_c._graph_forward(self.graph._handle, self)

    @property
    def code(self):
        return _dynamo_c._graph_code(self.graph._handle, self._class_name)

    def print_readable(self, print_output=True):
        text = _dynamo_c._graph_code(self.graph._handle, self._class_name)
        if print_output:
            print(text)
        return text
