# print in reorderable_logging_functions: no graph break, even under fullgraph; it prints after the graph
import torch
import torch._dynamo.testing

torch._dynamo.config.reorderable_logging_functions.add(print)
cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt, fullgraph=True)
def fn(x):
    y = x + 1
    print("y is", y)
    z = y * 2
    print("z is", z)
    return z


print("result", fn(torch.ones(2)))
print(cnt.frame_count, cnt.op_count)
