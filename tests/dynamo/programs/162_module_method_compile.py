# compiling a bound method of a module, and a module method decorated with torch.compile
import torch
import torch._dynamo.testing

cnt = torch._dynamo.testing.CompileCounter()


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.w = torch.nn.Parameter(torch.tensor([2.0, 3.0]))

    def forward(self, x):
        return x * self.w

    @torch.compile(backend=cnt)
    def score(self, x):
        return (self(x) - 1).sum()


m = Model()
fwd = torch.compile(m.forward, backend=cnt)
print(fwd(torch.ones(2)))
print(m.score(torch.ones(2)))
print(cnt.frame_count, cnt.op_count)
