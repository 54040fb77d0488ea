# a function with matmul, softmax, reductions and views gives eager's result when compiled
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


def fn(a, b):
    s = torch.softmax(a @ b, dim=-1)
    m = s.mean(dim=0, keepdim=True)
    v = (s - m).reshape(-1)
    return v.abs().max(), torch.cat([v, v.flip(0)]).sum()


opt = torch.compile(fn, backend=cnt)
a = torch.arange(6.0).reshape(2, 3) / 4
b = torch.arange(6.0).reshape(3, 2) / 8
got = opt(a, b)
want = fn(a, b)
print(torch.allclose(got[0], want[0]), torch.allclose(got[1], want[1]))
print(cnt.frame_count, cnt.op_count)
