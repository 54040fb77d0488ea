# A chain of N graph ops (layers of matmul, tanh and a residual add),
# compiled by a backend that runs AOT Autograd as aot_eager_decomp_partition
# does (Inductor's decompositions, the min-cut partitioner) and times that
# call alone: the joint trace, functionalization, decompositions and the
# partition. Prints one JSON line. Usage: aot_program.py N
import json
import sys
import time

import torch
from torch._dynamo.backends.common import aot_autograd
from torch._functorch.aot_autograd import make_boxed_func
from torch._functorch.partitioners import min_cut_rematerialization_partition
from torch._inductor.decomposition import select_decomp_table

OPS_PER_LAYER = 3
layers = max(1, int(sys.argv[1]) // OPS_PER_LAYER)


def nop(gm, example_inputs):
    return make_boxed_func(gm)


aot = aot_autograd(fw_compiler=nop, bw_compiler=nop, decompositions=select_decomp_table(),
                   partition_fn=min_cut_rematerialization_partition)
measured = {}


def timed_backend(gm, example_inputs):
    measured["graph_ops"] = sum(1 for n in gm.graph.nodes if n.op == "call_function")
    start = time.perf_counter()
    compiled = aot(gm, example_inputs)
    measured["aot_seconds"] = time.perf_counter() - start
    return compiled


def chain(x, w):
    for _ in range(layers):
        x = torch.tanh(x @ w) + x
    return x


x = torch.randn(8, 8, requires_grad=True)
w = torch.randn(8, 8, requires_grad=True)
out = torch.compile(chain, backend=timed_backend)(x, w)
out.sum().backward()
print(json.dumps(measured))
