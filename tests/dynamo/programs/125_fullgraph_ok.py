# fullgraph=True on traceable code: one graph, same results as eager, inlined helpers included
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def helper(t, k):
    return t.pow(2) * k


@torch.compile(backend=cnt, fullgraph=True)
def fn(x, k):
    parts = [helper(x, k), x.flip(0)]
    return torch.stack(parts).sum(0)


x = torch.tensor([1.0, 2.0, 3.0])
print(fn(x, 2))
print(torch.equal(fn(x, 2), helper(x, 2) + x.flip(0)))
print(cnt.frame_count, cnt.op_count)
