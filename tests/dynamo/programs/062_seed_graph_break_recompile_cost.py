# seed 000, "Graph Breaking to Reduce Recompilation Costs": a break keeps the large part compiled once
import torch
import torch._dynamo.testing

torch._logging.set_logs(recompiles=True)
cnt = torch._dynamo.testing.CompileCounter()


def very_large_function(x):
    return x + 1


@torch.compile(dynamic=False, backend=cnt)
def fn(x, c):
    y = very_large_function(x)  # recompiled every time
    return y + c


for i in range(1, 5):
    fn(torch.ones(3), i)
print(cnt.frame_count, cnt.op_count)
cnt.clear()


@torch.compile(dynamic=False, backend=cnt)
def gn(x, c):
    y = very_large_function(x)  # compiled only once
    torch._dynamo.graph_break()
    return y + c  # recompiled every time


for i in range(1, 5):
    gn(torch.ones(3), i)
print(cnt.frame_count, cnt.op_count)
