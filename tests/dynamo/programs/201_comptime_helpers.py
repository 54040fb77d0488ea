# torch._dynamo.comptime: comptime(fn) runs fn(ctx) while Dynamo traces (the locals, a local's fake size and constant value), comptime.graph_break() breaks the graph (the trace restarts, so it all prints twice), and run eagerly comptime calls its fallback
import torch
import torch._dynamo.testing
from torch._dynamo.comptime import comptime

cnt = torch._dynamo.testing.CompileCounter()


def g(x, n):
    y = x.sin() * n
    comptime.print_locals()
    comptime(lambda ctx: print("comptime sees", ctx.get_local("y").size(), ctx.get_local("n").as_python_constant()))
    comptime.print(y)
    comptime.graph_break()
    return y.cos()


print(torch.compile(g, backend=cnt)(torch.ones(2), 3))
print("frames", cnt.frame_count)
print(comptime(lambda ctx: 1, lambda: print("fallback runs eagerly")))
g(torch.ones(2), 2)
