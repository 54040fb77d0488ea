"""torch._dynamo.testing: backends that count what they are given."""

import torch


class CompileCounter:
    """A backend counting compiled frames and the ops of their graphs."""

    def __init__(self):
        self.frame_count = 0
        self.op_count = 0

    def __call__(self, gm, example_inputs):
        self.frame_count += 1
        for node in gm.graph.nodes:
            if "call" in node.op:
                self.op_count += 1
        return gm.forward

    def clear(self):
        self.frame_count = 0
        self.op_count = 0


class CompileCounterWithBackend:
    """Counts like CompileCounter, then compiles with the named backend."""

    def __init__(self, backend):
        self.frame_count = 0
        self.op_count = 0
        self.backend = backend
        self.graphs = []

    def __call__(self, gm, example_inputs):
        from torch._dynamo.eval_frame import _resolve_backend
        self.frame_count += 1
        for node in gm.graph.nodes:
            if "call" in node.op:
                self.op_count += 1
        self.graphs.append(gm)
        compiler, _ = _resolve_backend(self.backend)
        return compiler(gm, example_inputs)

    def clear(self):
        self.frame_count = 0
        self.op_count = 0
        self.graphs = []
