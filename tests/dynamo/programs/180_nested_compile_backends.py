# a compiled function calling one compiled with another backend: the outer backend sees one graph
import torch
import torch._dynamo.testing

outer_cnt = torch._dynamo.testing.CompileCounter()
inner_cnt = torch._dynamo.testing.CompileCounterWithBackend("eager")


@torch.compile(backend=inner_cnt)
def inner(x):
    return x * x


@torch.compile(backend=outer_cnt)
def outer(x):
    return inner(x + 1) - 1


print(outer(torch.ones(2)))
print(outer_cnt.frame_count, outer_cnt.op_count, inner_cnt.frame_count)
print(inner(torch.ones(2)))
print(inner_cnt.frame_count)
