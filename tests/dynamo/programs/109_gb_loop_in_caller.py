# a loop outside the compiled function is fine: the function with a break is compiled once, reused
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=cnt)
def step(x):
    x = x + 1
    torch._dynamo.graph_break()
    return x * 2


x = torch.zeros(2)
for i in range(4):
    x = step(x)
print(x)
print(cnt.frame_count, cnt.op_count)
