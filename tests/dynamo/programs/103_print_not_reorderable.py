# without reorderable_logging_functions the same prints break the graph twice
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def fn(x):
    y = x + 1
    print("y is", y)
    z = y * 2
    print("z is", z)
    return z


print("result", fn(torch.ones(2)))
print(cnt.frame_count, cnt.op_count)
