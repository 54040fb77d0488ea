# print() inside a compiled function breaks the graph; the print runs between the two graphs
import torch
import torch._dynamo.testing

torch._logging.set_logs(graph_breaks=True)
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def fn(x):
    y = x + 1
    print("between graphs")
    return y * 3


print(fn(torch.zeros(2)))
print(cnt.frame_count, cnt.op_count)
