# calling a torch.compiler.disable'd function breaks the graph and runs it eagerly
import torch
import torch._dynamo.testing

torch._logging.set_logs(graph_breaks=True)
cnt = torch._dynamo.testing.CompileCounter()


@torch.compiler.disable
def helper(x):
    return x * 3 + 1


@torch.compile(backend=cnt)
def fn(x):
    y = x + 1
    return helper(y) - 1


print(fn(torch.ones(2)))
print(cnt.frame_count, cnt.op_count)
