# appending to a list that exists outside the compiled function is replayed after the graph runs
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()
history = []


@torch.compile(backend=cnt)
def fn(x):
    y = x * 2
    history.append(y)
    history.append("tag")
    return y + 1


print(fn(torch.ones(2)))
print(fn(torch.ones(2)))
print(len(history), history[0], history[1], history[3])
print(cnt.frame_count, cnt.op_count)
