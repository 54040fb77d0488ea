# CompileCounterWithBackend("eager") counts frames and ops and keeps every graph it was given
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounterWithBackend("eager")


def fn(a, b):
    return torch.relu(a - b) + torch.relu(b - a)


opt = torch.compile(fn, backend=cnt)
a = torch.tensor([1.0, -2.0, 3.0])
b = torch.tensor([0.5, 0.5, 0.5])
print(opt(a, b))
print(torch.equal(opt(a, b), fn(a, b)))
print(cnt.frame_count, cnt.op_count, len(cnt.graphs))
opt(a.reshape(3, 1), b.reshape(3, 1))
print(cnt.frame_count, cnt.op_count, len(cnt.graphs))
