# a custom op is one node of the graph (torch.ops.mylib.*.default), traced through its fake impl and never inlined
import torch
import torch._dynamo.testing

calls = []


@torch.library.custom_op("mylib::shift", mutates_args=())
def shift(x: torch.Tensor, n: int) -> torch.Tensor:
    calls.append("kernel")
    return torch.roll(x, n)


@shift.register_fake
def _(x, n):
    calls.append("fake")
    return torch.empty_like(x)


def show(gm, example_inputs):
    for node in gm.graph.nodes:
        print(node.op, node.name, node.target, [str(a) for a in node.args])
    return gm.forward


def body(x):
    y = shift(x, 1) + torch.ops.mylib.shift.default(x, 2)
    return torch.ops.mylib.shift(y.relu(), -1)


fn = torch.compile(body, backend=show)

x = torch.arange(4.0)
print(fn(x), calls)
print(fn(x + 1), calls)
cnt = torch._dynamo.testing.CompileCounter()
calls.clear()
torch._dynamo.reset()
print(torch.compile(body, backend=cnt)(x), cnt.frame_count, cnt.op_count, calls)
