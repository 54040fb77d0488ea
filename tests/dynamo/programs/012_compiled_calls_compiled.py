# a compiled function calling another compiled function: the inner one is inlined into the outer graph
import torch
import torch._dynamo.testing

inner_cnt = torch._dynamo.testing.CompileCounter()
outer_cnt = torch._dynamo.testing.CompileCounter()


@torch.compile(backend=inner_cnt)
def inner(x):
    return x.sin() + 1


@torch.compile(backend=outer_cnt)
def outer(x):
    return inner(x) * 2


x = torch.zeros(3)
print(outer(x))
print(inner_cnt.frame_count, outer_cnt.frame_count, outer_cnt.op_count)
print(inner(x))
print(inner_cnt.frame_count, inner_cnt.op_count)
